"""Art. 5, 6 §1 and §4, 8, 14, 32 §1/§3 — who may be permissionário or condutor auxiliar."""

import datetime as dt
from typing import Any

import pytest
from law_factories import with_dated_values

from outorga.demo import IPATINGA
from outorga.law.citations import Citation, cite, decision
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.person_eligibility"
AS_OF = dt.date(2024, 6, 10)
DOCS = ("rg", "military_clearance", "electoral_clearance", "photos", "residence_proof",
        "criminal_certificates", "cpf")  # fmt: skip


def person(**over: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "role": "permissionario",
        "service": "mototaxi",
        "birth_date": "1990-05-01",
        "cnh_category_a_since": "2015-01-01",
        "course_approved": True,
        "safety_gear": True,
        "documents": dict.fromkeys(DOCS, True),
        "medical_certificate": {"issued_on": "2024-01-15"},
    }
    facts.update(over)
    return facts


def auxiliary(**over: Any) -> dict[str, Any]:
    aux = {"indicated_in_writing": True, "other_auxiliaries_on_vehicle": 0, "schedule_filed": True}
    aux.update(over)
    return person(role="auxiliar", auxiliary=aux)


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


def test_a_person_meeting_every_requirement_is_eligible(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person())
    assert d.outcome["eligible"] is True
    assert not d.refusals
    assert cite(LAW, 5, inc="I") in d.citations


def test_art_5_i_turning_21_on_the_birthday_is_accepted(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(birth_date="2003-06-10"))
    assert d.outcome["eligible"] is True


def test_art_5_i_one_day_before_the_21st_birthday_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(birth_date="2003-06-11"))
    assert d.outcome["eligible"] is False
    assert refused(d) == {cite(LAW, 5, inc="I")}
    assert "20 anos" in d.refusals[0].message


def test_art_5_ii_cnh_a_held_exactly_two_years_is_accepted(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(cnh_category_a_since="2022-06-10"))
    assert d.outcome["eligible"] is True


def test_art_5_ii_cnh_a_held_less_than_two_years_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(cnh_category_a_since="2022-06-11"))
    assert refused(d) == {cite(LAW, 5, inc="II")}


def test_art_5_ii_without_category_a_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(cnh_category_a_since=None))
    assert refused(d) == {cite(LAW, 5, inc="II")}


def test_art_5_iii_without_the_contran_course_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(course_approved=False))
    assert refused(d) == {cite(LAW, 5, inc="III")}


def test_art_5_iv_unchecked_safety_gear_leaves_the_decision_pending(ipatinga):
    facts = person()
    del facts["safety_gear"]
    d = ask(Q, ipatinga(AS_OF), facts)
    assert d.outcome["eligible"] is None
    assert [r.verdict for r in d.reasons if r.rule == "art_5_iv_safety_gear"] == [Verdict.PENDING]


@pytest.mark.parametrize(
    ("doc", "inciso"),
    [
        ("rg", "V"),
        ("military_clearance", "VI"),
        ("electoral_clearance", "VI"),
        ("photos", "VIII"),
        ("residence_proof", "IX"),
        ("criminal_certificates", "X"),
        ("cpf", "XI"),
    ],
)
def test_art_5_v_to_xi_a_missing_document_is_refused(ipatinga, doc, inciso):
    docs = dict.fromkeys(DOCS, True) | {doc: False}
    d = ask(Q, ipatinga(AS_OF), person(documents=docs))
    assert d.outcome["eligible"] is False
    assert refused(d) == {cite(LAW, 5, inc=inciso)}


def test_art_5_v_to_xi_an_unreported_document_is_pending(ipatinga):
    docs = dict.fromkeys(DOCS, True)
    del docs["cpf"]
    d = ask(Q, ipatinga(AS_OF), person(documents=docs))
    assert d.outcome["eligible"] is None


def test_art_5_par2_medical_certificate_on_its_anniversary_is_still_valid(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(medical_certificate={"issued_on": "2023-06-10"}))
    assert d.outcome["eligible"] is True


def test_art_5_par2_the_expired_medical_certificate_says_the_renewal_period_in_force_on_the_day():
    """Art. 5º, §2º: "renovado anualmente" — the refusal says the period of the parameter of the
    day, never "anualmente" written while another is in force: a dated value (a test value, not
    the law's) changes it on the day it takes effect and not the day before."""
    two = {
        "mototaxi_2013.documents.medical_validity_years": (dt.date(2024, 7, 1), 2)
    }  # a test value

    def said(values: dict[str, Any], on: dt.date) -> str:
        facts = person(medical_certificate={"issued_on": "2020-01-15"})
        d = ask(Q, with_dated_values(IPATINGA, on, values), facts)
        (r,) = [r for r in d.refusals if r.rule == "art_5_vii_medical_certificate"]
        return r.message

    assert said({}, AS_OF).endswith("; deve ser renovado anualmente.")
    assert said(two, dt.date(2024, 6, 30)).endswith("renovado anualmente.")  # the day before
    assert said(two, dt.date(2024, 7, 1)).endswith("; deve ser renovado a cada 2 anos.")


def test_art_5_par2_medical_certificate_older_than_a_year_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(medical_certificate={"issued_on": "2023-06-09"}))
    assert refused(d) == {cite(LAW, 5, inc="VII"), cite(LAW, 5, 2)}


def test_art_5_vii_without_medical_certificate_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(medical_certificate={}))
    assert refused(d) == {cite(LAW, 5, inc="VII")}


def test_art_5_par2_medical_certificate_30_days_after_homologation_moves_past_tiradentes(ipatinga):
    # 22/03/2024 + 30 days = Sunday 21/04/2024 (also Tiradentes) → Monday 22/04/2024.
    facts = person(
        tender_homologated_on="2024-03-22",
        medical_certificate={"issued_on": "2024-04-01", "presented_on": "2024-04-22"},
    )
    d = ask(Q, ipatinga(AS_OF), facts)
    r = next(r for r in d.reasons if r.rule == "art_5_par2_medical_certificate_after_tender")
    assert r.verdict is Verdict.OK
    assert r.facts["prazo"] == dt.date(2024, 4, 22)
    assert decision(4) in r.citations


def test_art_5_par2_medical_certificate_presented_after_the_30_days_is_refused(ipatinga):
    facts = person(
        tender_homologated_on="2024-03-22",
        medical_certificate={"issued_on": "2024-04-01", "presented_on": "2024-04-23"},
    )
    d = ask(Q, ipatinga(AS_OF), facts)
    assert refused(d) == {cite(LAW, 5, 2), decision(4)}


def test_art_5_par2_medical_certificate_not_yet_presented_within_the_period_is_pending(ipatinga):
    facts = person(tender_homologated_on="2024-06-01", medical_certificate={})
    d = ask(Q, ipatinga(dt.date(2024, 6, 10)), facts)
    r = next(r for r in d.reasons if r.rule == "art_5_par2_medical_certificate_after_tender")
    assert r.verdict is Verdict.PENDING


def test_art_6_par1_a_legal_person_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(person_type="juridica"))
    assert refused(d) == {cite(LAW, 6, 1)}


@pytest.mark.parametrize("service", ["taxi", "transporte_escolar", "transporte_coletivo"])
def test_art_8_a_taxi_school_or_collective_permit_holder_is_refused(ipatinga, service):
    d = ask(Q, ipatinga(AS_OF), person(other_permissions=[{"service": service}]))
    assert cite(LAW, 8) in refused(d)
    assert decision(13) in refused(d)


def test_art_8_an_inactive_taxi_permission_does_not_bar(ipatinga):
    facts = person(other_permissions=[{"service": "taxi", "active": False}])
    assert ask(Q, ipatinga(AS_OF), facts).outcome["eligible"] is True


def test_art_32_iii_f_holder_of_another_commercial_permission_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), person(other_permissions=[{"service": "motofrete"}]))
    assert refused(d) == {cite(LAW, 32, inc="III", ali="f"), decision(13)}


def test_art_32_iv_d_auxiliary_holding_a_commercial_permission_is_refused(ipatinga):
    facts = auxiliary()
    facts["other_permissions"] = [{"service": "outra_comercial"}]
    d = ask(Q, ipatinga(AS_OF), facts)
    assert refused(d) == {cite(LAW, 32, inc="IV", ali="d"), decision(13)}


def test_art_32_par1_cassated_holder_is_free_two_years_after(ipatinga):
    facts = person(cassations=[{"kind": "permissao", "effective_on": "2022-06-10"}])
    assert ask(Q, ipatinga(AS_OF), facts).outcome["eligible"] is True


def test_art_32_par1_cassated_holder_is_barred_within_two_years(ipatinga):
    facts = person(cassations=[{"kind": "permissao", "effective_on": "2022-06-11"}])
    d = ask(Q, ipatinga(AS_OF), facts)
    assert refused(d) == {cite(LAW, 32, 1)}
    assert "11/06/2024" in d.refusals[0].message


def test_art_32_par3_auxiliary_with_cassated_credential_is_barred_within_two_years(ipatinga):
    facts = auxiliary()
    facts["cassations"] = [{"kind": "credenciamento_auxiliar", "effective_on": "2023-01-01"}]
    d = ask(Q, ipatinga(AS_OF), facts)
    assert refused(d) == {cite(LAW, 32, 3)}


def test_art_14_par2_auxiliary_meets_the_same_requirements(ipatinga):
    d = ask(Q, ipatinga(AS_OF), auxiliary())
    assert d.outcome["eligible"] is True
    assert cite(LAW, 14, 2) in d.citations
    young = auxiliary()
    young["birth_date"] = "2004-01-01"
    assert refused(ask(Q, ipatinga(AS_OF), young)) == {cite(LAW, 5, inc="I")}


def test_art_6_par4_a_second_auxiliary_on_the_vehicle_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), auxiliary(other_auxiliaries_on_vehicle=1))
    assert refused(d) == {cite(LAW, 6, 4), cite(LAW, 14)}


AUXILIARIES = "art_6_par4_one_auxiliary_per_vehicle"


def test_art_6_par4_the_ok_says_the_auxiliaries_against_the_limit_in_force_on_the_day():
    """Art. 6º, §4º admits the auxiliaries per vehicle of the parameter of the day: the OK says
    "o único" only when he is the vehicle's only one, never while others are indicated under a
    limit that admits them — a dated value (a test value, not the law's) changes it on the day
    it takes effect and not the day before."""
    two = {"mototaxi_2013.person.auxiliaries_per_vehicle": (dt.date(2024, 7, 1), 2)}  # a test value

    def said(values: dict[str, Any], on: dt.date, others: int) -> str:
        d = ask(
            Q,
            with_dated_values(IPATINGA, on, values),
            auxiliary(other_auxiliaries_on_vehicle=others),
        )
        return " ".join(
            f"{r.verdict.value}: {r.message}" for r in d.reasons if r.rule == AUXILIARIES
        )

    assert said({}, AS_OF, 0) == "ok: Será o único condutor auxiliar do veículo (limite 1)."
    assert said(two, dt.date(2024, 6, 30), 1).startswith("refused: ")  # the day before
    assert said(two, dt.date(2024, 7, 1), 1) == (
        "ok: Com ele, 2 condutores auxiliares no veículo (limite 2)."
    )


def test_art_14_par1_auxiliary_not_indicated_in_writing_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), auxiliary(indicated_in_writing=False))
    assert refused(d) == {cite(LAW, 14, 1)}


def test_art_14_par3_auxiliary_without_filed_schedule_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), auxiliary(schedule_filed=False))
    assert refused(d) == {cite(LAW, 14, 3)}


def test_art_14_auxiliary_facts_are_required_for_an_auxiliary(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(Q, ipatinga(AS_OF), person(role="auxiliar"))


def test_the_law_is_not_in_force_the_day_before_27_08_2013(ipatinga):
    facts = person(
        cnh_category_a_since="2010-01-01", medical_certificate={"issued_on": "2013-08-01"}
    )
    with pytest.raises(ParameterMissing):
        ask(Q, ipatinga(dt.date(2013, 8, 26)), facts)
    assert ask(Q, ipatinga(dt.date(2013, 8, 27)), facts).outcome["eligible"] is True


def refusals_of(d: Decision, rule: str) -> list:
    return [r for r in d.refusals if r.rule == rule]


# --- art. 5 II, VII, §2 from 29/02: the years run out on 01/03 (Civil Code art. 132 §3º; ADR 0074)


def test_art_5_par2_a_medical_certificate_of_29_february_is_valid_through_1_march(ipatinga):
    facts = person(medical_certificate={"issued_on": "2024-02-29"})
    d = ask(Q, ipatinga(dt.date(2025, 3, 1)), facts)
    assert not refusals_of(d, "art_5_vii_medical_certificate")
    d = ask(Q, ipatinga(dt.date(2025, 3, 2)), facts)
    (r,) = refusals_of(d, "art_5_vii_medical_certificate")
    assert "vencido em 01/03/2025" in r.message and cite(LAW, 5, inc="VII") in r.citations


def test_art_5_ii_category_a_since_29_february_completes_two_years_on_1_march(ipatinga):
    facts = person(cnh_category_a_since="2024-02-29")
    d = ask(Q, ipatinga(dt.date(2026, 2, 28)), facts)
    (r,) = refusals_of(d, "art_5_ii_cnh_category_a")
    assert "completos somente em 01/03/2026" in r.message
    assert cite(LAW, 5, inc="II") in r.citations
    d = ask(Q, ipatinga(dt.date(2026, 3, 1)), facts)
    assert not refusals_of(d, "art_5_ii_cnh_category_a")


def test_art_5_ii_category_a_since_28_february_completes_on_28_february_guard(ipatinga):
    facts = person(cnh_category_a_since="2024-02-28")
    d = ask(Q, ipatinga(dt.date(2026, 2, 28)), facts)
    assert not refusals_of(d, "art_5_ii_cnh_category_a")
