"""Art. 41, III and §5: the seizure of the vehicle as a penalty "deverá ser precedida da
notificação ao permissionário", after the defence (art. 41 caput, D-17) — told apart from the
removal of art. 42, II, a measure applied at the act and recorded on the auto (ADR 0068)."""

import datetime as dt

from outorga.law.decisions import Decision
from outorga.law.questions import ask

ON = dt.date(2024, 3, 20)
FACT = "2024-02-28"
#: Notified Friday 01/03/2024; the 10 days of defence (D-17) end Monday 11/03/2024.
NOTIFIED = "2024-03-01"


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def grounds(ctx, seized_on: str, measures=(), **facts) -> Decision:  # type: ignore[no-untyped-def]
    return ask(
        "ipatinga.taxi-2017.seizure_grounds",
        ctx,
        {"committed_on": FACT, "seized_on": seized_on, "measures": list(measures), **facts},
    )


def test_art_41_par_5_seizure_as_penalty_without_notice_is_refused(ipatinga):
    d = grounds(ipatinga(ON), FACT)
    assert d.outcome == {"allowed": False, "grounds": "penalidade"}
    assert refusal_citations(d) == {"ipatinga.taxi-2017 art. 41, §5"}
    assert "notificação ao permissionário" in d.refusals[0].message


def test_art_41_par_5_seizure_on_the_day_of_the_notice_is_refused(ipatinga):
    d = grounds(ipatinga(ON), NOTIFIED, notified_on=NOTIFIED)
    assert not d.outcome["allowed"]
    assert "ipatinga.taxi-2017 art. 41, §5" in refusal_citations(d)


def test_art_41_par_5_seizure_within_the_defence_period_is_refused_the_day_after_it_allowed(
    ipatinga,
):
    last = grounds(ipatinga(ON), "2024-03-11", notified_on=NOTIFIED)
    assert not last.outcome["allowed"]
    assert {"ipatinga.taxi-2017 art. 41, §5", "outorga.decisions art. D-17"} <= (
        refusal_citations(last)
    )
    after = grounds(ipatinga(ON), "2024-03-12", notified_on=NOTIFIED)
    assert after.outcome == {"allowed": True, "grounds": "penalidade"}
    assert not after.refusals


def test_art_41_par_5_seizure_after_the_defence_was_judged_is_allowed(ipatinga):
    d = grounds(ipatinga(ON), "2024-03-06", notified_on=NOTIFIED, defence_judged_on="2024-03-05")
    assert d.outcome["allowed"] and not d.refusals


def test_art_41_caput_a_defence_waiting_for_judgment_holds_the_seizure_back(ipatinga):
    d = grounds(ipatinga(ON), "2024-03-20", notified_on=NOTIFIED, defence_pending=True)
    assert not d.outcome["allowed"]
    assert refusal_citations(d) == {
        "ipatinga.taxi-2017 art. 41",
        "ipatinga.taxi-2017 art. 41, §5",
        "outorga.decisions art. D-17",
    }


def test_art_42_ii_the_removal_recorded_at_the_act_needs_no_prior_notice(ipatinga):
    d = grounds(ipatinga(ON), FACT, measures=["remocao", "afastamento_taxista"])
    assert d.outcome == {"allowed": True, "grounds": "medida"}
    assert {c.compact() for c in d.citations} >= {
        "ipatinga.taxi-2017 art. 42, II",
        "ipatinga.taxi-2017 art. 42, §4",
    }


def test_art_42_i_a_retention_at_the_act_is_no_removal_to_the_depot(ipatinga):
    d = grounds(ipatinga(ON), FACT, measures=["retencao"])
    assert d.outcome == {"allowed": False, "grounds": "penalidade"}
    assert "ipatinga.taxi-2017 art. 41, §5" in refusal_citations(d)
