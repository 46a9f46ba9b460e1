"""Screens for permits: the list, the grant (mototaxi and motofrete; taxi with its Termo), the
permit's page with the acts it offers, its suspension, and the taxi transfer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.errors import DomainError
from outorga.core.formerrors import messages_add
from outorga.core.lawseam import cited_for
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import Role, is_allowed
from outorga.law.decisions import Decision

from ..forms import GrantForm, SuspendForm, TaxiGrantForm, TransferForm
from ..models import (
    Auxiliary,
    ExtinctionCase,
    Permit,
    PermitTerm,
    Person,
    Service,
    Vehicle,
    VehicleChange,
)
from ..selectors import SEES_DOCUMENT, shown_document, with_credential_suspensions
from ..services.common import bound_law, service_law, ungoverned
from ..services.permit_status import permit_suspend
from ..services.permits import (
    permit_grant,
    permit_grant_decisions,
    taxi_grant_decisions,
    taxi_permit_grant,
    taxi_permit_transfer,
)
from ..validation import FieldError, format_plate
from .common import (
    Attempt,
    attempt,
    cites,
    competent,
    may,
    permit_attempt,
    permit_done,
    permit_page,
    scoped_permit,
)


@competent
def permit_new(request: HttpRequest) -> HttpResponse:
    """Two steps: "Verificar" shows every reason with its article; "Outorgar" grants."""
    role = actor_of(request).role
    initial = {
        "granted_on": timezone.localdate(),
        "holder": _holder_document(request, role, may(role, "permit.grant", Service.MOTOTAXI)),
        "vehicle": _vehicle_plate(request),
    }
    form = GrantForm(request.POST or None, initial=initial)
    preview: list[Decision] = []
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        # The grant and its pre-check ask the very same questions on the very same facts.
        asked = {"municipality": current_municipality(), **{k: d[k] for k in GrantForm.ASKED}}
        result, preview = _verify_or_grant(
            request,
            form,
            lambda: permit_grant(actor=actor_of(request), **asked),
            lambda: permit_grant_decisions(**asked),
        )
        if result.done:
            return permit_done(request, result.value, f"Permissão {result.value.number} outorgada.")
    return render(
        request,
        "registry/permit_new.html",
        {
            "form": form,
            "preview": preview,
            "refused": result.refused,
            "can_grant": may(actor_of(request).role, "permit.grant", Service.MOTOTAXI),
        },
    )


@competent
def permit_detail(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    actor = actor_of(request)
    # The record is the municipality's, shown whatever the law; no act under a law is offered
    # for a service no law governs here, and one posted is refused with the reason.
    no_law = ungoverned(permit)
    if request.method == "POST" and no_law is not None:
        messages_add(request, no_law)
        return redirect("registry:permit", permit_id=permit.pk)
    suspend_form = SuspendForm(request.POST or None, prefix="susp")
    if request.method == "POST" and suspend_form.is_valid():
        d = suspend_form.cleaned_data
        try:
            permit_suspend(
                actor=actor,
                municipality=current_municipality(),
                permit=permit,
                days=d["days"],
                start=d["start"],
                reason=d["reason"],
            )
        except DomainError as exc:  # the law's refusal names the field and the article
            messages_add(request, exc)
        else:
            messages.success(request, "Permissão suspensa.")
        return redirect("registry:permit", permit_id=permit.pk)
    return render(
        request,
        "registry/permit.html",
        {
            "permit": permit,
            "document": shown_document(permit.holder, actor.role),
            "history": permit.history.all(),
            "auxiliaries": with_credential_suspensions(list(permit.auxiliaries.all())),
            "suspend_form": suspend_form,
            "suspend_directly": _suspends_directly(permit),
            "plate": format_plate(permit.vehicle.plate) if permit.vehicle else "—",
            "no_law": no_law.message if no_law is not None else "",
            **permit_actions(permit, actor.role, governed=no_law is None),
        },
    )


def _suspends_directly(permit: Permit) -> bool:
    """Whether the page offers the form of a suspension chosen by the authority: only under a law
    with no rule on what a suspension rests on. The shipped laws suspend through the process
    (mototaxi art. 32 I: the count's days; taxi art. 42 V: a final auto), on their screens."""
    try:
        law = bound_law(current_municipality(), permit.service)
    except FieldError:  # no law governs the service here any more
        return False
    return not law.answers("permit_suspension")


def permit_actions(permit: Permit, role: str, *, governed: bool = True) -> dict[str, Any]:
    """What the permit page offers: the acts this user may do on this permit in its state —
    none under a law where no law governs its service (``governed`` false)."""
    law, day = permit.law if governed else "", timezone.localdate()
    taxi = permit.service == Service.TAXI

    def may(action: str) -> bool:
        return governed and is_allowed(role, action, law, day)

    live = permit.status in (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)
    return {
        "is_taxi": taxi,
        "live": live,
        "can_suspend": may("penalty.suspension"),
        "has_term": taxi and PermitTerm.objects.filter(permit=permit).exists(),
        "can_record": may("registry.record"),
        # The badge the holder carries (mototaxi art. 5 §4; taxi art. 4 III), issued on its page.
        "can_badge": may("badge.issue"),
        "can_renew": may("permit.renew"),
        "can_transfer": taxi and may("permit.grant"),
        "can_reserve": not taxi and may("registry.record"),
        # Mototaxi art. 2 XXIV: suspended while the holder holds a public post (no end date), and
        # its end once the post is left; a penalty's suspension has an end date and ends otherwise.
        "can_public_post": not taxi
        and permit.status == Permit.Status.ACTIVE
        and may("penalty.suspension"),
        "can_public_post_end": not taxi
        and permit.status == Permit.Status.SUSPENDED
        and permit.suspended_until is None
        and may("permit.renew"),
        "can_extinction": taxi and may("extinction.propose"),
        # Mototaxi art. 5 §6: an extraordinary vistoria of the permit's vehicle.
        "can_order_inspection": not taxi and may("inspection.order"),
        # Mototaxi art. 6: extension by periods; the taxi law has none (art. 10, 13).
        "can_extend": not taxi and may("permit.extend"),
        "can_renew_auxiliary": may("auxiliary.renew"),
        "active_auxiliaries": permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE)
        .select_related("person")
        .order_by("pk"),
        "changes": VehicleChange.objects.filter(permit=permit)
        .select_related("from_vehicle", "to_vehicle")
        .order_by("-started_on", "-id"),
        "cases": ExtinctionCase.objects.filter(permit=permit).order_by("-opened_on", "-id"),
        # Motofrete art. 25: who employs or contracts the driver (jointly liable, civil damages).
        "contractors": permit.contractors.select_related("person"),
    }


# Taxi grant --------------------------------------------------------------------------------------


@competent
def taxi_permit_new(request: HttpRequest) -> HttpResponse:
    """Two steps, as for mototaxi: "Verificar" shows every reason with its article (quota,
    holder, documents, vehicle, contrapartida); only then "Outorgar" signs the Termo."""
    role = actor_of(request).role
    try:
        law = service_law(current_municipality(), Service.TAXI)
    except FieldError:  # no law governs the taxi service here
        law = ""
    can_grant = bool(law) and is_allowed(role, "permit.grant", law, timezone.localdate())
    form = TaxiGrantForm(
        request.POST or None, initial={"holder": _holder_document(request, role, can_grant)}
    )
    preview: list[Decision] = []
    result = Attempt()
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        args: dict[str, Any] = {"municipality": current_municipality(), **form.asked()}
        result, preview = _verify_or_grant(
            request,
            form,
            lambda: taxi_permit_grant(actor=actor_of(request), decree=d["decree"], **args),
            lambda: taxi_grant_decisions(**args),
        )
        if result.done:
            return permit_done(
                request,
                result.value,
                f"Permissão {result.value.number} outorgada; Termo de Permissão assinado.",
            )
    return render(
        request,
        "registry/taxi_permit_new.html",
        {
            "form": form,
            "preview": preview,
            "verified": bool(preview) and not any(p.refusals for p in preview),
            "refused": result.refused,
            "refused_message": result.message,
            "can_grant": can_grant,
        },
    )


def _verify_or_grant(
    request: HttpRequest,
    form: forms.Form,
    grant: Callable[[], Permit],
    decisions: Callable[[], list[Decision]],
) -> tuple[Attempt, list[Decision]]:
    """A grant's two steps on a valid form: "Verificar" shows the law's decisions with their
    articles (the preview); "Outorgar" grants, asking the very same questions on the same facts
    (the attempt: the permit, or the law's refusal)."""
    if "outorgar" in request.POST:
        return attempt(form, grant), []
    return Attempt(), attempt(form, decisions).value or []


def _holder_document(request: HttpRequest, role: str, can_grant: bool) -> str:
    """The CPF/CNPJ to fill in for ``?pessoa=<id>`` (the person page's link): looked up by id
    in the user's municipality, and only for a user who may grant and see it in full. The link
    carries the id, never the document, which would land in logs, history and the Referer."""
    raw = request.GET.get("pessoa", "")
    if not (raw.isdigit() and can_grant and Role(role) in SEES_DOCUMENT):
        return ""
    found = Person.objects.filter(pk=int(raw)).first()
    return found.document if found else ""


def _vehicle_plate(request: HttpRequest) -> str:
    """The plate to fill in for ``?veiculo=<id>`` (the vehicle page's link), looked up by id in
    the user's municipality."""
    raw = request.GET.get("veiculo", "")
    found = Vehicle.objects.filter(pk=int(raw)).first() if raw.isdigit() else None
    return found.plate if found else ""


@competent
def permit_transfer(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id, service=Service.TAXI)
    form = TransferForm(request.POST or None, law=permit)
    result = permit_attempt(
        request,
        permit,
        form,
        taxi_permit_transfer,
        lambda d: {
            "successor": d["successor"],
            "event": d["event"],
            "on": d["on"],
            "proof": d["proof"],
            "declarations": d["declarations"],
            "checks": form.checks(),
        },
    )
    if result.done:
        d = form.cleaned_data
        return permit_done(request, permit, f"Permissão transferida a {d['successor'].name}.")
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Transferir a permissão — {permit.number}",
        intro=f"A permissão só se transfere por falecimento ou incapacidade do permissionário "
        f"pessoa física ({cites(permit, 'transfer')}); o sucessor atende a todos os "
        f"requisitos da lei ({cited_for(permit, 'successor_requirements')}).",
        submit="Transferir",
        action="permit.grant",
    )
