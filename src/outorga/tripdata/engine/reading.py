# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""Reading a file: the native schema (docs/trip-data-schema.md) and MDS 2.0 into normalised
columns, in CSV, Parquet or NDJSON; the lines the CSV reader set aside, and the check that it lost
none."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import duckdb

from .base import FLAW_BIT, MDS_MISSING_BIT, MDS_TWO_WHEELER_BIT, SAMPLES_PER_KIND, FileRejected
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
#: MDS 2.0 trip fields read (models/trip.yaml; models/modes/passenger-services/trip.yaml).
#: ``trip_type``, the times, the measures and ``actual_cost`` are read as JSON and judged here: the
#: published schema gives ``trip_type`` as a one-element array, producers following the later
#: correction send a string; a timestamp (a number, multiple of 1), a duration or distance
#: (integer-positive) and a cost (an integer or null) are whole numbers, written as decimals too
#: (``_cents``): a fraction or a text is the row's ``missing_field`` — never rounded in silence,
#: never read from a text, and never the whole file refused for it.
MDS_TRIPS: dict[str, str] = {
    "trip_id": "VARCHAR",
    "device_id": "VARCHAR",  # the vehicle, linked to its plate by an MDS /vehicles upload
    "trip_type": "JSON",
    "start_time": "JSON",  # MDS timestamps: integer milliseconds since the Unix epoch
    "end_time": "JSON",
    "duration": "JSON",  # seconds
    "distance": "JSON",  # metres
    "actual_cost": "JSON",  # minor units of `currency`; optional and nullable
    "currency": "VARCHAR",  # ISO 4217; absent or null means USD (data-types/currency.yaml)
    "trip_attributes": "JSON",
    "fare_attributes": "JSON",
}
#: Fields models/trip.yaml requires of every trip and the law reads: an NDJSON file none of whose
#: records has one of them is not MDS trips (native rows sent as MDS, say) and is refused whole.
MDS_TRIP_REQUIRED = ("trip_id", "device_id", "start_time", "end_time", "duration", "distance")
#: MDS 2.0 vehicle fields read (models/vehicle.yaml; passenger-services vehicle_attributes).
MDS_VEHICLES: dict[str, str] = {
    "device_id": "VARCHAR",
    "vehicle_type": "VARCHAR",  # data-types/vehicle-type.yaml (car, motorcycle, moped, …)
    "propulsion_types": "JSON",  # data-types/propulsion-type.yaml, one or more
    "vehicle_attributes": "JSON",
}
#: MDS passenger-services trip types that carry a paying passenger; `reservation` and `empty`
#: legs are the driver online without revenue (they still count for concurrent drivers).
MDS_REVENUE_TYPES = ("private", "shared")
MDS_TRIP_TYPES = (*MDS_REVENUE_TYPES, "reservation", "empty")
#: ``fare_attributes.payment_type`` (passenger-services trip.yaml) of a passenger trip that
#: carried no payment: ``no_payment`` is a trip (the passenger was carried) with no revenue;
#: ``test`` is no trip of the service at all (``test_trip``, left out). The other methods (cash,
#: card, voucher, paratransit…) say only how the fare was paid.
MDS_UNPAID = ("no_payment", "test")
#: ``fare_attributes`` charged to the passenger on top of the fare proper: the "taxas adicionais"
#: of apps art. 6 IV that the fare ceiling adds. ``surcharge`` ("any surcharge pricing") is
#: dynamic pricing, which art. 9 keeps within the maxima: it is part of the fare, not an extra.
#: ``tip`` and ``taxes`` are not charged for the service.
MDS_EXTRAS = ("tolls", "exit_fee", "other_fees", "extra_amount")
#: The top-level keys of a Provider API payload (models/response/*.yaml, the endpoints' lists in
#: reference/provider.yaml), and the keys every trip or vehicle has (models/trip.yaml,
#: models/vehicle.yaml): a file whose first object has one of the first and none of the second
#: is a payload.
MDS_PAYLOAD_KEYS = frozenset(
    {
        "version",
        "links",
        "last_updated",
        "ttl",
        "trips",
        "vehicles",
        "vehicles_status",
        "events",
        "telemetry",
        "stops",
    }
)
MDS_RECORD_KEYS = frozenset({"trip_id", "device_id"})
#: data-types/version.yaml: the MDS version a payload represents.
MDS_VERSION = re.compile(r"2\.(\d|[1-9]\d+)\.(\d|[1-9]\d+)")


def _present(json_col: str, path: str = "$") -> str:
    """SQL: the JSON value at ``path`` exists and is not null."""
    return f"(coalesce(json_type({json_col}, '{path}'), 'NULL') <> 'NULL')"


def _cents(json_col: str, path: str = "$") -> str:
    """SQL: the integer at ``path`` — an amount in minor units, a timestamp, a measure — (a whole
    number written as a decimal too, as JSON Schema's ``integer`` allows), NULL when absent, null
    or anything else (a string, a fraction, beyond 64 bits)."""
    t = f"json_type({json_col}, '{path}')"
    v = f"json_extract({json_col}, '{path}')"
    return (
        f"(CASE WHEN {t} IN ('UBIGINT', 'BIGINT') THEN TRY_CAST({v} AS BIGINT) "
        f"WHEN {t} = 'DOUBLE' AND TRY_CAST({v} AS DOUBLE) = trunc(TRY_CAST({v} AS DOUBLE)) "
        f"THEN TRY_CAST(TRY_CAST({v} AS DOUBLE) AS BIGINT) END)"
    )


def _optional_cents(json_col: str, path: str) -> str:
    """SQL: an optional amount: 0 when absent or null, NULL when present but unreadable."""
    return f"(CASE WHEN {_present(json_col, path)} THEN {_cents(json_col, path)} ELSE 0 END)"


def _mds_select(src: str, devices: bool, licences: bool = False) -> str:
    """An MDS 2.0 passenger-services trip as the engine's columns. What the law cannot use is
    never read as zero: each such row gets a bit of ``flaw`` (:data:`.base.FLAW_BIT`) and is left
    out of the totals under its own kind; a present but unreadable amount is NULL, and an absent
    ``device_id`` (the vehicle, required) is :data:`.base.MDS_MISSING_BIT` (``missing_field``).

    ``rev``: a passenger trip (``private``, ``shared``), counted as a trip; ``paid``: one that
    also carried a payment (not ``no_payment`` nor ``test``), whose amounts are revenue and
    must be there. A ``test`` trip is only ``test_trip``: no other finding of it is reported."""
    revenue = "', '".join(MDS_REVENUE_TYPES)
    unpaid = "', '".join(MDS_UNPAID)
    known = "', '".join(MDS_TRIP_TYPES)
    fa = "fare_attributes"
    extras = " + ".join(_optional_cents(fa, f"$.{k}") for k in MDS_EXTRAS)
    pay = _cents(fa, "$.driver_trip_pay")
    plate = "json_extract_string(trip_attributes, '$.vehicle_id')"
    joins, driver, two_wheeler = "", "driver", "false"
    if licences:
        # A driver_id that is a roster driver's CNH stands for that driver's CPF.
        driver = "coalesce(dn.n_cpf, driver)"
        joins += " LEFT JOIN dn ON y.driver = dn.cnh"
    if devices:
        # The standard link (MDS: a trip names its vehicle by device_id, /vehicles gives the
        # plate); the extension trip_attributes.vehicle_id only where no vehicle is known.
        plate = f"coalesce(dv.v_plate, {plate})"
        joins += " LEFT JOIN dv ON y.device_id = dv.device_id"
        # The platform reports the device as a two-wheeler the law bans (art. 17).
        two_wheeler = "coalesce(dv.v_banned, false)"
    return f"""SELECT
            trip_id, {driver} AS driver, upper(replace({plate}, '-', '')) AS plate,
            s, e, dist, dur,
            CASE WHEN paid THEN cost ELSE 0 END AS fare,
            CASE WHEN NOT paid THEN 0
                 WHEN {_present(fa, "$.driver_trip_pay")} THEN cost - {pay} END AS ret,
            CASE WHEN paid THEN {extras} ELSE 0 END AS extras,
            rev AS revenue,
            (CASE WHEN ptype = 'test' THEN {FLAW_BIT["test_trip"]} ELSE
             (CASE WHEN coalesce(ttype IN ('{known}'), false) THEN 0 ELSE {FLAW_BIT["unknown_trip_type"]} END)
             + (CASE WHEN (paid OR {_present("actual_cost")}) AND currency IS DISTINCT FROM 'BRL'
                     THEN {FLAW_BIT["currency_not_brl"]} ELSE 0 END)
             + (CASE WHEN paid AND NOT {_present("actual_cost")}
                     THEN {FLAW_BIT["missing_fare"]} ELSE 0 END)
             + (CASE WHEN paid AND NOT {_present(fa, "$.driver_trip_pay")}
                     THEN {FLAW_BIT["missing_retention"]} ELSE 0 END)
             + (CASE WHEN coalesce(y.device_id, '') = '' THEN {MDS_MISSING_BIT} ELSE 0 END)
             + (CASE WHEN {two_wheeler} THEN {MDS_TWO_WHEELER_BIT} ELSE 0 END)
             END)::UTINYINT AS flaw
        FROM (SELECT
                trip_id, device_id, actual_cost, currency, fare_attributes, trip_attributes,
                regexp_replace(json_extract_string(trip_attributes, '$.driver_id'), '[^0-9]', '',
                               'g') AS driver,
                {_cents("start_time")} AS s, {_cents("end_time")} AS e,
                {_cents("distance")} AS dist, {_cents("duration")} AS dur,
                {_cents("actual_cost")} AS cost, ttype, ptype,
                coalesce(ttype IN ('{revenue}'), false) AS rev,
                coalesce(ttype IN ('{revenue}'), false)
                    AND coalesce(ptype NOT IN ('{unpaid}'), true) AS paid
              FROM (SELECT *,
                      json_extract_string(fare_attributes, '$.payment_type') AS ptype,
                      CASE json_type(trip_type)
                           WHEN 'VARCHAR' THEN json_extract_string(trip_type, '$')
                           WHEN 'ARRAY' THEN CASE WHEN json_array_length(trip_type) = 1
                                                  THEN json_extract_string(trip_type, '$[0]') END
                      END AS ttype
                    FROM {src})) y {joins}"""


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


def _top_level_keys(head: bytes) -> set[str]:
    """The keys of the first JSON object in ``head`` at its own level (not its values' keys), as
    far as ``head`` goes. A quote byte never occurs inside a multi-byte UTF-8 character."""
    keys: set[str] = set()
    depth, key_next, i = 0, False, 0
    while i < len(head):
        c = head[i : i + 1]
        if c == b'"':
            j = i + 1
            while j < len(head) and head[j : j + 1] != b'"':
                j += 2 if head[j : j + 1] == b"\\" else 1
            if depth == 1 and key_next:
                keys.add(head[i + 1 : j].decode("utf-8", "replace"))
            key_next, i = False, j + 1
            continue
        if c in (b"{", b"["):
            depth += 1
            key_next = c == b"{" and depth == 1
        elif c in (b"}", b"]"):
            depth -= 1
            if depth <= 0:
                break
        elif c == b"," and depth == 1:
            key_next = True
        i += 1
    return keys


def _payload_keys(path: Path) -> set[str] | None:
    """The top-level keys of a Provider API payload (``{"version": "2.0.0", "trips": [...]}``),
    or None for NDJSON: the file's first object has a payload's key and none of a record's.
    Paging links may be long (opaque cursors), and a byte order mark is not a key."""
    with path.open("rb") as f:
        keys = _top_level_keys(f.read(1 << 16))
    if keys & MDS_PAYLOAD_KEYS and not keys & MDS_RECORD_KEYS:
        return keys
    return None


def _check_payload(
    con: duckdb.DuckDBPyConnection, p: str, size: int, envelope: str, keys: set[str]
) -> None:
    """A payload is read only if it is an MDS 2.x payload of ``envelope``: its required
    ``version`` (data-types/version.yaml) is 2.x.y — a 1.x trip is another record — and it
    carries the list. Else the file is refused whole: read as a record, it would be one
    unreadable row, and a month of trips replaced by nothing."""
    try:
        found = con.execute(
            f"SELECT version, {envelope} IS NOT NULL FROM read_json('{p}', format='unstructured', "
            f"columns={{'version': 'VARCHAR', '{envelope}': 'JSON'}}, maximum_object_size={size})"
        ).fetchall()
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {short_error(exc)}") from exc
    shape = f'{{"version": "2.0.0", "{envelope}": [...]}}'
    for version, listed in found:
        if not listed:
            raise FileRejected(
                f'o envelope MDS não traz a lista "{envelope}" (chaves: {", ".join(sorted(keys))}): '
                f"envie o /{envelope} da Provider API, {shape}, ou NDJSON"
            )
        if version is None:
            raise FileRejected(f"o envelope MDS não traz o campo version (obrigatório): {shape}")
        if not MDS_VERSION.fullmatch(version):
            raise FileRejected(
                f'o envelope MDS é da versão "{version}" (campo version): o Outorga lê o MDS 2.x, '
                f"{shape}"
            )


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


def trips_select(
    con: duckdb.DuckDBPyConnection,
    path: Path,
    fmt: str,
    schema: str,
    devices: bool = False,
    licences: bool = False,
) -> str:
    """The file as normalised columns: trip_id, driver (digits), plate (as written: normalised
    only where it differs from the roster's), s, e (epoch ms), dist, dur, fare, ret, extras,
    revenue, flaw (the MDS kinds' bits, :data:`.base.FLAW_BIT`; 0 in a native file).
    ``devices``: table ``dv`` (device_id → plate and whether the platform reports a two-wheeler
    the law bans, from MDS /vehicles) exists; ``licences``:
    table ``dn`` (a roster driver's CNH → CPF) exists."""
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
                true AS revenue, 0::UTINYINT AS flaw
            FROM ({inner})"""
    if fmt != "ndjson":
        raise FileRejected('o formato MDS 2.0 é JSON: envie NDJSON ou o envelope {"trips": [...]}')
    return _mds_select(
        mds_source(con, path, "trips", MDS_TRIPS, MDS_TRIP_REQUIRED),
        devices,
        licences,
    )


def mds_source(
    con: duckdb.DuckDBPyConnection,
    path: Path,
    envelope: str,
    fields: dict[str, str],
    required: Iterable[str],
) -> str:
    """An MDS file as a relation of ``fields``: NDJSON (one object per line) or the Provider
    API's payload ``{"version": "2.0.0", "<envelope>": [...]}`` (one JSON document, held whole in
    memory; large months go better as NDJSON)."""
    keys = _payload_keys(path)
    if keys is not None:
        p, size = sql_str(str(path)), path.stat().st_size + 1
        _check_payload(con, p, size, envelope, keys)
        typed = ", ".join(f"{k} {v}" for k, v in fields.items())
        return (
            f"(SELECT unnest({envelope}, max_depth := 2) FROM read_json('{p}', "
            f"format='unstructured', columns={{'{envelope}': 'STRUCT({typed})[]'}}, "
            f"maximum_object_size={size}))"
        )
    src = _source(path, "ndjson", json_columns=fields)
    # The fields the records have (read from a sample of them): the typed source names every
    # field it is given, there or not. A file without records (an hour without trips) has none.
    records = _source(path, "ndjson")
    missing = [k for k in required if k not in _columns_of(con, records)]
    if missing and con.execute(f"SELECT 1 FROM {records} LIMIT 1").fetchone():
        raise FileRejected("campos MDS obrigatórios ausentes: " + ", ".join(missing))
    return src


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
