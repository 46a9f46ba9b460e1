"""Art. 7 (with art. 5 and D-15): a fare table applies to trips from the day it is published at the
earliest — a fare is informed to the user before the trip (art. 5), so a table can govern no trip
already made. Published with a past ``valid_from``, it is judged by the executive's limits in force
on the day it starts to apply, not by limits the executive has since lowered."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import fare_limits, platform_actor

from outorga.platforms.models import FareTable
from outorga.platforms.services.fares import fare_table_publish

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 1)
LOWERED_ON = dt.date(2026, 11, 1)


def _limits(m, effective: dt.date, base: int) -> None:
    fare_limits(
        m,
        effective,
        fare_max_base_fare_cents=base,
        fare_max_per_km_cents=250,
        fare_max_per_minute_cents=50,
    )


def _publish(m, platform, valid_from: dt.date):
    return fare_table_publish(
        actor=platform_actor(),
        municipality=m,
        platform=platform,
        base_fare_cents=600,
        per_km_cents=200,
        per_minute_cents=40,
        extras=[],
        dynamic_max_percent=None,
        valid_from=valid_from,
        on=TODAY,
    )


def test_art_7_a_table_backdated_before_a_lowered_limit_is_judged_by_the_limit_in_force_now(
    barra_m, platform
):
    _limits(barra_m, dt.date(2025, 7, 1), base=700)
    _limits(barra_m, LOWERED_ON, base=500)  # the executive lowered the base fare's maximum
    table, decision = _publish(barra_m, platform, valid_from=dt.date(2026, 10, 1))
    assert table.status == FareTable.Status.REFUSED
    assert decision.as_of == TODAY
    assert any(
        r.verdict.value == "refused" and any("art. 7" in c.render() for c in r.citations)
        for r in decision.reasons
    )


def test_art_7_a_table_from_a_future_day_is_judged_by_the_limits_in_force_on_that_day(
    barra_m, platform
):
    _limits(barra_m, dt.date(2025, 7, 1), base=500)
    _limits(barra_m, dt.date(2027, 1, 1), base=700)  # raised from January on
    table, decision = _publish(barra_m, platform, valid_from=dt.date(2027, 1, 1))
    assert table.status == FareTable.Status.ACCEPTED
    assert decision.as_of == dt.date(2027, 1, 1)
