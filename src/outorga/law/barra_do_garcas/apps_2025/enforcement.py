"""Capítulo VII — Fiscalização e Penalidades (art. 22–26).

Who inspects and who decides is in :mod:`outorga.law.competence` (not repeated here): the posture
inspectors of the Urban Development secretariat inspect (art. 22–23); suspension and cancellation of
a platform's credential are proposals decided by the competent authority (D-3).

The law only demands due process (art. 26, parágrafo único). Defence and appeal periods are
regulation data (``apps_2025.procedure_*_days``, null until a regulation sets them); meanwhile the
defaults of Lei 9.784/1999 apply — 10 days for the defence (art. 44) and for the appeal (art. 59) —
and a decision that uses them says so (D-17).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.competence import competence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, fiscal_units_to_cents
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import question
from outorga.law.rules import check, reason

from ._base import DATE, LAW, art, br, day, decide, has_pending, has_refusal, optional_param, param
from .final_provisions import law_in_force, platform_obligation_enforceable

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
    "apps.vehicle_inspection",
    law=LAW,
    title="O veículo vistoriado na fiscalização está regular?",
    schema={
        "type": "object",
        "additionalProperties": False,
        "required": ["external_light_sign", "ostensive_visual_identification"],
        "properties": {
            "external_light_sign": {"type": "boolean"},
            "ostensive_visual_identification": {"type": "boolean"},
            "driver_registered": {"type": "boolean"},
            "safety_ok": {"type": "boolean"},
            "hygiene_ok": {"type": "boolean"},
        },
    },
)
def vehicle_inspection(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """An inspector's check of a vehicle in service (art. 23 I–III, art. 25)."""
    qid = "apps.vehicle_inspection"
    in_force = law_in_force(ctx, ctx.as_of)
    if in_force.verdict is Verdict.REFUSED:
        return decide(qid, ctx, "not_applicable", (in_force,), "Lei não vigente.")
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


def procedure_days(ctx: Context, stage: str, on: dt.date) -> tuple[int, Reason]:
    """Days for the defence or the appeal (art. 26 sole paragraph): the regulation's value, or by
    default Lei 9.784/1999 art. 44 (defence) / art. 59 (appeal) — decision D-17."""
    own = optional_param(ctx, f"procedure_{stage}_days", on)
    label = "defesa" if stage == "defence" else "recurso"
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
    federal: Citation = cite("federal.9784-1999", 44 if stage == "defence" else 59)
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
                else f"Prazo de defesa encerrado em {br(deadline)} "
                f"(notificação em {br(notice_on)})."
            ),
            f"Prazo de defesa aberto até {br(deadline)}: a penalidade ainda não pode ser aplicada.",
            art(26, "único"),
            decision(4),
            facts={
                "notificação": notice_on,
                "prazo_de_defesa": deadline,
                "julgada": defence_judged,
            },
        ),
    ]


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
            f"Multa de {units} UPFBG, até o máximo de {limit.value} UPFBG.",
            f"Multa de {units} UPFBG fora do permitido: maior que zero e até {limit.value} UPFBG.",
            art(26, inc="II"),
            facts={"multa_upfbg": units},
            params=(limit,),
        )
    ]
    try:
        unit = ctx.fiscal_unit("UPFBG")
    except ParameterMissing as exc:
        reasons.append(reason("apps.art26.ii.fine_reais", Verdict.PENDING, str(exc), decision(5)))
        return None, reasons
    cents = fiscal_units_to_cents(units, unit.value)
    ex = " (valor de exemplo)" if unit.example else ""
    reasons.append(
        reason(
            "apps.art26.ii.fine_reais",
            Verdict.INFO,
            f"{units} UPFBG × R$ {unit.value} (UPFBG em vigor desde {br(unit.valid_from)}{ex}) = "
            f"{brl(cents)}.",
            art(26, inc="II"),
            decision(5),
            facts={"upfbg_valor": unit.value, "upfbg_desde": unit.valid_from, "multa_cents": cents},
        )
    )
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


def art26_iv_credential(offender: str, penalty: str) -> Reason:
    """Art. 26, IV: "suspensão temporária ou cancelamento definitivo do credenciamento da
    plataforma, conforme a gravidade e reincidência" — only for a platform, and only as a proposal
    a competent person decides after the defence (D-3)."""
    comp = competence(LAW, "platform.suspend")
    roles = sorted(str(r) for r in comp.roles) if comp else []
    if offender != "platform":
        return reason(
            "apps.art26.iv.credential",
            Verdict.REFUSED,
            "Suspensão ou cancelamento de credenciamento só se aplica a plataformas.",
            art(26, inc="IV"),
            facts={"infrator": offender},
        )
    return reason(
        "apps.art26.iv.credential",
        Verdict.OK,
        f"Proposta de {PENALTIES[penalty][1]}, conforme a gravidade e a reincidência; decide "
        f"{', '.join(roles)}, após a defesa (decisão D-3).",
        art(26, inc="IV"),
        decision(3),
        *(comp.citations if comp else ()),
        facts={"decide": roles},
    )


@question(
    "apps.penalty",
    law=LAW,
    title="A penalidade proposta pode ser aplicada (e qual o valor da multa)?",
    schema={
        "type": "object",
        "additionalProperties": False,
        "required": ["offender", "penalty", "infraction_on", "prior_occurrences"],
        "properties": {
            "offender": {"enum": ["platform", "driver"]},
            "penalty": {"enum": list(PENALTIES)},
            "infraction_on": DATE,
            "prior_occurrences": {"type": "integer", "minimum": 0},
            "fine_upfbg": {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,4})?$"},
            "irregular_service": {"type": "boolean"},
            "defence_notice_on": DATE,
            "defence_judged": {"type": "boolean"},
        },
    },
)
def penalty(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Validates a proposed penalty of art. 26 on the reference date (the date it is imposed).

    ``prior_occurrences`` counts the offender's earlier occurrences already established; the fine
    amount (II) is chosen by the authority; IV yields a proposal (D-3). Platform duties bind only
    after the adaptation period (art. 28)."""
    qid = "apps.penalty"
    offender, kind = facts["offender"], facts["penalty"]
    infraction_on = day(facts["infraction_on"])
    prior = int(facts["prior_occurrences"])
    reasons: list[Reason] = [law_in_force(ctx, infraction_on)]
    if reasons[0].verdict is Verdict.REFUSED:
        return decide(qid, ctx, {"allowed": False}, reasons, "Fato anterior à lei.")
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
        reasons.append(art26_iv_credential(offender, kind))
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
    comp = competence(LAW, PENALTIES[kind][2])
    allowed = not has_refusal(reasons) and not has_pending(reasons)
    outcome = {
        "allowed": allowed,
        "penalty": kind,
        "kind": "proposal" if kind in PROPOSALS else "penalty",
        "fine_upfbg": units,
        "amount_cents": amount,
        "decided_by": sorted(str(r) for r in comp.roles) if comp else [],
    }
    label = PENALTIES[kind][1]
    if not allowed:
        summary = f"{label.capitalize()}: não pode ser aplicada como proposta." + (
            " Faltam dados." if not has_refusal(reasons) else ""
        )
    elif kind in PROPOSALS:
        summary = f"Proposta de {label} pode ser encaminhada à autoridade competente."
    elif amount is not None:
        summary = f"Multa de {units} UPFBG = {brl(amount)} pode ser aplicada."
    else:
        summary = f"{label.capitalize()} pode ser aplicada."
    return decide(qid, ctx, outcome, reasons, summary)


@question(
    "apps.procedure_deadlines",
    law=LAW,
    title="Quais os prazos de defesa e de recurso no processo de penalidade?",
    schema={
        "type": "object",
        "additionalProperties": False,
        "properties": {"defence_notice_on": DATE, "decision_notice_on": DATE},
    },
)
def procedure_deadlines(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Last day of the defence (from its notice) and of the appeal (from the notice of the
    decision), art. 26 sole paragraph with D-17 defaults and D-4 counting."""
    qid = "apps.procedure_deadlines"
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
                    f"Notificação em {br(on)}: prazo até {br(last)}.",
                    art(26, "único"),
                    decision(4),
                    facts={"notificação": on, "prazo": last},
                )
            )
        outcome[f"{stage}_days"] = days
    return decide(qid, ctx, outcome, reasons, "Prazos do processo administrativo.")
