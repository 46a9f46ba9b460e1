"""Routes for vehicle changes (/taxi): substitution (every service), reserve vehicle, permuta and
the end of a temporary vehicle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.apikit import IsoDate, acting

from ..models import Vehicle, VehicleChange
from ..services import vehicle_changes as vehicle_change_services
from ..services.vehicle_changes import taxi_reserve_vehicle, taxi_vehicle_swap
from .common import WRITE_ERRORS, OnIn, Route, act_route, acted_permit, created, with_records
from .router import taxi_router


class VehicleChangeOut(Schema):
    id: int
    permit: int = Field(..., validation_alias="permit_id", description="id da permissão")
    kind: str = Field(..., description="reserva, permuta ou substituição")
    from_: str | None = Field(..., alias="from", description="placa do veículo que sai")
    to: str = Field(
        ...,
        validation_alias="to_vehicle.plate",
        description="placa do veículo que entra",
        examples=["QBG1A23"],
    )
    started_on: IsoDate = Field(..., description="início")
    until: IsoDate | None = Field(..., description="até (veículo temporário)")
    status: str

    @staticmethod
    def resolve_from(c: VehicleChange) -> str | None:
        return c.from_vehicle.plate if c.from_vehicle else None


class SwapOut(Schema):
    changes: list[VehicleChangeOut] = Field(..., description="as duas trocas da permuta")


def _change_route(
    step: str, out: type[Schema], summary: str, name: str
) -> Callable[[Route], Route]:
    """``POST /permits/{permit_id}/<path>``: a change of the permit's vehicle, answered 201 with
    the change (or both of a permuta) under the API's names (``from``)."""
    path = f"/permits/{{permit_id}}/{step}"
    return act_route(taxi_router, path, out, summary, f"taxi_{name}", status=201, by_alias=True)


class ReserveIn(Schema):
    vehicle_id: int
    on: IsoDate
    until: IsoDate
    cause: str


@_change_route("reserve-vehicle", VehicleChangeOut, "Veículo reserva (art. 30)", "taxi_reserve")
def taxi_reserve(request: HttpRequest, permit_id: int, payload: ReserveIn) -> Any:
    permit = acted_permit(permit_id, service="taxi")
    change = taxi_reserve_vehicle(
        **acting(request), permit=permit, **with_records(payload, vehicle=Vehicle)
    )
    return created(request, change)


class SwapIn(Schema):
    other_permit_id: int
    on: IsoDate
    checks: dict[str, Any] = {}
    other_checks: dict[str, Any] = {}


@_change_route("swap", SwapOut, "Permuta de veículos (art. 32)", "taxi_swap")
def taxi_swap(request: HttpRequest, permit_id: int, payload: SwapIn) -> Any:
    permit = acted_permit(permit_id, service="taxi")
    other = acted_permit(payload.other_permit_id, service="taxi")
    a, b = taxi_vehicle_swap(
        **acting(request),
        permit=permit,
        other=other,
        on=payload.on,
        checks=payload.checks,
        other_checks=payload.other_checks,
    )
    return created(request, {"changes": [a, b]})


class SubstituteIn(Schema):
    vehicle_id: int
    on: IsoDate
    emergency_until: IsoDate | None = None
    cause: str = ""
    checks: dict[str, Any] = {}
    equipment: list[str] = []


@_change_route(
    "substitute",
    VehicleChangeOut,
    "Substituir o veículo (táxi art. 29; mototáxi art. 2 XXII–XXIII)",
    "vehicle_substitute",
)
def vehicle_substitute(request: HttpRequest, permit_id: int, payload: SubstituteIn) -> Any:
    # Every service's permit: the mototaxi substitution goes through the same service.
    permit = acted_permit(permit_id)
    change = vehicle_change_services.vehicle_substitute(
        **acting(request), permit=permit, **with_records(payload, vehicle=Vehicle)
    )
    return created(request, change)


@taxi_router.post(
    "/vehicle-changes/{change_id}/end",
    response={200: VehicleChangeOut, **WRITE_ERRORS},
    by_alias=True,
    summary="Encerrar veículo temporário",
    operation_id="outorga_registry_api_taxi_vehicle_change_end",
)
def vehicle_change_end(request: HttpRequest, change_id: int, payload: OnIn) -> VehicleChange:
    change = get_object_or_404(VehicleChange.objects.all(), pk=change_id)
    change = vehicle_change_services.vehicle_change_end(
        **acting(request), change=change, on=payload.on
    )
    return change
