"""Badge (art. 2 VIII, 5 §4), stands (art. 17, 18, 21) and tariff readjustment (art. 45–46)."""

import datetime as dt

import pytest

from outorga.law.citations import Citation, cite
from outorga.law.decisions import Decision
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
AS_OF = dt.date(2024, 6, 10)
BADGE = ["foto", "nome_completo", "tipo_sanguineo", "fator_rh", "cnh",
         "numero_autorizacao_trafego", "placa"]  # fmt: skip


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


def test_art_2_viii_a_badge_with_every_field_is_complete(ipatinga):
    d = ask("mototaxi.badge", ipatinga(AS_OF), {"fields": BADGE})
    assert d.outcome == {"complete": True, "missing": []}
    assert cite(LAW, 5, 4) in d.citations


@pytest.mark.parametrize("field", BADGE)
def test_art_2_viii_a_badge_missing_a_field_is_refused(ipatinga, field):
    d = ask("mototaxi.badge", ipatinga(AS_OF), {"fields": [f for f in BADGE if f != field]})
    assert d.outcome == {"complete": False, "missing": [field]}
    assert refused(d) == {cite(LAW, 2, inc="VIII"), cite(LAW, 5, 4)}


STAND = {"by_decree": True, "places": 5, "occupied": 5, "at": [], "near": [], "signposted": True}


def test_art_17_a_stand_by_decree_within_its_places_is_valid(ipatinga):
    d = ask("mototaxi.stand", ipatinga(AS_OF), STAND)
    assert d.outcome["valid"] is True
    assert "chefe_executivo" in d.reasons[-1].facts["competente"]


def test_art_17_a_stand_over_its_maximum_places_is_refused(ipatinga):
    d = ask("mototaxi.stand", ipatinga(AS_OF), STAND | {"occupied": 6})
    assert refused(d) == {cite(LAW, 17)}


def test_art_17_a_stand_not_set_by_decree_is_refused(ipatinga):
    assert refused(ask("mototaxi.stand", ipatinga(AS_OF), STAND | {"by_decree": False})) == {
        cite(LAW, 17)
    }


@pytest.mark.parametrize("stop", ["onibus", "taxi"])
def test_art_18_a_stand_at_a_bus_or_taxi_stop_is_refused(ipatinga, stop):
    d = ask("mototaxi.stand", ipatinga(AS_OF), STAND | {"at": [stop]})
    assert cite(LAW, 18) in refused(d)
    assert cite(LAW, 21) in refused(d)


def test_art_21_a_stand_near_an_emergency_stop_is_refused(ipatinga):
    d = ask("mototaxi.stand", ipatinga(AS_OF), STAND | {"near": ["emergencia"]})
    assert refused(d) == {cite(LAW, 21)}


def test_art_18_par2_an_unsignposted_stand_is_refused(ipatinga):
    d = ask("mototaxi.stand", ipatinga(AS_OF), STAND | {"signposted": False})
    assert refused(d) == {cite(LAW, 18, 2)}


def test_art_46_readjustment_follows_the_km_cost_variation(ipatinga):
    facts = {
        "service": "mototaxi",
        "km_cost_before": "1.00",
        "km_cost_now": "1.10",
        "categories": {"urbana": {"current_cents": 500}},
    }
    d = ask("mototaxi.tariff_readjustment", ipatinga(AS_OF), facts)
    assert d.outcome["readjusted_cents"] == {"urbana": 550}
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    assert cite(LAW, 46) in d.citations
    assert cite(LAW, 45) in d.citations


def test_art_46_readjustment_rounds_half_up_to_the_cent(ipatinga):
    # 333 × 1.0015 = 333.4995 → 333; 335 × 1.0015 = 335.50… → 336
    facts = {
        "service": "mototaxi",
        "km_cost_before": "2.0000",
        "km_cost_now": "2.0030",
        "categories": {"urbana": {"current_cents": 333}, "noturna": {"current_cents": 335}},
    }
    d = ask("mototaxi.tariff_readjustment", ipatinga(AS_OF), facts)
    assert d.outcome["readjusted_cents"] == {"urbana": 333, "noturna": 336}


def test_art_46_sole_readjustment_may_differ_per_category(ipatinga):
    facts = {
        "service": "motofrete",
        "km_cost_before": "1.00",
        "km_cost_now": "1.10",
        "categories": {
            "urbana": {"current_cents": 1000},
            "extraurbana": {"current_cents": 1000, "km_cost_before": "1.00", "km_cost_now": "1.20"},
        },
    }
    d = ask("mototaxi.tariff_readjustment", ipatinga(AS_OF), facts)
    assert d.outcome["readjusted_cents"] == {"urbana": 1100, "extraurbana": 1200}
    assert cite(LAW, 46, "único") in d.citations


def test_art_45_current_tariffs_default_to_the_dated_example_parameters(ipatinga):
    facts = {"service": "mototaxi", "km_cost_before": "1.00", "km_cost_now": "1.00"}
    d = ask("mototaxi.tariff_readjustment", ipatinga(AS_OF), facts)
    assert set(d.outcome["readjusted_cents"]) == {
        "urbana",
        "extraurbana",
        "noturna",
        "domingo_feriado",
    }
    used = [p for r in d.reasons for p in r.parameters]
    assert used and all(p.example for p in used)
    assert d.outcome["readjusted_cents"]["urbana"] == used[0].value


def test_art_45_no_example_tariff_before_the_law(ipatinga):
    facts = {"service": "mototaxi", "km_cost_before": "1.00", "km_cost_now": "1.10"}
    with pytest.raises(ParameterMissing):
        ask("mototaxi.tariff_readjustment", ipatinga(dt.date(2013, 8, 26)), facts)


def test_art_46_a_zero_km_cost_is_rejected(ipatinga):
    facts = {"service": "mototaxi", "km_cost_before": "0.00", "km_cost_now": "1.10"}
    with pytest.raises(FactsInvalid):
        ask("mototaxi.tariff_readjustment", ipatinga(AS_OF), facts)
