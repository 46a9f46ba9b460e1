"""D-17 on the annulment of the law's own acts: Lei 4.976/2025 gives the competent authority the
warning and the fine (art. 26 I–II), "mediante processo administrativo" (sole paragraph), and
says nothing of a penalty found illegal afterwards — imposed on the wrong platform or driver, by
an authority without competence, on a fact the law does not punish. By D-17 Lei 9.784/1999 art. 53
applies — "A Administração deve anular seus próprios atos, quando eivados de vício de legalidade"
(STF Súmula 473) —, with the reasons of art. 50 I and VIII; the rule is the shared one
(:mod:`outorga.law.common.annulment`). Who annuls is the competence table's ``case.annul``: the
authority that imposes the warning and the fine (art. 26 I–II), and the Chief Executive for the
credential's suspension and cancellation it decided on a proposal (art. 26 IV, D-3). Art. 54's
five years do not limit it: the annulment favours the one punished.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.common import annulment
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import question

from .._base import DATE, LAW, art, decide, deciders

#: The articles that give the authority the penalties it annuls (art. 26 I–II, sole paragraph).
GROUNDS = (art(26, inc="I"), art(26, inc="II"), art(26, "único"))
#: The articles of the credential's measures it annuls (art. 26 IV, sole paragraph).
CREDENTIAL_GROUNDS = (art(26, inc="IV"), art(26, "único"))
QID = "barra-do-garcas.apps-2025.case_annulment"
#: A warning or a fine (art. 26 I–II), or the credential's suspension or cancellation (art. 26
#: IV), at a stage of its process.
KINDS = ("warning", "fine", "credential_suspension", "credential_cancellation")
#: Who annuls each kind: the authority that imposes the warning and the fine (``case.annul``),
#: the Chief Executive who decides the credential's measures (``platform.suspend``, D-3).
ANNULLED_BY = {
    "credential_suspension": "platform.suspend",
    "credential_cancellation": "platform.suspend",
}
STAGES = ("awaiting_notice", "appeal_period", "under_appeal", "final", "annulled")


@question(
    QID,
    law=LAW,
    title="A penalidade aplicada à plataforma ou ao motorista (advertência, multa, suspensão ou "
    "cancelamento do credenciamento) pode ser anulada de ofício, e por quem?",
    schema=annulment.question_schema(DATE, KINDS, STAGES),
)
def case_annulment(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Lei 9.784/1999 art. 53 with art. 50 I and VIII (D-17; art. 26 I–II, IV): whether a penalty
    may be annulled of the administration's own motion on ``decided_on`` — the grounds stated
    (art. 50), the penalty not already annulled (art. 53) — and who annuls it (``decided_by``:
    the authority that imposed it). No decadência (art. 54)."""
    outcome, reasons, summary = annulment.case_annulment(
        facts,
        rules=(
            "apps.d_17_lei_9784_art_50_viii_grounds",
            "apps.d_17_lei_9784_art_53_act_standing",
            "apps.d_17_lei_9784_art_54_no_decadence",
            "apps.d_17_lei_9784_art_53_who_annuls",
        ),
        base=GROUNDS if facts["kind"] not in ANNULLED_BY else CREDENTIAL_GROUNDS,
        deciders=lambda action, on: deciders(ANNULLED_BY.get(facts["kind"], action), on),
        holder=("a", "plataforma") if facts["kind"] in ANNULLED_BY else ("o", "autuado"),
    )
    return decide(QID, ctx, outcome, reasons, summary)
