"""The proposal cases against the platform and its defence through the API (art. 26 IV)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from outorga.core.apikit import Error, IsoDate
from outorga.law.citations import lei_9784
from outorga.platforms.services.cases import platform_case_appeal_file, platform_case_defend
from outorga.platforms.tokens import platform_token

from ..models import PlatformCase, PlatformCaseAppeal
from .common import own, own_list, own_step

router = Router()


class CaseAppealOut(Schema):
    id: int
    channel: str
    filed_on: IsoDate
    deadline: IsoDate | None = Field(..., description="último dia do prazo de recurso")
    reconsider_until: IsoDate | None
    result: str = Field(..., description="pending, upheld, partial ou dismissed")
    decided_on: IsoDate | None
    reasoning: str


class CaseOut(Schema):
    id: int
    kind: str
    status: str
    infraction_on: IsoDate
    grounds: str
    suspension_days: int | None
    notice_on: IsoDate
    defence_until: IsoDate
    defence_filed_at: dt.datetime | None
    decision_text: str
    decision_notice_on: IsoDate | None = Field(
        ..., description="data legal da notificação da decisão (decisão D-4)"
    )
    appeal: CaseAppealOut | None

    @staticmethod
    def resolve_appeal(c: PlatformCase) -> PlatformCaseAppeal | None:
        return PlatformCaseAppeal.objects.filter(case=c).first()


class DefenceIn(Schema):
    text: str = Field(..., min_length=1)


@own_list(
    router,
    "/platform/cases",
    list[CaseOut],
    "-proposed_at",
    summary="Processos de suspensão ou cancelamento contra a plataforma",
    operation_id="outorga_platforms_api_platform_cases",
)
def platform_cases(request: HttpRequest) -> Any:
    return own(request, PlatformCase.objects.all())


@router.post(
    "/platform/cases/{case_id}/defence",
    auth=platform_token("defence"),
    response={200: CaseOut, 409: Error, 422: Error},
    summary="Apresentar defesa (art. 26, parágrafo único)",
    operation_id="outorga_platforms_api_platform_case_defence",
)
def platform_case_defence(request: HttpRequest, case_id: int, payload: DefenceIn) -> Any:
    cases = PlatformCase.objects.all()
    return own_step(request, cases, case_id, platform_case_defend, "case", **payload.dict())


class CaseAppealIn(Schema):
    text: str = Field(..., min_length=1, max_length=8000, description="razões do recurso")


@router.post(
    "/platform/cases/{case_id}/appeal",
    auth=platform_token("defence"),
    response={201: CaseOut, 409: Error, 422: Error},
    summary="Recorrer da suspensão ou do cancelamento do credenciamento (art. 26, IV e "
    "parágrafo único)",
    description=(
        f"Prazo do regulamento ou 10 dias da notificação da decisão ({lei_9784(59)}; "
        f"decisões D-4, D-17); sem efeito suspensivo ({lei_9784(61)}). **422**: fora do prazo, "
        "com o artigo."
    ),
    operation_id="outorga_platforms_api_platform_case_appeal",
)
def platform_case_appeal(request: HttpRequest, case_id: int, payload: CaseAppealIn) -> Any:
    cases, fields = PlatformCase.objects.all(), {**payload.dict(), "channel": "api"}
    return own_step(request, cases, case_id, platform_case_appeal_file, "case", 201, **fields)
