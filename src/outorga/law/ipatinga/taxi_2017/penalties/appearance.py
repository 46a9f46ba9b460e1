"""D-17 on the notice of a taxi case: the law leaves the procedure to a regulation (art. 43); until
it says otherwise, Lei 9.784/1999 art. 26 §5 — "o comparecimento do administrado supre sua falta ou
irregularidade". The rule is the shared one (:mod:`outorga.law.common.appearance`). Never the
mototaxi law's procedure, which has its own notice (its art. 29) and answers no such question.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import appearance
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from .._base import DATE, LAW, answer, day, decide, rule_id
from .deadlines import PROCEDURE, PROCEDURE_BY_DEFAULT


@question(
    "ipatinga.taxi-2017.notice_by_appearance",
    law=LAW,
    title="O comparecimento do interessado ao processo supre a notificação ainda não entregue?",
    schema=appearance.question_schema(DATE),
)
def appearance_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether the holder who comes forward on ``appeared_on`` — files a defence or an appeal —
    before the notice reached him is notified that day: yes, by Lei 9.784/1999 art. 26 §5, the
    default where the regulation of art. 43 is silent (D-17); the period runs from that day
    (D-4)."""
    qid = "ipatinga.taxi-2017.notice_by_appearance"
    appeared_on = day(facts["appeared_on"])

    def build() -> Decision:
        outcome, reasons, summary = appearance.notice_by_appearance(
            facts, rule=rule_id("d_17_art_26_5_appearance"), grounds=PROCEDURE
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, appeared_on, PROCEDURE_BY_DEFAULT, build)
