"""Shared vocabulary of the mototaxi/motofrete rulebook: the law id, citations, parameters, enums and
who decides. The helpers every law shares are in :mod:`outorga.law.rulebook` (one dialect)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, eligibility_of
from outorga.law.ipatinga.severity import SEVERITY_PT, Severity  # art. 37: natureza das infrações
from outorga.law.rulebook import (
    CENTS,
    DATE,
    ELIGIBLE_AS,
    LawText,
    day,
    decide,
    eligibility,
    facts_of,
    flag,
    fmt,
    has_refusal,
    opt_day,
    record_of,
    summary_of,
)
from outorga.law.rules import Requirement, verdict_only

LAW_ID = "ipatinga.mototaxi-2013"
PARAMS = "mototaxi_2013"
TEXT = LawText(LAW_ID, PARAMS)
art = TEXT.art
param = TEXT.param
param_set = TEXT.param_set
optional_param = TEXT.optional_param
#: Who decides an act under this law on a date, and the articles (art. 34 and the others).
authority = TEXT.deciders

__all__ = [
    "CENTS",
    "DATE",
    "LAW_ID",
    "PARAMS",
    "SERVICES",
    "SERVICE_FACT",
    "SERVICE_PT",
    "SEVERITY_PT",
    "Service",
    "Severity",
    "art",
    "authority",
    "day",
    "decide",
    "decide_eligible",
    "eligibility",
    "facts_of",
    "flag",
    "fmt",
    "has_refusal",
    "opt_day",
    "optional_param",
    "param",
    "param_set",
    "record_of",
    "summary_of",
    "yes_no",
]


class Service(StrEnum):
    """Art. 1º, §2º: passengers (mototáxi) or goods (motofrete)."""

    MOTOTAXI = "mototaxi"
    MOTOFRETE = "motofrete"


SERVICE_PT = {Service.MOTOTAXI: "mototáxi", Service.MOTOFRETE: "motofrete"}
#: ``Service(value)`` for a value the facts schema admitted: a lookup, not an enum call.
SERVICES = {s.value: s for s in Service}
#: A service as the questions' facts name it (art. 1º, §2º): one schema for them all.
SERVICE_FACT: dict[str, Any] = {"enum": [s.value for s in Service]}


def decide_eligible(
    qid: str,
    ctx: Context,
    reasons: list[Reason],
    outcome: Mapping[str, Any],
    texts: tuple[str, str, str],
) -> Decision:
    """Whether a person or a vehicle may serve: ``eligible`` (True, False, or None while a fact is
    pending) then ``outcome``, summarized by ``texts`` (eligible, not eligible, pending)."""
    eligible, text = ELIGIBLE_AS[eligibility_of(reasons)]  # eligibility and summary_of at once
    return decide(qid, ctx, {"eligible": eligible, **outcome}, reasons, texts[text])


def yes_no(requirement: Requirement, value: bool, ok: str, refused: str, *, fact: str) -> Reason:
    """``requirement`` met by one yes-or-no fact, ``value``, recorded under ``fact``: its shared
    stand-in while a question is answered verdict-only (no facts record is written), else the
    reason in full, OK with ``ok`` or REFUSED with ``refused``."""
    if verdict_only():
        return requirement.stand_in[value]
    return requirement.check(value, ok, refused, facts={fact: value})
