"""Brazilian formats for the trip-data screens: money, thousands, masked CPF, rates, regimes."""

from __future__ import annotations

import re

from django import template

from outorga.core.identifiers import digits, mask_document
from outorga.law.money import brl, rate_percent
from outorga.tripdata.models import regime_label

register = template.Library()


@register.filter(name="brl")
def brl_filter(cents: int | None) -> str:
    return "—" if cents is None else brl(int(cents))


@register.filter
def milhar(n: int | None) -> str:
    return "—" if n is None else f"{int(n):,}".replace(",", ".")


@register.filter
def cpf(value: str) -> str:
    """Masked CPF (LGPD: screens show only what identifies the line)."""
    v = str(value or "")
    return mask_document(v) if len(v) == 11 else v


#: A CPF written in a line of a file, with or without its dots and dash.
_CPF_IN_TEXT = re.compile(r"(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)")


@register.filter
def cpfs(text: str) -> str:
    """``text`` (a line of a file as the platform sent it) with every CPF in it masked."""
    return _CPF_IN_TEXT.sub(lambda m: mask_document(digits(m.group())), str(text or ""))


@register.filter
def aliquota(rate: str | None) -> str:
    """``0.05`` → ``5%``; no rate → "não informada"."""
    return rate_percent(rate) if rate else "não informada"


@register.filter
def regime(code: str) -> str:
    return regime_label(code)
