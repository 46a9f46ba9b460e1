"""Capítulos IV e V — users' rights and platforms' duties (art. 11–17).

Art. 12–13 (users' duties, penalties applied by the platform to its users) and art. 14 I–II, IV
(rating system, safety measures) are platform matters the municipality does not decide case by case;
see docs/law-coverage/barra-do-garcas.apps-2025.md.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed

from ._base import DATE, LAW, MONTH, art, day, decide, fmt, param
from .final_provisions import not_in_force, platform_obligation_enforceable

RULE_TWO_WHEELER_BAN = "apps.art17.two_wheeler_ban"

#: Vehicle species (CTB art. 96) that are motor vehicles on two wheels.
TWO_WHEELED_KINDS = frozenset({"motocicleta", "motoneta", "ciclomotor"})
VEHICLE_KINDS = (
    "automovel",
    "camioneta",
    "caminhonete",
    "utilitario",
    "motocicleta",
    "motoneta",
    "ciclomotor",
    "triciclo",
    "quadriciclo",
    "outro",
)


# --- a platform's duty by a date (art. 15, 16), enforceable after the adaptation (art. 28) --------


def duty_by_date(
    ctx: Context,
    rule: str,
    done_on: dt.date | None,
    due: dt.date,
    cites: tuple[Citation, ...],
    texts: tuple[str, str, str],
    keys: tuple[str, str],
) -> tuple[str, Reason | None]:
    """A duty due by ``due``, done on ``done_on`` (None: not yet): ``on_time`` or ``late``, checked
    under ``rule``; not done, ``missing`` once ``due`` has passed on the reference date (a refusal),
    else ``open`` (no reason yet). ``texts`` — done in time, done late, missing — name ``{done}``,
    ``{due}`` and ``{today}``; ``keys`` are the facts' names of the day it was done and of ``due``."""
    in_time, late, missing = texts
    done_key, due_key = keys
    if done_on is not None:
        status = "late" if done_on > due else "on_time"
        words = {"done": fmt(done_on), "due": fmt(due)}
        return status, check(
            rule,
            status == "on_time",
            in_time.format(**words),
            late.format(**words),
            *cites,
            facts={done_key: done_on, due_key: due},
        )
    if ctx.as_of > due:
        message = missing.format(today=fmt(ctx.as_of), due=fmt(due))
        return "missing", reason(rule, Verdict.REFUSED, message, *cites, facts={due_key: due})
    return "open", None


def enforceable_status(ctx: Context, status: str, due: dt.date, reasons: list[Reason]) -> str:
    """Art. 28: a duty done late or missing whose ``due`` date fell in the platforms' adaptation
    period is ``not_enforceable``; the reason why joins ``reasons``. Other statuses stand."""
    if status not in ("late", "missing"):
        return status
    enforceable, grace = platform_obligation_enforceable(ctx, due)
    reasons.append(grace)
    return status if enforceable else "not_enforceable"


# --- art. 11, III and art. 15: complaints ---------------------------------------------------------


def art11_iii_complaint_channel(available: bool | None) -> Reason:
    """Art. 11, III: users have the right to "um canal de atendimento ao cliente para registrar
    reclamações, sugestões ou denúncias relacionadas ao serviço"."""
    if available is None:
        return reason(
            "apps.art11.iii.complaint_channel",
            Verdict.PENDING,
            "Não informado se a plataforma mantém canal de atendimento para reclamações.",
            art(11, inc="III"),
        )
    return check(
        "apps.art11.iii.complaint_channel",
        available,
        "A plataforma mantém canal de atendimento para reclamações, sugestões e denúncias.",
        "A plataforma não mantém canal de atendimento para reclamações; a lei o exige.",
        art(11, inc="III"),
        facts={"canal_de_atendimento": available},
    )


def art15_complaint_deadline(ctx: Context, filed_on: dt.date) -> tuple[dt.date, Reason]:
    """Art. 15: "As plataformas deverão responder às reclamações dos usuários em um prazo máximo de
    05 (cinco) dias úteis". Business days only (D-4): weekends and national, state and municipal
    holidays do not count. The day the count starts from is excluded (Lei 9.784/1999 art. 66); a
    complaint filed on a day that is not a business day counts from the first business day after
    it, as the day a term begins on moves like its last day (CPC art. 224 §1, applied to the
    administrative procedure by its art. 15, where Lei 9.784 is silent — D-17; ADR 0083)."""
    days = param(ctx, "complaint_answer_business_days", filed_on)
    start = ctx.calendar.next_business_day(filed_on)
    deadline = ctx.calendar.add_business_days(start, int(days.value))
    moved = (
        f" em dia sem expediente ({ctx.calendar.why_closed(filed_on)}): a contagem parte do "
        f"primeiro dia útil seguinte, {fmt(start)}, que não conta;"
        if start != filed_on
        else ":"
    )
    return deadline, reason(
        "apps.art15.complaint_deadline",
        Verdict.INFO,
        f"Reclamação registrada em {fmt(filed_on)}{moved} resposta devida até {fmt(deadline)} "
        f"({days.value} dias úteis).",
        art(15),
        decision(4),
        cite("federal.9784-1999", 66),
        *(
            (cite("federal.cpc-2015", 224, 1), cite("federal.cpc-2015", 15))
            if start != filed_on
            else ()
        ),
        facts={"registrada_em": filed_on, "contagem_a_partir_de": start, "prazo": deadline},
        params=(days,),
    )


#: The outcome's names of a complaint's answer, by :func:`duty_by_date`'s status.
COMPLAINT_STATUS = {
    "on_time": "answered_on_time",
    "late": "answered_late",
    "missing": "overdue",
    "open": "open",
    "not_enforceable": "not_enforceable",
}


@question(
    "barra-do-garcas.apps-2025.complaint_deadline",
    law=LAW,
    title="Até quando a plataforma deve responder a reclamação, e respondeu no prazo?",
    schema=closed({"filed_on": DATE, "answered_on": DATE}, required=["filed_on"]),
)
def complaint_deadline(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Deadline of an answer (art. 15) and its status on the reference date: ``answered_on_time``,
    ``answered_late``, ``open`` (within the deadline) or ``overdue``; ``not_enforceable`` when the
    deadline fell in the platforms' adaptation period (art. 28). ``business_days``: the term in
    force on the filing date. ``breach``: the duty of art. 15 was not met — the complaint was
    answered after the deadline or is still unanswered past it (:data:`COMPLAINT_BREACH`)."""
    qid = "barra-do-garcas.apps-2025.complaint_deadline"
    filed_on = day(facts["filed_on"])
    answered = day(facts["answered_on"]) if "answered_on" in facts else None
    if (
        before := not_in_force(qid, ctx, filed_on, outcome={"status": "not_applicable"})
    ) is not None:
        return before
    deadline, why = art15_complaint_deadline(ctx, filed_on)
    (days,) = why.parameters
    duty, answer = duty_by_date(
        ctx,
        "apps.art15.answered_in_time",
        answered,
        deadline,
        (art(15),),
        (
            "Respondida em {done}, dentro do prazo ({due}).",
            "Respondida em {done}, após o prazo de {due}.",
            "Sem resposta em {today}; o prazo terminou em {due}.",
        ),
        ("respondida_em", "prazo"),
    )
    reasons = [why, *([answer] if answer else [])]
    status = COMPLAINT_STATUS[enforceable_status(ctx, duty, deadline, reasons)]
    summary = {
        "answered_on_time": "Respondida no prazo.",
        "answered_late": "Respondida fora do prazo.",
        "open": f"Em aberto; prazo até {fmt(deadline)}.",
        "overdue": "Prazo vencido sem resposta.",
        "not_enforceable": "Fora do prazo, mas ainda no período de adaptação (art. 28).",
    }[status]
    outcome = {
        "status": status,
        "deadline": deadline,
        "business_days": int(days.value),
        "breach": status in COMPLAINT_BREACH,
    }
    return decide(qid, ctx, outcome, reasons, summary)


#: Art. 15: "responder às reclamações dos usuários em um prazo máximo de 05 (cinco) dias úteis" —
#: an answer after the last day misses the duty as much as none by then: both are the breach the
#: authority may pursue (art. 26), as a report sent late is under art. 16. An answer still within
#: the term, or a term that fell in the adaptation period (art. 28), is none.
COMPLAINT_BREACH = frozenset({"answered_late", "overdue"})


# --- art. 16: monthly report (D-8) --------------------------------------------------------------

REPORT_ITEMS = {
    "active_drivers": ("I", "relação dos motoristas ativos no período"),
    "intermediation_revenue": ("II", "faturamento mensal da intermediação"),
    "trip_revenue_per_driver": ("III", "faturamento das corridas por motorista"),
}


def art16_report_due(ctx: Context, year: int, month: int) -> tuple[dt.date, Reason]:
    """Art. 16: platforms send the Finance secretariat "até o último dia útil de cada mês" a report.
    D-8: the report for month M is due on the last business day of month M+1."""
    y, m = (year + 1, 1) if month == 12 else (year, month + 1)
    due = ctx.calendar.last_business_day(y, m)
    return due, reason(
        "apps.art16.report_due",
        Verdict.INFO,
        f"O relatório de {month:02d}/{year} vence no último dia útil de {m:02d}/{y}: {fmt(due)}.",
        art(16),
        decision(8),
        facts={"mês_de_referência": f"{year}-{month:02d}", "vencimento": due},
    )


def art16_report_contents(contents: Mapping[str, bool]) -> list[Reason]:
    """Art. 16, I–III: active drivers; monthly intermediation revenue; trip revenue per driver."""
    out = []
    for key, (inc, label) in REPORT_ITEMS.items():
        if key not in contents:
            continue
        out.append(
            check(
                f"apps.art16.{inc.lower()}.{key}",
                bool(contents[key]),
                f"O relatório traz {label}.",
                f"O relatório não traz {label}.",
                art(16, inc=inc),
                facts={key: contents[key]},
            )
        )
    return out


def art16_months_owed(
    year: int, month: int, credentialed_on: dt.date | None, cancelled_on: dt.date | None
) -> Reason | None:
    """Art. 16: the platforms send "relatório" "de cada mês" — the platforms credentialed here
    (art. 3). Every month of the credential is owed, the month it began and the month it ended
    included, whatever their day: the law counts months, not the days operated in them, and a
    month's report covers the days of the credential in it (ADR 0083). A month before the
    credential or after its cancellation is none of this platform's: ``None`` when the month is
    owed and no credential date was given."""
    if credentialed_on is None and cancelled_on is None:
        return None
    label = f"{month:02d}/{year}"
    facts: dict[str, Any] = {"mês_de_referência": f"{year}-{month:02d}"}
    message = ""
    if credentialed_on is not None:
        facts["credenciada_em"] = credentialed_on
        if (year, month) < (credentialed_on.year, credentialed_on.month):
            message = f"anterior ao credenciamento ({fmt(credentialed_on)})"
    if cancelled_on is not None:
        facts["cancelada_em"] = cancelled_on
        if (year, month) > (cancelled_on.year, cancelled_on.month):
            message = f"posterior ao cancelamento ({fmt(cancelled_on)})"
    owed = not message
    if owed:
        since = f"credenciada em {fmt(credentialed_on)}" if credentialed_on else "credenciada"
        until = f", cancelada em {fmt(cancelled_on)}" if cancelled_on else ""
        message = (
            f"Plataforma {since}{until}: o relatório de {label} é devido — o art. 16 pede a "
            "cada mês, às plataformas credenciadas (art. 3), o relatório do mês (decisão D-8), "
            "o do mês do credenciamento e o do cancelamento incluídos, pelos dias em que esteve "
            "credenciada."
        )
    else:
        message = f"O mês {label} é {message}: não há relatório devido."
    return reason(
        "apps.art16.months_owed",
        Verdict.INFO,
        message,
        art(16),
        art(3),
        decision(8),
        facts={**facts, "devido": owed},
    )


def missing_report_items(contents: Mapping[str, bool]) -> list[str]:
    """Art. 16, I–III: the incisos a report sent without them lacks (``["II"]``), in order."""
    return [inc for key, (inc, _) in REPORT_ITEMS.items() if key in contents and not contents[key]]


def _missing_items_text(missing: list[str]) -> str:
    labels = {inc: label for inc, label in REPORT_ITEMS.values()}
    items = [f"art. 16, {inc} ({labels[inc]})" for inc in missing]
    listed = items[0] if len(items) == 1 else ", ".join(items[:-1]) + " e " + items[-1]
    return f" Conteúdo incompleto: falta{'m' if len(items) > 1 else ''} {listed}."


@question(
    "barra-do-garcas.apps-2025.monthly_report",
    law=LAW,
    title="O relatório mensal da plataforma foi entregue no prazo e completo?",
    schema=closed(
        {
            **MONTH,
            "submitted_on": DATE,
            "contents": closed({k: {"type": "boolean"} for k in REPORT_ITEMS}),
            "credentialed_on": DATE,
            "cancelled_on": DATE,
        },
        required=["year", "month"],
    ),
)
def monthly_report(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Status of the report for a month on the reference date: ``on_time``, ``late``, ``missing``
    (due date passed, nothing sent), ``not_yet_due``, or ``not_enforceable`` (due in the adaptation
    period, art. 28); ``not_owed`` for a month before the platform's credential
    (``credentialed_on``) or after its cancellation (``cancelled_on``) — the month of either is
    owed (ADR 0083). Plus the contents of art. 16 I–III when given: ``complete`` is true only for a
    report sent with every item, false when nothing was sent or an item is missing, and
    ``missing_items`` names the incisos a report sent lacks (a missing item is never read as an
    empty one: a revenue not declared is no revenue of zero)."""
    qid = "barra-do-garcas.apps-2025.monthly_report"
    year, month = int(facts["year"]), int(facts["month"])
    submitted = day(facts["submitted_on"]) if "submitted_on" in facts else None
    due, why = art16_report_due(ctx, year, month)
    if (
        before := not_in_force(
            qid, ctx, due, outcome={"status": "not_applicable", "due": due}, summary="—"
        )
    ) is not None:
        return before
    owed = art16_months_owed(
        year,
        month,
        day(facts["credentialed_on"]) if "credentialed_on" in facts else None,
        day(facts["cancelled_on"]) if "cancelled_on" in facts else None,
    )
    if owed is not None and not owed.facts["devido"]:
        outcome = {"status": "not_owed", "due": due, "complete": None, "missing_items": []}
        return decide(qid, ctx, outcome, [why, owed], "Relatório não devido neste mês.")
    duty, delivery = duty_by_date(
        ctx,
        "apps.art16.report_on_time",
        submitted,
        due,
        (art(16), decision(8)),
        (
            "Entregue em {done}, até o vencimento ({due}).",
            "Entregue em {done}, após o vencimento ({due}).",
            "Relatório não entregue; venceu em {due}.",
        ),
        ("entregue_em", "vencimento"),
    )
    reasons = [why, *([owed] if owed else []), *([delivery] if delivery else [])]
    contents = art16_report_contents(facts.get("contents", {}))
    reasons.extend(contents)
    status = enforceable_status(ctx, duty, due, reasons)
    status = "not_yet_due" if status == "open" else status
    complete = report_complete(submitted, facts.get("contents", {}))
    missing = missing_report_items(facts.get("contents", {})) if submitted is not None else []
    summary = {
        "on_time": "Entregue no prazo.",
        "late": "Entregue com atraso.",
        "missing": "Não entregue e vencido.",
        "not_yet_due": f"Ainda no prazo (vence em {fmt(due)}).",
        "not_enforceable": "Vencido no período de adaptação (art. 28): não exigível.",
    }[status] + (_missing_items_text(missing) if missing else "")
    outcome = {"status": status, "due": due, "complete": complete, "missing_items": missing}
    return decide(qid, ctx, outcome, reasons, summary)


def report_complete(submitted: dt.date | None, contents: Mapping[str, bool]) -> bool | None:
    """Art. 16, I–III: a report is complete when it was sent and carries every item. Nothing sent
    is not complete; a report sent whose contents were not informed is unknown (``None``), never
    assumed complete."""
    if submitted is None:
        return False
    if any(key in contents and not contents[key] for key in REPORT_ITEMS):
        return False
    return True if all(key in contents for key in REPORT_ITEMS) else None


# --- art. 17: two-wheelers banned ----------------------------------------------------------------


def art17_two_wheeler_ban(ctx: Context, kind: str, wheels: int | None) -> Reason:
    """Art. 17: "É expressamente vedada [...] a prestação de serviço de transporte privado
    individual de passageiros realizado por meio de motocicletas ou outros veículos motorizados de
    duas rodas".

    A court may suspend this ban (D-16): rule id ``apps.art17.two_wheeler_ban``.
    """

    def apply() -> Reason:
        facts = {"espécie": kind, "rodas": wheels}
        if kind == "outro" and wheels is None:
            return reason(
                RULE_TWO_WHEELER_BAN,
                Verdict.PENDING,
                "Espécie 'outro': informe o número de rodas para verificar a vedação.",
                art(17),
                facts=facts,
            )
        two_wheeled = kind in TWO_WHEELED_KINDS or wheels == 2
        return check(
            RULE_TWO_WHEELER_BAN,
            not two_wheeled,
            "Veículo não é de duas rodas.",
            "Motocicletas e outros veículos motorizados de duas rodas são vedados para este "
            "serviço.",
            art(17),
            facts=facts,
        )

    return unless_suspended(ctx, RULE_TWO_WHEELER_BAN, apply)
