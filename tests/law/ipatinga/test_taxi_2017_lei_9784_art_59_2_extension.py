"""Lei 9.784/1999 art. 59, §2º on a taxi appeal (art. 43, D-17): "O prazo mencionado no parágrafo
anterior poderá ser prorrogado por igual período, ante justificativa explícita". The period of §1
— the 30 days the law's default gives while the regulation is silent — may be extended once, by
as many days as it had, counted from its last day (D-4), with a justification. A period the
regulation set (art. 43) is the regulation's, not "o prazo mencionado no parágrafo anterior": §2
does not extend it."""

import dataclasses
import datetime as dt

import pytest

from outorga.demo import IPATINGA
from outorga.law.common import judgment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import FactsInvalid, ask

QID = "ipatinga.taxi-2017.appeal_judgment"
ON = dt.date(2024, 8, 20)
# Filed on Friday 01/03/2024: received by the superior authority on Thursday 07/03/2024, its 30th
# day (Saturday 06/04) moved to Monday 08/04/2024 (D-4).
FILED = "2024-03-01"
JUDGE = dt.date(2024, 4, 8)
EXTEND = {"extended_on": "2024-04-01", "justified": True, "extended_before": False}


def citations(d: Decision) -> set[str]:
    return {c.compact() for c in d.citations}


def extended(ctx: Context, **facts: object) -> Decision:
    return ask(QID, ctx, {"appeal_filed_on": FILED, **EXTEND, **facts})


def test_lei_9784_art_59_2_taxi_the_period_is_extended_once_by_the_same_30_days(ipatinga):
    plain = ask(QID, ipatinga(ON), {"appeal_filed_on": FILED})
    assert plain.outcome["judge_until"] == JUDGE and judgment.may_extend(plain)
    d = extended(ipatinga(ON))
    assert d.eligibility == "ok"
    # 30 more days from Monday 08/04/2024: Wednesday 08/05/2024.
    assert d.outcome["judge_until"] == dt.date(2024, 5, 8)
    assert d.outcome["extension"] == {
        "allowed": True,
        "extended_on": dt.date(2024, 4, 1),
        "from": JUDGE,
        "until": dt.date(2024, 5, 8),
    }
    assert {"federal.9784-1999 art. 59, §2", "ipatinga.taxi-2017 art. 43"} <= citations(d)
    assert "julgar até 08/05/2024 (Lei Federal 9.784/1999, art. 59, §2)." in d.summary
    assert not judgment.may_extend(d)  # once
    assert (
        "prorrogado por igual período em 01/04/2024, de 08/04/2024 — Lei Federal 9.784/1999, art. 59, §2"
        in (judgment.basis(d, "ipatinga.taxi-2017"))
    )


def test_lei_9784_art_59_2_taxi_the_extension_runs_the_days_the_period_had_not_a_constant():
    """The default's days as the parameters give them (here 40, as if the default changed): the
    period is extended by those days — "por igual período" —, never by a fixed 30."""
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "procedure.default_appeal_judgment_days": (
                DatedValue(dt.date(2018, 1, 1), 40, source="municipality"),
            )
        },
    )
    d = extended(Context(facts, ON))
    assert d.outcome["days"] == 40 and d.outcome["default_used"] is True
    # Received on 07/03/2024: 40 days end on Tuesday 16/04/2024; 40 more on Sunday 26/05/2024,
    # moved to Monday 27/05/2024 (D-4).
    assert d.outcome["extension"]["from"] == dt.date(2024, 4, 16)
    assert d.outcome["judge_until"] == dt.date(2024, 5, 27)


def test_lei_9784_art_59_2_taxi_a_second_extension_is_refused(ipatinga):
    d = extended(ipatinga(ON), extended_before=True)
    assert d.eligibility == "refused"
    assert d.outcome["judge_until"] == JUDGE and d.outcome["extension"]["allowed"] is False
    assert "já foi prorrogado" in d.to_text()
    assert "federal.9784-1999 art. 59, §2" in citations(d)


def test_lei_9784_art_59_2_taxi_an_extension_without_justification_is_refused(ipatinga):
    d = extended(ipatinga(ON), justified=False)
    assert d.eligibility == "refused" and d.outcome["judge_until"] == JUDGE
    assert "justificativa explícita" in d.to_text()


def test_lei_9784_art_59_2_taxi_the_regulations_own_period_is_not_extended_under_section_2():
    facts = dataclasses.replace(
        IPATINGA,
        overrides={
            "taxi_2017.procedure_appeal_judgment_days": (
                DatedValue(dt.date(2018, 1, 1), 20, source="municipality"),
            )
        },
    )
    plain = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED})
    assert not judgment.may_extend(plain)
    d = extended(Context(facts, ON))
    assert d.eligibility == "refused"
    assert d.outcome["judge_until"] == plain.outcome["judge_until"]
    assert "o prazo mencionado no parágrafo anterior" in d.to_text()
    assert {"federal.9784-1999 art. 59, §2", "outorga.decisions art. D-17"} <= citations(d)


def test_lei_9784_art_59_2_taxi_an_extensions_facts_come_together(ipatinga):
    assert extended(ipatinga(ON)).outcome["extension"]["allowed"] is True  # the three together
    with pytest.raises(FactsInvalid):
        ask(QID, ipatinga(ON), {"appeal_filed_on": FILED, "justified": True})
    with pytest.raises(FactsInvalid):
        ask(QID, ipatinga(ON), {"appeal_filed_on": FILED, "extended_on": "2024-04-01"})


def refusing(d: Decision) -> list[str]:
    return [r.rule for r in d.reasons if r.verdict.value == "refused"]


def test_lei_9784_art_59_2_taxi_an_extension_after_the_last_day_is_refused(ipatinga):
    """Art. 59 §2 prorroga "o prazo mencionado no parágrafo anterior": a period that ended on
    08/04/2024 has nothing left to extend — an extension dated 30/07/2024 is refused, the day
    unchanged; on the last day itself, it is still extended."""
    d = extended(ipatinga(ON), extended_on="2024-07-30")
    assert d.eligibility == "refused"
    assert d.outcome["judge_until"] == JUDGE and d.outcome["extension"]["allowed"] is False
    assert "o prazo para julgar terminou em 08/04/2024: não há prazo a prorrogar" in d.to_text()
    assert refusing(d) and all(r.endswith("_period_running") for r in refusing(d))
    assert {
        "federal.9784-1999 art. 59, §1",
        "federal.9784-1999 art. 59, §2",
        "outorga.decisions art. D-17",
    } <= citations(d)
    assert extended(ipatinga(ON), extended_on="2024-04-09").eligibility == "refused"
    last_day = extended(ipatinga(ON), extended_on="2024-04-08")
    assert last_day.eligibility == "ok" and last_day.outcome["judge_until"] == dt.date(2024, 5, 8)


def test_lei_9784_art_59_2_taxi_an_extension_before_the_receipt_is_refused(ipatinga):
    """Art. 59 §1: the period runs "a partir do recebimento dos autos pelo órgão competente" —
    07/03/2024, the day after the period to reconsider; an extension dated 02/03/2024, while the
    appeal was still with the authority that decided, is refused; on the day of receipt, it is
    extended."""
    d = extended(ipatinga(ON), extended_on="2024-03-02")
    assert d.eligibility == "refused"
    assert d.outcome["judge_until"] == JUDGE and d.outcome["extension"]["allowed"] is False
    assert (
        "o prazo para julgar ainda não começou a correr (recebimento em 07/03/2024)" in d.to_text()
    )
    assert refusing(d) and all(r.endswith("_period_running") for r in refusing(d))
    assert {
        "federal.9784-1999 art. 59, §1",
        "federal.9784-1999 art. 59, §2",
        "outorga.decisions art. D-17",
    } <= citations(d)
    assert extended(ipatinga(ON), extended_on="2024-03-06").eligibility == "refused"
    assert extended(ipatinga(ON), extended_on="2024-03-07").eligibility == "ok"
    # Sent up on 04/03/2024: received that day, an extension of that day is in the period.
    sent = extended(ipatinga(ON), forwarded_on="2024-03-04", extended_on="2024-03-04")
    assert sent.eligibility == "ok"
    early = extended(ipatinga(ON), forwarded_on="2024-03-04", extended_on="2024-03-03")
    assert "ainda não começou a correr (recebimento em 04/03/2024)" in early.to_text()


def test_lei_9784_art_59_2_taxi_may_extend_only_while_the_period_runs(ipatinga):
    plain = ask(QID, ipatinga(ON), {"appeal_filed_on": FILED})
    assert judgment.may_extend(plain, on=dt.date(2024, 3, 7))
    assert judgment.may_extend(plain, on=JUDGE)
    assert not judgment.may_extend(plain, on=dt.date(2024, 3, 6))
    assert not judgment.may_extend(plain, on=dt.date(2024, 4, 9))
