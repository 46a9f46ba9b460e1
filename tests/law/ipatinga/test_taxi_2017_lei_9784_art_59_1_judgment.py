"""D-17 on a taxi appeal (art. 43): the law leaves the procedure to a regulation; until it sets
the period, Lei 9.784/1999 art. 59 §1 — "o recurso administrativo deverá ser decidido no prazo
máximo de trinta dias, a partir do recebimento dos autos pelo órgão competente". The superior
authority receives the appeal on the day it is sent up, else on the day after the period to
reconsider (art. 56 §1; ADR 0078, 0084); the 30th day on a day without business moves to the next
business day of the municipal calendar (D-4, Lei 9.784/1999 art. 66). The mototaxi law sets no
period to judge and does not answer."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import IPATINGA
from outorga.law import interfaces
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

QID = "ipatinga.taxi-2017.appeal_judgment"
ON = dt.date(2024, 8, 20)
# A Friday: the five days to reconsider end on Wednesday 06/03/2024, the superior authority
# receives the appeal on Thursday 07/03/2024, and its 30th day is Saturday 06/04/2024 (D-4).
FILED = "2024-03-01"


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def judgment(ipatinga, **facts: str) -> Decision:
    return ask(QID, ipatinga(ON), {"appeal_filed_on": FILED, **facts})


def test_lei_9784_art_59_1_taxi_the_30_days_run_from_the_day_after_the_period_to_reconsider(
    ipatinga,
):
    d = judgment(ipatinga)
    assert d.outcome["received_on"] == dt.date(2024, 3, 7)
    # The 30th day, Saturday 06/04/2024, moves to Monday 08/04/2024 — not 30 days from the filing
    # (Sunday 31/03, moved to Monday 01/04).
    assert d.outcome["judge_until"] == dt.date(2024, 4, 8)
    assert d.outcome["days"] == 30 and d.outcome["default_used"] is True
    assert d.outcome["judged_by"] == ["chefe_executivo"]
    assert {
        "federal.9784-1999 art. 59, §1",
        "federal.9784-1999 art. 56, §1",
        "ipatinga.taxi-2017 art. 43",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
    } <= citations(d)
    # The default's grounds rendered from its citations (FEDERAL_JUDGMENT_FROM_RECEIPT, D-17),
    # as the acts' basis and the pages write them, never a hand-written "§1º".
    assert d.summary == "Julgar até 08/04/2024 (Lei Federal 9.784/1999, art. 59, §1; decisão D-17)."
    assert "sem expediente" in d.to_text()


def test_lei_9784_art_59_1_taxi_sent_up_the_30_days_run_from_the_forwarding(ipatinga):
    d = judgment(ipatinga, forwarded_on="2024-03-04")
    assert d.outcome["received_on"] == dt.date(2024, 3, 4)
    assert d.outcome["judge_until"] == dt.date(2024, 4, 3)  # a Wednesday


def test_lei_9784_art_59_1_taxi_a_30th_day_on_a_municipal_holiday_moves_to_the_next_business_day(
    ipatinga,
):
    """Sent up on Tuesday 16/07/2024: the 30th day is Thursday 15/08/2024, a municipal holiday of
    Ipatinga (Lei Municipal 528/1975) — the last day is Friday 16/08/2024."""
    d = ask(QID, ipatinga(ON), {"appeal_filed_on": "2024-07-15", "forwarded_on": "2024-07-16"})
    assert d.outcome["judge_until"] == dt.date(2024, 8, 16)
    assert "528/1975" in d.to_text()


def test_lei_9784_art_59_1_taxi_the_regulations_period_replaces_the_30_days():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.procedure_appeal_judgment_days": (
                DatedValue(dt.date(2018, 1, 1), 20, source="municipality"),
            )
        },
    )
    d = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED, "forwarded_on": "2024-03-04"})
    assert d.outcome["days"] == 20 and d.outcome["default_used"] is False
    assert d.outcome["judge_until"] == dt.date(2024, 3, 25)  # 24/03 is a Sunday


def test_lei_9784_art_59_1_taxi_the_regulations_period_to_reconsider_moves_the_receipt():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.procedure_reconsideration_days": (
                DatedValue(dt.date(2018, 1, 1), 10, source="municipality"),
            )
        },
    )
    d = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED})
    assert d.outcome["received_on"] == dt.date(2024, 3, 12)  # the day after 11/03
    assert d.outcome["judge_until"] == dt.date(2024, 4, 11)


def test_lei_9784_art_59_1_taxi_an_appeal_before_the_law_is_not_counted(ipatinga):
    d = ask(QID, ipatinga(ON), {"appeal_filed_on": "2017-01-02"})
    assert d.outcome is None


@pytest.mark.parametrize("law", ["ipatinga.mototaxi-2013"])
def test_lei_9784_art_59_1_the_mototaxi_law_sets_no_period_to_judge(law):
    assert not interfaces.answers(law, "appeal_judgment")
    assert interfaces.answers("ipatinga.taxi-2017", "appeal_judgment")
