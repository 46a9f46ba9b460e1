"""Shared vocabulary of the taxi rulebook: the law id, citations, parameters, enums and the small
helpers every question of this law uses."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any

from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.parameters import ParameterMissing, ParameterValue
from outorga.law.rules import reason

LAW = "ipatinga.taxi-2017"
PARAMS = "taxi_2017"
#: Art. 49: in force on publication, 28/09/2017 — the date registered with the rulebook
#: (``bindings.RULEBOOKS``), the one place it is written.
LAW_DATE = RULEBOOKS[LAW].in_force_from

DATE: dict[str, Any] = {"type": "string", "format": "date"}
CENTS: dict[str, Any] = {"type": "integer", "minimum": 0}


def art(
    article: int | str,
    par: int | str | None = None,
    inc: str | None = None,
    ali: str | None = None,
) -> Citation:
    """A citation of this law (``art(41, 2, "III")``)."""
    return cite(LAW, article, par, inc, ali)


class Category(StrEnum):
    """Art. 5º: the three categories of taxi service."""

    CONVENCIONAL = "convencional"
    ESPECIAL = "especial"
    EXECUTIVO = "executivo"


CATEGORY_ARTICLE: dict[Category, Citation] = {
    Category.CONVENCIONAL: art(5, inc="I"),
    Category.ESPECIAL: art(5, inc="II"),
    Category.EXECUTIVO: art(5, inc="III"),
}


class HolderKind(StrEnum):
    """Art. 3º: the permission goes to a natural or a legal person."""

    PESSOA_FISICA = "pessoa_fisica"
    PESSOA_JURIDICA = "pessoa_juridica"


HOLDER_PT = {
    HolderKind.PESSOA_FISICA: "pessoa física",
    HolderKind.PESSOA_JURIDICA: "pessoa jurídica",
}


class Severity(StrEnum):
    """Art. 41, §2º: nature of the infractions punished with a fine."""

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
SEVERITY_INCISO = {
    Severity.LEVE: "I",
    Severity.MEDIA: "II",
    Severity.GRAVE: "III",
    Severity.GRAVISSIMA: "IV",
}


def rule_id(name: str) -> str:
    return f"{PARAMS}.{name}"


def param(ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue:
    """A parameter of this law (``taxi_2017.<name>``) in force on ``on`` (default: ``ctx.as_of``)."""
    return ctx.param(f"{PARAMS}.{name}", on)


def optional_param(ctx: Context, name: str, on: dt.date | None = None) -> ParameterValue | None:
    """Like :func:`param`, but None where the regulation has not set the value (``value: null``)."""
    try:
        return param(ctx, name, on)
    except ParameterMissing:
        return None


def day(value: str | dt.date | None) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(value)


def fmt(d: dt.date) -> str:
    return f"{d:%d/%m/%Y}"


def money(cents: int) -> str:
    return brl(cents)


def in_force(on: dt.date) -> Reason | None:
    """A refusal when ``on`` is before the law took effect (art. 49; D-15), else None."""
    if on >= LAW_DATE:
        return None
    return reason(
        rule_id("art_49_vigencia"),
        Verdict.REFUSED,
        f"A Lei do táxi de Ipatinga (2017) entrou em vigor em {fmt(LAW_DATE)}; "
        f"o fato de {fmt(on)} não é regido por ela.",
        art(49),
        decision(15),
        facts={"data_do_fato": on, "vigência": LAW_DATE},
    )


def decide(
    ctx: Context,
    qid: str,
    outcome: Any,
    reasons: Iterable[Reason],
    summary: str,
) -> Decision:
    return Decision(qid, ctx.as_of, ctx.municipality.slug, outcome, tuple(reasons), summary)


def answer(
    ctx: Context,
    qid: str,
    on: dt.date,
    base: tuple[Citation, ...],
    build: Callable[[], Decision],
) -> Decision:
    """Evaluate ``build`` for a fact of ``on``: refuse facts before the law, and turn a parameter the
    regulation has not set (or a missing IBGE figure) into a PENDING reason citing ``base``."""
    before = in_force(on)
    if before is not None:
        return decide(ctx, qid, None, [before], "Lei não vigente na data do fato.")
    try:
        return build()
    except ParameterMissing as e:
        r = reason(
            rule_id("parametro_ausente"),
            Verdict.PENDING,
            f"Falta um dado para decidir: {e}.",
            *base,
            facts={"parâmetro": e.name, "data": e.as_of},
        )
        return decide(ctx, qid, None, [r], "Pendente: dado não informado pelo município.")


def outcome_ok(reasons: Iterable[Reason]) -> bool:
    return not any(r.verdict is Verdict.REFUSED for r in reasons)


def joined(items: Iterable[str]) -> str:
    seq = list(items)
    if len(seq) <= 1:
        return "".join(seq)
    return ", ".join(seq[:-1]) + " e " + seq[-1]


def refusals_text(reasons: Iterable[Reason]) -> str:
    """The messages of the refusals, joined for a one-line summary."""
    return "; ".join(r.message.rstrip(".") for r in reasons if r.verdict is Verdict.REFUSED) + "."
