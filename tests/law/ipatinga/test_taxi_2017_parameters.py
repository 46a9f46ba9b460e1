"""Every number the taxi law states is a dated parameter effective from the law's date, and matches
the text; values left to a decree or regulation are examples or null (D-10, D-15)."""

import datetime as dt
import importlib
import re
from pathlib import Path

import pytest

from outorga.law.ipatinga.taxi_2017 import LAW_DATE
from outorga.law.parameters import ParameterMissing, tree
from outorga.law.questions import registry

# The law texts sit beside the repository (../shared/laws), on a developer's machine and in CI.
LAW_TEXT = Path(__file__).resolve().parents[4] / "shared" / "laws" / "ipatinga-taxi-2017.txt"

#: parameter → (value, the words of the law that state it)
STATED = {
    "quota_ratio": (1200, "1 (um) veículo para cada 1.200 (um mil e duzentos) habitantes"),
    "vehicle_max_capacity": (7, "capacidade de até 07 (sete) passageiros"),
    "vehicle_min_capacity": (5, "capacidade mínima para 5 (cinco) e máxima de 7 (sete)"),
    "vehicle_colour": ("prata", "na cor prata"),
    "vehicle_doors": (5, "dotados de 5 (cinco) portas"),
    "vehicle_max_age_years": (7, "ter no máximo 7 (sete) anos de uso"),
    "max_permits_per_holder": (1, "apenas 1 (uma) permissão por pessoa"),
    "max_auxiliaries": (2, "até dois taxistas auxiliares"),
    "term_i_years": (10, "I - 10 (dez) anos"),
    "term_ii_years": (20, "II - 20 (vinte) anos"),
    "contrapartida_i_a_cents": (300_000, "R$ 3.000,00 (três mil reais)"),
    "contrapartida_i_a_max_instalments": (18, "dividido em até 18 (dezoito) vezes"),
    "contrapartida_i_b_cents": (400_000, "R$ 4.000,00 (quatro mil reais)"),
    "contrapartida_ii_a_cents": (600_000, "R$ 6.000,00 (seis mil reais)"),
    "contrapartida_ii_a_max_instalments": (36, "dividido em até 36 (trinta e seis) vezes"),
    "contrapartida_ii_b_cents": (900_000, "R$ 9.000,00 (nove mil reais)"),
    "criminal_certificate_max_age_days": (30, "prazo de 30 (trinta) dias anteriores"),
    "cnh_categories": (["B", "C", "D", "E"], "categorias B, C, D ou E"),
    "insurance_category": ("3", 'seguro obrigatório Categoria "3"'),
    "taximeter_certifiers": (["INMETRO", "IPEM-MG"], "emitido pelo INMETRO e/ou IPEM - MG"),
    "fine_leve_ufpi": (50, "no valor de 50 UFPI"),
    "fine_media_ufpi": (100, "no valor de 100 UFPI"),
    "fine_grave_ufpi": (150, "no valor de 150 UFPI"),
    "fine_gravissima_ufpi": (200, "no valor de 200 UFPI"),
    "points_window_months": (12, "período de 12 (doze) meses subsequentes"),
    "registration_suspension_max_days": (
        90,
        "IV - suspensão do cadastro de taxista, limitada a 90 (noventa) dias corridos",
    ),
    "permit_suspension_max_days": (
        90,
        "V - suspensão da permissão, limitada a 90 (noventa) dias corridos",
    ),
}
REGULATION_NULL = [
    "points_leve",
    "points_media",
    "points_grave",
    "points_gravissima",
    "procedure_defence_days",
    "procedure_appeal_days",
    "reserve_vehicle_max_days",
    "fee_permit_application",
    "fee_permit_renewal",
    "fee_registration",
    "fee_auxiliary_registration",
    "fee_registration_renewal",
    "fee_vehicle_replacement",
    "fee_duplicate_document",
    "fee_inspection",
]
# A fee's act may fix it in UFPI instead of reais (law.common.fees): no default either way.
REGULATION_NULL += [f"{n}_ufpi" for n in REGULATION_NULL if n.startswith("fee_")]


def taxi_parameters():
    return {n: p for n, p in tree().parameters.items() if n.startswith("taxi_2017.")}


def test_law_date_is_the_date_in_the_text():
    if not LAW_TEXT.exists():
        pytest.skip("texto da lei fora do repositório")
    assert "Ipatinga, 28 de setembro de 2017." in LAW_TEXT.read_text("utf-8")
    assert LAW_DATE == dt.date(2017, 9, 28)


def test_every_taxi_parameter_takes_effect_on_the_law_date():
    params = taxi_parameters()
    assert len(params) >= 60
    assert {p.values[0].effective for p in params.values()} == {LAW_DATE}


@pytest.mark.parametrize("name", sorted(STATED))
def test_stated_value_matches_the_law(name):
    value, words = STATED[name]
    p = tree()[f"taxi_2017.{name}"].at(LAW_DATE)
    assert p.value == value and p.example is False
    with pytest.raises(ParameterMissing):
        tree()[f"taxi_2017.{name}"].at(LAW_DATE - dt.timedelta(days=1))
    if LAW_TEXT.exists():
        text = re.sub(r"\s+", " ", LAW_TEXT.read_text("utf-8"))
        assert words in text


@pytest.mark.parametrize("name", REGULATION_NULL)
def test_regulation_value_has_no_default(name):
    with pytest.raises(ParameterMissing, match="regulamento"):
        tree()[f"taxi_2017.{name}"].at(dt.date(2024, 1, 1))


def test_tariffs_are_example_values_for_every_category_and_component():
    tariffs = {n: p for n, p in taxi_parameters().items() if ".tariff_" in n}
    assert len(tariffs) == 3 * 5
    assert all(p.at(dt.date(2024, 1, 1)).example for p in tariffs.values())


TAXI_QUESTIONS = {
    "taxi.auxiliary_registration",
    "taxi.registration_documents",
    "taxi.registration_renewal",
    "taxi.auxiliary_renewal",
    "taxi.penalty",
    "taxi.points",
    "taxi.suspension",
    "taxi.contrapartida",
    "taxi.person_eligibility",
    "taxi.permit_extinction",
    "taxi.permit_term",
    "taxi.permit_transfer",
    "taxi.quota",
    "taxi.stand_parking",
    "taxi.appeal_deadline",
    "taxi.fare",
    "taxi.fee",
    "taxi.vehicle_eligibility",
    "taxi.vehicle_change",
}


def test_the_rulebook_import_path_registers_every_taxi_question():
    importlib.import_module("outorga.law.ipatinga.taxi_2017")
    taxi = {qid: q for qid, q in registry().items() if q.law == "ipatinga.taxi-2017"}
    assert {q.to_json().get("legacy_id") for q in taxi.values()} >= TAXI_QUESTIONS
    assert all(qid == f"ipatinga.taxi-2017.{q.name}" for qid, q in taxi.items())
    assert all(q.title.endswith("?") for q in taxi.values())
