"""Screens for vehicles: registration under the law of the service it is for, and the vehicle's
page with its documents."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from outorga.core.errors import DomainError
from outorga.core.formerrors import form_add
from outorga.core.lawseam import service_citations
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.citations import render_many
from outorga.law.competence import is_allowed
from outorga.law.interfaces import citations

from ..forms import DocumentForm, OwnerChangeForm, VehicleForm, reason_field
from ..models import Document, Person, Service, Vehicle
from ..selectors import registry_law
from ..services.common import service_law
from ..services.documents import takes_cover_end
from ..services.vehicles import (
    VEHICLE_FIELDS,
    vehicle_owner_change,
    vehicle_register,
    vehicle_update,
)
from ..validation import FieldError, format_plate
from .common import competent, document_from_form, record_form


def _vehicle_services() -> list[str]:
    """The services a law governs in this municipality (its bindings)."""
    bound = {b.service for b in current_municipality().law_bindings()}
    return [s.value for s in Service if s.value in bound]


def _vehicle_form(
    request: HttpRequest,
    form: VehicleForm,
    save: Callable[[dict[str, Any]], Vehicle],
    *,
    services: list[str],
    service: str,
    title: str,
    submit: str,
    done: str,
) -> HttpResponse:
    """The vehicle form's POST (``save``: the registration or the correction) and its page, with
    one link per service (each shows the fields its own law asks for); a plate already
    registered is offered, never overwritten."""
    return record_form(
        request,
        form,
        save,
        title=title,
        submit=submit,
        done=lambda vehicle: f"Veículo {format_plate(vehicle.plate)}: {done}",
        url_name="registry:vehicle",
        kwarg="vehicle_id",
        extra={
            "variants": [(Service(s).label, f"?servico={s}", s == service) for s in services]
            if len(services) > 1
            else []
        },
    )


def _services_or_404() -> list[str]:
    services = _vehicle_services()
    if not services:
        raise Http404("nenhum serviço de táxi, mototáxi ou motofrete neste município")
    return services


@competent
def vehicle_new(request: HttpRequest, person_id: int) -> HttpResponse:
    """The vehicle is recorded under the law of the service it is for, with that law's fields."""
    owner = get_object_or_404(Person.objects.all(), pk=person_id)
    services = _services_or_404()
    asked = request.POST.get("service") or request.GET.get("servico") or ""
    service = asked if asked in services else services[0]
    m = current_municipality()

    def save(data: dict[str, Any]) -> Vehicle:
        law = service_law(m, data.pop("service"))
        return vehicle_register(
            actor=actor_of(request), municipality=m, law=law, owner=owner, data=data
        )

    return _vehicle_form(
        request,
        VehicleForm(request.POST or None, service=service, services=services),
        save,
        services=services,
        service=service,
        title=f"Cadastrar veículo de {owner.name} — {Service(service).label}",
        submit="Cadastrar",
        done="cadastrado.",
    )


def _service_of(vehicle: Vehicle, services: list[str], asked: str) -> str:
    """The service whose fields the edit form shows: the one asked, else the vehicle's permits',
    else its kind's."""
    if asked in services:
        return asked
    for service in vehicle.permits.order_by("-pk").values_list("service", flat=True):
        if service in services:
            return str(service)
    guess = (
        Service.TAXI
        if vehicle.kind == Vehicle.Kind.AUTOMOVEL
        else Service.MOTOFRETE
        if vehicle.cargo_device
        else Service.MOTOTAXI
    )
    return guess if guess in services else services[0]


@competent
def vehicle_edit(request: HttpRequest, vehicle_id: int) -> HttpResponse:
    """The vehicle's record corrected, with the reason (one act, before and after); the plate only
    to one no other vehicle holds; the owner only by the change of owner."""
    vehicle = get_object_or_404(Vehicle.objects.select_related("owner"), pk=vehicle_id)
    m = current_municipality()
    services = _services_or_404()
    asked = request.POST.get("service") or request.GET.get("servico") or ""
    service = _service_of(vehicle, services, asked)
    initial = {f: getattr(vehicle, f) for f in VEHICLE_FIELDS}
    initial["plate"] = format_plate(vehicle.plate)
    form = VehicleForm(request.POST or None, initial=initial, service=service, services=services)
    form.fields["reason"] = reason_field()

    def save(data: dict[str, Any]) -> Vehicle:
        data.pop("service")
        reason = data.pop("reason")
        law = registry_law(m, vehicle_id=vehicle.pk)
        return vehicle_update(
            actor=actor_of(request),
            municipality=m,
            law=law,
            vehicle=vehicle,
            data=data,
            reason=reason,
        )

    return _vehicle_form(
        request,
        form,
        save,
        services=services,
        service=service,
        title=f"Editar veículo {format_plate(vehicle.plate)}",
        submit="Salvar",
        done="cadastro atualizado.",
    )


@competent
def vehicle_owner(request: HttpRequest, vehicle_id: int) -> HttpResponse:
    """A vehicle sold or transferred to someone in the registry: its own act with the reason,
    refused while it serves another holder's live permit."""
    vehicle = get_object_or_404(Vehicle.objects.select_related("owner"), pk=vehicle_id)
    m = current_municipality()
    form = OwnerChangeForm(request.POST or None, initial={"on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            vehicle = vehicle_owner_change(
                actor=actor_of(request),
                municipality=m,
                law=registry_law(m, vehicle_id=vehicle.pk),
                vehicle=vehicle,
                new_owner=d["owner"],
                on=d["on"],
                reason=d["reason"],
            )
        except DomainError as exc:
            form_add(form, exc)
        else:
            messages.success(
                request,
                f"Veículo {format_plate(vehicle.plate)}: proprietário agora é {vehicle.owner.name}.",
            )
            return redirect("registry:vehicle", vehicle_id=vehicle.pk)
    return render(
        request,
        "registry/form.html",
        {
            "form": form,
            "title": f"Trocar o proprietário do veículo {format_plate(vehicle.plate)} "
            f"(hoje: {vehicle.owner.name})",
            "submit": "Trocar proprietário",
        },
    )


@competent
def vehicle_detail(request: HttpRequest, vehicle_id: int) -> HttpResponse:
    vehicle = get_object_or_404(Vehicle.objects.select_related("owner"), pk=vehicle_id)
    law = registry_law(current_municipality(), vehicle_id=vehicle.pk)
    doc_form = DocumentForm(
        request.POST or None,
        request.FILES or None,
        prefix="doc",
        vehicle=True,
        cover_end=takes_cover_end(law, Document.Type.INSURANCE),
        crlv_end=takes_cover_end(law, Document.Type.CRLV),
    )
    if request.method == "POST" and doc_form.is_valid():
        try:
            document_from_form(request, law, doc_form.cleaned_data, vehicle=vehicle)
        except FieldError as exc:
            form_add(doc_form, exc)
        else:
            messages.success(request, "Documento registrado.")
            return redirect("registry:vehicle", vehicle_id=vehicle.pk)
    return render(
        request,
        "registry/vehicle.html",
        {
            "vehicle": vehicle,
            "plate": format_plate(vehicle.plate),
            "documents": vehicle.documents.current().filter(
                doc_type__in=Document.types_for(vehicle=True)
            ),
            "can_edit": is_allowed(
                actor_of(request).role, "registry.record", law, timezone.localdate()
            ),
            "doc_form": doc_form,
            # A CRLV on record without the validity the law asks (taxi art. 24 I, 28 I; mototaxi
            # art. 5 §1 I) counts for nothing: listed for the desk to correct, with the articles.
            "crlv_dated": render_many(citations(law, Document.Type.CRLV)),
            # The Cadastro Municipal de Taxistas (taxi art. 4 I; 20), as the law names it.
            "cadastro_cite": render_many(
                service_citations(current_municipality(), Service.TAXI, "cadastro")
            ),
        },
    )
