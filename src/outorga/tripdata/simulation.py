"""The platforms' ISSQN in the simulation of a proposed amendment (issue #21; ADR 0028): a part
the registry's simulation runs (``registry.simulation.register_part``), reading only.

Each ISSQN statement of the twelve months before the simulation's month is asked again —
``issqn_statement``, apps art. 18–20 and D-14 — with its own bases (the platform's intermediation
revenue and each driver's gross revenue and retention, as the statement's lines keep them) and
the rates of the simulation's month, under the law in force and under the proposal: what the
revenue the municipality knows would pay under each. The rates are municipal tax parameters
(``apps_2025.issqn_rate_<regime>``), so a proposal changes them as dated parameter values.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.core.lawseam import Asker, governs
from outorga.law.bindings import Service
from outorga.law.citations import render_many
from outorga.law.decisions import Decision
from outorga.law.money import brl
from outorga.registry.simulation import IssqnChange, Reading, Simulation

from .models import IssqnLine, IssqnStatement
from .services.common import PLATFORM_REGIME
from .services.issqn import issqn_facts

QUESTION = "issqn_statement"
#: The months of statements read before the simulation's month.
MONTHS = 12


def issqn_part(sim: Simulation, now: Asker, then: Asker, on: dt.date) -> None:
    """The statements of the last :data:`MONTHS` months before ``on``'s, asked under each side."""
    service = Service.APLICATIVO
    if not governs(now.m, service):
        return
    if not (now.answers(service, QUESTION, on) and then.answers(service, QUESTION, on)):
        sim.not_simulated.append(
            "ISSQN: a lei do transporte por aplicativo não responde à pergunta"
        )
        return
    this_month = on.replace(day=1)
    since = dt.date(this_month.year - 1, this_month.month, 1)
    statements = (
        IssqnStatement.objects.filter(month__gte=since, month__lt=this_month)
        .select_related("platform")
        .prefetch_related("lines")
        .order_by("month", "platform__name", "pk")
    )
    for statement in statements:
        facts = statement_facts(statement, on)
        a = now.ask(service, QUESTION, facts, on)
        b = then.ask(service, QUESTION, facts, on)
        sim.issqn.append(
            IssqnChange(
                statement.platform.name,
                statement.month,
                a.outcome.get("total_cents"),  # absent where the law was not in force then
                b.outcome.get("total_cents"),
                _reading(a, statement.month, on),
                _reading(b, statement.month, on),
            )
        )


def statement_facts(statement: IssqnStatement, on: dt.date) -> dict[str, Any]:
    """The facts of ``statement`` as the law reads them (:func:`issqn_facts`, as the statement
    was computed), dated in ``on``'s month: its platform's line (base and regime) and each
    driver's (gross revenue, the platform's retention, regime)."""
    lines = sorted(statement.lines.all(), key=lambda line: (line.taxpayer_kind, line.pk))
    own = next((x for x in lines if x.taxpayer_kind == IssqnLine.Taxpayer.PLATFORM), None)
    return issqn_facts(
        on.replace(day=1),
        own.regime if own is not None else PLATFORM_REGIME,
        statement.intermediation_base_cents,
        [
            (x.taxpayer, x.regime, x.gross_cents, x.deduction_cents)
            for x in lines
            if x.taxpayer_kind == IssqnLine.Taxpayer.DRIVER
        ],
    )


def _reading(d: Decision, month: dt.date, on: dt.date) -> Reading:
    """The statement's totals (or why it is incomplete) and the articles applied — a line per
    driver would make a long text of a city's platforms —, naming the month whose revenue it is
    and the month whose rates it took."""
    o = d.outcome or {}
    head = f"Receita de {month:%m/%Y} com as alíquotas de {on:%m/%Y}"
    if o.get("complete"):
        text = (
            f"{head}: próprio {brl(o['platform_iss_cents'])}, retido dos motoristas "
            f"{brl(o['withheld_cents'])}, total {brl(o['total_cents'])}."
        )
    else:
        text = f"{head}: {d.summary}"
    return Reading(bool(o.get("complete")), text, render_many(d.citations))
