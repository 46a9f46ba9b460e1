"""Routes for vehicles (/registry/vehicles): the vehicle's record with its cargo equipment and its
number in the Cadastro Municipal de Taxistas."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema, Status

from outorga.core.apikit import IsoDate, acting
from outorga.core.apipages import paged

from ..models import Person, Vehicle
from ..selectors import registry_law
from ..services.vehicles import (
    VEHICLE_FIELDS,
    vehicle_owner_change,
    vehicle_register,
    vehicle_update,
)
from .common import READ_ERRORS, WRITE_ERRORS, correction, law_of_service
from .router import router


class VehicleIn(Schema):
    owner_id: int
    plate: str
    renavam: str
    chassis: str = ""
    kind: str
    make_model: str
    manufacture_year: int
    model_year: int | None = None
    engine_cc: int | None = None
    colour: str
    doors: int | None = None
    seats: int | None = None
    fuel: str = ""
    cng: bool = False
    rental_category: bool = False
    registration_uf: str
    registration_city: str = ""
    invoice_date: IsoDate | None = None
    # Motofrete cargo equipment (mototaxi law art. 24 §1, §2, §4, §5).
    cargo_device: str = ""
    cargo_within_contran_limits: bool = False
    cargo_mirrors_unobstructed: bool = False
    sidecar: bool = False
    semi_trailer: bool = False
    retroreflective_strips: bool = False
    service: str = "mototaxi"


class CargoOut(Schema):
    """Equipamento de carga do motofrete (mototáxi art. 24 §1, §2, §4, §5)."""

    device: str | None = Field(..., description="baú, grelha ou alforje; null se não há")
    within_contran_limits: bool
    mirrors_unobstructed: bool
    sidecar: bool
    semi_trailer: bool
    retroreflective_strips: bool


class VehicleOut(Schema):
    id: int
    plate: str = Field(..., description="placa, maiúsculas e sem hífen", examples=["QBG1A23"])
    kind: str = Field(..., description="espécie")
    make_model: str = Field(..., description="marca/modelo")
    manufacture_year: int = Field(..., description="ano de fabricação")
    engine_cc: int | None = Field(..., description="cilindrada (cc)")
    colour: str
    model_year: int | None
    doors: int | None
    seats: int | None
    fuel: str
    cng: bool = Field(..., description="kit GNV")
    invoice_date: IsoDate | None = Field(..., description="data da nota fiscal (0 km)")
    cargo: CargoOut
    owner_id: int
    cadastro_number: int | None = Field(
        ..., description="nº no Cadastro Municipal de Taxistas (táxi art. 4, I; art. 20)"
    )

    @staticmethod
    def resolve_cargo(v: Vehicle) -> dict[str, Any]:
        return {
            "device": v.cargo_device or None,
            "within_contran_limits": v.cargo_within_contran_limits,
            "mirrors_unobstructed": v.cargo_mirrors_unobstructed,
            "sidecar": v.sidecar,
            "semi_trailer": v.semi_trailer,
            "retroreflective_strips": v.retroreflective_strips,
        }


@router.get(
    "/vehicles",
    response={200: list[VehicleOut], **READ_ERRORS},
    summary="Veículos",
    operation_id="outorga_registry_api_vehicles",
)
@paged("plate")
def vehicles(request: HttpRequest, plate: str = "") -> QuerySet[Vehicle]:
    qs = Vehicle.objects.all()
    if plate:
        qs = qs.filter(plate__startswith=plate.upper().replace("-", ""))
    return qs


@router.post(
    "/vehicles",
    response={201: VehicleOut, **WRITE_ERRORS},
    summary="Cadastrar veículo (placa e RENAVAM validados; placa já cadastrada: 409 com o id)",
    operation_id="outorga_registry_api_vehicle_create",
)
def vehicle_create(request: HttpRequest, payload: VehicleIn) -> Any:
    data = payload.dict()
    owner = get_object_or_404(Person.objects.all(), pk=data.pop("owner_id"))
    v = vehicle_register(
        **acting(request),
        law=law_of_service(data.pop("service")),
        owner=owner,
        data=data,
    )
    return Status(201, v)


@router.get(
    "/vehicles/{vehicle_id}",
    response={200: VehicleOut, **READ_ERRORS},
    summary="Um veículo",
    operation_id="outorga_registry_api_vehicle_detail",
)
def vehicle_detail(request: HttpRequest, vehicle_id: int) -> Vehicle:
    return get_object_or_404(Vehicle.objects.all(), pk=vehicle_id)


class VehiclePatch(Schema):
    """A correction of the record: only the fields sent change; ``reason`` is kept in the act. The
    owner changes only by ``POST /vehicles/{id}/owner``."""

    reason: str = Field(..., description="motivo da alteração (fica no ato)", max_length=300)
    plate: str | None = None
    renavam: str | None = None
    chassis: str | None = None
    kind: str | None = None
    make_model: str | None = None
    manufacture_year: int | None = None
    model_year: int | None = None
    engine_cc: int | None = None
    colour: str | None = None
    doors: int | None = None
    seats: int | None = None
    fuel: str | None = None
    cng: bool | None = None
    rental_category: bool | None = None
    registration_uf: str | None = None
    registration_city: str | None = None
    invoice_date: IsoDate | None = None
    cargo_device: str | None = None
    cargo_within_contran_limits: bool | None = None
    cargo_mirrors_unobstructed: bool | None = None
    sidecar: bool | None = None
    semi_trailer: bool | None = None
    retroreflective_strips: bool | None = None


@router.patch(
    "/vehicles/{vehicle_id}",
    response={200: VehicleOut, **WRITE_ERRORS},
    summary="Corrigir o cadastro de um veículo (ato com antes, depois e motivo)",
    operation_id="outorga_registry_api_vehicle_update",
)
def vehicle_update_route(request: HttpRequest, vehicle_id: int, payload: VehiclePatch) -> Any:
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=vehicle_id)
    vehicle = vehicle_update(
        vehicle=vehicle,
        **correction(request, vehicle, VEHICLE_FIELDS, payload, vehicle_id=vehicle.pk),
    )
    return vehicle


class OwnerChangeIn(Schema):
    owner_id: int = Field(..., description="o novo proprietário, já cadastrado")
    on: IsoDate = Field(..., description="data da transferência")
    reason: str = Field(..., description="motivo (venda, doação…), fica no ato", max_length=300)


@router.post(
    "/vehicles/{vehicle_id}/owner",
    response={200: VehicleOut, **WRITE_ERRORS},
    summary="Trocar o proprietário (recusado enquanto serve à permissão ativa de outro titular)",
    operation_id="outorga_registry_api_vehicle_owner_change",
)
def vehicle_owner_route(request: HttpRequest, vehicle_id: int, payload: OwnerChangeIn) -> Any:
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=vehicle_id)
    here = acting(request)
    m = here["municipality"]
    vehicle = vehicle_owner_change(
        **here,
        law=registry_law(m, vehicle_id=vehicle.pk),
        vehicle=vehicle,
        new_owner=get_object_or_404(Person.objects.all(), pk=payload.owner_id),
        on=payload.on,
        reason=payload.reason,
    )
    return vehicle
