"""``{{ cents|brl }}`` → "R$ 1.234,56" in the finance templates."""

from __future__ import annotations

from django import template

from outorga.law.money import brl as _brl

register = template.Library()


@register.filter
def brl(cents: int | None) -> str:
    return _brl(int(cents or 0))
