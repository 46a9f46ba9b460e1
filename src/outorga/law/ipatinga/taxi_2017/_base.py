"""Shared vocabulary of the taxi rulebook: the law id, citations, parameters, enums and the law's
entry into force (art. 49). The helpers every law shares are in :mod:`outorga.law.rulebook` (one
dialect)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from enum import StrEnum

from outorga.law.citations import Citation, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.ipatinga.severity import SEVERITY_PT, Severity  # art. 41, §2º: natureza
from outorga.law.parameters import ParameterMissing
from outorga.law.rulebook import (
    CENTS,
    DATE,
    LawText,
    day,
    decide,
    fmt,
    has_refusal,
    joined,
    opt_day,
    refusals_text,
)
from outorga.law.rules import reason

LAW = "ipatinga.taxi-2017"
PARAMS = "taxi_2017"
TEXT = LawText(LAW, PARAMS)
art = TEXT.art
param = TEXT.param
optional_param = TEXT.optional_param
rule_id = TEXT.rule_id
deciders = TEXT.deciders
#: Art. 49: in force on publication, 28/09/2017 — the date registered with the rulebook
#: (``bindings.RULEBOOKS``), the one place it is written.
LAW_DATE = TEXT.in_force_from

__all__ = [
    "CATEGORY_ARTICLE",
    "CENTS",
    "DATE",
    "HOLDER_PT",
    "LAW",
    "LAW_DATE",
    "PARAMS",
    "SEVERITY_INCISO",
    "SEVERITY_PT",
    "Category",
    "HolderKind",
    "Severity",
    "answer",
    "art",
    "day",
    "decide",
    "deciders",
    "fmt",
    "has_refusal",
    "in_force",
    "joined",
    "opt_day",
    "optional_param",
    "param",
    "refusals_text",
    "rule_id",
]


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


#: Art. 41, §2º, I–IV: the inciso that fixes the fine of each nature.
SEVERITY_INCISO = {
    Severity.LEVE: "I",
    Severity.MEDIA: "II",
    Severity.GRAVE: "III",
    Severity.GRAVISSIMA: "IV",
}


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


def answer(
    qid: str,
    ctx: Context,
    on: dt.date,
    base: tuple[Citation, ...],
    build: Callable[[], Decision],
) -> Decision:
    """Evaluate ``build`` for a fact of ``on``: refuse facts before the law, and turn a parameter the
    regulation has not set (or a missing IBGE figure) into a PENDING reason citing ``base``."""
    before = in_force(on)
    if before is not None:
        return decide(qid, ctx, None, [before], "Lei não vigente na data do fato.")
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
        return decide(qid, ctx, None, [r], "Pendente: dado não informado pelo município.")
