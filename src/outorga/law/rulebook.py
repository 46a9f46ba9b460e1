"""The one dialect the rulebooks are written in: the helpers every law's questions share.

A rulebook's own vocabulary module (``_common``/``_base``) binds :class:`LawText` to its law —
``art``, ``param``, ``optional_param``, ``rule_id`` — and adds its enums; everything else (dates,
the facts schemas of dates and cents, building a :class:`~outorga.law.decisions.Decision`, reading
a list of reasons) is here, with one argument order: ``decide(qid, ctx, outcome, reasons, summary)``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from .bindings import RULEBOOKS
from .citations import Citation, cite
from .competence import COMPETENCES, deciders
from .context import Context
from .decisions import Decision, Message, Reason, Verdict, eligibility_of, made_decision
from .parameters import ParameterValue
from .rules import Facts, reason

#: The verdicts the helpers below give or read on every call (an enum's member read off its class
#: costs a lookup through the enum's ``__getattr__`` hook).
_PENDING, _INFO, _REFUSED = Verdict.PENDING, Verdict.INFO, Verdict.REFUSED

#: Facts schemas shared by every law.
DATE: dict[str, Any] = {"type": "string", "format": "date"}
CENTS: dict[str, Any] = {"type": "integer", "minimum": 0}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}


@dataclass(frozen=True)
class LawText:
    """A law's citations and parameters: ``law`` its id, ``params`` the folder its parameter names
    start with (``mototaxi_2013`` → ``mototaxi_2013.person.min_age``)."""

    law: str
    params: str
    # What ``art`` and ``param`` already made: every rule asks the same few on every call, and
    # a decision asked verdict-only spends most of its time asking them (issue #21).
    _cites: dict[tuple[Any, ...], Citation] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _names: dict[str, str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _name_groups: dict[tuple[str, ...], tuple[str, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def art(
        self,
        article: int | str,
        par: int | str | None = None,
        inc: str | None = None,
        ali: str | None = None,
    ) -> Citation:
        """A citation of this law (``art(41, 2, "III")``)."""
        key = (article, par, inc, ali)
        found = self._cites.get(key)
        if found is None:
            found = self._cites[key] = cite(self.law, article, par, inc, ali)
        return found

    def param(self, ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue:
        """A parameter of this law by its short name, in force on ``on`` (default ``ctx.as_of``)."""
        full = self._names.get(name)
        if full is None:
            full = self._names[name] = f"{self.params}.{name}"
        return ctx.param(full, on)

    def param_set(
        self, ctx: Context, names: tuple[str, ...], on: dt.date | None = None
    ) -> tuple[ParameterValue, ...]:
        """:meth:`param` of each of ``names`` (a constant of the rulebook), read in one lookup:
        for a rule that reads several on every call."""
        full = self._name_groups.get(names)
        if full is None:
            full = self._name_groups[names] = tuple(f"{self.params}.{n}" for n in names)
        return ctx.param_set(full, on)

    def optional_param(
        self, ctx: Context, name: str, on: dt.date | None = None
    ) -> ParameterValue | None:
        """Like :meth:`param`, but None where the value is left to a decree or regulation that has
        not set it (``value: null`` until the municipality records it)."""
        full = self._names.get(name)
        if full is None:
            full = self._names[name] = f"{self.params}.{name}"
        return ctx.optional_param(full, on)

    def rule_id(self, name: str) -> str:
        return f"{self.params}.{name}"

    def deciders(self, action: str, on: dt.date) -> tuple[list[str], tuple[Citation, ...]]:
        """Who decides ``action`` under this law on ``on`` — the date of the decision — and the articles that say so (the dated :mod:`outorga.law.competence`); no one
        before the law. An action the law's table never names is a mistake in the rulebook."""
        if (self.law, action) not in COMPETENCES:
            raise LookupError(f"no competence for {action} in {self.law}")
        return deciders(self.law, action, on)

    @property
    def in_force_from(self) -> dt.date:
        """The law's entry into force, as registered with its rulebook (``bindings.RULEBOOKS``)."""
        return RULEBOOKS[self.law].in_force_from


# Dates


_Date = dt.date
_from_iso = dt.date.fromisoformat


def day(value: str | dt.date) -> dt.date:
    return value if isinstance(value, _Date) else _from_iso(value)


def opt_day(value: str | dt.date | None) -> dt.date | None:
    """:func:`day`, None for None (in one call: every facts record reads several)."""
    if value is None:
        return None
    return value if isinstance(value, _Date) else _from_iso(value)


def fmt(value: dt.date) -> str:
    """A date as the texts write it: ``dd/mm/aaaa``."""
    if value.year >= 1000:  # what %Y writes; strftime costs ten times more
        return f"{value.day:02d}/{value.month:02d}/{value.year}"
    return f"{value:%d/%m/%Y}"


def renewal_start_text(title: str, current: dt.date | None, on: dt.date) -> str:
    """How a renewed period of a yearly ``title`` ("Credencial", "Inscrição") starts, as
    :func:`~outorga.law.windows.renewal_period` counts it."""
    if current is None:
        return f"{title} sem validade registrada: renovada em {fmt(on)}"
    if on <= current:
        return f"{title} válida até {fmt(current)}: o novo ano conta desse dia"
    return f"{title} vencida em {fmt(current)}: o novo ano conta da renovação, {fmt(on)}"


# Facts

_F = TypeVar("_F")
_new = object.__new__
_set = object.__setattr__


def facts_of(cls: type[_F], **fields: Any) -> _F:
    """``cls(**fields)`` for a frozen dataclass of facts (no slots, no ``__post_init__``), every
    field given, at half the cost: a rulebook reads its facts into one on every question, and the
    frozen dataclass's ``__init__`` writes each field through ``object.__setattr__`` (issue #21).
    The object is the same: equal, hashed and shown as the one ``cls(**fields)`` makes."""
    if fields.keys() != cls.__dataclass_fields__.keys():  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: every field is given ({sorted(fields)})")
    made = _new(cls)
    _set(made, "__dict__", fields)  # the call's own dict (``**fields`` is always a new one)
    return made


def record_of(cls: type[_F], fields: dict[str, Any]) -> _F:
    """The frozen facts record of ``cls`` (no slots, no ``__post_init__``) whose fields are
    ``fields``, a dict the caller wrote for it with every field in the class's order — the
    record ``cls(**fields)`` makes, without :func:`facts_of`'s keyword call and check of the
    names: for the records read on every question (tests/law/test_engine_fast_paths.py checks
    the fields of each record read this way). The dict becomes the record's: not kept."""
    made = _new(cls)
    _set(made, "__dict__", fields)
    return made


def flag(facts: Mapping[str, Any], key: str) -> bool | None:
    """A yes/no fact: None while it is not known."""
    value = facts.get(key)
    return None if value is None else bool(value)


# Reasons and decisions


def decide(
    qid: str, ctx: Context, outcome: Any, reasons: Iterable[Reason], summary: str
) -> Decision:
    return made_decision(qid, ctx.as_of, ctx.municipality.slug, outcome, tuple(reasons), summary)


def pending(
    rule: str, message: Message, *citations: Citation, facts: Facts | None = None
) -> Reason:
    return reason(rule, _PENDING, message, *citations, facts=facts)


def info(
    rule: str,
    message: Message,
    *citations: Citation,
    facts: Facts | None = None,
    params: tuple[ParameterValue, ...] = (),
) -> Reason:
    return reason(rule, _INFO, message, *citations, facts=facts, params=params)


def has_refusal(reasons: Iterable[Reason]) -> bool:
    return any(r.verdict is _REFUSED for r in reasons)


def has_pending(reasons: Iterable[Reason]) -> bool:
    return any(r.verdict is _PENDING for r in reasons)


Eligibility = Literal["ok", "refused", "pending"]


def eligibility_outcome(reasons: Iterable[Reason]) -> Eligibility:
    """``refused`` when a requirement fails, ``pending`` when one is unknown, else ``ok``."""
    found: Eligibility = eligibility_of(reasons)  # type: ignore[assignment]
    return found


def eligibility(reasons: Iterable[Reason]) -> bool | None:
    """:func:`eligibility_outcome` as a decision's outcome reads it: True when every requirement is
    met, False on any refusal, None while a fact is pending."""
    return ELIGIBLE_AS[eligibility_of(reasons)][0]


#: By :func:`eligibility_of`: the outcome's flag (:func:`eligibility`) and which of the summaries
#: (ok, refused, pending) :func:`summary_of` gives — read in one lookup where every decision is.
ELIGIBLE_AS: dict[str, tuple[bool | None, int]] = {
    "ok": (True, 0),
    "refused": (False, 1),
    "pending": (None, 2),
}


def summary_of(outcome: Eligibility | bool | None, ok: str, refused: str, pending: str) -> str:
    """The summary for an eligibility, given as :func:`eligibility_outcome` or :func:`eligibility`
    gives it."""
    if outcome is True or outcome == "ok":
        return ok
    if outcome is None or outcome == "pending":
        return pending
    return refused


def decide_eligibility(
    qid: str, ctx: Context, reasons: Iterable[Reason], ok: str, refused: str, pending: str
) -> Decision:
    """A decision whose outcome is the :func:`eligibility_outcome` of ``reasons``, summarized by
    :func:`summary_of` with ``ok``, ``refused`` or ``pending``."""
    given = tuple(reasons)
    outcome = eligibility_outcome(given)
    return decide(qid, ctx, outcome, given, summary_of(outcome, ok, refused, pending))


def joined(items: Iterable[str]) -> str:
    """``a, b e c``."""
    seq = list(items)
    if len(seq) <= 1:
        return "".join(seq)
    return ", ".join(seq[:-1]) + " e " + seq[-1]


def refusals_text(reasons: Iterable[Reason]) -> str:
    """The messages of the refusals, joined for a one-line summary."""
    return "; ".join(r.message.rstrip(".") for r in reasons if r.verdict is Verdict.REFUSED) + "."
