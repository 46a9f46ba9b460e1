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

from outorga.law.citations import decision
from outorga.law.common import reconsideration
from outorga.law.competence import role_names
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from .._base import DATE, LAW, answer, art, day, decide, deciders, fmt, has_refusal, rule_id
from .deadlines import d_17_procedure_days

GROUNDS = (art(43),)
BY = ("reconsideration", "superior")


def d_17_art_56_1_who_decides(on: Any) -> tuple[list[str], list[str], Reason]:
    """Who reconsiders (the authority that decided) and who judges the appeal sent up (the
    superior authority), as the competence table names them on the day of the act."""
    first, first_cites = deciders("appeal.reconsider", on)
    superior, superior_cites = deciders("appeal.executive.judge", on)
    return (
        first,
        superior,
        reason(
            rule_id("d_17_art_56_1_authorities"),
            Verdict.INFO,
            f"Reconsidera: {role_names(first) or 'a autoridade que decidiu'}; julga o recurso "
            f"encaminhado: {role_names(superior) or 'a autoridade superior'} (autoridade "
            "superior).",
            *dict.fromkeys((*GROUNDS, decision(17), *first_cites, *superior_cites)),
            facts={"reconsidera": first, "julga": superior},
        ),
    )


@question(
    "ipatinga.taxi-2017.appeal_reconsideration",
    law=LAW,
    title="A autoridade que decidiu ainda pode reconsiderar a decisão recorrida, ou o recurso já "
    "cabe à autoridade superior?",
    schema=closed(
        {
            "by": {"enum": list(BY)},
            "appeal_filed_on": DATE,
            "decided_on": DATE,
            "forwarded_on": DATE,
        },
        required=["by", "appeal_filed_on", "decided_on"],
    ),
)
def reconsideration_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """``reconsideration``: whether the authority that decided may reconsider, on ``decided_on``,
    the decision an appeal received on ``appeal_filed_on`` contests — within the period (the
    regulation's days, else the five of Lei 9.784/1999 art. 56 §1; D-17, D-4); ``superior``:
    whether the superior authority may judge it on ``decided_on`` — once sent up
    (``forwarded_on``) or after that period. ``reconsider_until`` is the period's last day."""
    qid = "ipatinga.taxi-2017.appeal_reconsideration"
    filed_on, decided_on = day(facts["appeal_filed_on"]), day(facts["decided_on"])
    forwarded = facts.get("forwarded_on")

    def build() -> Decision:
        days, why = d_17_procedure_days(ctx, "reconsideração", filed_on)
        common: dict[str, Any] = {
            "days": int(days.value),
            "why": why,
            "grounds": GROUNDS,
        }
        last = reconsideration.reconsider_until(ctx, filed_on, int(days.value))
        reasons: list[Reason]
        if facts["by"] == "reconsideration":
            _, reasons = reconsideration.art56_1_reconsideration_in_time(
                ctx, filed_on, decided_on, rule=rule_id("d_17_art_56_1_reconsideration"), **common
            )
        else:
            reasons = reconsideration.art56_1_superior_after_reconsideration(
                ctx,
                filed_on,
                decided_on,
                day(forwarded) if forwarded else None,
                rule=rule_id("d_17_art_56_1_before_the_superior"),
                **common,
            )
        first, superior, who = d_17_art_56_1_who_decides(decided_on)
        reasons.append(who)
        allowed = not has_refusal(reasons)
        outcome = {
            "by": facts["by"],
            "allowed": allowed,
            "reconsider_until": last,
            "days": int(days.value),
            "default_used": bool(why.facts.get("padrão_usado")),
            "reconsidered_by": first,
            "judged_by": superior,
        }
        if facts["by"] == "reconsideration":
            summary = (
                f"A autoridade que decidiu pode reconsiderar até {fmt(last)}."
                if allowed
                else f"Prazo de reconsideração encerrado em {fmt(last)}: o recurso cabe à "
                "autoridade superior (Lei 9.784/1999, art. 56, §1º)."
            )
        else:
            summary = (
                "O recurso está com a autoridade superior, que o julga."
                if allowed
                else f"O recurso está com a autoridade que decidiu, que pode reconsiderar até "
                f"{fmt(last)} (Lei 9.784/1999, art. 56, §1º)."
            )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, filed_on, (*GROUNDS, decision(17)), build)
