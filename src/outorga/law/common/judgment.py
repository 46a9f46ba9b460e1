"""Lei 9.784/1999 art. 59, §1º, where a municipal law leaves its procedure to a regulation and the
regulation is silent (decision D-17): "o recurso administrativo deverá ser decidido no prazo
máximo de trinta dias, a partir do recebimento dos autos pelo órgão competente" — the superior
authority, to which the authority that decided sends the appeal up if it does not reconsider
(art. 56 §1, :mod:`.reconsideration`). Shared by every law that follows that default (the apps
law's art. 26 sole paragraph, ADR 0078; the taxi law's art. 43, ADR 0084); each law gives its own
periods, its rule ids and its own articles (``grounds``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.law.citations import Citation, cite, decision, render_within
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.rulebook import fmt
from outorga.law.rules import reason
from outorga.law.schemas import closed

#: "a partir do recebimento dos autos pelo órgão competente".
FEDERAL_JUDGMENT_FROM_RECEIPT = cite("federal.9784-1999", 59, 1)

#: What a day counted by the default rests on: art. 59 §1, the default where the regulation is
#: silent (D-17).
DEFAULT_GROUNDS = (FEDERAL_JUDGMENT_FROM_RECEIPT, decision(17))


def default_cited(law: str) -> str:
    """:data:`DEFAULT_GROUNDS` as a text of ``law`` writes them — a summary, a page beside the
    day ("Lei Federal 9.784/1999, art. 59, §1; decisão D-17") —, rendered from the citations,
    never written by hand beside them."""
    return render_within(DEFAULT_GROUNDS, law)


def question_schema(day: dict[str, Any]) -> dict[str, Any]:
    """The facts of an ``appeal_judgment`` question, the same under every law: when the authority
    that decided received the appeal, and when it sent it up, if it did."""
    return closed({"appeal_filed_on": day, "forwarded_on": day}, required=["appeal_filed_on"])


def art59_1_appeal_received(
    ctx: Context,
    filed_on: dt.date,
    forwarded_on: dt.date | None,
    *,
    reconsider_until: dt.date,
    rule: str,
    grounds: tuple[Citation, ...],
) -> tuple[dt.date, Reason]:
    """Lei 9.784/1999 art. 59 §1 (D-17): the period to judge an appeal runs "a partir do
    recebimento dos autos pelo órgão competente" — the superior authority. Its receipt is the day
    the appeal was sent up (``forwarded_on``); with none recorded, the day after the period to
    reconsider (``reconsider_until``, art. 56 §1), the first the superior authority may judge it
    (ADR 0078) — never the filing: the days the authority that decided holds it are not the
    superior's."""
    if forwarded_on is not None:
        received_on = forwarded_on
        message = (
            f"Recurso encaminhado à autoridade superior em {fmt(forwarded_on)}: o prazo para "
            "julgá-lo corre do recebimento."
        )
    else:
        received_on = reconsider_until + dt.timedelta(days=1)
        message = (
            f"Recurso recebido em {fmt(filed_on)} pela autoridade que decidiu, que pode "
            f"reconsiderá-lo até {fmt(reconsider_until)}; sem encaminhamento antes, chega à "
            f"autoridade superior em {fmt(received_on)}, e o prazo para julgá-lo corre desse dia."
        )
    return received_on, reason(
        rule,
        Verdict.INFO,
        message,
        *grounds,
        decision(17),
        decision(4),
        FEDERAL_JUDGMENT_FROM_RECEIPT,
        cite("federal.9784-1999", 56, 1),
        facts={
            "recurso_apresentado_em": filed_on,
            "encaminhado_em": forwarded_on,
            "recebido_pela_autoridade_superior_em": received_on,
        },
    )


def judge_until(ctx: Context, received_on: dt.date, days: int) -> tuple[dt.date, str]:
    """The last day to judge an appeal the superior authority received on ``received_on``:
    ``days`` counted by D-4 on the municipal calendar — the day of receipt excluded, a last day
    without business moved to the next business day (Lei 9.784/1999 art. 66, §1º) — and, when the
    ``days``-th day was closed, why (empty otherwise)."""
    last = ctx.calendar.deadline(received_on, days)
    return last, ctx.calendar.why_closed(received_on + dt.timedelta(days=days)) or ""


def basis(d: Decision, law: str) -> str:
    """What the day to judge of ``d`` — ``law``'s answer to ``appeal_judgment`` — rests on, as a
    page writes it beside the day: where the regulation set the days, its days and the articles of
    ``law`` by which they are the regulation's ("prazo do regulamento: 20 dias do recebimento —
    art. 43; decisão D-17"); else the regulation's silence filled by art. 59 §1 (D-17), which a
    regulation may still replace. The days are the answer's, read with the reason that read
    them."""
    days = d.outcome["days"]
    if d.outcome["default_used"]:
        return (
            f"prazo do regulamento ou, na falta, {days} dias do recebimento — {default_cited(law)}"
        )
    read = next((r for r in d.reasons if any(p.value == days for p in r.parameters)), None)
    where = f" — {render_within(read.citations, law)}" if read is not None else ""
    return f"prazo do regulamento: {days} dias do recebimento{where}"
