"""D-17 on the appeal of a taxi case: the law leaves the procedure to a regulation (art. 43); until
it says otherwise, Lei 9.784/1999 art. 56 §1 — "O recurso será dirigido à autoridade que proferiu
a decisão, a qual, se não a reconsiderar no prazo de cinco dias, o encaminhará à autoridade
superior". The rule is the shared one (:mod:`outorga.law.common.reconsideration`); the period is
this law's procedure data (the regulation's days, else the default); who reconsiders and who is
the superior authority is the competence table's (``appeal.reconsider``,
``appeal.executive.judge``). Never the mototaxi law's JARI path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import reconsideration
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason
from outorga.law.questions import question

from .._base import DATE, LAW, answer, day, decide, deciders, rule_id
from .deadlines import PROCEDURE, PROCEDURE_BY_DEFAULT, d_17_procedure_days, default_used


def d_17_art_56_1_who_decides(on: Any) -> tuple[list[str], list[str], Reason]:
    """Who reconsiders (the authority that decided) and who judges the appeal sent up (the
    superior authority), as the competence table names them on the day of the act."""
    return reconsideration.who_decides(
        deciders, on, rule=rule_id("d_17_art_56_1_authorities"), grounds=PROCEDURE
    )


@question(
    "ipatinga.taxi-2017.appeal_reconsideration",
    law=LAW,
    title="A autoridade que decidiu ainda pode reconsiderar a decisão recorrida, ou o recurso já "
    "cabe à autoridade superior?",
    schema=reconsideration.question_schema(DATE),
)
def reconsideration_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """``reconsideration``: whether the authority that decided may reconsider, on ``decided_on``,
    the decision an appeal received on ``appeal_filed_on`` contests — within the period (the
    regulation's days, else the five of Lei 9.784/1999 art. 56 §1; D-17, D-4); ``superior``:
    whether the superior authority may judge it on ``decided_on`` — once sent up
    (``forwarded_on``) or after that period. ``reconsider_until`` is the period's last day."""
    qid = "ipatinga.taxi-2017.appeal_reconsideration"
    filed_on = day(facts["appeal_filed_on"])

    def build() -> Decision:
        days, why = d_17_procedure_days(ctx, "reconsideração", filed_on)
        outcome, reasons, summary = reconsideration.appeal_reconsideration(
            ctx,
            facts,
            days=int(days.value),
            why=why,
            default_used=default_used(why),
            grounds=PROCEDURE,
            rules=(
                rule_id("d_17_art_56_1_reconsideration"),
                rule_id("d_17_art_56_1_before_the_superior"),
            ),
            who=d_17_art_56_1_who_decides(day(facts["decided_on"])),
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, filed_on, PROCEDURE_BY_DEFAULT, build)
