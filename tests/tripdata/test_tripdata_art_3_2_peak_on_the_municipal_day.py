"""Apps art. 3 §2 with D-9 (b), D-15 and D-16: the month's peak of concurrent drivers is judged on
the day it happened on the municipality's clock. The processing gave the law core the peak's
instant in UTC, so a peak in the evening in Barra do Garças (UTC−4) was judged on the next day's
date — by the cap, suspension or adaptation period of a day it did not happen on."""

from __future__ import annotations

import datetime as dt

import pytest
from tripdata_factories import processed

from outorga.core.models import RuleSuspension
from outorga.core.tenancy import tenant
from outorga.tripdata.models import PlatformMonth

pytestmark = pytest.mark.django_db


def sessions(n: int, start: str, end: str) -> bytes:
    lines = ["driver_cpf,start_time,end_time"]
    lines += [f"{10000000000 + i},{start},{end}" for i in range(n)]
    return ("\n".join(lines) + "\n").encode()


def test_art_3_2_d15_an_evening_peak_is_judged_on_its_local_day_not_the_utc_one(world):
    """The cap suspended by a court from 11/10/2026 (D-16): 51 drivers online at 21:00 of 10/10
    in Barra do Garças (01:00 UTC of 11/10) were over the cap in force that day — a candidate."""
    with tenant(world.m):
        RuleSuspension.objects.create(
            rule="apps.art3.driver_cap_platform",
            start=dt.date(2026, 10, 11),
            reference="Processo de exemplo 0002/2026",
        )
    body = sessions(51, "2026-10-10T21:00:00-04:00", "2026-10-10T22:00:00-04:00")
    upload = processed(world.upload(body, name="s.csv", kind="sessions").json()["id"])
    assert upload.status == "done", upload.error
    with tenant(world.m):
        pm = PlatformMonth.objects.get(platform=world.platform)
    assert pm.peak == 51
    assert pm.decision["reasons"][0]["verdict"] == "refused"
    assert pm.candidate is True
