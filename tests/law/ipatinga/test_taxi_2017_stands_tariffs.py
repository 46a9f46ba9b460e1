"""Art. 33–36 (stands), art. 37–39 (tariffs by decree, fare calculator) and art. 40 (fees)."""

import dataclasses
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

ON = dt.date(2024, 3, 1)  # a Friday


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


# --- art. 33–36: stands --------------------------------------------------------------------------------

STAND = {
    "place": "ponto",
    "category": "convencional",
    "permit_vehicle": True,
    "stand": {"categories": ["convencional"], "max_vehicles": 4, "occupied": 3},
}


def stand(ipatinga, **changes):
    return ask("taxi.stand_parking", ipatinga(ON), {**STAND, **changes})


def test_art_34_sole_paragraph_holder_parks_at_a_stand_with_room(ipatinga):
    assert stand(ipatinga).outcome == {"may_park": True}


def test_art_33_full_stand_is_refused(ipatinga):
    d = stand(ipatinga, stand={"categories": [], "max_vehicles": 4, "occupied": 4})
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 33"}


def test_art_33_stand_of_another_category_is_refused(ipatinga):
    d = stand(ipatinga, category="executivo")
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 33",
        "ipatinga.taxi-2017 art. 34, §único",
    }


def test_art_34_stand_is_exclusive_to_permit_vehicles(ipatinga):
    d = stand(ipatinga, permit_vehicle=False)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 34"}


def test_art_35_support_point_follows_the_same_limits(ipatinga):
    d = stand(ipatinga, place="ponto_apoio")
    assert d.outcome["may_park"] is True
    assert "ipatinga.taxi-2017 art. 35" in {c.compact() for c in d.citations}


@pytest.mark.parametrize(
    "on",
    ["2024-03-02", "2024-08-15", "2024-11-15"],
    ids=["saturday", "municipal-holiday", "national-holiday"],
)
def test_art_36_other_place_authorized_on_weekend_or_holiday(ipatinga, on):
    d = ask(
        "taxi.stand_parking",
        ipatinga(ON),
        {
            "place": "outro_local",
            "category": "convencional",
            "permit_vehicle": True,
            "on": on,
            "authorized": True,
        },
    )
    assert d.outcome["may_park"] is True


def test_art_36_other_place_on_a_working_day_without_event_is_refused(ipatinga):
    d = ask(
        "taxi.stand_parking",
        ipatinga(ON),
        {
            "place": "outro_local",
            "category": "convencional",
            "permit_vehicle": True,
            "on": "2024-03-01",
            "authorized": True,
        },
    )
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 36"}


def test_art_36_other_place_during_an_event_needs_authorization(ipatinga):
    base = {
        "place": "outro_local",
        "category": "convencional",
        "permit_vehicle": True,
        "on": "2024-03-01",
        "event": True,
    }
    assert (
        ask("taxi.stand_parking", ipatinga(ON), {**base, "authorized": True}).outcome["may_park"]
        is True
    )
    refused = ask("taxi.stand_parking", ipatinga(ON), {**base, "authorized": False})
    assert refusal_citations(refused) == {"ipatinga.taxi-2017 art. 36"}


# --- art. 37–39: fares -----------------------------------------------------------------------------------

TRIP = {
    "category": "convencional",
    "km_band_1": 3.2,
    "km_band_2": 1.5,
    "waiting_minutes": 7,
    "baggage_items": 2,
}


def fare(ctx, **changes):
    return ask("taxi.fare", ctx, {**TRIP, **changes})


def test_art_39_fare_adds_the_five_components(ipatinga):
    d = fare(ipatinga(ON))
    # example tariff: 5,50 + 3,2 × 3,00 + 1,5 × 3,60 + 7/60 × 30,00 + 2 × 2,00
    assert d.outcome["parts_cents"] == {
        "flag_fall": 550,
        "km_band_1": 960,
        "km_band_2": 540,
        "waiting_hour": 350,
        "baggage": 400,
    }
    assert d.outcome["total_cents"] == 2_800
    assert {f"ipatinga.taxi-2017 art. 39, {i}" for i in ("I", "II", "III", "IV", "V")} <= {
        c.compact() for c in d.citations
    }


def test_art_37_tariffs_are_example_values_until_the_decree(ipatinga):
    d = fare(ipatinga(ON))
    assert d.outcome["example_tariff"] is True
    assert all(p.example for r in d.reasons for p in r.parameters)
    assert "exemplo" in d.summary


def test_art_39_tariff_is_per_category(ipatinga):
    assert fare(ipatinga(ON), category="executivo").outcome["total_cents"] != 2_800


def test_art_39_par_1_guide_dog_costs_nothing(ipatinga):
    d = fare(ipatinga(ON), guide_dog=True)
    assert d.outcome["total_cents"] == 2_800
    assert "ipatinga.taxi-2017 art. 39, §1" in {c.compact() for c in d.citations}


def test_art_39_par_2_mobility_equipment_is_not_charged_as_baggage(ipatinga):
    d = fare(ipatinga(ON), mobility_equipment_items=2)
    assert d.outcome["total_cents"] == 2_800
    assert "ipatinga.taxi-2017 art. 39, §2" in {c.compact() for c in d.citations}


def test_art_39_km_fractions_round_half_up_to_the_cent(ipatinga):
    d = fare(ipatinga(ON), km_band_1=0.333, km_band_2=0, waiting_minutes=0, baggage_items=0)
    assert d.outcome["parts_cents"]["km_band_1"] == 100  # 99,9 centavos


def test_art_41_par_2_iii_charging_above_the_tariff_is_refused(ipatinga):
    assert not fare(ipatinga(ON), charged_cents=2_800).refusals
    d = fare(ipatinga(ON), charged_cents=2_801)
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 2, §único",
        "ipatinga.taxi-2017 art. 41, §2, III",
    }


def test_d_15_decree_value_applies_from_its_date():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.tariff_convencional_flag_fall": (
                DatedValue(dt.date(2025, 1, 1), 600, source="municipality"),
            )
        },
    )
    ctx = Context(facts, dt.date(2025, 6, 1))
    before = fare(ctx, trip_date="2024-12-31")
    after = fare(ctx, trip_date="2025-01-01")
    assert before.outcome["parts_cents"]["flag_fall"] == 550
    assert after.outcome["parts_cents"]["flag_fall"] == 600


@given(
    km1=st.decimals(0, 200, places=3),
    km2=st.decimals(0, 200, places=3),
    minutes=st.integers(0, 600),
    bags=st.integers(0, 6),
)
def test_art_39_property_fare_is_the_sum_of_its_parts_and_never_negative(km1, km2, minutes, bags):
    d = fare(
        Context(IPATINGA, ON),
        km_band_1=float(km1),
        km_band_2=float(km2),
        waiting_minutes=minutes,
        baggage_items=bags,
    )
    assert d.outcome["total_cents"] == sum(d.outcome["parts_cents"].values()) >= 550


# --- art. 40: fees -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("inciso", ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"])
def test_art_40_fee_amount_is_municipal_data_without_default(ipatinga, inciso):
    d = ask("taxi.fee", ipatinga(ON), {"fee": inciso})
    assert d.outcome["amount_cents"] is None
    assert d.reasons[0].verdict is Verdict.PENDING
    assert d.reasons[0].citations[0].compact() == f"ipatinga.taxi-2017 art. 40, {inciso}"


def test_art_40_viii_inspection_fee_set_by_the_municipality():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.fee_inspection": (
                DatedValue(dt.date(2024, 1, 1), 12_345, source="municipality"),
            )
        },
    )
    d = ask("taxi.fee", Context(facts, ON), {"fee": "VIII"})
    assert d.outcome["amount_cents"] == 12_345
    early = ask("taxi.fee", Context(facts, ON), {"fee": "VIII", "on": "2023-12-31"})
    assert early.outcome["amount_cents"] is None
