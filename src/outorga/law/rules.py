"""Small helpers rulebooks use to write reasons and honour rule suspensions (D-16)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .citations import Citation
from .context import Context
from .decisions import Reason, Verdict
from .parameters import ParameterValue


def reason(
    rule: str,
    verdict: Verdict,
    message: str,
    *citations: Citation,
    facts: Mapping[str, Any] | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    return Reason(rule, tuple(citations), verdict, message, dict(facts or {}), params)


def check(
    rule: str,
    passed: bool,
    ok_message: str,
    refused_message: str,
    *citations: Citation,
    facts: Mapping[str, Any] | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    """A requirement: OK with ``ok_message`` when ``passed``, else REFUSED with ``refused_message``."""
    return reason(
        rule,
        Verdict.OK if passed else Verdict.REFUSED,
        ok_message if passed else refused_message,
        *citations,
        facts=facts,
        params=params,
    )


def unless_suspended(ctx: Context, rule: str, apply: Callable[[], Reason]) -> Reason:
    """Apply ``rule`` unless a court suspended it on ``ctx.as_of``; then say so and cite it (D-16)."""
    s = ctx.suspension(rule)
    if s is None:
        return apply()
    applied = apply()
    return Reason(
        rule,
        applied.citations + (s.citation(),),
        Verdict.SUSPENDED,
        f"Regra suspensa desde {s.start:%d/%m/%Y} ({s.reference}); não aplicada.",
        {**applied.facts, "suspensão": s.reference},
        applied.parameters,
    )
