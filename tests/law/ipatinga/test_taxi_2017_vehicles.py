"""Art. 2º, 8º, 27–32: vehicle requirements, age and replacement (D-6), inspections, withdrawal,
reserve vehicle and swaps."""

import dataclasses
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.ipatinga.taxi_2017.vehicles import replacement_deadline
from outorga.law.parameters import DatedValue
from outorga.law.questions import FactsInvalid, ask
from outorga.law.windows import years_elapsed_on

ON = dt.date(2024, 3, 1)

CAR = {
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


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def vehicle(ipatinga, on=ON, **changes):
    return ask("taxi.vehicle_eligibility", ipatinga(on), {**CAR, **changes})


def test_art_27_28_compliant_silver_car_is_eligible(ipatinga):
    d = vehicle(ipatinga)
    assert d.outcome["eligible"] is True and not d.refusals


def test_art_27_non_silver_car_is_refused_citing_art_27(ipatinga):
    d = vehicle(ipatinga, colour="branco")
    assert d.outcome["eligible"] is False
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 27"}
    assert "prata" in d.refusals[0].message


def test_art_27_colour_is_compared_without_case(ipatinga):
    assert vehicle(ipatinga, colour=" Prata ").outcome["eligible"] is True


@pytest.mark.parametrize("doors", [2, 4])
def test_art_27_car_without_five_doors_is_refused(ipatinga, doors):
    assert refusal_citations(vehicle(ipatinga, doors=doors)) == {"ipatinga.taxi-2017 art. 27"}


def test_art_27_not_a_passenger_car_is_refused(ipatinga):
    assert refusal_citations(vehicle(ipatinga, kind="outro")) == {"ipatinga.taxi-2017 art. 27"}


def test_art_28_i_registered_elsewhere_is_refused(ipatinga):
    d = vehicle(ipatinga, registered_municipality_ibge="3106200")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 28, I"}


def test_art_28_i_unlicensed_is_refused(ipatinga):
    assert refusal_citations(vehicle(ipatinga, licensed=False)) == {"ipatinga.taxi-2017 art. 28, I"}


@pytest.mark.parametrize("capacity", [5, 7])
def test_art_28_iii_capacity_5_to_7_is_accepted(ipatinga, capacity):
    assert vehicle(ipatinga, capacity=capacity).outcome["eligible"] is True


def test_art_28_iii_capacity_4_is_refused(ipatinga):
    assert refusal_citations(vehicle(ipatinga, capacity=4)) == {"ipatinga.taxi-2017 art. 28, III"}


def test_art_2_and_28_iii_capacity_8_is_refused(ipatinga):
    assert refusal_citations(vehicle(ipatinga, capacity=8)) == {
        "ipatinga.taxi-2017 art. 2",
        "ipatinga.taxi-2017 art. 28, III",
    }


def test_art_28_iv_taximeter_not_approved_is_refused(ipatinga):
    assert "ipatinga.taxi-2017 art. 28, IV" in refusal_citations(
        vehicle(ipatinga, taximeter_approved_by="")
    )


def test_art_28_v_without_roof_sign_is_refused(ipatinga):
    d = vehicle(ipatinga, roof_sign_taxi=False)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 28, V"}


def test_art_28_vi_without_ctb_equipment_is_refused(ipatinga):
    d = vehicle(ipatinga, ctb_equipment_ok=False)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 28, VI"}


# --- art. 8º, 9º, 28 §4: categories and adapted vehicles ----------------------------------------------


def test_art_8_special_taxi_without_lift_platform_is_refused(ipatinga):
    d = vehicle(ipatinga, category="especial", adapted=True, detran_mg_approved=True)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 8, §único"}


def test_art_8_special_taxi_with_platform_and_detran_approval_is_eligible(ipatinga):
    d = vehicle(
        ipatinga, category="especial", adapted=True, lift_platform=True, detran_mg_approved=True
    )
    assert d.outcome["eligible"] is True


def test_art_28_par_4_adapted_vehicle_needs_detran_mg_approval(ipatinga):
    d = vehicle(ipatinga, adapted=True)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 28, §4"}


def test_art_9_executive_standard_is_pending_until_the_regulation(ipatinga):
    d = vehicle(ipatinga, category="executivo")
    assert d.outcome["eligible"] is True
    (pending,) = [r for r in d.reasons if r.verdict is Verdict.PENDING]
    assert pending.citations[0].compact() == "ipatinga.taxi-2017 art. 9"
    assert "ipatinga.taxi-2017 art. 9" in refusal_citations(
        vehicle(ipatinga, category="executivo", executive_standard=False)
    )


# --- art. 28 II, §1–2, D-6: age and replacement ------------------------------------------------------


def test_d_6_without_invoice_age_counts_from_1_january_of_the_manufacture_year(ipatinga):
    ok = vehicle(ipatinga, on=dt.date(2023, 12, 31), manufacture_year=2017)
    late = vehicle(ipatinga, on=dt.date(2024, 1, 1), manufacture_year=2017)
    assert ok.outcome["eligible"] is True
    assert ok.outcome["age_limit_on"] == dt.date(2024, 1, 1)
    assert {"ipatinga.taxi-2017 art. 28, II", "outorga.decisions art. D-6"} <= refusal_citations(
        late
    )


def test_d_6_factory_invoice_date_of_a_new_vehicle_wins(ipatinga):
    facts = {"manufacture_year": 2017, "factory_invoice_date": "2017-06-15"}
    assert vehicle(ipatinga, on=dt.date(2024, 6, 14), **facts).outcome["eligible"] is True
    late = vehicle(ipatinga, on=dt.date(2024, 6, 15), **facts)
    assert "ipatinga.taxi-2017 art. 28, II" in refusal_citations(late)


OLD = {"manufacture_year": 2017, "renewal_anchor": "2020-05-10"}  # limit 01/01/2024


def test_art_28_par_2_registered_vehicle_may_run_until_the_next_renewal(ipatinga):
    d = vehicle(ipatinga, on=dt.date(2024, 5, 10), occasion="extraordinaria", **OLD)
    assert d.outcome["eligible"] is True
    assert any(
        r.rule == "taxi_2017.art_28_par_2_until_renewal" and r.verdict is Verdict.OK
        for r in d.reasons
    )


def test_art_28_par_2_after_the_renewal_date_it_must_have_been_replaced(ipatinga):
    d = vehicle(ipatinga, on=dt.date(2024, 5, 11), occasion="extraordinaria", **OLD)
    assert {
        "ipatinga.taxi-2017 art. 28, §2",
        "outorga.decisions art. D-6",
        "ipatinga.taxi-2017 art. 31",
    } <= refusal_citations(d)
    assert d.outcome["withdrawal"] is True


def test_art_28_par_2_on_the_renewal_itself_the_old_vehicle_is_refused(ipatinga):
    before = vehicle(ipatinga, on=dt.date(2024, 5, 9), occasion="renovacao", **OLD)
    on_day = vehicle(ipatinga, on=dt.date(2024, 5, 10), occasion="renovacao", **OLD)
    assert before.outcome["eligible"] is True
    assert "ipatinga.taxi-2017 art. 28, §2" in refusal_citations(on_day)


def test_art_28_par_2_does_not_let_an_old_vehicle_enter(ipatinga):
    d = vehicle(ipatinga, on=dt.date(2024, 5, 1), occasion="troca", **OLD)
    assert "ipatinga.taxi-2017 art. 28, II" in refusal_citations(d)


def test_art_28_par_2_without_renewal_date_is_pending(ipatinga):
    d = vehicle(ipatinga, on=dt.date(2024, 2, 1), occasion="extraordinaria", manufacture_year=2017)
    assert any(r.verdict is Verdict.PENDING for r in d.reasons) and not d.refusals


def age(ipatinga, on: dt.date, **facts) -> Decision:  # type: ignore[no-untyped-def]
    return ask("ipatinga.taxi-2017.vehicle_age", ipatinga(on), facts)


def test_art_28_ii_par_2_in_service_the_age_alone_runs_until_the_renewal_on_or_after_the_limit(
    ipatinga,
):
    """The question the simulation asks of a taxi in service: within the seven years, within
    the replacement period up to the renewal's day (exclusive, as at a renewal), then over."""
    before = age(ipatinga, dt.date(2023, 12, 31), **OLD)
    grace = age(ipatinga, dt.date(2024, 5, 9), **OLD)
    over = age(ipatinga, dt.date(2024, 5, 10), **OLD)
    assert before.outcome == {
        "within_age": True,
        "age_limit_on": dt.date(2024, 1, 1),
        "replace_by": dt.date(2024, 5, 10),
    }
    assert grace.outcome["within_age"] is True
    assert over.outcome["within_age"] is False
    assert {"ipatinga.taxi-2017 art. 28, §2", "outorga.decisions art. D-6"} <= refusal_citations(
        over
    )
    assert "2017" in before.reasons[0].message and "10/05/2024" in over.reasons[1].message


def test_d_6_in_service_the_factory_invoice_date_of_a_new_vehicle_counts(ipatinga):
    facts = {**OLD, "factory_invoice_date": "2017-06-15"}  # limit 15/06/2024 → renewal 2025
    assert age(ipatinga, dt.date(2025, 5, 9), **facts).outcome["within_age"] is True
    assert age(ipatinga, dt.date(2025, 5, 10), **facts).outcome["within_age"] is False


@pytest.mark.parametrize(
    "on", [dt.date(2023, 12, 31), dt.date(2024, 1, 1), dt.date(2024, 5, 9), dt.date(2024, 5, 10)]
)
def test_art_28_the_age_alone_judges_as_the_vehicle_question_at_a_renewal(ipatinga, on):
    """One rule, two questions: the age question's verdict is the full question's age rule at a
    renewal, on each side of the limit and of the renewal's day."""
    full = vehicle(ipatinga, on=on, occasion="renovacao", **OLD)
    alone = age(ipatinga, on, **OLD)
    rules = {"taxi_2017.art_28_par_2_until_renewal", "taxi_2017.art_28_ii_max_age"}
    (rule,) = [r for r in full.reasons if r.rule in rules]
    assert alone.reasons[1] == rule
    assert alone.outcome["within_age"] is (rule.verdict is not Verdict.REFUSED)


def test_d_6_replacement_deadline_is_the_renewal_on_or_after_the_limit():
    assert replacement_deadline(dt.date(2024, 1, 1), dt.date(2020, 5, 10)) == dt.date(2024, 5, 10)
    assert replacement_deadline(dt.date(2024, 1, 1), dt.date(2021, 1, 1)) == dt.date(2024, 1, 1)
    assert replacement_deadline(dt.date(2024, 1, 2), dt.date(2021, 1, 1)) == dt.date(2025, 1, 1)
    assert replacement_deadline(dt.date(2024, 1, 1), dt.date(2030, 3, 1)) == dt.date(2024, 3, 1)


@given(
    reached=st.dates(dt.date(2018, 1, 1), dt.date(2040, 12, 31)),
    anchor=st.dates(dt.date(2017, 9, 28), dt.date(2045, 12, 31)),
)
def test_d_6_property_deadline_is_an_anniversary_within_a_year_of_the_limit(reached, anchor):
    deadline = replacement_deadline(reached, anchor)
    assert reached <= deadline < years_elapsed_on(reached, 1) + dt.timedelta(days=1)
    # The anchor's anniversary, from 29/02 on 01/03 of a common year (ADR 0074).
    assert deadline == years_elapsed_on(anchor, deadline.year - anchor.year)


# --- art. 29, 31: inspections and withdrawal ---------------------------------------------------------


def test_art_29_registration_without_approved_inspection_is_refused(ipatinga):
    d = vehicle(ipatinga, inspection={"approved": True, "accredited_inmetro": False})
    assert {"ipatinga.taxi-2017 art. 29", "ipatinga.taxi-2017 art. 25"} <= refusal_citations(d)


def test_art_29_sole_paragraph_extraordinary_inspection_needs_no_prior_report(ipatinga):
    d = vehicle(ipatinga, occasion="extraordinaria", inspection={})
    assert d.outcome["eligible"] is True


def test_art_31_imminent_risk_leads_to_withdrawal(ipatinga):
    d = vehicle(ipatinga, occasion="extraordinaria", imminent_risk=True)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 31"}
    assert d.outcome["withdrawal"] is True


def test_art_31_unmet_condition_in_service_leads_to_withdrawal(ipatinga):
    d = vehicle(ipatinga, occasion="extraordinaria", roof_sign_taxi=False)
    assert "ipatinga.taxi-2017 art. 31" in refusal_citations(d)


def test_art_31_does_not_apply_to_a_vehicle_not_yet_in_service(ipatinga):
    d = vehicle(ipatinga, roof_sign_taxi=False)
    assert d.outcome["withdrawal"] is False


# --- art. 30, 32: reserve vehicle and swap -------------------------------------------------------------


def change(ctx, **facts):
    return ask("taxi.vehicle_change", ctx, facts)


@pytest.mark.parametrize("cause", ["sinistro", "roubo", "furto"])
def test_art_30_reserve_vehicle_for_accident_robbery_theft(ipatinga, cause):
    d = change(ipatinga(ON), kind="reserva", cause=cause, days=10)
    assert d.outcome["allowed"] is True
    # the period is regulation data with no default: a person fixes it
    assert any(r.verdict is Verdict.PENDING for r in d.reasons)


def test_art_30_reserve_vehicle_for_another_cause_is_refused(ipatinga):
    d = change(ipatinga(ON), kind="reserva", cause="outro")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 30"}


def test_art_30_reserve_period_set_by_the_regulation():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.reserve_vehicle_max_days": (
                DatedValue(dt.date(2018, 1, 1), 30, source="municipality"),
            )
        },
    )
    ctx = Context(facts, ON)
    assert change(ctx, kind="reserva", cause="roubo", days=30).outcome["allowed"] is True
    assert refusal_citations(change(ctx, kind="reserva", cause="roubo", days=31)) == {
        "ipatinga.taxi-2017 art. 30"
    }


def swap(ctx, **facts):
    """A permuta's facts: proof of the other permission and inspection given, no reserve vehicle
    in use, unless ``facts`` says otherwise."""
    base = {"counterpart_linked": True, "new_vehicle_inspected": True, "reserve_in_use": False}
    return change(ctx, kind="permuta", **{**base, **facts})


def test_art_32_swap_without_proof_of_the_other_permission_is_refused(ipatinga):
    d = swap(ipatinga(ON), counterpart_linked=False)
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 32", "ipatinga.taxi-2017 art. 4, VI"}


def test_art_32_swap_with_proof_and_inspection_is_allowed(ipatinga):
    d = swap(ipatinga(ON))
    assert d.outcome["allowed"] is True


NO_PERMUTA_WHILE_THE_RESERVE = "taxi_2017.art_30_art_32_no_permuta_while_the_reserve_is_in_use"


def test_art_30_art_32_no_permuta_while_a_reserve_vehicle_is_in_use(ipatinga):
    """Art. 30 with art. 32 and art. 4 VI: while a reserve vehicle serves one of the two
    permissions its own vehicle is off the street, to return at the end of the period; a permuta
    then would hand the reserve vehicle on for good. Refused, with its articles, however
    complete the rest of the permuta is."""
    d = swap(ipatinga(ON), reserve_in_use=True)
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == [NO_PERMUTA_WHILE_THE_RESERVE]
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 30",
        "ipatinga.taxi-2017 art. 32",
        "ipatinga.taxi-2017 art. 4, VI",
    }
    assert "há um veículo reserva em uso numa das permissões" in d.refusals[0].message
    assert "encerre-o antes da permuta" in d.refusals[0].message


def test_art_30_art_32_a_permuta_with_no_reserve_vehicle_in_use_is_allowed(ipatinga):
    d = swap(ipatinga(ON), reserve_in_use=False)
    assert d.outcome["allowed"] is True
    [rule] = [r for r in d.reasons if r.rule == NO_PERMUTA_WHILE_THE_RESERVE]
    assert rule.verdict is Verdict.OK
    assert {c.compact() for c in rule.citations} >= {"ipatinga.taxi-2017 art. 30"}


def test_art_30_art_32_a_permuta_is_asked_whether_a_reserve_vehicle_is_in_use(ipatinga):
    """The law does not assume it either way: a permuta asked without it is not answered."""
    with pytest.raises(FactsInvalid):
        change(ipatinga(ON), kind="permuta", counterpart_linked=True, new_vehicle_inspected=True)
    # the other changes are asked without it
    assert change(ipatinga(ON), kind="reserva", cause="roubo", days=10).outcome["allowed"]


def test_art_29_replacement_without_inspection_is_refused(ipatinga):
    d = change(ipatinga(ON), kind="substituicao")
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 29"}


def test_art_30_a_substitution_for_a_period_is_refused_the_temporary_car_is_the_reserve(ipatinga):
    """Art. 30: the taxi's temporary vehicle is the reserve vehicle (sinistro, roubo ou furto); a
    substitution (art. 4 X) asked for a period only — the mototaxi's emergency one — is refused."""
    d = change(ipatinga(ON), kind="substituicao", new_vehicle_inspected=True, temporary=True)
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["taxi_2017.art_30_temporary_vehicle_is_the_reserve"]
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 30", "ipatinga.taxi-2017 art. 4, X"}
    assert "o veículo temporário é o veículo reserva" in d.refusals[0].message


def test_art_4_x_a_permanent_substitution_of_an_inspected_car_is_allowed(ipatinga):
    d = change(ipatinga(ON), kind="substituicao", new_vehicle_inspected=True, temporary=False)
    assert d.outcome["allowed"] is True
    assert any(r.rule == "taxi_2017.art_30_temporary_vehicle_is_the_reserve" for r in d.reasons)
