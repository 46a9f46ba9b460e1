"""Processing a trip file (the background task): one run at a time per upload, the engine's counts
and measures stored with the law core's decisions on them (fares, vehicles, the concurrency peak).
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.filestore import local_file
from outorga.core.lawctx import context
from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.law.citations import render_many
from outorga.law.context import Context, MunicipalityFacts
from outorga.law.decisions import Decision, Verdict
from outorga.platforms.models import Platform
from outorga.platforms.selectors import StoppedPeriod, credential_stopped
from outorga.platforms.services.candidates import (
    concurrency_candidate_record,
    concurrency_candidate_withdraw,
    stopped_trips_candidate_record,
    stopped_trips_candidate_withdraw,
)

from ..engine.analysis import analyse_sessions, analyse_trips
from ..engine.base import (
    ERROR_KINDS,
    EXCLUDING,
    FareLimits,
    FarePeriod,
    Fares,
    FileRejected,
    Result,
    RosterEntry,
    Window,
)
from ..engine.vehicles import VEHICLE_KINDS, VehiclesResult, analyse_vehicles
from ..models import DriverMonth, MdsVehicle, PlatformMonth, TripUpload, ValidationCount
from ..months import current_trip_uploads, month_drivers
from .common import (
    SYSTEM,
    ask_law,
    day_start_ms,
    instant_or_none,
    month_bounds,
    month_end,
    to_ms,
    trip_cites,
    trip_rules,
    window_json,
)
from .issqn import _compute_statement

log = logging.getLogger(__name__)


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
#: MDS ``propulsion_types`` (data-types/propulsion-type.yaml) with a motor that moves the vehicle
#: by itself. ``human`` has none, and ``electric_assist`` ("power only alongside human
#: propulsion") is a pedal-assisted bicycle, which traffic regulation keeps a bicycle: neither makes
#: a two-wheeler "motorizado" (art. 17).
MDS_MOTORS = frozenset(
    {
        "electric",
        "combustion",
        "combustion_diesel",
        "hybrid",
        "hydrogen_fuel_cell",
        "plug_in_hybrid",
    }
)


def mds_vehicle_kind(vehicle_type: str | None, propulsion: Collection[str]) -> str | None:
    """What an MDS ``/vehicles`` report (data-types/vehicle-type.yaml) says the vehicle is, as a
    roster kind (:data:`LAW_VEHICLE_KIND`) the law core judges under art. 17 ("motocicletas ou
    outros veículos motorizados de duas rodas"); None where it tells no kind the ban could reach.
    A ``motorcycle`` is a motocicleta and a ``moped`` a ciclomotor (motorised by definition); a
    seated scooter is a motoneta, and a standing scooter or a bicycle another two-wheeler, only
    with a motor (:data:`MDS_MOTORS`); a cargo bicycle may have three wheels, and ``bus``,
    ``truck``, ``delivery_robot`` and ``other`` carry no passenger on two wheels."""
    motor = bool(MDS_MOTORS.intersection(propulsion))
    if vehicle_type == "car":
        return "car"
    if vehicle_type == "motorcycle":
        return "motorcycle"
    if vehicle_type == "moped":
        return "ciclomotor"
    if vehicle_type == "scooter_seated" and motor:
        return "motoneta"
    if vehicle_type in ("scooter_standing", "bicycle") and motor:
        return "other_two_wheeler"
    return None


# --- processing (background task) ----------------------------------------------------------------


def month_vehicle_bans(
    m: Municipality, first_day: dt.date, facts: MunicipalityFacts
) -> tuple[dict[str, bool], list[tuple[int, int | None]] | None]:
    """Art. 17 with D-15 and D-16: each roster vehicle kind the ban reaches on some day of the
    month, and the periods of the month the ban was in force — a trip is judged by the ban of the
    day it started, not by the month's last day's (a court may suspend the ban, or its suspension
    end, mid-month). None: the ban stood the same all month. The law core answers each kind on
    each day; what varies within a month is the rule's suspension, the same for every kind."""
    days = [first_day + dt.timedelta(days=n) for n in range(month_end(first_day).day)]
    by_day: list[dict[str, bool]] = []
    for day in days:
        ctx = Context(facts, day)
        rules = trip_rules(m, ctx)
        by_day.append(
            {
                kind: rules.vehicle_banned(ctx, law_kind, wheels).verdict is Verdict.REFUSED
                for kind, (law_kind, wheels) in LAW_VEHICLE_KIND.items()
            }
        )
    kinds = {kind: any(d[kind] for d in by_day) for kind in LAW_VEHICLE_KIND}
    in_force = [any(d.values()) for d in by_day]
    if all(in_force) or not any(in_force):
        return kinds, None
    periods: list[tuple[int, int | None]] = []
    for i, (day, banned) in enumerate(zip(days, in_force, strict=True)):
        if banned and (i == 0 or not in_force[i - 1]):
            periods.append((day_start_ms(m, day), None))
        elif not banned and i > 0 and in_force[i - 1]:
            periods[-1] = (periods[-1][0], day_start_ms(m, day))
    return kinds, periods


def roster_for(
    platform: Platform, ctx: Context, banned_kinds: Mapping[str, bool] | None = None
) -> list[RosterEntry]:
    """The platform's drivers as the engine needs them. Whether a vehicle kind is banned is asked
    to the law core once per kind (art. 17, honouring a court suspension, D-16); a month's file
    passes ``banned_kinds``, the kinds banned on some day of it (:func:`month_vehicle_bans`)."""
    from outorga.platforms.models import PlatformDriver

    banned: dict[str, bool] = dict(banned_kinds or {})
    rules = trip_rules(platform.municipality, ctx)

    def is_banned(kind: str) -> bool:
        if kind not in banned:
            law_kind, wheels = LAW_VEHICLE_KIND.get(kind, ("outro", None))
            why = rules.vehicle_banned(ctx, law_kind, wheels)
            banned[kind] = why.verdict is Verdict.REFUSED
        return banned[kind]

    by_cpf: dict[str, dict[str, Any]] = {}
    # The whole roster history in one query (entries of every month): a file's trips are checked
    # against it in the engine, never with a query per trip or driver.
    for d in PlatformDriver.objects.filter(platform=platform).order_by("created_at", "pk"):
        entry = by_cpf.setdefault(d.cpf, {"periods": [], "vehicles": []})
        refused = d.status == "refused"
        start = d.enabled_at or (d.created_at if d.status == "enabled" else None)
        # A refused registration never drove: the vehicle is the one of an entry the law let
        # on the roster (art. 4, art. 17); a refused one names it only when there is no other.
        if not refused or entry.get("refused", True):
            # Only refused entries so far (or none): this one's vehicle replaces theirs.
            alone = entry.get("refused", True)
            entry["cnh"] = "".join(c for c in d.cnh_number if c.isdigit())
            entry["refused"] = refused
            vehicle = (to_ms(start or d.created_at), d.vehicle_plate, is_banned(d.vehicle_kind))
            entry["vehicles"] = [vehicle] if alone else [*entry["vehicles"], vehicle]
        if refused or start is None:
            continue
        until = d.disabled_at
        if d.status == "disabled" and until is None:
            until = start  # disabled with no date: never counted as enabled
        entry["periods"].append((to_ms(start), to_ms(until) if until else None))
    return [_roster_entry(cpf, e) for cpf, e in by_cpf.items()]


def _roster_entry(cpf: str, e: dict[str, Any]) -> RosterEntry:
    """A CPF's entries as the engine's driver. Each trip is checked against the vehicle of the
    entry in force when it started (art. 4, art. 17): the vehicles in the order their entries
    took effect, an entry naming the vehicle already in force adding nothing; the newest is the
    driver's plate. One vehicle all along: no list, the engine's fast path."""
    vehicles: list[tuple[int, str, bool]] = []
    for since, plate, banned in sorted(e["vehicles"], key=lambda v: v[0]):
        if not vehicles or vehicles[-1][1:] != (plate, banned):
            vehicles.append((since, plate, banned))
    _, plate, banned = vehicles[-1]
    return RosterEntry(
        cpf,
        plate,
        banned,
        tuple(e["periods"]),
        e["cnh"],
        tuple(vehicles) if len(vehicles) > 1 else (),
    )


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
    # Art. 17, D-15, D-16: the ban as it stood on each day of the month.
    banned_kinds, banned_in = month_vehicle_bans(m, upload.month, ctx.municipality)
    roster = roster_for(upload.platform, ctx, banned_kinds)
    limits_json = None
    # Art. 3 with art. 26, IV: the periods the credential was suspended or cancelled that touch
    # the month; a trip started in one is flagged (never left out of the totals).
    stopped = [
        x
        for x in credential_stopped(upload.platform)
        if to_ms(x.start) < bounds.end_ms and (x.end is None or to_ms(x.end) > bounds.start_ms)
    ]
    if upload.kind == TripUpload.Kind.TRIPS:
        fares, limits_json = month_fares(m, upload.month, ctx.municipality)
        # Art. 17 also from the platform's own report of each MDS device (its vehicle_type).
        devices, device_kinds = (
            platform_devices(upload.platform) if upload.schema == "mds" else (None, {})
        )
        result = analyse_trips(
            path,
            upload.file_format,
            upload.schema,
            month=bounds,
            roster=roster,
            limits=fares,
            progress=progress,
            lines=upload.lines,
            window=(
                Window(to_ms(upload.window_start), to_ms(upload.window_end))
                if upload.window_start and upload.window_end
                else None
            ),
            devices=devices,
            two_wheelers=[d for d, kind in device_kinds.items() if banned_kinds.get(kind)],
            stopped=[(to_ms(x.start), to_ms(x.end) if x.end else None) for x in stopped],
            banned_in=banned_in,
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
        _store(upload, result, ctx, limits_json, stopped)
    progress(100, "concluído")


def month_fares(m: Municipality, first_day: dt.date, facts: MunicipalityFacts) -> tuple[Fares, Any]:
    """Art. 7 with D-15 and D-16: the fare maxima of each day of the month, in the periods they
    stay the same — a trip is judged by those in force on the day it started, not by the month's
    last day's (an act of the Executive or a court suspension may change them mid-month) — and
    what the law said of them: one reason for the whole month, else each period's with its days.
    ``facts``: the municipality's data, as the file's context already read them."""
    # Each period: its first day, its last day, its maxima and the law's reason.
    periods: list[list[Any]] = []
    for n in range(month_end(first_day).day):
        day = first_day + dt.timedelta(days=n)
        ctx = Context(facts, day)
        limits, why = trip_rules(m, ctx).trip_fare_limits(ctx)
        fares = (
            FareLimits(limits.base_fare_cents, limits.per_km_cents, limits.per_minute_cents)
            if limits
            else None
        )
        last = periods[-1] if periods else None
        if last and (last[2], last[3].verdict, last[3].message) == (
            fares,
            why.verdict,
            why.message,
        ):
            last[1] = day
        else:
            periods.append([day, day, fares, why])
    if len(periods) == 1:
        return periods[0][2], periods[0][3].to_json()
    return [
        FarePeriod(
            None if i == 0 else day_start_ms(m, first),
            None if i == len(periods) - 1 else day_start_ms(m, last + dt.timedelta(days=1)),
            fares,
        )
        for i, (first, last, fares, _) in enumerate(periods)
    ], [
        {"de": first.isoformat(), "até": last.isoformat(), **why.to_json()}
        for first, last, _, why in periods
    ]


def platform_devices(platform: Platform) -> tuple[dict[str, str], dict[str, str]]:
    """The platform's MDS vehicles: device_id → plate, and device_id → the roster kind its
    reported type names (:func:`mds_vehicle_kind`; only the devices whose type names one): of
    each device, what the newest processed /vehicles file that lists it says."""
    devices: dict[str, str] = {}
    kinds: dict[str, str] = {}
    for device, plate, vehicle_type, propulsion in (
        MdsVehicle.objects.filter(platform=platform, upload__status=TripUpload.Status.DONE)
        .order_by("upload_id")
        .values_list("device_id", "plate", "vehicle_type", "propulsion_types")
    ):
        devices[device] = plate
        kind = mds_vehicle_kind(vehicle_type, propulsion or ())
        if kind is None:
            kinds.pop(device, None)
        else:
            kinds[device] = kind
    return devices, kinds


def _store_report(
    upload: TripUpload,
    result: Result | VehiclesResult,
    labels: Mapping[str, str],
    *,
    excluding: Collection[str],
) -> None:
    """The file's validation report, in place of an earlier run's: per kind of finding its label,
    its count, whether it keeps the row out of the counts, and a few samples."""
    ValidationCount.objects.filter(upload=upload).delete()
    ValidationCount.objects.bulk_create(
        ValidationCount(
            municipality=upload.municipality,
            upload=upload,
            kind=kind,
            label=labels[kind],
            count=n,
            excludes=kind in excluding,
            samples=result.samples.get(kind, []),
        )
        for kind, n in result.errors.items()
    )


def _done(
    upload: TripUpload, *, rows: int, rows_counted: int, rows_clean: int, **more: Any
) -> None:
    """The upload done: its rows as read, counted and clean, and what else its kind measures."""
    TripUpload.objects.filter(pk=upload.pk).update(
        status=TripUpload.Status.DONE,
        progress=100,
        stage="concluído",
        finished_at=timezone.now(),
        rows=rows,
        rows_counted=rows_counted,
        rows_clean=rows_clean,
        **more,
    )


def _store_vehicles(upload: TripUpload, result: VehiclesResult) -> None:
    """A /vehicles file's devices and their plates, its report, and the act."""
    m = upload.municipality
    # Every finding of a vehicles file keeps its device out of the list.
    _store_report(upload, result, VEHICLE_KINDS, excluding=VEHICLE_KINDS)
    MdsVehicle.objects.filter(upload=upload).delete()
    MdsVehicle.objects.bulk_create(
        MdsVehicle(
            municipality=m,
            upload=upload,
            platform=upload.platform,
            device_id=d[:64],
            plate=p[:10],
            vehicle_type=(result.types.get(d, (None, ()))[0] or "")[:32],
            propulsion_types=list(result.types.get(d, (None, ()))[1]),
        )
        for d, p in result.devices.items()
    )
    _done(
        upload,
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


def _stopped_standing(upload: TripUpload, stopped: list[StoppedPeriod]) -> Decision:
    """The law core's word on the first period of the month the credential was stopped: on its
    first day in the month, the platform could not intermediate trips (art. 3, art. 26 IV)."""
    m = upload.municipality
    first = stopped[0]
    day = max(first.start.astimezone(zone_of(m)).date(), upload.month)
    facts: dict[str, Any] = {"status": first.status, "act": "operate"}
    if first.last_day is not None:
        facts["suspended_until"] = first.last_day.isoformat()
    return ask_law(m, "credential_standing", facts, context(m, day))


def _store(
    upload: TripUpload,
    result: Result,
    ctx: Context,
    limits_json: Any,
    stopped: list[StoppedPeriod] | None = None,
) -> None:
    m = upload.municipality
    _store_report(upload, result, ERROR_KINDS, excluding=EXCLUDING)
    pm, _ = PlatformMonth.objects.select_for_update().get_or_create(
        platform=upload.platform, month=upload.month
    )
    # Done within the transaction that stores its results: the month below adds it up.
    _done(
        upload,
        rows=result.rows,
        rows_counted=result.rows_counted,
        rows_clean=result.rows_clean,
        peak_drivers=result.peak.count,
        peak_at=instant_or_none(result.peak.at_ms),
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
    elif pm.sessions_upload_id is None or upload.pk > pm.sessions_upload_id:
        # The month's sessions are its last-received file's, as its trips are (tripdata.months):
        # an older file the worker takes after a newer one must not bring its peak back.
        pm.sessions_upload = upload
        pm.peak_sessions, pm.peak_sessions_at = (
            result.peak.count,
            instant_or_none(result.peak.at_ms),
        )
    if pm.peak_sessions is not None:
        pm.peak, pm.peak_at, pm.peak_source = pm.peak_sessions, pm.peak_sessions_at, "sessions"
    else:
        pm.peak, pm.peak_at, pm.peak_source = pm.peak_trips, pm.peak_trips_at, "trips"
    facts: dict[str, Any] = {
        "year": upload.month.year,
        "month": upload.month.month,
        "measured_peak": int(pm.peak or 0),
    }
    tz = zone_of(m)  # the municipality's clock decides a trip's month and the day it is seen
    if pm.peak_at is not None:
        # D-15: the law judges the peak on the day it happened in the municipality, not in UTC.
        facts["measured_peak_at"] = pm.peak_at.astimezone(tz).isoformat()
    decision = ask_law(m, "concurrency_month", facts, ctx)
    pm.candidate = bool(decision.outcome.get("candidate"))
    pm.decision = decision.to_json()
    pm.save()
    statement = None
    if pm.trips_upload_id is not None:
        # Before the candidate's act: no row is locked after a transaction's first act.
        statement = _compute_statement(pm, ctx)
    if pm.candidate:
        # D-9 (b): listed for the authority in the same transaction as the result it comes from.
        concurrency_candidate_record(
            actor=Actor.system(SYSTEM),
            municipality=m,
            platform=upload.platform,
            month=upload.month,
            peak=int(pm.peak or 0),
            peak_at=pm.peak_at.astimezone(tz) if pm.peak_at else None,
            source=pm.peak_source,
            decision=pm.decision,
            on=timezone.localdate(timezone=tz),
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
            on=timezone.localdate(timezone=tz),
        )
    # The month's count, over its current files (one per window), as its totals are.
    stopped_trips = (
        ValidationCount.objects.filter(
            upload__in=current_trip_uploads(upload.platform, upload.month),
            kind="credential_stopped",
        ).aggregate(n=Sum("count"))["n"]
        or 0
        if upload.kind == TripUpload.Kind.TRIPS
        else 0
    )
    if upload.kind == TripUpload.Kind.TRIPS and not stopped_trips:
        stopped_trips_candidate_withdraw(
            actor=Actor.system(SYSTEM),
            municipality=m,
            platform=upload.platform,
            month=upload.month,
            on=timezone.localdate(timezone=tz),
        )
    if stopped_trips and stopped:
        standing = _stopped_standing(upload, stopped)
        stopped_trips_candidate_record(
            actor=Actor.system(SYSTEM),
            municipality=m,
            platform=upload.platform,
            month=upload.month,
            trips=stopped_trips,
            decision=standing.to_json(),
            cites=render_many(standing.citations),
            on=timezone.localdate(timezone=tz),
        )
    extra: dict[str, Any] = {
        "linhas": result.rows,
        "contabilizadas": result.rows_counted,
        "ocorrências": {k: v for k, v in result.errors.items() if v},
        "pico": result.peak.count,
        "candidato_a_infração": pm.candidate,
    }
    if upload.window_start is not None:
        extra["janela"] = window_json(upload.window_start, upload.window_end)
    if limits_json is not None:
        extra["limites_tarifários"] = limits_json
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
