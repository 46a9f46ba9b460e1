"""Apps art. 17 (and art. 4, the vehicle the platform registered): a driver who changes vehicle
within a month has each trip checked against the vehicle of the roster entry in force when the
trip started. The processing took each CPF's vehicle from its newest entry for the whole month: a
driver who drove a motorcycle until the 15th and a car after had none of his motorcycle trips
flagged, and one who changed from a car to a motorcycle had his car trips flagged too; a change of
car made every trip before it a ``plate_mismatch``."""

from __future__ import annotations

import datetime as dt

import pytest
from tripdata_factories import processed

from outorga.core.tenancy import tenant
from outorga.platforms.models import PlatformDriver
from outorga.tripdata.models import ValidationCount

pytestmark = pytest.mark.django_db

CPF = "52998224725"  # the world's driver with the car QBD1A23, enabled since January
HEAD = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
HEAD += "retention_cents\n"
ROW = "{day},52998224725,{plate},2026-10-{day}T10:00:00-04:00,2026-10-{day}T10:10:00-04:00,"
ROW += "3000,600,1500,300\n"
CHANGE = dt.datetime(2026, 10, 15, 12, tzinfo=dt.UTC)


def _change_vehicle(world, plate: str, kind: str, *, first: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """The driver's entry disabled on 15/10 and a new one enabled an hour later with another
    vehicle (the platform's way to change a driver's vehicle); ``first``: the first entry's kind."""
    with tenant(world.m):
        old = PlatformDriver.objects.get(platform=world.platform, cpf=CPF)
        if first is not None:
            old.vehicle_kind = first
        old.status, old.disabled_at = PlatformDriver.Status.DISABLED, CHANGE
        old.save()
        new = PlatformDriver.objects.get(pk=old.pk)
        new.pk = None
        new.vehicle_plate, new.vehicle_kind = plate, kind
        new.status, new.enabled_at, new.disabled_at = (
            "enabled",
            CHANGE + dt.timedelta(hours=1),
            None,
        )
        new.save()


def _report(world, rows):  # type: ignore[no-untyped-def]
    body = (HEAD + "".join(ROW.format(day=d, plate=p) for d, p in rows)).encode()
    upload = processed(world.upload(body).json()["id"])
    assert upload.status == "done", upload.error
    with tenant(world.m):
        return {
            v.kind: sorted(s["trip_id"] for s in v.samples)
            for v in ValidationCount.objects.filter(upload=upload)
            if v.count
        }


def test_art_17_the_motorcycle_trips_before_a_change_to_a_car_are_flagged(world):
    _change_vehicle(world, "QBD1A23", "car", first="motorcycle")
    assert _report(world, [("10", "QBD1A23"), ("14", "QBD1A23"), ("20", "QBD1A23")]) == {
        "two_wheeler": ["10", "14"]
    }


def test_art_17_the_car_trips_before_a_change_to_a_motorcycle_are_not_flagged(world):
    _change_vehicle(world, "MOT1B23", "motorcycle")
    assert _report(world, [("10", "QBD1A23"), ("20", "MOT1B23"), ("28", "MOT1B23")]) == {
        "two_wheeler": ["20", "28"]
    }


def test_art_4_each_trip_is_compared_with_the_plate_of_the_car_it_was_made_in(world):
    _change_vehicle(world, "RTE0B11", "car")
    rows = [("10", "QBD1A23"), ("20", "RTE0B11"), ("21", "QBD1A23"), ("12", "RTE0B11")]
    assert _report(world, rows) == {"plate_mismatch": ["12", "21"]}
