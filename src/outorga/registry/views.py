"""Clerk screens: thin views that parse a form, call one service and render the result."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.access import staff_required
from outorga.core.errors import Refused
from outorga.core.lawseam import LawNotBound, governs, law_of, service_citations
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.citations import render_many
from outorga.law.competence import NotCompetent, Role, check, is_allowed
from outorga.law.interfaces import cited

from .forms import (
    DocumentForm,
    GrantForm,
    LicenceForm,
    PersonForm,
    PhotoForm,
    SuspendForm,
    VehicleForm,
)
from .models import Document, Permit, Person, Service, Vehicle
from .selectors import SEES_DOCUMENT, document_law, registry_law, shown_document
from .services.common import InvalidTransition, service_law
from .services.documents import MAX_UPLOAD_BYTES, document_read, document_record
from .services.eligibility import person_eligibility
from .services.people import licence_record, person_photo_set, person_register
from .services.permit_status import permit_suspend
from .services.permits import permit_grant, permit_grant_decisions
from .services.vehicles import vehicle_register
from .validation import FieldError, format_cpf, format_plate
from .views_permits import permit_actions


def _may(role: str, action: str, service: str) -> bool:
    """Whether ``role`` does ``action`` under the law bound to ``service`` here today (no law
    bound: the service does not exist here)."""
    try:
        law = law_of(current_municipality(), service)
    except LawNotBound:
        return False
    return is_allowed(role, action, law)


def photo_cites() -> str:
    """What the law bound to each service here says of the photo printed on the badge or the
    identification (mototaxi art. 2 VIII; taxi art. 4 III), each law once."""
    m = current_municipality()
    laws = dict.fromkeys(law_of(m, s, nearest=True) for s in Service.values if governs(m, s))
    return "; ".join(filter(None, (cited(law, "photo") for law in laws)))


def _deny(request: HttpRequest, exc: NotCompetent) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)


def _field_error(form: Any, exc: FieldError) -> None:
    message = exc.message + (f" ({exc.citation})" if exc.citation else "")
    target = next(
        (
            n
            for n, f in form.fields.items()
            if f.label and exc.field.lower() in (n.lower(), str(f.label).lower())
        ),
        None,
    )
    form.add_error(target, message)


@staff_required
def index(request: HttpRequest) -> HttpResponse:
    # The search form posts: a CPF typed in it must not land in a URL (access logs, history,
    # Referer). Searching by CPF is for the roles that see it in full; to the others, a CPF
    # typed would tell whose it is.
    q = (request.POST if request.method == "POST" else request.GET).get("q", "").strip()
    people = vehicles = permits = None
    if q:
        digits = "".join(ch for ch in q if ch.isdigit())
        people = Person.objects.filter(name__icontains=q)[:20]
        if digits and Role(actor_of(request).role) in SEES_DOCUMENT:
            people = (Person.objects.filter(document__startswith=digits) | people)[:20]
        vehicles = Vehicle.objects.filter(plate__startswith=q.upper().replace("-", ""))[:20]
        permits = Permit.objects.select_related("holder", "vehicle").filter(number__icontains=q)[
            :20
        ]
    counts = {
        s.label: Permit.objects.filter(service=s, status=Permit.Status.ACTIVE).count()
        for s in Service
    }
    return render(
        request,
        "registry/index.html",
        {"q": q, "people": people, "vehicles": vehicles, "permits": permits, "counts": counts},
    )


def _person_form(
    request: HttpRequest, form: PersonForm, law: str, title: str, submit: str, done: str
) -> HttpResponse:
    """The person form's POST (registration or correction: ``person_register`` upserts by CPF or
    CNPJ) under ``law``, and its page."""
    if request.method == "POST" and form.is_valid():
        try:
            person = person_register(
                actor=actor_of(request),
                municipality=current_municipality(),
                law=law,
                data=form.cleaned_data,
            )
        except NotCompetent as exc:
            return _deny(request, exc)
        except FieldError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, f"{person.name}: {done}")
            return redirect("registry:person", person_id=person.pk)
    return render(request, "registry/form.html", {"form": form, "title": title, "submit": submit})


@staff_required
def person_new(request: HttpRequest) -> HttpResponse:
    form = PersonForm(request.POST or None)
    law = registry_law(current_municipality())
    return _person_form(request, form, law, "Cadastrar pessoa", "Cadastrar", "cadastrado(a).")


@staff_required
def person_edit(request: HttpRequest, person_id: int) -> HttpResponse:
    """The person's entry corrected (address, contacts, a company's titulares and sócios — taxi
    art. 11; art. 23, VIII): the same form as the registration, the CPF or CNPJ and the kind fixed,
    under the law that keeps the entry."""
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    m = current_municipality()
    law = registry_law(m, person_id=person.pk)
    try:
        # The form shows the CPF or CNPJ and the partners' CPFs: only to who may change them.
        check(actor_of(request).role, "registry.record", law)
    except NotCompetent as exc:
        return _deny(request, exc)
    initial = {
        f: getattr(person, f)
        for f in ("kind", "name", "birth_date", "blood_type", "address", "city", "phone", "email")
    }
    initial["document"] = person.document
    initial["partners"] = "\n".join(
        format_cpf(q.document) for q in person.partners.order_by("name")
    )
    form = PersonForm(request.POST or None, initial=initial)
    form.fields["kind"].disabled = form.fields["document"].disabled = True
    if person.kind == Person.Kind.NATURAL:
        del form.fields["partners"]
    return _person_form(
        request, form, law, f"Editar cadastro — {person.name}", "Salvar", "cadastro atualizado."
    )


@staff_required
def person_detail(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    actor = actor_of(request)
    law = registry_law(current_municipality(), person_id=person.pk)
    licence_form = LicenceForm(prefix="cnh")
    doc_form = DocumentForm(prefix="doc")
    photo_form = PhotoForm(prefix="photo")
    if request.method == "POST":
        try:
            if "photo-step" in request.POST:
                photo_form = PhotoForm(request.POST, request.FILES, prefix="photo")
                if photo_form.is_valid():
                    person_photo_set(
                        actor=actor,
                        municipality=current_municipality(),
                        law=law,
                        person=person,
                        content=photo_form.cleaned_data["file"].read(MAX_UPLOAD_BYTES + 1),
                    )
                    messages.success(request, "Foto registrada.")
                    return redirect("registry:person", person_id=person.pk)
            elif "cnh-number" in request.POST:
                licence_form = LicenceForm(request.POST, prefix="cnh")
                if licence_form.is_valid():
                    licence_record(
                        actor=actor,
                        municipality=current_municipality(),
                        law=law,
                        person=person,
                        data=licence_form.cleaned_data,
                    )
                    messages.success(request, "CNH registrada.")
                    return redirect("registry:person", person_id=person.pk)
            else:
                doc_form = DocumentForm(request.POST, request.FILES, prefix="doc")
                if doc_form.is_valid():
                    d = doc_form.cleaned_data
                    upload = d.get("file")
                    document_record(
                        actor=actor,
                        municipality=current_municipality(),
                        law=law,
                        doc_type=d["doc_type"],
                        issued_on=d["issued_on"],
                        person=person,
                        number=d["number"],
                        category=d["category"],
                        content=upload.read(MAX_UPLOAD_BYTES + 1) if upload else None,
                    )
                    messages.success(request, "Documento registrado.")
                    return redirect("registry:person", person_id=person.pk)
        except NotCompetent as exc:
            return _deny(request, exc)
        except FieldError as exc:
            if "photo-step" in request.POST:
                photo_form.add_error(
                    "file", exc.message + (f" ({exc.citation})" if exc.citation else "")
                )
            else:
                _field_error(licence_form if "cnh-number" in request.POST else doc_form, exc)
    service = request.GET.get("servico", Service.MOTOTAXI)
    on = timezone.localdate()
    eligibility = (
        person_eligibility(person, service, on)
        if service in (Service.MOTOTAXI, Service.MOTOFRETE)
        else None
    )
    return render(
        request,
        "registry/person.html",
        {
            "person": person,
            "document": shown_document(person, actor.role),
            # The grant links name the person by id: a CPF in a URL would reach access logs,
            # history and the Referer, and a role that sees it masked would find it there.
            "can_grant_moto": _may(actor.role, "permit.grant", Service.MOTOTAXI),
            "can_edit": is_allowed(actor.role, "registry.record", law),
            "can_grant_taxi": _may(actor.role, "permit.grant", Service.TAXI),
            "licence": getattr(person, "licence", None),
            "documents": person.documents.all(),
            "vehicles": person.vehicles.all(),
            "permits": person.permits.all(),
            "licence_form": licence_form,
            "doc_form": doc_form,
            "photo_form": photo_form,
            "eligibility": eligibility,
            "service": service,
            "on": on,
            # A company's titulares and sócios (taxi art. 11; 23 VIII), as the law names them.
            "partners_cite": render_many(
                service_citations(current_municipality(), Service.TAXI, "partners")
            ),
            "photo_cite": photo_cites(),
        },
    )


@staff_required
def person_photo(request: HttpRequest, person_id: int) -> HttpResponse:
    """The person's photo, to the staff (the public reaches it only through a badge token)."""
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    if not person.photo:
        raise Http404("sem foto")
    try:
        with person.photo.open("rb") as fh:
            data = fh.read()
    except FileNotFoundError as exc:
        raise Http404("sem foto") from exc
    ctype = "image/png" if data.startswith(b"\x89PNG") else "image/jpeg"
    response = HttpResponse(data, content_type=ctype)
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-store"
    return response


def _vehicle_services() -> list[str]:
    """The services a law governs in this municipality (its bindings)."""
    bound = {b.service for b in current_municipality().law_bindings()}
    return [s.value for s in Service if s.value in bound]


@staff_required
def vehicle_new(request: HttpRequest, person_id: int) -> HttpResponse:
    """The vehicle is recorded under the law of the service it is for, with that law's fields."""
    owner = get_object_or_404(Person.objects.all(), pk=person_id)
    services = _vehicle_services()
    if not services:
        raise Http404("nenhum serviço de táxi, mototáxi ou motofrete neste município")
    asked = request.POST.get("service") or request.GET.get("servico") or ""
    service = asked if asked in services else services[0]
    form = VehicleForm(request.POST or None, service=service, services=services)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            vehicle = vehicle_register(
                actor=actor_of(request),
                municipality=current_municipality(),
                law=service_law(current_municipality(), data.pop("service")),
                owner=owner,
                data=data,
            )
        except NotCompetent as exc:
            return _deny(request, exc)
        except FieldError as exc:
            _field_error(form, exc)
        else:
            messages.success(request, f"Veículo {format_plate(vehicle.plate)} cadastrado.")
            return redirect("registry:vehicle", vehicle_id=vehicle.pk)
    return render(
        request,
        "registry/form.html",
        {
            "form": form,
            "title": f"Cadastrar veículo de {owner.name} — {Service(service).label}",
            "submit": "Cadastrar",
            # One link per service: each shows the fields its own law asks for.
            "variants": [(Service(s).label, f"?servico={s}", s == service) for s in services]
            if len(services) > 1
            else [],
        },
    )


@staff_required
def vehicle_detail(request: HttpRequest, vehicle_id: int) -> HttpResponse:
    vehicle = get_object_or_404(Vehicle.objects.select_related("owner"), pk=vehicle_id)
    doc_form = DocumentForm(request.POST or None, request.FILES or None, prefix="doc")
    if request.method == "POST" and doc_form.is_valid():
        d = doc_form.cleaned_data
        try:
            document_record(
                actor=actor_of(request),
                municipality=current_municipality(),
                law=registry_law(current_municipality(), vehicle_id=vehicle.pk),
                doc_type=d["doc_type"],
                issued_on=d["issued_on"],
                vehicle=vehicle,
                number=d["number"],
                category=d["category"],
                content=d["file"].read(MAX_UPLOAD_BYTES + 1) if d["file"] else None,
            )
        except NotCompetent as exc:
            return _deny(request, exc)
        except FieldError as exc:
            _field_error(doc_form, exc)
        else:
            messages.success(request, "Documento registrado.")
            return redirect("registry:vehicle", vehicle_id=vehicle.pk)
    return render(
        request,
        "registry/vehicle.html",
        {
            "vehicle": vehicle,
            "plate": format_plate(vehicle.plate),
            "documents": vehicle.documents.all(),
            "doc_form": doc_form,
            # The Cadastro Municipal de Taxistas (taxi art. 4 I; 20), as the law names it.
            "cadastro_cite": render_many(
                service_citations(current_municipality(), Service.TAXI, "cadastro")
            ),
        },
    )


@staff_required
def document_file(request: HttpRequest, doc_id: int) -> HttpResponse:
    """An uploaded document, to the users the law lets keep the registry; reading a health or
    criminal record is itself an act."""
    doc = get_object_or_404(Document.objects.all(), pk=doc_id)
    try:
        m = current_municipality()
        data = document_read(
            actor=actor_of(request), municipality=m, law=document_law(doc, m), doc=doc
        )
    except NotCompetent as exc:
        return _deny(request, exc)
    except FieldError as exc:
        messages.error(request, f"{exc.field.capitalize()}: {exc.message}")
        if doc.person_id:
            return redirect("registry:person", person_id=doc.person_id)
        return redirect("registry:vehicle", vehicle_id=doc.vehicle_id)
    response = HttpResponse(data, content_type=doc.content_type)
    response["Content-Disposition"] = f'inline; filename="documento-{doc.pk}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@staff_required
def permits(request: HttpRequest) -> HttpResponse:
    qs = Permit.objects.select_related("holder", "vehicle").order_by(
        "service", "registration_number"
    )
    status = request.GET.get("situacao", "")
    if status:
        qs = qs.filter(status=status)
    return render(
        request,
        "registry/permits.html",
        {"permits": qs[:500], "statuses": Permit.Status.choices, "status": status},
    )


@staff_required
def permit_new(request: HttpRequest) -> HttpResponse:
    """Two steps: "Verificar" shows every reason with its article; "Outorgar" grants."""
    initial = {
        "granted_on": timezone.localdate(),
        "holder": request.GET.get("pessoa"),
        "vehicle": request.GET.get("veiculo"),
    }
    form = GrantForm(request.POST or None, initial=initial)
    preview: list[Any] = []
    refused = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        # The grant and its pre-check ask the very same questions on the very same facts.
        asked = {
            "municipality": current_municipality(),
            **{
                k: d[k]
                for k in (
                    "holder",
                    "service",
                    "vehicle",
                    "granted_on",
                    "term_years",
                    "decree",
                    "equipment",
                    "tender",
                )
            },
        }
        if "outorgar" in request.POST:
            try:
                permit = permit_grant(actor=actor_of(request), **asked)
            except NotCompetent as exc:
                return _deny(request, exc)
            except Refused as exc:
                refused = exc.decision
            else:
                messages.success(request, f"Permissão {permit.number} outorgada.")
                return redirect("registry:permit", permit_id=permit.pk)
        else:
            preview = permit_grant_decisions(**asked)
    return render(
        request,
        "registry/permit_new.html",
        {
            "form": form,
            "preview": preview,
            "refused": refused,
            "can_grant": _may(actor_of(request).role, "permit.grant", Service.MOTOTAXI),
        },
    )


@staff_required
def permit_detail(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)
    actor = actor_of(request)
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
        except NotCompetent as exc:
            return _deny(request, exc)
        except (InvalidTransition, FieldError) as exc:
            messages.error(request, str(exc))
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
            "auxiliaries": permit.auxiliaries.all(),
            "suspend_form": suspend_form,
            "can_suspend": is_allowed(actor.role, "penalty.suspension", permit.law),
            "plate": format_plate(permit.vehicle.plate) if permit.vehicle else "—",
            **permit_actions(permit, actor.role),
        },
    )
