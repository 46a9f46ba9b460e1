"""A fact missing from the record is never assumed: the rule it feeds is not met, and the reason
says what is missing with the article (mototaxi art. 5 I; taxi art. 27, 28 III)."""

import datetime as dt
from typing import Any

from outorga.law.citations import cite
from outorga.law.decisions import Decision
from outorga.law.questions import ask

MOTO = "ipatinga.mototaxi-2013"
AS_OF = dt.date(2024, 6, 10)
DOCS = ("rg", "military_clearance", "electoral_clearance", "photos", "residence_proof",
        "criminal_certificates", "cpf")  # fmt: skip

PERSON: dict[str, Any] = {
    "role": "permissionario",
    "service": "mototaxi",
    "birth_date": "1990-05-01",
    "cnh_category_a_since": "2015-01-01",
    "course_approved": True,
    "safety_gear": True,
    "documents": dict.fromkeys(DOCS, True),
    "medical_certificate": {"issued_on": "2024-01-15"},
}
CAR: dict[str, Any] = {
    "occasion": "cadastramento",
    "category": "convencional",
    "kind": "automovel",
    "colour": "prata",
    "doors": 5,
    "capacity": 5,
    "registered_municipality_ibge": "3131307",
    "licensed": True,
    "manufacture_year": 2022,
    "taximeter_approved_by": "INMETRO",
    "roof_sign_taxi": True,
    "ctb_equipment_ok": True,
    "inspection": {"approved": True, "accredited_inmetro": True},
}


def refused_rules(d: Decision) -> dict[str, str]:
    return {r.rule.rsplit(".", 1)[-1]: r.message for r in d.refusals}


def test_art_5_i_a_person_without_birth_date_is_refused_citing_art_5_i(ipatinga):
    d = ask("mototaxi.person_eligibility", ipatinga(AS_OF), {**PERSON, "birth_date": None})
    assert d.outcome["eligible"] is False
    (r,) = d.refusals
    assert r.rule.endswith("art_5_i_minimum_age")
    assert r.citations == (cite(MOTO, 5, inc="I"),)
    assert "Data de nascimento não informada" in r.message and "21 anos" in r.message


def test_art_5_i_with_a_birth_date_the_age_is_still_judged(ipatinga):
    d = ask("mototaxi.person_eligibility", ipatinga(AS_OF), {**PERSON, "birth_date": "2003-06-10"})
    assert d.outcome["eligible"] is True


def test_art_27_a_car_without_doors_on_record_is_refused_as_not_informed(ipatinga):
    facts = {k: v for k, v in CAR.items() if k != "doors"}
    d = ask("taxi.vehicle_eligibility", ipatinga(dt.date(2024, 3, 1)), facts)
    assert d.outcome["eligible"] is False
    rules = refused_rules(d)
    assert set(rules) == {"art_27_five_doors"}
    assert "portas não informado" in rules["art_27_five_doors"]
    assert {c.compact() for r in d.refusals for c in r.citations} == {"ipatinga.taxi-2017 art. 27"}


def test_art_28_iii_a_car_without_seats_on_record_is_refused_as_not_informed(ipatinga):
    d = ask("taxi.vehicle_eligibility", ipatinga(dt.date(2024, 3, 1)), {**CAR, "capacity": None})
    assert d.outcome["eligible"] is False
    rules = refused_rules(d)
    # Art. 2's ceiling is not asked of an unknown capacity; art. 28 III says it is missing.
    assert set(rules) == {"art_28_iii_capacity"}
    assert "não informada" in rules["art_28_iii_capacity"]


def test_art_27_28_iii_one_door_and_one_seat_are_still_refused_by_value(ipatinga):
    d = ask("taxi.vehicle_eligibility", ipatinga(dt.date(2024, 3, 1)), {**CAR, "doors": 1})
    assert "1 portas" in refused_rules(d)["art_27_five_doors"]
