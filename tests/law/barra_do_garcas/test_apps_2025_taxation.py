"""Art. 18–21: ISSQN of the platform and of the drivers, withheld by the platform (D-14)."""

import dataclasses
import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context
from outorga.law.decisions import Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
RATES_FROM = dt.date(2025, 6, 1)


def muni(**rates):
    overrides = {
        f"apps_2025.issqn_rate_{regime}": tuple(
            DatedValue(d, v, source="municipality") for d, v in values
        )
        for regime, values in rates.items()
    }
    return dataclasses.replace(BARRA_DO_GARCAS, overrides=overrides)


TEST_RATES = muni(
    geral=[(RATES_FROM, "0.05")],
    mei=[(RATES_FROM, "0.02")],
    autonomo=[(RATES_FROM, "0.03")],
)


def statement(ctx, **facts):
    base = {"year": 2025, "month": 9, "intermediation_revenue_cents": 0, "drivers": []}
    return ask("apps.issqn_statement", ctx, {**base, **facts})


def test_art_19_platform_iss_is_rate_times_gross_intermediation_revenue():
    d = statement(
        Context(TEST_RATES, dt.date(2025, 10, 10)), intermediation_revenue_cents=1_000_000
    )
    assert d.outcome["platform_iss_cents"] == 50_000
    (r,) = [r for r in d.reasons if r.rule == "apps.art19.platform_iss"]
    assert {c.compact() for c in r.citations} >= {
        f"{LAW} art. 19, §1",
        "outorga.decisions art. D-14",
    }
    assert r.parameters[0].value == "0.05"


def test_art_20_driver_iss_is_rate_times_gross_minus_platform_retention():
    drivers = [
        {
            "driver": "m1",
            "regime": "mei",
            "gross_trip_revenue_cents": 500_000,
            "platform_retention_cents": 125_000,
        },
        {
            "driver": "m2",
            "regime": "autonomo",
            "gross_trip_revenue_cents": 200_000,
            "platform_retention_cents": 50_000,
        },
    ]
    d = statement(
        Context(TEST_RATES, dt.date(2025, 10, 10)),
        intermediation_revenue_cents=175_000,
        drivers=drivers,
    )
    assert [line["iss_cents"] for line in d.outcome["drivers"]] == [7_500, 4_500]
    assert d.outcome["withheld_cents"] == 12_000
    assert d.outcome["platform_iss_cents"] == 8_750
    assert d.outcome["total_cents"] == 20_750
    assert d.outcome["complete"] is True


def test_d14_rounding_is_half_up_per_driver_per_month():
    # 0.02 × 7 525 = 150.5 → 151 for each MEI driver: 302, not 0.02 × 15 050 = 301.
    line = {
        "regime": "mei",
        "gross_trip_revenue_cents": 10_000,
        "platform_retention_cents": 2_475,
    }
    drivers = [{"driver": "a", **line}, {"driver": "b", **line}]
    d = statement(Context(TEST_RATES, dt.date(2025, 10, 10)), drivers=drivers)
    assert d.outcome["withheld_cents"] == 302


def test_d14_rate_is_the_one_in_force_on_the_last_day_of_the_month():
    ctx_muni = muni(geral=[(RATES_FROM, "0.05"), (dt.date(2026, 1, 1), "0.04")])
    dec = statement(
        Context(ctx_muni, dt.date(2026, 2, 1)),
        year=2025,
        month=12,
        intermediation_revenue_cents=100_000,
    )
    jan = statement(
        Context(ctx_muni, dt.date(2026, 2, 1)),
        year=2026,
        month=1,
        intermediation_revenue_cents=100_000,
    )
    assert dec.outcome["platform_iss_cents"] == 5_000
    assert jan.outcome["platform_iss_cents"] == 4_000


def test_d14_missing_municipal_rate_leaves_the_statement_incomplete_never_invented(barra):
    # The shipped MEI rate is null: the municipality must record it.
    drivers = [
        {
            "driver": "m1",
            "regime": "mei",
            "gross_trip_revenue_cents": 1_000,
            "platform_retention_cents": 0,
        }
    ]
    d = statement(barra(dt.date(2025, 10, 10)), intermediation_revenue_cents=1_000, drivers=drivers)
    assert d.outcome["complete"] is False
    assert d.outcome["total_cents"] is None
    assert any(
        r.verdict is Verdict.PENDING and r.rule == "apps.art20.driver_iss" for r in d.reasons
    )


def test_d14_shipped_platform_rate_is_marked_as_an_example(barra):
    d = statement(barra(dt.date(2025, 10, 10)), intermediation_revenue_cents=1_000)
    (r,) = [r for r in d.reasons if r.rule == "apps.art19.platform_iss"]
    assert r.parameters[0].example is True


def test_art_20_retention_larger_than_revenue_is_refused():
    drivers = [
        {
            "driver": "m1",
            "regime": "autonomo",
            "gross_trip_revenue_cents": 100,
            "platform_retention_cents": 101,
        }
    ]
    d = statement(Context(TEST_RATES, dt.date(2025, 10, 10)), drivers=drivers)
    assert d.outcome["complete"] is False
    assert {c.compact() for r in d.refusals for c in r.citations} >= {f"{LAW} art. 20, §1"}


def test_art_20_a_driver_in_the_general_regime_is_not_taxed_as_the_law_names_none():
    """Art. 20 subjects drivers to the ISSQN "na qualidade de MEi (microempreendedor individual) ou
    Profissional Autônomo Pessoa Física": the general regime is the platform's own (art. 19). A
    driver line stored as "geral" is still read, but no rate is applied to it: the statement is
    incomplete and says why, citing art. 20."""
    drivers = [
        {
            "driver": "m1",
            "regime": "geral",
            "gross_trip_revenue_cents": 10_000,
            "platform_retention_cents": 2_500,
        },
        {
            "driver": "m2",
            "regime": "mei",
            "gross_trip_revenue_cents": 10_000,
            "platform_retention_cents": 2_500,
        },
    ]
    d = statement(Context(TEST_RATES, dt.date(2025, 10, 10)), drivers=drivers)
    assert d.outcome["complete"] is False and d.outcome["total_cents"] is None
    assert [line["iss_cents"] for line in d.outcome["drivers"]] == [None, 150]
    (refusal,) = d.refusals
    assert refusal.rule == "apps.art20.driver_regime"
    assert {c.compact() for c in refusal.citations} == {f"{LAW} art. 20"}
    assert "MEI" in refusal.message and "Profissional Autônomo Pessoa Física" in refusal.message


def test_art_20_the_driver_regimes_are_the_two_the_law_names():
    from outorga.law.barra_do_garcas.apps_2025.taxation import DRIVER_REGIMES, PLATFORM_REGIMES

    assert DRIVER_REGIMES == ("mei", "autonomo")
    assert PLATFORM_REGIMES == ("geral",)


def test_art_29_month_before_the_law_is_not_taxed_under_it(barra):
    d = statement(barra(dt.date(2025, 6, 1)), year=2025, month=4)
    assert d.outcome == {"complete": False}


@given(
    st.lists(st.tuples(st.integers(0, 10**9), st.integers(0, 10**9)), max_size=20),
)
def test_d14_withheld_total_is_the_sum_of_each_drivers_rounded_iss(pairs):
    drivers = [
        {
            "driver": f"m{i}",
            "regime": "autonomo",
            "gross_trip_revenue_cents": max(a, b),
            "platform_retention_cents": min(a, b),
        }
        for i, (a, b) in enumerate(pairs)
    ]
    d = statement(Context(TEST_RATES, dt.date(2025, 10, 10)), drivers=drivers)
    lines = d.outcome["drivers"]
    assert d.outcome["withheld_cents"] == sum(line["iss_cents"] for line in lines)
    for line in lines:
        exact = line["base_cents"] * 3  # in hundredths of a cent (3 %)
        assert abs(line["iss_cents"] * 100 - exact) <= 50
