"""Lei 9.784/1999 art. 59, §1º, where a municipal law leaves its procedure to a regulation and the
regulation is silent (decision D-17): "o recurso administrativo deverá ser decidido no prazo
máximo de trinta dias, a partir do recebimento dos autos pelo órgão competente" — the superior
authority, to which the authority that decided sends the appeal up if it does not reconsider
(art. 56 §1, :mod:`.reconsideration`). Shared by every law that follows that default (the apps
law's art. 26 sole paragraph, ADR 0078; the taxi law's art. 43, ADR 0084); each law gives its own
periods, its rule ids and its own articles (``grounds``).

Art. 59 §2 on the same default: "O prazo mencionado no parágrafo anterior poderá ser prorrogado
por igual período, ante justificativa explícita" — once, by the days the period had, with a
justification; only the §1 period: a period the regulation set is the regulation's, not "o prazo
mencionado no parágrafo anterior" (:func:`art59_2_extension`); and only while it runs — from the
receipt of the appeal (§1) to its last day: a period that has not begun, or that ended, has nothing
to be "prorrogado" (:func:`not_running`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision, render_many, render_within
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.rulebook import fmt
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

#: "a partir do recebimento dos autos pelo órgão competente".
FEDERAL_JUDGMENT_FROM_RECEIPT = cite("federal.9784-1999", 59, 1)

#: What a day counted by the default rests on: art. 59 §1, the default where the regulation is
#: silent (D-17).
DEFAULT_GROUNDS = (FEDERAL_JUDGMENT_FROM_RECEIPT, decision(17))

#: "O prazo mencionado no parágrafo anterior poderá ser prorrogado por igual período, ante
#: justificativa explícita."
FEDERAL_JUDGMENT_EXTENSION = cite("federal.9784-1999", 59, 2)


def extension_cited() -> str:
    """Art. 59 §2 as every text outside the law core names it — a page, a form's label, a
    service's refusal, an act's name ("Lei Federal 9.784/1999, art. 59, §2"): the rendering of
    :data:`FEDERAL_JUDGMENT_EXTENSION`, never written by hand beside it."""
    return FEDERAL_JUDGMENT_EXTENSION.render()


def extended_until(until: dt.date, extended_on: dt.date) -> str:
    """The last day to judge an appeal whose period was extended on ``extended_on`` (art. 59 §2),
    as a document writes it beside "até": "18/01/2027, prorrogado por igual período em 06/12/2026
    (Lei Federal 9.784/1999, art. 59, §2)" — the article rendered from its citation."""
    return f"{fmt(until)}, prorrogado por igual período em {fmt(extended_on)} ({extension_cited()})"


#: The facts of an extension (art. 59 §2), given together: its day, whether it was justified, and
#: whether the period had been extended before it.
EXTENSION_FACTS = ("extended_on", "justified", "extended_before")


def default_cited(law: str) -> str:
    """:data:`DEFAULT_GROUNDS` as a text of ``law`` writes them — a summary, a page beside the
    day ("Lei Federal 9.784/1999, art. 59, §1; decisão D-17") —, rendered from the citations,
    never written by hand beside them."""
    return render_within(DEFAULT_GROUNDS, law)


def question_schema(day: dict[str, Any]) -> dict[str, Any]:
    """The facts of an ``appeal_judgment`` question, the same under every law: when the authority
    that decided received the appeal, and when it sent it up, if it did; and, for the superior
    authority's extension of its period (art. 59 §2), the day of the extension, whether it was
    justified, and whether the period had already been extended — the extension already recorded
    is asked with ``extended_before`` false, to count its day again."""
    flag = {"type": "boolean"}
    schema = closed(
        {
            "appeal_filed_on": day,
            "forwarded_on": day,
            "extended_on": day,
            "justified": flag,
            "extended_before": flag,
        },
        required=["appeal_filed_on"],
    )
    # An extension's facts come together, or not at all (the same keywords in every draft).
    schema["anyOf"] = [
        {"not": {"anyOf": [{"required": [f]} for f in EXTENSION_FACTS]}},
        {"required": list(EXTENSION_FACTS)},
    ]
    return schema


def question_facts(
    filed_on: dt.date,
    forwarded_on: dt.date | None = None,
    extended_on: dt.date | None = None,
    *,
    justified: bool = True,
    extended_before: bool = False,
) -> dict[str, Any]:
    """The facts of an ``appeal_judgment`` question (:func:`question_schema`) for an appeal the
    authority that decided received on ``filed_on``, sent up on ``forwarded_on`` and whose period
    was extended on ``extended_on`` (art. 59 §2), where each happened."""
    facts: dict[str, Any] = {"appeal_filed_on": filed_on.isoformat()}
    if forwarded_on is not None:
        facts["forwarded_on"] = forwarded_on.isoformat()
    if extended_on is not None:
        facts.update(
            extended_on=extended_on.isoformat(),
            justified=justified,
            extended_before=extended_before,
        )
    return facts


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


def not_running(outcome: Mapping[str, Any], on: dt.date) -> str:
    """Why the period to judge counted in ``outcome`` (``received_on``, ``judge_until``) was not
    running on ``on``, empty where it was: art. 59 §1 has it run "a partir do recebimento dos autos
    pelo órgão competente" — the day of receipt included — to its last day, and §2 extends "o prazo
    mencionado no parágrafo anterior", a period that runs; before the receipt it has not begun,
    after its last day there is nothing left of it to extend."""
    received: dt.date = outcome["received_on"]
    last: dt.date = outcome["judge_until"]
    if on < received:
        return (
            f"Em {fmt(on)}, o prazo para julgar ainda não começou a correr (recebimento em "
            f"{fmt(received)}): a {FEDERAL_JUDGMENT_FROM_RECEIPT.render()}, o conta a partir do "
            "recebimento dos autos pelo órgão competente, e o §2 prorroga apenas o prazo que corre."
        )
    if on > last:
        return (
            f"Em {fmt(on)}, o prazo para julgar terminou em {fmt(last)}: não há prazo a prorrogar "
            f"({render_many((FEDERAL_JUDGMENT_FROM_RECEIPT, FEDERAL_JUDGMENT_EXTENSION))})."
        )
    return ""


def art59_2_extension(
    ctx: Context,
    outcome: dict[str, Any],
    facts: Mapping[str, Any],
    *,
    rule: str,
    grounds: tuple[Citation, ...],
) -> Reason | None:
    """Lei 9.784/1999 art. 59, §2º: "O prazo mencionado no parágrafo anterior poderá ser
    prorrogado por igual período, ante justificativa explícita". Where ``facts`` ask an extension
    (``extended_on``), whether the period to judge counted in ``outcome`` (``judge_until``,
    ``days``, ``default_used``) may be extended: only the §1 period — the law's default while the
    regulation is silent (D-17); a period the regulation set is its own, not "o prazo mencionado
    no parágrafo anterior" —, only once, only while it runs (:func:`not_running`: from the receipt,
    ``outcome["received_on"]``, to its last day; its own rule, ``<rule>_period_running``), and only
    with a justification. Allowed, the period runs its ``days`` again from its last day, counted by
    D-4 (a last day without business moves to the next business day), and
    ``outcome["judge_until"]`` becomes the new last day; ``outcome``
    gains ``extension`` (``allowed``, ``extended_on``, ``from``, ``until``). None, ``outcome``
    unchanged, where no extension is asked."""
    if "extended_on" not in facts:
        return None
    on = dt.date.fromisoformat(str(facts["extended_on"]))
    days = int(outcome["days"])
    last: dt.date = outcome["judge_until"]
    cites = (*grounds, decision(17), FEDERAL_JUDGMENT_EXTENSION)
    shown = {"prorrogado_em": on, "julgar_até": last, "dias": days}
    refused_by = rule
    if not outcome["default_used"]:
        refusal = (
            f"O prazo para julgar é o do regulamento ({days} dias do recebimento), não o da "
            f'{FEDERAL_JUDGMENT_FROM_RECEIPT.render()}: o §2 prorroga apenas "o prazo mencionado '
            'no parágrafo anterior" e não se aplica a ele (decisão D-17).'
        )
    elif facts["extended_before"]:
        refusal = (
            f"O prazo para julgar já foi prorrogado, até {fmt(last)}: a "
            f"{FEDERAL_JUDGMENT_EXTENSION.render()} admite uma prorrogação, por igual período."
        )
    elif not_running(outcome, on):
        refused_by = f"{rule}_period_running"
        refusal = not_running(outcome, on)
        cites = (*grounds, decision(17), FEDERAL_JUDGMENT_FROM_RECEIPT, FEDERAL_JUDGMENT_EXTENSION)
        shown["recebido_em"] = outcome["received_on"]
    elif not facts["justified"]:
        refusal = (
            "A prorrogação do prazo para julgar exige justificativa explícita "
            f"({FEDERAL_JUDGMENT_EXTENSION.render()})."
        )
    else:
        until, closed_day = judge_until(ctx, last, days)
        moved = (
            f" (o {days}º dia caiu em dia sem expediente — {closed_day} —, D-4)"
            if closed_day
            else ""
        )
        outcome["judge_until"] = until
        outcome["extension"] = {"allowed": True, "extended_on": on, "from": last, "until": until}
        return reason(
            rule,
            Verdict.OK,
            f"Prazo para julgar prorrogado em {fmt(on)} por igual período, ante justificativa "
            f"explícita: {days} dias a partir de {fmt(last)}, até {fmt(until)}{moved} "
            f"({FEDERAL_JUDGMENT_EXTENSION.render()}).",
            *cites,
            decision(4),
            facts={**shown, "prorrogado_até": until},
        )
    outcome["extension"] = {"allowed": False, "extended_on": on, "from": last, "until": None}
    return check(refused_by, False, "", refusal, *cites, facts=shown)


def may_extend(d: Decision, on: dt.date | None = None) -> bool:
    """Whether the day to judge of ``d`` — a law's answer to ``appeal_judgment`` — may still be
    extended under Lei 9.784/1999 art. 59 §2 (:func:`art59_2_extension`): counted by the §1
    default (D-17), not extended already, and, given the day ``on`` (a page's today), with the
    period running on it (:func:`not_running`: received, and not past its last day)."""
    out = d.outcome if isinstance(d.outcome, dict) else {}
    return (
        bool(out.get("judge_until"))
        and bool(out.get("default_used"))
        and not out.get("extension")
        and (on is None or not not_running(out, on))
    )


def extension_summary(outcome: Mapping[str, Any], law: str) -> str:
    """What ``law``'s summary adds of the extension it was asked (art. 59 §2), its citation
    rendered from the law core's: empty where none was."""
    ext = outcome.get("extension")
    if not ext:
        return ""
    cited = render_within((FEDERAL_JUDGMENT_EXTENSION,), law)
    if ext["allowed"]:
        return (
            f" Prazo prorrogado por igual período em {fmt(ext['extended_on'])}: julgar até "
            f"{fmt(ext['until'])} ({cited})."
        )
    return f" Prorrogação recusada ({cited})."


def basis(d: Decision, law: str) -> str:
    """What the day to judge of ``d`` — ``law``'s answer to ``appeal_judgment`` — rests on, as a
    page writes it beside the day: where the regulation set the days, its days and the articles of
    ``law`` by which they are the regulation's ("prazo do regulamento: 20 dias do recebimento —
    art. 43; decisão D-17"); else the regulation's silence filled by art. 59 §1 (D-17), which a
    regulation may still replace. The days are the answer's, read with the reason that read
    them."""
    days = d.outcome["days"]
    if d.outcome["default_used"]:
        counted = (
            f"prazo do regulamento ou, na falta, {days} dias do recebimento — {default_cited(law)}"
        )
    else:
        read = next((r for r in d.reasons if any(p.value == days for p in r.parameters)), None)
        where = f" — {render_within(read.citations, law)}" if read is not None else ""
        counted = f"prazo do regulamento: {days} dias do recebimento{where}"
    ext = d.outcome.get("extension")
    if not ext or not ext["allowed"]:
        return counted
    return (
        f"{counted}; prorrogado por igual período em {fmt(ext['extended_on'])}, de "
        f"{fmt(ext['from'])} — {render_within((FEDERAL_JUDGMENT_EXTENSION,), law)}"
    )
