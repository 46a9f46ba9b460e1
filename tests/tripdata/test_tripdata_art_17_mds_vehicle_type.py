"""Apps art. 17 from what the platform itself reports: an MDS trip names its vehicle by
``device_id``, and the platform's ``/vehicles`` file gives the device's ``vehicle_type`` (MDS 2.0
data-types/vehicle-type.yaml) and ``propulsion_types``. A trip made on a device the platform
reports as a motorcycle, a moped or another motorised two-wheeler is flagged even when the
driver's roster entry says car: the platform's report is evidence of the service the law bans. The
processing read only the device's plate, so such trips went unflagged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tripdata_factories import DEVICE, START, mds_trip, processed

from outorga.core.tenancy import tenant
from outorga.tripdata.models import ValidationCount

pytestmark = pytest.mark.django_db

CAR = "7d1e0c52-1f0a-4b7e-9a1d-2c3e4f5a6b7c"


def _vehicle(device: str, plate: str, vehicle_type: str, propulsion: list[str]) -> dict[str, Any]:
    return {
        "device_id": device,
        "provider_id": "6f0f2d1a-3c55-4c8e-9d4e-0b6f0c1e2a10",
        "vehicle_id": plate,
        "vehicle_type": vehicle_type,
        "propulsion_types": propulsion,
        "vehicle_attributes": {"year": 2022, "make": "X", "model": "Y", "license_plate": plate},
    }


def _two_wheeler_trips(world, vehicle_type: str, propulsion: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """The trips flagged under art. 17 when the driver of the car QBD1A23 (roster: car) made one
    trip on ``DEVICE`` (reported with ``vehicle_type``) and one on a device reported as a car."""
    feed = {
        "version": "2.0.0",
        "vehicles": [
            _vehicle(DEVICE, "QBD1A23", vehicle_type, propulsion),
            _vehicle(CAR, "QBD1A23", "car", ["combustion"]),
        ],
    }
    r = world.upload(json.dumps(feed).encode(), name="vehicles.json", kind="vehicles", schema="mds")
    assert processed(r.json()["id"]).status == "done"
    trips = [
        mds_trip(trip_id="on-device", device_id=DEVICE),
        mds_trip(trip_id="on-car", device_id=CAR, start_time=START + 3_600_000),
    ]
    trips[1]["end_time"] = trips[1]["start_time"] + 1_080_000
    body = "".join(json.dumps(t) + "\n" for t in trips).encode()
    upload = processed(world.upload(body, name="trips.ndjson", schema="mds").json()["id"])
    assert upload.status == "done", upload.error
    assert upload.rows_counted == 2  # flagged, never left out of the totals
    with tenant(world.m):
        found = ValidationCount.objects.filter(upload=upload, kind="two_wheeler").first()
    return sorted(s["trip_id"] for s in found.samples) if found and found.count else []


@pytest.mark.parametrize(
    ("vehicle_type", "propulsion"),
    [
        ("motorcycle", ["combustion"]),
        ("moped", ["electric"]),
        ("scooter_seated", ["electric"]),
        ("scooter_standing", ["electric"]),
        ("bicycle", ["combustion"]),
    ],
)
def test_art_17_a_trip_on_a_device_reported_as_a_motorised_two_wheeler_is_flagged(
    world, vehicle_type, propulsion
):
    assert _two_wheeler_trips(world, vehicle_type, propulsion) == ["on-device"]


@pytest.mark.parametrize(
    ("vehicle_type", "propulsion"),
    [
        ("car", ["combustion"]),
        ("bicycle", ["human"]),
        ("scooter_standing", ["human"]),
        ("bicycle", ["electric_assist"]),
        ("cargo_bicycle", ["electric"]),  # two or three wheels: MDS does not say
        ("other", ["combustion"]),
    ],
)
def test_art_17_a_device_not_reported_as_a_motorised_two_wheeler_is_not_flagged(
    world, vehicle_type, propulsion
):
    assert _two_wheeler_trips(world, vehicle_type, propulsion) == []
