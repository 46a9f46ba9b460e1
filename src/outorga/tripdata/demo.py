"""Demo trips: each demo platform sends its last closed month (generated, example data), processed
right away so the finance screens have something to show. Idempotent."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import duckdb
from django.core.files import File

from outorga.core.acts import Actor
from outorga.core.lawseam import governs
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.platforms.models import Platform, PlatformDriver

from .models import TripUpload
from .services import processing, receiving

TRIPS_PER_DRIVER = 120


def _last_closed_month(today: dt.date) -> dt.date:
    first = today.replace(day=1)
    return (first - dt.timedelta(days=1)).replace(day=1)


def _generate(path: Path, platform: Platform, month: dt.date) -> None:
    drivers = list(
        PlatformDriver.objects.filter(platform=platform, status="enabled").values_list(
            "cpf", "vehicle_plate"
        )
    )
    con = duckdb.connect()
    con.execute("CREATE TABLE drv (j BIGINT, cpf VARCHAR, plate VARCHAR)")
    for j, (cpf, plate) in enumerate(drivers):
        con.execute("INSERT INTO drv VALUES (?, ?, ?)", [j, cpf, plate])
    n = max(1, len(drivers))
    start = int(
        dt.datetime.combine(month, dt.time(6), tzinfo=dt.timezone(dt.timedelta(hours=-4)))
        .astimezone(dt.UTC)
        .timestamp()
    )
    slot = (27 * 86400) // TRIPS_PER_DRIVER
    con.execute(
        f"""COPY (
          WITH b AS (SELECT i, i % {n} AS j,
                            {start} + (i // {n}) * {slot} + (hash(i) % 3600)::BIGINT AS st,
                            300 + (hash(i * 7) % 1500)::BIGINT AS dur
                     FROM range({n * TRIPS_PER_DRIVER}) r(i))
          SELECT 'D{platform.pk}-' || i AS trip_id, cpf AS driver_cpf, plate AS vehicle_plate,
                 strftime(make_timestamp((st - 14400) * 1000000), '%Y-%m-%dT%H:%M:%S') || '-04:00'
                   AS start_time,
                 strftime(make_timestamp((st - 14400 + dur) * 1000000), '%Y-%m-%dT%H:%M:%S')
                   || '-04:00' AS end_time,
                 dur * 7 AS distance_m, dur AS duration_s,
                 450 + dur * 7 * 180 // 1000 + dur * 30 // 60 AS fare_cents,
                 (450 + dur * 7 * 180 // 1000 + dur * 30 // 60) // 4 AS retention_cents
          FROM b JOIN drv USING (j)) TO '{path}' (HEADER)"""  # noqa: S608 - generated demo data
    )
    con.close()


def load(m: Municipality) -> None:
    if not governs(m, Service.APLICATIVO):
        return
    month = _last_closed_month(today_of(m))
    with tenant(m):
        for platform in Platform.objects.filter(drivers__status="enabled").distinct():
            if TripUpload.objects.filter(platform=platform, month=month).exists():
                continue
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / f"corridas-demo-{month:%Y-%m}.csv"
                _generate(path, platform, month)
                with path.open("rb") as f:
                    upload, _ = receiving.trip_upload_submit(
                        actor=Actor(None, "plataforma", "carga de demonstração (plataforma)"),
                        municipality=m,
                        platform=platform,
                        file=File(f, name=path.name),
                        kind="trips",
                        schema="native",
                        year=month.year,
                        month=month.month,
                        idempotency_key=f"demo-trips-{month:%Y-%m}",
                    )
            # The demo processes at once; in production a worker (`outorga db_worker`) does.
            processing.trip_upload_process(upload_id=upload.pk)
