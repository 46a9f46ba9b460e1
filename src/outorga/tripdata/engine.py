# ruff: noqa: S608 - SQL is built from this module's constants; the only outside value, the file path, is quoted by _sql_str.
"""The trip-file engine: DuckDB reads a month of trips or sessions once into a columnar table and
answers everything the product needs from it with set operations (docs/decisions/0005).

No Django here: the service gives the roster, the month's bounds and the law core's answers
(fare maxima, banned vehicle kinds) as plain values, and stores what comes back. Nothing is written
to the application database from this module, so a file that fails leaves nothing behind.

Times are handled as UTC epoch milliseconds; a trip belongs to the month its start falls in, in
the municipality's local time (the service turns the local month into UTC bounds).
"""

from __future__ import annotations

import csv
import ctypes
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

#: Data-quality limits (not law): beyond these a trip is physically implausible and is left out of
#: the totals. A trip longer than a day or faster than 200 km/h on average is a recording error.
MAX_TRIP_SECONDS = 24 * 3600
MAX_TRIP_METRES = 1_000_000
MAX_SPEED_KMH = 200
#: Extras beyond this (R$ 10 bilhões) are absurd: capped inside the fare ceiling so that the
#: integer arithmetic cannot overflow (a fare would have to be as absurd to be flagged).
CEILING_EXTRAS_CAP = 10**12
#: Tolerance between the declared duration and end − start (clock rounding, GPS lag).
DURATION_TOLERANCE_S = 300
SAMPLES_PER_KIND = 5
#: The CSV reader's buffer, and the longest line it takes (DuckDB's default; a longer line is set
#: aside and reported, and one beyond the buffer makes the file refused, see
#: :func:`_set_aside`). DuckDB's default buffer (32 MB) is mapped afresh for every
#: file and faulted in page by page as the file is read into it: about 20 000 page faults per
#: million-row file; 4 MB buffers are reused: about 2 000 (measured, docs/decisions/0005).
CSV_BUFFER_BYTES = 4 << 20
CSV_MAX_LINE_BYTES = 2 << 20

FORMATS = ("csv", "parquet", "ndjson")
SCHEMAS = ("native", "mds")
KINDS = ("trips", "sessions")

#: Native schema (docs/trip-data-schema.md): column → (DuckDB type, required).
NATIVE_TRIPS: dict[str, tuple[str, bool]] = {
    "trip_id": ("VARCHAR", True),
    "driver_cpf": ("VARCHAR", True),
    "vehicle_plate": ("VARCHAR", True),
    "start_time": ("TIMESTAMPTZ", True),
    "end_time": ("TIMESTAMPTZ", True),
    "distance_m": ("BIGINT", True),
    "duration_s": ("BIGINT", True),
    "fare_cents": ("BIGINT", True),
    "retention_cents": ("BIGINT", True),
    "extras_cents": ("BIGINT", False),
}
NATIVE_SESSIONS: dict[str, tuple[str, bool]] = {
    "driver_cpf": ("VARCHAR", True),
    "start_time": ("TIMESTAMPTZ", True),
    "end_time": ("TIMESTAMPTZ", True),
    "session_id": ("VARCHAR", False),
}
#: MDS 2.0 trip fields read (data-types.md "Trips"; modes/passenger-services.md attributes).
MDS_TRIPS: dict[str, str] = {
    "trip_id": "VARCHAR",
    "trip_type": "VARCHAR",
    "start_time": "BIGINT",  # MDS timestamps: integer milliseconds since the Unix epoch
    "end_time": "BIGINT",
    "duration": "BIGINT",  # seconds
    "distance": "BIGINT",  # metres
    "actual_cost": "BIGINT",  # minor units of `currency`
    "currency": "VARCHAR",
    "trip_attributes": "JSON",
    "fare_attributes": "JSON",
}
#: MDS passenger-services trip types that carry a paying passenger; `reservation` and `empty`
#: legs are the driver online without revenue (they still count for concurrent drivers).
MDS_REVENUE_TYPES = ("private", "shared")

ERROR_KINDS: dict[str, str] = {
    "missing_field": "campo obrigatório ausente ou ilegível",
    "duplicate": "corrida duplicada (mesmo identificador)",
    "outside_month": "início fora do mês de competência",
    "negative_duration": "duração negativa (fim antes do início)",
    "impossible_duration": "duração impossível ou incoerente com início e fim",
    "negative_distance": "distância negativa",
    "impossible_distance": "distância ou velocidade média impossível",
    "inconsistent_amounts": "valores negativos ou retenção maior que a tarifa",
    "unknown_driver": "motorista não cadastrado pela plataforma",
    "driver_not_enabled": "motorista fora do cadastro (não habilitado) na hora da corrida",
    "plate_mismatch": "placa diferente da cadastrada para o motorista",
    "two_wheeler": "veículo de duas rodas (vedado)",
    "fare_above_limit": "tarifa acima do máximo fixado pelo Executivo",
}
#: Kinds that make a row untrustworthy: left out of totals and of the concurrency measure.
EXCLUDING = (
    "missing_field",
    "duplicate",
    "outside_month",
    "negative_duration",
    "impossible_duration",
    "negative_distance",
    "impossible_distance",
    "inconsistent_amounts",
)


class FileRejected(ValueError):
    """The file as a whole cannot be read (wrong format, missing columns). Portuguese message."""


@dataclass(frozen=True)
class RosterEntry:
    """A driver the platform registered: CPF, current plate, whether the law bans the vehicle
    (art. 17, answered by the law core per kind) and the periods the driver was enabled."""

    cpf: str
    plate: str
    banned_vehicle: bool
    periods: tuple[tuple[int, int | None], ...]  # [from_ms, until_ms) — until None = still enabled


@dataclass(frozen=True)
class FareLimits:
    base_cents: int
    per_km_cents: int
    per_minute_cents: int


@dataclass(frozen=True)
class Month:
    start_ms: int  # first instant of the month in local time, as UTC epoch ms
    end_ms: int  # first instant of the next month


@dataclass
class DriverTotals:
    driver: str
    trips: int
    gross_cents: int
    retention_cents: int
    distance_m: int
    duration_s: int
    on_roster: bool


@dataclass
class Peak:
    count: int
    at_ms: int | None
    intervals: int  # the intervals measured (each driver's overlapping ones not yet merged)


@dataclass
class Result:
    kind: str
    rows: int
    rows_counted: int
    rows_clean: int
    errors: dict[str, int]
    samples: dict[str, list[dict[str, Any]]]
    drivers: list[DriverTotals] = field(default_factory=list)
    peak: Peak = field(default_factory=lambda: Peak(0, None, 0))


Progress = Callable[[int, str], None]


def _noop(pct: int, stage: str) -> None:
    return None


#: glibc's mallopt parameters (malloc.h) and the values the engine's worker uses.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
_KEEP_FREED_BYTES = 1 << 30
_MMAP_FROM_BYTES = 32 << 20


@functools.cache
def _keep_freed_memory() -> bool:
    """Let the process keep the memory one file freed for the next (glibc only). By default
    glibc maps every block of 128 KB or more on its own and unmaps it when freed, and returns
    free heap to the system past 128 KB: each file's table (about 100 MB per million trips) is
    then faulted in page by page again, which costs a tenth of the work in system time. Blocks
    under 32 MB now come from the heap and up to 1 GB of free heap is kept (measured:
    docs/decisions/0005)."""
    if sys.platform != "linux":
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(
            libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM_BYTES)
            and libc.mallopt(_M_TRIM_THRESHOLD, _KEEP_FREED_BYTES)
        )
    except (OSError, AttributeError):  # not glibc
        return False


def connect(memory_limit: str = "1500MB", threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB that spills to disk past ``memory_limit``. Threads: ``threads``, else
    ``OUTORGA_DUCKDB_THREADS``, else one per core — with several workers on one machine, give
    each its share of the cores (docs/decisions/0005)."""
    _keep_freed_memory()
    con = duckdb.connect(":memory:")
    con.execute(f"SET memory_limit='{memory_limit}'")
    threads = threads or int(os.environ.get("OUTORGA_DUCKDB_THREADS") or 0) or os.cpu_count()
    con.execute(f"SET threads={int(threads or 1)}")
    # Rows are numbered in the order the reader's threads finish, not the file's: nothing below
    # depends on row numbers (duplicates and samples are chosen by content).
    con.execute("SET preserve_insertion_order=false")
    tmp = os.environ.get("OUTORGA_DUCKDB_TMP")
    if tmp:
        con.execute(f"SET temp_directory='{_sql_str(tmp)}'")
    con.execute("SET TimeZone='UTC'")
    return con


_local = threading.local()
#: The tables one analysis creates; a reused connection drops them before and after.
_TABLES = ("t", "te", "hh", "r", "p", "csv_rejects", "csv_scans")


@contextmanager
def _workspace(
    con: duckdb.DuckDBPyConnection | None,
) -> Iterator[duckdb.DuckDBPyConnection]:
    """The connection an analysis works in: the caller's, or one kept per worker thread and
    emptied after each file (a fresh DuckDB per file pays again for the memory it maps)."""
    if con is not None:
        yield con
        return
    con = getattr(_local, "con", None)
    if con is None:
        con = _local.con = connect()
    _drop(con)
    try:
        yield con
    finally:
        _drop(con)


def _drop(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("; ".join(f"DROP TABLE IF EXISTS {table}" for table in _TABLES))


def _sql_str(value: str) -> str:
    return value.replace("'", "''")


def _columns_of(con: duckdb.DuckDBPyConnection, source: str) -> list[str]:
    try:
        rel = con.sql(f"SELECT * FROM {source} LIMIT 0")
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {_short(exc)}") from exc
    return [c.lower() for c in rel.columns]


def _csv_header(path: Path) -> list[str]:
    """The header line, read directly (DuckDB's sniffer would sample the file to find it)."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as f:
            first = f.readline()
    except (OSError, UnicodeDecodeError) as exc:
        raise FileRejected(f"arquivo ilegível: {exc}") from exc
    return [c.strip().strip('"').lower() for c in next(csv.reader([first]), [])]


def _is_mds_envelope(path: Path) -> bool:
    """A JSON document whose top-level object carries "trips" before any trip's own fields."""
    with path.open("rb") as f:
        head = f.read(4096).lstrip()
    if not head.startswith(b"{"):
        return False
    trips, trip_id = head.find(b'"trips"'), head.find(b'"trip_id"')
    return trips >= 0 and (trip_id < 0 or trips < trip_id)


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:300]


def _source(path: Path, fmt: str, *, json_columns: dict[str, str] | None = None) -> str:
    p = _sql_str(str(path))
    if fmt == "csv":
        return f"read_csv('{p}', header=true, all_varchar=true)"
    if fmt == "parquet":
        return f"read_parquet('{p}')"
    if fmt == "ndjson":
        if json_columns:
            cols = "{" + ", ".join(f"'{k}': '{v}'" for k, v in json_columns.items()) + "}"
            return f"read_json('{p}', format='auto', columns={cols})"
        return f"read_json('{p}', format='auto')"
    raise FileRejected(f"formato desconhecido: {fmt}")


def _native_select(
    con: duckdb.DuckDBPyConnection, path: Path, fmt: str, spec: dict[str, tuple[str, bool]]
) -> str:
    """SELECT list turning a native file into typed columns. A bad value never fails the whole
    file: in CSV the line is set aside by the reader (``store_rejects``, see :func:`_rejected`),
    in Parquet and NDJSON TRY_CAST makes it NULL; both are reported as ``missing_field``."""
    if fmt == "csv":
        cols = _csv_header(path)
        missing = [k for k, (_, req) in spec.items() if req and k not in cols]
        if missing:
            raise FileRejected("colunas obrigatórias ausentes: " + ", ".join(missing))
        present = [k for k in spec if k in cols]
        # Every column named and typed from the header line: no dialect sniffing; columns the
        # schema does not know are read as text and never used (projection pushdown).
        columns = ", ".join(
            f"'{_sql_str(c)}': '{spec[c][0] if c in spec else 'VARCHAR'}'" for c in cols
        )
        src = (
            f"read_csv('{_sql_str(str(path))}', header=true, auto_detect=false, delim=',', "
            f"quote='\"', escape='\"', columns={{{columns}}}, store_rejects=true, "
            "rejects_table='csv_rejects', rejects_scan='csv_scans', "
            f"buffer_size={CSV_BUFFER_BYTES}, max_line_size={CSV_MAX_LINE_BYTES})"
        )
        exprs = [k if k in present else f"NULL::{spec[k][0]} AS {k}" for k in spec]
        return f"SELECT {', '.join(exprs)} FROM {src}"
    if fmt == "ndjson":
        json_cols = {k: ("VARCHAR" if t == "TIMESTAMPTZ" else t) for k, (t, _) in spec.items()}
        src = _source(path, fmt, json_columns=json_cols)
    else:
        src = _source(path, fmt)
    cols = _columns_of(con, src)
    missing = [k for k, (_, req) in spec.items() if req and k not in cols]
    if missing:
        raise FileRejected("colunas obrigatórias ausentes: " + ", ".join(missing))
    exprs = [
        f"TRY_CAST({k} AS {t}) AS {k}" if k in cols else f"NULL::{t} AS {k}"
        for k, (t, _) in spec.items()
    ]
    return f"SELECT {', '.join(exprs)} FROM {src}"


def _trips_select(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> str:
    """The file as normalised columns: trip_id, driver (digits), plate (as written: normalised
    only where it differs from the roster's), s, e (epoch ms), dist, dur, fare, ret, extras,
    revenue."""
    if schema == "native":
        inner = _native_select(con, path, fmt, NATIVE_TRIPS)
        # Normalise only what needs it: most files already follow the schema. Milliseconds from
        # the stored microseconds (epoch_ms casts the value, several times slower).
        return f"""SELECT
                trip_id,
                CASE WHEN strlen(driver_cpf) = 11 THEN driver_cpf
                     ELSE regexp_replace(driver_cpf, '[^0-9]', '', 'g') END AS driver,
                vehicle_plate AS plate,
                epoch_us(start_time) // 1000 AS s, epoch_us(end_time) // 1000 AS e,
                distance_m AS dist, duration_s AS dur,
                fare_cents AS fare, retention_cents AS ret, coalesce(extras_cents, 0) AS extras,
                true AS revenue
            FROM ({inner})"""
    if fmt != "ndjson":
        raise FileRejected('o formato MDS 2.0 é JSON: envie NDJSON ou o envelope {"trips": [...]}')
    if _is_mds_envelope(path):
        # The MDS provider API's payload: {"version": "2.0.0", "trips": [Trip, ...]}; one JSON
        # object, held whole in memory (large months go better as NDJSON).
        fields = ", ".join(f"{k} {v}" for k, v in MDS_TRIPS.items())
        src = (
            f"(SELECT unnest(trips, max_depth := 2) FROM read_json('{_sql_str(str(path))}', "
            f"format='unstructured', columns={{'trips': 'STRUCT({fields})[]'}}, "
            f"maximum_object_size={path.stat().st_size + 1}))"
        )
    else:
        src = _source(path, fmt, json_columns=MDS_TRIPS)
        cols = _columns_of(con, src)
        missing = [k for k in ("trip_id", "start_time", "end_time") if k not in cols]
        if missing:
            raise FileRejected("campos MDS obrigatórios ausentes: " + ", ".join(missing))
    return f"""SELECT
            trip_id,
            regexp_replace(json_extract_string(trip_attributes, '$.driver_id'), '[^0-9]', '', 'g')
                AS driver,
            upper(replace(json_extract_string(trip_attributes, '$.vehicle_id'), '-', ''))
                AS plate,
            start_time AS s, end_time AS e, distance AS dist, duration AS dur,
            CASE WHEN coalesce(trip_type, 'private') IN {MDS_REVENUE_TYPES}
                 THEN coalesce(actual_cost, 0) ELSE 0 END AS fare,
            CASE WHEN coalesce(trip_type, 'private') NOT IN {MDS_REVENUE_TYPES} THEN 0
                 WHEN json_extract(fare_attributes, '$.driver_trip_pay') IS NOT NULL
                 THEN coalesce(actual_cost, 0)
                      - TRY_CAST(json_extract_string(fare_attributes, '$.driver_trip_pay')
                                 AS BIGINT)
                 ELSE coalesce(TRY_CAST(json_extract_string(fare_attributes, '$.commission')
                                        AS BIGINT), 0) END AS ret,
            coalesce(TRY_CAST(json_extract_string(fare_attributes, '$.other_fees') AS BIGINT), 0)
              + coalesce(TRY_CAST(json_extract_string(fare_attributes, '$.tolls') AS BIGINT), 0)
              AS extras,
            coalesce(trip_type, 'private') IN {MDS_REVENUE_TYPES} AS revenue
        FROM {src}"""


def _sessions_select(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> str:
    if schema != "native":
        raise FileRejected("sessões só no esquema nativo (o MDS 2.0 não define sessões)")
    inner = _native_select(con, path, fmt, NATIVE_SESSIONS)
    return f"""SELECT
            session_id AS trip_id,
            CASE WHEN strlen(driver_cpf) = 11 THEN driver_cpf
                 ELSE regexp_replace(driver_cpf, '[^0-9]', '', 'g') END AS driver,
            epoch_us(start_time) // 1000 AS s, epoch_us(end_time) // 1000 AS e
        FROM ({inner})"""


@dataclass(frozen=True)
class _Roster:
    """How the file's rows meet the roster: the joins, the SQL telling whether the row's
    driver was enabled at the trip's start, and each driver's number → CPF."""

    joins: str
    enabled: str
    cpf_of: dict[int, str] = field(default_factory=dict)


#: Past any instant in a file: the clean window of a driver who can never be clean.
_NEVER = 2**62


def _load_roster(
    con: duckdb.DuckDBPyConnection, roster: Sequence[RosterEntry], month: Month | None = None
) -> _Roster:
    """The roster as table ``r`` (``k`` numbers the drivers 1…n for the concurrency measure's
    integer sorts). A driver's enabled period sits on its own row, so the usual roster (one period
    per driver) needs one equi-join; only when some driver has several periods are they joined
    as a range from table ``p``.

    ``[cf, cu)`` is the driver's *clean window*: the enabled period of a driver whose vehicle
    the law allows, within ``month``; empty (both ``_NEVER``) for a banned vehicle, no period or
    several periods. The reader's quick test checks a trip's start against it alone; every other
    case goes to the test per error kind."""
    con.execute(
        "CREATE TABLE r (r_cpf VARCHAR, r_plate VARCHAR, banned BOOLEAN, k INTEGER, "
        "rf BIGINT, ru BIGINT, cf BIGINT, cu BIGINT)"
    )
    merged = [_merge_periods(d.periods) for d in roster]
    rows = []
    for i, (d, ps) in enumerate(zip(roster, merged, strict=True), 1):
        rf, ru = ps[0] if ps else (None, None)
        cf, cu = (_NEVER, _NEVER)
        if len(ps) == 1 and not d.banned_vehicle:
            cf, cu = ps[0][0], _NEVER if ru is None else ru
            if month is not None:
                cf, cu = max(cf, month.start_ms), min(cu, month.end_ms)
        rows.append((d.cpf, d.plate.upper().replace("-", ""), d.banned_vehicle, i, rf, ru, cf, cu))
    if rows:
        _insert(con, "r", rows)
    cpf_of = {row[3]: row[0] for row in rows}
    joins = "LEFT JOIN r ON x.driver = r.r_cpf"
    if all(len(ps) <= 1 for ps in merged):
        return _Roster(joins, "(rf IS NOT NULL AND s >= rf AND (ru IS NULL OR s < ru))", cpf_of)
    con.execute("CREATE TABLE p (p_cpf VARCHAR, f BIGINT, u BIGINT)")
    _insert(con, "p", [(d.cpf, f, u) for d, ps in zip(roster, merged, strict=True) for f, u in ps])
    joins += " LEFT JOIN p ON x.driver = p.p_cpf AND x.s >= p.f AND (p.u IS NULL OR x.s < p.u)"
    return _Roster(joins, "(p.f IS NOT NULL)", cpf_of)


def _insert(con: duckdb.DuckDBPyConnection, table: str, rows: list[tuple[Any, ...]]) -> None:
    """Many rows in one statement, one list parameter per column (executemany pays a round trip
    per row, and a parameter per value is slow to bind)."""
    if not rows:
        return
    types = [t for _, t, *_ in con.execute(f"DESCRIBE {table}").fetchall()]
    lists = ", ".join(f"unnest(?::{t}[])" for t in types)
    con.execute(
        f"INSERT INTO {table} SELECT {lists}", [list(col) for col in zip(*rows, strict=True)]
    )


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


def _trip_conditions(month: Month, limits: FareLimits | None, enabled: str) -> dict[str, str]:
    """One SQL boolean per error kind (duplicates are marked afterwards, on the whole file)."""
    fare_check = "false"
    if limits is not None:
        # The rulebook's fares.fare_ceiling, exactly, in integers: base + km × m/1000 + min × s/60
        # + extras = N/6000, rounded half-up = (N + 3000) // 6000 (parity-tested).
        ceiling = (
            f"((6000 * {limits.base_cents} + 6 * {limits.per_km_cents} * dist"
            f" + 100 * {limits.per_minute_cents} * dur + 6000 * least(extras, {CEILING_EXTRAS_CAP})"
            " + 3000) // 6000)"
        )
        fare_check = (
            f"(CASE WHEN revenue AND dist BETWEEN 0 AND {MAX_TRIP_METRES} AND dur BETWEEN 0 AND "
            f"{MAX_TRIP_SECONDS} AND extras >= 0 THEN fare > {ceiling} ELSE false END)"
        )
    return {
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL OR "
        "trip_id IS NULL OR dist IS NULL OR dur IS NULL OR fare IS NULL OR ret IS NULL)",
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
        "plate_mismatch": "(r.k IS NOT NULL AND plate IS NOT NULL AND plate <> r_plate "
        "AND upper(replace(plate, '-', '')) <> r_plate)",
        "two_wheeler": "(r.k IS NOT NULL AND banned)",
        "fare_above_limit": fare_check,
    }


def _trip_clean(limits: FareLimits | None) -> str:
    """A cheap test that is true only for rows none of :func:`_trip_conditions` flags: plain
    comparisons, no CASE, no NULL checks (a NULL value makes it NULL, which sends the row to the
    full test). The roster's part is the driver's clean window (see :func:`_load_roster`): known,
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
    ]
    if limits is not None:
        # fare ≤ ⌊(N + 3000) / 6000⌋ ⇔ 6000·fare ≤ N + 3000 for an integer fare, N as in
        # _trip_conditions; extras bounded so that N stays exact.
        tests.append(f"extras <= {MAX_TRIP_METRES}")
        tests.append(
            f"fare::DOUBLE * 6000 <= dist::DOUBLE * {6 * limits.per_km_cents}"
            f" + dur::DOUBLE * {100 * limits.per_minute_cents}"
            f" + extras::DOUBLE * 6000 + {6000 * limits.base_cents + 3000}"
        )
    return " AND ".join(f"({t})" for t in tests)


def _session_conditions(month: Month) -> dict[str, str]:
    return {
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL)",
        "outside_month": f"(e <= {month.start_ms} OR s >= {month.end_ms})",
        "negative_duration": "(e < s)",
        "impossible_duration": f"(e - s > {MAX_TRIP_SECONDS * 1000 * 31})",
        "unknown_driver": "(driver IS NOT NULL AND driver <> '' AND r.k IS NULL)",
    }


def _session_clean(month: Month) -> str:
    """The sessions' quick test, sufficient for :func:`_session_conditions` (property-tested):
    a roster driver's session, overlapping the month, of a possible length."""
    return (
        f"(r.k IS NOT NULL) AND (e > {month.start_ms}) AND (s < {month.end_ms}) AND (e >= s) "
        f"AND (e - s <= {MAX_TRIP_SECONDS * 1000 * 31})"
    )


#: One bit per error kind in the row's ``err`` mask.
BIT = {kind: 1 << i for i, kind in enumerate(ERROR_KINDS)}


def _mask(kinds: Iterable[str]) -> int:
    return sum(BIT[k] for k in kinds)


#: ``t.dirty``: 0 for a row that passed the quick test, 1 for one that failed it, _CANDIDATE for a
#: row that passed it but whose key's hash repeats (:func:`_mark_candidates`): its columns kept
#: only for dirty rows are the roster's (see ``restore`` in :func:`_classify`).
_CANDIDATE = 2

#: The columns that identify a row: the key hashed while reading and compared in :func:`_classify`.
_TRIP_KEY = ("trip_id",)
_SESSION_KEY = ("driver", "s", "e")


def _materialise(
    con: duckdb.DuckDBPyConnection,
    select: str,
    clean: str,
    key: Sequence[str],
    joins: str,
    columns: str,
) -> None:
    """Read the file once into table ``t``, joined on the way with the roster (small tables: a
    hash join that does not slow the parallel reader down), with the driver's number ``k``, the
    key's hash ``h`` and whether the row is ``dirty`` (1): it fails the quick test, and the test
    per error kind (:func:`_classify`) is left for the few such rows. Only ``columns`` are
    kept."""
    con.execute(
        f"""CREATE TABLE t AS SELECT {columns} FROM (
            SELECT x.*, coalesce(r.k, 0) AS k, (CASE WHEN {clean} THEN 0 ELSE 1 END)::UTINYINT AS dirty,
                   hash({", ".join(key)}) AS h
            FROM ({select}) x {joins})"""
    )


def _mark_candidates(con: duckdb.DuckDBPyConnection) -> bool:
    """Rows whose key may repeat are made dirty: the key's 64-bit hash, taken while reading,
    occurs more than once (:func:`repeated_hashes`; the hashes go to table ``hh``). Every copy of
    a repeated key is then in ``te``, where :func:`_classify` tells the duplicates by the real
    key; a hash collision only sends a row to the test per kind, which it passes. Tells whether
    any hash repeats."""
    repeated = repeated_hashes(con.execute("SELECT h FROM t").fetchnumpy()["h"])
    if len(repeated) == 0:
        return False
    con.execute("CREATE TABLE hh AS SELECT unnest(?::UBIGINT[]) AS h", [repeated.tolist()])
    con.execute(f"UPDATE t SET dirty = {_CANDIDATE} WHERE dirty = 0 AND h IN (SELECT h FROM hh)")
    return True


def _classify(
    con: duckdb.DuckDBPyConnection,
    conds: dict[str, str],
    joins: str,
    key: Sequence[str],
    order_sql: str,
    repeats: bool,
    extra: str = "",
    restore: Sequence[str] = (),
) -> None:
    """Table ``te``: the dirty rows with their error bit mask ``err``, one bit per kind, the
    roster joined again (only these rows). ``t`` keeps a roster driver's CPF as its number; here
    the row has it back, and a duplicate candidate its columns ``restore`` (``t`` keeps them for
    dirty rows only; a clean row's equal the roster's ``r_<column>``). ``extra``: columns the
    conditions read that ``t`` does not keep.

    Duplicates (only if some hash ``repeats``): of the rows sharing ``key`` — all in ``te``
    (see :func:`_mark_candidates`), among the rows whose hash is in ``hh`` — all but the first
    by ``order_sql`` (the row's content, columns of ``x``) get the duplicate bit: the same copy on
    every run, however many threads read the file (a parallel read numbers rows in the order its
    threads finish). A row with no error at all (such as the copy kept) counts as clean."""
    err = " + ".join(f"coalesce({sql}, false)::INTEGER * {BIT[k]}" for k, sql in conds.items())
    restored = "".join(
        f", CASE WHEN t.dirty = {_CANDIDATE} THEN known.r_{c} ELSE t.{c} END AS {c}"
        for c in restore
    )
    con.execute(
        f"""CREATE TABLE te AS SELECT x.* EXCLUDE (dirty), ({err})::INTEGER AS err
        FROM (SELECT t.rowid AS rid,
                     t.* REPLACE (coalesce(t.driver, known.r_cpf) AS driver{restored})
                     {", " + extra if extra else ""}
              FROM t LEFT JOIN r AS known ON t.k = known.k WHERE t.dirty > 0) x {joins}"""
    )
    if not repeats:
        return
    partition = ", ".join(f"x.{c}" for c in key)
    con.execute(
        f"""UPDATE te SET err = err | {BIT["duplicate"]} WHERE rid IN (
            SELECT rid FROM (
                SELECT x.rid, row_number() OVER (PARTITION BY {partition}
                                                 ORDER BY {order_sql}, x.rid) AS n
                FROM te x WHERE x.h IN (SELECT h FROM hh))
            WHERE n > 1)"""
    )


def _counts(
    con: duckdb.DuckDBPyConnection, excl: int, revenue: str, sums: str
) -> tuple[list[tuple[Any, ...]], int, int, int, dict[str, int]]:
    """Rows grouped by driver number and error mask (integers; the CPF only for drivers off the
    roster): the clean rows from ``t`` (mask 0), the others from ``te``. Gives the groups, the
    rows, the rows counted, the clean rows and the count per kind."""
    groups = con.execute(
        f"""SELECT k, 0, NULL, count(*), count_if({revenue}){sums} FROM t WHERE dirty = 0
            GROUP BY k
            UNION ALL
            SELECT k, err, CASE WHEN k = 0 THEN driver END, count(*), count_if({revenue}){sums}
            FROM te GROUP BY ALL"""
    ).fetchall()
    rows = sum(int(g[3]) for g in groups)
    counted = sum(int(g[3]) for g in groups if g[1] & excl == 0)
    clean = sum(int(g[3]) for g in groups if g[1] == 0)
    errors = {k: sum(int(g[3]) for g in groups if g[1] & BIT[k]) for k in ERROR_KINDS}
    return groups, rows, counted, clean, errors


def repeated_hashes(h: Any) -> Any:
    """The hash values that occur more than once: one sort (numpy sorts 64-bit integers with
    SIMD instructions where the processor has them; measured a third of the time of a count per
    bucket of the top bits followed by a sort of the rows sharing a bucket), then equal
    neighbours."""
    import numpy as np

    h = np.sort(np.asarray(h, dtype=np.uint64))
    return np.unique(h[1:][h[1:] == h[:-1]])


def peak_of(k: Any, s: Any, e: Any) -> Peak:
    """Maximum number of distinct drivers online at once (D-9 b) over half-open intervals
    [s, e), e > s, of drivers numbered ``k`` (small positive integers), as the rulebook's
    ``concurrency.peak_concurrent_drivers`` (parity-tested), with integer sorts instead of a
    Python loop.

    First the intervals are swept as they are (:func:`_sweep`), as if each were a driver of its
    own: that count is never below the number of distinct drivers, at any instant. If the
    intervals open at its first maximum belong to as many different drivers, that is the peak and
    its first instant (earlier, fewer intervals were open, so fewer drivers). This is the usual
    case — a driver takes one trip at a time — and needs no sort by driver. Otherwise some
    driver counted twice there, and the exact measure follows (:func:`_peak_of_islands`)."""
    import numpy as np

    n = len(s)
    if n == 0:
        return Peak(0, None, 0)
    k = np.asarray(k)
    s = np.asarray(s, dtype=np.int64)
    e = np.asarray(e, dtype=np.int64)
    base = int(s.min())
    count, at = _sweep(s - base, e - base)
    at += base
    open_then = (s <= at) & (e > at)
    if len(np.unique(k[open_then])) == count:
        return Peak(count, at, n)
    return _peak_of_islands(k, s, e)


def _peak_of_islands(k: Any, s: Any, e: Any) -> Peak:
    """The exact measure when some driver's intervals overlap:

    1. order by (driver, start): a stable radix sort by driver number keeps each driver's rows
       in file order, which is mostly time order already (a platform exports by time or by
       driver; a parallel read interleaves a few runs); if some driver's starts go backwards,
       one stable sort by (driver, start) follows, which numpy's timsort does in about linear
       time on such runs;
    2. merge each driver's overlapping intervals: a running maximum of the ends (offset per
       driver so drivers never mix) tells where an island starts — at a start at or past every
       earlier end of the driver; the island ends at the running maximum of its last row;
    3. sweep the islands (:func:`_sweep`).
    """
    import numpy as np

    n = len(s)
    small = int(k.max()) < 2**15 and int(k.min()) >= 0
    key = k.astype(np.int16 if small else np.int64)  # int16: numpy's stable sort is a radix sort
    order = np.argsort(key, kind="stable")
    ks, ss = key[order], s[order]
    same = ks[1:] == ks[:-1]  # the row and the one before it are the same driver's
    base = int(ss.min())
    span = int(max(int(e.max()), int(ss.max()))) - base + 1
    offset = ks.astype(np.int64) * span - base
    if np.any(same & (ss[1:] < ss[:-1])):
        # By (driver, start) in one stable sort of a combined key: numpy's timsort runs through
        # the drivers already in order and sorts the others.
        by_key = np.argsort(offset + ss, kind="stable")
        order, ss = order[by_key], ss[by_key]  # ks and offset are unchanged: the same drivers
    es = e[order]
    running = np.maximum.accumulate(offset + es)
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.greater_equal(offset[1:] + ss[1:], running[:-1], out=new[1:])
    first = np.flatnonzero(new)
    last = np.empty_like(first)
    last[:-1] = first[1:] - 1
    last[-1] = n - 1
    count, at = _sweep(ss[first] - base, running[last] - offset[first] - base)
    return Peak(count, at + base, n)


def _sweep(starts: Any, ends: Any) -> tuple[int, int]:
    """Maximum number of the half-open intervals [start, end) open at once and its first
    instant (non-negative integers; :func:`peak_of` passes the intervals as they are, or each
    driver's merged islands).

    Counting first, sorting only where the peak can be: the time line is cut into buckets of
    one or two intervals each (a power of two wide: a shift, not a division); a running sum of
    starts − ends per bucket (``bincount``, linear) gives the exact count at every bucket's last
    instant — a lower bound of the peak — and, with the bucket's own starts, an upper bound of
    what it reaches inside. Only the buckets whose upper bound reaches the lower bound can hold
    the peak or its first instant; their events alone are sorted (ends before starts at the same
    instant: touching intervals do not overlap) and swept from the bucket's opening count. On
    data where the peak is rare that is a small part of the events; in the worst case all of
    them, as a plain sweep would."""
    import numpy as np

    n = len(starts)
    span = int(ends.max()) + 1
    bits = (span // max(n, 1)).bit_length()  # bucket width 2**bits > span / n
    buckets = (span >> bits) + 1
    b_start, b_end = starts >> bits, ends >> bits
    opened = np.bincount(b_start, minlength=buckets)
    closed = np.bincount(b_end, minlength=buckets)
    before = np.zeros(buckets + 1, dtype=np.int64)  # open just before bucket b starts
    np.cumsum(opened - closed, out=before[1:])
    lower = int(before[1:].max())
    candidate = before[:-1] + opened >= lower
    events = np.concatenate((starts[candidate[b_start]] * 2 + 1, ends[candidate[b_end]] * 2))
    events.sort()
    bucket = events >> (bits + 1)
    step = (events & 1) * 2 - 1
    running = np.cumsum(step)
    # Each run of events of one bucket starts from the count open before that bucket.
    heads = np.flatnonzero(np.concatenate(([True], bucket[1:] != bucket[:-1])))
    shift = before[bucket[heads]] - (running[heads] - step[heads])
    active = running + np.repeat(shift, np.diff(np.append(heads, len(events))))
    i = int(active.argmax())
    return int(active[i]), int(events[i] >> 1)


def _counted_intervals(excl: int, s: str = "s", e: str = "e") -> tuple[str, str]:
    """The intervals the peak counts, as ``s`` to ``e``: the clean rows of ``t`` and the rows of
    ``te`` with no error in ``excl``, of positive length; as the two queries
    :func:`_peak_of_rows` takes (roster drivers by number, drivers off the roster by CPF)."""
    ok = f"err & {excl} = 0 AND e > s"
    cols = f"{s} AS s, {e} AS e"
    return (
        f"SELECT k, {cols} FROM t WHERE dirty = 0 AND e > s "
        f"UNION ALL SELECT k, {cols} FROM te WHERE k > 0 AND {ok}",
        f"SELECT driver, {cols} FROM te WHERE k = 0 AND {ok}",
    )


def _peak_of_rows(
    con: duckdb.DuckDBPyConnection, known_rows: str, unknown_rows: str, known: int
) -> Peak:
    """The peak over ``known_rows`` (k, s, e: drivers on the roster, numbered 1…``known``) and
    ``unknown_rows`` (driver, s, e: the few drivers off the roster, numbered after them)."""
    # Unsorted: peak_of sweeps them as they are, and sorts by driver number (numpy, less CPU
    # than DuckDB's sort, measured) only if some driver's intervals overlap at the busiest
    # instant.
    arrays = con.execute(
        f"""WITH x AS ({unknown_rows}),
            u AS (SELECT driver, ({known} + row_number() OVER ())::INTEGER AS uk
                  FROM (SELECT DISTINCT driver FROM x))
            {known_rows}
            UNION ALL
            SELECT uk, s, e FROM x JOIN u USING (driver)"""
    ).fetchnumpy()
    return peak_of(arrays["k"], arrays["s"], arrays["e"])


def _samples(
    con: duckdb.DuckDBPyConnection, errors: dict[str, int], columns: str
) -> dict[str, list[dict[str, Any]]]:
    """Up to SAMPLES_PER_KIND rows per error kind, the earliest (by start, then identifier): one
    pass over the rows with an error (``te``) finds their row numbers, a second reads just those
    rows."""
    kinds = [k for k, n in errors.items() if n > 0]
    if not kinds:
        return {}
    picks = ", ".join(
        f"min_by(rid, (s, trip_id, rid), {SAMPLES_PER_KIND}) FILTER (WHERE err & {BIT[k]} <> 0)"
        for k in kinds
    )
    (row,) = con.execute(f"SELECT {picks} FROM te").fetchall()
    wanted = sorted({int(r) for ids in row for r in (ids or [])})
    rel = con.execute(
        f"SELECT rid, struct_pack({columns}) FROM te WHERE rid IN ({', '.join(map(str, wanted))})"
    ).fetchall()
    by_row = {int(r): dict(v) for r, v in rel}
    return {k: [by_row[int(r)] for r in (ids or [])] for k, ids in zip(kinds, row, strict=True)}


TRIP_SAMPLE_COLUMNS = (
    "trip_id := trip_id, driver_cpf := driver, vehicle_plate := plate, "
    "start_time := strftime(make_timestamp(s * 1000), '%Y-%m-%dT%H:%M:%SZ'), "
    "end_time := strftime(make_timestamp(e * 1000), '%Y-%m-%dT%H:%M:%SZ'), "
    "distance_m := dist, duration_s := dur, fare_cents := fare, retention_cents := ret"
)
SESSION_SAMPLE_COLUMNS = (
    "session_id := trip_id, driver_cpf := driver, "
    "start_time := strftime(make_timestamp(s * 1000), '%Y-%m-%dT%H:%M:%SZ'), "
    "end_time := strftime(make_timestamp(e * 1000), '%Y-%m-%dT%H:%M:%SZ')"
)


def _rejected(con: duckdb.DuckDBPyConnection) -> tuple[int, list[dict[str, Any]]]:
    """CSV lines DuckDB could not convert (kept aside by ``store_rejects``): each is a row with a
    missing or unreadable value, reported with its line number instead of failing the file."""
    try:
        rows = con.execute(
            "SELECT line, string_agg(column_name, ', '), any_value(csv_line), count(*) OVER () "
            f"FROM csv_rejects GROUP BY line ORDER BY line LIMIT {SAMPLES_PER_KIND}"
        ).fetchall()
    except duckdb.Error:
        return 0, []
    return (int(rows[0][3]) if rows else 0), [
        {"linha": int(line), "colunas_ilegíveis": cols, "conteúdo": text}
        for line, cols, text, _ in rows
    ]


def count_lines(chunks: Iterable[bytes]) -> int:
    """Lines of a file given in chunks: its line breaks, and a last line without one."""
    count, last = 0, b"\n"
    for chunk in chunks:
        if chunk:
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count + (last != b"\n")


def _chunks(path: Path, size: int = 1 << 20) -> Iterator[bytes]:
    with path.open("rb") as f:
        while chunk := f.read(size):
            yield chunk


def _set_aside(
    con: duckdb.DuckDBPyConnection, path: Path, fmt: str, lines: int | None
) -> tuple[int, list[dict[str, Any]]]:
    """The lines the CSV reader set aside (:func:`_rejected`), once it is checked that every line
    after the header is a row of ``t`` or one of them: else the reader lost lines without a word —
    an unterminated quote swallows the lines after it, and a line longer than the reader's buffer
    vanishes — and the file is refused whole. The lines counted on receipt (or now) are compared
    first; blank lines, which the reader skips, are counted apart only when that falls short."""
    set_aside, samples = _rejected(con)
    if fmt != "csv":
        return set_aside, samples
    (read,) = con.execute("SELECT count(*) FROM t").fetchone() or (0,)
    read += set_aside
    if lines is None:
        lines = count_lines(_chunks(path))
    if read >= lines - 1:
        return set_aside, samples
    with path.open("rb") as f:
        data = sum(1 for line in f if line.strip(b"\r\n")) - 1
    if read >= data:
        return set_aside, samples
    near = f"; a primeira linha com problema é a {samples[0]['linha']}" if samples else ""
    raise FileRejected(
        f"o arquivo tem {data:_} linhas de dados, mas só {read:_} puderam ser separadas em "
        f"registros: há aspas não fechadas ou uma linha longa demais{near}. Nada foi "
        "gravado; corrija o arquivo e envie-o de novo.".replace("_", ".")
    )


def _read(
    con: duckdb.DuckDBPyConnection,
    select: str,
    clean: str,
    key: Sequence[str],
    joins: str,
    columns: str,
) -> None:
    try:
        _materialise(con, select, clean, key, joins, columns)
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {_short(exc)}") from exc


def analyse_trips(
    path: Path,
    fmt: str,
    schema: str,
    *,
    month: Month,
    roster: Sequence[RosterEntry],
    limits: FareLimits | None,
    progress: Progress = _noop,
    con: duckdb.DuckDBPyConnection | None = None,
    lines: int | None = None,
) -> Result:
    """Validation counts and samples, per-driver totals and the concurrency peak of a trips file.
    ``lines``: the file's lines as counted when it was received (:func:`count_lines`), if known."""
    with _workspace(con) as con:
        return _analyse_trips(con, path, fmt, schema, month, roster, limits, progress, lines)


def _analyse_trips(
    con: duckdb.DuckDBPyConnection,
    path: Path,
    fmt: str,
    schema: str,
    month: Month,
    roster: Sequence[RosterEntry],
    limits: FareLimits | None,
    progress: Progress,
    lines: int | None,
) -> Result:
    progress(5, "lendo e validando o arquivo")
    on = _load_roster(con, roster, month)
    # The table keeps what the steps below read; a roster driver's CPF is its number ``k``, and a
    # clean row's plate is the roster's (the quick test compares them): kept for dirty rows only.
    # Native files carry only paying trips; MDS marks empty and reservation legs.
    mds = schema == "mds"
    revenue = "revenue" if mds else "true"
    columns = (
        "trip_id, CASE WHEN k = 0 THEN driver END AS driver, CASE WHEN dirty > 0 THEN plate END "
        f"AS plate, s, e, dist, dur, fare, ret, extras, {'revenue, ' if mds else ''}k, dirty, h"
    )
    select = _trips_select(con, path, fmt, schema)
    _read(con, select, _trip_clean(limits), _TRIP_KEY, on.joins, columns)
    bad, bad_samples = _set_aside(con, path, fmt, lines)
    progress(50, "procurando duplicatas")
    repeats = _mark_candidates(con)
    _classify(
        con,
        _trip_conditions(month, limits, on.enabled),
        on.joins,
        _TRIP_KEY,
        "(x.s, x.e, x.fare, x.ret, x.dist, x.dur, x.extras, x.plate, x.k, x.driver)",
        repeats,
        "" if mds else "true AS revenue",
        restore=("plate",),
    )
    excl = _mask(EXCLUDING)
    progress(60, "totalizando")
    groups, rows, counted, clean, errors = _counts(
        con, excl, revenue, ", sum(fare), sum(ret), sum(dist), sum(dur)"
    )
    totals: dict[str, DriverTotals] = {}
    for k, err, other, _n, trips, gross, ret, dist, dur in groups:
        cpf = on.cpf_of[k] if k else other
        if err & excl or not cpf:
            continue
        t = totals.setdefault(cpf, DriverTotals(cpf, 0, 0, 0, 0, 0, bool(k)))
        t.trips += int(trips)
        t.gross_cents += int(gross or 0)
        t.retention_cents += int(ret or 0)
        t.distance_m += int(dist or 0)
        t.duration_s += int(dur or 0)
    drivers = [totals[cpf] for cpf in sorted(totals)]
    errors["missing_field"] += bad
    rows += bad
    progress(70, "amostras dos erros")
    samples = _samples(
        con, {**errors, "missing_field": errors["missing_field"] - bad}, TRIP_SAMPLE_COLUMNS
    )
    if bad_samples:
        samples["missing_field"] = (bad_samples + samples.get("missing_field", []))[
            :SAMPLES_PER_KIND
        ]
    progress(75, "motoristas simultâneos")
    peak = _peak_of_rows(con, *_counted_intervals(excl), len(roster))
    progress(85, "análise concluída")
    return Result("trips", rows, counted, clean, errors, samples, drivers, peak)


def analyse_sessions(
    path: Path,
    fmt: str,
    schema: str,
    *,
    month: Month,
    roster: Sequence[RosterEntry],
    progress: Progress = _noop,
    con: duckdb.DuckDBPyConnection | None = None,
    lines: int | None = None,
) -> Result:
    """Validation and the concurrency peak of a file of driver online sessions. A session that
    crosses the month's bounds is clipped to them. ``lines``: as for :func:`analyse_trips`."""
    with _workspace(con) as con:
        return _analyse_sessions(con, path, fmt, schema, month, roster, progress, lines)


def _analyse_sessions(
    con: duckdb.DuckDBPyConnection,
    path: Path,
    fmt: str,
    schema: str,
    month: Month,
    roster: Sequence[RosterEntry],
    progress: Progress,
    lines: int | None,
) -> Result:
    progress(5, "lendo e validando o arquivo")
    on = _load_roster(con, roster)
    conds = _session_conditions(month)
    columns = "trip_id, CASE WHEN k = 0 THEN driver END AS driver, s, e, k, dirty, h"
    select = _sessions_select(con, path, fmt, schema)
    _read(con, select, _session_clean(month), _SESSION_KEY, on.joins, columns)
    bad, bad_samples = _set_aside(con, path, fmt, lines)
    repeats = _mark_candidates(con)
    _classify(con, conds, on.joins, _SESSION_KEY, "x.trip_id", repeats)
    kinds = [*conds, "duplicate"]
    excl = _mask(k for k in kinds if k != "unknown_driver")
    _, rows, counted, clean, found = _counts(con, excl, "true", "")
    errors = {k: found[k] for k in ERROR_KINDS if k in kinds}
    samples = _samples(con, errors, SESSION_SAMPLE_COLUMNS)
    if bad:
        errors["missing_field"] += bad
        rows += bad
        samples["missing_field"] = (bad_samples + samples.get("missing_field", []))[
            :SAMPLES_PER_KIND
        ]
    progress(70, "motoristas simultâneos")
    clipped = _counted_intervals(
        excl, f"greatest(s, {month.start_ms})", f"least(e, {month.end_ms})"
    )
    peak = _peak_of_rows(con, *clipped, len(roster))
    progress(85, "análise concluída")
    return Result("sessions", rows, counted, clean, errors, samples, [], peak)


def bare_aggregation(paths: Sequence[Path], con: duckdb.DuckDBPyConnection | None = None) -> int:
    """The benchmark's reference: trips and revenue per driver per month straight from CSV."""
    con = con or connect()
    files = "[" + ", ".join(f"'{_sql_str(str(p))}'" for p in paths) + "]"
    row = con.execute(
        f"""SELECT count(*) FROM (
              SELECT driver_cpf, date_trunc('month', start_time) AS month,
                     count(*) AS trips, sum(fare_cents) AS gross
              FROM read_csv({files}, header=true,
                            types={{'start_time': 'TIMESTAMPTZ', 'fare_cents': 'BIGINT'}})
              GROUP BY ALL)"""
    ).fetchall()[0]
    return int(row[0]) if row else 0
