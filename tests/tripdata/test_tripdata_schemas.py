"""The JSON Schemas of the files a platform sends: published at stable URLs, linked from the docs,
and every sample of the docs valid against them; the MDS profile refuses what the engine
refuses."""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from jsonschema import Draft202012Validator
from mds_reference import validator
from tripdata_factories import mds_trip, without

from outorga.tripdata.api import SCHEMA_FILES
from outorga.tripdata.engine.analysis import analyse_trips
from outorga.tripdata.engine.base import MDS_FLAWS, Month, RosterEntry

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "src" / "outorga" / "tripdata" / "schemas"
DOC = ROOT / "docs" / "trip-data-schema.md"
SAMPLES = ROOT / "docs" / "samples"
NATIVE_INTEGERS = ("distance_m", "duration_s", "fare_cents", "retention_cents", "extras_cents")


def schema(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / name).read_text()))


def items(doc: Any) -> list[dict[str, Any]]:
    """The records of a sample: one object, or the provider API's envelope."""
    for envelope in ("trips", "vehicles"):
        if isinstance(doc, dict) and envelope in doc:
            return list(doc[envelope])
    return [doc]


@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_each_schema_is_a_valid_json_schema(name):
    Draft202012Validator.check_schema(json.loads((SCHEMAS / name).read_text()))


@pytest.mark.django_db
@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_each_schema_is_served_without_login_at_its_stable_url(name):
    r = Client().get(f"/api/v1/public/schemas/{name}")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("application/schema+json")
    assert json.loads(r.content) == json.loads((SCHEMAS / name).read_text())


@pytest.mark.django_db
def test_an_unknown_schema_is_404_naming_the_ones_there_are():
    r = Client().get("/api/v1/public/schemas/trips-mds-3.0.json")
    assert r.status_code == 404
    assert "trips-mds-2.0.json" in r.json()["detail"]


@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_the_docs_link_each_schema_by_its_url(name):
    assert f"/api/v1/public/schemas/{name}" in DOC.read_text()


def doc_blocks() -> list[tuple[str, Any]]:
    text = DOC.read_text()
    found = re.findall(r"<!-- schema: (\S+) -->\s*```json\n(.*?)```", text, flags=re.S)
    return [(name, json.loads(body)) for name, body in found]


def test_the_docs_json_samples_are_each_bound_to_a_schema():
    names = {name for name, _ in doc_blocks()}
    assert names == {"trips-mds-2.0.json", "vehicles-mds-2.0.json"}
    assert DOC.read_text().count("```json") == len(doc_blocks())  # none left unchecked


@pytest.mark.parametrize(("name", "doc"), doc_blocks())
def test_each_json_sample_of_the_docs_is_valid(name, doc):
    for record in items(doc):
        schema(name).validate(record)
        validator("trip" if name.startswith("trips") else "vehicle").validate(record)


def native_rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [
        {k: (int(v) if k in NATIVE_INTEGERS else v) for k, v in row.items() if v != ""}
        for row in rows
    ]


@pytest.mark.parametrize(
    ("sample", "name"),
    [("trips-sample.csv", "trips-native.json"), ("sessions-sample.csv", "sessions-native.json")],
)
def test_each_row_of_the_native_samples_is_valid(sample, name):
    rows = native_rows(SAMPLES / sample)
    assert rows
    for row in rows:
        schema(name).validate(row)


def test_each_line_of_the_mds_samples_is_valid_against_ours_and_the_published_schema():
    lines = [json.loads(x) for x in (SAMPLES / "trips-mds-sample.ndjson").read_text().splitlines()]
    for t in lines:
        schema("trips-mds-2.0.json").validate(t)
        if isinstance(t["trip_type"], list):  # the published 2.0 schema has only the array
            validator("trip").validate(t)
    for v in items(json.loads((SAMPLES / "vehicles-mds-sample.json").read_text())):
        schema("vehicles-mds-2.0.json").validate(v)
        validator("vehicle").validate(v)


def test_the_mds_samples_are_counted_as_the_docs_say():
    vehicles = items(json.loads((SAMPLES / "vehicles-mds-sample.json").read_text()))
    devices = {v["device_id"]: v["vehicle_attributes"]["license_plate"] for v in vehicles}
    oct_ = Month(
        int(dt.datetime(2026, 10, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
        int(dt.datetime(2026, 11, 1, 4, tzinfo=dt.UTC).timestamp() * 1000),
    )
    roster = [
        RosterEntry("52998224725", "QBD1A23", False, ((0, None),)),
        RosterEntry("11144477735", "RTE4F56", False, ((0, None),)),
    ]
    r = analyse_trips(
        SAMPLES / "trips-mds-sample.ndjson",
        "ndjson",
        "mds",
        month=oct_,
        roster=roster,
        limits=None,
        devices=devices,
    )
    assert not any(r.errors.values()), r.errors
    assert r.rows_counted == 4
    assert [(d.driver, d.trips, d.gross_cents, d.retention_cents) for d in r.drivers] == [
        ("11144477735", 1, 3480, 870),
        ("52998224725", 1, 2350, 588),
    ]


# The profile and the engine say the same: what the schema refuses, the engine leaves out under
# an MDS kind; what it accepts, the engine counts.
AGREE = {
    "trip_type as a string": (mds_trip(trip_type="shared"), None),
    "driver_trip_pay null, commission": (
        mds_trip(fare_attributes={"driver_trip_pay": None, "commission": 500}),
        "missing_retention",
    ),
    "a trip without payment, without amounts": (
        without(
            without(mds_trip(fare_attributes={"payment_type": "no_payment"}), "actual_cost"),
            "fare_attributes",
            "driver_trip_pay",
        ),
        None,
    ),
    "an empty leg without amounts": (
        without(without(mds_trip(trip_type=["empty"]), "actual_cost"), "currency"),
        None,
    ),
    "unknown trip_type": (mds_trip(trip_type=["pooled"]), "unknown_trip_type"),
    "two trip types": (mds_trip(trip_type=["private", "shared"]), "unknown_trip_type"),
    "USD": (mds_trip(currency="USD"), "currency_not_brl"),
    "currency null": (mds_trip(currency=None), "currency_not_brl"),
    "no currency": (without(mds_trip(), "currency"), "currency_not_brl"),
    "no actual_cost": (without(mds_trip(), "actual_cost"), "missing_fare"),
    "actual_cost null": (mds_trip(actual_cost=None), "missing_fare"),
    "no retention": (
        mds_trip(fare_attributes={"driver_trip_pay": None, "commission": None}),
        "missing_retention",
    ),
}


@pytest.mark.parametrize("case", AGREE)
def test_the_mds_profile_refuses_exactly_what_the_engine_leaves_out(case, tmp_path):
    trip, kind = AGREE[case]
    assert schema("trips-mds-2.0.json").is_valid(trip) is (kind is None)
    path = tmp_path / "t.ndjson"
    path.write_text(json.dumps(trip) + "\n")
    oct_ = Month(1790827200000, 1793505600000)
    roster = [RosterEntry("52998224725", "QBD1A23", False, ((0, None),))]
    r = analyse_trips(path, "ndjson", "mds", month=oct_, roster=roster, limits=None)
    flaws = {k for k in MDS_FLAWS if r.errors.get(k)}
    assert flaws == (set() if kind is None else {kind})
    assert not {k: n for k, n in r.errors.items() if n and k not in MDS_FLAWS}
