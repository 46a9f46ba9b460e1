"""A month of trips generated from the Open Mobility Foundation's published MDS 2.0 schema
(passenger services), sent as a platform would, counted to the cent: the month's totals and the
drivers' ISSQN bases are the sum of the trips (apps art. 19 §1, 20 §1, 21)."""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from mds_reference import Generator, trip, validator, vehicle
from tripdata_factories import processed, statement_lines

from outorga.core.tenancy import tenant
from outorga.tripdata.models import DriverMonth, PlatformMonth

pytestmark = pytest.mark.django_db

SCHEMAS = Path(__file__).resolve().parents[2] / "src" / "outorga" / "tripdata" / "schemas"
BRT4 = dt.timezone(dt.timedelta(hours=-4))
OCT_START = dt.datetime(2026, 10, 1, tzinfo=BRT4)
#: Drivers of the test platform enabled all month, with cars (``conftest.world``).
DRIVERS = {"52998224725": "QBD1A23", "11144477735": "RTE4F56"}
PAYING = ("private", "shared")
ALWAYS = frozenset({"trip_attributes", "fare_attributes", "vehicle_attributes"})


def profile(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / name).read_text()))


def fit(t: dict[str, Any], rng: random.Random, device: str, cpf: str) -> dict[str, Any]:
    """What the law reads, made consistent (a month of October, a driver of the roster, amounts
    in reais, the driver's pay within the fare); everything else as the schema generated it."""
    start = OCT_START + dt.timedelta(seconds=rng.randint(0, 30 * 86400))
    duration = rng.randint(60, 3600)
    t["start_time"] = int(start.timestamp() * 1000)
    t["end_time"] = t["start_time"] + duration * 1000
    t["duration"] = duration
    t["distance"] = rng.randint(0, duration * 20)  # up to 72 km/h
    t["device_id"] = device
    t["trip_attributes"]["driver_id"] = cpf
    fa = t["fare_attributes"]
    if t["trip_type"][0] in PAYING:
        if t.get("actual_cost") is None:
            t["actual_cost"] = rng.randint(500, 9000)
        # The platform's retention is actual_cost − driver_trip_pay (``commission``, "any
        # extra commission", is not it): a paying trip the law counts has the driver's pay.
        if isinstance(fa.get("driver_trip_pay"), int):
            fa["driver_trip_pay"] = min(fa["driver_trip_pay"], t["actual_cost"])
        else:
            fa["driver_trip_pay"] = rng.randint(0, t["actual_cost"])
    t["currency"] = "BRL"
    return t


def retention(t: dict[str, Any]) -> int:
    fa = t["fare_attributes"]
    return t["actual_cost"] - fa["driver_trip_pay"]


@pytest.fixture
def month_of_trips():
    """Vehicles and 300 trips generated from the published schema, checked against it and
    against Outorga's MDS profile; a third of the trips with ``trip_type`` as a string (the
    maintainers' later correction, outside the published schema)."""
    rng = random.Random(2026)
    gen = Generator(2026, always=ALWAYS)
    official_trip, official_vehicle = validator("trip"), validator("vehicle")
    ours_trip, ours_vehicle = profile("trips-mds-2.0.json"), profile("vehicles-mds-2.0.json")
    vehicles = []
    for plate in DRIVERS.values():
        v = vehicle(gen)
        v["vehicle_attributes"]["license_plate"] = plate
        # The drivers' cars, as their roster entries say: a generated motorcycle or moped is a
        # trip art. 17 bans (test_tripdata_art_17_mds_vehicle_type.py), not this month's.
        v["vehicle_type"] = "car"
        official_vehicle.validate(v)
        ours_vehicle.validate(v)
        vehicles.append(v)
    device = {cpf: v["device_id"] for cpf, v in zip(DRIVERS, vehicles, strict=True)}
    trips = []
    for _ in range(300):
        cpf = rng.choice(sorted(DRIVERS))
        t = fit(trip(gen), rng, device[cpf], cpf)
        official_trip.validate(t)
        if rng.random() < 1 / 3:
            t["trip_type"] = t["trip_type"][0]
        ours_trip.validate(t)
        trips.append(t)
    assert {
        t["trip_type"][0] if isinstance(t["trip_type"], list) else t["trip_type"] for t in trips
    } == {
        "private",
        "shared",
        "reservation",
        "empty",
    }
    assert any(t["fare_attributes"].get("driver_trip_pay", 0) is None for t in trips)
    assert {"test", "no_payment"} <= {t["fare_attributes"]["payment_type"] for t in trips}
    return vehicles, trips


def count_test_trips(trips: list[dict[str, Any]]) -> int:
    return sum(t["fare_attributes"]["payment_type"] == "test" for t in trips)


def expected(trips: list[dict[str, Any]]) -> dict[str, tuple[int, int, int]]:
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for t in trips:
        kind = t["trip_type"][0] if isinstance(t["trip_type"], list) else t["trip_type"]
        payment = t["fare_attributes"]["payment_type"]
        # A test trip is no trip of the service; one without payment is a trip without revenue.
        if kind in PAYING and payment != "test":
            row = out[t["trip_attributes"]["driver_id"]]
            row[0] += 1
            if payment != "no_payment":
                row[1] += t["actual_cost"]
                row[2] += retention(t)
    return {cpf: (n, g, r) for cpf, (n, g, r) in out.items()}


def send_vehicles(world, vehicles: list[dict[str, Any]]) -> None:
    body = json.dumps({"version": "2.0.0", "vehicles": vehicles}).encode()
    r = world.upload(body, name="vehicles.json", kind="vehicles", schema="mds")
    assert r.status_code == 202, r.content
    upload = processed(r.json()["id"])
    assert (upload.status, upload.rows_counted) == ("done", len(vehicles)), upload.error


def test_art_21_a_month_generated_from_the_published_schema_adds_up_to_the_cent(
    world, rates, month_of_trips
):
    vehicles, trips = month_of_trips
    send_vehicles(world, vehicles)
    content = "".join(json.dumps(t) + "\n" for t in trips).encode()
    r = world.upload(content, name="trips.ndjson", schema="mds")
    upload = processed(r.json()["id"])
    assert upload.status == "done", upload.error
    report = {v["kind"]: v["count"] for v in world.get(r.json()["status_url"]).json()["validation"]}
    assert {k: n for k, n in report.items() if n} == {"test_trip": count_test_trips(trips)}
    assert (upload.rows, upload.rows_counted) == (300, 300 - count_test_trips(trips))
    want = expected(trips)
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
        got = {
            d.driver_cpf: (d.trips, d.gross_cents, d.retention_cents)
            for d in DriverMonth.objects.filter(upload=upload)
        }
    assert got == want
    assert (pm.trips, pm.gross_cents, pm.retention_cents) == tuple(
        sum(v[i] for v in want.values()) for i in range(3)
    )
    st, lines = statement_lines(world)
    for cpf, (_, gross, ret) in want.items():  # art. 20 §1: gross less the retention
        assert (lines[cpf].gross_cents, lines[cpf].base_cents) == (gross, gross - ret)
    assert st.intermediation_base_cents == pm.retention_cents  # art. 19 §1


def test_the_same_month_sent_in_windows_adds_up_to_the_same_totals(world, month_of_trips):
    """The first half of the month as an MDS provider envelope, the second as NDJSON by
    half-month windows of the trips' end; the month equals the sum of the trips."""
    vehicles, trips = month_of_trips
    send_vehicles(world, vehicles)
    middle = OCT_START + dt.timedelta(days=15)
    cut = int(middle.timestamp() * 1000)
    first = [t for t in trips if t["end_time"] < cut]
    second = [t for t in trips if t["end_time"] >= cut]
    end = dt.datetime(2026, 11, 2, tzinfo=BRT4)
    parts = [
        (json.dumps({"version": "2.0.0", "trips": first}).encode(), "a.json", OCT_START, middle),
        ("".join(json.dumps(t) + "\n" for t in second).encode(), "b.ndjson", middle, end),
    ]
    for content, name, start, until in parts:
        r = world.upload(
            content,
            name=name,
            schema="mds",
            window_start=start.isoformat(),
            window_end=until.isoformat(),
        )
        assert r.status_code == 202, r.content
        assert processed(r.json()["id"]).status == "done"
    want = expected(trips)
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
    assert (pm.trips, pm.gross_cents, pm.retention_cents) == tuple(
        sum(v[i] for v in want.values()) for i in range(3)
    )


def test_a_trips_vehicle_is_the_plate_its_device_has_in_the_vehicles_feed(world, month_of_trips):
    """MDS links a trip to its vehicle by ``device_id``: with the two plates swapped in the
    /vehicles file, every trip's plate differs from its driver's registered one."""
    vehicles, trips = month_of_trips
    a, b = (v["vehicle_attributes"] for v in vehicles)
    a["license_plate"], b["license_plate"] = b["license_plate"], a["license_plate"]
    send_vehicles(world, vehicles)
    content = "".join(json.dumps(t) + "\n" for t in trips).encode()
    r = world.upload(content, name="trips.ndjson", schema="mds")
    processed(r.json()["id"])
    report = {v["kind"]: v["count"] for v in world.get(r.json()["status_url"]).json()["validation"]}
    assert report["plate_mismatch"] == 300
