"""Screens for the permit's term: the yearly certificate and the extension (mototaxi and
motofrete), the taxi Termo de Permissão with its renewal and its PDF."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.access import staff_required
from outorga.core.errors import Refused
from outorga.core.formerrors import form_add, messages_add
from outorga.core.lawseam import LawNotBound
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.decisions import Decision
from outorga.law.money import brl

from ..forms import CertificateRenewForm, PermitExtendForm, TaxiChecks
from ..models import Permit, PermitTerm, Service
from ..ports import ledger
from ..selectors import renewal_debts
from ..services import termos as termo_services
from ..services.common import InvalidTransition
from ..services.eligibility import person_eligibility
from ..services.termos import (
    extension_decision,
    taxi_term_renew,
    taxi_term_renew_decisions,
)
from ..termo_pdf import termo_pdf
from ..validation import FieldError
from .common import (
    DATE,
    cites,
    competent,
    permit_attempt,
    permit_done,
    permit_page,
    picked,
    problem_of,
    scoped_permit,
)

T = TypeVar("T")


@competent
def permit_renew(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete yearly registration certificate (art. 4 §1); the taxi Termo is
    renewed on its own screen (art. 13, 21), where the debts that block it are named."""
    permit = scoped_permit(permit_id)
    if permit.service == Service.TAXI:
        return redirect("taxi:termo", permit.pk)
    form = CertificateRenewForm(request.POST or None, law=permit)
    # The date asked, read before the service may put an error under its field.
    posted = request.method == "POST" and form.is_valid()
    on = form.cleaned_data["on"] if posted else timezone.localdate()
    result = permit_attempt(
        request, permit, form, termo_services.permit_renew, picked("on", "safety_gear")
    )
    if result.done:
        return permit_done(
            request,
            permit,
            f"Certificado renovado até {result.value.certificate_valid_until:%d/%m/%Y}.",
        )
    # The holder is checked again (art. 4 §1): show the reasons before the clerk renews.
    preview: list[Decision] = _unless_refused(
        request,
        form,
        lambda: (
            []
            if result.refused or form.errors
            else [person_eligibility(permit.holder, permit.service, on, exclude=permit)]
        ),
        [],
    )
    until = permit.certificate_valid_until
    valid = f" Válido hoje até {until:%d/%m/%Y}." if until else ""
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Renovar o certificado de registro — {permit.number}",
        intro=f"Certificado válido por um ano, renovável, com nova verificação dos requisitos "
        f"({cites(permit, 'registration_certificate')}).{valid}",
        submit="Renovar certificado",
        action="permit.renew",
        preview=preview,
        # The documents the check finds missing or expired, recorded in one step and back here.
        extra={
            "records_url": reverse("registry:person_checklist", args=[permit.holder_id])
            + "?"
            + urlencode({"proximo": request.get_full_path()})
        },
    )


def _unless_refused(request: HttpRequest, form: forms.Form, read: Callable[[], T], default: T) -> T:
    """What the law in force today says on the page (the preview of the holder, the extension's
    intro) — or, where no law governs the permit's service today (bound only from a later day,
    a permit carried over from before it: ``bound_law`` refuses naming the service), that reason
    once, under the form sent or atop the page, instead of an error page."""
    try:
        return read()
    except FieldError as exc:
        if not form.is_bound:
            messages_add(request, exc)
        elif not form.errors:
            form_add(form, exc)
        return default


def _extension_intro(permit: Permit) -> str:
    """The extension as the bound law answers it today for this permit (its period and the
    extensions left, from its dated parameters), never as numbers written here."""
    out = extension_decision(current_municipality(), permit, timezone.localdate()).to_json()[
        "outcome"
    ]
    end = dt.date.fromisoformat(out["new_term_end"]) if out["new_term_end"] else None
    term_end = dt.date.fromisoformat(out["term_end"])
    return (
        f"Prorrogação a critério do Poder Executivo municipal ({cites(permit, 'extension')}): "
        f"prorroga-se o prazo em curso, de permissão não extinta, por um período de "
        f"{out['extension_years']} anos"
        + (
            f" — o termo final passaria a {end:%d/%m/%Y} e restariam "
            f"{out['extensions_left']} prorrogação(ões)."
            if end
            else f"; esta permissão não pode ser prorrogada hoje: {term_end:%d/%m/%Y} é o termo "
            "final."
        )
    )


@competent
def permit_extend(request: HttpRequest, permit_id: int) -> HttpResponse:
    """Mototaxi and motofrete: the term extended by one period, at the Executive's discretion
    (art. 6); the taxi law has no extension."""
    permit = scoped_permit(permit_id, service__in=(Service.MOTOTAXI, Service.MOTOFRETE))
    form = PermitExtendForm(request.POST or None)
    result = permit_attempt(
        request,
        permit,
        form,
        termo_services.permit_extend,
        picked("on", "act_reference"),
    )
    if result.done:
        return permit_done(
            request,
            permit,
            f"Prazo prorrogado: termo final em {result.value.term_end:%d/%m/%Y}.",
        )
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Prorrogar o prazo — {permit.number}",
        intro=_unless_refused(request, form, lambda: _extension_intro(permit), ""),
        submit="Registrar prorrogação",
        action="permit.extend",
        extra={
            "listing": [
                f"Outorga em {permit.granted_on:%d/%m/%Y}; prazo de {permit.term_start:%d/%m/%Y} "
                f"a {permit.term_end:%d/%m/%Y}",
                f"Prorrogações já concedidas: {permit.extensions}",
            ],
            "listing_title": "Prazo atual",
        },
    )


# Termo de Permissão -------------------------------------------------------------------------------


class RenewForm(TaxiChecks):
    """The yearly renewal of the Termo (art. 13, 21) and what the yearly inspection found
    (art. 28–29): the same fields as the API's ``POST /taxi/permits/{id}/renew``."""

    field_order = ["on"]
    on = forms.DateField(label="Data da renovação", widget=DATE)


def _taxi_termo(permit_id: int) -> tuple[Permit, PermitTerm]:
    """A taxi permit and its Termo de Permissão; a 404 where either is missing."""
    permit = get_object_or_404(
        Permit.objects.filter(service=Service.TAXI).select_related("holder", "vehicle"),
        pk=permit_id,
    )
    return permit, get_object_or_404(PermitTerm.objects.all(), permit=permit)


@competent
def termo(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit, term = _taxi_termo(permit_id)
    today = timezone.localdate()
    form = RenewForm(request.POST or None, initial={"on": today}, law=permit)
    problem = None
    checks: dict[str, Any] = {}
    on: dt.date = today
    verify = "verificar" in request.POST
    if request.method == "POST" and form.is_valid():
        on, checks = form.cleaned_data["on"], form.checks()
    if request.method == "POST" and form.is_valid() and not verify:
        try:
            taxi_term_renew(
                actor=actor_of(request),
                municipality=current_municipality(),
                permit=permit,
                on=on,
                checks=checks,
            )
        except (Refused, FieldError, InvalidTransition) as exc:
            problem = problem_of(exc)
        else:
            messages.success(request, "Termo renovado.")
            return redirect("taxi:termo", permit.pk)
    # The very questions the renewal asks, with what the clerk has answered so far (nothing yet:
    # the inspection's findings show as still to be answered) — or, where no law governs the
    # taxi service on that day (removed, ended, or bound from a later day), that reason.
    preview: list[Decision] = _unless_refused(
        request,
        form,
        lambda: taxi_term_renew_decisions(
            municipality=current_municipality(), permit=permit, term=term, on=on, checks=checks
        ),
        [],
    )
    instalments = ledger().contrapartida_instalments(permit)
    blocking, under_review = renewal_debts(permit.holder, today)
    return render(
        request,
        "registry/taxi/termo.html",
        {
            "permit": permit,
            "term": term,
            "total": brl(term.total_cents),
            "instalments": [(d, brl(d.amount_cents)) for d in instalments],
            "blocking": [(d, brl(cents)) for d, cents in blocking],
            "under_review": [(d, brl(cents)) for d, cents in under_review],
            "renewals": term.renewals.all(),
            "form": form,
            "problem": problem,
            "preview": preview,
        },
    )


@staff_required
def termo_download(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit, _ = _taxi_termo(permit_id)
    m = current_municipality()
    try:
        pdf = termo_pdf(permit, m.name)
    except LawNotBound as exc:  # the taxi binding removed: no law to cite its clauses by
        messages_add(request, exc)
        return redirect("taxi:termo", permit.pk)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="termo-{permit.number}.pdf"'
    return response
