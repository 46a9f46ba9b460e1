"""Art. 26, parágrafo único: the appeal against an imposed penalty, when the penalty is final
(D-1), and its reconsideration and partial provision (Lei 9.784/1999 art. 56 §1, 63, 64; D-17).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common import appearance, judgment, reconsideration
from outorga.law.competence import ROLE_LABELS, Role
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import number_br
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

from .._base import COUNT, DATE, LAW, art, day, decide, deciders, fmt, has_pending, has_refusal
from ..registration import art3_1_platform_cap_on_restoration, over_platform_cap
from .penalties import (
    PROPOSALS,
    art26_iv_suspension_period,
    default_used,
    procedure_days,
    upfbg_in_reais,
)

# --- art. 26 sole paragraph: the appeal against an imposed penalty (D-1, D-4, D-17) ---------------

#: Lei 9.784/1999, applied by default where the municipal law is silent (D-17): the appeal is
#: addressed to the authority that decided and judged by the superior one (art. 56 §1); a late
#: appeal is not heard (art. 63, I); a party who comes forward supplies the missing notice
#: (art. 26 §5); an appeal's decision states its facts and legal grounds (art. 50, V).
FEDERAL_APPEAL_NOT_HEARD = cite("federal.9784-1999", 63, inc="I")
FEDERAL_APPEARANCE_SUPPLIES_NOTICE = appearance.FEDERAL_APPEARANCE_SUPPLIES_NOTICE
FEDERAL_REASONED_DECISION = cite("federal.9784-1999", 50, inc="V")
FEDERAL_PARTIAL_PROVISION = cite("federal.9784-1999", 64)
APPEAL_RESULTS = ("none", "pending", "upheld", "partial", "dismissed")


def art26_sole_appeal_in_time(
    ctx: Context, notice_on: dt.date | None, filed_on: dt.date
) -> tuple[dt.date | None, list[Reason]]:
    """Art. 26, sole paragraph: penalties are applied "mediante processo administrativo,
    assegurado o contraditório e a ampla defesa" — the appeal against the penalty is part of the
    ampla defesa. The law sets no period: the regulation's, or by default 10 days from the notice
    of the decision (Lei 9.784/1999 art. 59; D-17), counted by D-4. An appeal filed after the last
    day is not heard (Lei 9.784/1999 art. 63, I); one filed before any notice was recorded is in
    time, the appearance supplying the notice (art. 26 §5)."""
    days, why = procedure_days(ctx, "appeal", notice_on or filed_on)
    if notice_on is None:
        return None, [
            why,
            reason(
                "apps.art26.appeal_in_time",
                Verdict.OK,
                f"Recurso apresentado em {fmt(filed_on)}, antes de registrada a notificação da "
                "decisão: o comparecimento da plataforma supre a notificação, e o recurso está no "
                "prazo.",
                art(26, "único"),
                decision(17),
                FEDERAL_APPEARANCE_SUPPLIES_NOTICE,
                facts={"apresentado_em": filed_on},
            ),
        ]
    last = ctx.calendar.deadline(notice_on, days)
    late_cites: tuple[Citation, ...] = (
        (decision(17), FEDERAL_APPEAL_NOT_HEARD) if default_used(why) else (art(27),)
    )
    closed = ctx.calendar.why_closed(notice_on + dt.timedelta(days=days))
    moved = f" (o {days}º dia caiu em dia sem expediente — {closed} —, D-4)" if closed else ""
    return last, [
        why,
        check(
            "apps.art26.appeal_in_time",
            filed_on <= last,
            f"Recurso apresentado em {fmt(filed_on)}, dentro do prazo que termina em {fmt(last)}"
            f"{moved} (notificação da decisão em {fmt(notice_on)}).",
            f"Recurso apresentado em {fmt(filed_on)}, depois do prazo, encerrado em {fmt(last)}"
            f"{moved} (notificação da decisão em {fmt(notice_on)}): recurso fora do prazo não é "
            "conhecido.",
            art(26, "único"),
            decision(4),
            *late_cites,
            facts={
                "notificação_da_decisão": notice_on,
                "dias": days,
                "último_dia": last,
                "apresentado_em": filed_on,
            },
        ),
    ]


@question(
    "barra-do-garcas.apps-2025.penalty_appeal",
    law=LAW,
    title="O recurso contra a penalidade aplicada foi apresentado no prazo? Até quando se julga?",
    schema=closed(
        {"decision_notice_on": DATE, "filed_on": DATE, "forwarded_on": DATE},
        required=["filed_on"],
    ),
)
def penalty_appeal(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether an appeal against a warning or fine (art. 26 I–II) filed on ``filed_on`` is heard,
    given the notice of the decision (``decision_notice_on``, absent when none was recorded), and
    by when the competent authority should judge it (regulation, else Lei 9.784/1999 art. 59 §1:
    30 days from receiving it; D-17) — from the day it was sent up (``forwarded_on``), else from
    the day after the period to reconsider (:func:`art59_1_appeal_received`). Who judges is in
    :mod:`outorga.law.competence` (``appeal.executive.judge``)."""
    qid = "barra-do-garcas.apps-2025.penalty_appeal"
    filed_on = day(facts["filed_on"])
    notice = facts.get("decision_notice_on")
    last, reasons = art26_sole_appeal_in_time(ctx, day(notice) if notice else None, filed_on)
    timely = not has_refusal(reasons)
    outcome: dict[str, Any] = {
        "timely": timely,
        "appeal_until": last,
        "appeal_days": int(reasons[0].parameters[0].value),
        "default_used": default_used(reasons[0]),
        "judge_until": None,
        "decided_by": [],
    }
    if timely:
        forwarded = facts.get("forwarded_on")
        judged, why = art26_sole_appeal_judgment(
            ctx, filed_on, day(forwarded) if forwarded else None
        )
        judge_until = judged["judge_until"]
        reasons += why
        outcome.update(judge_until=judge_until, decided_by=judged["judged_by"])
        summary = f"Recurso no prazo; julgamento até {fmt(judge_until)}."
    else:
        assert last is not None  # only an appeal after a recorded notice can be late
        summary = f"Recurso fora do prazo (encerrado em {fmt(last)}): não é conhecido."
    return decide(qid, ctx, outcome, reasons, summary)


def art26_sole_appeal_judgment(
    ctx: Context, filed_on: dt.date, forwarded_on: dt.date | None
) -> tuple[dict[str, Any], list[Reason]]:
    """Art. 26, sole paragraph, with D-17: by when the superior authority should judge an appeal
    the authority that decided received on ``filed_on`` — the regulation's days (art. 27), else
    the 30 of Lei 9.784/1999 art. 59 §1, counted by D-4 from its receipt
    (:func:`art59_1_appeal_received`: the day it was sent up, ``forwarded_on``, else the day after
    the period to reconsider). One rule for a platform's appeal (:func:`penalty_appeal`) and the
    appeal of an inspector's auto (``appeal_judgment``). The outcome: ``received_on``,
    ``judge_until``, ``days``, ``default_used`` and ``judged_by`` (the competence table's
    ``appeal.executive.judge`` on the day asked)."""
    received_on, received = art59_1_appeal_received(ctx, filed_on, forwarded_on)
    days, why = procedure_days(ctx, "appeal_judgment", filed_on)
    last, closed_day = judgment.judge_until(ctx, received_on, days)
    roles, comp_cites = deciders("appeal.executive.judge", ctx.as_of)
    who = ", ".join(ROLE_LABELS[Role(r)] for r in roles) or "a autoridade competente"
    moved = (
        f" (o {days}º dia caiu em dia sem expediente — {closed_day} —, D-4)" if closed_day else ""
    )
    cites = dict.fromkeys(
        (
            art(26, "único"),
            decision(17),
            decision(4),
            FEDERAL_JUDGMENT_FROM_RECEIPT,
            cite("federal.9784-1999", 56, 1),
            FEDERAL_REASONED_DECISION,
            *comp_cites,
        )
    )
    counted = reason(
        "apps.art26.appeal_judgment",
        Verdict.INFO,
        f"Julga o recurso: {who} (autoridade superior à que decidiu), até {fmt(last)}{moved}, "
        f"em decisão fundamentada — {days} dias a partir do recebimento em {fmt(received_on)}.",
        *cites,
        facts={"recebido_em": received_on, "dias": days, "julga": roles, "julgar_até": last},
    )
    outcome = {
        "received_on": received_on,
        "judge_until": last,
        "days": days,
        "default_used": default_used(why),
        "judged_by": roles,
    }
    return outcome, [received, why, counted]


#: Lei 9.784/1999 art. 59 §1: "o recurso administrativo deverá ser decidido no prazo máximo de
#: trinta dias, a partir do recebimento dos autos pelo órgão competente" (shared, ``law.common``).
FEDERAL_JUDGMENT_FROM_RECEIPT = judgment.FEDERAL_JUDGMENT_FROM_RECEIPT


def art59_1_appeal_received(
    ctx: Context, filed_on: dt.date, forwarded_on: dt.date | None
) -> tuple[dt.date, Reason]:
    """Lei 9.784/1999 art. 59 §1 (art. 26 sole paragraph; D-17): the superior authority receives
    the appeal on the day it was sent up (``forwarded_on``), else on the day after this law's
    period to reconsider (ADR 0078) — the shared rule
    (:func:`outorga.law.common.judgment.art59_1_appeal_received`)."""
    last, _ = reconsideration_period(ctx, filed_on)
    return judgment.art59_1_appeal_received(
        ctx,
        filed_on,
        forwarded_on,
        reconsider_until=last,
        rule="apps.art26.appeal_received",
        grounds=(art(26, "único"),),
    )


def _d1_final(
    verdict: Verdict, message: str, *more: Citation, facts: Mapping[str, Any] | None = None
) -> Reason:
    """The reason of :func:`d1_penalty_final`: decision D-1 on art. 26, parágrafo único."""
    return reason(
        "apps.d1.penalty_final", verdict, message, art(26, "único"), decision(1), *more, facts=facts
    )


def d1_penalty_final(
    ctx: Context,
    notice_on: dt.date | None,
    appeal: str,
    judged_on: dt.date | None,
) -> tuple[dict[str, Any], list[Reason]]:
    """Decision D-1: a penalty is final only when no defence or appeal is pending and every
    deadline lapsed, or when it was confirmed on appeal. An appeal upheld annuls it. The appeal
    period runs from the notice of the decision (art. 26 sole paragraph; D-17, D-4)."""
    out: dict[str, Any] = {"final": False, "final_on": None, "appeal_until": None}
    if appeal == "upheld":
        out["status"] = "annulled"
        return out, [
            _d1_final(
                Verdict.INFO,
                "Recurso provido: a penalidade foi anulada e não se torna definitiva.",
                facts={"recurso": appeal, "julgado_em": judged_on},
            )
        ]
    if appeal in ("dismissed", "partial"):
        final_on = judged_on or ctx.as_of
        out.update(status="final", final=True, final_on=final_on)
        return out, [
            _d1_final(
                Verdict.OK,
                f"Recurso improvido em {fmt(final_on)}: penalidade confirmada, definitiva."
                if appeal == "dismissed"
                else f"Recurso provido em parte em {fmt(final_on)}: penalidade reformada, "
                "definitiva no que foi mantido.",
                *((FEDERAL_PARTIAL_PROVISION,) if appeal == "partial" else ()),
                facts={"recurso": appeal, "julgado_em": final_on},
            )
        ]
    if appeal == "pending":
        out["status"] = "under_appeal"
        return out, [
            _d1_final(
                Verdict.PENDING,
                "Recurso pendente de julgamento: a penalidade ainda não é definitiva.",
                facts={"recurso": appeal},
            )
        ]
    if notice_on is None:
        out["status"] = "awaiting_notice"
        return out, [
            _d1_final(
                Verdict.PENDING,
                "A decisão ainda não foi notificada à plataforma: o prazo de recurso não começou e "
                "a penalidade não é definitiva.",
                decision(17),
            )
        ]
    days, why = procedure_days(ctx, "appeal", notice_on)
    last = ctx.calendar.deadline(notice_on, days)
    lapsed = ctx.as_of > last
    out["appeal_until"] = last
    if lapsed:
        out.update(status="final", final=True, final_on=last + dt.timedelta(days=1))
    else:
        out["status"] = "appeal_period"
    return out, [
        why,
        _d1_final(
            Verdict.OK if lapsed else Verdict.PENDING,
            (
                f"Prazo de recurso encerrado em {fmt(last)} sem recurso: penalidade definitiva "
                f"desde {fmt(last + dt.timedelta(days=1))}."
                if lapsed
                else f"Prazo de recurso aberto até {fmt(last)} (notificação da decisão em "
                f"{fmt(notice_on)}): a penalidade ainda não é definitiva."
            ),
            decision(4),
            facts={"notificação_da_decisão": notice_on, "último_dia": last, "recurso": appeal},
        ),
    ]


@question(
    "barra-do-garcas.apps-2025.penalty_finality",
    law=LAW,
    title="A penalidade aplicada à plataforma já é definitiva?",
    schema=closed(
        {
            "decision_notice_on": DATE,
            "appeal": {"enum": list(APPEAL_RESULTS)},
            "appeal_judged_on": DATE,
        },
        required=["appeal"],
    ),
)
def penalty_finality(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """D-1 for a warning or fine (art. 26 I–II) on the reference date: ``awaiting_notice``,
    ``appeal_period``, ``under_appeal``, ``final`` (with the day it became final) or
    ``annulled``. A fine's debt is final only once the penalty is (D-1, D-11)."""
    qid = "barra-do-garcas.apps-2025.penalty_finality"
    notice = facts.get("decision_notice_on")
    judged = facts.get("appeal_judged_on")
    outcome, reasons = d1_penalty_final(
        ctx, day(notice) if notice else None, facts["appeal"], day(judged) if judged else None
    )
    summary = {
        "awaiting_notice": "Aguardando a notificação da decisão.",
        "appeal_period": "Prazo de recurso aberto.",
        "under_appeal": "Em recurso.",
        "final": "Penalidade definitiva.",
        "annulled": "Penalidade anulada em recurso.",
    }[outcome["status"]]
    return decide(qid, ctx, outcome, reasons, summary)


# --- art. 26 sole paragraph: reconsideration and partial provision (Lei 9.784/1999 art. 56 §1, 64) --

REVISION_RESULTS = ("confirm", "annul", "partial")

#: The apps law's own ground for the default of Lei 9.784/1999 art. 56 §1 (D-17).
RECONSIDERATION_GROUNDS = (art(26, "único"),)


def reconsideration_period(ctx: Context, appeal_filed_on: dt.date) -> tuple[dt.date, Reason]:
    """The last day the authority that decided may reconsider an appeal received on
    ``appeal_filed_on`` (Lei 9.784/1999 art. 56 §1: the regulation's days, else five; D-4), and
    the reason that says where the days come from."""
    days, why = procedure_days(ctx, "reconsideration", appeal_filed_on)
    return reconsideration.reconsider_until(ctx, appeal_filed_on, days), why


def art56_1_reconsideration_in_time(
    ctx: Context, appeal_filed_on: dt.date, decided_on: dt.date
) -> tuple[dt.date, list[Reason]]:
    """Lei 9.784/1999 art. 56, §1º, applied where the municipal law is silent (art. 26 sole
    paragraph; D-17): the shared rule (:mod:`outorga.law.common.reconsideration`) with this
    law's period (regulation, else five days) and articles."""
    days, why = procedure_days(ctx, "reconsideration", appeal_filed_on)
    return reconsideration.art56_1_reconsideration_in_time(
        ctx,
        appeal_filed_on,
        decided_on,
        days=days,
        why=why,
        rule="apps.art26.reconsideration_in_time",
        grounds=RECONSIDERATION_GROUNDS,
    )


def art56_1_superior_after_reconsideration(
    ctx: Context, appeal_filed_on: dt.date, decided_on: dt.date, forwarded_on: dt.date | None
) -> list[Reason]:
    """Lei 9.784/1999 art. 56, §1º (art. 26 sole paragraph; D-17): the superior authority judges
    the appeal once it is sent up or the period to reconsider ended — the shared rule with this
    law's period and articles."""
    days, why = procedure_days(ctx, "reconsideration", appeal_filed_on)
    return reconsideration.art56_1_superior_after_reconsideration(
        ctx,
        appeal_filed_on,
        decided_on,
        forwarded_on,
        days=days,
        why=why,
        rule="apps.art26.appeal_before_the_superior",
        grounds=RECONSIDERATION_GROUNDS,
    )


def art56_1_who_decides(on: dt.date) -> tuple[list[str], list[str], Reason]:
    """Who reconsiders (the authority that decided) and who judges the appeal sent up (the
    superior authority), as the competence table names them on the day of the act (art. 26 sole
    paragraph; D-17)."""
    return reconsideration.who_decides(
        deciders, on, rule="apps.art26.reconsideration_authorities", grounds=RECONSIDERATION_GROUNDS
    )


@question(
    "barra-do-garcas.apps-2025.appeal_reconsideration",
    law=LAW,
    title="A autoridade que decidiu ainda pode reconsiderar a decisão recorrida, ou o recurso já "
    "cabe à autoridade superior?",
    schema=reconsideration.question_schema(DATE),
)
def appeal_reconsideration(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The appeal against the decision of an inspector's auto (art. 26 III: the seizure's process;
    sole paragraph: contraditório and ampla defesa): ``reconsideration`` — may the authority that
    decided reconsider on ``decided_on``, within the regulation's period, else the five days of
    Lei 9.784/1999 art. 56 §1 (D-17, D-4); ``superior`` — may the superior authority judge it,
    once sent up (``forwarded_on``) or after that period. The platforms' own penalties ask
    ``penalty_revision``, which also reforms in part."""
    qid = "barra-do-garcas.apps-2025.appeal_reconsideration"
    filed_on = day(facts["appeal_filed_on"])
    days, why = procedure_days(ctx, "reconsideration", filed_on)
    outcome, reasons, summary = reconsideration.appeal_reconsideration(
        ctx,
        facts,
        days=days,
        why=why,
        default_used=default_used(why),
        grounds=RECONSIDERATION_GROUNDS,
        rules=("apps.art26.reconsideration_in_time", "apps.art26.appeal_before_the_superior"),
        who=art56_1_who_decides(day(facts["decided_on"])),
    )
    return decide(qid, ctx, outcome, reasons, summary)


def art64_partial_provision(
    ctx: Context, imposed_on: dt.date, imposed: Decimal, reduced: Decimal
) -> tuple[int | None, list[Reason]]:
    """Lei 9.784/1999 art. 64: "O órgão competente para decidir o recurso poderá confirmar,
    modificar, anular ou revogar, total ou parcialmente, a decisão recorrida" — granted in part,
    the fine is reduced to an amount greater than zero and smaller than the one imposed (the
    whole fine falling is the appeal granted in full). The new amount is converted at the UPFBG
    of the day the fine was imposed (art. 26 II; decision D-5)."""
    reasons = [
        check(
            "apps.art26.partial_provision",
            Decimal(0) < reduced < imposed,
            f"Provimento parcial: multa reduzida de {number_br(imposed)} para "
            f"{number_br(reduced)} UPFBG.",
            f"Provimento parcial reduz a multa a um valor maior que zero e menor que o aplicado "
            f"({number_br(imposed)} UPFBG); {number_br(reduced)} UPFBG não o é — para anular a "
            "multa, dê provimento total; para mantê-la, negue provimento.",
            art(26, inc="II"),
            art(26, "único"),
            decision(17),
            FEDERAL_PARTIAL_PROVISION,
            facts={"multa_aplicada_upfbg": imposed, "multa_reduzida_upfbg": reduced},
        )
    ]
    if reasons[0].verdict is Verdict.REFUSED:
        return None, reasons
    cents, converted = upfbg_in_reais(ctx, reduced, imposed_on)
    reasons.append(converted)
    return cents, reasons


#: The kinds of penalty whose decision ``penalty_revision`` revises: a warning or a fine (art. 26
#: I–II) and the credential measures of art. 26 IV.
REVISED_KINDS = ("fine", "warning", *sorted(PROPOSALS))


def art64_new_measure_only_in_part(
    result: str, new_upfbg_given: bool, new_days_given: bool
) -> Reason | None:
    """Lei 9.784/1999 art. 64: the authority "poderá confirmar, modificar, anular ou revogar,
    total ou parcialmente, a decisão recorrida". A new amount of the fine (or new days of a
    suspension) is the measure of a decision that modifies it in part: the appeal granted in full
    annuls the penalty, and dismissed it keeps it as imposed — neither carries a new measure. None
    where no new measure was given or the provision is partial."""
    if result == "partial" or not (new_upfbg_given or new_days_given):
        return None
    what = "a multa" if new_upfbg_given else "a penalidade"
    done = "Provimento total anula" if result == "annul" else "Negar provimento mantém"
    return reason(
        "apps.art26.new_measure_only_in_part",
        Verdict.REFUSED,
        f"{done} {what}; para reduzi-la, dê provimento em parte.",
        FEDERAL_PARTIAL_PROVISION,
        art(26, "único"),
        decision(17),
        facts={
            "resultado": result,
            "novo_valor_informado": new_upfbg_given,
            "novos_dias_informados": new_days_given,
        },
    )


def art64_partial_provision_of_a_fine_only(imposed_kind: str) -> Reason | None:
    """Lei 9.784/1999 art. 64 with art. 26 I–II: granted in part, the decision is reformed in part
    — a fine reduced to a smaller amount. The written warning of art. 26 I has no amount nor part
    to reduce: it is kept (dismissed) or annulled (granted in full). None for any other kind."""
    if imposed_kind != "warning":
        return None
    return reason(
        "apps.art26.partial_provision_fine_only",
        Verdict.REFUSED,
        "Só a multa se reduz em parte; a advertência se mantém ou se anula.",
        FEDERAL_PARTIAL_PROVISION,
        art(26, inc="I"),
        art(26, "único"),
        decision(17),
        facts={"penalidade_aplicada": imposed_kind},
    )


def art64_credential_reduction(
    imposed_kind: str, imposed_days: int | None, new_days: int | None, start: dt.date
) -> tuple[dt.date | None, list[Reason]]:
    """Lei 9.784/1999 art. 64 on a credential penalty (art. 26 IV): granted in part, a
    cancellation becomes a temporary suspension, or a suspension is shortened — to fewer days
    than imposed, at least one; the suspension still counts from the day of the decision
    appealed against (``start``), that day included. Annulling it is the appeal granted in
    full."""
    shorter = imposed_kind == "credential_cancellation" or (
        imposed_days is not None and new_days is not None and new_days < imposed_days
    )
    reasons = [
        check(
            "apps.art26.iv.partial_provision",
            bool(new_days) and shorter,
            "Provimento parcial: "
            + (
                f"cancelamento convertido em suspensão de {new_days} dia(s)."
                if imposed_kind == "credential_cancellation"
                else f"suspensão reduzida de {imposed_days} para {new_days} dia(s)."
            ),
            "Provimento parcial converte o cancelamento em suspensão temporária ou reduz a "
            f"suspensão a menos dias que os aplicados ({imposed_days or 0}) e ao menos 1; "
            f"{new_days or 0} dia(s) não o faz — para anular, dê provimento total; para manter, "
            "negue provimento.",
            art(26, inc="IV"),
            art(26, "único"),
            decision(17),
            FEDERAL_PARTIAL_PROVISION,
            facts={
                "penalidade_aplicada": imposed_kind,
                "dias_aplicados": imposed_days,
                "novos_dias": new_days,
            },
        )
    ]
    if reasons[0].verdict is Verdict.REFUSED:
        return None, reasons
    until, period = art26_iv_suspension_period(start, new_days)
    reasons.append(period)
    return until, reasons


@question(
    "barra-do-garcas.apps-2025.penalty_revision",
    law=LAW,
    title="A decisão recorrida pode ser reconsiderada ou reformada em parte?",
    schema=closed(
        {
            "by": {"enum": ["reconsideration", "superior", "appeal"]},
            "appeal_filed_on": DATE,
            "forwarded_on": DATE,
            "decided_on": DATE,
            "result": {"enum": list(REVISION_RESULTS)},
            "imposed_on": DATE,
            "imposed_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "new_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "imposed_kind": {"enum": list(REVISED_KINDS)},
            "imposed_days": {"type": "integer", "minimum": 1},
            "new_days": {"type": "integer", "minimum": 1},
            "suspension_from": DATE,
        },
        required=["by", "appeal_filed_on", "decided_on", "result"],
    ),
)
def penalty_revision(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether the decision appealed against may be revised as asked: ``reconsideration``, by the
    authority that decided, within its period (Lei 9.784/1999 art. 56 §1); ``superior``, by the
    superior authority judging the appeal once it is sent up (``forwarded_on``) or that period has
    ended; ``appeal``, by an authority with no superior reviewing its own decision (ADR 0030).
    ``partial`` reduces a fine (art. 64) and gives its new amount (``imposed_on``,
    ``imposed_upfbg``, ``new_upfbg``), or a credential measure (``imposed_kind``,
    ``imposed_days``, ``new_days``); a warning (``imposed_kind`` ``warning``) is not reduced in
    part, and a new amount or new days go only with ``partial``. Due process of art. 26 sole
    paragraph, D-17 defaults."""
    qid = "barra-do-garcas.apps-2025.penalty_revision"
    filed_on, decided_on = day(facts["appeal_filed_on"]), day(facts["decided_on"])
    result = facts["result"]
    reasons: list[Reason] = []
    outcome: dict[str, Any] = {
        "allowed": False,
        "result": result,
        "reconsider_until": None,
        "new_upfbg": None,
        "new_amount_cents": None,
    }
    if facts["by"] == "reconsideration":
        last, why = art56_1_reconsideration_in_time(ctx, filed_on, decided_on)
        outcome["reconsider_until"] = last
        reasons += why
    if facts["by"] == "superior":
        forwarded = facts.get("forwarded_on")
        reasons += art56_1_superior_after_reconsideration(
            ctx, filed_on, decided_on, day(forwarded) if forwarded else None
        )
    kind = facts.get("imposed_kind", "fine")
    whole = art64_new_measure_only_in_part(result, "new_upfbg" in facts, "new_days" in facts)
    if whole is not None:
        reasons.append(whole)
    elif facts["by"] != "reconsideration" and result != "partial":
        reasons.append(
            reason(
                "apps.art26.appeal_decision",
                Verdict.INFO,
                "A autoridade competente para decidir o recurso pode "
                + ("confirmar a decisão recorrida." if result == "confirm" else "anulá-la."),
                art(26, "único"),
                decision(17),
                FEDERAL_PARTIAL_PROVISION,
            )
        )
    not_in_part = art64_partial_provision_of_a_fine_only(kind) if result == "partial" else None
    if not_in_part is not None:
        reasons.append(not_in_part)
    elif result == "partial" and kind in PROPOSALS:
        until, why = art64_credential_reduction(
            kind,
            facts.get("imposed_days"),
            facts.get("new_days"),
            day(facts["suspension_from"]) if facts.get("suspension_from") else decided_on,
        )
        reasons += why
        outcome.update(new_days=facts.get("new_days"), suspended_until=until)
    elif result == "partial":
        if not {"imposed_on", "imposed_upfbg", "new_upfbg"} <= set(facts):
            reasons.append(
                reason(
                    "apps.art26.partial_provision",
                    Verdict.PENDING,
                    "Informe a multa aplicada e o novo valor em UPFBG.",
                    FEDERAL_PARTIAL_PROVISION,
                )
            )
        else:
            new = Decimal(facts["new_upfbg"])
            cents, why = art64_partial_provision(
                ctx, day(facts["imposed_on"]), Decimal(facts["imposed_upfbg"]), new
            )
            reasons += why
            outcome.update(new_upfbg=new, new_amount_cents=cents)
    outcome["allowed"] = not has_refusal(reasons) and not has_pending(reasons)
    label = {
        "confirm": "mantida",
        "annul": "anulada",
        "partial": "reformada em parte",
    }[result]
    summary = (
        f"A decisão recorrida pode ser {label}."
        if outcome["allowed"]
        else f"A decisão recorrida não pode ser {label}: {'; '.join(r.message for r in reasons if r.verdict in (Verdict.REFUSED, Verdict.PENDING))}"
    )
    return decide(qid, ctx, outcome, reasons, summary)


# --- art. 26 IV: the credential once the appeal against its measure is granted -------------------


def art26_iv_revision_leaves_another_cases_cancellation(
    case_kind: str, status: str
) -> Reason | None:
    """Art. 26, IV: "cancelamento definitivo do credenciamento da plataforma". The exception to
    the credential given back on appeal: annulling or reducing a suspension revises that
    suspension only; a cancellation decided meanwhile in another case stays, and only that
    case's own appeal undoes it. None where it does not apply."""
    if case_kind != "credential_suspension" or status != "cancelled":
        return None
    return reason(
        "apps.art26.iv.cancellation_definitive",
        Verdict.INFO,
        "Credenciamento cancelado definitivamente em outro processo: o recurso contra a "
        "suspensão não o restabelece; só o recurso contra o cancelamento o desfaz.",
        art(26, inc="IV"),
        facts={"penalidade_revista": case_kind, "situação_do_credenciamento": status},
    )


def art26_iv_revision_leaves_another_cases_suspension(
    status: str, suspended_until: dt.date | None, of_another_case: bool
) -> Reason | None:
    """Art. 26, IV: one temporary suspension at a time. The exception to the credential given
    back on appeal: the suspension in force was imposed by another case, after this one's ended;
    revising this case's period does not lift that one. None where it does not apply."""
    if status != "suspended" or not of_another_case:
        return None
    return reason(
        "apps.art26.iv.another_case_suspension_kept",
        Verdict.INFO,
        "A suspensão em curso"
        + (f", até {fmt(suspended_until)}," if suspended_until else "")
        + " foi aplicada em outro processo: o recurso contra esta penalidade não a levanta.",
        art(26, inc="IV"),
        facts={"situação_do_credenciamento": status, "suspensa_até": suspended_until},
    )


def art64_credential_after_revision(
    as_of: dt.date, revised_until: dt.date | None
) -> tuple[str, dt.date | None, Reason]:
    """Art. 26, IV with Lei 9.784/1999 art. 64 (D-17): the base rule. The measure annulled
    (``revised_until`` None), the platform is credentialed again; reduced to a suspension, it
    stays suspended through the new last day, that day included, and is credentialed again when
    that day has already passed on the day of the appeal's decision (``as_of``)."""
    if revised_until is not None and revised_until >= as_of:
        status, until = "suspended", revised_until
        msg = (
            f"Recurso provido em parte: credenciamento suspenso até {fmt(revised_until)}; a "
            f"plataforma volta a operar em {fmt(revised_until + dt.timedelta(days=1))}."
        )
    else:
        status, until = "credentialed", None
        msg = (
            "Recurso provido: a penalidade é anulada e o credenciamento, restabelecido."
            if revised_until is None
            else f"Recurso provido em parte: a suspensão reduzida terminou em "
            f"{fmt(revised_until)}; o credenciamento é restabelecido."
        )
    return (
        status,
        until,
        reason(
            "apps.art26.iv.credential_after_revision",
            Verdict.INFO,
            msg,
            art(26, inc="IV"),
            art(26, "único"),
            decision(17),
            FEDERAL_PARTIAL_PROVISION,
            facts={"decidido_em": as_of, "novo_último_dia": revised_until},
        ),
    )


@question(
    "barra-do-garcas.apps-2025.credential_after_revision",
    law=LAW,
    title="Provido o recurso contra a suspensão ou o cancelamento, como fica o credenciamento?",
    schema=closed(
        {
            "case_kind": {"enum": sorted(PROPOSALS)},
            "status": {"enum": ["credentialed", "suspended", "cancelled"]},
            "suspended_until": DATE,
            "suspension_of_another_case": {"type": "boolean"},
            "revised_until": DATE,
            # The platforms holding a credential now, not counting this one (art. 3, §1).
            "credentialed_platforms": COUNT,
        },
        required=["case_kind", "status", "suspension_of_another_case"],
    ),
)
def credential_after_revision(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The credential on the day (``as_of``) the appeal against a measure of art. 26 IV
    (``case_kind``) is granted: in full (no ``revised_until``) or in part, the new last day of the
    suspension (``revised_until``, :func:`art64_credential_reduction`). ``status`` and
    ``suspended_until`` are the credential's now; ``suspension_of_another_case`` whether the
    suspension in force was imposed by another case; ``credentialed_platforms`` the others
    holding a credential, read when a cancellation is undone (art. 3 §1, ADR 0064: reported, never
    refused — ``over_platform_cap``, ``platforms`` with it, the cap's reason last). The exceptions — a cancellation of another
    case, a suspension of another case — come before the base rule."""
    qid = "barra-do-garcas.apps-2025.credential_after_revision"
    status = facts["status"]
    running = day(facts["suspended_until"]) if facts.get("suspended_until") else None
    revised = day(facts["revised_until"]) if facts.get("revised_until") else None
    kept = art26_iv_revision_leaves_another_cases_cancellation(
        facts["case_kind"], status
    ) or art26_iv_revision_leaves_another_cases_suspension(
        status, running, bool(facts["suspension_of_another_case"])
    )
    if kept is not None:
        new_status, until, why = status, running, kept
    else:
        new_status, until, why = art64_credential_after_revision(ctx.as_of, revised)
    outcome = {"status": new_status, "suspended_until": until}
    reasons = [why]
    if status == "cancelled" and new_status != "cancelled" and "credentialed_platforms" in facts:
        # The credential comes back: its place among the cap of art. 3 §1 (ADR 0064), the
        # last reason.
        others = int(facts["credentialed_platforms"])
        reasons.append(art3_1_platform_cap_on_restoration(ctx, others))
        outcome.update(over_platform_cap=over_platform_cap(reasons[-1]), platforms=others + 1)
    return decide(qid, ctx, outcome, reasons, why.message)
