"""Art. 15, §1º of the Ipatinga taxi law: the holder's defence in the extinction case is received
on or before the last day of its period (D-17, counted by D-4 with the last day included), and
refused after it."""

import datetime as dt

from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import ask

QID = "ipatinga.taxi-2017.extinction_defence"
DEADLINE = dt.date(2024, 3, 11)
CITED = {
    "ipatinga.taxi-2017 art. 15, §1",
    "outorga.decisions art. D-17",
    "outorga.decisions art. D-4",
}


def defence(ipatinga, filed_on: dt.date, deadline: dt.date = DEADLINE) -> Decision:
    facts = {"deadline": deadline.isoformat(), "filed_on": filed_on.isoformat()}
    return ask(QID, ipatinga(filed_on), facts)


def test_art_15_par_1_a_defence_filed_on_the_deadline_day_is_in_time(ipatinga):
    d = defence(ipatinga, DEADLINE)
    assert not d.refusals
    assert [r.verdict for r in d.reasons] == [Verdict.OK]
    assert d.outcome == {"in_time": True, "filed_on": DEADLINE, "deadline": DEADLINE}
    assert {c.compact() for c in d.citations} >= CITED


def test_art_15_par_1_a_defence_filed_the_day_after_the_deadline_is_refused(ipatinga):
    d = defence(ipatinga, DEADLINE + dt.timedelta(days=1))
    assert d.outcome["in_time"] is False
    (refusal,) = d.refusals
    assert {c.compact() for c in refusal.citations} == CITED
    assert refusal.message == (
        "Prazo de defesa encerrado em 11/03/2024: apresentação em 12/03/2024, fora do prazo."
    )


def test_art_15_par_1_the_case_deadline_moved_by_a_holiday_receives_the_defence_on_it(ipatinga):
    """D-17 with D-4: notified on 05/08/2024, ten days end on a municipal holiday (15/08) and the
    period runs to the next business day, 16/08, when the defence is still received."""
    term = ask(
        "taxi.appeal_deadline",
        ipatinga(dt.date(2024, 8, 5)),
        {"step": "defesa", "notified_on": "2024-08-05"},
    )
    last = term.outcome["deadline"]
    assert last == dt.date(2024, 8, 16)
    assert not defence(ipatinga, last, last).refusals
    assert defence(ipatinga, last + dt.timedelta(days=1), last).refusals
