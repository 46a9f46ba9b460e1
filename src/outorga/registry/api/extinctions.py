"""Routes for the taxi permission's extinction case (art. 15, /taxi): opened, notified, defended,
decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.apikit import IsoDate, acting

from ..models import ExtinctionCase
from ..services import extinctions as extinction_services
from ..services.extinctions import extinction_defence_file
from .common import READ_ERRORS, WRITE_ERRORS, Route, act_route, acted_permit, created
from .router import taxi_router


class ExtinctionCaseOut(Schema):
    """Processo de extinção da permissão de táxi (art. 15)."""

    id: int
    number: int = Field(..., description="número do processo")
    permit: int = Field(..., validation_alias="permit_id", description="id da permissão")
    cause: str = Field(..., description="causa (art. 15)")
    inciso: str = Field(..., description="inciso do art. 15", examples=["III"])
    facts: str = Field(..., description="fatos constatados")
    opened_on: IsoDate = Field(..., description="instaurado em")
    notified_on: IsoDate | None = Field(..., description="notificado em")
    defence_deadline: IsoDate | None = Field(..., description="prazo de defesa")
    defence_filed_on: IsoDate | None = Field(..., description="defesa apresentada em")
    status: str
    status_label: str = Field(..., validation_alias="get_status_display")
    decided_on: IsoDate | None = Field(..., description="decidido em")
    grounds: str = Field(..., description="fundamentação da decisão")
    decision: dict[str, Any] = Field(..., description="fundamentos, com os artigos")


def _case_act(
    request: HttpRequest, case_id: int, act: Callable[..., ExtinctionCase], **fields: Any
) -> ExtinctionCase:
    """The step in the extinction case by the servant asking here, answered with the case."""
    case = get_object_or_404(ExtinctionCase.objects.all(), pk=case_id)
    return act(**acting(request), case=case, **fields)


def _case_step(step: str, summary: str, name: str) -> Callable[[Route], Route]:
    """A step in the extinction case posted to ``/extinction-cases/{case_id}/<step>``, answered
    with the case (:func:`_case_act`)."""
    path = f"/extinction-cases/{{case_id}}/{step}"
    return act_route(taxi_router, path, ExtinctionCaseOut, summary, f"taxi_extinction_{name}")


class ExtinctionIn(Schema):
    cause: str
    facts: str
    on: IsoDate
    notified_on: IsoDate | None = None


@taxi_router.post(
    "/permits/{permit_id}/extinction-cases",
    response={201: ExtinctionCaseOut, **WRITE_ERRORS},
    summary="Instaurar processo de extinção (art. 15)",
    operation_id="outorga_registry_api_taxi_extinction_open",
)
def extinction_open(request: HttpRequest, permit_id: int, payload: ExtinctionIn) -> Any:
    permit = acted_permit(permit_id, service="taxi")
    case = extinction_services.extinction_open(**acting(request), permit=permit, **payload.dict())
    return created(request, case)


@taxi_router.get(
    "/extinction-cases/{case_id}",
    response={200: ExtinctionCaseOut, **READ_ERRORS},
    summary="Um processo de extinção",
    operation_id="outorga_registry_api_taxi_extinction_detail",
)
def extinction_detail(request: HttpRequest, case_id: int) -> ExtinctionCase:
    return get_object_or_404(ExtinctionCase.objects.all(), pk=case_id)


class NotifyIn(Schema):
    notified_on: IsoDate


@_case_step("notify", "Registrar a notificação", "notify")
def extinction_notify(request: HttpRequest, case_id: int, payload: NotifyIn) -> ExtinctionCase:
    return _case_act(request, case_id, extinction_services.extinction_notify, **payload.dict())


class DefenceIn(Schema):
    text: str
    on: IsoDate


@_case_step("defence", "Apresentar defesa", "defence")
def extinction_defence(request: HttpRequest, case_id: int, payload: DefenceIn) -> ExtinctionCase:
    return _case_act(request, case_id, extinction_defence_file, **payload.dict())


class DecisionIn(Schema):
    extinguish: bool
    grounds: str
    on: IsoDate


@_case_step("decision", "Decidir (autoridade competente, D-3)", "decide")
def extinction_decide(request: HttpRequest, case_id: int, payload: DecisionIn) -> ExtinctionCase:
    return _case_act(request, case_id, extinction_services.extinction_decide, **payload.dict())
