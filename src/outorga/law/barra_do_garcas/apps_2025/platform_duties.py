"""Capítulos IV e V — users' rights and platforms' duties (art. 11–17).

Art. 12–13 (users' duties, penalties applied by the platform to its users) and art. 14 I–II, IV
(rating system, safety measures) are platform matters the municipality does not decide case by case;
see docs/law-coverage/barra-do-garcas.apps-2025.md.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed

from ._base import DATE, LAW, MONTH, art, day, decide, fmt, has_refusal, param
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
    holidays do not count; the day the complaint was filed is excluded."""
    days = param(ctx, "complaint_answer_business_days", filed_on)
    deadline = ctx.calendar.add_business_days(filed_on, int(days.value))
    return deadline, reason(
        "apps.art15.complaint_deadline",
        Verdict.INFO,
        f"Reclamação registrada em {fmt(filed_on)}: resposta devida até {fmt(deadline)} "
        f"({days.value} dias úteis).",
        art(15),
        decision(4),
        facts={"registrada_em": filed_on, "prazo": deadline},
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


@question(
    "barra-do-garcas.apps-2025.monthly_report",
    law=LAW,
    title="O relatório mensal da plataforma foi entregue no prazo e completo?",
    schema=closed(
        {
            **MONTH,
            "submitted_on": DATE,
            "contents": closed({k: {"type": "boolean"} for k in REPORT_ITEMS}),
        },
        required=["year", "month"],
    ),
)
def monthly_report(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Status of the report for a month on the reference date: ``on_time``, ``late``, ``missing``
    (due date passed, nothing sent), ``not_yet_due``, or ``not_enforceable`` (due in the adaptation
    period, art. 28); plus the contents of art. 16 I–III when given, and ``complete``: true only
    for a report sent with every item, false when nothing was sent or an item is missing."""
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
    reasons = [why, *([delivery] if delivery else [])]
    contents = art16_report_contents(facts.get("contents", {}))
    reasons.extend(contents)
    status = enforceable_status(ctx, duty, due, reasons)
    status = "not_yet_due" if status == "open" else status
    complete = report_complete(submitted, facts.get("contents", {}))
    incomplete = submitted is not None and has_refusal(contents)
    summary = {
        "on_time": "Entregue no prazo.",
        "late": "Entregue com atraso.",
        "missing": "Não entregue e vencido.",
        "not_yet_due": f"Ainda no prazo (vence em {fmt(due)}).",
        "not_enforceable": "Vencido no período de adaptação (art. 28): não exigível.",
    }[status] + (" Conteúdo incompleto (art. 16, I–III)." if incomplete else "")
    outcome = {"status": status, "due": due, "complete": complete}
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
