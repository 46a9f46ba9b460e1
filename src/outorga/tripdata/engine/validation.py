# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""Validation: how the file's rows meet the platform's roster (drivers, plates, enabled
periods), one SQL test per error kind, and the quick tests that let most rows skip them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import duckdb

from .base import (
    CEILING_EXTRAS_CAP,
    DURATION_TOLERANCE_S,
    FLAW_BIT,
    MAX_SPEED_KMH,
    MAX_TRIP_METRES,
    MAX_TRIP_SECONDS,
    MDS_MISSING_BIT,
    MDS_TWO_WHEELER_BIT,
    MDS_UNUSABLE_BITS,
    FarePeriod,
    Fares,
    Month,
    RosterEntry,
    Stopped,
    Window,
    fare_periods,
)
from .connection import insert_rows


@dataclass(frozen=True)
class _Roster:
    """How the file's rows meet the roster: the joins, the SQL telling whether the row's
    driver was enabled at the trip's start, and each driver's number → CPF. ``vehicle_joins``,
    ``plate`` and ``banned``: the join (for the rows tested per kind only) and the SQL giving the
    plate and the ban of the vehicle the driver's roster names at the trip's start."""

    joins: str
    enabled: str
    cpf_of: dict[int, str] = field(default_factory=dict)
    vehicle_joins: str = ""
    plate: str = "r_plate"
    banned: str = "banned"


#: Past any instant in a file: the clean window of a driver who can never be clean.
_NEVER = 2**62


def load_roster(
    con: duckdb.DuckDBPyConnection, roster: Sequence[RosterEntry], month: Month | None = None
) -> _Roster:
    """The roster as table ``r`` (``k`` numbers the drivers 1…n for the concurrency measure's
    integer sorts). A driver's enabled period sits on its own row, so the usual roster (one period
    per driver) needs one equi-join; only when some driver has several periods are they joined
    as a range from table ``p``.

    ``[cf, cu)`` is the driver's *clean window*: the enabled period of a driver whose vehicle
    the law allows, within ``month``; empty (both ``_NEVER``) for a banned vehicle, no period,
    several periods or several vehicles. The reader's quick test checks a trip's start against
    it alone; every other case goes to the test per error kind. A driver who changed vehicle
    (``RosterEntry.vehicles``) has each vehicle on its own row of table ``v``, joined by the
    trip's start for the rows tested per kind only (there are never clean rows of his)."""
    con.execute(
        "CREATE TABLE r (r_cpf VARCHAR, r_plate VARCHAR, banned BOOLEAN, k INTEGER, "
        "rf BIGINT, ru BIGINT, cf BIGINT, cu BIGINT)"
    )
    merged = [_merge_periods(d.periods) for d in roster]
    rows = []
    for i, (d, ps) in enumerate(zip(roster, merged, strict=True), 1):
        rf, ru = ps[0] if ps else (None, None)
        cf, cu = (_NEVER, _NEVER)
        if len(ps) == 1 and not d.banned_vehicle and not d.vehicles:
            cf, cu = ps[0][0], _NEVER if ru is None else ru
            if month is not None:
                cf, cu = max(cf, month.start_ms), min(cu, month.end_ms)
        rows.append((d.cpf, d.plate.upper().replace("-", ""), d.banned_vehicle, i, rf, ru, cf, cu))
    if rows:
        insert_rows(con, "r", rows)
    cpf_of = {row[3]: row[0] for row in rows}
    vehicles = _load_vehicles(con, roster)
    joins = "LEFT JOIN r ON x.driver = r.r_cpf"
    if all(len(ps) <= 1 for ps in merged):
        return _Roster(
            joins, "(rf IS NOT NULL AND s >= rf AND (ru IS NULL OR s < ru))", cpf_of, **vehicles
        )
    con.execute("CREATE TABLE p (p_cpf VARCHAR, f BIGINT, u BIGINT)")
    insert_rows(
        con, "p", [(d.cpf, f, u) for d, ps in zip(roster, merged, strict=True) for f, u in ps]
    )
    joins += " LEFT JOIN p ON x.driver = p.p_cpf AND x.s >= p.f AND (p.u IS NULL OR x.s < p.u)"
    return _Roster(joins, "(p.f IS NOT NULL)", cpf_of, **vehicles)


def _load_vehicles(con: duckdb.DuckDBPyConnection, roster: Sequence[RosterEntry]) -> dict[str, str]:
    """Table ``v``: each vehicle of the drivers who changed vehicle, ``[vf, vu)`` the instants
    it was the one the roster named (the first open before, the last after), and the SQL that
    reads it (:class:`_Roster`); nothing when no driver changed vehicle."""
    rows = [
        (
            d.cpf,
            None if i == 0 else f,
            d.vehicles[i + 1][0] if i + 1 < len(d.vehicles) else None,
            plate.upper().replace("-", ""),
            banned,
        )
        for d in roster
        for i, (f, plate, banned) in enumerate(d.vehicles)
    ]
    if not rows:
        return {}
    con.execute(
        "CREATE TABLE v (v_cpf VARCHAR, vf BIGINT, vu BIGINT, v_plate VARCHAR, v_banned BOOLEAN)"
    )
    insert_rows(con, "v", rows)
    return {
        "vehicle_joins": " LEFT JOIN v ON x.driver = v.v_cpf AND (v.vf IS NULL OR x.s >= v.vf)"
        " AND (v.vu IS NULL OR x.s < v.vu)",
        "plate": "coalesce(v.v_plate, r_plate)",
        "banned": "coalesce(v.v_banned, banned)",
    }


def _merge_periods(periods: Iterable[tuple[int, int | None]]) -> list[tuple[int, int | None]]:
    """Non-overlapping enabled periods, so a range join matches at most one per trip."""
    out: list[tuple[int, int | None]] = []
    for f, u in sorted(periods, key=lambda x: x[0]):
        if out and (out[-1][1] is None or f <= out[-1][1]):
            last_f, last_u = out[-1]
            out[-1] = (last_f, None if u is None or last_u is None else max(last_u, u))
        else:
            out.append((f, u))
    return out


def _in_stopped(stopped: Sequence[Stopped]) -> str:
    """The trip started in one of the ``stopped`` periods (art. 3 with art. 26, IV; also the
    periods the two-wheeler ban of art. 17 was in force)."""
    parts = [f"(s >= {a})" if b is None else f"(s >= {a} AND s < {b})" for a, b in stopped]
    return f"({' OR '.join(parts)})" if parts else "false"


def _started_in(period: FarePeriod) -> list[str]:
    """The SQL tests, all true, that the trip started within ``period`` (none for an open side)."""
    return [
        *([f"s >= {period.from_ms}"] if period.from_ms is not None else []),
        *([f"s < {period.until_ms}"] if period.until_ms is not None else []),
    ]


def _started_outside(period: FarePeriod) -> list[str]:
    """The SQL tests, one true, that the trip started outside ``period``."""
    return [
        *([f"s < {period.from_ms}"] if period.from_ms is not None else []),
        *([f"s >= {period.until_ms}"] if period.until_ms is not None else []),
    ]


def trip_conditions(
    month: Month,
    limits: Fares,
    enabled: str,
    window: Window | None = None,
    stopped: Sequence[Stopped] = (),
    banned_in: Sequence[Stopped] | None = None,
    plate: str = "r_plate",
    banned: str = "banned",
) -> dict[str, str]:
    """One SQL boolean per error kind (duplicates are marked afterwards, on the whole file).
    ``limits``: the fare maxima, for the month or by the periods they were in force (each trip
    by those of its start). ``window``: the part of the month the file covers (None: the whole
    month). ``stopped``: the periods the platform's credential was suspended or cancelled.
    ``banned_in``: the periods the two-wheeler ban (art. 17) was in force, each trip judged by
    the ban of its start (None: the whole month). ``plate``, ``banned``: the SQL giving the
    plate and the ban of the vehicle the roster names at the trip's start (:class:`_Roster`)."""
    fare_checks = []
    for period in fare_periods(limits):
        fares = period.limits
        assert fares is not None
        # The rulebook's fares.fare_ceiling, exactly, in integers: base + km × m/1000 + min × s/60
        # + extras = N/6000, rounded half-up = (N + 3000) // 6000 (parity-tested).
        ceiling = (
            f"((6000 * {fares.base_cents} + 6 * {fares.per_km_cents} * dist"
            f" + 100 * {fares.per_minute_cents} * dur + 6000 * least(extras, {CEILING_EXTRAS_CAP})"
            " + 3000) // 6000)"
        )
        within = "".join(f" AND {t}" for t in _started_in(period))
        fare_checks.append(
            f"(CASE WHEN revenue AND dist BETWEEN 0 AND {MAX_TRIP_METRES} AND dur BETWEEN 0 AND "
            f"{MAX_TRIP_SECONDS} AND extras >= 0{within} THEN fare > {ceiling} ELSE false END)"
        )
    fare_check = f"({' OR '.join(fare_checks)})" if fare_checks else "false"
    flaw = {k: f"(coalesce(flaw, 0) & {bit} <> 0)" for k, bit in FLAW_BIT.items()}
    reported = f"(coalesce(flaw, 0) & {MDS_TWO_WHEELER_BIT} <> 0)"
    return {
        # An amount an MDS row lacks is reported under its own kind (the flaw), not here too; a
        # required MDS field it lacks (its vehicle's device_id) is here.
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL OR "
        "trip_id IS NULL OR dist IS NULL OR dur IS NULL OR ((fare IS NULL OR ret IS NULL "
        f"OR extras IS NULL) AND coalesce(flaw, 0) & {MDS_UNUSABLE_BITS} = 0) "
        f"OR coalesce(flaw, 0) & {MDS_MISSING_BIT} <> 0)",
        "outside_month": f"(s < {month.start_ms} OR s >= {month.end_ms})",
        "negative_duration": "(e < s OR dur < 0)",
        # CASE guards the integer arithmetic against overflow on absurd values.
        "impossible_duration": f"(CASE WHEN e < s OR dur < 0 THEN false "
        f"WHEN dur > {MAX_TRIP_SECONDS} OR e - s > {MAX_TRIP_SECONDS * 1000} THEN true "
        f"ELSE abs(dur * 1000 - (e - s)) > {DURATION_TOLERANCE_S * 1000} END)",
        "negative_distance": "(dist < 0)",
        # Average speed over MAX_SPEED_KMH: dist/dur > kmh/3.6  ⇔  18·dist > 5·kmh·dur.
        "impossible_distance": f"(CASE WHEN dist > {MAX_TRIP_METRES} THEN true "
        f"WHEN dist <= 0 OR dur < 0 THEN false WHEN dur = 0 THEN dist > 1000 "
        f"ELSE 18 * dist > {5 * MAX_SPEED_KMH} * least(dur, {MAX_TRIP_SECONDS * 100}) END)",
        "inconsistent_amounts": "(fare < 0 OR ret < 0 OR ret > fare OR extras < 0)",
        "unknown_driver": "(driver IS NOT NULL AND driver <> '' AND r.k IS NULL)",
        "driver_not_enabled": f"(r.k IS NOT NULL AND NOT coalesce({enabled}, false))",
        # The plate as written in the file; normalised (upper case, no hyphen) only when it
        # differs, which is rare, so the common row pays one comparison.
        "plate_mismatch": f"(r.k IS NOT NULL AND plate IS NOT NULL AND plate <> {plate} "
        f"AND upper(replace(plate, '-', '')) <> {plate})",
        # The roster's vehicle at the trip's start, or the platform's own report of the MDS
        # device (whoever the driver): either is evidence of the service art. 17 bans.
        "two_wheeler": f"((r.k IS NOT NULL AND {banned}) OR {reported})"
        if banned_in is None
        else f"(((r.k IS NOT NULL AND {banned}) OR {reported}) AND {_in_stopped(banned_in)})",
        "fare_above_limit": fare_check,
        **flaw,
        "outside_window": "false"
        if window is None
        else f"(e < {window.start_ms} OR e >= {window.end_ms})",
        "credential_stopped": _in_stopped(stopped),
    }


def trip_clean(limits: Fares, window: Window | None = None, stopped: Sequence[Stopped] = ()) -> str:
    """A cheap test that is true only for rows none of :func:`trip_conditions` flags: plain
    comparisons, no CASE, no NULL checks (a NULL value makes it NULL, which sends the row to the
    full test). The roster's part is the driver's clean window (see :func:`load_roster`): known,
    enabled, vehicle allowed, start within the month; a row off the roster has no window, and a
    CPF on the roster is never empty. Most rows are clean; only the rest pay for the bit per
    kind. A property test keeps it a sufficient condition.

    Products are taken in DOUBLE: DuckDB checks BIGINT products for overflow (an absurd value
    would fail the file) and evaluates the conjuncts in an order of its own, so each must be safe
    alone. Where every other conjunct holds, the operands are small integers, exact in a double,
    and the comparison is the integer one."""
    tests = [
        "trip_id IS NOT NULL",
        "s >= cf",
        "s < cu",
        "e >= s",
        f"e - s <= {MAX_TRIP_SECONDS * 1000}",
        "dur >= 0",
        f"dur <= {MAX_TRIP_SECONDS}",
        f"abs(dur::DOUBLE * 1000 - (e - s)) <= {DURATION_TOLERANCE_S * 1000}",
        "dist >= 0",
        f"dist <= {MAX_TRIP_METRES}",
        # Average speed within MAX_SPEED_KMH: 18·dist ≤ 5·kmh·dur.
        f"dist::DOUBLE * 18 <= dur::DOUBLE * {5 * MAX_SPEED_KMH}",
        "ret >= 0",
        "ret <= fare",  # with ret ≥ 0: fare ≥ 0
        "extras >= 0",
        "plate = r_plate",
        "flaw = 0",
    ]
    if window is not None:
        tests += [f"e >= {window.start_ms}", f"e < {window.end_ms}"]
    # Outside every period the credential was stopped (a trip inside one is not clean).
    tests += [f"s < {a}" if b is None else f"s < {a} OR s >= {b}" for a, b in stopped]
    periods = fare_periods(limits)
    if periods:
        # fare ≤ ⌊(N + 3000) / 6000⌋ ⇔ 6000·fare ≤ N + 3000 for an integer fare, N as in
        # trip_conditions; extras bounded so that N stays exact.
        tests.append(f"extras <= {MAX_TRIP_METRES}")
    for period in periods:
        fares = period.limits
        assert fares is not None
        # A trip that started outside the period is not judged by its maxima here.
        tests.append(
            " OR ".join(
                [
                    *_started_outside(period),
                    f"fare::DOUBLE * 6000 <= dist::DOUBLE * {6 * fares.per_km_cents}"
                    f" + dur::DOUBLE * {100 * fares.per_minute_cents}"
                    f" + extras::DOUBLE * 6000 + {6000 * fares.base_cents + 3000}",
                ]
            )
        )
    return " AND ".join(f"({t})" for t in tests)


def session_conditions(month: Month) -> dict[str, str]:
    return {
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL)",
        "outside_month": f"(e <= {month.start_ms} OR s >= {month.end_ms})",
        "negative_duration": "(e < s)",
        "impossible_duration": f"(e - s > {MAX_TRIP_SECONDS * 1000 * 31})",
        "unknown_driver": "(driver IS NOT NULL AND driver <> '' AND r.k IS NULL)",
    }


def session_clean(month: Month) -> str:
    """The sessions' quick test, sufficient for :func:`session_conditions` (property-tested):
    a roster driver's session, overlapping the month, of a possible length."""
    return (
        f"(r.k IS NOT NULL) AND (e > {month.start_ms}) AND (s < {month.end_ms}) AND (e >= s) "
        f"AND (e - s <= {MAX_TRIP_SECONDS * 1000 * 31})"
    )
