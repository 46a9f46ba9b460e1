"""Routes for a permit's status (/registry/permits/{id}/…): suspension, reinstatement, renúncia,
reserve and its end."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from ninja import Schema

from ..services import permit_status as permit_status_services
from .common import WRITE_ERRORS, DatedText, PermitOut, permit_act
from .router import router


class SuspendIn(Schema):
    days: int
    start: dt.date
    reason: str


@router.post(
    "/permits/{permit_id}/suspend",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Suspender (autoridade, art. 34)",
    operation_id="outorga_registry_api_permit_suspend",
)
def permit_suspend(request: HttpRequest, permit_id: int, payload: SuspendIn) -> dict[str, Any]:
    return permit_act(
        request,
        permit_id,
        permit_status_services.permit_suspend,
        days=payload.days,
        start=payload.start,
        reason=payload.reason,
    )


class ReinstateIn(DatedText):
    #: Mototaxi art. 32 §2: the recorded document that proves the irregularities were remedied.
    document_id: int | None = None


@router.post(
    "/permits/{permit_id}/reinstate",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Reativar após suspensão (art. 32 §2)",
    operation_id="outorga_registry_api_permit_reinstate",
)
def permit_reinstate(request: HttpRequest, permit_id: int, payload: ReinstateIn) -> Any:
    return permit_act(
        request,
        permit_id,
        permit_status_services.permit_reinstate,
        on=payload.on,
        proof=payload.text,
        document=payload.document_id,
    )


@router.post(
    "/permits/{permit_id}/renounce",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Renúncia a pedido escrito (mototáxi art. 6 §6, art. 2 XX; táxi art. 15 V)",
    operation_id="outorga_registry_api_permit_renounce",
)
def permit_renounce(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    return permit_act(
        request,
        permit_id,
        permit_status_services.permit_renounce,
        on=payload.on,
        request=payload.text,
    )


@router.post(
    "/permits/{permit_id}/reserve",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Colocar em reserva (mototáxi e motofrete, art. 2 XXI)",
    operation_id="outorga_registry_api_permit_reserve",
)
def permit_reserve(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    return permit_act(
        request,
        permit_id,
        permit_status_services.permit_reserve,
        on=payload.on,
        reason=payload.text,
    )


@router.post(
    "/permits/{permit_id}/reserve/end",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Encerrar a reserva (art. 2 XXI)",
    operation_id="outorga_registry_api_permit_reserve_end",
)
def permit_reserve_end(request: HttpRequest, permit_id: int, payload: DatedText) -> Any:
    return permit_act(
        request,
        permit_id,
        permit_status_services.permit_reserve_end,
        on=payload.on,
        reason=payload.text,
    )
