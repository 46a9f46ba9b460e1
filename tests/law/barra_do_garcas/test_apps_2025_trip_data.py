"""What the trip-data pipeline asks the rulebook: art. 7 fare maxima, art. 17 two-wheelers."""

import dataclasses
import datetime as dt
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.barra_do_garcas.apps_2025 import trip_data
from outorga.law.context import Context, RuleSuspension
from outorga.law.decisions import Verdict
from outorga.law.parameters import DatedValue

ON = dt.date(2026, 10, 31)
LIMITS_FROM = dt.date(2026, 1, 1)


def with_limits(**extra):
    overrides = {
        f"apps_2025.{name}": (DatedValue(LIMITS_FROM, value, source="municipality"),)
        for name, value in {
            "fare_max_base_fare_cents": 500,
            "fare_max_per_km_cents": 200,
            "fare_max_per_minute_cents": 50,
        }.items()
    }
    return dataclasses.replace(BARRA_DO_GARCAS, overrides=overrides, **extra)


def test_art_7_without_the_executives_maxima_trips_are_not_compared():
    limits, why = trip_data.trip_fare_limits(Context(BARRA_DO_GARCAS, ON))
    assert limits is None and why.verdict is Verdict.PENDING
    assert "art. 7" in why.citations[0].render()


def test_art_7_maxima_in_force_are_given_with_their_parameters():
    limits, why = trip_data.trip_fare_limits(Context(with_limits(), ON))
    assert limits == trip_data.TripFareLimits(500, 200, 50, limits.parameters)
    assert why.verdict is Verdict.INFO and len(why.parameters) == 3


def test_art_7_maxima_suspended_by_a_court_are_not_applied():
    suspension = RuleSuspension("apps.art7.fare_limits", dt.date(2026, 3, 1), None, "TJMT, teste")
    limits, why = trip_data.trip_fare_limits(Context(with_limits(suspensions=(suspension,)), ON))
    assert limits is None and why.verdict is Verdict.SUSPENDED


@given(
    distance=st.integers(min_value=0, max_value=200_000),
    duration=st.integers(min_value=0, max_value=4 * 3600),
    extras=st.integers(min_value=0, max_value=5_000),
)
def test_the_engines_ceiling_formula_equals_the_rulebooks(distance, duration, extras):
    """The SQL in tripdata.engine: floor(base + km × m/1000 + min × s/60 + extras + 0.5)."""
    limits, _ = trip_data.trip_fare_limits(Context(with_limits(), ON))
    assert limits is not None
    engine_value = int(
        (
            limits.base_fare_cents
            + Fraction(limits.per_km_cents * distance, 1000)
            + Fraction(limits.per_minute_cents * duration, 60)
            + extras
            + Fraction(1, 2)
        )
        // 1
    )
    assert trip_data.ceiling_of(limits, distance, duration, extras) == engine_value


def test_art_17_a_motorcycle_is_banned_and_a_car_is_not():
    ctx = Context(BARRA_DO_GARCAS, ON)
    assert trip_data.vehicle_banned(ctx, "motocicleta").verdict is Verdict.REFUSED
    assert trip_data.vehicle_banned(ctx, "automovel").verdict is Verdict.OK
    assert trip_data.vehicle_banned(ctx, "outro", 2).verdict is Verdict.REFUSED
