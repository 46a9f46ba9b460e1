"""Capítulo VIII — Disposições Finais (art. 27–29): when the law and the platforms' duties apply.

Other chapters import these rules, so they live in their own module even though they close the law.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from ._base import DATE, LAW, art, decide, decide_eligibility, fmt, param


def publication(ctx: Context) -> tuple[dt.date, ParameterValue]:
    """Art. 29: "Esta Lei entra em vigor na data de sua publicação".

    The publication date is a fact about the law, not a value that changes over time, so the newest
    recorded value is read whatever the reference date (a municipality corrects it by an override).
    """
    pv = param(ctx, "publication_date", dt.date.max)
    value = pv.value if isinstance(pv.value, dt.date) else dt.date.fromisoformat(str(pv.value))
    return value, pv


def law_in_force(ctx: Context, on: dt.date) -> Reason:
    """Art. 29: the law applies to facts from the date of its publication (D-15)."""
    published, pv = publication(ctx)
    in_force = on >= published
    return reason(
        "apps.art29.in_force",
        Verdict.OK if in_force else Verdict.REFUSED,
        (
            f"Em {fmt(on)} a Lei 4.976/2025 já estava em vigor (publicada em {fmt(published)})."
            if in_force
            else f"Em {fmt(on)} a Lei 4.976/2025 ainda não estava em vigor "
            f"(publicação em {fmt(published)}); o fato não é regido por ela."
        ),
        art(29),
        decision(15),
        facts={"data_do_fato": on, "publicação": published},
        params=(pv,),
    )


def not_in_force(
    qid: str,
    ctx: Context,
    on: dt.date | None = None,
    *,
    outcome: Any = "not_applicable",
    summary: str = "Lei não vigente.",
) -> Decision | None:
    """Art. 29: the answer to ``qid`` for a fact of ``on`` (default: the reference date) before the
    law's publication — ``outcome`` with the reason why — or None when the law applies."""
    in_force = law_in_force(ctx, ctx.as_of if on is None else on)
    if in_force.verdict is Verdict.REFUSED:
        return decide(qid, ctx, outcome, (in_force,), summary)
    return None


def eligibility_in_force(
    qid: str,
    ctx: Context,
    facts: Mapping[str, Any],
    requirements: Callable[[Context, Mapping[str, Any]], Iterable[Reason]],
    ok: str,
    refused: str,
    pending: str,
) -> Decision:
    """An eligibility under this law: before its publication (art. 29) :func:`not_in_force`;
    from it, :func:`decide_eligibility` of the ``requirements`` the ``facts`` meet, which are
    read only once the law applies."""
    if (before := not_in_force(qid, ctx)) is not None:
        return before
    return decide_eligibility(qid, ctx, requirements(ctx, facts), ok, refused, pending)


def not_in_force_in_month(
    qid: str, ctx: Context, last_day: dt.date, outcome: Any
) -> Decision | None:
    """:func:`not_in_force` for a monthly fact (the peak of art. 3, the ISSQN of art. 18–21),
    judged on the month's ``last_day``."""
    return not_in_force(qid, ctx, last_day, outcome=outcome, summary="Lei não vigente no mês.")


@dataclass(frozen=True)
class Adaptation:
    published: dt.date
    last_day: dt.date  # last day of the adaptation period
    enforceable_from: dt.date
    params: tuple[ParameterValue, ...]


def adaptation_period(ctx: Context) -> Adaptation:
    """Art. 28: "As plataformas terão um prazo de 60 (sessenta) dias após a publicação desta lei
    para se adequar às novas normas estabelecidas."

    Counted per D-4: the day of publication is excluded, the 60th day included, and a last day that
    is not a business day moves to the next one. The platforms' duties bind from the day after.
    """
    published, pub = publication(ctx)
    days = param(ctx, "adaptation_days", published)
    last = ctx.calendar.deadline(published, int(days.value))
    return Adaptation(published, last, last + dt.timedelta(days=1), (pub, days))


def platform_obligation_enforceable(ctx: Context, on: dt.date) -> tuple[bool, Reason]:
    """Art. 28: a platform's duty under this law is enforceable on ``on`` only after the 60 days.

    Returns the answer and an informative reason (OK when enforceable, INFO while adapting): callers
    decide what a duty not yet enforceable means for their question.
    """
    a = adaptation_period(ctx)
    enforceable = on >= a.enforceable_from
    days = a.params[1].value
    message = (
        f"Em {fmt(on)} as obrigações das plataformas já eram exigíveis: o prazo de adaptação de "
        f"{days} dias após a publicação ({fmt(a.published)}) terminou em {fmt(a.last_day)}."
        if enforceable
        else f"Em {fmt(on)} as plataformas ainda estavam no prazo de adaptação de {days} dias após "
        f"a publicação ({fmt(a.published)}), que termina em {fmt(a.last_day)}; a obrigação só é "
        f"exigível a partir de {fmt(a.enforceable_from)}."
    )
    return enforceable, reason(
        "apps.art28.adaptation_period",
        Verdict.OK if enforceable else Verdict.INFO,
        message,
        art(28),
        decision(4),
        facts={
            "data": on,
            "publicação": a.published,
            "último_dia_de_adaptação": a.last_day,
            "exigível_a_partir_de": a.enforceable_from,
        },
        params=a.params,
    )


@question(
    "barra-do-garcas.apps-2025.obligation_enforceable",
    law=LAW,
    title="As obrigações da plataforma já são exigíveis nesta data?",
    schema=closed({"on": DATE}),
)
def obligation_enforceable(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Is a platform's duty enforceable on ``on`` (default: the reference date)? (art. 28–29)"""
    on = dt.date.fromisoformat(facts["on"]) if "on" in facts else ctx.as_of
    in_force = law_in_force(ctx, on)
    enforceable, why = platform_obligation_enforceable(ctx, on)
    a = adaptation_period(ctx)
    outcome = {
        "enforceable": enforceable,
        "enforceable_from": a.enforceable_from,
        "adaptation_last_day": a.last_day,
    }
    return decide(
        "barra-do-garcas.apps-2025.obligation_enforceable",
        ctx,
        outcome,
        (in_force, why),
        "Obrigação exigível." if enforceable else "Obrigação ainda não exigível (art. 28).",
    )
