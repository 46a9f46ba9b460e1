# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""Reading a file: the native schema (docs/trip-data-schema.md) and MDS 2.0 into normalised
columns, in CSV, Parquet or NDJSON; the lines the CSV reader set aside, and the check that it lost
none."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import duckdb

from .base import SAMPLES_PER_KIND, FileRejected
from .connection import short_error, sql_str

#: The CSV reader's buffer, and the longest line it takes (DuckDB's default; a longer line is set
#: aside and reported, and one beyond the buffer makes the file refused, see
#: :func:`set_aside_lines`). DuckDB's default buffer (32 MB) is mapped afresh for every
#: file and faulted in page by page as the file is read into it: about 20 000 page faults per
#: million-row file; 4 MB buffers are reused: about 2 000 (measured, docs/decisions/0005).
CSV_BUFFER_BYTES = 4 << 20
CSV_MAX_LINE_BYTES = 2 << 20


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


def _columns_of(con: duckdb.DuckDBPyConnection, source: str) -> list[str]:
    try:
        rel = con.sql(f"SELECT * FROM {source} LIMIT 0")
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {short_error(exc)}") from exc
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


def _source(path: Path, fmt: str, *, json_columns: dict[str, str] | None = None) -> str:
    p = sql_str(str(path))
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
            f"'{sql_str(c)}': '{spec[c][0] if c in spec else 'VARCHAR'}'" for c in cols
        )
        src = (
            f"read_csv('{sql_str(str(path))}', header=true, auto_detect=false, delim=',', "
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


def trips_select(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> str:
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
            f"(SELECT unnest(trips, max_depth := 2) FROM read_json('{sql_str(str(path))}', "
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


def sessions_select(con: duckdb.DuckDBPyConnection, path: Path, fmt: str, schema: str) -> str:
    if schema != "native":
        raise FileRejected("sessões só no esquema nativo (o MDS 2.0 não define sessões)")
    inner = _native_select(con, path, fmt, NATIVE_SESSIONS)
    return f"""SELECT
            session_id AS trip_id,
            CASE WHEN strlen(driver_cpf) = 11 THEN driver_cpf
                 ELSE regexp_replace(driver_cpf, '[^0-9]', '', 'g') END AS driver,
            epoch_us(start_time) // 1000 AS s, epoch_us(end_time) // 1000 AS e
        FROM ({inner})"""


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


def set_aside_lines(
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
