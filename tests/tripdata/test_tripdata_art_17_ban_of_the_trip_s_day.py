"""Apps art. 17 with D-15 and D-16: a month's trips on a two-wheeler are judged by the ban as it
stood on the day each started. The processing asked the law about the ban once, on the month's
last day: a court suspension of the ban from 20/10 (the TJMT's of March 2026 is one) left the
motorcycle trips of 01–19/10, made while the ban was in force, unflagged — and a suspension that
ended on 20/10 flagged the trips made while it held."""

from __future__ import annotations

import datetime as dt

import pytest
from tripdata_factories import processed

from outorga.core.models import RuleSuspension
from outorga.core.tenancy import tenant
from outorga.tripdata.models import ValidationCount

pytestmark = pytest.mark.django_db

HEAD = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
HEAD += "retention_cents\n"
# The world's motorcycle driver (39053344705, MOT0A12), enabled since January.
ROW = "{day},39053344705,MOT0A12,2026-10-{day}T10:00:00-04:00,2026-10-{day}T10:10:00-04:00,"
ROW += "3000,600,1500,300\n"


def _flagged(world, days):  # type: ignore[no-untyped-def]
    body = (HEAD + "".join(ROW.format(day=d) for d in days)).encode()
    upload = processed(world.upload(body).json()["id"])
    assert upload.status == "done", upload.error
    with tenant(world.m):
        found = ValidationCount.objects.filter(upload=upload, kind="two_wheeler").first()
    return sorted(s["trip_id"] for s in found.samples) if found and found.count else []


def test_art_17_d16_the_trips_before_a_court_suspension_of_the_ban_are_still_flagged(world):
    with tenant(world.m):
        RuleSuspension.objects.create(
            rule="apps.art17.two_wheeler_ban",
            start=dt.date(2026, 10, 20),
            reference="Processo de exemplo 0003/2026",
        )
    assert _flagged(world, ("10", "19", "20", "28")) == ["10", "19"]


def test_art_17_d16_the_trips_while_a_suspension_held_are_not_flagged(world):
    with tenant(world.m):
        RuleSuspension.objects.create(
            rule="apps.art17.two_wheeler_ban",
            start=dt.date(2026, 9, 1),
            end=dt.date(2026, 10, 19),
            reference="Processo de exemplo 0004/2026",
        )
    assert _flagged(world, ("10", "19", "20", "28")) == ["20", "28"]
