"""Routes for permits of every service: the list, the grant (mototaxi and motofrete at
/registry/permits, taxi with its Termo at /taxi/permits), the detail with its history and the taxi
transfer."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema, Status

from outorga.core.apikit import IsoDate, acting
from outorga.core.apipages import paged

from ..models import Permit, Person, Tender, Vehicle
from ..services.permits import permit_grant, taxi_permit_grant, taxi_permit_transfer
from .common import (
    READ_ERRORS,
    SAFETY_GEAR,
    WRITE_ERRORS,
    PermitOut,
    TermOut,
    acted_permit,
    created,
    filtered,
    safety_gear_said,
    with_records,
)
from .router import router, taxi_router


class GrantIn(Schema):
    holder_id: int
    vehicle_id: int
    service: str
    tender_id: int | None = None
    granted_on: IsoDate
    term_years: int | None = Field(
        None,
        description="prazo inicial em anos (mototáxi e motofrete, art. 6); omitido, o máximo "
        "do art. 6 em vigor na data da outorga",
    )
    decree: str = ""
    equipment: list[str] = []
    safety_gear: bool | None = Field(None, description=SAFETY_GEAR)


class PermitHistoryOut(Schema):
    from_: str = Field(
        ...,
        validation_alias="from_status",
        serialization_alias="from",
        description="situação anterior",
    )
    to: str = Field(..., validation_alias="to_status", description="nova situação")
    effective_on: IsoDate = Field(..., description="a partir de")
    reason: str = Field(..., description="motivo")


class PermitDetailOut(PermitOut):
    history: list[PermitHistoryOut] = Field(..., description="histórico de situações")


def _grant_fields(payload: GrantIn | TaxiGrantIn) -> dict[str, Any]:
    """The grant's fields as the service takes them: the holder, the vehicle and the tender (if
    any) the body names, each in this municipality."""
    fields = with_records(payload, holder=Person, vehicle=Vehicle)
    tender_id = fields.pop("tender_id")
    fields["tender"] = get_object_or_404(Tender.objects.all(), pk=tender_id) if tender_id else None
    return fields


@router.get(
    "/permits",
    response={200: list[PermitOut], **READ_ERRORS},
    summary="Permissões",
    operation_id="outorga_registry_api_permits",
)
@paged("service", "registration_number")
def permits(request: HttpRequest, service: str = "", status: str = "") -> QuerySet[Permit]:
    qs = Permit.objects.select_related("holder", "vehicle")
    return filtered(qs, service=service, status=status)


@router.post(
    "/permits",
    response={201: PermitOut, **WRITE_ERRORS},
    summary="Outorgar permissão (cota, elegibilidade e numeração)",
    operation_id="outorga_registry_api_permit_create",
)
def permit_create(request: HttpRequest, payload: GrantIn) -> Any:
    safety_gear_said(service=payload.service, on=payload.granted_on, said=payload.safety_gear)
    permit = permit_grant(**acting(request), **_grant_fields(payload))
    return Status(201, permit)


@router.get(
    "/permits/{permit_id}",
    response={200: PermitDetailOut, **READ_ERRORS},
    by_alias=True,
    summary="Uma permissão, com o histórico",
    operation_id="outorga_registry_api_permit_detail",
)
def permit_detail(request: HttpRequest, permit_id: int) -> Permit:
    return get_object_or_404(Permit.objects.select_related("holder", "vehicle"), pk=permit_id)


class TaxiPermitOut(Schema):
    id: int
    number: str = Field(..., description="número da permissão")
    registration_number: int = Field(..., description="número de registro")
    category: str = Field(
        ...,
        validation_alias="taxi_category",
        description="categoria do táxi",
        examples=["convencional"],
    )
    holder: int = Field(..., validation_alias="holder_id", description="id do permissionário")
    vehicle: str | None = Field(..., description="placa do veículo vinculado")
    status: str = Field(..., examples=["active"])
    term_end: IsoDate = Field(..., description="fim do prazo")

    @staticmethod
    def resolve_vehicle(p: Permit) -> str | None:
        return p.vehicle.plate if p.vehicle else None


class TaxiGrantOut(TaxiPermitOut):
    term: TermOut


class TaxiGrantIn(Schema):
    holder_id: int
    vehicle_id: int
    category: str = "convencional"
    signed_on: IsoDate
    option: str = "I"
    mode: str = "pagamento"
    instalments: int = 1
    tender_id: int | None = None
    decree: str = ""
    checks: dict[str, Any] = {}
    declarations: list[str] = []


@taxi_router.post(
    "/permits",
    response={201: TaxiGrantOut, **WRITE_ERRORS},
    summary="Outorgar permissão de táxi e assinar o Termo (art. 3, 10)",
    operation_id="outorga_registry_api_taxi_taxi_grant",
)
def taxi_grant(request: HttpRequest, payload: TaxiGrantIn) -> Any:
    permit = taxi_permit_grant(**acting(request), **_grant_fields(payload))
    return created(request, permit)


class TransferIn(Schema):
    successor_id: int
    event: str
    on: IsoDate
    proof: str
    declarations: list[str] = []
    checks: dict[str, Any] = {}


@taxi_router.post(
    "/permits/{permit_id}/transfer",
    response={200: TaxiPermitOut, **WRITE_ERRORS},
    summary="Transferir por falecimento ou incapacidade (art. 13)",
    operation_id="outorga_registry_api_taxi_taxi_transfer",
)
def taxi_transfer(request: HttpRequest, permit_id: int, payload: TransferIn) -> Permit:
    permit = acted_permit(permit_id, service="taxi")
    permit = taxi_permit_transfer(
        **acting(request), permit=permit, **with_records(payload, successor=Person)
    )
    return permit
