"""Shared helpers of the Barra do Garças apps rulebook: citations, dates, parameters, decisions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation, cite
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterMissing, ParameterValue
from outorga.law.rules import reason

LAW = "barra-do-garcas.apps-2025"
P = "apps_2025."  # prefix of this law's parameter names

DATE: dict[str, Any] = {"type": "string", "format": "date"}
CENTS: dict[str, Any] = {"type": "integer", "minimum": 0}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}

#: A document the platform must demand and keep up to date (art. 4, II): presented when the key is
#: there; ``valid_until`` when it expires; ``negative`` for certificates (certidão negativa).
DOCUMENT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"valid_until": DATE, "negative": {"type": "boolean"}},
}


def art(
    article: int | str,
    par: int | str | None = None,
    inc: str | None = None,
    ali: str | None = None,
) -> Citation:
    """A citation of Lei 4.976/2025."""
    return cite(LAW, article, par, inc, ali)


def day(value: str | dt.date) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)


def br(d: dt.date) -> str:
    return f"{d:%d/%m/%Y}"


def param(ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue:
    return ctx.param(P + name, on)


def optional_param(ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue | None:
    """A value the law leaves to the executive (``null`` until the municipality records it)."""
    try:
        return param(ctx, name, on)
    except ParameterMissing:
        return None


def pending(
    rule: str, message: str, *citations: Citation, facts: Mapping[str, Any] | None = None
) -> Reason:
    return reason(rule, Verdict.PENDING, message, *citations, facts=facts)


def info(
    rule: str,
    message: str,
    *citations: Citation,
    facts: Mapping[str, Any] | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    return reason(rule, Verdict.INFO, message, *citations, facts=facts, params=params)


def decide(
    qid: str, ctx: Context, outcome: Any, reasons: Sequence[Reason], summary: str
) -> Decision:
    return Decision(qid, ctx.as_of, ctx.municipality.slug, outcome, tuple(reasons), summary)


def has_refusal(reasons: Sequence[Reason]) -> bool:
    return any(r.verdict is Verdict.REFUSED for r in reasons)


def has_pending(reasons: Sequence[Reason]) -> bool:
    return any(r.verdict is Verdict.PENDING for r in reasons)


def eligibility_outcome(reasons: Sequence[Reason]) -> str:
    """``refused`` when a requirement fails, ``pending`` when one is unknown, else ``ok``."""
    if has_refusal(reasons):
        return "refused"
    if has_pending(reasons):
        return "pending"
    return "ok"


def summary_of(outcome: str, ok: str, refused: str, pending_text: str) -> str:
    return {"ok": ok, "refused": refused, "pending": pending_text}[outcome]
