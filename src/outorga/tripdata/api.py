"""API of trip and session data (apps art. 21, 24): platforms upload a month's file; processing
runs in the background and its progress and validation report are read here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, File, Form, Router, Schema, Status
from ninja.files import UploadedFile
from ninja.security import django_auth

from outorga.core.apikit import respond
from outorga.core.apipages import Rows, paged
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.platforms.api.common import platform_actor, token_of
from outorga.platforms.models import Platform
from outorga.platforms.tokens import platform_token

from . import selectors
from .models import PlatformMonth, TripUpload
from .services import common, receiving

router = Router(tags=["dados de corridas"])
#: The files' JSON Schemas, public (a platform validates before sending), mounted at
#: /api/v1/public/schemas/ by the assembled API.
schemas_router = Router(tags=["dados de corridas"])
SCHEMAS_DIR = Path(__file__).resolve().parent / "schemas"
SCHEMA_FILES = (
    "trips-native.json",
    "sessions-native.json",
    "trips-mds-2.0.json",
    "vehicles-mds-2.0.json",
)
#: The session (staff routes also check the role, ``selectors.require_reader``).
staff = django_auth

SCHEMA_DOC = """
**Esquema nativo — corridas** (CSV com cabeçalho, Parquet ou NDJSON; uma linha por corrida):

| campo | tipo | unidade | obrigatório |
|---|---|---|---|
| `trip_id` | texto | — | sim (único no arquivo) |
| `driver_cpf` | texto, 11 dígitos | — | sim |
| `vehicle_plate` | texto, 7 caracteres | — | sim |
| `start_time` | data-hora ISO 8601 com fuso | — | sim |
| `end_time` | data-hora ISO 8601 com fuso | — | sim |
| `distance_m` | inteiro | metros | sim |
| `duration_s` | inteiro | segundos | sim |
| `fare_cents` | inteiro | centavos | sim (valor pago pelo passageiro) |
| `retention_cents` | inteiro | centavos | sim (retenção da plataforma) |
| `extras_cents` | inteiro | centavos | não (adicionais declarados) |

**Sessões** (motorista on-line): `driver_cpf`, `start_time`, `end_time` (obrigatórios),
`session_id` (opcional).

**MDS 2.0 (passenger services)**: NDJSON, um objeto *Trip* por linha (ou o envelope
`{"version": "2.0.0", "trips": [...]}`: de versão diferente de 2.x, ou sem a lista `trips`, é
recusado inteiro), como no esquema publicado pela Open Mobility Foundation:
`trip_type` como lista de um valor ou texto; `trip_attributes.driver_id` = CPF (ou a CNH do
cadastro);
`start_time`/`end_time` em milissegundos, `distance` (m), `duration` (s), `actual_cost`
(centavos, obrigatório na corrida paga), `currency` = `BRL`; retenção = `actual_cost −
fare_attributes.driver_trip_pay` (ausente ou null: retenção desconhecida; `commission`, "comissão
extra" no MDS, não é a retenção). `fare_attributes.payment_type` `no_payment`: corrida sem receita;
`test`: corrida de teste, fora das contagens. A placa vem do
`device_id` (obrigatório) por um envio `kind=vehicles` (MDS `/vehicles`,
`vehicle_attributes.license_plate`).
O que a lei não pode usar é recusado linha a linha, com o tipo de ocorrência — nunca lido como zero.

Esquemas JSON: `/api/v1/public/schemas/trips-native.json`, `sessions-native.json`,
`trips-mds-2.0.json`, `vehicles-mds-2.0.json`.

Amostra: `docs/samples/trips-sample.csv`; descrição completa: `docs/trip-data-schema.md`.
"""


def _instant(name: str, text: str | None) -> dt.datetime | None:
    """An instant of the form (ISO 8601; its offset is checked by the service)."""
    if not text:
        return None
    try:
        return dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise common.TripDataError(
            f"{name} ilegível: use ISO 8601 com o deslocamento, como 2026-10-01T07:00:00-04:00.",
            field=name,
        ) from None


def _error(request: HttpRequest, exc: common.TripDataError) -> HttpResponse:
    erros = [{"campo": exc.field, "erro": str(exc)}] if exc.field else []
    m, concepts = current_municipality(), ("trip_records", "inspection_access")
    return respond(
        request,
        {
            "detail": str(exc),
            "erros": erros,
            # As every refusal of the platform API (docs/platforms-api.md); ``fundamento`` kept
            # for clients written against the first version.
            "citacoes": [c.render() for c in common.trip_cites(m, *concepts)],
            "fundamento": common.trip_cited(m, *concepts),
        },
        status=exc.status,
    )


@router.post(
    "/uploads",
    auth=platform_token("trip_data"),
    summary="Enviar o arquivo de corridas ou sessões de um mês",
    description=(
        "Recebe o arquivo (multipart, campo `file`), guarda-o e enfileira o processamento: a "
        "resposta 202 vem antes de qualquer validação. Acompanhe em `GET /api/v1/tripdata/uploads/{id}` (o `status_url` da resposta)."
        " Idempotente: o mesmo conteúdo (SHA-256) para o mesmo mês e janela devolve o envio já "
        "recebido (200); o cabeçalho `Idempotency-Key` reutilizado com outro conteúdo é recusado "
        "(422). Parte do mês: `window_start` e `window_end` (ISO 8601 com fuso) delimitam as "
        "corridas que terminam na janela; o envio soma-se às outras janelas do mês e reenviar a "
        "mesma janela substitui só ela (uma janela que sobrepõe outra em parte: 409).\n"
        + SCHEMA_DOC
    ),
    response={200: dict[str, Any], 202: dict[str, Any], 422: dict[str, Any]},
)
def upload_create(
    request: HttpRequest,
    file: File[UploadedFile],
    year: Form[int],
    month: Form[int],
    kind: Form[str] = "trips",
    data_schema: str = Form("native", alias="schema"),
    format: Form[str | None] = None,  # noqa: A002 - the form field's public name
    window_start: Form[str | None] = None,
    window_end: Form[str | None] = None,
) -> Any:
    token = token_of(request)
    try:
        start, end = _instant("window_start", window_start), _instant("window_end", window_end)
        upload, created = receiving.trip_upload_submit(
            actor=platform_actor(request),
            municipality=current_municipality(),
            platform=token.platform,
            file=file,
            kind=kind,
            schema=data_schema,
            year=year,
            month=month,
            file_format=format,
            idempotency_key=request.headers.get("Idempotency-Key", ""),
            window_start=start,
            window_end=end,
        )
    except common.TripDataError as exc:
        return _error(request, exc)
    body = selectors.upload_json(upload, with_validation=False)
    body["status_url"] = f"/api/v1/tripdata/uploads/{upload.pk}"
    return Status(202 if created else 200, body)


class UploadRow(Schema):
    id: int
    platform: int
    month: str = Field(..., description="aaaa-mm")
    kind: str
    data_schema: str = Field(..., alias="schema")
    format: str
    file: str
    size: int
    sha256: str
    status: str
    status_label: str
    progress: int
    stage: str
    error: str
    rows: int | None
    rows_counted: int | None
    rows_clean: int | None
    peak_drivers: int | None
    peak_at: str | None
    created_at: str
    finished_at: str | None


@router.get(
    "/uploads",
    response=list[UploadRow],
    by_alias=True,
    auth=platform_token("read"),
    summary="Envios da plataforma",
)
@paged("-created_at", "-id")
def upload_list(request: HttpRequest) -> Rows:
    return Rows(
        TripUpload.objects.filter(platform=token_of(request).platform),
        lambda u: selectors.upload_json(u, with_validation=False),
    )


@router.get(
    "/uploads/{upload_id}",
    auth=platform_token("read"),
    summary="Progresso e relatório de validação de um envio",
)
def upload_detail(request: HttpRequest, upload_id: int) -> dict[str, Any]:
    upload = get_object_or_404(
        TripUpload.objects.filter(platform=token_of(request).platform), pk=upload_id
    )
    return selectors.upload_json(upload)


class MonthRow(Schema):
    platform: int
    platform_name: str
    month: str = Field(..., description="aaaa-mm")
    trips: int
    drivers: int
    gross_cents: int
    retention_cents: int
    peak: int | None
    peak_at: str | None
    peak_source: str
    infraction_candidate: bool


@router.get(
    "/months",
    response=list[MonthRow],
    auth=staff,
    summary="Meses medidos por plataforma (finanças, autoridade)",
)
@paged("-month", "platform__name")
def month_list(request: HttpRequest) -> Rows:
    selectors.require_reader(actor_of(request))
    return Rows(
        PlatformMonth.objects.select_related("platform"),
        lambda pm: {
            "platform": pm.platform_id,
            "platform_name": pm.platform.name,
            "month": f"{pm.month:%Y-%m}",
            "trips": pm.trips,
            "drivers": pm.drivers,
            "gross_cents": pm.gross_cents,
            "retention_cents": pm.retention_cents,
            "peak": pm.peak,
            "peak_at": pm.peak_at.isoformat() if pm.peak_at else None,
            "peak_source": pm.peak_source,
            "infraction_candidate": pm.candidate,
        },
    )


@router.get(
    "/months/{platform_id}/{year}/{month}",
    auth=staff,
    summary="Mês de uma plataforma: reconciliação, pico e ISSQN",
)
def month_detail(request: HttpRequest, platform_id: int, year: int, month: int) -> Any:
    selectors.require_reader(actor_of(request))
    platform = get_object_or_404(Platform.objects.all(), pk=platform_id)
    pm = selectors.month_of(platform, year, month)
    if pm is None:
        return respond(request, {"detail": "Não encontrado."}, 404)
    rec = selectors.reconciliation(pm) if pm.trips_upload_id else None
    statement = selectors.statement_of(pm)
    return {
        "platform": platform.pk,
        "month": f"{pm.month:%Y-%m}",
        "peak": {
            "count": pm.peak,
            "at": pm.peak_at.isoformat() if pm.peak_at else None,
            "source": pm.peak_source,
            "infraction_candidate": pm.candidate,
            "decision": pm.decision,
        },
        "reconciliation": None
        if rec is None
        else {
            "report_version": rec.report_version,
            "trips_total_cents": rec.trips_total_cents,
            "reported_total_cents": rec.reported_total_cents,
            "differences": [
                {
                    "driver_cpf": line.driver_cpf,
                    "trips_cents": line.trips_cents,
                    "reported_cents": line.reported_cents,
                    "difference_cents": line.difference_cents,
                    "status": line.status,
                }
                for line in rec.differences
            ],
        },
        "issqn": None
        if statement is None
        else {
            "complete": statement.complete,
            "platform_iss_cents": statement.platform_iss_cents,
            "withheld_cents": statement.withheld_cents,
            "total_cents": statement.total_cents,
            "base_source": statement.base_source,
        },
    }


@schemas_router.get(
    "/{name}",
    auth=None,
    summary="Esquema JSON de um arquivo de corridas, sessões ou veículos",
    description=(
        "Esquemas JSON (draft 2020-12) de uma linha de cada arquivo que a plataforma envia: "
        + ", ".join(f"`{n}`" for n in SCHEMA_FILES)
        + ". O perfil MDS 2.0 é o esquema publicado pela Open Mobility Foundation (CC BY 4.0) "
        "com o que a lei exige para contar a corrida."
    ),
    response={200: dict[str, Any], 404: dict[str, Any]},
)
def schema_file(request: HttpRequest, name: str) -> HttpResponse:
    if name not in SCHEMA_FILES:
        return respond(
            request,
            {"detail": f"Esquema '{name}' não existe; há: {', '.join(SCHEMA_FILES)}."},
            status=404,
        )
    return HttpResponse(
        (SCHEMAS_DIR / name).read_bytes(), content_type="application/schema+json; charset=utf-8"
    )
