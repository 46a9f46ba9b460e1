"""The applicant's pages: enrol in an open tender, send each document the law asks, and see what
the law still requires — the law core's pending and refused reasons with their articles, asked
with the facts the registry holds (accepted documents only). Thin: selectors read, the registry's
services write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.errors import DomainError, FieldError
from outorga.core.formerrors import error_lines, form_add, form_messages
from outorga.core.formfields import MoneyField
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import max_bytes, read_upload
from outorga.law.citations import render_many
from outorga.law.competence import NotCompetent
from outorga.law.decisions import Verdict
from outorga.registry.forms import LicenceForm, VehicleForm
from outorga.registry.models import Document, Person, Service, Tender, Vehicle
from outorga.registry.services.common import (
    AlreadyRegistered,
    legal_person_services,
    natural_person_only,
    service_law,
)
from outorga.registry.services.people import (
    company_self_register,
    licence_record,
    person_self_complete,
)
from outorga.registry.services.submissions import submission_send
from outorga.registry.services.tenders import (
    applicant_requirements,
    applicant_without_category,
    tender_apply,
)
from outorga.registry.services.vehicles import vehicle_register
from outorga.registry.views.common import DATE

from . import selectors
from .views import holder_or_refusal, holder_required

UNMET = (Verdict.REFUSED, Verdict.PENDING)


class DetailsForm(forms.Form):
    """What the applicant keys in of their own entry (``person_self_complete``)."""

    service = forms.CharField(label="Serviço", widget=forms.HiddenInput)
    birth_date = forms.DateField(label="Data de nascimento", required=False, widget=DATE)
    address = forms.CharField(label="Endereço", max_length=300, required=False)
    city = forms.CharField(label="Município de residência", max_length=120, required=False)
    phone = forms.CharField(label="Telefone", max_length=30, required=False)


class OwnLicenceForm(LicenceForm):
    """The applicant's CNH: the clerk's form without the CTB points, which the desk records."""

    service = forms.CharField(label="Serviço", widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("points", "points_reported_on"):
            del self.fields[name]


class CompanyForm(forms.Form):
    """A company the applicant is responsible for (``company_self_register``)."""

    document = forms.CharField(label="CNPJ", max_length=18)
    name = forms.CharField(label="Razão social", max_length=200)
    address = forms.CharField(label="Endereço da sede", max_length=300, required=False)
    city = forms.CharField(label="Município da sede", max_length=120, required=False)


class SendForm(forms.Form):
    # Hidden fields keep a label: a stale or altered page's refusal names the field by it.
    service = forms.CharField(label="Serviço", widget=forms.HiddenInput)
    doc_type = forms.ChoiceField(
        label="Tipo de documento", choices=Document.Type.choices, widget=forms.HiddenInput
    )
    vehicle = forms.IntegerField(label="Veículo", required=False, widget=forms.HiddenInput)
    issued_on = forms.DateField(label="Data de emissão", widget=DATE)
    number = forms.CharField(label="Número (se houver)", max_length=60, required=False)
    # A policy's end and amount of cover as printed on it (the service checks which take them).
    valid_until = forms.DateField(label="Fim da vigência", widget=DATE, required=False)
    coverage_cents = MoneyField(label="Valor da cobertura, R$", required=False)
    file = forms.FileField(label="Arquivo (PDF, JPEG ou PNG)")
    # Whose document it is: blank for the applicant's own, else one of their companies.
    company = forms.IntegerField(label="Empresa", required=False, widget=forms.HiddenInput)


@login_required
@holder_required
def apply(request: HttpRequest, person: Person) -> HttpResponse:
    return _page(request, person)


#: A form of the page sent with errors, by its place: ``empresa``, ``dados``, ``cnh``,
#: ``veiculo-<service>`` (the form), ``envio`` (the owner and the form), ``inscricao`` (the
#: tender's id, the company's name or "", the refusal's lines).
Bound = dict[str, Any]


def _page(request: HttpRequest, person: Person, bound: Bound | None = None) -> HttpResponse:
    """The Candidatura page; with ``bound``, the form sent comes back as typed, each error beside
    its field, and the page answers 422 (the project's forms' bad input)."""
    bound = bound or {}
    today = timezone.localdate()
    applications = [
        {
            "applicant": a,
            # A taxi inscription in a tender recorded without a category: the law judges it
            # once the desk gives the category (its refusal shown instead of the reasons).
            "unread": (unread := applicant_without_category(a)),
            "unmet": []
            if unread
            else [
                r for d in applicant_requirements(a, today) for r in d.reasons if r.verdict in UNMET
            ],
        }
        for a in selectors.own_applications(person)
    ]
    services: list[str] = []
    for a in applications:
        if a["applicant"].person_id == person.pk and a["applicant"].tender.service not in services:
            services.append(a["applicant"].tender.service)
    # A holder renewing sends the same records: the services of their permits count too.
    permits = list(selectors.own_permits(person))
    for p in permits:
        if p.holder_id == person.pk and p.service not in services:
            services.append(p.service)
    records = record_groups(person, services)
    legal = legal_person_services(current_municipality())
    # Each company the person is confirmed responsible for: what the law still asks of it in its
    # applications and the records it sends (taxi art. 23), under the services that admit it.
    companies: list[dict[str, Any]] = [
        {
            "company": c,
            "applications": [a for a in applications if a["applicant"].person_id == c.pk],
            "permits": [p for p in permits if p.holder_id == c.pk],
            "records": record_groups(c, list(legal)),
        }
        for c in selectors.own_companies(person)
    ]
    if "envio" in bound:
        owner, form = bound["envio"]
        groups = records
        if owner is not person:
            groups = next((g["records"] for g in companies if g["company"] == owner), [])
        if not _place_send(groups, form):
            # A page left open while the records asked changed: no row takes it back.
            form_messages(request, form, _doc_label(form.data.get("doc_type", "")))
    tenders = selectors.open_tenders(person)
    refused = bound.get("inscricao")
    if refused and refused["tender"] not in {t.pk for t in tenders}:
        # A tender no longer listed to the person (entered already, closed): no button to show
        # the refusal beside.
        for line in refused["lines"]:
            messages.error(request, line)
    details = None
    if services:
        details = {
            "form": bound.get("dados")
            or DetailsForm(
                initial={
                    "service": services[0],
                    **{f: getattr(person, f) for f in ("birth_date", "address", "city", "phone")},
                },
                prefix="dados",
            ),
            "licence": getattr(person, "licence", None),
            "licence_form": bound.get("cnh")
            or (
                None
                if hasattr(person, "licence")
                else OwnLicenceForm(initial={"service": services[0]}, prefix="cnh")
            ),
            "vehicles": list(Vehicle.objects.filter(owner=person).order_by("plate")),
            "vehicle_forms": [
                (
                    s,
                    bound.get(f"veiculo-{s}")
                    or VehicleForm(service=s, services=[s], prefix=f"veiculo-{s}"),
                )
                for s in services
            ],
        }
    elif bound.keys() & {"dados", "cnh"} or any(k.startswith("veiculo-") for k in bound):
        # Sent from a page left open before the enrolment that shows "Meus dados" was undone.
        for form in bound.values():
            form_messages(request, form, "Meus dados")
    return render(
        request,
        "portal/apply.html",
        {
            "companies": companies,
            "companies_awaiting": list(selectors.companies_awaiting_desk(person)),
            "company_form": bound.get("empresa")
            or (CompanyForm(prefix="empresa") if legal else None),
            "company_service_keys": list(legal),
            "company_services": [
                (str(Service(s).label).capitalize(), render_many(cites))
                for s, cites in legal.items()
            ],
            "natural_only": render_many(natural_person_only(current_municipality())),
            "details": details,
            "enrol_refused": bound.get("inscricao"),
            "person": person,
            "today": today,
            "tenders": tenders,
            "applications": [a for a in applications if a["applicant"].person_id == person.pk],
            "records": records,
            "max_mb": max_bytes("document") // (1024 * 1024),
        },
        status=422 if bound else 200,
    )


def _place_send(groups: list[dict[str, Any]], form: SendForm) -> bool:
    """Give the sent form back to the row of the record it sent (the service, the type and the
    vehicle it named), to show as typed with its errors; False when no row is that record."""
    data = form.data
    for group in groups:
        if group["service"] != data.get("service"):
            continue
        for row in group["rows"]:
            vehicle = str(row.vehicle.pk) if row.vehicle else ""
            if (
                row.can_send
                and row.doc_type == data.get("doc_type")
                and vehicle == data.get("vehicle", "")
            ):
                group["form"], group["form_row"] = form, row
                return True
    return False


def _doc_label(raw: str) -> str:
    return str(Document.Type(raw).label) if raw in Document.Type.values else "Documento"


def record_groups(owner: Person, services: list[str]) -> list[dict[str, Any]]:
    """The records the law of each service reads of ``owner`` (the applicant or a company of
    theirs), each with the one in force and the newest sent."""
    labels = dict(Tender._meta.get_field("service").choices or [])
    return [
        {
            "service": s,
            # The section's anchor: a company's records apart from the applicant's own.
            "gid": s if owner.kind == Person.Kind.NATURAL else f"{s}-empresa-{owner.pk}",
            "label": str(labels[s]),
            "rows": selectors.record_rows(owner, s),
        }
        for s in services
    ]


def _back(anchor: str = "") -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("portal:apply") + anchor)


def _owner(person: Person, raw: str | None) -> Person:
    """Whose record is sent: the person's own, or a company they are responsible for — the link
    confirmed by the desk (``own_companies``); a company awaiting it, or another's, is not found."""
    if not raw:
        return person
    return get_object_or_404(selectors.own_companies(person), pk=_int(raw))


@login_required
@require_POST
@holder_required
def enrol(request: HttpRequest, person: Person, tender_id: int) -> HttpResponse:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    applicant = person
    if request.POST.get("company"):
        # A company the person is responsible for applies in its own name; another's is not found.
        applicant = get_object_or_404(
            selectors.own_companies(person), pk=_int(request.POST["company"])
        )
    try:
        tender_apply(
            actor=actor_of(request),
            municipality=current_municipality(),
            tender=tender,
            person=applicant,
        )
    except (NotCompetent, DomainError) as exc:
        # The refusal beside the button that asked it, each reason with its article.
        refused = {
            "tender": tender.pk,
            "company": applicant.name if applicant is not person else "",
            "lines": error_lines(exc),
        }
        return _page(request, person, {"inscricao": refused})
    messages.success(
        request,
        f"Inscrição na licitação {tender.number} registrada"
        + (f" em nome de {applicant.name}." if applicant is not person else "."),
    )
    return _back()


def _int(raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise Http404 from None


@login_required
@require_POST
@holder_required
def company(request: HttpRequest, person: Person) -> HttpResponse:
    """The applicant enters a company they are responsible for (its CNPJ, their CPF's login)."""
    form = CompanyForm(request.POST, prefix="empresa")
    if not (
        form.is_valid()
        and form_refusal(
            form,
            lambda d: company_self_register(
                actor=actor_of(request),
                municipality=current_municipality(),
                representative=person,
                document=d["document"],
                name=d["name"],
                address=d["address"],
                city=d["city"],
            ),
        )
    ):
        return _page(request, person, {"empresa": form})
    messages.success(
        request,
        f"Empresa {form.cleaned_data['name'].strip()} cadastrada. O seu vínculo como responsável "
        "aguarda a confirmação do atendimento, com o contrato social: até lá, você não age em "
        "nome da empresa.",
    )
    return _back()


@login_required
@require_POST
@holder_required
def send(request: HttpRequest, person: Person) -> HttpResponse:
    # The company is looked up before anything else: another's is never reached.
    owner = _owner(person, request.POST.get("company"))
    anchor = f"#empresa-{owner.pk}" if owner is not person else ""
    form = SendForm(request.POST, request.FILES)
    vehicle = None
    if form.is_valid() and form.cleaned_data["vehicle"]:
        vehicle = Vehicle.objects.filter(pk=form.cleaned_data["vehicle"], owner=owner).first()
        if vehicle is None:
            raise Http404
    sent = form.is_valid() and form_refusal(
        form,
        lambda d: submission_send(
            actor=actor_of(request),
            municipality=current_municipality(),
            person=owner,
            service=d["service"],
            doc_type=d["doc_type"],
            issued_on=d["issued_on"],
            number=d["number"],
            content=read_upload(d["file"], "document"),
            vehicle=vehicle,
            valid_until=d["valid_until"],
            coverage_cents=d["coverage_cents"],
        ),
    )
    if not sent:
        return _page(request, person, {"envio": (owner, form)})
    label = str(Document.Type(form.cleaned_data["doc_type"]).label)
    if owner is not person:
        label = f"{label} ({owner.name})"
    messages.success(request, f"{label}: enviado; aguarda a conferência do atendimento.")
    return _back(anchor)


def form_refusal(form: forms.Form, write: Callable[[dict[str, Any]], Any]) -> bool:
    """Run one of the registry's services with the valid ``form``'s cleaned data; its refusal on
    the form — a field's under it (already registered: to the desk), the law's above it with
    each reason and its article. True when it was done."""
    try:
        write(form.cleaned_data)
    except NotCompetent as exc:
        form.add_error(None, str(exc))
    except AlreadyRegistered as exc:
        form_add(form, FieldError(exc.field, "já cadastrado no Município; procure o atendimento"))
    except DomainError as exc:
        form_add(form, exc)
    else:
        return True
    return False


def service_errors(request: HttpRequest, what: str, write: Any) -> bool:
    """Run one of the registry's services for the logged-in person; its refusal as messages
    naming what was sent, the field and the article. True when it was done."""
    try:
        write()
    except NotCompetent as exc:
        messages.error(request, str(exc))
    except AlreadyRegistered as exc:
        messages.error(
            request,
            f"{what} — {exc.field}: já cadastrado no Município; procure o atendimento.",
        )
    except DomainError as exc:
        for line in error_lines(exc):
            messages.error(request, f"{what} — {line}")
    else:
        return True
    return False


def _own_record(
    request: HttpRequest,
    form: forms.Form,
    place: str,
    done: str,
    write: Callable[..., Any],
    owner: str = "person",
) -> HttpResponse:
    """The applicant's own record written from ``form`` by the registry's service ``write``
    (called as the applicant, with the municipality, the service's law, the cleaned data and
    the applicant as its ``owner`` keyword), then back to "Meus dados"; refused, the page with
    the form at its ``place`` as typed."""
    person = holder_or_refusal(request)
    if isinstance(person, HttpResponse):
        return person
    m = current_municipality()
    # The service's law is asked inside: a service no law governs here is a refusal shown.
    if form.is_valid() and form_refusal(
        form,
        lambda d: write(
            actor=actor_of(request),
            municipality=m,
            law=service_law(m, d["service"]),
            data={k: v for k, v in d.items() if k != "service" and v not in (None, "")},
            **{owner: person},
        ),
    ):
        messages.success(request, done)
        return HttpResponseRedirect(reverse("portal:apply") + "#meus-dados")
    return _page(request, person, {place: form})


@login_required
@require_POST
def details(request: HttpRequest) -> HttpResponse:
    """The applicant's birth date, address, town and phone, while blank on record."""
    return _own_record(
        request,
        DetailsForm(request.POST, prefix="dados"),
        "dados",
        "Dados registrados.",
        person_self_complete,
    )


@login_required
@require_POST
def licence(request: HttpRequest) -> HttpResponse:
    """The applicant's CNH (number validated by its check digits), while none is on record."""
    return _own_record(
        request,
        OwnLicenceForm(request.POST, prefix="cnh"),
        "cnh",
        "CNH registrada.",
        licence_record,
    )


@login_required
@require_POST
def vehicle(request: HttpRequest, service: str) -> HttpResponse:
    """A vehicle of the applicant's own (plate and RENAVAM validated), for the service applied
    for: the fields that service's law reads."""
    if service not in Service.values:
        raise Http404
    plate = request.POST.get(f"veiculo-{service}-plate", "").upper()
    return _own_record(
        request,
        VehicleForm(request.POST, service=service, services=[service], prefix=f"veiculo-{service}"),
        f"veiculo-{service}",
        f"Veículo {plate} cadastrado; envie os documentos dele abaixo.",
        vehicle_register,
        owner="owner",
    )
