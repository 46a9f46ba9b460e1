"""D-17 on a taxi appeal (art. 43): Lei 9.784/1999 art. 56 §1 — the authority that decided may
reconsider within five days of receiving the appeal; otherwise the appeal goes up to the superior
authority the competence table names. Never the mototaxi law's JARI path."""

import dataclasses
import datetime as dt

from outorga.demo import IPATINGA
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

QID = "ipatinga.taxi-2017.appeal_reconsideration"
ON = dt.date(2024, 3, 20)
FILED = "2024-03-01"  # a Friday: the five days end on Wednesday 06/03/2024 (D-4)


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def reconsider(ipatinga, on: str, by: str = "reconsideration", **more: str) -> Decision:
    return ask(QID, ipatinga(ON), {"by": by, "appeal_filed_on": FILED, "decided_on": on, **more})


def test_lei_9784_art_56_1_taxi_the_authority_reconsiders_on_the_fifth_day(ipatinga):
    d = reconsider(ipatinga, "2024-03-06")
    assert d.outcome["allowed"] is True
    assert d.outcome["reconsider_until"] == dt.date(2024, 3, 6)
    assert d.outcome["default_used"] is True and d.outcome["days"] == 5
    assert {
        "federal.9784-1999 art. 56, §1",
        "ipatinga.taxi-2017 art. 43",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
    } <= citations(d)


def test_lei_9784_art_56_1_taxi_reconsideration_on_the_sixth_day_is_refused(ipatinga):
    d = reconsider(ipatinga, "2024-03-07")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["taxi_2017.d_17_art_56_1_reconsideration"]
    assert "federal.9784-1999 art. 56, §1" in {c.compact() for c in d.refusals[0].citations}
    assert "art. 56, §1º" in d.summary


def test_lei_9784_art_56_1_taxi_the_superior_judges_only_after_the_period_or_once_forwarded(
    ipatinga,
):
    assert reconsider(ipatinga, "2024-03-06", by="superior").outcome["allowed"] is False
    assert reconsider(ipatinga, "2024-03-07", by="superior").outcome["allowed"] is True
    sent = reconsider(ipatinga, "2024-03-04", by="superior", forwarded_on="2024-03-04")
    assert sent.outcome["allowed"] is True


def test_lei_9784_art_56_1_taxi_who_reconsiders_and_who_judges_come_from_the_competence_table(
    ipatinga,
):
    d = reconsider(ipatinga, "2024-03-04")
    assert d.outcome["reconsidered_by"] == ["autoridade"]
    assert d.outcome["judged_by"] == ["chefe_executivo"]
    assert not any(c.law == "ipatinga.mototaxi-2013" for c in d.citations)
    assert "JARI" not in d.to_text()


def test_lei_9784_art_56_1_taxi_the_regulations_period_replaces_the_five_days():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.procedure_reconsideration_days": (
                DatedValue(dt.date(2018, 1, 1), 10, source="municipality"),
            )
        },
    )
    d = ask(
        QID,
        Context(facts, ON),
        {"by": "reconsideration", "appeal_filed_on": FILED, "decided_on": "2024-03-11"},
    )
    assert d.outcome["allowed"] is True and d.outcome["default_used"] is False
    assert d.outcome["reconsider_until"] == dt.date(2024, 3, 11)
