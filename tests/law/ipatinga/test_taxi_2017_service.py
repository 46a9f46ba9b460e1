"""Art. 2º–6º, 11, 12 (quota D-7, categories, exclusivity D-13) of the Ipatinga taxi law."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import IPATINGA
from outorga.law.context import Context, Population
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.taxi-2017"
ON = dt.date(2024, 3, 1)


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def with_populations(*pops: Population, on: dt.date) -> Context:
    return Context(dataclasses.replace(IPATINGA, populations=pops), on)


CENSUS_2010 = Population(239_468, 2010, dt.date(2011, 11, 16), "IBGE, Censo 2010 (teste)")
CENSUS_2022 = Population(227_731, 2022, dt.date(2023, 6, 28), "IBGE, Censo 2022")

# --- art. 3º §1–2, D-7: quota ------------------------------------------------------------------------


def test_art_3_par_1_quota_is_population_over_1200_floor(ipatinga):
    d = ask("taxi.quota", ipatinga(ON), {"active_permits": 188})
    assert d.outcome["quota"] == 227_731 // 1200 == 189
    assert d.outcome["may_grant"] is True
    assert d.outcome["available"] == 1
    assert not d.refusals


def test_art_3_par_1_quota_reached_blocks_a_new_grant(ipatinga):
    d = ask("taxi.quota", ipatinga(ON), {"active_permits": 189})
    assert d.outcome["may_grant"] is False
    assert {"ipatinga.taxi-2017 art. 3, §1", "outorga.decisions art. D-7"} <= refusal_citations(d)


@pytest.mark.parametrize(("population", "quota"), [(240_000, 200), (239_999, 199)])
def test_art_3_par_1_both_sides_of_a_multiple_of_1200(population, quota):
    ctx = with_populations(Population(population, 2022, dt.date(2020, 1, 1), "teste"), on=ON)
    d = ask("taxi.quota", ctx, {"active_permits": 0})
    assert d.outcome["quota"] == quota


def test_d_7_newest_ibge_figure_in_force_on_the_grant_date():
    ctx = with_populations(CENSUS_2010, CENSUS_2022, on=ON)
    before = ask("taxi.quota", ctx, {"active_permits": 195, "grant_date": "2023-06-27"})
    after = ask("taxi.quota", ctx, {"active_permits": 195, "grant_date": "2023-06-28"})
    assert before.outcome["quota"] == 199 and before.outcome["may_grant"] is True
    assert after.outcome["quota"] == 189 and after.outcome["may_grant"] is False


def test_d_7_lower_figure_keeps_existing_permits_and_only_blocks_new_ones():
    ctx = with_populations(CENSUS_2010, CENSUS_2022, on=ON)
    d = ask("taxi.quota", ctx, {"active_permits": 195})
    assert d.outcome["available"] == 0
    assert "as existentes continuam" in d.summary or any(
        "as existentes continuam" in r.message for r in d.reasons
    )


def test_art_3_par_2_quota_without_ibge_figure_is_pending(ipatinga):
    d = ask("taxi.quota", ipatinga(ON), {"active_permits": 0, "grant_date": "2020-01-01"})
    assert d.outcome is None
    assert d.reasons[0].verdict is Verdict.PENDING


def test_art_49_grant_before_the_law_is_not_judged_by_it():
    ctx = with_populations(CENSUS_2010, on=ON)
    before = ask("taxi.quota", ctx, {"active_permits": 0, "grant_date": "2017-09-27"})
    first_day = ask("taxi.quota", ctx, {"active_permits": 0, "grant_date": "2017-09-28"})
    assert "ipatinga.taxi-2017 art. 49" in refusal_citations(before)
    assert first_day.outcome["may_grant"] is True


# --- eligibility: art. 3º, 4º, 5º, 6º, 11, 12 -------------------------------------------------------

PERSON = {
    "holder_kind": "pessoa_fisica",
    "categories": ["convencional"],
    "awarded_in_tender": True,
    "domiciled_in_ipatinga": True,
}
COMPANY = {**PERSON, "holder_kind": "pessoa_juridica"}


def eligibility(ipatinga, **changes):
    return ask("taxi.person_eligibility", ipatinga(ON), {**PERSON, **changes})


def test_art_3_natural_person_awarded_in_tender_is_eligible(ipatinga):
    d = eligibility(ipatinga)
    assert d.outcome == {"eligible": True, "pending_checks": False}
    assert not d.refusals


def test_art_3_legal_person_awarded_in_tender_is_eligible(ipatinga):
    d = ask("taxi.person_eligibility", ipatinga(ON), COMPANY)
    assert d.outcome["eligible"] is True


def test_art_3_without_tender_is_refused(ipatinga):
    d = eligibility(ipatinga, awarded_in_tender=False)
    assert d.outcome["eligible"] is False
    assert "ipatinga.taxi-2017 art. 3" in refusal_citations(d)


def test_art_4_vii_natural_person_not_resident_is_refused(ipatinga):
    d = eligibility(ipatinga, domiciled_in_ipatinga=False)
    assert "ipatinga.taxi-2017 art. 4, VII" in refusal_citations(d)


def test_art_4_viii_company_without_seat_in_ipatinga_is_refused(ipatinga):
    d = ask("taxi.person_eligibility", ipatinga(ON), {**COMPANY, "domiciled_in_ipatinga": False})
    assert "ipatinga.taxi-2017 art. 4, VIII" in refusal_citations(d)


@pytest.mark.parametrize(
    ("category", "article"), [("convencional", "7"), ("especial", "8"), ("executivo", "9")]
)
def test_art_5_each_category_cites_its_article(ipatinga, category, article):
    d = eligibility(ipatinga, categories=[category])
    assert f"ipatinga.taxi-2017 art. {article}" in {c.compact() for c in d.citations}


def test_art_5_unknown_category_is_rejected_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        eligibility(ipatinga, categories=["luxo"])


def test_art_6_two_categories_are_refused(ipatinga):
    d = eligibility(ipatinga, categories=["convencional", "executivo"])
    assert "ipatinga.taxi-2017 art. 6" in refusal_citations(d)


def test_art_6_one_vehicle_passes_two_are_refused(ipatinga):
    assert not eligibility(ipatinga, vehicles=1).refusals
    assert "ipatinga.taxi-2017 art. 6" in refusal_citations(eligibility(ipatinga, vehicles=2))


def test_art_6_second_taxi_permission_is_refused(ipatinga):
    d = eligibility(ipatinga, other_permissions=[{"service": "taxi"}])
    rules = {r.rule for r in d.refusals}
    assert "taxi_2017.art_6_one_permission" in rules
    assert "taxi_2017.art_11_exclusivity" in rules


def _art_6_said(rule: str, overrides: dict, on: dt.date, **changes) -> str:  # type: ignore[no-untyped-def, type-arg]
    ctx = Context(dataclasses.replace(IPATINGA, overrides=overrides), on)
    d = ask("taxi.person_eligibility", ctx, {**PERSON, **changes})
    (said,) = [r for r in d.reasons if r.rule == f"taxi_2017.{rule}"]
    return f"{said.verdict.value}: {said.message}"


def test_art_6_the_vehicles_ok_says_the_limit_in_force_on_the_day():
    """Art. 6º limits the permission to the number of vehicles of the parameter of the day, never
    a "único" written in the text: a dated value (a test value, not the law's) changes what the
    OK says on the day it takes effect and not the day before."""
    from outorga.law.parameters import DatedValue

    law = _art_6_said("art_6_one_vehicle", {}, ON, vehicles=1)
    assert law == "ok: Um único veículo na permissão."
    two = {  # a test value, not the law's
        "taxi_2017.max_vehicles_per_permit": (
            DatedValue(dt.date(2024, 6, 1), 2, True, None, "municipality"),
        )
    }
    before = _art_6_said("art_6_one_vehicle", two, dt.date(2024, 5, 31), vehicles=2)
    assert before.startswith("refused: 2 veículos pedidos; a permissão é limitada a 1 veículo")
    after = _art_6_said("art_6_one_vehicle", two, dt.date(2024, 6, 1), vehicles=2)
    assert after == "ok: 2 veículos na permissão, no limite de 2."
    assert _art_6_said("art_6_one_vehicle", two, dt.date(2024, 6, 1), vehicles=1) == law
    over = _art_6_said("art_6_one_vehicle", two, dt.date(2024, 6, 1), vehicles=3)
    assert over == "refused: 3 veículos pedidos; a permissão é limitada a 2 veículos."


def test_art_6_the_permissions_ok_says_the_limit_in_force_on_the_day():
    """Art. 6º: "apenas 1 (uma) permissão por pessoa" — the OK says the holder's permissions
    against the limit of the day when he holds one already, never "não detém outra" while he does:
    a dated value (a test value, not the law's) changes it on the day it takes effect."""
    from outorga.law.parameters import DatedValue

    assert _art_6_said("art_6_one_permission", {}, ON) == "ok: Não detém outra permissão de táxi."
    two = {  # a test value, not the law's
        "taxi_2017.max_permits_per_holder": (
            DatedValue(dt.date(2024, 6, 1), 2, True, None, "municipality"),
        )
    }
    held = {"other_permissions": [{"service": "taxi"}]}
    before = _art_6_said("art_6_one_permission", two, dt.date(2024, 5, 31), **held)
    assert before == "refused: Já detém 1 permissão(ões) de táxi; a lei admite 1 por pessoa."
    after = _art_6_said("art_6_one_permission", two, dt.date(2024, 6, 1), **held)
    assert after == "ok: Detém 1 permissão(ões) de táxi; a lei admite 2 por pessoa."


def test_art_11_d_13_mototaxi_permission_in_the_municipality_is_refused(ipatinga):
    d = eligibility(ipatinga, other_permissions=[{"service": "mototaxi", "reference": "MT-12"}])
    assert {"ipatinga.taxi-2017 art. 11", "outorga.decisions art. D-13"} <= refusal_citations(d)
    assert "MT-12" in d.refusals[0].message


def test_art_11_outside_the_municipality_is_not_refused_but_art_22_ix_is_pending(ipatinga):
    d = eligibility(ipatinga, other_permissions=[{"service": "taxi", "in_municipality": False}])
    assert d.outcome == {"eligible": True, "pending_checks": True}
    pending = [r for r in d.reasons if r.verdict is Verdict.PENDING]
    assert pending[0].citations[0].compact() == "ipatinga.taxi-2017 art. 22, IX"


def test_art_11_company_partner_with_another_permission_is_refused(ipatinga):
    facts = {
        **COMPANY,
        "partners": [
            {"name": "Ana", "other_permissions": [{"service": "transporte_escolar"}]},
            {"name": "Bruno"},
        ],
    }
    d = ask("taxi.person_eligibility", ipatinga(ON), facts)
    assert d.outcome["eligible"] is False
    assert [r.facts["pessoa"] for r in d.refusals] == ["Sócio Ana"]
    assert "ipatinga.taxi-2017 art. 11" in refusal_citations(d)


def test_art_11_company_itself_with_other_service_is_left_to_a_person(ipatinga):
    facts = {**COMPANY, "other_permissions": [{"service": "transporte_coletivo"}]}
    d = ask("taxi.person_eligibility", ipatinga(ON), facts)
    assert d.outcome == {"eligible": True, "pending_checks": True}


def test_art_12_municipal_servant_is_refused(ipatinga):
    d = eligibility(ipatinga, municipal_servant=True)
    assert "ipatinga.taxi-2017 art. 12" in refusal_citations(d)


def test_art_22_x_public_employment_in_any_sphere_is_refused(ipatinga):
    d = eligibility(ipatinga, public_employment_in_exercise=True)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 22, X"}


def test_art_23_viii_partner_with_public_employment_is_refused(ipatinga):
    facts = {**COMPANY, "partners": [{"name": "Caio", "public_employment_in_exercise": True}]}
    d = ask("taxi.person_eligibility", ipatinga(ON), facts)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 23, VIII"}


def test_reasons_carry_parameters_with_their_effective_date(ipatinga):
    d = eligibility(ipatinga)
    params = {p.name: p for r in d.reasons for p in r.parameters}
    assert params["taxi_2017.max_permits_per_holder"].effective == dt.date(2017, 9, 28)
    assert params["taxi_2017.max_permits_per_holder"].value == 1
