"""D-17 on the annulment of the law's own acts: the mototaxi law (2013) gives the Secretaria the
penalties of warning, fine and suspension (art. 34) and a procedure of defence and appeals (art.
42–44), and says nothing of an auto or a penalty found illegal afterwards. By D-17 Lei 9.784/1999
art. 53 applies — "A Administração deve anular seus próprios atos, quando eivados de vício de
legalidade" (STF Súmula 473) —, with the reasons of art. 50 I and VIII; the rule is the shared
one (:mod:`outorga.law.common.annulment`). Who annuls is the competence table's ``case.annul``:
the Secretaria, which imposed the penalty (art. 34). Art. 54's five years do not limit it: the
annulment favours the holder. The revocation and the cassação (art. 34 §1, the Chief Executive's)
are not annulled here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import annulment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from ._common import DATE, LAW_ID, art, authority, decide

#: The article that gives the Secretaria the penalties it annuls (art. 34).
GROUNDS = (art(34),)
QID = "ipatinga.mototaxi-2013.case_annulment"


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
        rules=(
            "d_17_lei_9784_art_50_viii_grounds",
            "d_17_lei_9784_art_53_act_standing",
            "d_17_lei_9784_art_54_no_decadence",
            "d_17_lei_9784_art_53_who_annuls",
        ),
        base=GROUNDS,
        deciders=authority,
    )
    return decide(QID, ctx, outcome, reasons, summary)
