# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""The analysis of a trips or sessions file: read once into a table, duplicates found by hash,
the few dirty rows classified per error kind, totals per driver, samples and the peak; and the
benchmark's bare aggregation."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb

from .base import (
    BIT,
    ERROR_KINDS,
    EXCLUDING,
    MDS_FLAWS,
    SAMPLES_PER_KIND,
    DriverTotals,
    Fares,
    FileRejected,
    Month,
    Progress,
    Result,
    RosterEntry,
    Stopped,
    Window,
    mask,
)
from .connection import connect, insert_rows, short_error, sql_str, workspace
from .peak import counted_intervals, peak_of_rows
from .reading import sessions_select, set_aside_lines, trips_select
from .validation import load_roster, session_clean, session_conditions, trip_clean, trip_conditions


def _noop(pct: int, stage: str) -> None:
    return None


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
    kept. A file the reader cannot read is rejected."""
    try:
        con.execute(
            f"""CREATE TABLE t AS SELECT {columns} FROM (
            SELECT x.*, coalesce(r.k, 0) AS k, (CASE WHEN {clean} THEN 0 ELSE 1 END)::UTINYINT AS dirty,
                   hash({", ".join(key)}) AS h
            FROM ({select}) x {joins})"""
        )
    except duckdb.Error as exc:
        raise FileRejected(f"arquivo ilegível: {short_error(exc)}") from exc


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


def analyse_trips(
    path: Path,
    fmt: str,
    schema: str,
    *,
    month: Month,
    roster: Sequence[RosterEntry],
    limits: Fares,
    progress: Progress = _noop,
    con: duckdb.DuckDBPyConnection | None = None,
    lines: int | None = None,
    window: Window | None = None,
    devices: Mapping[str, str] | None = None,
    stopped: Sequence[Stopped] = (),
    banned_in: Sequence[Stopped] | None = None,
    two_wheelers: Collection[str] = (),
) -> Result:
    """Validation counts and samples, per-driver totals and the concurrency peak of a trips file.
    ``lines``: the file's lines as counted when it was received (:func:`count_lines`), if known.
    ``window``: the part of the month the file covers (None: all of it). ``devices``: an MDS
    file's vehicles, device_id → plate (from the platform's MDS /vehicles upload). ``stopped``:
    the periods the platform's credential was suspended or cancelled (art. 26, IV).
    ``banned_in``: the periods the two-wheeler ban was in force (art. 17; None: all month).
    ``two_wheelers``: the MDS devices the platform's /vehicles reports as a two-wheeler the law
    bans (art. 17): their trips are flagged whatever the driver's roster entry says."""
    with workspace(con) as con:
        progress(5, "lendo e validando o arquivo")
        on = load_roster(con, roster, month)
        mds = schema == "mds"
        if mds and devices:
            con.execute("CREATE TABLE dv (device_id VARCHAR, v_plate VARCHAR, v_banned BOOLEAN)")
            banned = set(two_wheelers)
            insert_rows(con, "dv", [(d, p, d in banned) for d, p in sorted(devices.items())])
        # MDS's driver_id is "like a driver's license number": a roster driver's CNH names the
        # driver too; a CPF of the roster always wins over a CNH that happens to equal it.
        cpfs = {d.cpf for d in roster}
        licences = sorted({(d.cnh, d.cpf) for d in roster if d.cnh and d.cnh not in cpfs})
        if mds and licences:
            con.execute("CREATE TABLE dn (cnh VARCHAR, n_cpf VARCHAR)")
            insert_rows(con, "dn", licences)
        # The table keeps what the steps below read; a roster driver's CPF is its number ``k``, and
        # a clean row's plate is the roster's (the quick test compares them): kept for dirty rows
        # only.
        # Native files carry only paying trips; MDS marks empty and reservation legs, and what the
        # law cannot use of a row (its ``flaw``, kept for dirty rows only: a clean row's is 0).
        revenue = "revenue" if mds else "true"
        columns = (
            "trip_id, CASE WHEN k = 0 THEN driver END AS driver, "
            "CASE WHEN dirty > 0 THEN plate END "
            f"AS plate, s, e, dist, dur, fare, ret, extras, {'revenue, ' if mds else ''}"
            f"{'CASE WHEN dirty > 0 THEN flaw END AS flaw, ' if mds else ''}k, dirty, h"
        )
        select = trips_select(
            con, path, fmt, schema, devices=bool(mds and devices), licences=bool(mds and licences)
        )
        _materialise(con, select, trip_clean(limits, window, stopped), _TRIP_KEY, on.joins, columns)
        bad, bad_samples = set_aside_lines(con, path, fmt, lines)
        progress(50, "procurando duplicatas")
        repeats = _mark_candidates(con)
        _classify(
            con,
            trip_conditions(
                month, limits, on.enabled, window, stopped, banned_in, on.plate, on.banned
            ),
            on.joins + on.vehicle_joins,
            _TRIP_KEY,
            "(x.s, x.e, x.fare, x.ret, x.dist, x.dur, x.extras, x.plate, x.k, x.driver)",
            repeats,
            "" if mds else "true AS revenue, 0::UTINYINT AS flaw",
            restore=("plate",),
        )
        excl = mask(EXCLUDING)
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
        peak = peak_of_rows(con, *counted_intervals(excl), len(roster))
        progress(85, "análise concluída")
        # A kind a file of this schema or coverage cannot show is left out of its report.
        absent = (*(() if mds else MDS_FLAWS), *(() if window else ("outside_window",)))
        errors = {k: n for k, n in errors.items() if k not in absent}
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
    with workspace(con) as con:
        progress(5, "lendo e validando o arquivo")
        on = load_roster(con, roster)
        conds = session_conditions(month)
        columns = "trip_id, CASE WHEN k = 0 THEN driver END AS driver, s, e, k, dirty, h"
        select = sessions_select(con, path, fmt, schema)
        _materialise(con, select, session_clean(month), _SESSION_KEY, on.joins, columns)
        bad, bad_samples = set_aside_lines(con, path, fmt, lines)
        repeats = _mark_candidates(con)
        _classify(con, conds, on.joins, _SESSION_KEY, "x.trip_id", repeats)
        kinds = [*conds, "duplicate"]
        excl = mask(k for k in kinds if k != "unknown_driver")
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
        clipped = counted_intervals(
            excl, f"greatest(s, {month.start_ms})", f"least(e, {month.end_ms})"
        )
        peak = peak_of_rows(con, *clipped, len(roster))
        progress(85, "análise concluída")
        return Result("sessions", rows, counted, clean, errors, samples, [], peak)


def bare_aggregation(paths: Sequence[Path], con: duckdb.DuckDBPyConnection | None = None) -> int:
    """The benchmark's reference: trips and revenue per driver per month straight from CSV."""
    con = con or connect()
    files = "[" + ", ".join(f"'{sql_str(str(p))}'" for p in paths) + "]"
    row = con.execute(
        f"""SELECT count(*) FROM (
              SELECT driver_cpf, date_trunc('month', start_time) AS month,
                     count(*) AS trips, sum(fare_cents) AS gross
              FROM read_csv({files}, header=true,
                            types={{'start_time': 'TIMESTAMPTZ', 'fare_cents': 'BIGINT'}})
              GROUP BY ALL)"""
    ).fetchall()[0]
    return int(row[0]) if row else 0
