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

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

#: Data-quality limits (not law): beyond these a trip is physically implausible and is left out of
#: the totals. A trip longer than a day or faster than 200 km/h on average is a recording error.
MAX_TRIP_SECONDS = 24 * 3600
MAX_TRIP_METRES = 1_000_000
MAX_SPEED_M_PER_S = 200 / 3.6
#: Tolerance between the declared duration and end − start (clock rounding, GPS lag).
DURATION_TOLERANCE_S = 300
SAMPLES_PER_KIND = 5

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
SESSION_KINDS = (
    "missing_field",
    "duplicate",
    "outside_month",
    "negative_duration",
    "impossible_duration",
    "unknown_driver",
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
    intervals: int


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


def connect(memory_limit: str = "1500MB", threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB that spills to disk past ``memory_limit``."""
    con = duckdb.connect(":memory:")
    con.execute(f"SET memory_limit='{memory_limit}'")
    con.execute(f"SET threads={int(threads or os.cpu_count() or 1)}")
    con.execute("SET preserve_insertion_order=false")
    tmp = os.environ.get("OUTORGA_DUCKDB_TMP")
    if tmp:
        con.execute(f"SET temp_directory='{_sql_str(tmp)}'")
    con.execute("SET TimeZone='UTC'")
    return con


def _sql_str(value: str) -> str:
    return value.replace("'", "''")


def _columns_of(con: duckdb.DuckDBPyConnection, source: str) -> list[str]:
    try:
        rel = con.sql(f"SELECT * FROM {source} LIMIT 0")
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {_short(exc)}") from exc
    return [c.lower() for c in rel.columns]


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
    """SELECT list turning a native file into typed columns (TRY_CAST: a bad value becomes NULL
    and is reported as ``missing_field`` instead of failing the whole file)."""
    if fmt == "csv":
        # Typed at read time: DuckDB's parallel CSV reader parses only the named types.
        types = "{" + ", ".join(f"'{k}': 'VARCHAR'" for k in spec) + "}"
        cols = _columns_of(con, _source(path, fmt))
        missing = [k for k, (_, req) in spec.items() if req and k not in cols]
        if missing:
            raise FileRejected("colunas obrigatórias ausentes: " + ", ".join(missing))
        present = [k for k in spec if k in cols]
        types = "{" + ", ".join(f"'{k}': '{spec[k][0]}'" for k in present) + "}"
        src = f"read_csv('{_sql_str(str(path))}', header=true, types={types}, ignore_errors=false)"
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


def _load_trips(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> None:
    if schema == "native":
        inner = _native_select(con, path, fmt, NATIVE_TRIPS)
        con.execute(
            f"""CREATE TABLE t AS SELECT
                trip_id,
                regexp_replace(driver_cpf, '[^0-9]', '', 'g') AS driver,
                upper(replace(vehicle_plate, '-', '')) AS plate,
                epoch_ms(start_time) AS s, epoch_ms(end_time) AS e,
                distance_m AS dist, duration_s AS dur,
                fare_cents AS fare, retention_cents AS ret, coalesce(extras_cents, 0) AS extras,
                true AS revenue
            FROM ({inner})"""
        )
        return
    if fmt != "ndjson":
        raise FileRejected("o formato MDS 2.0 é JSON: envie NDJSON (uma corrida por linha)")
    src = _source(path, fmt, json_columns=MDS_TRIPS)
    cols = _columns_of(con, src)
    missing = [k for k in ("trip_id", "start_time", "end_time") if k not in cols]
    if missing:
        raise FileRejected("campos MDS obrigatórios ausentes: " + ", ".join(missing))
    con.execute(
        f"""CREATE TABLE t AS SELECT
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
    )


def _load_sessions(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> None:
    if schema != "native":
        raise FileRejected("sessões só no esquema nativo (o MDS 2.0 não define sessões)")
    inner = _native_select(con, path, fmt, NATIVE_SESSIONS)
    con.execute(
        f"""CREATE TABLE t AS SELECT
            session_id AS trip_id,
            regexp_replace(driver_cpf, '[^0-9]', '', 'g') AS driver,
            epoch_ms(start_time) AS s, epoch_ms(end_time) AS e
        FROM ({inner})"""
    )


def _load_roster(con: duckdb.DuckDBPyConnection, roster: Sequence[RosterEntry]) -> None:
    con.execute("CREATE TABLE r (r_cpf VARCHAR, r_plate VARCHAR, banned BOOLEAN)")
    con.execute("CREATE TABLE p (p_cpf VARCHAR, f BIGINT, u BIGINT)")
    if roster:
        con.executemany(
            "INSERT INTO r VALUES (?, ?, ?)",
            [(d.cpf, d.plate.upper(), d.banned_vehicle) for d in roster],
        )
        periods = [(d.cpf, f, u) for d in roster for f, u in _merge_periods(d.periods)]
        if periods:
            con.executemany("INSERT INTO p VALUES (?, ?, ?)", periods)


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


def _trip_conditions(month: Month, limits: FareLimits | None) -> dict[str, str]:
    """One SQL boolean per error kind, over the joined row (t + roster r + period p + dup d)."""
    fare_check = "false"
    if limits is not None:
        # Same formula as the rulebook's fares.fare_ceiling, half-up to the cent (parity-tested).
        ceiling = (
            f"floor({limits.base_cents} + {limits.per_km_cents} * dist / 1000.0"
            f" + {limits.per_minute_cents} * dur / 60.0 + extras + 0.5)"
        )
        fare_check = f"(revenue AND dist >= 0 AND dur >= 0 AND fare > {ceiling})"
    return {
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL OR "
        "trip_id IS NULL OR dist IS NULL OR dur IS NULL OR fare IS NULL OR ret IS NULL)",
        "duplicate": "(d.rid IS NOT NULL)",
        "outside_month": f"(s < {month.start_ms} OR s >= {month.end_ms})",
        "negative_duration": "(e < s OR dur < 0)",
        "impossible_duration": f"(e >= s AND dur >= 0 AND (dur > {MAX_TRIP_SECONDS} OR "
        f"abs(dur - (e - s) / 1000.0) > {DURATION_TOLERANCE_S}))",
        "negative_distance": "(dist < 0)",
        "impossible_distance": f"(dist > {MAX_TRIP_METRES} OR (dist > 0 AND dur > 0 AND "
        f"dist / dur > {MAX_SPEED_M_PER_S}) OR (dist > 1000 AND dur = 0))",
        "inconsistent_amounts": "(fare < 0 OR ret < 0 OR ret > fare OR extras < 0)",
        "unknown_driver": "(driver IS NOT NULL AND driver <> '' AND r_cpf IS NULL)",
        "driver_not_enabled": "(r_cpf IS NOT NULL AND p_cpf IS NULL)",
        "plate_mismatch": "(r_cpf IS NOT NULL AND plate IS NOT NULL AND plate <> r_plate)",
        "two_wheeler": "(r_cpf IS NOT NULL AND banned)",
        "fare_above_limit": fare_check,
    }


def _session_conditions(month: Month) -> dict[str, str]:
    return {
        "missing_field": "(driver IS NULL OR driver = '' OR s IS NULL OR e IS NULL)",
        "duplicate": "(d.rid IS NOT NULL)",
        "outside_month": f"(e <= {month.start_ms} OR s >= {month.end_ms})",
        "negative_duration": "(e < s)",
        "impossible_duration": f"(e - s > {MAX_TRIP_SECONDS * 1000 * 31})",
        "unknown_driver": "(driver IS NOT NULL AND driver <> '' AND r_cpf IS NULL)",
    }


def _mark_duplicates(con: duckdb.DuckDBPyConnection, key: str) -> None:
    """Rows repeating an earlier row's key: every copy after the first. Grouping by a 64-bit hash
    first keeps the wide key out of the big aggregation; candidates are checked on the real key."""
    con.execute(
        f"""CREATE TABLE d AS
        WITH h AS (SELECT hash({key}) AS k FROM t WHERE {key} IS NOT NULL
                   GROUP BY 1 HAVING count(*) > 1),
        c AS (SELECT rowid AS rid, {key} AS key FROM t SEMI JOIN h ON hash(t.{key}) = h.k),
        firsts AS (SELECT min(rid) AS rid FROM c GROUP BY key)
        SELECT rid FROM c ANTI JOIN firsts USING (rid)"""
    )


def _joined(conds: dict[str, str], with_roster: bool = True) -> str:
    """The row source every query reads: trips with their roster entry, enabled period and
    duplicate mark (all joins are against small tables)."""
    roster = (
        "LEFT JOIN r ON t.driver = r.r_cpf "
        "LEFT JOIN p ON t.driver = p.p_cpf AND t.s >= p.f AND (p.u IS NULL OR t.s < p.u) "
        if with_roster
        else ""
    )
    flags = ", ".join(f"{sql} AS f_{k}" for k, sql in conds.items())
    return f"(SELECT t.*, {flags} FROM t {roster}LEFT JOIN d ON t.rowid = d.rid)"


def _peak(con: duckdb.DuckDBPyConnection, where: str) -> Peak:
    """Maximum number of distinct drivers online at once (D-9 b), vectorised.

    Half-open intervals [s, e), as the rulebook's ``concurrency.peak_concurrent_drivers``:

    1. merge each driver's overlapping intervals with one window pass: sorted by start, a row
       opens a new island when its start is at or past every earlier end of the driver
       (``prev_end``, the running maximum). ``prev_end`` at an island's first row is exactly the
       end of the driver's previous island, and the driver's last island ends at ``max(e)`` — so
       the merged intervals' start (+1) and end (−1) events come out without materialising them;
    2. sweep: events summed per instant; since ends and starts at the same instant net out (ends
       first: touching intervals never overlap), the count after an instant's events is the
       maximum reached at it, so a running sum over the distinct instants finds the peak and the
       earliest instant it is reached.

    O(n log n) (two sorts); parity-tested against the rulebook's pure function.
    """
    rows = con.execute(
        f"""
        WITH iv AS (SELECT driver, s, e FROM {where}),
        o AS (SELECT driver, s,
                     max(e) OVER (PARTITION BY driver ORDER BY s, e
                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end
              FROM iv),
        starts AS (SELECT s, prev_end FROM o WHERE prev_end IS NULL OR s >= prev_end),
        ev AS (SELECT t, sum(d) AS d FROM (
                   SELECT s AS t, 1 AS d FROM starts
                   UNION ALL SELECT prev_end AS t, -1 AS d FROM starts WHERE prev_end IS NOT NULL
                   UNION ALL SELECT max(e) AS t, -1 AS d FROM iv GROUP BY driver)
               GROUP BY t),
        run AS (SELECT t, sum(d) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING) AS active FROM ev)
        SELECT (SELECT count(*) FROM starts), active, t FROM run
        ORDER BY active DESC, t ASC LIMIT 1
        """
    ).fetchall()
    row = rows[0] if rows else None
    if row is None or row[1] is None or int(row[1]) <= 0:
        return Peak(0, None, int(row[0]) if row else 0)
    return Peak(int(row[1]), int(row[2]), int(row[0]))


def _samples(
    con: duckdb.DuckDBPyConnection, src: str, errors: dict[str, int], columns: str
) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for kind, n in errors.items():
        if n <= 0:
            continue
        rel = con.sql(f"SELECT {columns} FROM {src} WHERE f_{kind} LIMIT {SAMPLES_PER_KIND}")
        names = rel.columns
        out[kind] = [dict(zip(names, r, strict=True)) for r in rel.fetchall()]
    return out


TRIP_SAMPLE_COLUMNS = (
    "trip_id, driver AS driver_cpf, plate AS vehicle_plate, "
    "strftime(make_timestamp(s * 1000), '%Y-%m-%dT%H:%M:%SZ') AS start_time, "
    "strftime(make_timestamp(e * 1000), '%Y-%m-%dT%H:%M:%SZ') AS end_time, "
    "dist AS distance_m, dur AS duration_s, fare AS fare_cents, ret AS retention_cents"
)
SESSION_SAMPLE_COLUMNS = (
    "trip_id AS session_id, driver AS driver_cpf, "
    "strftime(make_timestamp(s * 1000), '%Y-%m-%dT%H:%M:%SZ') AS start_time, "
    "strftime(make_timestamp(e * 1000), '%Y-%m-%dT%H:%M:%SZ') AS end_time"
)


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
) -> Result:
    """Validation counts and samples, per-driver totals and the concurrency peak of a trips file."""
    con = con or connect()
    progress(5, "lendo o arquivo")
    try:
        _load_trips(con, path, fmt, schema)
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {_short(exc)}") from exc
    progress(45, "validando")
    _load_roster(con, roster)
    _mark_duplicates(con, "trip_id")
    conds = _trip_conditions(month, limits)
    src = _joined(conds)
    excluded = " OR ".join(f"f_{k}" for k in EXCLUDING)
    any_error = " OR ".join(f"f_{k}" for k in conds)
    counts = ", ".join(f"count_if(f_{k}) AS {k}" for k in conds)
    con.execute(
        f"""CREATE TABLE agg AS SELECT driver, bool_or(on_roster) AS on_roster,
               count(*) AS n_rows,
               count_if(NOT ({excluded})) AS n_counted,
               count_if(NOT ({any_error})) AS n_clean,
               count_if(NOT ({excluded}) AND revenue) AS trips,
               coalesce(sum(fare) FILTER (WHERE NOT ({excluded})), 0) AS gross,
               coalesce(sum(ret) FILTER (WHERE NOT ({excluded})), 0) AS retention,
               coalesce(sum(dist) FILTER (WHERE NOT ({excluded})), 0) AS distance,
               coalesce(sum(dur) FILTER (WHERE NOT ({excluded})), 0) AS duration,
               {counts}
           FROM (SELECT j.*, NOT f_unknown_driver AND driver IS NOT NULL AND driver <> ''
                        AS on_roster FROM {src} j)
           GROUP BY driver"""
    )
    totals = con.execute(
        "SELECT sum(n_rows), sum(n_counted), sum(n_clean), "
        + ", ".join(f"sum({k})" for k in conds)
        + " FROM agg"
    ).fetchall()[0]
    assert totals is not None
    rows, counted, clean = (int(v or 0) for v in totals[:3])
    errors = {k: int(v or 0) for k, v in zip(conds, totals[3:], strict=True)}
    drivers = [
        DriverTotals(str(r[0]), int(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6]), bool(r[1]))
        for r in con.execute(
            "SELECT driver, on_roster, trips, gross, retention, distance, duration FROM agg "
            "WHERE driver IS NOT NULL AND driver <> '' AND n_counted > 0 ORDER BY driver"
        ).fetchall()
    ]
    progress(65, "amostras dos erros")
    samples = _samples(con, src, errors, TRIP_SAMPLE_COLUMNS)
    progress(75, "motoristas simultâneos")
    peak = _peak(
        con,
        f"(SELECT driver, s, e FROM {src} WHERE NOT ({excluded}) AND e > s)",
    )
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
) -> Result:
    """Validation and the concurrency peak of a file of driver online sessions. A session that
    crosses the month's bounds is clipped to them."""
    con = con or connect()
    progress(5, "lendo o arquivo")
    try:
        _load_sessions(con, path, fmt, schema)
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {_short(exc)}") from exc
    progress(45, "validando")
    _load_roster(con, roster)
    con.execute(
        "CREATE TABLE d AS SELECT rowid AS rid FROM t QUALIFY row_number() OVER "
        "(PARTITION BY driver, s, e ORDER BY rowid) > 1"
    )
    conds = _session_conditions(month)
    src = _joined(conds)
    excluded = " OR ".join(f"f_{k}" for k in conds if k != "unknown_driver")
    any_error = " OR ".join(f"f_{k}" for k in conds)
    totals = con.execute(
        f"SELECT count(*), count_if(NOT ({excluded})), count_if(NOT ({any_error})), "
        + ", ".join(f"count_if(f_{k})" for k in conds)
        + f" FROM {src}"
    ).fetchall()[0]
    assert totals is not None
    rows, counted, clean = (int(v or 0) for v in totals[:3])
    errors = {k: int(v or 0) for k, v in zip(conds, totals[3:], strict=True)}
    samples = _samples(con, src, errors, SESSION_SAMPLE_COLUMNS)
    progress(70, "motoristas simultâneos")
    peak = _peak(
        con,
        f"(SELECT driver, greatest(s, {month.start_ms}) AS s, least(e, {month.end_ms}) AS e "
        f"FROM {src} WHERE NOT ({excluded}) AND e > s)",
    )
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
