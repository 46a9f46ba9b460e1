"""Art. 41, III and §5: the vehicle taken to the depot as the penalty of apreensão — only after
the notice to the permissionário and the defence (art. 41 caput: "observados o contraditório e a
ampla defesa") —, told apart from the removal of art. 42, II, an administrative measure the agent
applies at the act and records on the auto (art. 42 caput, §4). ADR 0068.

The law names both: "apreensão do veículo" among the penalties (art. 41, III), which §5 says
"deverão ser precedidas da notificação ao permissionário", and "retenção" and "remoção do veículo"
among the measures (art. 42, I–II), "além das penalidades" and without that notice. A vehicle that
enters the depot is therefore either removed at the act — the measure the auto recorded — or
seized as the penalty of its process, after the notice and once the defence was judged or its
period ended.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from .._base import DATE, LAW, answer, art, day, decide, fmt, has_refusal, opt_day, rule_id
from ..illegal_transport import MEASURES
from .imposition import art_41_par_5_prior_notice

#: The measure of art. 42 that takes the vehicle to the depot at the act.
REMOVAL = "remocao"


def art_42_ii_removal_at_the_act(measures: list[str]) -> Reason:
    """Art. 42, II and §4: the removal of the vehicle is an administrative measure the agent
    applies with the auto, "além das penalidades" — it is not the penalty of art. 41, III, and
    the notice of art. 41, §5 does not precede it. It holds only when the auto recorded it."""
    return check(
        rule_id("art_42_ii_removal_at_the_act"),
        REMOVAL in measures,
        "Remoção do veículo aplicada no ato da autuação, registrada no auto: medida "
        "administrativa (art. 42, II), sem a notificação prévia das penalidades (art. 41, §5º).",
        "O auto não registra a remoção do veículo no ato (art. 42, II).",
        art(42, inc="II"),
        art(42, 4),
        facts={"medidas_do_auto": list(measures)},
    )


def art_41_iii_seizure_as_penalty() -> Reason:
    """Art. 41, III: without the removal at the act, the vehicle taken to the depot is the
    penalty of apreensão, applied in the auto's process."""
    return reason(
        rule_id("art_41_iii_seizure_as_penalty"),
        Verdict.INFO,
        "Sem remoção no ato, a apreensão do veículo é a penalidade do art. 41, III, aplicada no "
        "processo do auto.",
        art(41, inc="III"),
    )


def art_41_caput_defence_pending(pending: bool) -> Reason:
    """Art. 41, caput: the penalties apply "observados o contraditório e a ampla defesa" — a
    defence filed and not yet judged holds the seizure back, even past its period (D-17); the
    notice of §5 is what opened that defence."""
    return check(
        rule_id("art_41_caput_defence_pending"),
        not pending,
        "Nenhuma defesa aguardando julgamento.",
        "Há defesa aguardando julgamento: a apreensão só pode ser aplicada depois dela "
        "(contraditório e ampla defesa; a notificação do art. 41, §5º abre a defesa).",
        art(41),
        art(41, 5),
        decision(17),
        facts={"defesa_pendente": pending},
    )


SEIZURE_GROUNDS_SCHEMA: dict[str, Any] = closed(
    {
        "committed_on": DATE,
        "seized_on": DATE,
        # The measures the auto recorded at the act (art. 42: ``measures``' codes).
        "measures": list_of({"enum": list(MEASURES)}, uniqueItems=True),
        # The notice of the auto's process to the permissionário (art. 41 §5), its defence.
        "notified_on": DATE,
        "defence_judged_on": DATE,
        "defence_pending": {"type": "boolean"},
    },
    required=["committed_on", "seized_on", "measures"],
)


@question(
    "ipatinga.taxi-2017.seizure_grounds",
    law=LAW,
    title="O veículo pode entrar no pátio: remoção no ato (art. 42, II) ou apreensão como "
    "penalidade (art. 41, III), após a notificação (art. 41, §5º)?",
    schema=SEIZURE_GROUNDS_SCHEMA,
)
def seizure_grounds_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.seizure_grounds"
    committed = day(facts["committed_on"])
    seized = day(facts["seized_on"])

    def build() -> Decision:
        removal = art_42_ii_removal_at_the_act(list(facts["measures"]))
        if removal.verdict is Verdict.OK:
            outcome = {"allowed": True, "grounds": "medida"}
            return decide(qid, ctx, outcome, [removal], "Remoção do veículo no ato (art. 42, II).")
        reasons: list[Reason] = [
            reason(removal.rule, Verdict.INFO, removal.message, *removal.citations),
            art_41_iii_seizure_as_penalty(),
            art_41_par_5_prior_notice(
                ctx,
                opt_day(facts.get("notified_on")),
                seized,
                opt_day(facts.get("defence_judged_on")),
            ),
            art_41_caput_defence_pending(bool(facts.get("defence_pending"))),
        ]
        ok = not has_refusal(reasons)
        summary = (
            f"Apreensão do veículo como penalidade (art. 41, III) em {fmt(seized)}."
            if ok
            else "A apreensão do veículo (art. 41, III) não pode ser aplicada: deve ser precedida "
            "da notificação ao permissionário e do prazo de defesa (art. 41, §5º)."
        )
        return decide(qid, ctx, {"allowed": ok, "grounds": "penalidade"}, reasons, summary)

    return answer(qid, ctx, committed, (art(41, inc="III"), art(41, 5)), build)
