"""Writes of the trip-data area: receive a file (request), process it (background task), compute
the month's ISSQN statement. Rules come from the law core; the engine only counts and measures."""

from __future__ import annotations

import calendar as _cal
import datetime as dt
import hashlib
import logging
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from django.core.files import File
from django.db import transaction
from django.utils import timezone

from outorga.core import tasklease
from outorga.core.acts import Actor, basis_of, competence_basis, record_act
from outorga.core.authz import authorize
from outorga.core.filestore import local_file
from outorga.core.lawctx import context
from outorga.core.lawseam import governs, law_of
from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.law import interfaces, questions
from outorga.law.bindings import Service
from outorga.law.citations import Citation
from outorga.law.competence import Competence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.interfaces import citation
from outorga.platforms import selectors as platform_selectors
from outorga.platforms.models import Platform
from outorga.platforms.services.candidates import (
    concurrency_candidate_record,
    concurrency_candidate_withdraw,
)

from .engine.analysis import analyse_sessions, analyse_trips
from .engine.base import (
    ERROR_KINDS,
    EXCLUDING,
    FORMATS,
    KINDS,
    MAX_TRIP_SECONDS,
    SCHEMAS,
    FareLimits,
    FileRejected,
    Month,
    Result,
    RosterEntry,
    Window,
)
from .engine.reading import count_lines
from .engine.vehicles import VEHICLE_KINDS, VehiclesResult, analyse_vehicles
from .models import (
    DriverMonth,
    IssqnLine,
    IssqnStatement,
    MdsVehicle,
    PlatformMonth,
    TripUpload,
    ValidationCount,
)
from .months import current_trip_uploads, month_drivers, span, span_of, window_conflict

log = logging.getLogger(__name__)


def _law(m: Municipality, on: dt.date | None = None) -> str:
    """The law governing transport by app in ``m`` on ``on`` (today; the nearest binding for a
    month before the first)."""
    return law_of(m, Service.APLICATIVO, on, nearest=True)


def _authorize(actor: Actor, m: Municipality, action: str) -> Competence | None:
    """The actor's competence for ``action`` under the law governing transport by app in ``m``
    today (refused: ``NotCompetent``)."""
    return authorize(actor=actor, municipality=m, action=action, law=_law(m))


def trip_cites(m: Municipality, *concepts: str) -> tuple[Citation, ...]:
    """The articles the law of ``m`` names for keeping and opening the trip records."""
    law = _law(m)
    return tuple(c for c in (citation(law, k) for k in concepts) if c is not None)


def trip_cited(m: Municipality, *concepts: str, on: dt.date | None = None) -> str:
    """The articles the law of ``m`` names for ``concepts``, as a person reads them (empty where no
    law governs transport by app)."""
    if not governs(m, Service.APLICATIVO):
        return ""
    return interfaces.cited_once(_law(m, on), *concepts)


def _trip_rules(m: Municipality, ctx: Context) -> Any:
    """What the law governing transport by app in ``m`` on ``ctx.as_of`` applies to each row of a
    file (its fare maxima, its vehicle bans), asked once per file."""
    return interfaces.trip_data(_law(m, ctx.as_of), Service.APLICATIVO)


def _ask(m: Municipality, name: str, facts: dict[str, Any], ctx: Context) -> Decision:
    """Question ``name`` of the law of ``m`` on ``ctx.as_of`` (name, facts, date: the seam's
    order), in the file's own context."""
    return questions.ask(questions.find(_law(m, ctx.as_of), name).id, ctx, facts)


SYSTEM = "processamento de arquivos de corridas"


#: The roster's vehicle kinds (platforms app) in the rulebook's CTB species (art. 17).
LAW_VEHICLE_KIND: dict[str, tuple[str, int | None]] = {
    "car": ("automovel", None),
    "utility": ("utilitario", None),
    "motorcycle": ("motocicleta", None),
    "motoneta": ("motoneta", None),
    "ciclomotor": ("ciclomotor", None),
    "other_two_wheeler": ("outro", 2),
    "other": ("outro", None),
}

#: Drivers' tax regime comes from the roster (the platform declares it at registration, art. 20);
#: a driver who is not on the roster is taken as autônomo pessoa física — the MEI regime needs
#: the platform to have declared it.
DEFAULT_DRIVER_REGIME = "autonomo"
#: A platform is credentialed by its CNPJ (a legal entity): of the law's regimes (D-14), MEI and
#: autônomo pessoa física are the drivers' (art. 20); the platform's is the general one.
PLATFORM_REGIME = "geral"

EXTENSIONS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet", ".ndjson": "ndjson"}
EXTENSIONS |= {".jsonl": "ndjson", ".json": "ndjson"}


class TripDataError(ValueError):
    """A refusal the platform can fix: Portuguese message, the field, HTTP status."""

    def __init__(self, message: str, *, field: str = "", status: int = 422) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


class IdempotencyConflict(TripDataError):
    pass


# --- receiving a file (in the request: store, hash, enqueue — never process) ---------------------


def _digest(f: File) -> tuple[str, int]:
    """The content's SHA-256 and its lines (:func:`.engine.reading.count_lines`), in one pass:
    the worker checks that the reader separated every line (a stray quote must not lose the
    rest)."""
    h = hashlib.sha256()

    def chunks() -> Iterator[bytes]:
        for chunk in f.chunks():
            h.update(chunk)
            yield chunk

    lines = count_lines(chunks())
    f.seek(0)
    return h.hexdigest(), lines


def _format_of(name: str, given: str | None) -> str:
    if given:
        if given not in FORMATS:
            raise TripDataError(
                f"Formato '{given}' não aceito: use csv, parquet ou ndjson.", field="format"
            )
        return given
    fmt = EXTENSIONS.get(Path(name).suffix.lower())
    if fmt is None:
        raise TripDataError(
            "Não foi possível deduzir o formato pelo nome do arquivo: informe format "
            "(csv, parquet ou ndjson).",
            field="format",
        )
    return fmt


def trip_upload_submit(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    file: File,
    kind: str,
    schema: str,
    year: int,
    month: int,
    file_format: str | None = None,
    idempotency_key: str = "",
    today: dt.date | None = None,
    window_start: dt.datetime | None = None,
    window_end: dt.datetime | None = None,
) -> tuple[TripUpload, bool]:
    """Receive a month's trips or sessions file (art. 21, 24) and queue it for processing.

    A trips file may cover a window of the month, ``[window_start, window_end)`` by the trips'
    end (``tripdata.months``): it adds to the month's other windows and replaces only a file of
    a window it contains; without a window it is the whole month.

    Idempotent: the same ``Idempotency-Key`` with the same content returns the stored upload; with
    another content it is refused (422). Without a key, the same content for the same month, kind
    and window returns the stored upload. Returns ``(upload, created)``.
    """
    if not governs(municipality, Service.APLICATIVO):
        raise TripDataError("A lei de transporte por aplicativo não se aplica a este município.")
    comp = _authorize(actor, municipality, "platform.data.submit")
    if kind not in KINDS:
        raise TripDataError("kind deve ser 'trips', 'sessions' ou 'vehicles'.", field="kind")
    if schema not in SCHEMAS:
        raise TripDataError("schema deve ser 'native' ou 'mds'.", field="schema")
    if not 1 <= month <= 12 or not 2025 <= year <= 2100:
        raise TripDataError("Mês de competência inválido.", field="month")
    today = today or timezone.localdate()
    if (year, month) > (today.year, today.month):
        raise TripDataError("Mês de competência no futuro.", field="month")
    fmt = _format_of(file.name or "", file_format)
    if schema == "mds" and (fmt != "ndjson" or kind == TripUpload.Kind.SESSIONS):
        raise TripDataError(
            "O esquema MDS 2.0 aceita corridas e veículos em NDJSON (um objeto Trip ou Vehicle "
            "por linha) ou no envelope da Provider API.",
            field="schema",
        )
    if kind == TripUpload.Kind.VEHICLES and schema != "mds":
        raise TripDataError(
            "Veículos só no esquema MDS 2.0 (/vehicles): no esquema nativo a placa vem em cada "
            "corrida.",
            field="schema",
        )
    key = idempotency_key.strip()
    if len(key) > 100:
        raise TripDataError("Idempotency-Key com mais de 100 caracteres.", field="Idempotency-Key")
    first_day = dt.date(year, month, 1)
    _check_window(municipality, first_day, kind, window_start, window_end)
    digest, lines = _digest(file)
    with transaction.atomic(), tenant(municipality):
        # The platform row orders concurrent submissions of the same platform.
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        if key:
            same_key = TripUpload.objects.filter(platform=p, idempotency_key=key).first()
            if same_key is not None:
                if (same_key.sha256, same_key.kind, same_key.month, span_of(same_key)) == (
                    digest,
                    kind,
                    first_day,
                    span(window_start, window_end),
                ):
                    return _resume_if_stuck(actor, municipality, same_key), False
                raise IdempotencyConflict(
                    "Idempotency-Key já usada com outro conteúdo; use uma nova chave.",
                    field="Idempotency-Key",
                )
        same = (
            TripUpload.objects.filter(
                platform=p,
                month=first_day,
                kind=kind,
                sha256=digest,
                window_start=window_start,
                window_end=window_end,
            )
            .exclude(status=TripUpload.Status.FAILED)
            .first()
        )
        if same is not None:
            return _resume_if_stuck(actor, municipality, same), False
        if kind == TripUpload.Kind.TRIPS:
            clash = window_conflict(p, first_day, window_start, window_end)
            if clash is not None:
                raise TripDataError(
                    f"A janela {_window_text(municipality, window_start, window_end)} sobrepõe "
                    f"em parte a do envio {clash.pk} "
                    f"({_window_text(municipality, clash.window_start, clash.window_end)}), "
                    "que continua valendo: as corridas da sobreposição contariam duas vezes. "
                    "Reenvie a mesma janela (substitui só ela), uma janela que a contenha "
                    "inteira ou o mês inteiro (sem janela).",
                    field="window_start",
                    status=409,
                )
        upload = TripUpload(
            platform=p,
            month=first_day,
            kind=kind,
            schema=schema,
            file_format=fmt,
            original_name=(file.name or "arquivo")[:200],
            size=file.size or 0,
            sha256=digest,
            lines=lines,
            idempotency_key=key,
            submitted_by=actor.name,
            window_start=window_start,
            window_end=window_end,
        )
        upload.file.save(f"{digest[:16]}.{fmt}", file, save=False)
        upload.save()
        from .tasks import process_upload

        # Enqueued in the same transaction (database backend): the worker sees the task only
        # when the upload is committed, and a rolled-back upload leaves no task behind.
        result = process_upload.enqueue(upload.pk)
        upload.task_id = str(result.id)
        upload.save(update_fields=["task_id"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="tripdata.upload",
            obj=upload,
            new={
                "platform": p.pk,
                "month": first_day.isoformat(),
                "kind": kind,
                "schema": schema,
                "format": fmt,
                "sha256": digest,
                "size": upload.size,
                "window": _window_json(window_start, window_end),
            },
            basis=basis_of(
                citations=(comp.citations if comp else ())
                + trip_cites(municipality, "trip_records")
            ),
        )
    return upload, True


def _window_json(start: dt.datetime | None, end: dt.datetime | None) -> dict[str, str] | None:
    if start is None or end is None:
        return None
    return {"start": start.isoformat(), "end": end.isoformat()}


def _window_text(m: Municipality, start: dt.datetime | None, end: dt.datetime | None) -> str:
    if start is None or end is None:
        return "do mês inteiro"
    tz = zone_of(m)
    return f"de {start.astimezone(tz):%d/%m/%Y %H:%M} a {end.astimezone(tz):%d/%m/%Y %H:%M}"


def _check_window(
    m: Municipality,
    first_day: dt.date,
    kind: str,
    start: dt.datetime | None,
    end: dt.datetime | None,
) -> None:
    """A window is a pair of instants with their UTC offset, start before end, of a trips file,
    within the month — its end may pass the month's by the longest trip, so that a trip started
    on the month's last evening can be sent in the window it ends in."""
    if start is None and end is None:
        return
    if start is None or end is None:
        raise TripDataError(
            "Informe window_start e window_end juntos: a janela de tempo que o arquivo cobre.",
            field="window_start" if start is None else "window_end",
        )
    if kind != TripUpload.Kind.TRIPS:
        raise TripDataError(
            "Janela de tempo só em arquivo de corridas: sessões vêm com o mês inteiro.",
            field="window_start",
        )
    for name, value in (("window_start", start), ("window_end", end)):
        if value.tzinfo is None or value.utcoffset() is None:
            raise TripDataError(
                f"{name} sem fuso horário: use ISO 8601 com o deslocamento, como "
                "2026-10-01T07:00:00-04:00.",
                field=name,
            )
    if end <= start:
        raise TripDataError("window_end deve ser posterior a window_start.", field="window_end")
    bounds = month_bounds(m, first_day)
    if _ms(start) < bounds.start_ms or _ms(end) > bounds.end_ms + MAX_TRIP_SECONDS * 1000:
        raise TripDataError(
            f"A janela {_window_text(m, start, end)} não está no mês de competência "
            f"{first_day:%m/%Y} (o fim pode passar do mês em até {MAX_TRIP_SECONDS // 3600} h, "
            "para as corridas iniciadas no mês que terminam depois).",
            field="window_start",
        )


def _resume_if_stuck(actor: Actor, municipality: Municipality, upload: TripUpload) -> TripUpload:
    """A file sent again while its stored upload is stuck — not done, not failed, and its task
    will not run (it failed, vanished, or its worker died and no worker took it back) — is queued
    again, with an act. Call under the platform's lock (``trip_upload_submit``)."""
    if upload.status in (TripUpload.Status.DONE, TripUpload.Status.FAILED):
        return upload
    if tasklease.alive(upload.task_id):
        return upload
    from .tasks import process_upload

    old_task = upload.task_id
    upload.task_id = str(process_upload.enqueue(upload.pk).id)
    upload.status, upload.progress, upload.stage = TripUpload.Status.QUEUED, 0, "na fila novamente"
    upload.save(update_fields=["task_id", "status", "progress", "stage"])
    record_act(
        municipality=municipality,
        actor=actor,
        action="tripdata.requeue",
        obj=upload,
        old={"task": old_task},
        new={"task": upload.task_id},
        basis=basis_of(citations=trip_cites(municipality, "trip_records")),
    )
    return upload


# --- processing (background task) ----------------------------------------------------------------


def month_bounds(m: Municipality, first_day: dt.date) -> Month:
    tz = zone_of(m)  # the municipality's clock decides a trip's month
    nxt = dt.date(first_day.year + (first_day.month == 12), first_day.month % 12 + 1, 1)
    start = dt.datetime.combine(first_day, dt.time.min, tzinfo=tz)
    end = dt.datetime.combine(nxt, dt.time.min, tzinfo=tz)
    return Month(int(start.timestamp() * 1000), int(end.timestamp() * 1000))


def month_end(first_day: dt.date) -> dt.date:
    return first_day.replace(day=_cal.monthrange(first_day.year, first_day.month)[1])


def _ms(value: dt.datetime) -> int:
    return int(value.timestamp() * 1000)


def roster_for(platform: Platform, ctx: Context) -> list[RosterEntry]:
    """The platform's drivers as the engine needs them. Whether a vehicle kind is banned is asked
    to the law core once per kind (art. 17, honouring a court suspension, D-16)."""
    from outorga.platforms.models import PlatformDriver

    banned: dict[str, bool] = {}
    rules = _trip_rules(platform.municipality, ctx)

    def is_banned(kind: str) -> bool:
        if kind not in banned:
            law_kind, wheels = LAW_VEHICLE_KIND.get(kind, ("outro", None))
            why = rules.vehicle_banned(ctx, law_kind, wheels)
            banned[kind] = why.verdict is Verdict.REFUSED
        return banned[kind]

    by_cpf: dict[str, dict[str, Any]] = {}
    for d in PlatformDriver.objects.filter(platform=platform).order_by("created_at", "pk"):
        entry = by_cpf.setdefault(d.cpf, {"periods": []})
        entry["plate"] = d.vehicle_plate
        entry["cnh"] = "".join(c for c in d.cnh_number if c.isdigit())
        entry["banned"] = is_banned(d.vehicle_kind)
        if d.status == "refused":
            continue
        start = d.enabled_at or (d.created_at if d.status == "enabled" else None)
        if start is None:
            continue
        until = d.disabled_at
        if d.status == "disabled" and until is None:
            until = start  # disabled with no date: never counted as enabled
        entry["periods"].append((_ms(start), _ms(until) if until else None))
    return [
        RosterEntry(cpf, e["plate"], e["banned"], tuple(e["periods"]), e["cnh"])
        for cpf, e in by_cpf.items()
    ]


class _Progress:
    """Writes progress to the upload row, at most every half second (outside any transaction, so
    the screen and the API see it while the task runs), while this run is the upload's latest."""

    def __init__(self, upload_id: int, attempt: int) -> None:
        self.upload_id = upload_id
        self.attempt = attempt
        self.last = 0.0

    def __call__(self, pct: int, stage: str) -> None:
        now = time.monotonic()
        if now - self.last < 0.5 and pct < 100:
            return
        self.last = now
        with unscoped():
            TripUpload.objects.filter(pk=self.upload_id, attempts=self.attempt).update(
                progress=pct, stage=stage
            )


class _Superseded(Exception):
    """A later run of the same upload took over (this one's worker was taken for dead)."""


def _begin(upload_id: int) -> int | None:
    """Mark the upload processing under this run's attempt number; None if it is already done."""
    with transaction.atomic():
        row = TripUpload.objects.select_for_update().get(pk=upload_id)
        if row.status == TripUpload.Status.DONE:
            return None
        row.attempts += 1
        TripUpload.objects.filter(pk=upload_id).update(
            status=TripUpload.Status.PROCESSING,
            started_at=timezone.now(),
            progress=1,
            stage="iniciado",
            error="",
            attempts=row.attempts,
        )
    return row.attempts


def _still_latest(upload_id: int, attempt: int) -> bool:
    """Lock the upload's row (inside the caller's transaction) and tell whether this run is still
    its latest and it is not done: the fence that keeps a file's results and act single."""
    row = (
        TripUpload.objects.select_for_update()
        .filter(pk=upload_id)
        .values_list("status", "attempts")
        .first()
    )
    return row is not None and row == (TripUpload.Status.PROCESSING, attempt)


def trip_upload_process(*, upload_id: int) -> TripUpload:
    """Validate and aggregate one file, then swap the month's results in one transaction.

    Everything heavy happens in DuckDB before the transaction; the transaction only writes the
    aggregates and moves the month's pointer to this file. A failure at any point rolls the
    writes back and marks the upload failed with the reason, so nothing is half-loaded.
    """
    with unscoped():
        upload = TripUpload.objects.select_related("platform", "municipality").get(pk=upload_id)
    m = upload.municipality
    with tenant(m):
        attempt = _begin(upload.pk)
        if attempt is None:
            return upload  # a task run twice changes nothing
        progress = _Progress(upload.pk, attempt)
        try:
            _process(upload, progress, attempt)
        except _Superseded:
            log.warning("envio %s: outra execução assumiu; esta não grava nada", upload.pk)
        except Exception as exc:  # noqa: BLE001 - any failure must mark the file failed
            message = str(exc) if isinstance(exc, FileRejected) else _failure(exc)
            if not isinstance(exc, FileRejected):
                log.exception("falha ao processar o envio %s", upload.pk)
            with transaction.atomic():
                if not _still_latest(upload.pk, attempt):
                    upload.refresh_from_db()
                    return upload
                TripUpload.objects.filter(pk=upload.pk).update(
                    status=TripUpload.Status.FAILED,
                    error=message,
                    stage="falhou",
                    finished_at=timezone.now(),
                )
                record_act(
                    municipality=m,
                    actor=Actor.system(SYSTEM),
                    action="tripdata.process",
                    obj=upload,
                    outcome="refused",
                    extra={"erro": message},
                    basis=basis_of(citations=trip_cites(m, "trip_records")),
                )
        upload.refresh_from_db()
        return upload


def _failure(exc: Exception) -> str:
    return f"Erro interno ao processar o arquivo ({exc.__class__.__name__}); nada foi gravado."


def _process(upload: TripUpload, progress: _Progress, attempt: int) -> None:
    # DuckDB reads a path: the file itself on disk, a temporary copy from object storage.
    with local_file(upload.file) as path:
        _process_file(upload, path, progress, attempt)


def _process_file(upload: TripUpload, path: Path, progress: _Progress, attempt: int) -> None:
    m = upload.municipality
    if upload.kind == TripUpload.Kind.VEHICLES:
        vehicles = analyse_vehicles(path, upload.file_format)
        progress(90, "gravando resultados")
        with transaction.atomic():
            _store_vehicles(upload, vehicles)
        progress(100, "concluído")
        return
    last_day = month_end(upload.month)
    ctx = context(m, last_day)
    bounds = month_bounds(m, upload.month)
    roster = roster_for(upload.platform, ctx)
    limits_reason = None
    if upload.kind == TripUpload.Kind.TRIPS:
        limits, limits_reason = _trip_rules(m, ctx).trip_fare_limits(ctx)
        result = analyse_trips(
            path,
            upload.file_format,
            upload.schema,
            month=bounds,
            roster=roster,
            limits=(
                FareLimits(limits.base_fare_cents, limits.per_km_cents, limits.per_minute_cents)
                if limits
                else None
            ),
            progress=progress,
            lines=upload.lines,
            window=(
                Window(_ms(upload.window_start), _ms(upload.window_end))
                if upload.window_start and upload.window_end
                else None
            ),
            devices=platform_devices(upload.platform) if upload.schema == "mds" else None,
        )
    else:
        result = analyse_sessions(
            path,
            upload.file_format,
            upload.schema,
            month=bounds,
            roster=roster,
            progress=progress,
            lines=upload.lines,
        )
    progress(90, "gravando resultados")
    with transaction.atomic():
        # core.locking's order: the platform (it serialises two files of the same platform
        # finishing at once; the month row may not exist yet), this upload, its month, then the
        # candidate and the acts.
        Platform.objects.select_for_update().get(pk=upload.platform_id)
        if not _still_latest(upload.pk, attempt):
            raise _Superseded
        _store(upload, result, ctx, limits_reason)
    progress(100, "concluído")


def platform_devices(platform: Platform) -> dict[str, str]:
    """The platform's MDS vehicles, device_id → plate: of each device, the plate in the newest
    processed /vehicles file that lists it."""
    devices: dict[str, str] = {}
    for device, plate in (
        MdsVehicle.objects.filter(platform=platform, upload__status=TripUpload.Status.DONE)
        .order_by("upload_id")
        .values_list("device_id", "plate")
    ):
        devices[device] = plate
    return devices


def _store_vehicles(upload: TripUpload, result: VehiclesResult) -> None:
    """A /vehicles file's devices and their plates, its report, and the act."""
    m = upload.municipality
    ValidationCount.objects.filter(upload=upload).delete()
    ValidationCount.objects.bulk_create(
        ValidationCount(
            municipality=m,
            upload=upload,
            kind=kind,
            label=VEHICLE_KINDS[kind],
            count=n,
            excludes=True,
            samples=result.samples.get(kind, []),
        )
        for kind, n in result.errors.items()
    )
    MdsVehicle.objects.filter(upload=upload).delete()
    MdsVehicle.objects.bulk_create(
        MdsVehicle(
            municipality=m, upload=upload, platform=upload.platform, device_id=d[:64], plate=p[:10]
        )
        for d, p in result.devices.items()
    )
    TripUpload.objects.filter(pk=upload.pk).update(
        status=TripUpload.Status.DONE,
        progress=100,
        stage="concluído",
        finished_at=timezone.now(),
        rows=result.rows,
        rows_counted=len(result.devices),
        rows_clean=result.rows - sum(result.errors.values()),
    )
    record_act(
        municipality=m,
        actor=Actor.system(SYSTEM),
        action="tripdata.process",
        obj=upload,
        extra={
            "linhas": result.rows,
            "veículos": len(result.devices),
            "ocorrências": {k: v for k, v in result.errors.items() if v},
        },
        basis=basis_of(citations=trip_cites(m, "trip_records", "inspection_access")),
    )


def _at(ms: int | None) -> dt.datetime | None:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC) if ms is not None else None


def _when(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def _store(upload: TripUpload, result: Result, ctx: Context, limits_reason: Any) -> None:
    m = upload.municipality
    kinds = ERROR_KINDS
    ValidationCount.objects.filter(upload=upload).delete()
    ValidationCount.objects.bulk_create(
        ValidationCount(
            municipality=m,
            upload=upload,
            kind=kind,
            label=kinds[kind],
            count=n,
            excludes=kind in EXCLUDING,
            samples=result.samples.get(kind, []),
        )
        for kind, n in result.errors.items()
    )
    pm, _ = PlatformMonth.objects.select_for_update().get_or_create(
        platform=upload.platform, month=upload.month
    )
    # Done within the transaction that stores its results: the month below adds it up.
    TripUpload.objects.filter(pk=upload.pk).update(
        status=TripUpload.Status.DONE,
        progress=100,
        stage="concluído",
        finished_at=timezone.now(),
        rows=result.rows,
        rows_counted=result.rows_counted,
        rows_clean=result.rows_clean,
        peak_drivers=result.peak.count,
        peak_at=_at(result.peak.at_ms),
    )
    if upload.kind == TripUpload.Kind.TRIPS:
        DriverMonth.objects.filter(upload=upload).delete()
        rows: dict[str, DriverMonth] = {}
        for d in result.drivers:
            # An identifier longer than a CPF is an unknown driver (reported as such); its
            # totals are kept under the first 11 characters, merged if two share them.
            key = d.driver[:11]
            row = rows.get(key)
            if row is None:
                rows[key] = DriverMonth(
                    municipality=m,
                    upload=upload,
                    platform=upload.platform,
                    month=upload.month,
                    driver_cpf=key,
                    on_roster=d.on_roster,
                    trips=d.trips,
                    gross_cents=d.gross_cents,
                    retention_cents=d.retention_cents,
                    distance_m=d.distance_m,
                    duration_s=d.duration_s,
                )
            else:
                row.trips += d.trips
                row.gross_cents += d.gross_cents
                row.retention_cents += d.retention_cents
                row.distance_m += d.distance_m
                row.duration_s += d.duration_s
        DriverMonth.objects.bulk_create(rows.values())
        # The month adds up its current files (one per window; a whole-month file alone).
        files = current_trip_uploads(upload.platform, upload.month)
        month = month_drivers(files)
        pm.trips_upload = files[-1] if files else None
        pm.trips = sum(d.trips for d in month)
        pm.drivers = sum(1 for d in month if d.trips)
        pm.gross_cents = sum(d.gross_cents for d in month)
        pm.retention_cents = sum(d.retention_cents for d in month)
        # The highest of the windows' peaks: drivers of two windows are not measured together
        # (a trip crossing a window's end is counted in the window it ends in).
        top = max(files, key=lambda u: (u.peak_drivers or 0, -u.pk), default=None)
        pm.peak_trips = top.peak_drivers if top else None
        pm.peak_trips_at = top.peak_at if top else None
    else:
        pm.sessions_upload = upload
        pm.peak_sessions, pm.peak_sessions_at = result.peak.count, _at(result.peak.at_ms)
    if pm.peak_sessions is not None:
        pm.peak, pm.peak_at, pm.peak_source = pm.peak_sessions, pm.peak_sessions_at, "sessions"
    else:
        pm.peak, pm.peak_at, pm.peak_source = pm.peak_trips, pm.peak_trips_at, "trips"
    facts: dict[str, Any] = {
        "year": upload.month.year,
        "month": upload.month.month,
        "measured_peak": int(pm.peak or 0),
    }
    if pm.peak_at is not None:
        facts["measured_peak_at"] = pm.peak_at.isoformat()
    decision = _ask(m, "concurrency_month", facts, ctx)
    pm.candidate = bool(decision.outcome.get("candidate"))
    pm.decision = decision.to_json()
    pm.save()
    statement = None
    if pm.trips_upload_id is not None:
        # Before the candidate's act: no row is locked after a transaction's first act.
        statement = _compute_statement(pm, ctx)
    if pm.candidate:
        # D-9 (b): listed for the authority in the same transaction as the result it comes from.
        tz = zone_of(m)  # the municipality's clock decides a trip's month
        concurrency_candidate_record(
            actor=Actor.system(SYSTEM),
            municipality=m,
            platform=upload.platform,
            month=upload.month,
            peak=int(pm.peak or 0),
            peak_at=pm.peak_at.astimezone(tz) if pm.peak_at else None,
            source=pm.peak_source,
            decision=pm.decision,
            on=timezone.localdate(),
        )
    else:
        # Measured again within the cap: a candidate listed from an earlier file is withdrawn.
        concurrency_candidate_withdraw(
            actor=Actor.system(SYSTEM),
            municipality=m,
            platform=upload.platform,
            month=upload.month,
            peak=int(pm.peak or 0),
            source=pm.peak_source,
            decision=pm.decision,
            on=timezone.localdate(),
        )
    extra: dict[str, Any] = {
        "linhas": result.rows,
        "contabilizadas": result.rows_counted,
        "ocorrências": {k: v for k, v in result.errors.items() if v},
        "pico": result.peak.count,
        "candidato_a_infração": pm.candidate,
    }
    if upload.window_start is not None:
        extra["janela"] = _window_json(upload.window_start, upload.window_end)
    if limits_reason is not None:
        extra["limites_tarifários"] = limits_reason.to_json()
    if statement is not None:
        extra["issqn_total_cents"] = statement.total_cents
    record_act(
        municipality=m,
        actor=Actor.system(SYSTEM),
        action="tripdata.process",
        obj=upload,
        extra=extra,
        basis=basis_of(decision, citations=trip_cites(m, "trip_records", "inspection_access")),
    )


# --- ISSQN (D-14) -----------------------------------------------------------------------------------


def latest_report(platform: Platform, first_day: dt.date) -> Any:
    """The newest version of the platform's monthly report for the month, if any (art. 16)."""
    from outorga.platforms.models import MonthlyReport

    return (
        MonthlyReport.objects.filter(platform=platform, year=first_day.year, month=first_day.month)
        .order_by("-version")
        .first()
    )


def _compute_statement(pm: PlatformMonth, ctx: Context) -> IssqnStatement:
    """Ask the law core for the month's statement and store it with one line per taxpayer.

    The platform's base is the intermediation revenue it declared in its monthly report (art. 16
    II); without a report, the retention measured from its trips. Drivers' bases come from the
    trips (gross minus the platform's retention, art. 20 §1)."""
    assert pm.trips_upload is not None
    drivers = month_drivers(current_trip_uploads(pm.platform, pm.month))
    bounds = month_bounds(pm.municipality, pm.month)
    regimes = platform_selectors.tax_regimes(
        pm.platform, _when(bounds.start_ms), _when(bounds.end_ms)
    )
    report = latest_report(pm.platform, pm.month)
    if report is not None:
        base, source = int(report.intermediation_revenue_cents), "relatório mensal"
    else:
        base, source = int(pm.retention_cents), "corridas"
    facts: dict[str, Any] = {
        "year": pm.month.year,
        "month": pm.month.month,
        "platform_regime": PLATFORM_REGIME,
        "intermediation_revenue_cents": max(base, 0),
        "drivers": [
            {
                "driver": d.driver_cpf,
                "regime": regimes.get(d.driver_cpf, DEFAULT_DRIVER_REGIME),
                "gross_trip_revenue_cents": max(d.gross_cents, 0),
                "platform_retention_cents": max(d.retention_cents, 0),
            }
            for d in drivers
        ],
    }
    decision = _ask(pm.platform.municipality, "issqn_statement", facts, ctx)
    out = decision.outcome
    statement, _ = IssqnStatement.objects.update_or_create(
        platform=pm.platform,
        month=pm.month,
        defaults={
            "source_upload": pm.trips_upload,
            "base_source": source,
            "intermediation_base_cents": base,
            "platform_iss_cents": out.get("platform_iss_cents"),
            "withheld_cents": out.get("withheld_cents"),
            "total_cents": out.get("total_cents"),
            "complete": bool(out.get("complete")),
            "decision": decision.to_json(),
        },
    )
    statement.lines.all().delete()
    rates = _rates(decision.to_json())
    lines = [
        IssqnLine(
            municipality=pm.municipality,
            statement=statement,
            taxpayer_kind=IssqnLine.Taxpayer.PLATFORM,
            taxpayer=pm.platform.cnpj,
            regime=PLATFORM_REGIME,
            gross_cents=base,
            deduction_cents=0,
            base_cents=base,
            rate=rates.get(PLATFORM_REGIME, ""),
            iss_cents=out.get("platform_iss_cents"),
        )
    ]
    for d, line in zip(drivers, out.get("drivers", []), strict=False):
        lines.append(
            IssqnLine(
                municipality=pm.municipality,
                statement=statement,
                taxpayer_kind=IssqnLine.Taxpayer.DRIVER,
                taxpayer=d.driver_cpf,
                regime=line["regime"],
                gross_cents=d.gross_cents,
                deduction_cents=d.retention_cents,
                base_cents=line["base_cents"],
                rate=rates.get(line["regime"], ""),
                iss_cents=line["iss_cents"],
            )
        )
    IssqnLine.objects.bulk_create(lines)
    return statement


def _rates(decision: Mapping[str, Any]) -> dict[str, str]:
    """Rate per regime as used by the law core (from the parameters in the decision trace)."""
    rates: dict[str, str] = {}
    for r in decision.get("reasons", []):
        regime = r.get("facts", {}).get("regime")
        for p in r.get("parameters", []):
            if regime and p.get("value") is not None:
                rates.setdefault(regime, str(p["value"]))
    return rates


def issqn_statement_recompute(
    *, actor: Actor, municipality: Municipality, platform: Platform, first_day: dt.date
) -> IssqnStatement:
    """Finance recomputes a month's statement (e.g. after the municipality records its rates or a
    new monthly report arrives)."""
    comp = _authorize(actor, municipality, "platform.report.review")
    with transaction.atomic(), tenant(municipality):
        pm = PlatformMonth.objects.select_for_update().get(platform=platform, month=first_day)
        if pm.trips_upload_id is None:
            raise TripDataError("Mês sem arquivo de corridas processado.")
        old = IssqnStatement.objects.filter(platform=platform, month=first_day).first()
        old_total = old.total_cents if old else None
        statement = _compute_statement(pm, context(municipality, month_end(first_day)))
        record_act(
            municipality=municipality,
            actor=actor,
            action="tripdata.issqn.compute",
            obj=statement,
            old={"total_cents": old_total},
            new={"total_cents": statement.total_cents, "complete": statement.complete},
            basis=competence_basis(comp),
        )
    return statement


def issqn_export_record(
    *, actor: Actor, municipality: Municipality, statement: IssqnStatement, fmt: str
) -> None:
    """An export of a tax statement is an act (it carries taxpayers' data)."""
    comp = _authorize(actor, municipality, "platform.report.review")
    with transaction.atomic(), tenant(municipality):
        record_act(
            municipality=municipality,
            actor=actor,
            action="tripdata.issqn.export",
            obj=statement,
            extra={"formato": fmt},
            basis=competence_basis(comp),
        )
