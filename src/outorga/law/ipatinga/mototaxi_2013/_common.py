"""Shared vocabulary of the mototaxi/motofrete rulebook: the law id, citations, parameters and the
small helpers every question of this law uses."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from outorga.law.citations import Citation, cite
from outorga.law.competence import COMPETENCES, competence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.parameters import ParameterValue

LAW_ID = "ipatinga.mototaxi-2013"
PARAMS = "mototaxi_2013"

DATE: dict[str, Any] = {"type": "string", "format": "date"}
CENTS: dict[str, Any] = {"type": "integer", "minimum": 0}


class Service(StrEnum):
    """Art. 1º, §2º: passengers (mototáxi) or goods (motofrete)."""

    MOTOTAXI = "mototaxi"
    MOTOFRETE = "motofrete"


SERVICE_PT = {Service.MOTOTAXI: "mototáxi", Service.MOTOFRETE: "motofrete"}


class Severity(StrEnum):
    """Art. 37: natureza das infrações punidas com multa."""

    LEVE = "leve"
    MEDIA = "media"
    GRAVE = "grave"
    GRAVISSIMA = "gravissima"


SEVERITY_PT = {
    Severity.LEVE: "leve",
    Severity.MEDIA: "média",
    Severity.GRAVE: "grave",
    Severity.GRAVISSIMA: "gravíssima",
}


def art(
    article: int | str,
    par: int | str | None = None,
    inc: str | None = None,
    ali: str | None = None,
) -> Citation:
    """A citation of this law (``art(32, inc="III", ali="f")``)."""
    return cite(LAW_ID, article, par, inc, ali)


def param(ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue:
    """A parameter of this law by its short name (``person.min_age``), in force on ``on``."""
    return ctx.param(f"{PARAMS}.{name}", on)


def day(value: str | dt.date) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)


def opt_day(value: str | dt.date | None) -> dt.date | None:
    return None if value is None else day(value)


def fmt(value: dt.date) -> str:
    return f"{value:%d/%m/%Y}"


def eligibility(reasons: Iterable[Reason]) -> bool | None:
    """True when every requirement is met; False on any refusal; None while a fact is pending."""
    verdicts = {r.verdict for r in reasons}
    if Verdict.REFUSED in verdicts:
        return False
    if Verdict.PENDING in verdicts:
        return None
    return True


def eligibility_summary(ok: bool | None, yes: str, no: str, pending: str) -> str:
    return yes if ok else (pending if ok is None else no)


def decide(
    qid: str,
    ctx: Context,
    outcome: Any,
    reasons: Iterable[Reason],
    summary: str,
) -> Decision:
    return Decision(qid, ctx.as_of, ctx.municipality.slug, outcome, tuple(reasons), summary)


def authority(action: str, on: dt.date | None = None) -> tuple[list[str], tuple[Citation, ...]]:
    """Roles competent for ``action`` under this law on ``on`` — the date of the decision; today
    when not given (from the dated :mod:`outorga.law.competence`, art. 34). No one before the law."""
    if (LAW_ID, action) not in COMPETENCES:  # pragma: no cover - the table covers every action
        raise LookupError(f"no competence for {action} in {LAW_ID}")
    comp = competence(LAW_ID, action, on)
    if comp is None:
        return [], ()
    return sorted(str(r) for r in comp.roles), comp.citations


def flag(facts: Mapping[str, Any], key: str) -> bool | None:
    value = facts.get(key)
    return None if value is None else bool(value)
