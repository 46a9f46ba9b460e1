"""The proposal cases against the platform and its defence through the API (art. 26 IV)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, platform_auth
from outorga.core.apipages import paged
from outorga.platforms.services.cases import platform_case_defend

from ..models import PlatformCase
from .common import own, own_one, platform_actor, token_of

router = Router()


class CaseOut(Schema):
    id: int
    kind: str
    status: str
    infraction_on: dt.date
    grounds: str
    suspension_days: int | None
    notice_on: dt.date
    defence_until: dt.date
    defence_filed_at: dt.datetime | None
    decision_text: str


class DefenceIn(Schema):
    text: str = Field(..., min_length=1)


@router.get(
    "/platform/cases",
    auth=platform_auth,
    response=list[CaseOut],
    summary="Processos de suspensão ou cancelamento contra a plataforma",
    operation_id="outorga_platforms_api_platform_cases",
)
@paged("-proposed_at")
def platform_cases(request: HttpRequest) -> Any:
    return own(request, PlatformCase.objects.all())


@router.post(
    "/platform/cases/{case_id}/defence",
    auth=platform_auth,
    response={200: CaseOut, 409: Error, 422: Error},
    summary="Apresentar defesa (art. 26, parágrafo único)",
    operation_id="outorga_platforms_api_platform_case_defence",
)
def platform_case_defence(request: HttpRequest, case_id: int, payload: DefenceIn) -> Any:
    token = token_of(request)
    case = own_one(request, PlatformCase.objects.all(), case_id)
    case = platform_case_defend(
        actor=platform_actor(request),
        municipality=token.municipality,
        case=case,
        text=payload.text,
    )
    return Status(200, case)
