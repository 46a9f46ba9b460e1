# ruff: noqa: S608 - DuckDB statements over a temporary test file
"""The DuckDB engine on small files: formats, schemas, validation, the concurrency peak."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import duckdb
import pytest

from outorga.law.barra_do_garcas.apps_2025 import peak_concurrent_drivers
from outorga.tripdata import engine as E

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "samples"
OCT = E.Month(
    int(dt.datetime(2026, 10, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
    int(dt.datetime(2026, 11, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
)
ALWAYS = ((0, None),)
ROSTER = [
    E.RosterEntry("52998224725", "QBD1A23", False, ALWAYS),
    E.RosterEntry("11144477735", "RTE4F56", False, ALWAYS),
    E.RosterEntry("12345678909", "PXA9B87", False, ((1791075600000, None),)),
]


def trips(path: Path, fmt: str = "csv", schema: str = "native", **kw) -> E.Result:
    kw.setdefault("roster", ROSTER)
    kw.setdefault("limits", None)
    return E.analyse_trips(path, fmt, schema, month=OCT, **kw)


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
        "trip_id": "e1",
        "trip_type": "private",
        "start_time": 1790838600000,  # 2026-10-01T07:10:00-04:00
        "end_time": 1790839680000,
        "duration": 1080,
        "distance": 8200,
        "actual_cost": 2350,
        "trip_attributes": {"driver_id": "52998224725", "vehicle_id": "QBD1A23"},
        "fare_attributes": {"commission": 500},
    }
    path = tmp_path / "mds.json"
    path.write_text(json.dumps({"version": "2.0.0", "trips": [trip]}))
    r = trips(path, "ndjson", "mds")
    assert r.rows == 1 and not any(r.errors.values()), r.errors
    assert (r.drivers[0].gross_cents, r.drivers[0].retention_cents) == (2350, 500)


def test_required_columns_are_checked_before_anything_else(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("trip_id,driver_cpf\nT1,52998224725\n")
    with pytest.raises(E.FileRejected, match="start_time"):
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


def test_a_fare_above_the_executives_ceiling_is_flagged(tmp_path):
    path = tmp_path / "f.csv"
    head = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
    head += "fare_cents,retention_cents\n"
    # ceiling = 500 + 200 × 10 km + 50 × 10 min = 3 000
    row = "{id},52998224725,QBD1A23,2026-10-01T07:00:00-04:00,2026-10-01T07:10:00-04:00,10000,600,{fare},0\n"
    path.write_text(head + row.format(id="ok", fare=3000) + row.format(id="caro", fare=3001))
    r = trips(path, limits=E.FareLimits(500, 200, 50))
    assert r.errors["fare_above_limit"] == 1
    assert r.samples["fare_above_limit"][0]["trip_id"] == "caro"


def _random_intervals(rng: random.Random, drivers: int, n: int) -> list[tuple[str, int, int]]:
    out = []
    for _ in range(n):
        start = rng.randrange(0, 200) * 1000
        out.append((f"{rng.randrange(drivers):011d}", start, start + rng.randrange(0, 40) * 1000))
    return out


@pytest.mark.parametrize("seed", range(25))
def test_the_vectorised_peak_equals_the_rulebooks_sweep(seed):
    rng = random.Random(seed)
    intervals = _random_intervals(rng, drivers=rng.randrange(1, 12), n=rng.randrange(1, 80))
    con = E.connect(threads=1)
    con.execute("CREATE TABLE iv (driver VARCHAR, s BIGINT, e BIGINT)")
    con.executemany("INSERT INTO iv VALUES (?, ?, ?)", intervals)
    got = E._peak(con, "(SELECT * FROM iv WHERE e > s)")
    epoch = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    expected = peak_concurrent_drivers(
        (d, epoch + dt.timedelta(milliseconds=s), epoch + dt.timedelta(milliseconds=e))
        for d, s, e in intervals
    )
    assert got.count == expected.count
    if expected.at is not None:
        assert got.at_ms == int((expected.at - epoch).total_seconds() * 1000)


def test_touching_sessions_are_not_counted_together_and_overlaps_of_a_driver_count_once():
    r = E.analyse_sessions(
        SAMPLES / "sessions-sample.csv", "csv", "native", month=OCT, roster=ROSTER
    )
    assert r.peak.count == 2
    assert r.peak.at_ms == int(dt.datetime(2026, 10, 1, 11, tzinfo=dt.UTC).timestamp() * 1000)
    assert not any(r.errors.values())


def test_the_bare_aggregation_reads_the_same_file():
    assert E.bare_aggregation([SAMPLES / "trips-sample.csv"]) >= 4
