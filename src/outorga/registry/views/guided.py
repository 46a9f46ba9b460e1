"""The guided grant (issue "back office", item 3) of a mototaxi, motofrete or taxi permit: one
page that walks a clerk from the person to the badge — person → CNH → the person's documents →
vehicle → the vehicle's documents → tender → the full check → grant → badge — always showing the
next step, asking for exactly the records the law of the service reads (``facts.MOTOTAXI_*_RECORDS``,
``facts.TAXI_*_RECORDS``) and, before the grant, the very questions the grant asks
(``permit_grant_decisions``, ``taxi_grant_decisions`` with the taxi form's ``asked``), so a check
with no ✘ is a grant that will not be refused for the law. The taxi grant signs the Termo de
Permissão (art. 10, 13); a legal person (art. 23) has no CNH step.

Each step posts to this page and comes back to it (``?pessoa=&veiculo=&servico=``); a refusal stays
on the step with every value typed. The documents of a person or a vehicle are one submission,
all or none."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

from outorga.core.errors import DomainError, Refused
from outorga.core.formerrors import form_add, messages_add
from outorga.core.formfields import MoneyField
from outorga.core.lawseam import cited_for, governs, out_of_force
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import read_upload

from ..facts import latest_document, person_records, vehicle_records
from ..forms import DATE, GrantForm, LicenceForm, PersonForm, TaxiGrantForm, VehicleForm
from ..models import (
    Document,
    PermitTerm,
    Person,
    Service,
    TaxiCategory,
    Tender,
    TenderApplicant,
    Vehicle,
)
from ..selectors import registry_law
from ..services.common import service_law
from ..services.documents import COVERED, documents_record, takes_cover_end
from ..services.people import licence_record, person_photo_set, person_register
from ..services.permits import (
    permit_grant,
    permit_grant_decisions,
    taxi_grant_decisions,
    taxi_permit_grant,
)
from ..services.tenders import tender_apply
from ..services.vehicles import vehicle_register
from ..validation import FieldError
from .common import competent, may

SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)


class TaxiGuidedGrantForm(TaxiGrantForm):
    """The taxi grant of the person and the vehicle the page already holds: only the tender, the
    category, the inspection's findings, the declarations, the Termo's choices (art. 10) and the
    decree are asked."""

    def __init__(self, *args: Any, person: Person, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["holder"], self.fields["vehicle"]
        field = self.fields["tender"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Tender.objects.filter(
            service=Service.TAXI, applicants__person=person
        ).distinct()


class ChecklistForm(forms.Form):
    """One row per record the law reads: the date it was issued, its number and its file. Rows
    left without a date are not recorded; the records already on file are shown, not asked."""

    def __init__(
        self,
        *args: Any,
        types: Sequence[str],
        photo: bool,
        categorised: Sequence[str] = (),
        law: str = "",
        **kwargs: Any,
    ) -> None:
        """``law``: the law the records are kept under; a policy it asks for takes the end of
        cover printed on it (``documents.takes_cover_end``)."""
        super().__init__(*args, **kwargs)
        self.types = list(types)
        self.categorised = [t for t in categorised if t in self.types]
        self.dated = [t for t in self.types if takes_cover_end(law, t)]
        for t in self.types:
            label = Document.Type(t).label
            self.fields[f"{t}-issued_on"] = forms.DateField(
                label=f"{label}: data de emissão", required=False, widget=DATE
            )
            self.fields[f"{t}-number"] = forms.CharField(
                label=f"{label}: número", required=False, max_length=60
            )
            if t in self.categorised:
                self.fields[f"{t}-category"] = forms.CharField(
                    label=f"{label}: categoria impressa no documento", required=False, max_length=20
                )
            if t in self.dated:  # a policy: the end and the amount of cover printed on it
                self.fields[f"{t}-valid_until"] = forms.DateField(
                    label=f"{label}: fim da vigência"
                    if t in COVERED
                    else f"{label}: válido até (licenciamento impresso nele)",
                    required=False,
                    widget=DATE,
                )
            if t in self.dated and t in COVERED:
                self.fields[f"{t}-coverage_cents"] = MoneyField(
                    label=f"{label}: valor da cobertura, R$", required=False
                )
            self.fields[f"{t}-file"] = forms.FileField(
                label=f"{label}: arquivo (PDF, JPEG ou PNG)", required=False
            )
        if photo:
            self.fields["photo"] = forms.FileField(
                label="Foto para o crachá (JPEG ou PNG)", required=False
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for t in self.types:
            if data.get(f"{t}-file") and not data.get(f"{t}-issued_on"):
                self.add_error(f"{t}-issued_on", "informe a data de emissão do arquivo enviado")
        if not self.rows() and not data.get("photo"):
            raise forms.ValidationError("Preencha a data de emissão de ao menos um documento.")
        return data

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for t in self.types:
            on = self.cleaned_data.get(f"{t}-issued_on")
            if on:
                upload = self.cleaned_data.get(f"{t}-file")
                out.append(
                    {
                        "doc_type": t,
                        "issued_on": on,
                        "number": self.cleaned_data.get(f"{t}-number") or "",
                        **(
                            {"category": self.cleaned_data.get(f"{t}-category") or ""}
                            if t in self.categorised
                            else {}
                        ),
                        **(
                            {
                                "valid_until": self.cleaned_data.get(f"{t}-valid_until"),
                                "coverage_cents": self.cleaned_data.get(f"{t}-coverage_cents"),
                            }
                            if t in self.dated
                            else {}
                        ),
                        "content": read_upload(upload, "document") if upload else None,
                    }
                )
        return out


@dataclass
class Step:
    key: str
    title: str
    done: bool
    summary: str = ""
    form: forms.Form | None = None


def person_records_record(
    request: HttpRequest, m: Any, law: str, person: Person, form: ChecklistForm
) -> None:
    """The checklist's documents and the badge photo together, or nothing (a refused photo keeps
    none of the documents); the photo's refusal under its own field."""
    with transaction.atomic():
        documents_record(
            actor=actor_of(request), municipality=m, law=law, person=person, rows=form.rows()
        )
        photo = form.cleaned_data.get("photo")
        if photo:
            try:
                person_photo_set(
                    actor=actor_of(request),
                    municipality=m,
                    law=law,
                    person=person,
                    content=read_upload(photo, "photo"),
                )
            except FieldError as exc:
                raise FieldError("Foto para o crachá", exc.message, exc.citation) from exc


def _records(person: Person | None, vehicle: Vehicle | None, types: Sequence[str]) -> list[Any]:
    """Each record the law reads, the current one on file or None."""
    return [(Document.Type(t).label, latest_document(person, vehicle, t)) for t in types]


def _missing(types: Sequence[str], rows: list[Any], today: Any) -> list[str]:
    """The records absent, or expired on ``today``."""
    return [
        t
        for t, (_, doc) in zip(types, rows, strict=True)
        if doc is None or (doc.valid_until is not None and doc.valid_until < today)
    ]


def _url(**params: Any) -> str:
    query = urlencode({k: v for k, v in params.items() if v})
    return reverse("registry:grant_guided") + (f"?{query}" if query else "")


@competent
def grant_guided(request: HttpRequest) -> HttpResponse:
    m = current_municipality()
    role = actor_of(request).role
    governed = [s for s in SERVICES if governs(m, s)]
    if not governed:
        raise Http404("nenhuma lei rege mototáxi ou motofrete neste município")
    # A grant is a new act: a service whose binding ended takes none (ADR 0062).
    in_force = [s for s in governed if out_of_force(m, s) is None]
    service = request.GET.get("servico") or (in_force or governed)[0]
    if service in governed and service not in in_force:
        messages.error(request, f"serviço: {out_of_force(m, service)}")
        if not in_force:
            return redirect("registry:index")
    if service not in in_force:
        service = in_force[0]
    person = Person.objects.filter(pk=request.GET.get("pessoa") or 0).first()
    vehicle = (
        Vehicle.objects.filter(pk=request.GET.get("veiculo") or 0, owner=person).first()
        if person
        else None
    )
    law = service_law(m, service)
    # The keywords each step's act takes: who acts, where, under the service's law.
    desk: dict[str, Any] = {"actor": actor_of(request), "municipality": m, "law": law}
    here = {
        "servico": service,
        "pessoa": person.pk if person else "",
        "veiculo": vehicle.pk if vehicle else "",
    }
    posted = request.POST.get("step", "") if request.method == "POST" else ""
    today = timezone.localdate()
    existing = None

    def attempt(
        form: forms.Form, act: Callable[[], Any], done: str, **ids: Any
    ) -> HttpResponse | None:
        """The step's act on a valid form; back to this page with the next step, or the refusal
        beside the form (every value kept)."""
        if not form.is_valid():
            return None
        try:
            act()
        except DomainError as exc:
            form_add(form, exc)
            return None
        messages.success(request, done)
        return redirect(_url(**{**here, **ids}))

    steps: list[Step] = []
    # 1. The person.
    person_form = PersonForm(request.POST if posted == "person" else None)
    if person is None:
        person_form.fields["kind"].initial = Person.Kind.NATURAL
        if service != Service.TAXI:
            # The badge prints the blood type and RH factor (mototaxi art. 2 VIII; art. 5 §4):
            # asked here, not discovered missing at the last step.
            person_form.fields["blood_type"].required = True
            person_form.fields["blood_type"].label = "Tipo sanguíneo e Rh (impresso no crachá)"
        if posted == "person":
            made: dict[str, Person] = {}

            def register() -> None:
                made["p"] = person_register(
                    actor=actor_of(request),
                    municipality=m,
                    law=registry_law(m),
                    data=dict(person_form.cleaned_data),
                )

            if person_form.is_valid():
                try:
                    register()
                except DomainError as exc:
                    form_add(person_form, exc)
                    taken = getattr(exc, "existing_id", None)
                    if taken:
                        existing = {
                            "text": "Este CPF já está cadastrado.",
                            "url": _url(servico=service, pessoa=taken),
                        }
                else:
                    messages.success(request, f"{made['p'].name}: cadastrado(a).")
                    return redirect(_url(servico=service, pessoa=made["p"].pk))
        steps.append(Step("person", "Pessoa", False, form=person_form))
        return _page(request, steps, service, person, vehicle, existing)
    steps.append(Step("person", "Pessoa", True, person.name))

    # 2. The driving licence (mototaxi art. 5 II; taxi art. 22 II — not of a legal person).
    licence = getattr(person, "licence", None)
    company = service == Service.TAXI and person.kind == Person.Kind.LEGAL
    if licence is None and not company:
        cnh = LicenceForm(request.POST if posted == "licence" else None, prefix="cnh")
        if posted == "licence":
            answer = attempt(
                cnh,
                lambda: licence_record(**desk, person=person, data=cnh.cleaned_data),
                "CNH registrada.",
            )
            if answer:
                return answer
        steps.append(Step("licence", "CNH", False, form=cnh))
        return _page(request, steps, service, person, vehicle, existing)
    if licence is not None:
        steps.append(Step("licence", "CNH", True, f"categorias {licence.categories}"))

    # 3. The person's documents (mototaxi art. 5; taxi art. 22–23), the photo for the badge
    # (mototaxi art. 2 VIII; taxi art. 25, the identification).
    types = person_records(service, person)
    rows = _records(person, None, types)
    missing = _missing(types, rows, today)
    if missing or not person.photo:
        pdocs = ChecklistForm(
            request.POST if posted == "person_docs" else None,
            request.FILES if posted == "person_docs" else None,
            types=missing,
            photo=not person.photo,
            prefix="pdoc",
        )
        if posted == "person_docs":
            answer = attempt(
                pdocs,
                lambda: person_records_record(request, m, law, person, pdocs),
                "Documentos registrados.",
            )
            if answer:
                return answer
        steps.append(Step("person_docs", "Documentos da pessoa", False, form=pdocs))
        return _page(request, steps, service, person, vehicle, existing, rows=rows)
    steps.append(Step("person_docs", "Documentos da pessoa", True, f"{len(rows)} em dia, com foto"))

    # 4. The vehicle (mototaxi art. 3; taxi art. 27), the person's own.
    if vehicle is None:
        services = [service]
        vform = VehicleForm(
            request.POST if posted == "vehicle" else None,
            initial={"service": service, "registration_city": m.name, "registration_uf": m.uf},
            service=service,
            services=services,
            prefix="veh",
        )
        if posted == "vehicle" and vform.is_valid():
            data = dict(vform.cleaned_data)
            data.pop("service")
            try:
                made_v = vehicle_register(**desk, owner=person, data=data)
            except DomainError as exc:
                form_add(vform, exc)
            else:
                messages.success(request, "Veículo cadastrado.")
                return redirect(_url(**{**here, "veiculo": made_v.pk}))
        owned = list(person.vehicles.order_by("-pk"))
        steps.append(Step("vehicle", "Veículo", False, form=vform))
        return _page(request, steps, service, person, vehicle, existing, owned=owned)
    steps.append(Step("vehicle", "Veículo", True, f"{vehicle.plate} — {vehicle.make_model}"))

    # 5. The vehicle's documents (mototaxi art. 5 §1, §5; taxi art. 22 XI–XII, 24).
    vtypes = vehicle_records(service, vehicle)
    vrows = _records(None, vehicle, vtypes)
    vmissing = _missing(vtypes, vrows, today)
    if vmissing:
        vdocs = ChecklistForm(
            request.POST if posted == "vehicle_docs" else None,
            request.FILES if posted == "vehicle_docs" else None,
            types=vmissing,
            photo=False,
            # The taxi law reads the category printed on the mandatory insurance (art. 22 XI).
            categorised=(Document.Type.DPVAT,) if service == Service.TAXI else (),
            law=law,
            prefix="vdoc",
        )
        if posted == "vehicle_docs":
            answer = attempt(
                vdocs,
                lambda: documents_record(**desk, vehicle=vehicle, rows=vdocs.rows()),
                "Documentos do veículo registrados.",
            )
            if answer:
                return answer
        steps.append(Step("vehicle_docs", "Documentos do veículo", False, form=vdocs))
        return _page(request, steps, service, person, vehicle, existing, rows=vrows)
    steps.append(Step("vehicle_docs", "Documentos do veículo", True, f"{len(vrows)} em dia"))

    # 6. The tender that precedes the grant (mototaxi art. 6; taxi art. 3): the clerk enrols the
    # person in an open one;
    # the authority evaluates, ranks and homologates it on the tender's page.
    if posted == "apply":
        tender = Tender.objects.filter(
            pk=request.POST.get("tender") or 0, service=service, status=Tender.Status.OPEN
        ).first()
        if tender is None:
            messages.error(request, "Licitação: escolha uma licitação aberta deste serviço.")
            return redirect(_url(**here))
        try:
            tender_apply(actor=actor_of(request), municipality=m, tender=tender, person=person)
        except DomainError as exc:
            messages_add(request, exc)
        else:
            messages.success(request, f"Inscrição na licitação {tender.number} registrada.")
        return redirect(_url(**here))
    applications = list(
        TenderApplicant.objects.filter(person=person, tender__service=service).select_related(
            "tender"
        )
    )
    open_tenders = list(
        Tender.objects.filter(service=service, status=Tender.Status.OPEN).exclude(
            applicants__person=person
        )
    )

    # 7. The full check and the grant: the very questions the grant asks, by default in the
    # newest homologated tender that found the person eligible.
    awarded = max(
        (
            a.tender
            for a in applications
            if a.eligible and a.tender.status == Tender.Status.HOMOLOGATED
        ),
        key=lambda t: t.homologated_on or today,
        default=None,
    )
    queues = {
        "applications": applications,
        "open_tenders": open_tenders,
        "can_apply": may(role, "registry.record", service),
        "can_grant": may(role, "permit.grant", service),
    }
    if service == Service.TAXI:
        return _taxi_grant(request, m, steps, person, vehicle, awarded, posted, queues)
    grant_form = GrantForm(
        request.POST if posted in ("grant", "check") else None,
        initial={
            "service": service,
            "granted_on": today,
            "tender": awarded.pk if awarded else None,
        },
    )
    _fix(grant_form, person, vehicle, service)
    asked: dict[str, Any] = {}
    if grant_form.is_valid() or not grant_form.is_bound:
        d = (
            {**grant_form.cleaned_data, "holder": person, "vehicle": vehicle}
            if grant_form.is_bound
            else {
                "holder": person,
                "vehicle": vehicle,
                "service": service,
                "granted_on": today,
                "term_years": grant_form.fields["term_years"].initial,
                "decree": "",
                "equipment": [],
                "safety_gear": None,  # not yet verified: the law says so (pending)
                "tender": awarded,
            }
        )
        asked = {"municipality": m, **{k: d[k] for k in GrantForm.ASKED}}
    return _grant_step(
        request,
        grant_form,
        asked,
        posted,
        grant=permit_grant,
        decisions=permit_grant_decisions,
        done=lambda permit: f"Permissão {permit.number} outorgada. Falta emitir o crachá.",
        steps=steps,
        service=service,
        person=person,
        vehicle=vehicle,
        existing=existing,
        queues=queues,
    )


def _taxi_grant(
    request: HttpRequest,
    m: Any,
    steps: list[Step],
    person: Person,
    vehicle: Vehicle,
    awarded: Tender | None,
    posted: str,
    queues: dict[str, Any],
) -> HttpResponse:
    """The taxi grant's last step: the check, then the grant and the Termo (art. 3, 10, 13, 22–29),
    asked with the same arguments (``TaxiGrantForm.asked``)."""
    today = timezone.localdate()
    form = TaxiGuidedGrantForm(
        request.POST if posted in ("grant", "check") else None,
        person=person,
        initial={
            "tender": awarded.pk if awarded else None,
            "category": awarded.taxi_category if awarded and awarded.taxi_category else None,
            "signed_on": today,
        },
    )
    fixed = {"holder": person, "vehicle": vehicle}
    asked: dict[str, Any] = {}
    if form.is_bound and form.is_valid():
        asked = {"municipality": m, **form.asked(**fixed)}
    elif not form.is_bound:
        # Before the clerk answers: the Termo's first choices, no finding and no declaration
        # taken for granted — the ✘ shown are what is still to be answered.
        asked = {
            "municipality": m,
            **fixed,
            "category": form.initial["category"] or TaxiCategory.CONVENCIONAL,
            "signed_on": today,
            "option": PermitTerm.Option.I,
            "tender": awarded,
        }
    return _grant_step(
        request,
        form,
        asked,
        posted,
        # The decree is the grant's alone: the check asks the law without it.
        grant=lambda **kwargs: taxi_permit_grant(decree=form.cleaned_data["decree"], **kwargs),
        decisions=taxi_grant_decisions,
        done=lambda permit: (
            f"Permissão {permit.number} outorgada; Termo de Permissão assinado. "
            "Falta emitir o crachá."
        ),
        steps=steps,
        service=Service.TAXI,
        person=person,
        vehicle=vehicle,
        existing=None,
        queues=queues,
    )


def _grant_step(
    request: HttpRequest,
    form: forms.Form,
    asked: dict[str, Any],
    posted: str,
    *,
    grant: Callable[..., Any],
    decisions: Callable[..., list[Any]],
    done: Callable[[Any], str],
    steps: list[Step],
    service: str,
    person: Person,
    vehicle: Vehicle,
    existing: dict[str, str] | None,
    queues: dict[str, Any],
) -> HttpResponse:
    """The last step of either grant, asked with the same arguments (``asked``; none while the
    form has an error): posted "grant", the grant itself — a refusal shows its reasons, an error
    its field, a grant goes to the new permit saying ``done`` —, then the check, the very
    questions the grant asks (``decisions``), shown above the form, on the page of the other
    steps."""
    preview: list[Any] = []
    refused = None
    if asked:
        if posted == "grant":
            try:
                permit = grant(actor=actor_of(request), **asked)
            except Refused as exc:
                refused = exc.decision
            except DomainError as exc:
                form_add(form, exc)
            else:
                messages.success(request, done(permit))
                return redirect("registry:permit", permit_id=permit.pk)
        try:
            preview = decisions(**asked)
        except DomainError as exc:
            form_add(form, exc)
    steps.append(Step("grant", "Verificação completa e outorga", False, form=form))
    return _page(
        request,
        steps,
        service,
        person,
        vehicle,
        existing,
        preview=preview,
        refused=refused,
        **queues,
    )


def _fix(form: GrantForm, person: Person, vehicle: Vehicle, service: str) -> None:
    """The grant of this person with this vehicle: only the tender, the decree, the date, the term
    and the equipment are asked."""
    # The page already holds the person and the vehicle: they are not asked (nor posted).
    del form.fields["holder"], form.fields["vehicle"]
    field = form.fields["tender"]
    assert isinstance(field, forms.ModelChoiceField)
    field.queryset = Tender.objects.filter(service=service, applicants__person=person).distinct()
    form.fields["service"].widget = forms.HiddenInput()


def _page(
    request: HttpRequest,
    steps: list[Step],
    service: str,
    person: Person | None,
    vehicle: Vehicle | None,
    existing: dict[str, str] | None,
    **extra: Any,
) -> HttpResponse:
    labels = [
        "Pessoa",
        "CNH",
        "Documentos da pessoa",
        "Veículo",
        "Documentos do veículo",
        "Verificação completa e outorga",
        "Crachá",
    ]
    if service == Service.TAXI and person is not None and person.kind == Person.Kind.LEGAL:
        labels.remove("CNH")  # a legal person drives through its auxiliaries (art. 23)
    shown = {s.title for s in steps}
    return render(
        request,
        "registry/grant_guided.html",
        {
            "steps": steps,
            "current": steps[-1],
            "later": [label for label in labels if label not in shown],
            "service": service,
            "service_label": Service(service).label,
            "taxi": service == Service.TAXI,
            "person": person,
            "vehicle": vehicle,
            "existing": existing,
            "switch": [
                (
                    Service(s).label,
                    _url(servico=s, pessoa=person.pk if person else ""),
                    s == service,
                )
                for s in SERVICES
                if governs(current_municipality(), s)
                and out_of_force(current_municipality(), s) is None
            ],
            **extra,
        },
    )


@competent
def person_checklist(request: HttpRequest, person_id: int) -> HttpResponse:
    """The person's records the law of ``?servico=`` reads (mototaxi art. 5 by default; taxi
    art. 22–23), the missing and expired ones asked in one submission, all or none — the guided
    grant's step, on its own for a renewal (mototaxi art. 4 §1) or any update; back to
    ``?proximo=`` (a page of this site) when done."""
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    m = current_municipality()
    service = request.GET.get("servico") or Service.MOTOTAXI
    if service not in SERVICES or not governs(m, service):
        raise Http404("nenhuma lei rege este serviço neste município")
    back = request.GET.get("proximo", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    back = back or reverse("registry:person", kwargs={"person_id": person.pk})
    law = registry_law(m, person_id=person.pk)
    today = timezone.localdate()
    types = person_records(service, person)
    rows = _records(person, None, types)
    missing = _missing(types, rows, today)
    form = ChecklistForm(
        request.POST or None,
        request.FILES or None,
        types=missing,
        photo=not person.photo,
        prefix="pdoc",
    )
    if request.method == "POST" and form.is_valid():
        try:
            person_records_record(request, m, law, person, form)
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(request, "Documentos registrados.")
            return redirect(back)
    documents = cited_for(
        service, "person_documents", "company_documents", m=current_municipality()
    )
    return render(
        request,
        "registry/checklist.html",
        {
            "person": person,
            "rows": rows,
            "form": form,
            "back": back,
            "complete": not form.fields,
            "law_label": f"{'táxi' if service == Service.TAXI else 'mototáxi'} ({documents})",
        },
    )
