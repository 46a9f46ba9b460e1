"""Art. 26, parágrafo único (contraditório and ampla defesa): the person who comes forward in the
process of an inspector's auto is notified that day (Lei 9.784/1999 art. 26 §5; D-17)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import appearance
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from .._base import DATE, LAW, art, day, decide
from ..final_provisions import not_in_force

APPEARANCE_GROUNDS = (art(26, "único"),)


@question(
    "barra-do-garcas.apps-2025.notice_by_appearance",
    law=LAW,
    title="O comparecimento do interessado ao processo supre a notificação ainda não entregue?",
    schema=appearance.question_schema(DATE),
)
def notice_by_appearance(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The process of an inspector's auto (art. 26 III; sole paragraph: contraditório and ampla
    defesa): the person who comes forward on ``appeared_on`` — files a defence or an appeal —
    before the notice reached them is notified that day, by Lei 9.784/1999 art. 26 §5, the
    default where the law and its regulation are silent (D-17); the period runs from that day
    (D-4). The platforms' own penalties apply the same rule in ``penalty_appeal``."""
    qid = "barra-do-garcas.apps-2025.notice_by_appearance"
    appeared_on = day(facts["appeared_on"])
    before = not_in_force(
        qid, ctx, appeared_on, outcome=None, summary="Lei não vigente na data do fato."
    )
    if before is not None:
        return before
    outcome, reasons, summary = appearance.notice_by_appearance(
        facts, rule="apps.art26.appearance_supplies_notice", grounds=APPEARANCE_GROUNDS
    )
    return decide(qid, ctx, outcome, reasons, summary)
