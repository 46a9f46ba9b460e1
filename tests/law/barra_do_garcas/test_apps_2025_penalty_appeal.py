"""Art. 26, parágrafo único: the appeal against a warning or fine — its period (regulation, else the
Lei 9.784/1999 default, decision D-17), counted by D-4, who judges it and by when — and the
penalty's finality (decision D-1)."""

import dataclasses
import datetime as dt

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.citations import cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

LAW = "barra-do-garcas.apps-2025"
LEI_9784 = "federal.9784-1999"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def appeal(ctx: Context, filed_on: str, notice: str | None = "2026-10-02") -> Decision:
    facts = {"filed_on": filed_on}
    if notice is not None:
        facts["decision_notice_on"] = notice
    return ask("apps.penalty_appeal", ctx, facts)


def finality(ctx: Context, **facts: str) -> Decision:
    return ask("apps.penalty_finality", ctx, {"appeal": "none", **facts})


# --- the appeal period (art. 26 §único; D-17 default; D-4 counting) ------------------------------


def test_art_26_sole_appeal_on_the_last_day_moved_past_a_holiday_is_in_time(barra):
    """Notice on Friday 02/10/2026: the 10th day is Monday 12/10, a national holiday (Nossa Senhora
    Aparecida), so the last day is Tuesday 13/10 (D-4)."""
    d = appeal(barra(dt.date(2026, 10, 13)), "2026-10-13")
    assert d.outcome["timely"] is True
    assert d.outcome["appeal_until"] == dt.date(2026, 10, 13)
    assert "Nossa Senhora Aparecida" in d.to_text()


def test_art_26_sole_appeal_the_day_after_the_moved_last_day_is_not_heard(barra):
    d = appeal(barra(dt.date(2026, 10, 14)), "2026-10-14")
    assert d.outcome["timely"] is False
    assert refusal_citations(d) == {
        f"{LAW} art. 26, §único",
        "outorga.decisions art. D-4",
        "outorga.decisions art. D-17",
        f"{LEI_9784} art. 63, I",
    }
    assert "não é conhecido" in d.summary


def test_d4_a_last_day_on_saturday_moves_to_monday(barra):
    # notice Wednesday 14/10/2026 + 10 = Saturday 24/10 → Monday 26/10
    assert appeal(barra(dt.date(2026, 10, 26)), "2026-10-26", "2026-10-14").outcome["timely"]
    late = appeal(barra(dt.date(2026, 10, 27)), "2026-10-27", "2026-10-14")
    assert late.outcome["timely"] is False
    assert late.outcome["appeal_until"] == dt.date(2026, 10, 26)


def test_d4_the_day_of_notice_is_not_counted(barra):
    # notice Thursday 01/10/2026 + 10 = Sunday 11/10, Monday 12/10 is a holiday → Tuesday 13/10
    d = appeal(barra(dt.date(2026, 10, 1)), "2026-10-01", "2026-10-01")
    assert d.outcome["appeal_until"] == dt.date(2026, 10, 13)


def test_d17_the_default_ten_days_of_lei_9784_art_59_says_it_is_the_default(barra):
    d = appeal(barra(dt.date(2026, 10, 5)), "2026-10-05")
    assert d.outcome["appeal_days"] == 10 and d.outcome["default_used"] is True
    (days,) = [r for r in d.reasons if r.rule == "apps.art26.appeal_days"]
    assert decision(17) in days.citations and cite(LEI_9784, 59) in days.citations
    assert "por padrão" in days.message


def test_d17_regulation_days_replace_the_default_appeal_period():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.procedure_appeal_days": (
                DatedValue(dt.date(2025, 5, 16), 15, source="municipality"),
            )
        },
    )
    ctx = Context(facts, dt.date(2026, 10, 19))
    # notice 02/10/2026 + 15 = Saturday 17/10 → Monday 19/10
    d = appeal(ctx, "2026-10-19")
    assert d.outcome["timely"] is True and d.outcome["default_used"] is False
    assert d.outcome["appeal_until"] == dt.date(2026, 10, 19)
    late = appeal(Context(facts, dt.date(2026, 10, 20)), "2026-10-20")
    assert late.outcome["timely"] is False
    assert f"{LAW} art. 27" in refusal_citations(late)
    assert "outorga.decisions art. D-17" not in refusal_citations(late)


def test_lei_9784_art_26_par_5_an_appeal_before_any_recorded_notice_is_in_time(barra):
    d = appeal(barra(dt.date(2026, 10, 1)), "2026-10-01", notice=None)
    assert d.outcome["timely"] is True and d.outcome["appeal_until"] is None
    assert cite(LEI_9784, 26, 5) in d.citations


def test_d17_the_chief_executive_judges_within_30_days_of_lei_9784_art_59_par_1(barra):
    d = appeal(barra(dt.date(2026, 10, 5)), "2026-10-05")
    # Received by the Chief Executive on 14/10/2026, after the period to reconsider (ADR 0078):
    # 14/10 + 30 = Friday 13/11/2026
    assert d.outcome["judge_until"] == dt.date(2026, 11, 13)
    assert d.outcome["decided_by"] == ["chefe_executivo"]
    (judge,) = [r for r in d.reasons if r.rule == "apps.art26.appeal_judgment"]
    assert cite(LEI_9784, 56, 1) in judge.citations
    assert cite(LEI_9784, 50, inc="V") in judge.citations
    assert "Chefe do Executivo" in judge.message


def test_a_late_appeal_has_no_judging_deadline(barra):
    d = appeal(barra(dt.date(2026, 10, 14)), "2026-10-14")
    assert d.outcome["judge_until"] is None and d.outcome["decided_by"] == []


# --- finality (D-1) --------------------------------------------------------------------------------


def test_d1_not_final_before_the_decision_is_notified(barra):
    d = finality(barra(dt.date(2027, 1, 1)))
    assert d.outcome["status"] == "awaiting_notice" and d.outcome["final"] is False


def test_d1_not_final_on_the_last_day_of_the_appeal_period(barra):
    d = finality(barra(dt.date(2026, 10, 13)), decision_notice_on="2026-10-02")
    assert d.outcome["status"] == "appeal_period" and d.outcome["final"] is False
    assert d.outcome["appeal_until"] == dt.date(2026, 10, 13)


def test_d1_final_the_day_after_the_last_day_without_appeal(barra):
    d = finality(barra(dt.date(2026, 10, 20)), decision_notice_on="2026-10-02")
    assert d.outcome["status"] == "final" and d.outcome["final"] is True
    assert d.outcome["final_on"] == dt.date(2026, 10, 14)
    assert decision(1) in d.citations


def test_d1_not_final_while_the_appeal_is_pending(barra):
    d = finality(barra(dt.date(2027, 1, 1)), decision_notice_on="2026-10-02", appeal="pending")
    assert d.outcome["status"] == "under_appeal" and d.outcome["final"] is False


def test_d1_final_when_confirmed_on_appeal(barra):
    d = finality(
        barra(dt.date(2026, 10, 30)),
        decision_notice_on="2026-10-02",
        appeal="dismissed",
        appeal_judged_on="2026-10-30",
    )
    assert d.outcome["status"] == "final" and d.outcome["final_on"] == dt.date(2026, 10, 30)


def test_d1_an_appeal_upheld_annuls_the_penalty_which_never_becomes_final(barra):
    d = finality(
        barra(dt.date(2026, 10, 30)),
        decision_notice_on="2026-10-02",
        appeal="upheld",
        appeal_judged_on="2026-10-30",
    )
    assert d.outcome["status"] == "annulled" and d.outcome["final"] is False


# --- Lei 9.784/1999 art. 59 §1 (D-17): the judgment runs from the superior's receipt -----------


def test_lei_9784_art_59_par_1_the_30_days_run_from_the_superior_receiving_the_appeal(barra):
    """Filed Monday 05/10/2026 with the authority that decided, which may reconsider until Tuesday
    13/10 (5 days end on Saturday 10/10, Monday 12/10 is a holiday; art. 56 §1). Not sent up
    before, the appeal reaches the Chief Executive on 14/10 (ADR 0078): 30 days from that day end
    on Friday 13/11/2026 — never 30 days from the filing (04/11), the days the authority that
    decided held it."""
    d = appeal(barra(dt.date(2026, 10, 5)), "2026-10-05")
    assert d.outcome["judge_until"] == dt.date(2026, 11, 13)
    (received,) = [r for r in d.reasons if r.rule == "apps.art26.appeal_received"]
    assert cite(LEI_9784, 59, 1) in received.citations
    assert received.facts["recebido_pela_autoridade_superior_em"] == dt.date(2026, 10, 14)


def test_lei_9784_art_59_par_1_an_appeal_sent_up_runs_from_the_day_it_was_sent(barra):
    """Sent up on Wednesday 07/10/2026: 30 days end on Friday 06/11/2026."""
    d = ask(
        "apps.penalty_appeal",
        barra(dt.date(2026, 10, 7)),
        {
            "filed_on": "2026-10-05",
            "decision_notice_on": "2026-10-02",
            "forwarded_on": "2026-10-07",
        },
    )
    assert d.outcome["judge_until"] == dt.date(2026, 11, 6)
