"""What a person reads instead of a code: an act's kind, a role, a record's type."""

from __future__ import annotations

from django import template

from outorga.core.actlabels import act_label, actor_label, object_label, role_label
from outorga.core.charts import money, number
from outorga.law.citations import LAW_TITLES
from outorga.law.money import brl_unit, number_br

register = template.Library()

# The names every page reads, as ``actlabels`` writes them for the exports too.
register.filter("act_label", act_label)
register.filter("actor_label", actor_label)
register.filter("role_label", role_label)
register.filter("object_label", object_label)


@register.filter
def law_title(law: str) -> str:
    """A law by its title (``LAW_TITLES``), never its id."""
    return LAW_TITLES.get(law, "lei sem título registrado")


@register.filter
def br_number(value: int | None) -> str:
    """An integer as a Brazilian reads it (100.000); "sem limite" for None."""
    return "sem limite" if value is None else number(value)


@register.filter
def br_money(cents: int | None) -> str:
    """Cents in reais as a Brazilian reads them (R$ 1.234,56)."""
    return money(cents)


@register.filter
def br_decimal(value: str | int | None) -> str:
    """An exact quantity as a Brazilian reads it (``7.5`` → ``7,5``); "—" for none."""
    if value is None or value == "":
        return "—"
    return number_br(str(value))


@register.filter
def br_unit(value: str | None) -> str:
    """A value in reais as decreed (a fiscal unit's), never rounded, with at least the cents
    (``5.0000`` → ``R$ 5,00``); "—" for none."""
    if value is None or value == "":
        return "—"
    return brl_unit(value)
