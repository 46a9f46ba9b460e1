"""Screens for persons: registration and correction (with a company's partners), the person's
page (driving licence, documents, badge photo, eligibility) and the photo itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from outorga.core.access import staff_required
from outorga.core.formerrors import form_add
from outorga.core.lawseam import governs, law_of, service_citations
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.core.uploads import read_upload
from outorga.law.citations import render_many
from outorga.law.competence import check, is_allowed
from outorga.law.decisions import Decision
from outorga.law.interfaces import cited

from ..forms import DocumentForm, LicenceForm, PersonForm, PhotoForm, reason_field
from ..models import Document, Person, Service, TaxiCategory
from ..selectors import registry_law, sees_private_data, shown_document
from ..services.eligibility import person_eligibility, taxi_person_requirements
from ..services.people import (
    company_representative_review,
    licence_record,
    person_photo_set,
    person_register,
    person_update,
)
from ..validation import FieldError, format_cpf
from .common import competent, document_from_form, may, record_form


def photo_cites() -> str:
    """What the law bound to each service here says of the photo printed on the badge or the
    identification (mototaxi art. 2 VIII; taxi art. 4 III), each law once."""
    m = current_municipality()
    laws = dict.fromkeys(
        law_of(m, s, nearest=True, ended=True) for s in Service.values if governs(m, s)
    )  # a page: the law that governs each service, or governed it last (ADR 0062)
    return "; ".join(filter(None, (cited(law, "photo") for law in laws)))


def _person_form(
    request: HttpRequest,
    form: PersonForm,
    save: Callable[[dict[str, Any]], Person],
    title: str,
    submit: str,
    done: str,
) -> HttpResponse:
    """The person form's POST (``save``: the registration or the correction) and its page; a CPF
    or CNPJ already registered is offered, never overwritten."""
    return record_form(
        request,
        form,
        save,
        title=title,
        submit=submit,
        done=lambda person: f"{person.name}: {done}",
        url_name="registry:person",
        kwarg="person_id",
    )


@competent
def person_new(request: HttpRequest) -> HttpResponse:
    form = PersonForm(request.POST or None)
    m = current_municipality()
    law = registry_law(m)

    def save(data: dict[str, Any]) -> Person:
        return person_register(actor=actor_of(request), municipality=m, law=law, data=data)

    return _person_form(request, form, save, "Cadastrar pessoa", "Cadastrar", "cadastrado(a).")


@competent
def person_edit(request: HttpRequest, person_id: int) -> HttpResponse:
    """The person's entry corrected (address, contacts, a mistyped CPF, a company's titulares and
    sócios — taxi art. 11; art. 23, VIII), with the reason, under the law that keeps the entry;
    the kind is fixed."""
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    m = current_municipality()
    law = registry_law(m, person_id=person.pk)
    # The form shows the CPF or CNPJ and the partners' CPFs: only to who may change them.
    check(actor_of(request).role, "registry.record", law, timezone.localdate())
    initial = {
        f: getattr(person, f)
        for f in ("kind", "name", "birth_date", "blood_type", "address", "city", "phone", "email")
    }
    initial["document"] = person.document
    initial["partners"] = "\n".join(
        format_cpf(q.document) for q in person.partners.order_by("name")
    )
    form = PersonForm(request.POST or None, initial=initial)
    form.fields["kind"].disabled = True
    form.fields["reason"] = reason_field()
    if person.kind == Person.Kind.NATURAL:
        del form.fields["partners"]

    def save(data: dict[str, Any]) -> Person:
        reason = data.pop("reason")
        return person_update(
            actor=actor_of(request),
            municipality=m,
            law=law,
            person=person,
            data=data,
            reason=reason,
        )

    return _person_form(
        request, form, save, f"Editar cadastro — {person.name}", "Salvar", "cadastro atualizado."
    )


@competent
@require_POST
def person_representative(request: HttpRequest, person_id: int) -> HttpResponse:
    """The desk confirms, against the company's contrato social, the responsible person who
    entered the company from the portal, or removes the link (taxi art. 23)."""
    company = get_object_or_404(Person.objects.select_related("representative"), pk=person_id)
    confirm = request.POST.get("decision") == "confirm"
    try:
        company_representative_review(
            actor=actor_of(request),
            municipality=current_municipality(),
            law=registry_law(current_municipality(), person_id=company.pk),
            company=company,
            confirm=confirm,
            representative_cpf=request.POST.get("cpf", ""),
            reason=request.POST.get("reason", ""),
        )
    except FieldError as exc:
        messages.error(request, f"{exc.field.capitalize()}: {exc.message}")
    else:
        messages.success(
            request,
            f"{company.name}: vínculo do responsável "
            + ("conferido com o contrato social." if confirm else "retirado."),
        )
    return redirect("registry:person", person_id=company.pk)


@competent
def person_detail(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person.objects.all(), pk=person_id)
    actor = actor_of(request)
    law = registry_law(current_municipality(), person_id=person.pk)
    licence_form = LicenceForm(prefix="cnh")
    doc_form = DocumentForm(prefix="doc", vehicle=False)
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
                        content=read_upload(photo_form.cleaned_data["file"], "photo"),
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
                doc_form = DocumentForm(request.POST, request.FILES, prefix="doc", vehicle=False)
                if doc_form.is_valid():
                    document_from_form(request, law, doc_form.cleaned_data, person=person)
                    messages.success(request, "Documento registrado.")
                    return redirect("registry:person", person_id=person.pk)
        except FieldError as exc:
            if "photo-step" in request.POST:
                photo_form.add_error(
                    "file", exc.message + (f" ({exc.citation})" if exc.citation else "")
                )
            else:
                form_add(licence_form if "cnh-number" in request.POST else doc_form, exc)
    m = current_municipality()
    # The services a law governs here, each with the requirements its grant asks of a person.
    offered = [s for s in Service if governs(m, s)]
    asked = request.GET.get("servico", "")
    service = next((s for s in offered if s.value == asked), offered[0] if offered else None)
    category = request.GET.get("categoria", "")
    if category not in TaxiCategory.values:
        category = TaxiCategory.CONVENCIONAL
    on = timezone.localdate()
    requirements: list[Decision] = []
    if service == Service.TAXI:
        requirements = taxi_person_requirements(person, on, category)
    elif service is not None:
        requirements = [person_eligibility(person, service, on)]
    return render(
        request,
        "registry/person.html",
        {
            "person": person,
            "document": shown_document(person, actor.role),
            # Health data (the badge's blood type): for whoever records the entry (LGPD art. 11).
            "sees_private": sees_private_data(
                actor.role, current_municipality(), person_id=person.pk
            ),
            # The grant links name the person by id: a CPF in a URL would reach access logs,
            # history and the Referer, and a role that sees it masked would find it there.
            "can_grant_moto": may(actor.role, "permit.grant", Service.MOTOTAXI),
            "can_edit": is_allowed(actor.role, "registry.record", law, timezone.localdate()),
            "can_grant_taxi": may(actor.role, "permit.grant", Service.TAXI),
            # A vehicle is recorded under the law of a service governed here (none: no form).
            "can_add_vehicle": bool(offered),
            "licence": getattr(person, "licence", None),
            "documents": person.documents.current().filter(
                doc_type__in=Document.types_for(vehicle=False)
            ),
            "vehicles": person.vehicles.all(),
            "permits": person.permits.all(),
            "licence_form": licence_form,
            "doc_form": doc_form,
            "photo_form": photo_form,
            "requirements": requirements,
            "service": service,
            "services": offered,
            "category": category,
            "categories": TaxiCategory.choices,
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
