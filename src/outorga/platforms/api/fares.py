"""The platform's fare tables through the API (art. 5–10)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import INT_MAX, Error, IsoDate, Reason
from outorga.platforms.services.fares import fare_table_publish
from outorga.platforms.tokens import platform_token

from ..models import FareTable
from .common import own, own_list, platform_acting, refused_record, stored_reasons, token_of

router = Router()


class FareExtra(Schema):
    name: str = Field(..., examples=["bagagem"])
    amount_cents: int = Field(..., ge=0, le=INT_MAX, examples=[300])


class FareIn(Schema):
    base_fare_cents: int = Field(
        ..., ge=0, le=INT_MAX, description="tarifa base (art. 6, I)", examples=[500]
    )
    per_km_cents: int = Field(
        ..., ge=0, le=INT_MAX, description="por km (art. 6, II)", examples=[210]
    )
    per_minute_cents: int = Field(
        ..., ge=0, le=INT_MAX, description="por minuto (art. 6, III)", examples=[35]
    )
    extras: list[FareExtra] = Field(default_factory=list, description="taxas adicionais (IV)")
    dynamic_max_percent: Decimal | None = Field(
        None,
        ge=0,
        max_digits=6,
        decimal_places=2,
        description="acréscimo máximo da tarifa dinâmica em % (art. 9–10); 50 = até 1,5×",
        examples=["50"],
    )
    valid_from: IsoDate | None = Field(None, description="vigência; padrão: hoje")


class FareOut(Schema):
    id: int
    base_fare_cents: int
    per_km_cents: int
    per_minute_cents: int
    extras: list[dict[str, Any]]
    dynamic_max_percent: Decimal | None
    valid_from: IsoDate
    status: Literal["accepted", "pending", "refused"]
    published_at: dt.datetime
    summary: str = ""
    fundamentos: list[Reason] = []

    @staticmethod
    def resolve_summary(t: FareTable) -> str:
        return t.decision.get("summary", "")

    @staticmethod
    def resolve_fundamentos(t: FareTable) -> list[dict[str, Any]]:
        return stored_reasons(t.decision.get("reasons", []))


@own_list(
    router,
    "/platform/fares",
    list[FareOut],
    "-published_at",
    summary="Histórico das tabelas de tarifas publicadas",
    operation_id="outorga_platforms_api_platform_fares",
)
def platform_fares(request: HttpRequest) -> Any:
    return own(request, FareTable.objects.all())


@router.post(
    "/platform/fares",
    auth=platform_token("fares"),
    response={201: FareOut, 403: Error, 422: Error},
    summary="Publicar tabela de tarifas (art. 6, limites do art. 7, tarifa dinâmica art. 9)",
    description=(
        "**201** com `status` `accepted` (dentro dos limites) ou `pending` (o Executivo ainda não "
        "fixou os limites, art. 7). **422** quando falta item da tabela ou algum valor — inclusive "
        "com o acréscimo dinâmico máximo — passa do limite. Toda publicação fica no histórico. **403** enquanto o credenciamento "
        "está suspenso ou depois de cancelado (art. 26, IV)."
    ),
    operation_id="outorga_platforms_api_platform_fare_publish",
)
def platform_fare_publish(request: HttpRequest, payload: FareIn) -> Any:
    token = token_of(request)
    table, decision = fare_table_publish(
        **platform_acting(request),
        platform=token.platform,
        base_fare_cents=payload.base_fare_cents,
        per_km_cents=payload.per_km_cents,
        per_minute_cents=payload.per_minute_cents,
        extras=[e.dict() for e in payload.extras],
        dynamic_max_percent=payload.dynamic_max_percent,
        valid_from=payload.valid_from,
    )
    if table.status == FareTable.Status.REFUSED:
        return refused_record("Tabela recusada", [decision], table.pk)
    return Status(201, table)
