"""Art. 26: the penalties (I–IV) and their process — the Lei 9.784/1999 periods that apply while the
regulation sets none (D-17), the standing of a credential under a measure, the penalty's decision
and the process's deadlines (D-4).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.labels import sentence
from outorga.law.competence import role_names
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, fiscal_units_to_cents, number_br
from outorga.law.parameters import ParameterMissing
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from .._base import (
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
from ..final_provisions import law_in_force, platform_obligation_enforceable

PENALTIES = {
    "warning": ("I", "advertência escrita", "penalty.warning"),
    "fine": ("II", "multa", "penalty.fine"),
    "seizure": ("III", "apreensão do veículo", "penalty.seizure"),
    "credential_suspension": ("IV", "suspensão temporária do credenciamento", "platform.suspend"),
    "credential_cancellation": ("IV", "cancelamento do credenciamento", "platform.suspend"),
}
PROPOSALS = frozenset({"credential_suspension", "credential_cancellation"})

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


#: How an earlier measure against the offender stands (the app's record, as the law reads it):
#: a penalty's status in its process (D-1) or a proposal's (IV), and the first day it was final in
#: the administrative sphere (``final_on``), which the law compares with the new fact's date.
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
                "rejected",
            ]
        },
        "final_on": DATE,
    },
    required=["id", "kind", "on", "status"],
)

#: Lei 9.784/1999 art. 59: the appeal's period, after which (or after the appeal is judged) the
#: decision is final in the administrative sphere (D-1, D-17).
FEDERAL_APPEAL_PERIOD = cite("federal.9784-1999", 59)

#: Why an earlier measure is not an earlier occurrence, by its status (ADR 0082).
NOT_FINAL = {
    "awaiting_notice": "decisão ainda não notificada",
    "appeal_period": "prazo de recurso aberto",
    "under_appeal": "em recurso",
    "annulled": "anulada",
    "open": "proposta ainda não decidida",
    "rejected": "proposta rejeitada",
    "final": "definitiva sem a data em que se tornou definitiva",
}


def _not_counted(o: Mapping[str, Any], infraction_on: dt.date) -> str | None:
    """Why the earlier measure ``o`` is not an earlier occurrence of a fact of ``infraction_on``,
    or None when it is: final in the administrative sphere on or before that date."""
    final_on = day(o["final_on"]) if o["status"] == "final" and o.get("final_on") else None
    if final_on is None:
        return NOT_FINAL[o["status"]]
    if final_on > infraction_on:
        return f"definitiva só em {fmt(final_on)}, após o fato"
    return None


def art26_i_prior_occurrences(
    infraction_on: dt.date, occurrences: Sequence[Mapping[str, Any]]
) -> tuple[int, Reason]:
    """Art. 26, I ("na primeira ocorrência") and IV ("reincidência") read from the offender's
    record (ADR 0082): an earlier occurrence is established by an earlier penalty or measure of IV
    made final in the administrative sphere — its appeal period lapsed without appeal, or its
    appeal judged (D-1; Lei 9.784/1999 art. 59, D-17) — on or before the date of the new fact,
    judged as things stood on that date (D-15): one notified but open to appeal, under appeal,
    not yet notified, annulled (it never produced effects), or made final only after the fact
    establishes nothing. The law sets no window of time: none is applied."""
    read = [(o["id"], _not_counted(o, infraction_on)) for o in occurrences]
    counted = [i for i, why in read if why is None]
    left = [(i, why) for i, why in read if why is not None]
    message = (
        f"{len(counted)} ocorrência(s) anterior(es) estabelecida(s) (penalidade definitiva na "
        f"esfera administrativa até a data do fato, {fmt(infraction_on)}, sem limite de tempo: "
        "a lei não o fixa)"
        + (f": {', '.join(counted)}." if counted else ".")
        + (f" Não contadas: {'; '.join(f'{i} ({why})' for i, why in left)}." if left else "")
    )
    return len(counted), reason(
        "apps.art26.i.occurrences",
        Verdict.INFO,
        message,
        art(26, inc="I"),
        decision(1),
        decision(15),
        FEDERAL_APPEAL_PERIOD,
        facts={"consideradas": counted, "não_contadas": [i for i, _ in left]},
    )


def art26_i_warning_on_first_occurrence(penalty: str, prior: int) -> Reason:
    """Art. 26, I: "advertência escrita, na primeira ocorrência". On a first occurrence the
    penalty is the written warning; fines and the credential measures need a previous occurrence.
    A measure of IV is graduated "conforme a gravidade e reincidência": gravity alone, however
    grave, does not reach it on a first occurrence (ADR 0030, 0082). Seizure of a vehicle in
    irregular service (III) is a separate rule, not bound to the first occurrence."""
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
    measure = penalty in PROPOSALS
    return check(
        "apps.art26.i.first_occurrence",
        not first,
        f"{prior} ocorrência(s) anterior(es): cabe penalidade além da advertência.",
        f"Primeira ocorrência: a lei prevê advertência escrita, não {PENALTIES[penalty][1]}."
        + (
            " A suspensão e o cancelamento se graduam conforme a gravidade e a reincidência: "
            "sem ocorrência anterior, a gravidade não basta."
            if measure
            else ""
        ),
        art(26, inc="I"),
        *((art(26, inc="IV"),) if measure else ()),
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


def art26_iv_credential(
    ctx: Context, offender: str, penalty: str, prior: int, gravity: str
) -> list[Reason]:
    """Art. 26, IV: "suspensão temporária ou cancelamento definitivo do credenciamento da
    plataforma, conforme a gravidade e reincidência" — only for a platform, and only as a proposal
    a competent person decides after the defence (D-3).

    The law gives no scale of gravity nor a number of recurrences that leads to each measure
    (ADR 0030): the recurrence is the count of the platform's earlier occurrences the law
    establishes (art. 26, I; :func:`art26_i_prior_occurrences`), and the gravity is the deciding
    authority's reasoned judgment (``gravity``), recorded with the decision (Lei 9.784/1999
    art. 50, II, applied where the municipal law is silent; D-17). No threshold is invented: a
    decision without the judgment is pending, never refused or allowed by a number. Who decides
    is read on the decision's date (D-15)."""
    roles, comp_cites = deciders("platform.suspend", ctx.as_of)
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


def art26_iv_cancellation_definitive(status: str | None) -> Reason | None:
    """Art. 26, IV: "cancelamento definitivo do credenciamento da plataforma". Once cancelled, no
    further suspension or cancellation is imposed on that credential — a suspension would turn it
    back into a credential that operates again when the suspension ends. Only the cancellation's
    own appeal undoes it. None when the credential's status was not given."""
    if status is None:
        return None
    return check(
        "apps.art26.iv.cancellation_definitive",
        status != "cancelled",
        "Credenciamento não cancelado: cabe a medida proposta.",
        "Credenciamento já cancelado definitivamente: não cabe nova suspensão ou cancelamento.",
        art(26, inc="IV"),
        facts={"situação_do_credenciamento": status},
    )


@question(
    "barra-do-garcas.apps-2025.credential_measure",
    law=LAW,
    title="Cabe propor a suspensão ou o cancelamento deste credenciamento?",
    schema=closed(
        {"status": {"enum": ["credentialed", "suspended", "cancelled"]}}, required=["status"]
    ),
)
def credential_measure(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 26, IV: the credential a measure of IV is proposed against, by its status — a
    cancelled one is cancelled "definitivo", so no proposal is opened against it
    (:func:`art26_iv_cancellation_definitive`, the rule the ``penalty`` question applies again
    when the measure is decided)."""
    definitive = art26_iv_cancellation_definitive(facts["status"])
    assert definitive is not None  # the status is required
    allowed = definitive.verdict is not Verdict.REFUSED
    summary = (
        "Cabe propor a suspensão ou o cancelamento do credenciamento."
        if allowed
        else "Credenciamento já cancelado: o cancelamento é definitivo e não cabe propor nova "
        "suspensão ou cancelamento."
    )
    return decide(
        "barra-do-garcas.apps-2025.credential_measure",
        ctx,
        {"allowed": allowed},
        [definitive],
        summary,
    )


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


def art26_iv_one_suspension_at_a_time(start: dt.date, running_until: dt.date | None) -> Reason:
    """Art. 26, IV: "suspensão temporária" of the credential, from the day of the decision
    (:func:`art26_iv_suspension_period`) — and the decision applies at once (Lei 9.784/1999
    art. 61; ADR 0030). A second suspension decided while one is in force or still to run
    (through its last day) would overlap it, and its own last day would replace the first's —
    shortening the first when it ends sooner. The law gives no rule to serve suspensions one
    after the other, so none is invented: the second is refused until the first has ended, and
    may be decided from the day the credential operates again."""
    if running_until is None:
        clear, ok_text, refused_text = True, "Nenhuma suspensão em curso na data da decisão.", ""
    else:
        clear = start > running_until
        ok_text = f"A suspensão anterior terminou em {fmt(running_until)}."
        refused_text = (
            f"Credenciamento já suspenso até {fmt(running_until)}: nova suspensão temporária "
            f"decidida em {fmt(start)} se sobreporia à que está em curso; só pode ser decidida a "
            f"partir de {fmt(running_until + dt.timedelta(days=1))}, quando a anterior termina."
        )
    return check(
        "apps.art26.iv.one_suspension_at_a_time",
        clear,
        ok_text,
        refused_text,
        art(26, inc="IV"),
        facts={"início": start, "suspensa_até": running_until},
    )


#: Lei 9.784/1999 art. 50, II: acts that impose sanctions state their facts and legal grounds.
FEDERAL_REASONED_DECISION_II = cite("federal.9784-1999", 50, inc="II")

#: What a platform may not do while its credential is suspended or cancelled (art. 3, 26 IV).
STOPPED_ACTS = {
    "roster": "cadastrar ou habilitar motoristas",
    "fares": "publicar tabela de tarifas",
    "operate": "intermediar o serviço",
}

#: What a suspended or cancelled platform still does, each with the article that keeps it: the
#: suspension takes the operation (art. 3), not the duties of the months it operated nor its due
#: process (ADR 0030, 0053).
KEPT_ACTS: dict[str, tuple[str, tuple[tuple[int, int | str | None], ...]]] = {
    "read": ("consultar seus registros e processos", ((24, None),)),
    "defence": ("defender-se e recorrer nos seus processos", ((26, "único"),)),
    "report": ("entregar os relatórios mensais", ((16, None),)),
    "trip_data": ("enviar os registros das corridas", ((21, None), (24, None))),
    "complaint": ("responder às reclamações dos usuários", ((15, None),)),
    "roster_disable": ("desativar motoristas", ((3, 2),)),
}


def _kept_cites(act: str) -> list[Citation]:
    """The articles that keep ``act`` (article, paragraph)."""
    return [art(article, par) for article, par in KEPT_ACTS[act][1]]


@question(
    "barra-do-garcas.apps-2025.credential_standing",
    law=LAW,
    title="A plataforma pode operar na data (credenciamento suspenso ou cancelado)?",
    schema=closed(
        {
            "status": {"enum": ["credentialed", "suspended", "cancelled"]},
            "suspended_until": DATE,
            "act": {"enum": [*STOPPED_ACTS, *KEPT_ACTS]},
        },
        required=["status"],
    ),
)
def credential_standing(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3 (only credentialed platforms offer the service) with art. 26, IV: while its
    credential is suspended — through the last day of the suspension — or once it is cancelled,
    the platform may not operate (``act``: enable drivers, publish fares, intermediate trips).
    What due process gives it (defence, appeal, reports of past months) is not an act it loses:
    the exception (``KEPT_ACTS``) is its own rule, naming the article that keeps the duty."""
    qid = "barra-do-garcas.apps-2025.credential_standing"
    status = facts["status"]
    until = day(facts["suspended_until"]) if facts.get("suspended_until") else None
    if facts.get("act") in KEPT_ACTS:
        return _kept_act(ctx, qid, status, until, facts["act"])
    act = STOPPED_ACTS[facts.get("act", "operate")]
    ok = not _stopped(ctx, status, until)
    if ok:
        msg = "Credenciamento em vigor."
    elif status == "cancelled":
        msg = f"Credenciamento cancelado definitivamente: a plataforma não pode {act}."
    else:
        msg = (
            f"Credenciamento suspenso até {fmt(until)}: a plataforma não pode {act} antes de "
            f"{fmt(until + dt.timedelta(days=1))}."
            if until
            else f"Credenciamento suspenso: a plataforma não pode {act}."
        )
    return _standing(ctx, qid, "apps.art26.iv.credential_standing", ok, msg, status, until, act)


def _kept_act(ctx: Context, qid: str, status: str, until: dt.date | None, act: str) -> Decision:
    """The exception to art. 3 with art. 26, IV: an act the suspension or the cancellation does not
    take away (``KEPT_ACTS``) — the duties of the months the platform operated (art. 15, 16, 21,
    24), disabling a driver (it adds no one to the roster of art. 3 §2) and its defence and
    appeals (art. 26, parágrafo único)."""
    what = KEPT_ACTS[act][0]
    if not _stopped(ctx, status, until):
        msg = "Credenciamento em vigor."
    elif status == "cancelled":
        msg = f"Credenciamento cancelado: ainda assim a plataforma pode {what}."
    else:
        msg = (
            f"Credenciamento suspenso até {fmt(until)}: ainda assim a plataforma pode {what}."
            if until
            else f"Credenciamento suspenso: ainda assim a plataforma pode {what}."
        )
    rule = "apps.art26.iv.credential_standing.kept"
    return _standing(ctx, qid, rule, True, msg, status, until, what, *_kept_cites(act))


def _stopped(ctx: Context, status: str, until: dt.date | None) -> bool:
    """Art. 26, IV: the credential is cancelled, or suspended through ``until`` (its last day;
    with no last day recorded, until it is lifted)."""
    return status == "cancelled" or (
        status == "suspended" and (until is None or ctx.as_of <= until)
    )


def _standing(
    ctx: Context,
    qid: str,
    rule: str,
    may_operate: bool,
    msg: str,
    status: str,
    until: dt.date | None,
    act: str,
    *kept_by: Citation,
) -> Decision:
    """The answer of ``credential_standing``: one reason citing art. 3 with art. 26, IV (and the
    articles that keep the act, ``kept_by``), its text the summary."""
    reasons = [
        check(
            rule,
            may_operate,
            msg,
            msg,
            art(3),
            art(26, inc="IV"),
            *kept_by,
            facts={"situação": status, "suspensa_até": until, "ato": act},
        )
    ]
    return decide(qid, ctx, {"may_operate": may_operate, "suspended_until": until}, reasons, msg)


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
            # Art. 26, IV: the platform's credential when a measure of IV is decided.
            "credential_status": {"enum": ["credentialed", "suspended", "cancelled"]},
            # Art. 26, IV: the last day of the credential's suspension in force or to run.
            "suspended_until": DATE,
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
        reasons += art26_iv_credential(ctx, offender, kind, prior, str(facts.get("gravity", "")))
        if (
            definitive := art26_iv_cancellation_definitive(facts.get("credential_status"))
        ) is not None:
            reasons.append(definitive)
        if kind == "credential_suspension" and offender == "platform":
            running = day(facts["suspended_until"]) if facts.get("suspended_until") else None
            reasons.append(art26_iv_one_suspension_at_a_time(ctx.as_of, running))
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
    if not allowed:
        suspended_until = None  # no period is counted for a suspension that is not imposed
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
        refused = (
            f"Proposta de {label} não pode ser encaminhada"
            if kind in PROPOSALS
            else f"{sentence(label)} não pode ser aplicada"
        )
        summary = f"{refused}." + (" Faltam dados." if not has_refusal(reasons) else "")
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
