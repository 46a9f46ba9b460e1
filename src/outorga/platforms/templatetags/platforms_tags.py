"""Brazilian formats for the platforms screens."""

from __future__ import annotations

from decimal import Decimal

from django import template

from outorga.law.money import brl as _brl

register = template.Library()


@register.filter
def brl(cents: int | None) -> str:
    """``123456`` → ``R$ 1.234,56``."""
    return _brl(int(cents)) if cents is not None else "—"


@register.filter
def pct(value: Decimal | str | None) -> str:
    if value is None or value == "":
        return "—"
    text = format(Decimal(value).normalize(), "f")
    return text.replace(".", ",") + "%"


@register.filter
def num(value: int | None) -> str:
    """Thousands with ".": ``12345`` → ``12.345``."""
    return f"{int(value):,}".replace(",", ".") if value is not None else "—"


@register.filter
def verdict_pt(value: str) -> str:
    return {
        "ok": "atendido",
        "refused": "não atendido",
        "info": "cálculo",
        "suspended": "regra suspensa",
        "pending": "pendente",
    }.get(value, value)
