"""Capítulo VII — Fiscalização e Penalidades (art. 22–26).

Who inspects and who decides is in :mod:`outorga.law.competence` (not repeated here): the posture
inspectors of the Urban Development secretariat inspect (art. 22–23); suspension and cancellation of
a platform's credential are proposals decided by the competent authority (D-3).

The law only demands due process (art. 26, parágrafo único). Defence and appeal periods are
regulation data (``apps_2025.procedure_*_days``, null until a regulation sets them); meanwhile the
defaults of Lei 9.784/1999 apply — 10 days for the defence (art. 44) and for the appeal (art. 59),
30 days to judge the appeal (art. 59 §1) — and a decision that uses them says so (D-17).
``barra-do-garcas.apps-2025.penalty_appeal`` says whether an appeal against a warning or fine is heard (a late one is
not, Lei 9.784/1999 art. 63, I) and ``barra-do-garcas.apps-2025.penalty_finality`` when the penalty is final (D-1).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.labels import sentence
from outorga.law.competence import ROLE_LABELS, Role, role_names
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, fiscal_units_to_cents, number_br
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._base import (
    DATE,
    LAW,
    art,
    day,
    decide,
    deciders,
    fmt,
    has_pending,
    has_refusal,
    optional_param,
    param,
)
from .final_provisions import law_in_force, not_in_force, platform_obligation_enforceable

PENALTIES = {
    "warning": ("I", "advertência escrita", "penalty.warning"),
    "fine": ("II", "multa", "penalty.fine"),
    "seizure": ("III", "apreensão do veículo", "penalty.seizure"),
    "credential_suspension": ("IV", "suspensão temporária do credenciamento", "platform.suspend"),
    "credential_cancellation": ("IV", "cancelamento do credenciamento", "platform.suspend"),
}
PROPOSALS = frozenset({"credential_suspension", "credential_cancellation"})


# --- art. 23 and 25: inspection of a vehicle ------------------------------------------------------


def art25_no_external_signs(light_sign: bool, visual_id: bool) -> Reason:
    """Art. 25: "É vedada qualquer forma de sinalização luminosa externa ou identificação visual
    ostensiva nos veículos utilizados para prestação do serviço"."""
    found = [
        label
        for flag, label in (
            (light_sign, "sinalização luminosa externa"),
            (visual_id, "identificação visual ostensiva"),
        )
        if flag
    ]
    return check(
        "apps.art25.no_external_signs",
        not found,
        "Sem sinalização luminosa externa nem identificação visual ostensiva.",
        f"Veículo com {' e '.join(found)}: vedado.",
        art(25),
        facts={
            "sinalização_luminosa_externa": light_sign,
            "identificação_visual_ostensiva": visual_id,
        },
    )


def art23_inspector_finding(rule: str, inc: str, label: str, value: bool | None) -> Reason | None:
    """Art. 23: inspectors check vehicles (I), the drivers' registration on the platforms (II) and
    the vehicles' safety and hygiene (III). The law sets no standard for III: the inspector's
    finding is recorded as given."""
    if value is None:
        return None
    return check(
        rule,
        value,
        f"{label}: regular.",
        f"{label}: irregular segundo a fiscalização.",
        art(23, inc=inc),
        facts={label: value},
    )


@question(
    "barra-do-garcas.apps-2025.vehicle_inspection",
    law=LAW,
    title="O veículo vistoriado na fiscalização está regular?",
    schema=closed(
        {
            "external_light_sign": {"type": "boolean"},
            "ostensive_visual_identification": {"type": "boolean"},
            "driver_registered": {"type": "boolean"},
            "safety_ok": {"type": "boolean"},
            "hygiene_ok": {"type": "boolean"},
        },
        required=["external_light_sign", "ostensive_visual_identification"],
    ),
)
def vehicle_inspection(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """An inspector's check of a vehicle in service (art. 23 I–III, art. 25)."""
    qid = "barra-do-garcas.apps-2025.vehicle_inspection"
    if (before := not_in_force(qid, ctx)) is not None:
        return before
    reasons = [
        art25_no_external_signs(
            bool(facts["external_light_sign"]), bool(facts["ostensive_visual_identification"])
        )
    ]
    for rule, inc, label, key in (
        (
            "apps.art23.ii.driver_registered",
            "II",
            "Cadastro do motorista na plataforma",
            "driver_registered",
        ),
        ("apps.art23.iii.safety", "III", "Condições de segurança", "safety_ok"),
        ("apps.art23.iii.hygiene", "III", "Condições de higiene", "hygiene_ok"),
    ):
        finding = art23_inspector_finding(rule, inc, label, facts.get(key))
        if finding is not None:
            reasons.append(finding)
    outcome = "irregular" if has_refusal(reasons) else "regular"
    return decide(
        qid, ctx, outcome, reasons, "Veículo regular." if outcome == "regular" else "Irregular."
    )


# --- art. 26: penalties ---------------------------------------------------------------------------


#: The stages of the penalty process (art. 26 sole paragraph) whose period the law leaves to the
#: regulation (art. 27): label and the Lei 9.784/1999 default that applies meanwhile (D-17).
STAGES: dict[str, tuple[str, Citation]] = {
    "defence": ("defesa", cite("federal.9784-1999", 44)),
    "appeal": ("recurso", cite("federal.9784-1999", 59)),
    "appeal_judgment": ("julgamento do recurso", cite("federal.9784-1999", 59, 1)),
    "reconsideration": ("reconsideração", cite("federal.9784-1999", 56, 1)),
}


def procedure_days(ctx: Context, stage: str, on: dt.date) -> tuple[int, Reason]:
    """Days for the defence, the appeal or the appeal's judgment (art. 26 sole paragraph): the
    regulation's value, or by default Lei 9.784/1999 art. 44 (defence), art. 59 (appeal) and
    art. 59 §1 (judgment) — decision D-17."""
    own = optional_param(ctx, f"procedure_{stage}_days", on)
    label, federal = STAGES[stage]
    if own is not None:
        return int(own.value), reason(
            f"apps.art26.{stage}_days",
            Verdict.INFO,
            f"Prazo de {label}: {own.value} dias, fixado em regulamento.",
            art(26, "único"),
            art(27),
            params=(own,),
        )
    default = ctx.param(f"procedure.default_{stage}_days", on)
    return int(default.value), reason(
        f"apps.art26.{stage}_days",
        Verdict.INFO,
        f"Prazo de {label}: {default.value} dias — a lei municipal é silente e o regulamento não o "
        f"fixou; aplica-se por padrão a Lei 9.784/1999 (STJ Súmula 633).",
        art(26, "único"),
        decision(17),
        federal,
        params=(default,),
    )


def default_used(why: Reason) -> bool:
    """Whether a period came from the Lei 9.784/1999 default rather than the regulation (D-17)."""
    return decision(17) in why.citations


def art26_sole_defence(
    ctx: Context, notice_on: dt.date | None, defence_judged: bool
) -> list[Reason]:
    """Art. 26, sole paragraph: "As penalidades serão aplicadas mediante processo administrativo,
    assegurado o contraditório e a ampla defesa". A penalty is imposed only after the offender was
    notified and either the defence was judged or the defence period lapsed (D-4 counting)."""
    if notice_on is None:
        return [
            reason(
                "apps.art26.due_process",
                Verdict.REFUSED,
                "Sem notificação para defesa: a penalidade exige processo administrativo com "
                "contraditório e ampla defesa.",
                art(26, "único"),
            )
        ]
    days, why = procedure_days(ctx, "defence", notice_on)
    deadline = ctx.calendar.deadline(notice_on, days)
    lapsed = ctx.as_of > deadline
    ok = defence_judged or lapsed
    return [
        why,
        check(
            "apps.art26.due_process",
            ok,
            (
                "Defesa apresentada e julgada."
                if defence_judged
                else f"Prazo de defesa encerrado em {fmt(deadline)} "
                f"(notificação em {fmt(notice_on)})."
            ),
            f"Prazo de defesa aberto até {fmt(deadline)}: a penalidade ainda não pode ser aplicada.",
            art(26, "único"),
            decision(4),
            facts={
                "notificação": notice_on,
                "prazo_de_defesa": deadline,
                "julgada": defence_judged,
            },
        ),
    ]


#: How an earlier measure against the offender stands (the app's record, as the law reads it).
OCCURRENCE_SCHEMA: dict[str, Any] = closed(
    {
        "id": {"type": "string"},
        "kind": {"enum": ["penalty", "proposal"]},
        "on": DATE,  # the date of the fact it punished
        "status": {
            "enum": [
                "awaiting_notice",
                "appeal_period",
                "under_appeal",
                "final",
                "annulled",
                "open",
                "upheld",
                "rejected",
            ]
        },
    },
    required=["id", "kind", "on", "status"],
)


def art26_i_prior_occurrences(
    infraction_on: dt.date, occurrences: Sequence[Mapping[str, Any]]
) -> tuple[int, Reason]:
    """Art. 26, I ("na primeira ocorrência") read from the offender's record: an earlier occurrence
    is established by a penalty imposed for a fact on or before this one and not annulled on
    appeal, or by a proposal (IV) upheld. A proposal still open or rejected established nothing."""
    counted = [
        o
        for o in occurrences
        if day(o["on"]) <= infraction_on
        and (
            (o["kind"] == "penalty" and o["status"] != "annulled")
            or (o["kind"] == "proposal" and o["status"] == "upheld")
        )
    ]
    return len(counted), reason(
        "apps.art26.i.occurrences",
        Verdict.INFO,
        f"{len(counted)} ocorrência(s) anterior(es) estabelecida(s)"
        + (f": {', '.join(o['id'] for o in counted)}." if counted else "."),
        art(26, inc="I"),
        facts={
            "consideradas": [o["id"] for o in counted],
            "não_contadas": [o["id"] for o in occurrences if o not in counted],
        },
    )


def art26_i_warning_on_first_occurrence(penalty: str, prior: int) -> Reason:
    """Art. 26, I: "advertência escrita, na primeira ocorrência". On a first occurrence the
    penalty is the written warning; fines and the credential measures need a previous occurrence.
    Seizure of a vehicle in irregular service (III) is a separate rule, not bound to the first
    occurrence."""
    first = prior == 0
    if penalty == "warning" or penalty == "seizure":
        return reason(
            "apps.art26.i.first_occurrence",
            Verdict.OK,
            "Primeira ocorrência: advertência escrita."
            if first and penalty == "warning"
            else f"{prior} ocorrência(s) anterior(es).",
            art(26, inc="I"),
            facts={"ocorrências_anteriores": prior},
        )
    return check(
        "apps.art26.i.first_occurrence",
        not first,
        f"{prior} ocorrência(s) anterior(es): cabe penalidade além da advertência.",
        f"Primeira ocorrência: a lei prevê advertência escrita, não {PENALTIES[penalty][1]}.",
        art(26, inc="I"),
        facts={"ocorrências_anteriores": prior},
    )


def upfbg_in_reais(
    ctx: Context, units: Decimal, on: dt.date | None = None
) -> tuple[int | None, Reason]:
    """A fine in UPFBG converted to reais at the unit's value in force on the day the fine is
    imposed (``on``, by default the reference date): art. 26, II with decision D-5. Pending when
    the municipality has not recorded the unit's value."""
    try:
        unit = ctx.fiscal_unit("UPFBG", on)
    except ParameterMissing as exc:
        return None, reason("apps.art26.ii.fine_reais", Verdict.PENDING, str(exc), decision(5))
    cents = fiscal_units_to_cents(units, unit.value)
    ex = ", valor de exemplo" if unit.example else ""
    return cents, reason(
        "apps.art26.ii.fine_reais",
        Verdict.INFO,
        f"{number_br(units)} UPFBG × {brl_unit(unit.value)} (UPFBG em vigor desde "
        f"{fmt(unit.valid_from)}{ex}) = {brl(cents)}.",
        art(26, inc="II"),
        decision(5),
        facts={"upfbg_valor": unit.value, "upfbg_desde": unit.valid_from, "multa_cents": cents},
    )


def art26_ii_fine(
    ctx: Context, units: Decimal, infraction_on: dt.date
) -> tuple[int | None, list[Reason]]:
    """Art. 26, II: "multa no valor de até 500 (quinhentas) UPFBG" — the authority chooses the
    amount up to the maximum in force on the date of the infraction (D-15); it is converted to reais
    at the UPFBG's value on the date the fine is imposed, the reference date (D-5)."""
    limit = param(ctx, "fine_max_upfbg", infraction_on)
    within = Decimal(0) < units <= Decimal(str(limit.value))
    reasons = [
        check(
            "apps.art26.ii.fine_max",
            within,
            f"Multa de {number_br(units)} UPFBG, até o máximo de {number_br(limit.value)} UPFBG.",
            f"Multa de {number_br(units)} UPFBG fora do permitido: maior que zero e até "
            f"{number_br(limit.value)} UPFBG.",
            art(26, inc="II"),
            facts={"multa_upfbg": units},
            params=(limit,),
        )
    ]
    cents, converted = upfbg_in_reais(ctx, units)
    reasons.append(converted)
    return cents, reasons


def art26_iii_seizure(irregular_service: bool | None) -> Reason:
    """Art. 26, III: "apreensão do veículo utilizado na prestação irregular do serviço"."""
    return check(
        "apps.art26.iii.seizure",
        bool(irregular_service),
        "Veículo utilizado na prestação irregular do serviço: apreensão cabível.",
        "Apreensão só cabe para veículo utilizado na prestação irregular do serviço.",
        art(26, inc="III"),
        facts={"prestação_irregular": irregular_service},
    )


def art26_iv_credential(offender: str, penalty: str, prior: int, gravity: str) -> list[Reason]:
    """Art. 26, IV: "suspensão temporária ou cancelamento definitivo do credenciamento da
    plataforma, conforme a gravidade e reincidência" — only for a platform, and only as a proposal
    a competent person decides after the defence (D-3).

    The law gives no scale of gravity nor a number of recurrences that leads to each measure
    (ADR 0030): the recurrence is the count of the platform's earlier occurrences the law
    establishes (art. 26, I; :func:`art26_i_prior_occurrences`), and the gravity is the deciding
    authority's reasoned judgment (``gravity``), recorded with the decision (Lei 9.784/1999
    art. 50, II, applied where the municipal law is silent; D-17). No threshold is invented: a
    decision without the judgment is pending, never refused or allowed by a number."""
    roles, comp_cites = deciders("platform.suspend")
    if offender != "platform":
        return [
            reason(
                "apps.art26.iv.credential",
                Verdict.REFUSED,
                "Suspensão ou cancelamento de credenciamento só se aplica a plataformas.",
                art(26, inc="IV"),
                facts={"infrator": offender},
            )
        ]
    out = [
        reason(
            "apps.art26.iv.credential",
            Verdict.OK,
            f"Proposta de {PENALTIES[penalty][1]}, conforme a gravidade e a reincidência; decide "
            f"{role_names(roles)}, após a defesa (decisão D-3).",
            art(26, inc="IV"),
            decision(3),
            *comp_cites,
            facts={"decide": roles},
        ),
        reason(
            "apps.art26.iv.recurrence",
            Verdict.INFO,
            f"Reincidência: {prior} ocorrência(s) anterior(es) estabelecida(s) contra a plataforma.",
            art(26, inc="IV"),
            art(26, inc="I"),
            facts={"ocorrências_anteriores": prior},
        ),
    ]
    text = gravity.strip()
    out.append(
        reason(
            "apps.art26.iv.gravity",
            Verdict.OK if text else Verdict.PENDING,
            f"Gravidade, no juízo fundamentado da autoridade: {text}"
            if text
            else "A lei não gradua a gravidade: a autoridade a fundamenta na decisão, o que "
            "ainda não foi feito.",
            art(26, inc="IV"),
            decision(17),
            FEDERAL_REASONED_DECISION_II,
            facts={"gravidade": text},
        )
    )
    return out


def art26_iv_suspension_period(start: dt.date, days: int | None) -> tuple[dt.date | None, Reason]:
    """Art. 26, IV: "suspensão temporária" — for a number of days the authority fixes (the law
    sets no bound but that it be temporary), from the day of the decision, that day included:
    the platform operates again the day after the last one."""
    if not days or days < 1:
        return None, reason(
            "apps.art26.iv.suspension_period",
            Verdict.PENDING,
            "Informe os dias da suspensão temporária (ao menos 1).",
            art(26, inc="IV"),
        )
    last = start + dt.timedelta(days=days - 1)
    return last, reason(
        "apps.art26.iv.suspension_period",
        Verdict.INFO,
        f"Suspensão temporária de {days} dia(s): de {fmt(start)} a {fmt(last)}; volta a operar "
        f"em {fmt(last + dt.timedelta(days=1))}.",
        art(26, inc="IV"),
        facts={"início": start, "dias": days, "último_dia": last},
    )


#: Lei 9.784/1999 art. 50, II: acts that impose sanctions state their facts and legal grounds.
FEDERAL_REASONED_DECISION_II = cite("federal.9784-1999", 50, inc="II")

#: What a platform may not do while its credential is suspended or cancelled (art. 3, 26 IV).
STOPPED_ACTS = {
    "roster": "cadastrar ou habilitar motoristas",
    "fares": "publicar tabela de tarifas",
    "operate": "intermediar o serviço",
}


@question(
    "barra-do-garcas.apps-2025.credential_standing",
    law=LAW,
    title="A plataforma pode operar na data (credenciamento suspenso ou cancelado)?",
    schema=closed(
        {
            "status": {"enum": ["credentialed", "suspended", "cancelled"]},
            "suspended_until": DATE,
            "act": {"enum": list(STOPPED_ACTS)},
        },
        required=["status"],
    ),
)
def credential_standing(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3 (only credentialed platforms offer the service) with art. 26, IV: while its
    credential is suspended — through the last day of the suspension — or once it is cancelled,
    the platform may not operate (``act``: enable drivers, publish fares, intermediate trips).
    What due process gives it (defence, appeal, reports of past months) is not an act it loses."""
    qid = "barra-do-garcas.apps-2025.credential_standing"
    status = facts["status"]
    act = STOPPED_ACTS[facts.get("act", "operate")]
    until = day(facts["suspended_until"]) if facts.get("suspended_until") else None
    if status == "cancelled":
        ok, msg = False, f"Credenciamento cancelado definitivamente: a plataforma não pode {act}."
    elif status == "suspended" and (until is None or ctx.as_of <= until):
        ok = False
        msg = (
            f"Credenciamento suspenso até {fmt(until)}: a plataforma não pode {act} antes de "
            f"{fmt(until + dt.timedelta(days=1))}."
            if until
            else f"Credenciamento suspenso: a plataforma não pode {act}."
        )
    else:
        ok, msg = True, "Credenciamento em vigor."
    reasons = [
        check(
            "apps.art26.iv.credential_standing",
            ok,
            msg,
            msg,
            art(3),
            art(26, inc="IV"),
            facts={"situação": status, "suspensa_até": until, "ato": act},
        )
    ]
    return decide(qid, ctx, {"may_operate": ok, "suspended_until": until}, reasons, msg)


@question(
    "barra-do-garcas.apps-2025.penalty",
    law=LAW,
    title="A penalidade proposta pode ser aplicada (e qual o valor da multa)?",
    schema={
        "type": "object",
        "additionalProperties": False,
        "required": ["offender", "penalty", "infraction_on"],
        "anyOf": [{"required": ["occurrences"]}, {"required": ["prior_occurrences"]}],
        "properties": {
            "offender": {"enum": ["platform", "driver"]},
            "penalty": {"enum": list(PENALTIES)},
            "infraction_on": DATE,
            # The offender's earlier measures, from which the law counts the occurrences; a
            # count judged elsewhere (``prior_occurrences``) is still accepted.
            "occurrences": list_of(OCCURRENCE_SCHEMA),
            "prior_occurrences": {"type": "integer", "minimum": 0},
            "fine_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "irregular_service": {"type": "boolean"},
            "defence_notice_on": DATE,
            "defence_judged": {"type": "boolean"},
            # Art. 26, IV: the authority's reasoned judgment of the gravity, and the days of a
            # temporary suspension (from the reference date, the decision's).
            "gravity": {"type": "string", "maxLength": 4000},
            "suspension_days": {"type": "integer", "minimum": 1},
        },
    },
)
def penalty(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Validates a proposed penalty of art. 26 on the reference date (the date it is imposed).

    ``prior_occurrences`` counts the offender's earlier occurrences already established; the fine
    amount (II) is chosen by the authority; IV yields a proposal (D-3). Platform duties bind only
    after the adaptation period (art. 28)."""
    qid = "barra-do-garcas.apps-2025.penalty"
    offender, kind = facts["offender"], facts["penalty"]
    infraction_on = day(facts["infraction_on"])
    prior = int(facts.get("prior_occurrences", 0))
    reasons: list[Reason] = [law_in_force(ctx, infraction_on)]
    if reasons[0].verdict is Verdict.REFUSED:
        return decide(qid, ctx, {"allowed": False}, reasons, "Fato anterior à lei.")
    if "occurrences" in facts:
        prior, counted = art26_i_prior_occurrences(infraction_on, facts["occurrences"])
        reasons.append(counted)
    if offender == "platform":
        enforceable, grace = platform_obligation_enforceable(ctx, infraction_on)
        if not enforceable:
            grace = reason(
                grace.rule,
                Verdict.REFUSED,
                grace.message,
                *grace.citations,
                facts=grace.facts,
                params=grace.parameters,
            )
        reasons.append(grace)
    reasons.append(art26_i_warning_on_first_occurrence(kind, prior))
    amount: int | None = None
    units: Decimal | None = None
    suspended_until: dt.date | None = None
    if kind == "fine":
        if "fine_upfbg" not in facts:
            reasons.append(
                reason(
                    "apps.art26.ii.fine_max",
                    Verdict.PENDING,
                    "Informe o valor da multa em UPFBG escolhido pela autoridade.",
                    art(26, inc="II"),
                )
            )
        else:
            units = Decimal(facts["fine_upfbg"])
            amount, fine_reasons = art26_ii_fine(ctx, units, infraction_on)
            reasons += fine_reasons
    elif kind == "seizure":
        reasons.append(art26_iii_seizure(facts.get("irregular_service")))
    elif kind in PROPOSALS:
        reasons += art26_iv_credential(offender, kind, prior, str(facts.get("gravity", "")))
        if kind == "credential_suspension" and offender == "platform":
            suspended_until, period = art26_iv_suspension_period(
                ctx.as_of, facts.get("suspension_days")
            )
            reasons.append(period)
    if kind == "seizure":
        # The vehicle is held on the spot; the defence comes in the case opened with it.
        reasons.append(
            reason(
                "apps.art26.due_process",
                Verdict.INFO,
                "A apreensão abre processo administrativo em que se assegura a defesa.",
                art(26, "único"),
            )
        )
    else:
        notice = facts.get("defence_notice_on")
        reasons += art26_sole_defence(
            ctx, day(notice) if notice else None, bool(facts.get("defence_judged"))
        )
    _, appeal = procedure_days(ctx, "appeal", ctx.as_of)
    reasons.append(appeal)
    decided_by, _ = deciders(PENALTIES[kind][2], ctx.as_of)
    allowed = not has_refusal(reasons) and not has_pending(reasons)
    outcome = {
        "allowed": allowed,
        "penalty": kind,
        "kind": "proposal" if kind in PROPOSALS else "penalty",
        "fine_upfbg": units,
        "amount_cents": amount,
        "decided_by": decided_by,
        "suspended_until": suspended_until,
    }
    label = PENALTIES[kind][1]
    if not allowed:
        summary = f"{sentence(label)}: não pode ser aplicada como proposta." + (
            " Faltam dados." if not has_refusal(reasons) else ""
        )
    elif kind in PROPOSALS:
        summary = f"Proposta de {label} pode ser encaminhada à autoridade competente."
    elif amount is not None and units is not None:
        summary = f"Multa de {number_br(units)} UPFBG = {brl(amount)} pode ser aplicada."
    else:
        summary = f"{sentence(label)} pode ser aplicada."
    return decide(qid, ctx, outcome, reasons, summary)


@question(
    "barra-do-garcas.apps-2025.procedure_deadlines",
    law=LAW,
    title="Quais os prazos de defesa e de recurso no processo de penalidade?",
    schema=closed({"defence_notice_on": DATE, "decision_notice_on": DATE}),
)
def procedure_deadlines(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Last day of the defence (from its notice) and of the appeal (from the notice of the
    decision), art. 26 sole paragraph with D-17 defaults and D-4 counting."""
    qid = "barra-do-garcas.apps-2025.procedure_deadlines"
    reasons: list[Reason] = []
    outcome: dict[str, Any] = {}
    for stage, key in (("defence", "defence_notice_on"), ("appeal", "decision_notice_on")):
        on = day(facts[key]) if key in facts else ctx.as_of
        days, why = procedure_days(ctx, stage, on)
        reasons.append(why)
        if key in facts:
            last = ctx.calendar.deadline(on, days)
            outcome[f"{stage}_until"] = last
            reasons.append(
                reason(
                    f"apps.art26.{stage}_deadline",
                    Verdict.INFO,
                    f"Notificação em {fmt(on)}: prazo até {fmt(last)}.",
                    art(26, "único"),
                    decision(4),
                    facts={"notificação": on, "prazo": last},
                )
            )
        outcome[f"{stage}_days"] = days
    return decide(qid, ctx, outcome, reasons, "Prazos do processo administrativo.")


# --- art. 26 sole paragraph: the appeal against an imposed penalty (D-1, D-4, D-17) ---------------

#: Lei 9.784/1999, applied by default where the municipal law is silent (D-17): the appeal is
#: addressed to the authority that decided and judged by the superior one (art. 56 §1); a late
#: appeal is not heard (art. 63, I); a party who comes forward supplies the missing notice
#: (art. 26 §5); an appeal's decision states its facts and legal grounds (art. 50, V).
FEDERAL_APPEAL_NOT_HEARD = cite("federal.9784-1999", 63, inc="I")
FEDERAL_APPEARANCE_SUPPLIES_NOTICE = cite("federal.9784-1999", 26, 5)
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
    schema=closed({"decision_notice_on": DATE, "filed_on": DATE}, required=["filed_on"]),
)
def penalty_appeal(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether an appeal against a warning or fine (art. 26 I–II) filed on ``filed_on`` is heard,
    given the notice of the decision (``decision_notice_on``, absent when none was recorded), and
    by when the competent authority should judge it (regulation, else Lei 9.784/1999 art. 59 §1:
    30 days from receiving it; D-17). Who judges is in :mod:`outorga.law.competence`
    (``appeal.executive.judge``)."""
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
        days, why = procedure_days(ctx, "appeal_judgment", filed_on)
        judge_until = ctx.calendar.deadline(filed_on, days)
        roles, comp_cites = deciders("appeal.executive.judge", ctx.as_of)
        who = ", ".join(ROLE_LABELS[Role(r)] for r in roles) or "a autoridade competente"
        cites = dict.fromkeys(
            (
                art(26, "único"),
                decision(17),
                cite("federal.9784-1999", 56, 1),
                FEDERAL_REASONED_DECISION,
                *comp_cites,
            )
        )
        reasons += [
            why,
            reason(
                "apps.art26.appeal_judgment",
                Verdict.INFO,
                f"Julga o recurso: {who} (autoridade superior à que aplicou a penalidade), até "
                f"{fmt(judge_until)}, em decisão fundamentada.",
                *cites,
                facts={"julga": roles, "julgar_até": judge_until},
            ),
        ]
        outcome.update(judge_until=judge_until, decided_by=roles)
        summary = f"Recurso no prazo; julgamento até {fmt(judge_until)}."
    else:
        assert last is not None  # only an appeal after a recorded notice can be late
        summary = f"Recurso fora do prazo (encerrado em {fmt(last)}): não é conhecido."
    return decide(qid, ctx, outcome, reasons, summary)


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

FEDERAL_RECONSIDERATION = cite("federal.9784-1999", 56, 1)
REVISION_RESULTS = ("confirm", "annul", "partial")


def art56_1_reconsideration_in_time(
    ctx: Context, appeal_filed_on: dt.date, decided_on: dt.date
) -> tuple[dt.date, list[Reason]]:
    """Lei 9.784/1999 art. 56, §1º, applied where the municipal law is silent (art. 26 sole
    paragraph; D-17): "O recurso será dirigido à autoridade que proferiu a decisão, a qual, se
    não a reconsiderar no prazo de cinco dias, o encaminhará à autoridade superior" — the period
    runs from receiving the appeal, counted by D-4 (art. 66); after its last day only the superior
    authority decides."""
    days, why = procedure_days(ctx, "reconsideration", appeal_filed_on)
    last = ctx.calendar.deadline(appeal_filed_on, days)
    return last, [
        why,
        check(
            "apps.art26.reconsideration_in_time",
            appeal_filed_on <= decided_on <= last,
            f"Reconsideração em {fmt(decided_on)}, no prazo que termina em {fmt(last)} (recurso "
            f"recebido em {fmt(appeal_filed_on)}).",
            f"Reconsideração em {fmt(decided_on)} fora do prazo, encerrado em {fmt(last)} (recurso "
            f"recebido em {fmt(appeal_filed_on)}): o recurso segue à autoridade superior, que o "
            "julga.",
            art(26, "único"),
            decision(4),
            decision(17),
            FEDERAL_RECONSIDERATION,
            facts={
                "recurso_recebido_em": appeal_filed_on,
                "último_dia": last,
                "reconsiderado_em": decided_on,
            },
        ),
    ]


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
            "by": {"enum": ["reconsideration", "appeal"]},
            "appeal_filed_on": DATE,
            "decided_on": DATE,
            "result": {"enum": list(REVISION_RESULTS)},
            "imposed_on": DATE,
            "imposed_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "new_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "imposed_kind": {"enum": sorted(PROPOSALS)},
            "imposed_days": {"type": "integer", "minimum": 1},
            "new_days": {"type": "integer", "minimum": 1},
            "suspension_from": DATE,
        },
        required=["by", "appeal_filed_on", "decided_on", "result"],
    ),
)
def penalty_revision(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether the decision appealed against may be revised as asked: by the authority that
    decided, within the reconsideration period (Lei 9.784/1999 art. 56 §1), or by the superior
    authority judging the appeal; ``partial`` reduces a fine (art. 64) and gives its new amount
    (``imposed_on``, ``imposed_upfbg``, ``new_upfbg``). Due process of art. 26 sole paragraph,
    D-17 defaults."""
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
    if facts["by"] == "appeal" and result != "partial":
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
    if result == "partial" and "imposed_kind" in facts:
        until, why = art64_credential_reduction(
            facts["imposed_kind"],
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
