"""Lei 9.784/1999 art. 59, §2º on the apps law (art. 26, parágrafo único, D-17): the §1 period the
superior authority has to judge an appeal — the 30 days of the default while the regulation is
silent — "poderá ser prorrogado por igual período, ante justificativa explícita": once, from its
last day, counted by D-4. A period the regulation sets (art. 27) is not §1's, and §2 does not
extend it. The same rule as the taxi law's (``outorga.law.common.judgment``)."""

import dataclasses
import datetime as dt

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.common import judgment
from outorga.law.context import Context
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

QID = "barra-do-garcas.apps-2025.appeal_judgment"
ON = dt.date(2026, 12, 1)
# Received on Thursday 16/04/2026: the 30th day, Saturday 16/05, moved to Monday 18/05/2026.
FILED = "2026-04-10"
JUDGE = dt.date(2026, 5, 18)
EXTEND = {"extended_on": "2026-05-11", "justified": True, "extended_before": False}


def test_lei_9784_art_59_2_apps_the_period_is_extended_once_by_the_same_days(barra):
    d = ask(QID, barra(ON), {"appeal_filed_on": FILED, **EXTEND})
    assert d.eligibility == "ok"
    assert d.outcome["extension"]["from"] == JUDGE
    assert d.outcome["judge_until"] == dt.date(2026, 6, 17)  # 30 more days, a Wednesday
    assert "federal.9784-1999 art. 59, §2" in {c.compact() for c in d.citations}
    again = ask(QID, barra(ON), {"appeal_filed_on": FILED, **EXTEND, "extended_before": True})
    assert again.eligibility == "refused" and again.outcome["judge_until"] == JUDGE


def test_lei_9784_art_59_2_apps_the_regulations_period_is_not_extended():
    facts = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.procedure_appeal_judgment_days": (
                DatedValue(dt.date(2026, 1, 1), 20, source="municipality"),
            )
        },
    )
    plain = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED})
    assert plain.outcome["default_used"] is False and not judgment.may_extend(plain)
    d = ask(QID, Context(facts, ON), {"appeal_filed_on": FILED, **EXTEND})
    assert d.eligibility == "refused"
    assert d.outcome["judge_until"] == plain.outcome["judge_until"]
    assert "o prazo mencionado no parágrafo anterior" in d.to_text()


def test_lei_9784_art_59_2_apps_only_a_running_period_is_extended(barra):
    """Art. 59 §2 prorroga "o prazo mencionado no parágrafo anterior", which runs "a partir do
    recebimento dos autos pelo órgão competente" (§1): received on 16/04/2026, ending on
    18/05/2026. An extension after the last day, or before the receipt, is refused, the day
    unchanged; on either end, it is extended."""
    after = ask(QID, barra(ON), {"appeal_filed_on": FILED, **EXTEND, "extended_on": "2026-05-19"})
    assert after.eligibility == "refused" and after.outcome["judge_until"] == JUDGE
    assert after.outcome["extension"]["allowed"] is False
    assert "o prazo para julgar terminou em 18/05/2026: não há prazo a prorrogar" in after.to_text()
    before = ask(QID, barra(ON), {"appeal_filed_on": FILED, **EXTEND, "extended_on": "2026-04-15"})
    assert before.eligibility == "refused" and before.outcome["judge_until"] == JUDGE
    assert (
        "o prazo para julgar ainda não começou a correr (recebimento em 16/04/2026)"
        in before.to_text()
    )
    for d in (after, before):
        cited = {c.compact() for c in d.citations}
        assert {
            "federal.9784-1999 art. 59, §1",
            "federal.9784-1999 art. 59, §2",
            "outorga.decisions art. D-17",
        } <= cited
        assert [r.rule for r in d.reasons if r.verdict.value == "refused"] == [
            "apps.art26.appeal_judgment_extension_period_running"
        ]
    for on in ("2026-04-16", "2026-05-18"):
        d = ask(QID, barra(ON), {"appeal_filed_on": FILED, **EXTEND, "extended_on": on})
        assert d.eligibility == "ok"
