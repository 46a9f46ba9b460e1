"""The tariffs and fare limits in force today, read from the laws' dated parameters and the
municipality's own values."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.law.citations import LAW_TITLES
from outorga.law.money import brl
from outorga.law.parameter_input import law_prefix
from outorga.law.parameters import ParameterMissing, tree

_TARIFF = re.compile(r"\.(tariff[._]|fare_max|fare_dynamic)")
_UNITS = {
    "BRL-cents": "",
    "cents": "",
    "cents-per-trip": " por corrida",
    "BRL-cents-per-km": " por km",
    "BRL-cents-per-hour": " por hora",
    "BRL-cents-per-item": " por volume",
}


def _show(value: Any, unit: str) -> str:
    if unit in _UNITS:
        return brl(int(value)) + _UNITS[unit]
    if unit == "percent":
        return f"{Decimal(str(value)):n} %".replace(".", ",")
    return str(value)


def tariffs_in_force(m: Municipality, today: dt.date) -> list[dict[str, Any]]:
    """The tariffs (and fare limits) in force today for each law of the municipality, read from
    the dated parameters and the municipality's own values. Example values are flagged."""
    ctx = context(m, today)
    groups = []
    for law_id in m.laws:
        prefix = law_prefix(law_id) + "."
        items: list[dict[str, Any]] = []
        for name, param in sorted(tree().parameters.items()):
            if not name.startswith(prefix) or not _TARIFF.search(name):
                continue
            label = param.label_pt or param.description
            try:
                pv = ctx.param(name)
            except ParameterMissing:
                items.append({"nome": label, "valor": None, "referencias": param.references})
                continue
            items.append(
                {
                    "nome": label,
                    "valor": _show(pv.value, pv.unit),
                    "desde": pv.effective,
                    "exemplo": pv.example,
                    "origem": "município" if pv.source == "municipality" else "lei",
                    "referencias": pv.references,
                }
            )
        if items:
            groups.append({"lei": law_id, "titulo": LAW_TITLES.get(law_id, law_id), "itens": items})
    return groups
