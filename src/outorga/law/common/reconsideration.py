"""Lei 9.784/1999 art. 56, §1º, where a municipal law leaves its procedure to a regulation and the
regulation is silent (decision D-17): "O recurso será dirigido à autoridade que proferiu a
decisão, a qual, se não a reconsiderar no prazo de cinco dias, o encaminhará à autoridade
superior". Shared by every law that follows that default (the apps law's art. 26 sole paragraph,
the taxi law's art. 43); each law gives its own period (``days`` and the reason saying where they
come from), its rule id and its own articles (``grounds``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.competence import role_names
from outorga.law.context import Context
from outorga.law.decisions import Reason, Verdict
from outorga.law.rulebook import fmt as _fmt
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

FEDERAL_RECONSIDERATION = cite("federal.9784-1999", 56, 1)


def cites_of(grounds: tuple[Citation, ...]) -> tuple[Citation, ...]:
    """What the period to reconsider rests on: the law's own silence (``grounds``) filled by Lei
    9.784/1999 (D-17), counted by D-4."""
    return (*grounds, decision(4), decision(17), FEDERAL_RECONSIDERATION)


def reconsider_until(ctx: Context, appeal_filed_on: dt.date, days: int) -> dt.date:
    """The last day the authority that decided may reconsider an appeal received on
    ``appeal_filed_on``: ``days`` counted by D-4 (Lei 9.784/1999 art. 66)."""
    return ctx.calendar.deadline(appeal_filed_on, days)


def art56_1_reconsideration_in_time(
    ctx: Context,
    appeal_filed_on: dt.date,
    decided_on: dt.date,
    *,
    days: int,
    why: Reason,
    rule: str,
    grounds: tuple[Citation, ...],
) -> tuple[dt.date, list[Reason]]:
    """Lei 9.784/1999 art. 56, §1º (D-17): the authority that decided may reconsider the decision
    appealed against within the period from receiving the appeal (``days``, D-4); after its last
    day only the superior authority decides."""
    last = reconsider_until(ctx, appeal_filed_on, days)
    return last, [
        why,
        check(
            rule,
            appeal_filed_on <= decided_on <= last,
            f"Reconsideração em {_fmt(decided_on)}, no prazo que termina em {_fmt(last)} (recurso "
            f"recebido em {_fmt(appeal_filed_on)}).",
            f"Reconsideração em {_fmt(decided_on)} fora do prazo, encerrado em {_fmt(last)} "
            f"(recurso recebido em {_fmt(appeal_filed_on)}): o recurso segue à autoridade "
            "superior, que o julga (Lei 9.784/1999, art. 56, §1º).",
            *cites_of(grounds),
            facts={
                "recurso_recebido_em": appeal_filed_on,
                "último_dia": last,
                "reconsiderado_em": decided_on,
            },
        ),
    ]


def art56_1_superior_after_reconsideration(
    ctx: Context,
    appeal_filed_on: dt.date,
    decided_on: dt.date,
    forwarded_on: dt.date | None,
    *,
    days: int,
    why: Reason,
    rule: str,
    grounds: tuple[Citation, ...],
) -> list[Reason]:
    """Lei 9.784/1999 art. 56, §1º (D-17): the appeal is addressed to the authority that decided,
    "a qual, se não a reconsiderar no prazo de cinco dias, o encaminhará à autoridade superior".
    The superior authority judges it once it is sent up — the deciding authority kept its
    decision — or, when it was not, from the day after the period to reconsider (D-4); before,
    the appeal is not yet before it."""
    if forwarded_on is not None:
        return [
            check(
                rule,
                forwarded_on <= decided_on,
                f"Recurso encaminhado à autoridade superior em {_fmt(forwarded_on)}; julgado em "
                f"{_fmt(decided_on)}.",
                f"Recurso encaminhado à autoridade superior somente em {_fmt(forwarded_on)}: não "
                f"pode ser julgado por ela em {_fmt(decided_on)}.",
                *grounds,
                decision(17),
                FEDERAL_RECONSIDERATION,
                facts={"encaminhado_em": forwarded_on, "julgado_em": decided_on},
            )
        ]
    last = reconsider_until(ctx, appeal_filed_on, days)
    return [
        why,
        check(
            rule,
            decided_on > last,
            f"A autoridade que decidiu não reconsiderou até {_fmt(last)} (recurso recebido em "
            f"{_fmt(appeal_filed_on)}): o recurso cabe à autoridade superior.",
            f"O recurso recebido em {_fmt(appeal_filed_on)} está com a autoridade que proferiu a "
            f"decisão, que pode reconsiderá-la até {_fmt(last)}; a autoridade superior o julga "
            "depois que ela o encaminhar ou desse dia (Lei 9.784/1999, art. 56, §1º).",
            *cites_of(grounds),
            facts={
                "recurso_recebido_em": appeal_filed_on,
                "último_dia_para_reconsiderar": last,
                "julgado_em": decided_on,
            },
        ),
    ]


#: Who asks: the authority that decided, to reconsider; the superior one, to judge.
BY = ("reconsideration", "superior")


def question_schema(day: dict[str, Any]) -> dict[str, Any]:
    """The facts of an ``appeal_reconsideration`` question, the same under every law: who asks
    (``by``), when the appeal was received and the act's day, and when it was sent up, if it was."""
    return closed(
        {
            "by": {"enum": list(BY)},
            "appeal_filed_on": day,
            "decided_on": day,
            "forwarded_on": day,
        },
        required=["by", "appeal_filed_on", "decided_on"],
    )


def who_decides(
    deciders: Callable[[str, dt.date], tuple[list[str], tuple[Citation, ...]]],
    on: dt.date,
    *,
    rule: str,
    grounds: tuple[Citation, ...],
) -> tuple[list[str], list[str], Reason]:
    """Who reconsiders (the authority that decided) and who judges the appeal sent up (the
    superior authority), as the law's competence table names them on the day of the act."""
    first, first_cites = deciders("appeal.reconsider", on)
    superior, superior_cites = deciders("appeal.executive.judge", on)
    return (
        first,
        superior,
        reason(
            rule,
            Verdict.INFO,
            f"Reconsidera: {role_names(first) or 'a autoridade que decidiu'}; julga o recurso "
            f"encaminhado: {role_names(superior) or 'a autoridade superior'} (autoridade "
            "superior).",
            *dict.fromkeys((*grounds, decision(17), *first_cites, *superior_cites)),
            facts={"reconsidera": first, "julga": superior},
        ),
    )


def appeal_reconsideration(
    ctx: Context,
    facts: Mapping[str, Any],
    *,
    days: int,
    why: Reason,
    default_used: bool,
    grounds: tuple[Citation, ...],
    rules: tuple[str, str],
    who: tuple[list[str], list[str], Reason],
) -> tuple[dict[str, Any], list[Reason], str]:
    """The ``appeal_reconsideration`` answer of a law that follows Lei 9.784/1999 art. 56 §1
    (D-17): ``reconsideration`` — may the authority that decided reconsider, on ``decided_on``,
    the decision an appeal received on ``appeal_filed_on`` contests, within the law's period
    (``days``, where ``why`` says they come from — ``default_used`` when from Lei 9.784/1999; D-4); ``superior`` — may the superior authority
    judge it on ``decided_on``, once sent up (``forwarded_on``) or after that period. ``rules``:
    the law's ids of the two checks; ``who``: :func:`who_decides`. The outcome, the reasons and
    the summary; ``reconsider_until`` is the period's last day."""
    filed_on = dt.date.fromisoformat(facts["appeal_filed_on"])
    decided_on = dt.date.fromisoformat(facts["decided_on"])
    forwarded = facts.get("forwarded_on")
    last = reconsider_until(ctx, filed_on, days)
    reasons: list[Reason]
    if facts["by"] == "reconsideration":
        _, reasons = art56_1_reconsideration_in_time(
            ctx, filed_on, decided_on, days=days, why=why, rule=rules[0], grounds=grounds
        )
    else:
        reasons = art56_1_superior_after_reconsideration(
            ctx,
            filed_on,
            decided_on,
            dt.date.fromisoformat(forwarded) if forwarded else None,
            days=days,
            why=why,
            rule=rules[1],
            grounds=grounds,
        )
    first, superior, named = who
    reasons.append(named)
    allowed = not any(r.verdict is Verdict.REFUSED for r in reasons)
    outcome = {
        "by": facts["by"],
        "allowed": allowed,
        "reconsider_until": last,
        "days": days,
        "default_used": default_used,
        "reconsidered_by": first,
        "judged_by": superior,
    }
    if facts["by"] == "reconsideration":
        summary = (
            f"A autoridade que decidiu pode reconsiderar até {_fmt(last)}."
            if allowed
            else f"Prazo de reconsideração encerrado em {_fmt(last)}: o recurso cabe à "
            "autoridade superior (Lei 9.784/1999, art. 56, §1º)."
        )
    else:
        summary = (
            "O recurso está com a autoridade superior, que o julga."
            if allowed
            else f"O recurso está com a autoridade que decidiu, que pode reconsiderar até "
            f"{_fmt(last)} (Lei 9.784/1999, art. 56, §1º)."
        )
    return outcome, reasons, summary
