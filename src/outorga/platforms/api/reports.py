"""The platform's monthly reports through the API (art. 16, D-8)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from ninja import Field, Header, Router, Schema, Status

from outorga.core.apikit import BIGINT_MAX, INT_MAX, Error, IsoDate, Reason
from outorga.platforms.services.reports import monthly_report_submit
from outorga.platforms.tokens import platform_token

from ..models import MonthlyReport
from .common import own, own_list, own_one, platform_acting, token_of

router = Router()


class ReportDriver(Schema):
    cpf: str = Field(..., examples=["52998224725"])
    trips: int = Field(0, ge=0, le=INT_MAX, description="corridas no mês", examples=[212])
    trip_revenue_cents: int = Field(
        ...,
        ge=0,
        le=BIGINT_MAX,
        description="faturamento bruto das corridas (art. 16, III)",
        examples=[845000],
    )
    platform_retention_cents: int = Field(
        0,
        ge=0,
        le=BIGINT_MAX,
        description="valor retido pela plataforma (art. 20 §1)",
        examples=[211250],
    )


class ReportIn(Schema):
    year: int = Field(..., ge=2025, le=2100, examples=[2026])
    month: int = Field(..., ge=1, le=12, examples=[10])
    intermediation_revenue_cents: int = Field(
        ...,
        ge=0,
        le=BIGINT_MAX,
        description="faturamento da intermediação (art. 16, II)",
        examples=[1250000],
    )
    drivers: list[ReportDriver] = Field(
        ..., description="motoristas ativos no mês (art. 16, I) e faturamento de cada um (III)"
    )


class ReportOut(Schema):
    id: int
    year: int
    month: int
    version: int
    status: str
    due: IsoDate
    complete: bool
    summary: str
    fundamentos: list[Reason]
    avisos: list[str]


class ReportRow(Schema):
    id: int
    year: int
    month: int
    version: int
    status: str
    active_drivers: int
    trips: int | None
    intermediation_revenue_cents: int | None = Field(
        None,
        description=(
            "faturamento da intermediação declarado (art. 16, II); null quando a versão foi "
            "enviada sem ele (relatório incompleto), nunca 0"
        ),
    )
    trip_revenue_cents: int
    submitted_at: dt.datetime
    body_sha256: str

    @staticmethod
    def resolve_intermediation_revenue_cents(obj: MonthlyReport) -> int | None:
        return obj.declared_intermediation_revenue_cents


@router.post(
    "/platform/reports",
    auth=platform_token("report"),
    response={200: ReportOut, 201: ReportOut, 400: Error, 422: Error},
    summary="Enviar relatório mensal (art. 16), idempotente",
    description=(
        "Cabeçalho obrigatório `Idempotency-Key` (até 100 caracteres). Mesma chave e mesmo "
        "conteúdo: a mesma resposta (**200**) e um só registro. Mesma chave com outro conteúdo: "
        "**422**. Novo envio do mesmo mês com nova chave: nova versão (**201**); todas as versões "
        "ficam guardadas. O prazo é o último dia útil do mês seguinte (decisão D-8)."
    ),
    operation_id="outorga_platforms_api_platform_report_submit",
)
def platform_report_submit(
    request: HttpRequest,
    payload: ReportIn,
    idempotency_key: str = Header("", alias="Idempotency-Key"),
) -> Any:
    token = token_of(request)
    if not idempotency_key.strip():
        return Status(
            400,
            {
                "detail": "Cabeçalho Idempotency-Key obrigatório.",
                "erros": [{"campo": "Idempotency-Key", "erro": "ausente"}],
            },
        )
    report, created = monthly_report_submit(
        **platform_acting(request),
        platform=token.platform,
        idempotency_key=idempotency_key,
        body=payload.dict(),
    )
    return Status((201 if created else 200), report.response)


@own_list(
    router,
    "/platform/reports",
    list[ReportRow],
    "-year",
    "-month",
    "-version",
    summary="Relatórios enviados (todas as versões)",
    operation_id="outorga_platforms_api_platform_reports",
)
def platform_reports(request: HttpRequest) -> Any:
    return own(request, MonthlyReport.objects.all())


@router.get(
    "/platform/reports/{report_id}",
    auth=platform_token("read"),
    response=ReportOut,
    summary="A resposta dada a um relatório",
    operation_id="outorga_platforms_api_platform_report_detail",
)
def platform_report_detail(request: HttpRequest, report_id: int) -> Any:
    return own_one(request, MonthlyReport.objects.all(), report_id).response
