"""Complaints forwarded to and answered by the platform through the API (art. 11 III, art. 15)."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate
from outorga.platforms.services.complaints import complaint_answer, complaint_forward
from outorga.platforms.tokens import platform_token

from ..models import Complaint
from .common import in_status, own, own_list, own_step, platform_acting, token_of

router = Router()


class ComplaintIn(Schema):
    description: str = Field(..., min_length=1, examples=["Motorista recusou a corrida."])
    filed_on: IsoDate = Field(..., description="dia em que o usuário reclamou na plataforma")
    platform_reference: str = Field("", examples=["TCK-88812"])
    occurred_on: IsoDate | None = None


class AnswerIn(Schema):
    answer: str = Field(..., min_length=1, examples=["Motorista orientado; valor estornado."])


class ComplaintOut(Schema):
    id: int
    protocol: str
    source: str
    platform_reference: str
    description: str
    occurred_on: IsoDate | None
    filed_on: IsoDate
    deadline: IsoDate
    status: str
    answer: str
    answered_on: IsoDate | None


@own_list(
    router,
    "/platform/complaints",
    list[ComplaintOut],
    "-filed_at",
    summary="Reclamações da plataforma (do formulário público e encaminhadas)",
    operation_id="outorga_platforms_api_platform_complaints",
)
def platform_complaints(
    request: HttpRequest, status: Literal["open", "answered"] | None = None
) -> Any:
    return in_status(own(request, Complaint.objects.all()), status)


@router.post(
    "/platform/complaints",
    auth=platform_token("complaint"),
    response={201: ComplaintOut, 422: Error},
    summary="Encaminhar reclamação recebida pelo canal da plataforma (art. 11, III)",
    operation_id="outorga_platforms_api_platform_complaint_forward",
)
def platform_complaint_forward(request: HttpRequest, payload: ComplaintIn) -> Any:
    token = token_of(request)
    c = complaint_forward(
        **platform_acting(request),
        platform=token.platform,
        description=payload.description,
        filed_on=payload.filed_on,
        platform_reference=payload.platform_reference,
        occurred_on=payload.occurred_on,
    )
    return Status(201, c)


@router.post(
    "/platform/complaints/{complaint_id}/answer",
    auth=platform_token("complaint"),
    response={200: ComplaintOut, 409: Error, 422: Error},
    summary="Responder reclamação (prazo de 5 dias úteis, art. 15)",
    operation_id="outorga_platforms_api_platform_complaint_answer",
)
def platform_complaint_answer(request: HttpRequest, complaint_id: int, payload: AnswerIn) -> Any:
    complaints = Complaint.objects.all()
    return own_step(
        request, complaints, complaint_id, complaint_answer, "complaint", **payload.dict()
    )
