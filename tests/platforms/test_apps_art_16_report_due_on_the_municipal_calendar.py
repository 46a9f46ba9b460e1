"""Art. 16 with D-8 and D-4: the report for October is due on the last business day of November
on the municipality's calendar. Monday 30/11/2026 a municipal holiday, the due date is Friday
27/11: a report sent that day is on time, one sent on the 30th (the day after the last business
day) is late — through the platform's API service, as its staff send it."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import make_platform, platform_actor

from outorga.core.models import CalendarDay
from outorga.core.tenancy import tenant
from outorga.platforms.services.reports import monthly_report_submit

pytestmark = pytest.mark.django_db


def _send(m, platform, on: dt.date):
    report, _ = monthly_report_submit(
        actor=platform_actor(),
        municipality=m,
        platform=platform,
        idempotency_key=f"k-{platform.pk}-{on}",
        body={"year": 2026, "month": 10, "intermediation_revenue_cents": 100, "drivers": []},
        on=on,
    )
    return report


def test_art_16_d_8_a_municipal_holiday_on_the_last_day_brings_the_due_date_back(barra_m, platform):
    with tenant(barra_m):
        CalendarDay.objects.create(
            date=dt.date(2026, 11, 30), kind=CalendarDay.Kind.HOLIDAY, description="teste"
        )
    on_time = _send(barra_m, platform, dt.date(2026, 11, 27))
    late = _send(barra_m, make_platform(barra_m, "Outra"), dt.date(2026, 11, 30))
    assert on_time.response["due"] == late.response["due"] == "2026-11-27"
    assert (on_time.status, late.status) == ("on_time", "late")
