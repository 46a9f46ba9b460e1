"""Art. 23 and 25 (inspection), art. 26 (penalties, D-3, D-5), procedure defaults (D-17)."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.citations import cite, decision
from outorga.law.context import Context, FiscalUnitValue
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import FactsInvalid, ask

LAW = "barra-do-garcas.apps-2025"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


# --- art. 25 -------------------------------------------------------------------------------------


def test_art_25_vehicle_without_signs_is_regular(barra):
    facts = {"external_light_sign": False, "ostensive_visual_identification": False}
    assert ask("apps.vehicle_inspection", barra(dt.date(2025, 8, 1)), facts).outcome == "regular"


@pytest.mark.parametrize(
    "facts",
    [
        {"external_light_sign": True, "ostensive_visual_identification": False},
        {"external_light_sign": False, "ostensive_visual_identification": True},
    ],
)
def test_art_25_external_light_sign_or_ostensive_identification_is_refused(barra, facts):
    d = ask("apps.vehicle_inspection", barra(dt.date(2025, 8, 1)), facts)
    assert d.outcome == "irregular"
    assert refusal_citations(d) == {f"{LAW} art. 25"}


def test_art_23_inspector_findings_are_cited(barra):
    facts = {
        "external_light_sign": False,
        "ostensive_visual_identification": False,
        "driver_registered": False,
        "hygiene_ok": False,
        "safety_ok": True,
    }
    d = ask("apps.vehicle_inspection", barra(dt.date(2025, 8, 1)), facts)
    assert refusal_citations(d) == {f"{LAW} art. 23, II", f"{LAW} art. 23, III"}


# --- art. 26 -------------------------------------------------------------------------------------

IMPOSED = dt.date(2025, 10, 1)
BASE = {
    "offender": "driver",
    "infraction_on": "2025-08-01",
    "prior_occurrences": 1,
    "defence_notice_on": "2025-09-01",
}


def penalty(ctx, **facts):
    return ask("apps.penalty", ctx, {**BASE, **facts})


def test_art_26_i_first_occurrence_gets_a_written_warning(barra):
    d = penalty(barra(IMPOSED), penalty="warning", prior_occurrences=0)
    assert d.outcome["allowed"] is True
    assert d.outcome["decided_by"] == ["autoridade"]


def test_art_26_i_fine_on_a_first_occurrence_is_refused(barra):
    d = penalty(barra(IMPOSED), penalty="fine", prior_occurrences=0, fine_upfbg="10")
    assert d.outcome["allowed"] is False
    assert refusal_citations(d) == {f"{LAW} art. 26, I"}


def _occ(i: str, kind: str, on: str, status: str, final_on: str = "") -> dict[str, str]:
    occ = {"id": i, "kind": kind, "on": on, "status": status}
    return {**occ, "final_on": final_on} if final_on else occ


@pytest.mark.parametrize(
    ("occurrences", "counted"),
    [
        # A penalty annulled on appeal, a proposal still open or rejected establish nothing.
        (
            [
                _occ("p1", "penalty", "2025-07-01", "annulled"),
                _occ("c1", "proposal", "2025-07-02", "open"),
                _occ("c2", "proposal", "2025-07-03", "rejected"),
            ],
            [],
        ),
        # A penalty and a measure final by the date of the fact do (ADR 0082); a penalty under
        # appeal and one final only after the fact do not.
        (
            [
                _occ("p2", "penalty", "2025-07-01", "under_appeal"),
                _occ("p4", "penalty", "2025-06-01", "final", "2025-07-20"),
                _occ("c3", "proposal", "2025-06-02", "final", "2025-08-01"),
                _occ("p3", "penalty", "2025-07-02", "final", "2025-08-02"),
            ],
            ["p4", "c3"],
        ),
    ],
)
def test_art_26_i_the_law_counts_the_occurrences_from_the_offender_s_record(
    barra, occurrences, counted
):
    facts = {k: v for k, v in BASE.items() if k != "prior_occurrences"}
    d = ask("apps.penalty", barra(IMPOSED), {**facts, "penalty": "fine", "fine_upfbg": "10",
                                             "occurrences": occurrences})  # fmt: skip
    read = next(r for r in d.reasons if r.rule == "apps.art26.i.occurrences")
    assert read.facts["consideradas"] == counted
    assert d.outcome["allowed"] is bool(counted)  # a fine needs an earlier occurrence


def test_art_26_i_the_occurrences_or_their_count_must_be_given(barra):
    facts = {k: v for k, v in BASE.items() if k != "prior_occurrences"}
    with pytest.raises(FactsInvalid):
        ask("apps.penalty", barra(IMPOSED), {**facts, "penalty": "warning"})


def test_art_26_ii_fine_of_500_upfbg_is_allowed_and_converted_on_the_imposing_date(barra):
    d = penalty(barra(IMPOSED), penalty="fine", fine_upfbg="500")
    assert d.outcome["allowed"] is True
    # demo UPFBG is R$ 100,00 (example value)
    assert d.outcome["amount_cents"] == 5_000_000
    assert d.outcome["fine_upfbg"] == Decimal("500")


@pytest.mark.parametrize("units", ["500.0001", "501", "0"])
def test_art_26_ii_fine_above_500_upfbg_or_zero_is_refused(barra, units):
    d = penalty(barra(IMPOSED), penalty="fine", fine_upfbg=units)
    assert d.outcome["allowed"] is False
    assert refusal_citations(d) == {f"{LAW} art. 26, II"}


def test_art_26_ii_fine_without_amount_is_pending(barra):
    d = penalty(barra(IMPOSED), penalty="fine")
    assert d.outcome["allowed"] is False
    assert not d.refusals


def test_d5_fine_converted_at_the_upfbg_in_force_on_the_date_imposed():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        fiscal_units=BARRA_DO_GARCAS.fiscal_units
        + (FiscalUnitValue("UPFBG", Decimal("110.50"), dt.date(2026, 1, 1), "teste"),),
    )
    before = penalty(Context(facts, dt.date(2025, 12, 31)), penalty="fine", fine_upfbg="10")
    after = penalty(Context(facts, dt.date(2026, 1, 1)), penalty="fine", fine_upfbg="10")
    assert before.outcome["amount_cents"] == 100_000
    assert after.outcome["amount_cents"] == 110_500
    assert decision(5) in after.citations


def test_d15_fine_maximum_is_the_one_in_force_on_the_infraction_date():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.fine_max_upfbg": (
                DatedValue(dt.date(2026, 1, 1), 300, source="municipality"),
            )
        },
    )
    ctx = Context(facts, dt.date(2026, 3, 1))
    old = penalty(
        ctx,
        penalty="fine",
        fine_upfbg="400",
        infraction_on="2025-12-31",
        defence_notice_on="2026-01-05",
    )
    new = penalty(
        ctx,
        penalty="fine",
        fine_upfbg="400",
        infraction_on="2026-01-01",
        defence_notice_on="2026-01-05",
    )
    assert old.outcome["allowed"] is True
    assert new.outcome["allowed"] is False


def test_art_26_iii_seizure_of_a_vehicle_in_irregular_service_is_allowed_on_first_occurrence(barra):
    d = penalty(barra(IMPOSED), penalty="seizure", prior_occurrences=0, irregular_service=True)
    assert d.outcome["allowed"] is True
    assert d.outcome["decided_by"] == ["fiscal"]


def test_art_26_iii_seizure_without_irregular_service_is_refused(barra):
    d = penalty(barra(IMPOSED), penalty="seizure", irregular_service=False)
    assert refusal_citations(d) == {f"{LAW} art. 26, III"}


@pytest.mark.parametrize("kind", ["credential_suspension", "credential_cancellation"])
def test_art_26_iv_credential_measures_are_proposals_for_platforms(barra, kind):
    d = penalty(
        barra(IMPOSED),
        penalty=kind,
        offender="platform",
        gravity="Três relatórios mensais omitidos.",
        suspension_days=30,
    )
    assert d.outcome["allowed"] is True
    assert d.outcome["kind"] == "proposal"
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    assert decision(3) in d.citations


SUSPENSION = {
    "penalty": "credential_suspension",
    "offender": "platform",
    "gravity": "Três relatórios mensais omitidos.",
    "suspension_days": 10,
    "credential_status": "suspended",
}


def test_art_26_iv_a_suspension_overlapping_one_in_force_through_its_last_day_is_refused(barra):
    """Art. 26, IV: "suspensão temporária" — a second suspension decided while the first still
    runs (its last day included) would overlap it, and its own end would replace the first's
    (shortening it when it ends sooner). It is refused citing the article, naming the day the
    credential operates again, from which it may be decided."""
    d = penalty(barra(IMPOSED), **SUSPENSION, suspended_until=IMPOSED.isoformat())
    assert d.outcome["allowed"] is False
    assert d.outcome["suspended_until"] is None
    assert refusal_citations(d) == {f"{LAW} art. 26, IV"}
    (r,) = [r for r in d.refusals if r.rule == "apps.art26.iv.one_suspension_at_a_time"]
    assert "01/10/2025" in r.message and "02/10/2025" in r.message
    assert r.facts["suspensa_até"] == IMPOSED


def test_art_26_iv_a_suspension_decided_the_day_after_the_last_one_ends_is_allowed(barra):
    ended = (IMPOSED - dt.timedelta(days=1)).isoformat()
    d = penalty(barra(IMPOSED), **SUSPENSION, suspended_until=ended)
    assert d.outcome["allowed"] is True
    assert d.outcome["suspended_until"] == dt.date(2025, 10, 10)


def test_art_26_iv_a_cancellation_may_be_decided_while_a_suspension_runs(barra):
    """The cancellation replaces a running suspension (it is "definitivo"): no overlap to refuse."""
    facts = {**SUSPENSION, "penalty": "credential_cancellation"}
    del facts["suspension_days"]
    d = penalty(barra(IMPOSED), **facts, suspended_until=IMPOSED.isoformat())
    assert d.outcome["allowed"] is True


def test_art_26_iv_credential_measure_on_a_driver_is_refused(barra):
    d = penalty(barra(IMPOSED), penalty="credential_suspension")
    assert refusal_citations(d) == {f"{LAW} art. 26, IV"}


def test_art_26_iv_credential_measure_on_a_first_occurrence_is_refused(barra):
    d = penalty(
        barra(IMPOSED), penalty="credential_cancellation", offender="platform", prior_occurrences=0
    )
    assert refusal_citations(d) == {f"{LAW} art. 26, I", f"{LAW} art. 26, IV"}


# --- art. 26 sole paragraph, D-17 --------------------------------------------------------------------


def test_art_26_sole_paragraph_penalty_without_notice_for_defence_is_refused(barra):
    facts = {k: v for k, v in BASE.items() if k != "defence_notice_on"}
    d = ask("apps.penalty", barra(IMPOSED), {**facts, "penalty": "warning"})
    assert refusal_citations(d) == {f"{LAW} art. 26, §único"}


def test_d17_penalty_waits_for_the_default_ten_day_defence_period(barra):
    # notice 01/09/2025 + 10 days = 11/09/2025 (Thursday)
    d = penalty(barra(dt.date(2025, 9, 11)), penalty="warning")
    assert d.outcome["allowed"] is False
    assert refusal_citations(d) == {f"{LAW} art. 26, §único", "outorga.decisions art. D-4"}
    assert penalty(barra(dt.date(2025, 9, 12)), penalty="warning").outcome["allowed"] is True
    assert penalty(barra(dt.date(2025, 9, 11)), penalty="warning", defence_judged=True).outcome[
        "allowed"
    ]


def test_d17_default_defence_and_appeal_periods_cite_lei_9784(barra):
    d = penalty(barra(IMPOSED), penalty="warning")
    assert decision(17) in d.citations
    assert cite("federal.9784-1999", 44) in d.citations
    assert cite("federal.9784-1999", 59) in d.citations


def test_d17_regulation_days_replace_the_default():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.procedure_defence_days": (
                DatedValue(dt.date(2025, 5, 16), 15, source="municipality"),
            )
        },
    )
    d = ask(
        "apps.procedure_deadlines",
        Context(facts, dt.date(2025, 9, 1)),
        {"defence_notice_on": "2025-09-01"},
    )
    assert d.outcome["defence_days"] == 15
    assert d.outcome["defence_until"] == dt.date(2025, 9, 16)
    (r,) = [r for r in d.reasons if r.rule == "apps.art26.defence_days"]
    assert decision(17) not in r.citations


def test_d17_procedure_deadlines_move_past_weekends(barra):
    # decision notified 24/09/2025 + 10 = 04/10/2025, a Saturday → Monday 06/10/2025.
    d = ask(
        "apps.procedure_deadlines",
        barra(dt.date(2025, 10, 1)),
        {"decision_notice_on": "2025-09-24"},
    )
    assert d.outcome["appeal_until"] == dt.date(2025, 10, 6)


# --- art. 28–29 ------------------------------------------------------------------------------------


def test_art_28_platform_infraction_in_the_adaptation_period_cannot_be_penalised(barra):
    d = penalty(
        barra(IMPOSED),
        penalty="warning",
        offender="platform",
        prior_occurrences=0,
        infraction_on="2025-07-15",
    )
    assert d.outcome["allowed"] is False
    assert f"{LAW} art. 28" in refusal_citations(d)
    d = penalty(
        barra(IMPOSED),
        penalty="warning",
        offender="platform",
        prior_occurrences=0,
        infraction_on="2025-07-16",
    )
    assert d.outcome["allowed"] is True


def test_art_28_grace_is_for_platforms_drivers_answer_from_publication(barra):
    d = penalty(barra(IMPOSED), penalty="warning", prior_occurrences=0, infraction_on="2025-05-16")
    assert d.outcome["allowed"] is True


def test_art_29_fact_before_publication_cannot_be_penalised(barra):
    d = penalty(barra(IMPOSED), penalty="warning", prior_occurrences=0, infraction_on="2025-05-15")
    assert d.outcome["allowed"] is False
    assert f"{LAW} art. 29" in refusal_citations(d)


def test_d_15_art_26_iv_names_who_decides_on_the_date_of_the_decision_not_today(barra):
    """Who decides a credential measure is read on the decision's date (D-15), as every other
    rule of the law core reads it: a (test) amendment giving the act to the secretary from
    01/09/2026 — before today — does not reach a proposal decided on 01/10/2025."""
    from law_factories import amended_competence

    from outorga.law.competence import Competence, Role

    moved = Competence(
        LAW,
        "platform.suspend",
        frozenset({Role.AUTORIDADE}),
        (cite(LAW, 26, inc="IV"),),
        note="redação dada por emenda de teste",
        valid_from=dt.date(2026, 9, 1),
    )
    with amended_competence(moved):
        facts = dict(offender="platform", gravity="Grave.", suspension_days=30)
        before = penalty(barra(IMPOSED), penalty="credential_suspension", **facts)
        after = penalty(barra(dt.date(2026, 9, 1)), penalty="credential_suspension", **facts)
    decides = {r.rule: r.facts.get("decide") for r in before.reasons}
    assert decides["apps.art26.iv.credential"] == ["chefe_executivo"]
    assert {r.rule: r.facts.get("decide") for r in after.reasons}["apps.art26.iv.credential"] == [
        "autoridade"
    ]


# --- art. 26, IV: the proposal of a credential measure -------------------------------------------


def test_art_26_iv_no_proposal_against_a_cancelled_credential_the_cancellation_is_definitive(barra):
    d = ask(f"{LAW}.credential_measure", barra(dt.date(2026, 10, 20)), {"status": "cancelled"})
    assert d.outcome == {"allowed": False}
    assert [r.rule for r in d.refusals] == ["apps.art26.iv.cancellation_definitive"]
    assert refusal_citations(d) == {f"{LAW} art. 26, IV"}
    assert "o cancelamento é definitivo" in d.summary


@pytest.mark.parametrize("status", ["credentialed", "suspended"])
def test_art_26_iv_a_measure_may_be_proposed_against_a_credential_not_cancelled(barra, status):
    d = ask(f"{LAW}.credential_measure", barra(dt.date(2026, 10, 20)), {"status": status})
    assert d.outcome == {"allowed": True} and not d.refusals
