"""D-17 on the annulment of the law's own acts: the mototaxi law (2013) gives the Secretaria the
penalties of warning, fine and suspension (art. 34) and a procedure of defence and appeals (art.
42–44), and says nothing of an auto or a penalty found illegal afterwards. By D-17 Lei 9.784/1999
art. 53 applies — "A Administração deve anular seus próprios atos, quando eivados de vício de
legalidade" (STF Súmula 473) —, with the reasons of art. 50 I and VIII; the rule is the shared
one (:mod:`outorga.law.common.annulment`). Who annuls is the competence table's ``case.annul``:
the Secretaria, which imposed the penalty (art. 34). Art. 54's five years do not limit it: the
annulment favours the holder. The revocation and the cassação of a permission (art. 34 §1, the
Chief Executive's after the process, D-3) are ``permission_annulment``'s: annulled by the Chief
Executive who decided them; the permission restored counts again in the quota of art. 10, I.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common import annulment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from ._common import DATE, LAW_ID, SERVICE_FACT, Service, art, authority, day, decide
from .permits.quotas import art_10_i_mototaxi_quota

#: The article that gives the Secretaria the penalties it annuls (art. 34).
GROUNDS = (art(34),)
QID = "ipatinga.mototaxi-2013.case_annulment"
#: The rule ids of the grounds (Lei 9.784/1999 art. 50), the act standing (art. 53), the
#: decadência (art. 54) and who annuls (art. 53 with the competence table).
RULES = (
    "d_17_lei_9784_art_50_viii_grounds",
    "d_17_lei_9784_art_53_act_standing",
    "d_17_lei_9784_art_54_no_decadence",
    "d_17_lei_9784_art_53_who_annuls",
)


@question(
    QID,
    law=LAW_ID,
    title="O auto de infração ou a penalidade pode ser anulado de ofício, e por quem?",
    schema=annulment.question_schema(DATE),
)
def case_annulment_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Lei 9.784/1999 art. 53 with art. 50 I and VIII (D-17; art. 34): whether the case's auto or
    penalty may be annulled of the administration's own motion on ``decided_on`` — the grounds
    stated (art. 50), the case not already annulled or closed in the holder's favour (art. 53) —
    and who annuls it (``decided_by``: the Secretaria, art. 34). No decadência (art. 54)."""
    outcome, reasons, summary = annulment.case_annulment(
        facts,
        rules=RULES,
        base=GROUNDS,
        deciders=authority,
    )
    return decide(QID, ctx, outcome, reasons, summary)


#: The articles the revocation and the cassação rest on (art. 31 V–VI, 32 II–III, 34 §1).
PERMISSION_GROUNDS = (art(31, inc="V"), art(31, inc="VI"), art(32, inc="II"), art(34, 1))
PERMISSION_QID = "ipatinga.mototaxi-2013.permission_annulment"


def art_10_quota(
    ctx: Context,
) -> annulment.Quota:
    """Art. 10 on the day of the annulment: the mototaxi quota (I: one per 300 inhabitants, D-7)
    or none for motofrete (II)."""

    def quota(service: str, on: Any, active: int) -> tuple[int | None, tuple[Citation, ...]]:
        if Service(service) is Service.MOTOFRETE:
            return None, (art(10, inc="II"),)
        _, limit = art_10_i_mototaxi_quota(ctx, on, active)
        return limit, (art(10, inc="I"), decision(7))

    return quota


@question(
    PERMISSION_QID,
    law=LAW_ID,
    title="A revogação ou a cassação da permissão pode ser anulada de ofício, e por quem?",
    schema=annulment.permission_question_schema(DATE, tuple(SERVICE_FACT["enum"])),
)
def permission_annulment_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Lei 9.784/1999 art. 53 with art. 50 I and VIII (D-17; art. 31 V–VI, 32 II–III, 34 §1):
    whether the revocation or cassação of a permission may be annulled of the administration's
    own motion on ``decided_on`` — the grounds stated, the case not already annulled — and who
    annuls it (``decided_by``: the Chief Executive, art. 34 §1, D-3). No decadência (art. 54).
    The permission restored counts in the quota of art. 10 again: over it, a warning, never a
    refusal (the place was never lawfully free)."""
    day(facts["decided_on"])
    outcome, reasons, summary = annulment.permission_annulment(
        facts,
        rules=(*RULES, "art_10_d_17_restored_permission_in_the_quota"),
        base=PERMISSION_GROUNDS,
        deciders=authority,
        quota=art_10_quota(ctx),
    )
    return decide(PERMISSION_QID, ctx, outcome, reasons, summary)
