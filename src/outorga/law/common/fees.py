"""The amount of a fee the law names but does not price (taxi art. 40; the mototaxi law's fees).

Neither Ipatinga law states a fee's value: the municipality fixes it by its own act (tax code,
decree), in reais or in its fiscal unit. So each fee has two dated parameters with no default —
one in reais (``BRL-cents``), one in the fiscal unit (``UFPI``) — and the municipality records
the value of its act in whichever the act uses (rules.md: "values the law leaves to a decree or
regulation are dated data a municipality edits"; D-15: a new act is a new dated value).

On a date, the value in force is the one whose act took effect last, whichever its unit: an act
that moves a fee from reais to UFPI (or back) replaces the older one from its date. An amount in
the fiscal unit is converted at the unit's value in force on the day the fee is charged (D-5,
read for fees as it is for fines). Nothing is assumed: no value, no unit value, or two values
from the same date leave the amount pending, and the reason names what the municipality must
record.
"""

from __future__ import annotations

import datetime as dt

from ..citations import Citation, decision
from ..context import Context
from ..decisions import Reason, Verdict
from ..money import brl, brl_unit, fiscal_units_to_cents, number_br
from ..parameters import ParameterMissing, ParameterValue, tree
from ..rules import reason


def _in_force(ctx: Context, name: str, on: dt.date) -> ParameterValue | None:
    try:
        return ctx.param(name, on)
    except ParameterMissing:
        return None


def fee_amount(
    ctx: Context,
    *,
    rule: str,
    label: str,
    reais_param: str,
    units_param: str,
    on: dt.date,
    citations: tuple[Citation, ...],
) -> tuple[int | None, Reason]:
    """The amount in cents of the fee ``label`` charged on ``on`` and the reason that shows how
    it was reached, or ``None`` and a PENDING reason naming what is missing.

    ``reais_param`` holds the value fixed in reais (cents), ``units_param`` the value fixed in a
    fiscal unit (its declared unit, e.g. ``UFPI``); both are read as in force on ``on``."""
    reais = _in_force(ctx, reais_param, on)
    units = _in_force(ctx, units_param, on)
    unit_name = tree()[units_param].unit  # the fiscal unit it is declared in (UFPI)
    facts: dict[str, object] = {"taxa": label, "cobrada_em": on}
    if reais is None and units is None:
        return None, reason(
            rule,
            Verdict.PENDING,
            f"{label}: a lei não fixa o valor e o Município não registrou, para {on:%d/%m/%Y}, o "
            f"valor do ato que a fixa — registre-o em reais (parâmetro {reais_param}) ou em "
            f"{unit_name} (parâmetro {units_param}).",
            *citations,
            decision(15),
            facts={**facts, "falta": [reais_param, units_param]},
        )
    if reais is not None and units is not None and reais.effective == units.effective:
        return None, reason(
            rule,
            Verdict.PENDING,
            f"{label}: há dois valores em vigor desde {reais.effective:%d/%m/%Y}, um em reais "
            f"({brl(int(reais.value))}) e outro em {unit_name} ({number_br(units.value)}); "
            "o Município deve manter só o do ato em vigor.",
            *citations,
            decision(15),
            facts={**facts, "conflito": [reais_param, units_param]},
            params=(reais, units),
        )
    newest_is_units = units is not None and (reais is None or units.effective > reais.effective)
    if not newest_is_units:
        assert reais is not None
        cents = int(reais.value)
        return cents, reason(
            rule,
            Verdict.INFO,
            f"{label}: {brl(cents)} (valor em vigor desde {reais.effective:%d/%m/%Y}"
            + (", valor de exemplo" if reais.example else "")
            + ").",
            *citations,
            decision(15),
            facts={**facts, "valor_centavos": cents},
            params=(reais,),
        )
    assert units is not None
    try:
        unit = ctx.fiscal_unit(units.unit, on)
    except ParameterMissing:
        return None, reason(
            rule,
            Verdict.PENDING,
            f"{label}: {number_br(units.value)} {units.unit}, mas não há valor da "
            f"{units.unit} registrado em vigor em {on:%d/%m/%Y}; registre o valor da unidade "
            "fiscal para converter a taxa em reais.",
            *citations,
            decision(5),
            facts={**facts, "unidade": units.unit, "falta": [f"valor da {units.unit}"]},
            params=(units,),
        )
    cents = fiscal_units_to_cents(units.value, unit.value)
    example = unit.example or units.example
    return cents, reason(
        rule,
        Verdict.INFO,
        f"{label}: {number_br(units.value)} {units.unit} × {brl_unit(unit.value)} "
        f"({units.unit} em vigor desde {unit.valid_from:%d/%m/%Y}"
        + (", valor de exemplo" if unit.example else "")
        + f") = {brl(cents)}"
        + (" (quantidade de exemplo)" if units.example else "")
        + ".",
        *citations,
        decision(5),
        decision(15),
        facts={
            **facts,
            "unidade": units.unit,
            "quantidade": str(units.value),
            "valor_unidade": unit.value,
            "unidade_desde": unit.valid_from,
            "unidade_referência": unit.reference,
            "valor_centavos": cents,
            "exemplo": example,
        },
        params=(units,),
    )


def is_example(r: Reason) -> bool:
    """Whether the amount of a fee reason rests on an example value (demo data)."""
    return bool(r.facts.get("exemplo")) or any(p.example for p in r.parameters)
