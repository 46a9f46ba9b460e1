"""The applicant's pages: enrol in an open tender, send each document the law asks, and see what
the law still requires — the law core's pending and refused reasons with their articles, asked
with the facts the registry holds (accepted documents only). Thin: selectors read, the registry's
services write."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.errors import DomainError
from outorga.core.formerrors import error_lines, messages_add
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import max_bytes
from outorga.law.competence import NotCompetent
from outorga.law.decisions import Verdict
from outorga.registry.models import Document, Tender, Vehicle
from outorga.registry.services.submissions import submission_send
from outorga.registry.services.tenders import applicant_eligibility, tender_apply
from outorga.registry.views.common import DATE

from . import selectors
from .views import holder_or_refusal

UNMET = (Verdict.REFUSED, Verdict.PENDING)


class SendForm(forms.Form):
    service = forms.CharField(widget=forms.HiddenInput)
    doc_type = forms.ChoiceField(choices=Document.Type.choices, widget=forms.HiddenInput)
    vehicle = forms.IntegerField(required=False, widget=forms.HiddenInput)
    issued_on = forms.DateField(label="Data de emissão", widget=DATE)
    number = forms.CharField(label="Número (se houver)", max_length=60, required=False)
    file = forms.FileField(label="Arquivo (PDF, JPEG ou PNG)")


@login_required
def apply(request: HttpRequest) -> HttpResponse:
    person = holder_or_refusal(request)
    if isinstance(person, HttpResponse):
        return person
    today = timezone.localdate()
    applications = []
    services: list[str] = []
    for a in selectors.own_applications(person):
        decision = applicant_eligibility(a, today)
        applications.append(
            {
                "applicant": a,
                "decision": decision,
                "unmet": [r for r in decision.reasons if r.verdict in UNMET],
            }
        )
        if a.tender.service not in services:
            services.append(a.tender.service)
    records = [
        {
            "service": s,
            "label": dict(Tender._meta.get_field("service").choices or [])[s],
            "rows": selectors.record_rows(person, s),
        }
        for s in services
    ]
    return render(
        request,
        "portal/apply.html",
        {
            "person": person,
            "today": today,
            "tenders": selectors.open_tenders(person),
            "applications": applications,
            "records": records,
            "max_mb": max_bytes("document") // (1024 * 1024),
        },
    )


def _back() -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("portal:apply"))


@login_required
@require_POST
def enrol(request: HttpRequest, tender_id: int) -> HttpResponse:
    person = holder_or_refusal(request)
    if isinstance(person, HttpResponse):
        return person
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    try:
        tender_apply(
            actor=actor_of(request),
            municipality=current_municipality(),
            tender=tender,
            person=person,
        )
    except NotCompetent as exc:
        messages.error(request, str(exc))
    except DomainError as exc:
        messages_add(request, exc)
    else:
        messages.success(request, f"Inscrição na licitação {tender.number} registrada.")
    return _back()


@login_required
@require_POST
def send(request: HttpRequest) -> HttpResponse:
    person = holder_or_refusal(request)
    if isinstance(person, HttpResponse):
        return person
    form = SendForm(request.POST, request.FILES)
    if not form.is_valid():
        raw = request.POST.get("doc_type", "")
        label = Document.Type(raw).label if raw in Document.Type.values else "Documento"
        for name, errors in form.errors.items():
            field = form.fields[name].label if name in form.fields else name
            messages.error(request, f"{label} — {field}: {' '.join(str(e) for e in errors)}")
        return _back()
    d = form.cleaned_data
    vehicle = None
    if d["vehicle"]:
        vehicle = Vehicle.objects.filter(pk=d["vehicle"], owner=person).first()
        if vehicle is None:
            raise Http404
    label = Document.Type(d["doc_type"]).label
    try:
        submission_send(
            actor=actor_of(request),
            municipality=current_municipality(),
            person=person,
            service=d["service"],
            doc_type=d["doc_type"],
            issued_on=d["issued_on"],
            number=d["number"],
            content=d["file"].read(max_bytes("document") + 1),
            vehicle=vehicle,
        )
    except NotCompetent as exc:
        messages.error(request, str(exc))
    except DomainError as exc:
        for line in error_lines(exc):
            messages.error(request, f"{label} — {line}")
    else:
        messages.success(request, f"{label}: enviado; aguarda a conferência do atendimento.")
    return _back()
