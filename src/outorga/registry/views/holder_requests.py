"""The clerk's side of the holders' requests from the portal: the queue of those waiting (oldest
first) and one request's page — what the law answers today, the decision made with the same form
and service as the clerk's own renewal and auxiliary screens, or a refusal with a reason."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.access import staff_required
from outorga.core.errors import Refused
from outorga.core.listing import page_of
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.competence import NotCompetent, is_allowed
from outorga.law.decisions import Decision

from ..forms import AuxiliaryForm, AuxiliaryRenewForm, CertificateRenewForm, TaxiChecks
from ..models import HolderRequest, Service
from ..selectors import document_as_seen, waiting
from ..services.common import InvalidTransition, ungoverned
from ..services.holder_requests import (
    DECISION_ACTIONS,
    auxiliary_renewal_requirements,
    holder_request_grant,
    holder_request_refuse,
    renewal_requirements,
)
from ..validation import FieldError, format_cpf
from .common import deny, problem_of
from .termos import RenewForm


class RequestRefuseForm(forms.Form):
    reason = forms.CharField(
        label="Motivo do indeferimento",
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="O permissionário lê este motivo no portal: diga o que falta ou o que corrigir.",
    )


@staff_required
def queue(request: HttpRequest) -> HttpResponse:
    rows = waiting(HolderRequest, "filed_at", "permit", "person")
    return render(request, "registry/holder_requests.html", {"listing": page_of(request, rows)})


def _grant_form(req: HolderRequest, data: Any) -> forms.Form:
    """The clerk's own form for the act asked: the Termo's renewal with the yearly inspection's
    findings (taxi), the certificate's date (mototaxi), the auxiliary's registration."""
    permit = req.permit
    if req.kind == HolderRequest.Kind.RENEWAL:
        if permit.service == Service.TAXI:
            return RenewForm(data, initial={"on": timezone.localdate()}, prefix="grant", law=permit)
        return CertificateRenewForm(data, prefix="grant", law=permit)
    if req.kind == HolderRequest.Kind.AUXILIARY_RENEWAL:
        return AuxiliaryRenewForm(data, service=permit.service, prefix="grant", law=permit)
    # The holder's request is their indication in writing (mototaxi art. 14 §1): offered as its
    # reference, which the clerk may replace.
    filed = timezone.localtime(req.filed_at)
    return AuxiliaryForm(
        data,
        service=permit.service,
        law=permit,
        initial={
            "person": format_cpf(req.auxiliary_document),
            "indication": f"Pedido {req.pk} pelo portal, de {filed:%d/%m/%Y}",
        },
        prefix="grant",
    )


def _preview(req: HolderRequest) -> list[Decision]:
    """What the law answers today for a renewal (the permit's, an auxiliary's credential, with
    what the desk has not checked yet shown as pending), before the clerk decides. An auxiliary's
    requirements are asked by the registration itself, with what the clerk finds at the counter
    (the indication, the schedule, the declarations, the inspection)."""
    if req.kind == HolderRequest.Kind.RENEWAL:
        return renewal_requirements(req.permit, timezone.localdate())
    if req.kind == HolderRequest.Kind.AUXILIARY_RENEWAL and req.auxiliary is not None:
        return auxiliary_renewal_requirements(req.auxiliary, timezone.localdate())
    return []


@staff_required
def detail(request: HttpRequest, request_id: int) -> HttpResponse:
    req = get_object_or_404(
        HolderRequest.objects.select_related(
            "permit", "permit__holder", "person", "decided_by", "auxiliary"
        ),
        pk=request_id,
    )
    step = request.POST.get("step", "")
    grant = _grant_form(req, request.POST if step == "grant" else None)
    refuse = RequestRefuseForm(request.POST if step == "refuse" else None, prefix="refuse")
    problem = None
    actor, m = actor_of(request), current_municipality()
    try:
        if step == "grant" and grant.is_valid():
            d = grant.cleaned_data
            checks = grant.checks() if isinstance(grant, TaxiChecks) else {}
            done = holder_request_grant(
                actor=actor,
                municipality=m,
                request=req,
                on=d["on"],
                checks=checks if req.permit.service == Service.TAXI else None,
                declarations=d.get("declarations") or (),
                auxiliary=d.get("person"),
                work_schedule=d.get("work_schedule") or "",
                indication=d.get("indication") or "",
                safety_gear=d.get("safety_gear"),  # a mototaxi auxiliary's (art. 5 IV, 14 §2)
            )
            messages.success(request, f"Pedido deferido. {done.outcome}")
            return redirect("registry:holder_requests")
        if step == "refuse" and refuse.is_valid():
            holder_request_refuse(
                actor=actor, municipality=m, request=req, reason=refuse.cleaned_data["reason"]
            )
            messages.success(request, "Pedido indeferido; o permissionário lê o motivo no portal.")
            return redirect("registry:holder_requests")
    except NotCompetent as exc:
        return deny(request, exc)
    except (Refused, FieldError, InvalidTransition) as exc:
        problem = problem_of(exc)
    action = DECISION_ACTIONS[HolderRequest.Kind(req.kind)]
    return render(
        request,
        "registry/holder_request.html",
        {
            "req": req,
            "permit": req.permit,
            # The auxiliary's CPF in full only to the roles that need it (the desk).
            "cpf": document_as_seen(req.auxiliary_document, actor.role),
            "grant": grant,
            "refuse": refuse,
            "problem": problem,
            "preview": _preview(req) if req.status == HolderRequest.Status.PENDING else [],
            # No act on a permit whose service no law governs (its reason is the problem shown).
            "allowed": ungoverned(req.permit) is None
            and is_allowed(actor.role, action, req.permit.law, timezone.localdate()),
        },
    )
