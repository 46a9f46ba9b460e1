"""Routes for auxiliaries: added to a permit (mototaxi and motofrete at /registry, taxi in the
Cadastro at /taxi), their credential renewed, removed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema, Status

from outorga.core.apikit import IsoDate, acting

from ..models import Auxiliary, Person
from ..services import auxiliaries as auxiliary_services
from ..services.auxiliaries import taxi_auxiliary_add
from .common import (
    SAFETY_GEAR,
    WRITE_ERRORS,
    DatedText,
    acted_permit,
    created,
    safety_gear_said,
    with_records,
)
from .router import router, taxi_router


class AuxIn(Schema):
    person_id: int
    on: IsoDate
    work_schedule: str = ""
    indication: str = Field(
        "",
        description="mototáxi e motofrete: protocolo ou documento da indicação por escrito do "
        "permissionário (art. 14, §1); sem ela, a lei recusa",
    )
    safety_gear: bool | None = Field(None, description=SAFETY_GEAR)


class AuxiliaryOut(Schema):
    id: int
    credential_valid_until: IsoDate | None = Field(
        ..., description="credencial válida até (mototáxi art. 14 §2; táxi art. 21)"
    )


class AuxiliaryStatusOut(Schema):
    id: int
    status: str = Field(..., description="situação do auxiliar", examples=["removed"])


@router.post(
    "/permits/{permit_id}/auxiliaries",
    response={201: AuxiliaryOut, **WRITE_ERRORS},
    summary="Indicar condutor auxiliar (art. 14)",
    operation_id="outorga_registry_api_auxiliary_add",
)
def auxiliary_add(request: HttpRequest, permit_id: int, payload: AuxIn) -> Any:
    p = acted_permit(permit_id)
    safety_gear_said(service=p.service, on=payload.on, said=payload.safety_gear, auxiliary=True)
    aux = auxiliary_services.auxiliary_add(
        **acting(request), permit=p, **with_records(payload, person=Person)
    )
    return Status(201, {"id": aux.pk, "credential_valid_until": aux.credential_valid_until})


def _auxiliary_act(
    request: HttpRequest,
    aux_id: int,
    act: Callable[..., Auxiliary],
    *,
    check: Callable[[Auxiliary], None] | None = None,
    **fields: Any,
) -> Auxiliary:
    """The act on the auxiliary by the servant asking here; ``check`` refuses first what the
    body left out for this auxiliary's permit."""
    aux = get_object_or_404(Auxiliary.objects.select_related("permit"), pk=aux_id)
    if check is not None:
        check(aux)
    return act(**acting(request), auxiliary=aux, **fields)


class AuxRenewIn(Schema):
    on: IsoDate
    work_schedule: str = ""
    #: Taxi only: declarations shown at the counter and the inspection's findings (art. 22).
    declarations: list[str] = []
    checks: dict[str, Any] = {}
    safety_gear: bool | None = Field(None, description=SAFETY_GEAR)


@router.post(
    "/auxiliaries/{aux_id}/renew",
    response={200: AuxiliaryOut, **WRITE_ERRORS},
    summary="Renovar a credencial do auxiliar (mototáxi art. 14 §2; táxi art. 21)",
    operation_id="outorga_registry_api_auxiliary_renew",
)
def auxiliary_renew(request: HttpRequest, aux_id: int, payload: AuxRenewIn) -> Any:
    aux = _auxiliary_act(
        request,
        aux_id,
        auxiliary_services.auxiliary_renew,
        check=lambda a: safety_gear_said(
            service=a.permit.service, on=payload.on, said=payload.safety_gear, auxiliary=True
        ),
        **payload.dict(),
    )
    return {"id": aux.pk, "credential_valid_until": aux.credential_valid_until}


@router.post(
    "/auxiliaries/{aux_id}/remove",
    response={200: AuxiliaryStatusOut, **WRITE_ERRORS},
    summary="Desligar condutor auxiliar",
    operation_id="outorga_registry_api_auxiliary_remove",
)
def auxiliary_remove(request: HttpRequest, aux_id: int, payload: DatedText) -> Any:
    aux = _auxiliary_act(
        request, aux_id, auxiliary_services.auxiliary_remove, on=payload.on, reason=payload.text
    )
    return {"id": aux.pk, "status": aux.status}


class TaxiAuxiliaryOut(Schema):
    id: int
    registration_number: int | None = Field(..., description="nº no Cadastro (art. 20)")


class TaxiAuxiliaryIn(Schema):
    person_id: int
    on: IsoDate
    declarations: list[str] = []
    checks: dict[str, Any] = {}
    work_schedule: str = ""


@taxi_router.post(
    "/permits/{permit_id}/auxiliaries",
    response={201: TaxiAuxiliaryOut, **WRITE_ERRORS},
    summary="Cadastrar taxista auxiliar (art. 20)",
    operation_id="outorga_registry_api_taxi_taxi_auxiliary",
)
def taxi_auxiliary(request: HttpRequest, permit_id: int, payload: TaxiAuxiliaryIn) -> Any:
    permit = acted_permit(permit_id, service="taxi")
    aux = taxi_auxiliary_add(
        **acting(request), permit=permit, **with_records(payload, person=Person)
    )
    return created(request, {"id": aux.pk, "registration_number": aux.registration_number})
