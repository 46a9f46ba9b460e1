"""Art. 26, parágrafo único (contraditório e ampla defesa) with D-17 on the appeal of an
inspector's auto (art. 26, III: the seizure's process): the law is silent on the procedure, so
Lei 9.784/1999 art. 56 §1 applies — the appeal goes to the authority that decided, who may
reconsider within five days of receiving it (the regulation's period once it sets one);
otherwise it goes up to the superior authority the competence table names."""

import dataclasses
import datetime as dt

from outorga.demo import BARRA_DO_GARCAS
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.parameters import DatedValue
from outorga.law.questions import ask

QID = "barra-do-garcas.apps-2025.appeal_reconsideration"
ON = dt.date(2026, 4, 20)
FILED = "2026-04-09"  # a Thursday: the five days end on Tuesday 14/04/2026 (D-4)


def reconsider(ctx: Context, on: str, by: str = "reconsideration", **more: str) -> Decision:
    return ask(QID, ctx, {"by": by, "appeal_filed_on": FILED, "decided_on": on, **more})


def test_art_26_sole_d_17_lei_9784_art_56_1_the_authority_reconsiders_on_the_fifth_day(barra):
    d = reconsider(barra(ON), "2026-04-14")
    assert d.outcome["allowed"] is True
    assert d.outcome["reconsider_until"] == dt.date(2026, 4, 14)
    assert d.outcome["default_used"] is True and d.outcome["days"] == 5
    assert {
        "federal.9784-1999 art. 56, §1",
        "barra-do-garcas.apps-2025 art. 26, §único",
        "outorga.decisions art. D-17",
        "outorga.decisions art. D-4",
    } <= {c.compact() for c in d.citations}


def test_art_26_sole_d_17_lei_9784_art_56_1_reconsideration_on_the_sixth_day_is_refused(barra):
    d = reconsider(barra(ON), "2026-04-15")
    assert d.outcome["allowed"] is False
    assert [r.rule for r in d.refusals] == ["apps.art26.reconsideration_in_time"]
    assert "art. 56, §1º" in d.summary


def test_art_26_sole_d_17_lei_9784_art_56_1_the_superior_judges_after_the_period_or_once_sent_up(
    barra,
):
    assert reconsider(barra(ON), "2026-04-14", by="superior").outcome["allowed"] is False
    assert reconsider(barra(ON), "2026-04-15", by="superior").outcome["allowed"] is True
    sent = reconsider(barra(ON), "2026-04-10", by="superior", forwarded_on="2026-04-10")
    assert sent.outcome["allowed"] is True
    early = reconsider(barra(ON), "2026-04-10", by="superior", forwarded_on="2026-04-13")
    assert early.outcome["allowed"] is False


def test_art_26_sole_d_3_who_reconsiders_and_who_judges_come_from_the_competence_table(barra):
    d = reconsider(barra(ON), "2026-04-10")
    assert d.outcome["reconsidered_by"] == ["autoridade"]
    assert d.outcome["judged_by"] == ["chefe_executivo"]


def test_art_27_d_17_the_regulation_s_period_replaces_the_five_days(barra):
    town = dataclasses.replace(
        BARRA_DO_GARCAS,
        overrides={
            "apps_2025.procedure_reconsideration_days": (
                DatedValue(dt.date(2025, 8, 1), 3, source="municipality"),
            )
        },
    )
    d = reconsider(Context(town, ON), "2026-04-13")
    assert d.outcome["days"] == 3 and d.outcome["default_used"] is False
    assert d.outcome["reconsider_until"] == dt.date(2026, 4, 13)
    assert reconsider(Context(town, ON), "2026-04-14").outcome["allowed"] is False
