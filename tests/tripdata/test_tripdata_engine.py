# ruff: noqa: S608 - DuckDB statements over a temporary test file
"""The DuckDB engine on small files: formats, schemas, validation, the concurrency peak."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

import duckdb
import pytest

from outorga.law.barra_do_garcas.apps_2025 import peak_concurrent_drivers
from outorga.tripdata.engine.analysis import (
    analyse_sessions,
    analyse_trips,
    bare_aggregation,
    repeated_hashes,
)
from outorga.tripdata.engine.base import (
    DURATION_TOLERANCE_S,
    FLAW_BIT,
    MAX_TRIP_METRES,
    MAX_TRIP_SECONDS,
    FareLimits,
    FarePeriod,
    FileRejected,
    Month,
    Result,
    RosterEntry,
    Window,
)
from outorga.tripdata.engine.connection import connect, insert_rows
from outorga.tripdata.engine.peak import peak_of_rows
from outorga.tripdata.engine.reading import CSV_BUFFER_BYTES, count_lines
from outorga.tripdata.engine.validation import (
    load_roster,
    session_clean,
    session_conditions,
    trip_clean,
    trip_conditions,
)

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "samples"
BRT4 = dt.timezone(dt.timedelta(hours=-4))  # Barra do Garças (MT)
OCT = Month(
    int(dt.datetime(2026, 10, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
    int(dt.datetime(2026, 11, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
)
ALWAYS = ((0, None),)
ROSTER = [
    RosterEntry("52998224725", "QBD1A23", False, ALWAYS),
    RosterEntry("11144477735", "RTE4F56", False, ALWAYS),
    RosterEntry("12345678909", "PXA9B87", False, ((1791075600000, None),)),
]


def trips(path: Path, fmt: str = "csv", schema: str = "native", **kw) -> Result:
    kw.setdefault("roster", ROSTER)
    kw.setdefault("limits", None)
    return analyse_trips(path, fmt, schema, month=OCT, **kw)


def test_the_sample_file_is_validated_kind_by_kind():
    r = trips(SAMPLES / "trips-sample.csv")
    assert (r.rows, r.rows_counted) == (11, 7)
    assert r.errors["duplicate"] == 1 and r.errors["negative_duration"] == 2
    assert r.errors["unknown_driver"] == 1 and r.errors["outside_month"] == 1
    assert r.errors["plate_mismatch"] == 1 and r.errors["impossible_distance"] == 1
    assert r.samples["duplicate"][0]["trip_id"] == "T-0008"
    assert sum(d.gross_cents for d in r.drivers) == 15530


@pytest.mark.parametrize("fmt", ["parquet", "ndjson"])
def test_parquet_and_ndjson_give_the_same_answer_as_csv(tmp_path, fmt):
    target = tmp_path / f"trips.{fmt}"
    con = duckdb.connect()
    src = f"read_csv('{SAMPLES / 'trips-sample.csv'}', header=true, all_varchar=true)"
    if fmt == "parquet":
        con.execute(f"COPY (SELECT * FROM {src}) TO '{target}' (FORMAT parquet)")
    else:
        con.execute(f"COPY (SELECT * FROM {src}) TO '{target}' (FORMAT json)")
    csv_result = trips(SAMPLES / "trips-sample.csv")
    other = trips(target, fmt)
    assert other.errors == csv_result.errors
    assert [(d.driver, d.gross_cents) for d in other.drivers] == [
        (d.driver, d.gross_cents) for d in csv_result.drivers
    ]


def test_mds_trips_map_to_the_same_measures(tmp_path):
    def ms(text: str) -> int:
        return int(dt.datetime.fromisoformat(text).timestamp() * 1000)

    rows = [
        {
            "provider_id": "00000000-0000-0000-0000-000000000001",
            "device_id": "00000000-0000-0000-0000-0000000000aa",
            "trip_id": "b1",
            "trip_type": "private",
            "start_time": ms("2026-10-01T07:10:00-04:00"),
            "end_time": ms("2026-10-01T07:28:00-04:00"),
            "duration": 1080,
            "distance": 8200,
            "actual_cost": 2350,
            "currency": "BRL",
            "trip_attributes": {"driver_id": "529.982.247-25", "vehicle_id": "QBD-1A23"},
            "fare_attributes": {"driver_trip_pay": 1762},
        },
        {
            "device_id": "00000000-0000-0000-0000-0000000000aa",
            "trip_id": "b2",
            "trip_type": "reservation",
            "start_time": ms("2026-10-01T07:00:00-04:00"),
            "end_time": ms("2026-10-01T07:10:00-04:00"),
            "duration": 600,
            "distance": 2000,
            "trip_attributes": {"driver_id": "52998224725", "vehicle_id": "QBD1A23"},
        },
    ]
    path = tmp_path / "mds.ndjson"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    r = trips(path, "ndjson", "mds")
    assert r.rows == 2 and not any(r.errors.values()), r.errors
    (d,) = r.drivers
    assert (d.trips, d.gross_cents, d.retention_cents) == (1, 2350, 588)


def test_the_mds_provider_envelope_is_read_too(tmp_path):
    trip = {
        "device_id": "00000000-0000-0000-0000-0000000000aa",
        "trip_id": "e1",
        "trip_type": "private",
        "start_time": 1790838600000,  # 2026-10-01T07:10:00-04:00
        "end_time": 1790839680000,
        "duration": 1080,
        "distance": 8200,
        "actual_cost": 2350,
        "currency": "BRL",
        "trip_attributes": {"driver_id": "52998224725", "vehicle_id": "QBD1A23"},
        "fare_attributes": {"driver_trip_pay": 1850},
    }
    path = tmp_path / "mds.json"
    path.write_text(json.dumps({"version": "2.0.0", "trips": [trip]}))
    r = trips(path, "ndjson", "mds")
    assert r.rows == 1 and not any(r.errors.values()), r.errors
    assert (r.drivers[0].gross_cents, r.drivers[0].retention_cents) == (2350, 500)


def test_required_columns_are_checked_before_anything_else(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("trip_id,driver_cpf\nT1,52998224725\n")
    with pytest.raises(FileRejected, match="start_time"):
        trips(path)


def test_unreadable_values_are_reported_not_fatal(tmp_path):
    path = tmp_path / "t.ndjson"
    path.write_text(
        json.dumps(
            {
                "trip_id": "x",
                "driver_cpf": "52998224725",
                "vehicle_plate": "QBD1A23",
                "start_time": "ontem",
                "end_time": "2026-10-01T07:28:00-04:00",
                "distance_m": 1,
                "duration_s": 1,
                "fare_cents": 1,
                "retention_cents": 0,
            }
        )
        + "\n"
    )
    r = trips(path, "ndjson")
    assert r.errors["missing_field"] == 1 and r.rows_counted == 0


def test_an_unreadable_csv_value_is_reported_with_its_line_and_the_rest_is_processed(tmp_path):
    lines = (SAMPLES / "trips-sample.csv").read_text().splitlines()
    lines.insert(2, "T-X,52998224725,QBD1A23,ontem,2026-10-01T07:28:00-04:00,1,1,1,0,0")
    path = tmp_path / "t.csv"
    path.write_text("\n".join(lines) + "\n")
    r = trips(path)
    assert r.rows == 12 and r.rows_counted == 7
    assert r.errors["missing_field"] == 1
    (sample,) = r.samples["missing_field"]
    assert sample["linha"] == 3 and "start_time" in sample["colunas_ilegíveis"]


_HEAD = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,retention_cents\n"
_ROW = "{id},52998224725,QBD1A23,2026-10-01T07:00:00-04:00,2026-10-01T07:10:00-04:00,10000,600,3000,0\n"


@pytest.mark.parametrize("rows", [50, 30_000])
def test_an_unterminated_quote_refuses_the_file_instead_of_losing_the_lines_after_it(
    tmp_path, rows
):
    """The reader takes everything after a stray quote as one value and drops it: 1 line set
    aside, the rest gone without a word. The file is refused whole, with the line."""
    path = tmp_path / "t.csv"
    path.write_text(
        _HEAD + "".join(_ROW.format(id='"x' if i == 10 else f"t{i}") for i in range(rows))
    )
    with pytest.raises(FileRejected, match=r"aspas não fechadas.*problema é a 12") as refused:
        trips(path)
    assert f"tem {rows:_} linhas de dados".replace("_", ".") in str(refused.value)


def test_a_line_longer_than_the_readers_buffer_refuses_the_file(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(
        _HEAD
        + _ROW.format(id="a")
        + _ROW.format(id="b" * (2 * CSV_BUFFER_BYTES))
        + _ROW.format(id="c")
    )
    with pytest.raises(FileRejected, match="tem 3 linhas de dados, mas só 2"):
        trips(path)


def test_blank_lines_are_not_missing_lines(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(_HEAD + _ROW.format(id="a") + "\n" + _ROW.format(id="b") + "\n\n")
    r = trips(path, lines=count_lines([path.read_bytes()]))
    assert (r.rows, r.rows_clean) == (2, 2)


@pytest.mark.parametrize(
    ("chunks", "expected"),
    [([], 0), ([b"a\nb\n"], 2), ([b"a\nb"], 2), ([b"a\n", b"b", b""], 2), ([b"\n\n"], 2)],
)
def test_lines_are_counted_with_a_last_line_without_a_break(chunks, expected):
    assert count_lines(chunks) == expected


def test_a_fare_above_the_executives_ceiling_is_flagged(tmp_path):
    path = tmp_path / "f.csv"
    head = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
    head += "fare_cents,retention_cents\n"
    # ceiling = 500 + 200 × 10 km + 50 × 10 min = 3 000
    row = "{id},52998224725,QBD1A23,2026-10-01T07:00:00-04:00,2026-10-01T07:10:00-04:00,10000,600,{fare},0\n"
    path.write_text(head + row.format(id="ok", fare=3000) + row.format(id="caro", fare=3001))
    r = trips(path, limits=FareLimits(500, 200, 50))
    assert r.errors["fare_above_limit"] == 1
    assert r.samples["fare_above_limit"][0]["trip_id"] == "caro"


def test_art_7_d15_each_trip_is_judged_by_the_maxima_in_force_when_it_started(tmp_path):
    """The maxima fell on 15/10 (a new act of the Executive), then a court suspended them from
    25/10 (D-16): the same fare is within the ceiling on 01/10, above it on 20/10, and not
    compared with any on 28/10."""
    path = tmp_path / "f.csv"
    head = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
    head += "fare_cents,retention_cents\n"
    row = "{id},52998224725,QBD1A23,2026-10-{d}T07:00:00-04:00,2026-10-{d}T07:10:00-04:00,10000,600,2950,0\n"
    path.write_text(head + "".join(row.format(id=f"dia{d}", d=d) for d in ("01", "20", "28")))
    fall = int(dt.datetime(2026, 10, 15, tzinfo=BRT4).timestamp() * 1000)
    court = int(dt.datetime(2026, 10, 25, tzinfo=BRT4).timestamp() * 1000)
    # Ceilings for 10 km in 10 min: 500 + 2 000 + 500 = 3 000, then 400 + 2 000 + 500 = 2 900.
    periods = (
        FarePeriod(None, fall, FareLimits(500, 200, 50)),
        FarePeriod(fall, court, FareLimits(400, 200, 50)),
        FarePeriod(court, None, None),
    )
    r = trips(path, limits=periods)
    assert r.errors["fare_above_limit"] == 1
    assert [x["trip_id"] for x in r.samples["fare_above_limit"]] == ["dia20"]
    # Judged by the month's last day's (none, suspended), as before: nothing flagged; by the
    # first day's for the whole month: nothing either — only the periods find the 20th's.
    assert trips(path, limits=None).errors["fare_above_limit"] == 0
    assert trips(path, limits=FareLimits(500, 200, 50)).errors["fare_above_limit"] == 0


def _sequential_intervals(rng: random.Random, drivers: int, n: int) -> list[tuple[str, int, int]]:
    """As a platform's file usually is: each driver's trips one after another (some touching
    the previous one's end), the rows in time order; sometimes a trip that overlaps the
    driver's previous one, or a row moved out of order."""
    clock = [rng.randrange(0, 50_000) for _ in range(drivers)]
    overlaps = rng.choice((0, 0, 0.01))
    out = []
    for _ in range(n):
        d = rng.randrange(drivers)
        start = clock[d] + rng.choice((0, 0, rng.randrange(1, 20_000)))
        if rng.random() < overlaps:
            start -= rng.randrange(1, 30_000)  # overlaps the driver's previous trip
        end = start + rng.randrange(1, 30_000)
        clock[d] = max(clock[d], end)
        out.append((f"{d:011d}", start, end))
    out.sort(key=lambda x: x[1])
    if rng.random() < 0.3 and len(out) > 2:
        out.insert(rng.randrange(len(out)), out.pop(rng.randrange(len(out))))
    return out


def _random_intervals(rng: random.Random, drivers: int, n: int) -> list[tuple[str, int, int]]:
    """Intervals in one of four shapes: sparse, crowded into a short stretch (many per bucket),
    long ones overlapping everything (the peak held for a long time), or sequential."""
    shape = rng.choice(("sparse", "crowded", "long", "sequential"))
    if shape == "sequential":
        return _sequential_intervals(rng, drivers, n)
    horizon = {"sparse": 200_000, "crowded": 5_000, "long": 50_000}[shape]
    out = []
    for _ in range(n):
        start = (
            rng.randrange(0, horizon) // 1000 * 1000
            if rng.random() < 0.5
            else rng.randrange(horizon)
        )
        length = rng.randrange(0, 40_000 if shape != "long" else 400_000)
        out.append((f"{rng.randrange(drivers):011d}", start, start + length))
    return out


def _peak_through_the_engine(intervals, roster_size):
    """The engine's own path: rows as the reader leaves them (roster drivers numbered k > 0,
    unknown drivers k = 0 with their CPF), then the measure."""
    con = connect(threads=1)
    con.execute("CREATE TABLE t (driver VARCHAR, k INTEGER, s BIGINT, e BIGINT)")
    insert_rows(
        con, "t", [(d, int(d) + 1 if int(d) < roster_size else 0, s, e) for d, s, e in intervals]
    )
    return peak_of_rows(
        con,
        "SELECT k, s, e FROM t WHERE k > 0 AND e > s",
        "SELECT driver, s, e FROM t WHERE k = 0 AND e > s",
        roster_size,
    )


@pytest.mark.parametrize("seed", range(60))
def test_d9_b_the_vectorised_peak_equals_the_rulebooks_sweep(seed):
    rng = random.Random(seed)
    drivers = rng.randrange(1, 60)
    intervals = _random_intervals(rng, drivers=drivers, n=rng.randrange(1, 1500))
    got = _peak_through_the_engine(intervals, roster_size=rng.randrange(0, drivers + 1))
    epoch = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    expected = peak_concurrent_drivers(
        (d, epoch + dt.timedelta(milliseconds=s), epoch + dt.timedelta(milliseconds=e))
        for d, s, e in intervals
    )
    assert got.count == expected.count
    if expected.at is not None:
        assert got.at_ms == int((expected.at - epoch).total_seconds() * 1000)


def test_d9_b_a_drivers_overlapping_trips_at_the_busiest_instant_count_once():
    """Counted as they are, two intervals are open at 5 (one driver's overlapping trips) and
    at 25 (two drivers): the peak of distinct drivers is 2, first reached at 25, not at 5."""
    a, b, c = "00000000001", "00000000002", "00000000003"
    intervals = [(a, 0, 10), (a, 5, 15), (b, 20, 30), (c, 25, 35)]
    for roster_size in (0, 4):
        got = _peak_through_the_engine(intervals, roster_size=roster_size)
        assert (got.count, got.at_ms) == (2, 25)
    got = _peak_through_the_engine([(a, 0, 10), (b, 5, 15), (a, 20, 30)], roster_size=4)
    assert (got.count, got.at_ms) == (2, 5)


def test_touching_sessions_are_not_counted_together_and_overlaps_of_a_driver_count_once():
    r = analyse_sessions(SAMPLES / "sessions-sample.csv", "csv", "native", month=OCT, roster=ROSTER)
    assert r.peak.count == 2
    assert r.peak.at_ms == int(dt.datetime(2026, 10, 1, 11, tzinfo=dt.UTC).timestamp() * 1000)
    assert not any(r.errors.values())


def test_the_bare_aggregation_reads_the_same_file():
    assert bare_aggregation([SAMPLES / "trips-sample.csv"]) >= 4


@pytest.mark.parametrize("stopped", [(), "suspension_and_cancellation"])
@pytest.mark.parametrize("several_periods", [False, True])
@pytest.mark.parametrize("windowed", [False, True])
@pytest.mark.parametrize("fares", ["month", "periods", None])
def test_the_quick_clean_test_never_passes_a_row_a_condition_flags(
    fares, several_periods, windowed, stopped
):
    """The reader's shortcut (a row passing the cheap test gets no error bit) must be a
    sufficient condition of every kind's test: clean rows with one to three fields moved to or
    around a threshold, absurd values that would overflow a multiplication, NULLs, unknown,
    disabled and banned drivers, other plates; the roster as the reader loads it (one enabled
    period per driver, or some driver with several: the range join); an MDS row's flaws; the
    ends of a part-of-the-month file's window; the fare maxima for the month, or changed twice
    in it (art. 7, D-15) — suspended just after the usual row's start, other ones near the end."""
    rng = random.Random(7)
    # The usual row ends 600 s after it starts, an hour into the month; the window takes the
    # lags 0 and DURATION_TOLERANCE_S s and leaves -1 ms and one more ms out.
    ends = OCT.start_ms + 3_600_000 + 600_000
    window = Window(ends, ends + DURATION_TOLERANCE_S * 1000 + 1) if windowed else None
    start = OCT.start_ms
    # Art. 26, IV: a suspension just after the usual row's start, and a cancellation near the end of
    # the month; the edges of "s" below fall on both sides of each bound.
    usual = OCT.start_ms + 3_600_000
    limits: Any = {
        "month": FareLimits(600, 200, 50),
        "periods": (
            FarePeriod(None, usual + 2, FareLimits(600, 200, 50)),
            FarePeriod(usual + 2, OCT.end_ms - 10, None),
            FarePeriod(OCT.end_ms - 10, None, FareLimits(500, 150, 40)),
        ),
        None: None,
    }[fares]
    periods = ((usual + 1, usual + 3), (OCT.end_ms - 10, None)) if stopped else ()
    roster = {
        "ok": RosterEntry("52998224725", "QBD1A23", False, ((start, None),)),
        "banned": RosterEntry("11144477735", "QBD1A23", True, ((start, None),)),
        "later": RosterEntry("39053344705", "QBD1A23", False, ((start + 86_400_000, None),)),
        "ended": RosterEntry("86288366757", "QBD1A23", False, ((start, start + 60_000),)),
        "never": RosterEntry("71428793860", "QBD1A23", False, ()),
        # Changed vehicle (art. 17): a banned one, then the usual plate from just after the
        # usual row's start; never clean (the quick test knows one vehicle per driver).
        "changed": RosterEntry(
            "98765432100",
            "QBD1A23",
            False,
            ((start, None),),
            vehicles=((start, "QBD1A23", True), (usual + 2, "QBD1A23", False)),
        ),
    }
    if several_periods:
        roster["twice"] = RosterEntry(
            "15350946056", "QBD1A23", False, ((start, start + 60_000), (start + 120_000, None))
        )
    big = 2**62
    edges = {
        "driver": ("", None),
        "trip_id": (None,),
        "s": (OCT.start_ms - 1, OCT.start_ms, OCT.end_ms - 1, OCT.end_ms, None)
        + (
            (usual + 1, usual + 2, usual + 3, OCT.end_ms - 11, OCT.end_ms - 10)
            if stopped or fares == "periods"
            else ()
        ),
        "e": (-1, 0, DURATION_TOLERANCE_S * 1000, DURATION_TOLERANCE_S * 1000 + 1, None),
        "dur": (-1, 0, 1, MAX_TRIP_SECONDS, MAX_TRIP_SECONDS + 1, big, None),
        # 33 333 m in 600 s is 199.998 km/h, 33 334 m is over 200 km/h.
        "dist": (-1, 0, 1, 1001, 33_333, 33_334, MAX_TRIP_METRES, MAX_TRIP_METRES + 1)
        + (big, None),
        # The ceiling of the usual row is R$ 19,00 (1 900 cents) with the limits below.
        "fare": (-1, 0, 1_000, 1_500, 1_600, 1_900, 1_901, 100_000, big, None),
        "ret": (-1, 0, 2_000, big, None),
        "extras": (-1, 100, 5_000, MAX_TRIP_METRES, MAX_TRIP_METRES + 1, big, None),
        "revenue": (False,),
        "plate": ("qbd-1a23", "XXX0000", None),
        "roster": (*sorted(roster), "unknown"),
        "flaw": (*FLAW_BIT.values(), 3, None),
    }
    rows = []
    for i in range(6_000):
        row = {
            "driver": None,
            "trip_id": f"T{i}",
            "s": OCT.start_ms + 3_600_000,
            "e": 0,
            "dur": 600,
            "dist": 4_000,
            "fare": 1_400,
            "ret": 300,
            "extras": 0,
            "revenue": True,
            "plate": "QBD1A23",
            "roster": "ok",
            "flaw": 0,
        }
        moved = rng.sample(sorted(edges), rng.choice((0, 1, 1, 2, 3)))
        for field in moved:
            row[field] = rng.choice(edges[field])
        if "driver" not in moved:
            entry = roster.get(row["roster"])
            row["driver"] = entry.cpf if entry else "20006505003"
        lag = row["e"]
        dur = row["dur"] if isinstance(row["dur"], int) and row["dur"] < big else 0
        row["e"] = None if row["s"] is None or lag is None else row["s"] + dur * 1000 + lag
        rows.append(
            tuple(row[f] for f in ("driver", "trip_id", "s", "e", "dist", "dur", "fare"))
            + tuple(row[f] for f in ("ret", "extras", "revenue", "plate", "flaw"))
        )
    con = connect(threads=1)
    on = load_roster(con, list(roster.values()), OCT)
    conds = trip_conditions(
        OCT, limits, on.enabled, window, periods, plate=on.plate, banned=on.banned
    )
    clean = trip_clean(limits, window, periods)
    con.execute(
        "CREATE TABLE x (driver VARCHAR, trip_id VARCHAR, s BIGINT, e BIGINT, dist BIGINT, "
        "dur BIGINT, fare BIGINT, ret BIGINT, extras BIGINT, revenue BOOLEAN, plate VARCHAR, "
        "flaw UTINYINT)"
    )
    insert_rows(con, "x", rows)
    flagged = " OR ".join(f"coalesce({sql}, false)" for sql in conds.values())
    (passed, flagged_rows, wrongly) = con.execute(
        f"""SELECT count_if(ok), count_if(bad), count_if(ok AND bad) FROM (
              SELECT coalesce({clean}, false) AS ok, {flagged} AS bad FROM x {on.joins}{on.vehicle_joins})"""
    ).fetchall()[0]
    assert passed > 1000 and flagged_rows > 1000  # both sides are exercised
    assert wrongly == 0


@pytest.mark.parametrize("seed", range(6))
def test_the_duplicate_prefilter_finds_exactly_the_repeated_hashes(seed):
    """Exactly the values a full count finds repeated; near values (one bit apart) are not."""
    import numpy as np

    rng = np.random.default_rng(seed)
    h = rng.integers(0, 2**64 - 1, size=int(rng.integers(2, 150_000)), dtype=np.uint64)
    repeated = rng.choice(h, size=int(rng.integers(0, 60)))
    neighbours = h[:30] ^ np.uint64(1)  # same bucket, another value
    values = np.concatenate([h, repeated, neighbours])
    rng.shuffle(values)
    unique, counts = np.unique(values, return_counts=True)
    assert sorted(repeated_hashes(values).tolist()) == sorted(unique[counts > 1].tolist())


def test_the_duplicate_prefilter_on_no_or_one_row():
    assert len(repeated_hashes([])) == 0
    assert len(repeated_hashes([7])) == 0
    assert repeated_hashes([7, 7]).tolist() == [7]


def test_a_clean_trip_repeated_counts_once_and_its_copies_show_the_files_cpf_and_plate(tmp_path):
    """A copy of a trip that passes every check is still a duplicate (art. 21: one trip, one
    record): the copies are left out of the totals and shown as written in the file."""
    lines = (SAMPLES / "trips-sample.csv").read_text().splitlines()
    header, first = lines[0], lines[1]  # T-0001: a clean trip of 529.982.247-25
    target = tmp_path / "dup.csv"
    target.write_text("\n".join([header, first, first, first, lines[2]]) + "\n")
    r = trips(target)
    assert (r.rows, r.rows_counted, r.rows_clean) == (4, 2, 2)
    assert r.errors["duplicate"] == 2
    assert [(d.driver, d.trips, d.gross_cents) for d in r.drivers] == [
        ("52998224725", 2, 2350 + 1690)
    ]
    sample = r.samples["duplicate"][0]
    assert (sample["trip_id"], sample["driver_cpf"], sample["vehicle_plate"]) == (
        "T-0001",
        "52998224725",
        "QBD1A23",
    )


@pytest.mark.parametrize("other_plate", ["AAA0A00", "ZZZ9Z99"])
def test_of_two_copies_differing_only_in_the_plate_the_first_plate_counts(tmp_path, other_plate):
    """The copy kept is the first by content, plate included, whether the copy passed every
    check (its plate is the roster's, QBD1A23) or not (another plate), in either row order:
    "AAA0A00" comes first and counts, "ZZZ9Z99" comes after and is the duplicate."""
    lines = (SAMPLES / "trips-sample.csv").read_text().splitlines()
    header, first = lines[0], lines[1]  # T-0001: a clean trip of 529.982.247-25, plate QBD1A23
    other = first.replace("QBD1A23", other_plate)
    assert other != first
    other_first = other_plate < "QBD1A23"
    for rows in ([first, other], [other, first]):
        target = tmp_path / "plates.csv"
        target.write_text("\n".join([header, *rows]) + "\n")
        r = trips(target)
        assert (r.rows, r.rows_counted) == (2, 1)
        assert r.rows_clean == (0 if other_first else 1)
        assert r.errors["duplicate"] == 1 and r.errors["plate_mismatch"] == 1
        (dup,) = r.samples["duplicate"]
        assert dup["vehicle_plate"] == ("QBD1A23" if other_first else other_plate)
        (mismatch,) = r.samples["plate_mismatch"]
        assert mismatch["vehicle_plate"] == other_plate


def test_a_repeated_session_is_a_duplicate_and_other_drivers_at_the_same_times_are_not(tmp_path):
    target = tmp_path / "sessions.csv"
    rows = [
        "driver_cpf,start_time,end_time,session_id",
        "52998224725,2026-10-01T06:55:00-04:00,2026-10-01T12:00:00-04:00,S-1",
        "52998224725,2026-10-01T06:55:00-04:00,2026-10-01T12:00:00-04:00,S-1b",
        "11144477735,2026-10-01T06:55:00-04:00,2026-10-01T12:00:00-04:00,S-2",
        "98765432100,2026-10-01T06:55:00-04:00,2026-10-01T12:00:00-04:00,S-3",
        "98765432100,2026-10-01T06:55:00-04:00,2026-10-01T12:00:00-04:00,S-3b",
    ]
    target.write_text("\n".join(rows) + "\n")
    r = analyse_sessions(target, "csv", "native", month=OCT, roster=ROSTER)
    assert r.errors["duplicate"] == 2
    assert r.errors["unknown_driver"] == 2  # both copies of the unknown driver's session
    assert r.peak.count == 3  # two roster drivers and the unknown one, each once
    assert {s["session_id"] for s in r.samples["duplicate"]} == {"S-1b", "S-3b"}


def test_the_sessions_quick_test_never_passes_a_row_a_condition_flags():
    rng = random.Random(11)
    start, end = OCT.start_ms, OCT.end_ms
    edges = {
        "driver": ("", None, "20006505003"),
        "s": (start - 1, start, end - 1, end, None),
        "e": (start - 1, start, start + 1, end, end + 1, None),
        "length": (-1, 0, MAX_TRIP_SECONDS * 1000 * 31, MAX_TRIP_SECONDS * 1000 * 31 + 1),
    }
    rows = []
    for _ in range(4_000):
        row = {"driver": "52998224725", "s": start + 3_600_000, "e": None, "length": 600_000}
        for field in rng.sample(sorted(edges), rng.choice((0, 1, 1, 2))):
            row[field] = rng.choice(edges[field])
        if row["e"] is None and row["s"] is not None:
            row["e"] = row["s"] + row["length"]
        rows.append((row["driver"], row["s"], row["e"]))
    con = connect(threads=1)
    on = load_roster(con, ROSTER)
    con.execute("CREATE TABLE x (driver VARCHAR, s BIGINT, e BIGINT)")
    insert_rows(con, "x", rows)
    flagged = " OR ".join(f"coalesce({sql}, false)" for sql in session_conditions(OCT).values())
    clean = session_clean(OCT)
    (passed, flagged_rows, wrongly) = con.execute(
        f"""SELECT count_if(ok), count_if(bad), count_if(ok AND bad) FROM (
              SELECT coalesce({clean}, false) AS ok, {flagged} AS bad FROM x {on.joins})"""
    ).fetchall()[0]
    assert passed > 500 and flagged_rows > 500
    assert wrongly == 0


def test_of_copies_that_differ_the_earliest_counts_on_every_run_even_read_in_parallel(tmp_path):
    """Two rows with one trip id but different content, far apart in a file big enough to be
    read by several threads (which number rows in the order they finish): the copy with the
    earlier start counts and the other is the duplicate, whatever the file order and the run."""
    target = tmp_path / "big.csv"
    con = duckdb.connect()
    con.execute(
        f"""COPY (SELECT CASE WHEN i IN (1000, 299000) THEN 'DUP' ELSE 'T' || i END AS trip_id,
                   '52998224725' AS driver_cpf, 'QBD1A23' AS vehicle_plate,
                   CASE WHEN i = 299000 THEN '2026-10-02T09:00:00-04:00'
                        ELSE '2026-10-02T10:00:00-04:00' END AS start_time,
                   CASE WHEN i = 299000 THEN '2026-10-02T09:10:00-04:00'
                        ELSE '2026-10-02T10:10:00-04:00' END AS end_time, 3000 AS distance_m,
                   600 AS duration_s, CASE WHEN i = 299000 THEN 9999 ELSE 1000 END AS fare_cents,
                   100 AS retention_cents, 0 AS extras_cents
                 FROM range(300000) r(i)) TO '{target}' (HEADER)"""
    )
    for threads in (2, 2, 2, 1):
        r = trips(target, con=connect(threads=threads))
        assert r.errors["duplicate"] == 1
        assert [d.gross_cents for d in r.drivers] == [299_998 * 1000 + 9999]
        assert r.samples["duplicate"][0]["fare_cents"] == 1000


def test_art_17_a_trip_is_checked_against_the_vehicle_in_force_at_its_start(tmp_path):
    """A driver who changed from a motorcycle to a car at ``change``: the trip started a
    millisecond before is on the motorcycle, the one started at it on the car (and its plate)."""
    change = OCT.start_ms + 10 * 86_400_000
    head = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
    head += "fare_cents,retention_cents\n"
    rows = ""
    for name, s, plate in (("before", change - 1, "MOT0A12"), ("at", change, "QBD1A23")):
        start = dt.datetime.fromtimestamp(s / 1000, dt.UTC).isoformat(timespec="milliseconds")
        end = dt.datetime.fromtimestamp(s / 1000 + 600, dt.UTC).isoformat(timespec="milliseconds")
        rows += f"{name},52998224725,{plate},{start},{end},3000,600,1500,300\n"
    path = tmp_path / "changed.csv"
    path.write_text(head + rows)
    roster = [
        RosterEntry(
            "52998224725",
            "QBD1A23",
            False,
            ((0, None),),
            vehicles=((0, "MOT0A12", True), (change, "QBD1A23", False)),
        )
    ]
    r = trips(path, roster=roster)
    assert {k: n for k, n in r.errors.items() if n} == {"two_wheeler": 1}
    assert [s["trip_id"] for s in r.samples["two_wheeler"]] == ["before"]
