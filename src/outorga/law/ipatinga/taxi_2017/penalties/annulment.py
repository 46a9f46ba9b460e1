"""D-17 on the annulment of the law's own acts: the taxi law (2017) leaves the procedure of its
penalties to a regulation (art. 43) and its operation to the Secretaria (art. 46); neither says
how an auto or a penalty found illegal afterwards is undone. By D-17 Lei 9.784/1999 art. 53
applies — "A Administração deve anular seus próprios atos, quando eivados de vício de legalidade"
(STF Súmula 473) —, with the reasons of art. 50 I and VIII; the rule is the shared one
(:mod:`outorga.law.common.annulment`). Who annuls is the competence table's ``case.annul``: the
Secretaria, which applies the fine (art. 41 II, 46). Art. 54's five years do not limit it: the
annulment favours the holder. The revocation (art. 15) and the cassação of the permission (art.
41 §4) are ``permission_annulment``'s: annulled by the Chief Executive who decided them (D-3,
D-17); the permission restored counts again in the quota of art. 3 §1–2.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation
from outorga.law.common import annulment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from .._base import DATE, LAW, answer, art, day, decide, deciders, rule_id
from ..service import art_3_par_1_quota

#: The articles the penalty and its procedure rest on (art. 41 II, 43, 46).
GROUNDS = (art(41, inc="II"), art(43), art(46))
QID = "ipatinga.taxi-2017.case_annulment"
#: The rule ids of the grounds (Lei 9.784/1999 art. 50), the act standing (art. 53), the
#: decadência (art. 54) and who annuls (art. 53 with the competence table).
RULES = (
    rule_id("d_17_lei_9784_art_50_viii_grounds"),
    rule_id("d_17_lei_9784_art_53_act_standing"),
    rule_id("d_17_lei_9784_art_54_no_decadence"),
    rule_id("d_17_lei_9784_art_53_who_annuls"),
)


@question(
    QID,
    law=LAW,
    title="O auto de infração ou a penalidade pode ser anulado de ofício, e por quem?",
    schema=annulment.question_schema(DATE),
)
def case_annulment_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Lei 9.784/1999 art. 53 with art. 50 I and VIII (D-17; art. 43, 46): whether the case's
    auto or penalty may be annulled of the administration's own motion on ``decided_on`` — the
    grounds stated (art. 50), the case not already annulled or closed in the holder's favour
    (art. 53) — and who annuls it (``decided_by``: the Secretaria, art. 41 II and 46). No
    decadência (art. 54)."""
    on = day(facts["decided_on"])

    def build() -> Decision:
        outcome, reasons, summary = annulment.case_annulment(
            facts,
            rules=RULES,
            base=GROUNDS,
            deciders=deciders,
        )
        return decide(QID, ctx, outcome, reasons, summary)

    return answer(QID, ctx, on, GROUNDS, build)


#: The articles the revocation and the cassação of the permission rest on (art. 15, 41 §4).
PERMISSION_GROUNDS = (art(15), art(41, 4))
PERMISSION_QID = "ipatinga.taxi-2017.permission_annulment"


def art_3_quota(ctx: Context) -> annulment.Quota:
    """Art. 3 §1–2 on the day of the annulment: one taxi per 1 200 inhabitants (D-7)."""

    def quota(service: str, on: Any, active: int) -> tuple[int | None, tuple[Citation, ...]]:
        q, reasons = art_3_par_1_quota(ctx, on, active)
        return q.quota, reasons[-1].citations

    return quota


@question(
    PERMISSION_QID,
    law=LAW,
    title="A revogação ou a cassação da permissão pode ser anulada de ofício, e por quem?",
    schema=annulment.permission_question_schema(DATE, ("taxi",)),
)
def permission_annulment_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Lei 9.784/1999 art. 53 with art. 50 I and VIII (D-17; art. 15, 41 §4): whether the
    revocation or the cassação of the permission may be annulled of the administration's own
    motion on ``decided_on`` — the grounds stated, the case not already annulled — and who annuls
    it (``decided_by``: the Chief Executive, D-3, D-17). No decadência (art. 54). The permission
    restored counts in the quota of art. 3 §1–2 again: over it, a warning, never a refusal."""
    on = day(facts["decided_on"])

    def build() -> Decision:
        outcome, reasons, summary = annulment.permission_annulment(
            facts,
            rules=(*RULES, rule_id("art_3_par_1_d_17_restored_permission_in_the_quota")),
            base=PERMISSION_GROUNDS,
            deciders=deciders,
            quota=art_3_quota(ctx),
        )
        return decide(PERMISSION_QID, ctx, outcome, reasons, summary)

    return answer(PERMISSION_QID, ctx, on, PERMISSION_GROUNDS, build)
