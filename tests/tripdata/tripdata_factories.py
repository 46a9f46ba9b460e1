"""Helpers for the tripdata tests: an upload processed by its task, the month's ISSQN statement by
taxpayer, a driver declared MEI on the roster (the platform world itself is ``conftest.world``),
an MDS 2.0 trip."""

from __future__ import annotations

import uuid
from typing import Any

from outorga.core.tenancy import tenant, unscoped
from outorga.platforms.models import PlatformDriver
from outorga.tripdata.models import IssqnStatement, TripUpload
from outorga.tripdata.tasks import process_upload


def processed(upload_id: int) -> TripUpload:
    process_upload.call(upload_id)
    with unscoped():
        return TripUpload.objects.get(pk=upload_id)


def statement_lines(world):
    with tenant(world.m):
        st = IssqnStatement.objects.get(platform=world.platform)
        return st, {line.taxpayer: line for line in st.lines.all()}


def make_mei(world, cpf="52998224725"):
    with tenant(world.m):
        PlatformDriver.objects.filter(platform=world.platform, cpf=cpf).update(tax_regime="mei")


DEVICE = "3c9604d6-b5ee-11e8-96f8-529269fb1459"
START = 1790838600000  # 2026-10-01T07:10:00-04:00


def mds_trip(**over: Any) -> dict[str, Any]:
    """A passenger-services trip valid against the published schema (required fields of
    models/trip.yaml and of the mode), paid R$ 23,50 of which the driver got R$ 17,62."""
    trip: dict[str, Any] = {
        "provider_id": "00000000-0000-4000-8000-000000000001",
        "device_id": DEVICE,
        "trip_id": str(uuid.uuid4()),
        "trip_type": ["private"],
        "start_time": START,
        "end_time": START + 1_080_000,
        "start_location": {"lat": -15.89, "lng": -52.26},
        "end_location": {"lat": -15.87, "lng": -52.31},
        "duration": 1080,
        "distance": 8200,
        "actual_cost": 2350,
        "currency": "BRL",
        "trip_attributes": {
            "hail_type": "app",
            "passenger_count": 1,
            "requested_time": START - 300_000,
            "quoted_trip_start_time": START,
            "driver_id": "529.982.247-25",
            "vehicle_id": "QBD-1A23",
        },
        "fare_attributes": {
            "payment_type": "mobile_app",
            "fare_type": "upfront_pricing",
            "driver_trip_pay": 1762,
        },
    }
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(trip.get(key), dict):
            trip[key] = {**trip[key], **value}
        else:
            trip[key] = value
    return trip


def without(trip: dict[str, Any], *path: str) -> dict[str, Any]:
    target = trip
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return trip
