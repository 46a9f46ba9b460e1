"""Art. 15, §1º of the Ipatinga taxi law: the extinction case guarantees the holder's defence, so it
is decided only after the defence or after the last day of its period (D-17, counted by D-4 with
the last day included): while the period runs and no defence was presented, no decision."""

import datetime as dt

from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

QID = "ipatinga.taxi-2017.extinction_decision_time"
RULE = "taxi_2017.art_15_par_1_decided_after_the_defence"
DEADLINE = dt.date(2024, 3, 11)
CITED = {
    "ipatinga.taxi-2017 art. 15, §1",
    "outorga.decisions art. D-17",
    "outorga.decisions art. D-4",
}


def decision_on(
    ipatinga, decided_on: dt.date, filed_on: dt.date | None = None, deadline: dt.date = DEADLINE
) -> Decision:
    facts = {
        "deadline": deadline.isoformat(),
        "defence_filed_on": filed_on.isoformat() if filed_on else None,
        "decided_on": decided_on.isoformat(),
    }
    return ask(QID, ipatinga(decided_on), facts)


def test_art_15_par_1_no_decision_on_the_last_day_of_the_defence_period_without_a_defence(
    ipatinga,
):
    d = decision_on(ipatinga, DEADLINE)
    assert d.outcome["may_decide"] is False
    (refusal,) = d.refusals
    assert refusal.rule == RULE
    assert {c.compact() for c in refusal.citations} == CITED
    assert refusal.message == (
        "Sem defesa apresentada: o prazo de defesa vai até 11/03/2024; o processo não pode ser "
        "decidido antes do seu fim (decisão em 11/03/2024)."
    )
    assert decision_on(ipatinga, DEADLINE - dt.timedelta(days=5)).refusals


def test_art_15_par_1_without_a_defence_the_case_is_decided_the_day_after_the_period(ipatinga):
    after = DEADLINE + dt.timedelta(days=1)
    d = decision_on(ipatinga, after)
    assert not d.refusals
    assert [r.verdict for r in d.reasons] == [Verdict.OK]
    assert d.outcome == {
        "may_decide": True,
        "decided_on": after,
        "deadline": DEADLINE,
        "defence_filed_on": None,
    }
    assert {c.compact() for c in d.citations} >= CITED


def test_art_15_par_1_once_the_defence_is_presented_the_case_is_decided_on_any_day(ipatinga):
    filed = DEADLINE - dt.timedelta(days=6)
    for decided in (
        filed,
        filed + dt.timedelta(days=1),
        DEADLINE,
        DEADLINE + dt.timedelta(days=30),
    ):
        d = decision_on(ipatinga, decided, filed)
        assert not d.refusals, decided
        assert d.outcome["may_decide"] is True
        (why,) = d.reasons
        assert why.rule == RULE and {c.compact() for c in why.citations} == CITED


def test_art_15_par_1_a_decision_dated_before_the_defence_was_presented_is_not_after_it(
    ipatinga,
):
    """The defence the case records counts from the day it was presented: a decision dated the day
    before, within the period, would still have been taken without hearing the holder."""
    filed = DEADLINE - dt.timedelta(days=2)
    assert decision_on(ipatinga, filed - dt.timedelta(days=1), filed).refusals
