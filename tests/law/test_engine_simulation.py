"""A proposed amendment laid over the municipality's facts (law.simulation): the mechanisms the law
in force uses — dated parameter values (D-15), IBGE figures (D-7), bindings — and the law in force
untouched. The age rule alone (mototaxi art. 3 II, D-6) is the question the simulation asks."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.demo import IPATINGA
from outorga.law import questions
from outorga.law.bindings import Binding
from outorga.law.context import Context, Population
from outorga.law.simulation import Proposal, ProposalInvalid, amended, from_json

AGE = "ipatinga.mototaxi-2013.vehicle_age"
ELIGIBILITY_AGE_RULE = "art_3_ii_age"
QUOTA = "ipatinga.mototaxi-2013.quota"
LAWS = IPATINGA.laws

EIGHT_YEARS = {
    "title": "Projeto de Lei 12/2026",
    "parameters": [
        {"name": "mototaxi_2013.vehicle.max_age_years", "effective": "2026-07-01", "value": 8}
    ],
}


def age(ctx: Context, year: int) -> dict:
    return questions.ask(AGE, ctx, {"service": "mototaxi", "manufacture_year": year}).outcome


def test_art_3_ii_vehicle_age_ten_years_is_within_eleven_is_over():
    ctx = Context(IPATINGA, dt.date(2026, 6, 1))
    assert age(ctx, 2016)["within_age"] is True  # 2026 − 2016 = 10
    over = age(ctx, 2015)
    assert over["within_age"] is False and over["limit_years"] == 10
    # No grace period: over from 1 January of the year the age passes the limit.
    assert over["over_age_from"] == dt.date(2026, 1, 1)


def test_art_3_ii_vehicle_age_answers_as_the_eligibility_rule_does():
    ctx = Context(IPATINGA, dt.date(2026, 6, 1))
    d = questions.ask(AGE, ctx, {"service": "motofrete", "manufacture_year": 2015})
    assert len(d.reasons) == 1 and d.reasons[0].rule.endswith(ELIGIBILITY_AGE_RULE)
    assert d.eligibility == "refused"
    assert any("art. 3, II" in c.render() for c in d.citations)


def test_a_proposed_age_limit_applies_from_its_date_and_never_to_the_law_in_force():
    proposal = from_json(EIGHT_YEARS, LAWS)
    future = amended(IPATINGA, proposal)
    before, after = dt.date(2026, 6, 30), dt.date(2026, 7, 1)
    # 2017: 9 years in 2026 — within 10 (in force), over 8 (proposal) from 1 July.
    assert age(Context(future, before), 2017)["within_age"] is True
    assert age(Context(future, after), 2017)["within_age"] is False
    assert age(Context(future, after), 2018)["within_age"] is True  # 8 years
    assert age(Context(IPATINGA, after), 2017)["within_age"] is True
    d = questions.ask(
        AGE, Context(future, after), {"service": "mototaxi", "manufacture_year": 2017}
    )
    used = d.reasons[0].parameters[0]
    assert (used.value, used.source, used.effective) == (8, "proposta", after)
    assert "Projeto de Lei 12/2026" in used.references
    assert IPATINGA.overrides == {}  # the facts in force are unchanged


def test_a_proposed_population_figure_moves_the_quota_of_art_10_i():
    census = Population(240_000, 2025, dt.date(2026, 1, 1), "estimativa")
    future = amended(IPATINGA, Proposal("Nova população", populations=(census,)))
    facts = {"service": "mototaxi", "grant_on": "2026-06-01", "active_permits": 759}
    on = dt.date(2026, 6, 1)
    assert questions.ask(QUOTA, Context(IPATINGA, on), facts).outcome["limit"] == 759
    assert questions.ask(QUOTA, Context(future, on), facts).outcome["limit"] == 800


def test_a_proposed_binding_ends_the_one_in_force_the_day_before():
    start = dt.date(2027, 1, 1)
    new = Binding("mototaxi", "ipatinga.mototaxi-2013", start, None, "PL 3/2026")
    future = amended(IPATINGA, Proposal("Nova lei", bindings=(new,)))
    moto = [b for b in future.bindings if b.service == "mototaxi"]
    assert [(b.valid_from, b.valid_until) for b in moto] == [
        (dt.date(2013, 8, 27), dt.date(2026, 12, 31)),
        (start, None),
    ]
    assert future.binding("mototaxi", start).reference == "PL 3/2026"
    assert future.binding("motofrete", start).reference != "PL 3/2026"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"title": ""}, "title"),
        ({"parameters": [{"name": "nao.existe", "effective": "2026-07-01", "value": 8}]}, "name"),
        (
            {
                "parameters": [
                    {"name": "mototaxi_2013.vehicle.max_age_years", "effective": "x", "value": 8}
                ]
            },
            "effective",
        ),
        (
            {
                "parameters": [
                    {
                        "name": "mototaxi_2013.vehicle.max_age_years",
                        "effective": "2026-07-01",
                        "value": "oito",
                    }
                ]
            },
            "value",
        ),
        ({"parameters": []}, "proposta"),
        ({"bindings": [{"law": "ipatinga.mototaxi-2013", "service": "mototaxi"}]}, "valid_from"),
        (
            {
                "bindings": [
                    {"law": "ipatinga.taxi-2017", "service": "mototaxi", "valid_from": "2027-01-01"}
                ]
            },
            "service",
        ),
    ],
)
def test_a_proposal_the_mechanisms_cannot_take_is_refused_naming_the_field(change, field):
    with pytest.raises(ProposalInvalid) as exc:
        from_json(EIGHT_YEARS | change, LAWS)
    assert field in exc.value.field
