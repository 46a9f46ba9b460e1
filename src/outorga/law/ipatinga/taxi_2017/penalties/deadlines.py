"""D-17: the deadlines of the penalty's procedure, which the law leaves to a regulation (art. 43) —
the regulation's days, or Lei 9.784/1999 by default; D-4 counts them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.calendar import DEADLINE_CITATIONS
from outorga.law.citations import Citation, cite, decision
from outorga.law.common.filing import filed_in_time
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from .._base import DATE, LAW, answer, art, day, decide, fmt, optional_param, rule_id

LEI_9784 = "federal.9784-1999"

#: The law leaves the procedure of its penalties to a regulation (art. 43): the ground of every
#: procedure rule of this package (deadlines, reconsideration, judgment, notice by appearance).
PROCEDURE = (art(43),)
#: What a procedure question rests on while the regulation is silent: art. 43 filled by Lei
#: 9.784/1999 (decision D-17) — the articles a pending answer cites (``_base.answer``).
PROCEDURE_BY_DEFAULT = (*PROCEDURE, decision(17))

# --- D-17: procedure deadlines -------------------------------------------------------------------

STEPS: dict[str, tuple[str, str, tuple[int, int | None]]] = {
    # step: (taxi regulation parameter, Lei 9.784 default, Lei 9.784 article and paragraph)
    "defesa": ("procedure_defence_days", "procedure.default_defence_days", (44, None)),
    "recurso": ("procedure_appeal_days", "procedure.default_appeal_days", (59, None)),
    # Art. 56 §1: the authority that decided may reconsider before sending the appeal up.
    "reconsideração": (
        "procedure_reconsideration_days",
        "procedure.default_reconsideration_days",
        (56, 1),
    ),
    # Art. 59 §1: the superior authority judges within the days from receiving the appeal.
    "julgamento": (
        "procedure_appeal_judgment_days",
        "procedure.default_appeal_judgment_days",
        (59, 1),
    ),
}
#: The steps whose last day the ``appeal_deadline`` question gives (from a notice).
NOTICE_STEPS = ("defesa", "recurso")


#: Lei 9.784/1999 art. 66: "Os prazos começam a correr a partir da data da cientificação
#: oficial" — the notice each step's period runs from.
FEDERAL_PERIOD_FROM_NOTICE = cite(LEI_9784, 66)


def deadline_citations(step: str) -> tuple[Citation, ...]:
    """D-17: the articles by which the period of ``step`` (``defesa``, ``recurso``) runs from
    its notice — the law's art. 43, which leaves the procedure to the regulation, and the Lei
    9.784/1999 defaults (art. 44 for the defence, art. 59 for the appeal; art. 66)."""
    _, _, (article, par) = STEPS[step]
    return (*PROCEDURE_BY_DEFAULT, cite(LEI_9784, article, par), FEDERAL_PERIOD_FROM_NOTICE)


def d_17_procedure_days(ctx: Context, step: str, on: dt.date) -> tuple[ParameterValue, Reason]:
    """D-17: a lei do táxi deixa o procedimento ao regulamento (art. 43). Enquanto o regulamento
    não fixar o prazo, vale o padrão da Lei 9.784/1999 — 10 dias para a defesa (art. 44) e 10 dias
    para o recurso (art. 59), 5 dias para a autoridade que decidiu reconsiderar a decisão recorrida
    (art. 56, §1º), 30 dias para a autoridade superior julgar o recurso a partir do recebimento
    (art. 59, §1º) —, e a decisão diz que usou o padrão."""
    own, default, (article, par) = STEPS[step]
    federal = cite(LEI_9784, article, par)
    where = f"{article}, §{par}º" if par else str(article)
    regulation = optional_param(ctx, own, on)
    if regulation is not None:
        return regulation, reason(
            rule_id("d_17_procedure_days"),
            Verdict.INFO,
            f"Prazo de {step} fixado pelo regulamento do táxi: {regulation.value} dias.",
            *PROCEDURE_BY_DEFAULT,
            params=(regulation,),
        )
    value = ctx.param(default, on)
    return value, reason(
        rule_id("d_17_procedure_days"),
        Verdict.INFO,
        f"O regulamento do táxi (art. 43) não fixou o prazo de {step}; usa-se o padrão da Lei "
        f"9.784/1999, art. {where}: {value.value} dias (decisão D-17).",
        *PROCEDURE_BY_DEFAULT,
        federal,
        facts={"etapa": step, "padrão_usado": True},
        params=(value,),
    )


def default_used(why: Reason) -> bool:
    """Whether the period :func:`d_17_procedure_days` explains with ``why`` is Lei 9.784/1999's
    default, the regulation (art. 43) having set none (D-17)."""
    return bool(why.facts.get("padrão_usado"))


def d_4_deadline(
    ctx: Context, step: str, notified_on: dt.date, days: int
) -> tuple[dt.date, Reason]:
    """D-4: dias corridos, exclui o dia da notificação e inclui o último; último dia sem expediente
    passa ao próximo dia útil (Lei 9.784/1999, art. 66)."""
    last = ctx.calendar.deadline(notified_on, days)
    return last, reason(
        rule_id("d_4_deadline"),
        Verdict.INFO,
        f"Notificado em {fmt(notified_on)}: prazo de {step} de {days} dias termina em {fmt(last)}.",
        *DEADLINE_CITATIONS,
        facts={"notificação": notified_on, "dias": days, "último_dia": last},
    )


def art_43_d_17_filed_in_time(step: str, filed_on: dt.date, last: dt.date) -> Reason:
    """Art. 43 with D-17 and D-4: the defence or appeal presented up to the last day of its period
    (the regulation's days, else Lei 9.784/1999's, counted from the notice; the last day counts)
    is received; one presented after it is intempestivo (Lei 9.784/1999 art. 63, I)."""
    _, _, (article, par) = STEPS[step]
    return filed_in_time(
        rule_id("art_43_d_17_filed_in_time"),
        step,
        filed_on,
        last,
        *PROCEDURE_BY_DEFAULT,
        decision(4),
        cite(LEI_9784, article, par),
        cite(LEI_9784, 63, inc="I"),
    )


DEADLINE_SCHEMA: dict[str, Any] = closed(
    # ``filed_on``: the day the defence or appeal was presented, judged against the last day.
    {"step": {"enum": list(NOTICE_STEPS)}, "notified_on": DATE, "filed_on": DATE},
    required=["step", "notified_on"],
)


@question(
    "ipatinga.taxi-2017.appeal_deadline",
    law=LAW,
    title="Até quando vai o prazo de defesa ou de recurso num processo de táxi?",
    schema=DEADLINE_SCHEMA,
)
def deadline_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.appeal_deadline"
    notified = day(facts["notified_on"])
    step = facts["step"]
    filed = day(facts["filed_on"]) if "filed_on" in facts else None

    def build() -> Decision:
        days, source = d_17_procedure_days(ctx, step, notified)
        last, counted = d_4_deadline(ctx, step, notified, int(days.value))
        by_default = default_used(source)
        outcome: dict[str, Any] = {
            "step": step,
            "days": days.value,
            "deadline": last,
            "default_used": by_default,
        }
        summary = f"Prazo de {step} até {fmt(last)}" + (
            " (padrão da Lei 9.784/1999, decisão D-17)." if by_default else "."
        )
        reasons = [source, counted]
        if filed is not None:
            in_time = art_43_d_17_filed_in_time(step, filed, last)
            reasons.append(in_time)
            outcome["filed_in_time"] = in_time.verdict is Verdict.OK
            summary += " Apresentado a tempo." if outcome["filed_in_time"] else " Intempestivo."
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, notified, PROCEDURE_BY_DEFAULT, build)
