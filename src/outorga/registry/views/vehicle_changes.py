"""Screens for vehicle changes: substitution, reserve vehicle (taxi), permuta (taxi) and the end
of a temporary vehicle."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from outorga.core.lawseam import cited_for

from ..forms import OnForm
from ..forms_vehicle_changes import ReserveVehicleForm, SubstituteForm, SwapForm
from ..models import Service, VehicleChange
from ..services import vehicle_changes as vehicle_change_services
from ..services.vehicle_changes import taxi_reserve_vehicle, taxi_vehicle_swap
from ..validation import format_plate
from .common import (
    cites,
    competent,
    permit_done,
    permit_page,
    permit_step,
    picked,
    post_attempt,
    scoped_permit,
)


@competent
def vehicle_substitute(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id)
    taxi = permit.service == Service.TAXI
    form = SubstituteForm(request.POST or None, service=permit.service, law=permit)
    intro = (
        f"Substituição do veículo, com vistoria do novo veículo "
        f"({cites(permit, 'substitution')}); o novo veículo atende aos "
        f"{cited_for(permit, 'vehicle')}."
        if taxi
        else f"Substituição do veículo na mesma permissão ({cites(permit, 'substitution')}) ou, "
        f"por força maior comprovada, substituição emergencial por prazo fixado "
        f"({cites(permit, 'emergency_substitution')}); o novo veículo atende aos "
        f"{cited_for(permit, 'vehicle')}."
    )
    return permit_step(
        request,
        permit,
        form,
        vehicle_change_services.vehicle_substitute,
        lambda d: {
            "vehicle": d["vehicle"],
            "on": d["on"],
            "emergency_until": d.get("emergency_until"),
            "cause": d.get("cause", ""),
            "checks": form.checks() if taxi else None,
            "equipment": d.get("equipment") or [],
        },
        done=lambda d: f"Veículo {format_plate(d['vehicle'].plate)} vinculado.",
        title=f"Substituir o veículo — {permit.number}",
        intro=intro,
        submit="Substituir veículo",
        action="registry.record",
    )


@competent
def vehicle_reserve(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id, service=Service.TAXI)
    return permit_step(
        request,
        permit,
        ReserveVehicleForm(request.POST or None, law=permit),
        taxi_reserve_vehicle,
        picked("vehicle", "on", "until", "cause"),
        done=lambda d: (
            f"Veículo reserva {format_plate(d['vehicle'].plate)} até {d['until']:%d/%m/%Y}."
        ),
        title=f"Veículo reserva — {permit.number}",
        intro=f"Em caso de sinistro, roubo ou furto do veículo, o permissionário pode usar "
        f"veículo reserva por prazo determinado ({cites(permit, 'reserve_vehicle')}).",
        submit="Registrar veículo reserva",
        action="registry.record",
    )


@competent
def vehicle_swap(request: HttpRequest, permit_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id, service=Service.TAXI)
    form = SwapForm(request.POST or None, law=permit)
    return permit_step(
        request,
        permit,
        form,
        taxi_vehicle_swap,
        lambda d: {
            "other": d["other"],
            "on": d["on"],
            "checks": form.checks(),
            "other_checks": form.other_checks(),
        },
        done=lambda d: f"Permuta de veículos com {d['other'].number} registrada.",
        title=f"Permuta de veículos — {permit.number}",
        intro=f"Permuta de veículos entre permissionários: o cadastramento de cada novo veículo "
        f"depende da comprovação de que o outro foi vinculado à outra permissão "
        f"({cites(permit, 'vehicle_swap')}) e da vistoria ({cited_for(permit, 'vehicle_inspection')}). "
        f"As duas trocas são um só "
        f"ato.",
        submit="Registrar permuta",
        action="registry.record",
    )


@competent
def vehicle_change_end(request: HttpRequest, permit_id: int, change_id: int) -> HttpResponse:
    permit = scoped_permit(permit_id)
    change = get_object_or_404(
        VehicleChange.objects.select_related("to_vehicle", "from_vehicle").filter(permit=permit),
        pk=change_id,
    )
    form = OnForm(request.POST or None, label="Encerrada em")
    result = post_attempt(
        request,
        form,
        vehicle_change_services.vehicle_change_end,
        lambda d: {"change": change, "on": d["on"]},
    )
    if result.done:
        return permit_done(request, permit, "Veículo próprio da permissão de volta ao serviço.")
    back = format_plate(change.from_vehicle.plate) if change.from_vehicle else "—"
    return permit_page(
        request,
        permit,
        form,
        result,
        title=f"Encerrar {change.get_kind_display()} — {permit.number}",
        intro=f"O veículo {format_plate(change.to_vehicle.plate)} deixa a permissão e o veículo "
        f"{back} volta ao serviço.",
        submit="Encerrar",
        action="registry.record",
    )
