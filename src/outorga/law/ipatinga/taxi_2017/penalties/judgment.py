"""D-17 on the judgment of a taxi appeal: the law leaves the procedure to a regulation (art. 43);
until it sets the period, Lei 9.784/1999 art. 59 §1 — "o recurso administrativo deverá ser
decidido no prazo máximo de trinta dias, a partir do recebimento dos autos pelo órgão
competente". The superior authority (the competence table's ``appeal.executive.judge``) receives
the appeal on the day it is sent up, else on the day after the period to reconsider (art. 56 §1,
:mod:`.reconsideration`); the rule is the shared one (:mod:`outorga.law.common.judgment`, ADR
0078, 0084). Never the mototaxi law's path, which sets no period to judge.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import decision
from outorga.law.common import judgment, reconsideration
from outorga.law.competence import role_names
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import question
from outorga.law.rules import reason

from .._base import DATE, LAW, answer, day, decide, deciders, fmt, rule_id
from .deadlines import PROCEDURE, PROCEDURE_BY_DEFAULT, d_17_procedure_days, default_used


@question(
    "ipatinga.taxi-2017.appeal_judgment",
    law=LAW,
    title="Até quando a autoridade superior deve julgar o recurso num processo de táxi?",
    schema=judgment.question_schema(DATE),
)
def judgment_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The last day the superior authority should judge an appeal received by the authority that
    decided on ``appeal_filed_on`` (``judge_until``): the regulation's days, else the 30 of Lei
    9.784/1999 art. 59 §1 (D-17), counted by D-4 on the municipal calendar from its receipt
    (``received_on``) — the day it was sent up (``forwarded_on``), else the day after the period
    to reconsider (art. 56 §1). The days are read on the day of the appeal. With an extension's
    facts (``extended_on``), whether the superior authority may extend that period (Lei 9.784/1999
    art. 59 §2: once, by the same days, with a justification, only the default's period) and its
    new last day (:func:`outorga.law.common.judgment.art59_2_extension`)."""
    qid = "ipatinga.taxi-2017.appeal_judgment"
    filed_on = day(facts["appeal_filed_on"])
    forwarded = day(facts["forwarded_on"]) if facts.get("forwarded_on") else None

    def build() -> Decision:
        to_reconsider, _ = d_17_procedure_days(ctx, "reconsideração", filed_on)
        received_on, received = judgment.art59_1_appeal_received(
            ctx,
            filed_on,
            forwarded,
            reconsider_until=reconsideration.reconsider_until(
                ctx, filed_on, int(to_reconsider.value)
            ),
            rule=rule_id("d_17_art_59_1_appeal_received"),
            grounds=PROCEDURE,
        )
        days, why = d_17_procedure_days(ctx, "julgamento", filed_on)
        last, closed_day = judgment.judge_until(ctx, received_on, int(days.value))
        judges, judge_cites = deciders("appeal.executive.judge", filed_on)
        by_default = default_used(why)
        moved = (
            f" (o {days.value}º dia caiu em dia sem expediente — {closed_day} —, D-4)"
            if closed_day
            else ""
        )
        counted = reason(
            rule_id("d_17_art_59_1_judge_until"),
            Verdict.INFO,
            f"Julga o recurso: {role_names(judges) or 'a autoridade superior'} (autoridade "
            f"superior), até {fmt(last)}{moved} — {days.value} dias a partir do recebimento em "
            f"{fmt(received_on)}.",
            *dict.fromkeys(
                (
                    *PROCEDURE_BY_DEFAULT,
                    decision(4),
                    judgment.FEDERAL_JUDGMENT_FROM_RECEIPT,
                    *judge_cites,
                )
            ),
            facts={
                "recebido_em": received_on,
                "dias": days.value,
                "julgar_até": last,
                "julga": judges,
            },
        )
        outcome: dict[str, Any] = {
            "received_on": received_on,
            "judge_until": last,
            "days": days.value,
            "default_used": by_default,
            "judged_by": judges,
        }
        summary = f"Julgar até {fmt(last)} " + (
            f"({judgment.default_cited(LAW)})."
            if by_default
            else "(prazo do regulamento, art. 43; decisão D-17)."
        )
        reasons = [received, why, counted]
        # Lei 9.784/1999 art. 59 §2: the superior authority's extension, where it is asked.
        extended = judgment.art59_2_extension(
            ctx, outcome, facts, rule=rule_id("d_17_art_59_2_extension"), grounds=PROCEDURE
        )
        if extended is not None:
            reasons.append(extended)
            summary += judgment.extension_summary(outcome, LAW)
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, filed_on, PROCEDURE_BY_DEFAULT, build)
