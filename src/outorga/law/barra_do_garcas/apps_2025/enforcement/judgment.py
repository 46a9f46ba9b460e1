"""Art. 26, parágrafo único with D-17: the superior authority's period to judge the appeal against
the decision on an inspector's auto (art. 26, III: the seizure's process) — the regulation's days
(art. 27), else the 30 of Lei 9.784/1999 art. 59 §1, "a partir do recebimento dos autos pelo
órgão competente": the day the appeal was sent up, else the day after the period to reconsider
(art. 56 §1; ADR 0078, 0084). The rule is the one a platform's appeal follows
(:func:`.appeals.art26_sole_appeal_judgment`); the enforcement app asks it as it asks the taxi
law's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import judgment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from .._base import DATE, LAW, art, day, decide, fmt
from .appeals import art26_sole_appeal_judgment


@question(
    "barra-do-garcas.apps-2025.appeal_judgment",
    law=LAW,
    title="Até quando a autoridade superior deve julgar o recurso contra a decisão do auto?",
    schema=judgment.question_schema(DATE),
)
def appeal_judgment(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The last day the superior authority should judge an appeal received by the authority that
    decided on ``appeal_filed_on`` (``judge_until``), counted from its receipt (``received_on``):
    the day it was sent up (``forwarded_on``), else the day after the period to reconsider. The
    days are read on the day of the appeal. With an extension's facts (``extended_on``), whether
    the superior authority may extend that period and its new last day (Lei 9.784/1999 art. 59
    §2, :func:`outorga.law.common.judgment.art59_2_extension`)."""
    qid = "barra-do-garcas.apps-2025.appeal_judgment"
    forwarded = facts.get("forwarded_on")
    outcome, reasons = art26_sole_appeal_judgment(
        ctx, day(facts["appeal_filed_on"]), day(forwarded) if forwarded else None
    )
    summary = f"Julgar até {fmt(outcome['judge_until'])} " + (
        f"({judgment.default_cited(LAW)})."
        if outcome["default_used"]
        else "(prazo do regulamento, art. 26, parágrafo único, e art. 27; decisão D-17)."
    )
    # Lei 9.784/1999 art. 59 §2: the superior authority's extension, where it is asked.
    extended = judgment.art59_2_extension(
        ctx,
        outcome,
        facts,
        rule="apps.art26.appeal_judgment_extension",
        grounds=(art(26, "único"),),
    )
    if extended is not None:
        reasons.append(extended)
        summary += judgment.extension_summary(outcome, LAW)
    return decide(qid, ctx, outcome, reasons, summary)
