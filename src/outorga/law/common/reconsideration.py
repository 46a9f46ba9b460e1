"""Lei 9.784/1999 art. 56, §1º, where a municipal law leaves its procedure to a regulation and the
regulation is silent (decision D-17): "O recurso será dirigido à autoridade que proferiu a
decisão, a qual, se não a reconsiderar no prazo de cinco dias, o encaminhará à autoridade
superior". Shared by every law that follows that default (the apps law's art. 26 sole paragraph,
the taxi law's art. 43); each law gives its own period (``days`` and the reason saying where they
come from), its rule id and its own articles (``grounds``).
"""

from __future__ import annotations

import datetime as dt

from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Reason
from outorga.law.rulebook import fmt as _fmt
from outorga.law.rules import check

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
