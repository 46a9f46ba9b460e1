"""Small helpers rulebooks use to write reasons and honour rule suspensions (D-16)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import decisions as _decisions
from .citations import Citation
from .context import Context
from .decisions import (
    _QUICK,
    VERDICT_ONLY,
    Message,
    Reason,
    Verdict,
    _Filling,
    quick_check,
    quick_reason,
)
from .parameters import ParameterValue

_verdict_only = VERDICT_ONLY.get
#: A reason's facts, or a function that writes them: called when the reason is made in full,
#: never while a question is answered verdict-only (facts that take lists to write, issue #21).
Facts = Mapping[str, Any] | Callable[[], Mapping[str, Any]]
_OK, _REFUSED = Verdict.OK, Verdict.REFUSED
_new = object.__new__


def reason(
    rule: str,
    verdict: Verdict,
    message: Message,
    *citations: Citation,
    facts: Facts | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    """A reason; ``message`` may be a function that writes it when it is first read, ``facts`` a
    function that writes them when the reason is made in full. While a question is answered
    verdict-only, the rule and verdict alone (:class:`QuickReason`)."""
    if _verdict_only():
        return quick_reason(rule, verdict, citations)
    return _made(rule, citations, verdict, message, facts, params)


def _made(
    rule: str,
    citations: tuple[Citation, ...],
    verdict: Verdict,
    message: Message,
    facts: Facts | None,
    params: tuple[ParameterValue, ...],
) -> Reason:
    """The reason in full, as :func:`reason`, :func:`check` and :meth:`Requirement.check` give
    it: the reason's slots filled on a ``_Filling`` that then becomes the (frozen) reason,
    without the frozen class's guard on each field — a rule makes a dozen reasons per question,
    and this is most of their cost (issue #21). ``test_engine_fast_paths`` holds it to the class.
    """
    if not citations:
        raise ValueError(f"reason {rule} has no citation")
    if _decisions._eager and not isinstance(message, str):
        message = message()
    made = _new(_Filling)
    made.rule = rule
    made.citations = citations
    made.verdict = verdict
    made._message = message
    made.facts = dict(facts() if callable(facts) else facts) if facts else {}
    made.parameters = params
    made.__class__ = Reason  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _made_check(
    rule: str,
    citations: tuple[Citation, ...],
    passed: bool,
    ok_message: Message,
    refused_message: Message,
    facts: Facts | None,
    params: tuple[ParameterValue, ...],
) -> Reason:
    """A requirement's reason in full, as :func:`check` and :meth:`Requirement.check` give it: OK
    with ``ok_message`` when ``passed``, else REFUSED with ``refused_message``."""
    if passed:
        return _made(rule, citations, _OK, ok_message, facts, params)
    return _made(rule, citations, _REFUSED, refused_message, facts, params)


def check(
    rule: str,
    passed: bool,
    ok_message: Message,
    refused_message: Message,
    *citations: Citation,
    facts: Facts | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    """A requirement: OK with ``ok_message`` when ``passed``, else REFUSED with ``refused_message``
    (either may be a function that writes it: only the one the verdict reads is ever written).
    While a question is answered verdict-only, the rule and verdict alone (:class:`QuickReason`)."""
    if _verdict_only():
        if passed and citations:  # the shared OK of the rule, as quick_check gives it
            found = _QUICK.get(rule)
            if found is not None:
                return found  # type: ignore[return-value]
        return quick_check(rule, passed, citations)
    return _made_check(rule, citations, passed, ok_message, refused_message, facts, params)


#: Whether the question being answered is answered verdict-only: a rule whose texts, facts or
#: closures cost more than its verdict asks it, and returns :func:`quick` at once (issue #21).
verdict_only = VERDICT_ONLY.get


def quick(rule: str, passed: bool, *citations: Citation) -> Reason:
    """What :func:`check` gives while a question is answered verdict-only, for a rule that
    returns before it writes a text, a facts record or a closure (``if verdict_only(): return
    quick(...)``): the same rule, verdict and citations, so the full answer read later is the
    same (tests/law/test_lazy_explanations.py)."""
    if passed:
        found = _QUICK.get(rule)
        if found is not None:
            return found  # type: ignore[return-value]
    return quick_check(rule, passed, citations)


class Requirement:
    """A requirement of a law, named once with the articles it applies: ``rule`` and
    ``citations`` serve both its answers — ``stand_in[passed]``, what it gives while a question is
    answered verdict-only (the shared refusal or OK: a subscript, not a call, on the rules every
    eligibility reads, issue #21), and :meth:`check`, the full reason. ``passed`` is a ``bool``."""

    __slots__ = ("rule", "citations", "stand_in")

    def __init__(self, rule: str, *citations: Citation) -> None:
        if not citations:
            raise ValueError(f"requirement {rule} has no citation")
        self.rule, self.citations = rule, citations
        #: Indexed by the verdict: ``stand_in[False]`` refuses (with the citations, as
        #: :func:`quick` keeps a refusal's), ``stand_in[True]`` is the rule's shared OK.
        self.stand_in: tuple[Reason, Reason] = (
            quick_check(rule, False, citations),
            quick_check(rule, True, citations),
        )

    def check(
        self,
        passed: bool,
        ok_message: Message,
        refused_message: Message,
        *,
        facts: Facts | None = None,
        params: tuple[ParameterValue, ...] = (),
    ) -> Reason:
        """:func:`check` of this rule with its citations: its shared stand-in while a question is
        answered verdict-only, else the reason in full, made as :func:`check` makes it."""
        if _verdict_only():
            return self.stand_in[passed]
        return _made_check(
            self.rule, self.citations, passed, ok_message, refused_message, facts, params
        )

    def __repr__(self) -> str:
        return f"Requirement({self.rule!r})"


def unless_suspended(ctx: Context, rule: str, apply: Callable[..., Reason], *args: Any) -> Reason:
    """Apply ``rule`` (``apply(*args)``) unless a court suspended it on ``ctx.as_of``; then say
    so and cite it (D-16)."""
    if not ctx.municipality.suspensions:  # most municipalities: none recorded
        return apply(*args)
    s = ctx.suspension(rule)
    if s is None:
        return apply(*args)
    applied = apply(*args)
    return Reason(
        rule,
        applied.citations + (s.citation(),),
        Verdict.SUSPENDED,
        f"Regra suspensa desde {s.start:%d/%m/%Y} ({s.reference}); não aplicada.",
        {**applied.facts, "suspensão": s.reference},
        applied.parameters,
    )
