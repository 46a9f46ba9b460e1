"""Art. 3 §2 with decision D-9 (b): a month whose peak of drivers active at the same time on a
platform exceeded the cap is an infraction candidate. The peak is given or computed from the
platform's sessions (:mod:`.concurrency`); the cap is :func:`.registration.art3_2_measured_peak`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import question
from outorga.law.schemas import closed, list_of
from outorga.law.windows import month_end

from ._base import COUNT, LAW, MONTH, decide
from .concurrency import peak_concurrent_drivers
from .final_provisions import not_in_force_in_month, platform_obligation_enforceable
from .registration import art3_2_measured_peak

SESSION: dict[str, Any] = closed(
    {
        "driver": {"type": "string", "minLength": 1},
        "start": {"type": "string", "minLength": 10},
        "end": {"type": "string", "minLength": 10},
    },
    required=["driver", "start", "end"],
)


@question(
    "barra-do-garcas.apps-2025.concurrency_month",
    law=LAW,
    title="O pico de motoristas ativos simultaneamente no mês excedeu o limite da plataforma?",
    schema={
        "type": "object",
        "additionalProperties": False,
        "required": ["year", "month"],
        "oneOf": [{"required": ["measured_peak"]}, {"required": ["sessions"]}],
        "properties": {
            **MONTH,
            "measured_peak": COUNT,
            # The first instant of a measured peak (ISO 8601), echoed in the outcome.
            "measured_peak_at": {"type": "string", "minLength": 10},
            "sessions": list_of(SESSION),
        },
    },
)
def concurrency_month(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """D-9 (b): a month whose peak of concurrent drivers exceeds the cap is an infraction candidate.

    The peak is given (``measured_peak``) or computed from the platform's sessions (ISO 8601
    date-times, half-open intervals; see :mod:`.concurrency`)."""
    qid = "barra-do-garcas.apps-2025.concurrency_month"
    year, month = int(facts["year"]), int(facts["month"])
    last_day = month_end(year, month)
    if (before := not_in_force_in_month(qid, ctx, last_day, {"candidate": False})) is not None:
        return before
    at: dt.datetime | None = None
    if "sessions" in facts:
        peak = peak_concurrent_drivers(
            (
                s["driver"],
                dt.datetime.fromisoformat(s["start"]),
                dt.datetime.fromisoformat(s["end"]),
            )
            for s in facts["sessions"]
        )
        count, at = peak.count, peak.at
    else:
        count = int(facts["measured_peak"])
        if facts.get("measured_peak_at"):
            at = dt.datetime.fromisoformat(str(facts["measured_peak_at"]))
    # D-15 and D-16: the peak is judged on the day it happened — the cap in force, a court's
    # suspension of the rule and the adaptation period of art. 28 that day; a peak given without
    # its moment, on the month's last day.
    fact_day = min(max(at.date(), dt.date(year, month, 1)), last_day) if at else last_day
    on_the_day = ctx if fact_day == ctx.as_of else Context(ctx.municipality, fact_day)
    reasons = [art3_2_measured_peak(on_the_day, count, fact_day)]
    candidate = reasons[0].verdict is Verdict.REFUSED
    if candidate:
        enforceable, grace = platform_obligation_enforceable(ctx, fact_day)
        reasons.append(grace)
        candidate = enforceable
    outcome = {"peak": count, "peak_at": at.isoformat() if at else None, "candidate": candidate}
    summary = (
        f"Pico de {count}: candidato a infração (art. 3, §2)."
        if candidate
        else f"Pico de {count}: sem infração a apurar."
    )
    return decide(qid, ctx, outcome, reasons, summary)
