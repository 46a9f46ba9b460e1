"""Apps art. 17 (and art. 4, the vehicle the platform registered): a month's trips are checked
against the vehicle of the driver's roster entries that were enabled. The processing took each
CPF's plate and vehicle kind from its newest roster entry, even one the law refused: a driver
disabled mid-month whose re-registration with a motorcycle was refused had the trips he made in
his car, while enabled, flagged as made on a banned two-wheeler and with another plate."""

from __future__ import annotations

import datetime as dt

import pytest
from tripdata_factories import processed

from outorga.core.tenancy import tenant
from outorga.platforms.models import PlatformDriver
from outorga.tripdata.models import ValidationCount

pytestmark = pytest.mark.django_db

CPF = "52998224725"
TRIPS = (
    b"trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,"
    b"fare_cents,retention_cents\n"
    b"C1,52998224725,QBD1A23,2026-10-10T10:00:00-04:00,2026-10-10T10:10:00-04:00,"
    b"3000,600,1500,300\n"
)


def _refused_motorcycle(car: PlatformDriver) -> PlatformDriver:
    """The platform's registration of the driver of ``car`` with a motorcycle: refused (art. 17),
    never enabled."""
    refused = PlatformDriver.objects.get(pk=car.pk)
    refused.pk = None
    refused.vehicle_plate, refused.vehicle_kind = "MOT9Z99", "motorcycle"
    refused.status, refused.enabled_at, refused.disabled_at = "refused", None, None
    refused.save()
    return refused


def _counts(world, trips: bytes) -> dict[str, int]:  # type: ignore[no-untyped-def]
    upload = processed(world.upload(trips).json()["id"])
    assert upload.status == "done", upload.error
    with tenant(world.m):
        return {v.kind: v.count for v in ValidationCount.objects.filter(upload=upload) if v.count}


def test_art_17_a_refused_registration_is_not_the_vehicle_the_trips_were_made_in(world):
    with tenant(world.m):
        car = PlatformDriver.objects.get(platform=world.platform, cpf=CPF)
        car.status = PlatformDriver.Status.DISABLED
        car.disabled_at = dt.datetime(2026, 10, 15, 12, tzinfo=dt.UTC)
        car.save()
        # The platform tried again on 20/10 with a motorcycle.
        _refused_motorcycle(car)
    assert _counts(world, TRIPS) == {}


def test_art_17_a_refused_registration_before_the_enabled_one_is_not_the_vehicle_either(world):
    """The motorcycle refused on 01/10, the car enabled on 05/10: a trip of 03/10 was made while
    the driver was not enabled, not on the motorcycle the law kept off the roster."""
    with tenant(world.m):
        car = PlatformDriver.objects.get(platform=world.platform, cpf=CPF)
        car.enabled_at = dt.datetime(2026, 10, 5, 12, tzinfo=dt.UTC)
        car.save()
        refused = _refused_motorcycle(car)
        # Registered before the car's entry (the roster is read in the order of registration).
        PlatformDriver.objects.filter(pk=refused.pk).update(
            created_at=dt.datetime(2026, 10, 1, 12, tzinfo=dt.UTC)
        )
        PlatformDriver.objects.filter(pk=car.pk).update(
            created_at=dt.datetime(2026, 10, 5, 12, tzinfo=dt.UTC)
        )
    assert _counts(world, TRIPS.replace(b"2026-10-10", b"2026-10-03")) == {"driver_not_enabled": 1}
