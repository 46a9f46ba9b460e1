"""Receiving a trip file, in the request: store it, hash it, enqueue it — never process it (an upload
resent with the same key answers as the first; a stuck one is resumed).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator
from pathlib import Path

from django.core.files import File
from django.db import transaction

from outorga.core import tasklease
from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.filestore import save_in_transaction
from outorga.core.lawseam import governs
from outorga.core.localtime import today_of, zone_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.platforms.models import Platform

from ..engine.base import FORMATS, KINDS, MAX_TRIP_SECONDS, SCHEMAS
from ..engine.reading import count_lines
from ..models import TripUpload
from ..months import span, span_of, window_conflict
from .common import (
    IdempotencyConflict,
    TripDataError,
    authorize_app_act,
    month_bounds,
    to_ms,
    trip_cites,
    window_json,
)

EXTENSIONS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet", ".ndjson": "ndjson"}
EXTENSIONS |= {".jsonl": "ndjson", ".json": "ndjson"}

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
    comp = authorize_app_act(actor, municipality, "platform.data.submit")
    if kind not in KINDS:
        raise TripDataError("kind deve ser 'trips', 'sessions' ou 'vehicles'.", field="kind")
    if schema not in SCHEMAS:
        raise TripDataError("schema deve ser 'native' ou 'mds'.", field="schema")
    if not 1 <= month <= 12 or not 2025 <= year <= 2100:
        raise TripDataError("Mês de competência inválido.", field="month")
    today = today or today_of(municipality)
    if (year, month) > (today.year, today.month):
        raise TripDataError(
            f"Mês de competência no futuro: {month:02d}/{year} ainda não começou no Município "
            f"(hoje é {today:%d/%m/%Y} lá; art. 21 e 24).",
            field="month",
        )
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
        # Gone again if anything below fails (the act, the queue): no file that no row names.
        save_in_transaction(upload.file, f"{digest[:16]}.{fmt}", file)
        upload.save()
        from ..tasks import process_upload

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
                "window": window_json(window_start, window_end),
            },
            basis=basis_of(
                citations=(comp.citations if comp else ())
                + trip_cites(municipality, "trip_records")
            ),
        )
    return upload, True


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
    if to_ms(start) < bounds.start_ms or to_ms(end) > bounds.end_ms + MAX_TRIP_SECONDS * 1000:
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
    from ..tasks import process_upload

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
