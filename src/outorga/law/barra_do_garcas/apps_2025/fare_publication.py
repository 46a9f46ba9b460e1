"""Capítulo III — publication of a platform's fare table with its dynamic-pricing ceiling.

``barra-do-garcas.apps-2025.fare_table`` checks a table's items (art. 6) against the executive's limits (art. 7). A
platform also declares the highest dynamic surcharge it will apply (art. 9–10); this module adds the
check of that ceiling, so the publication is judged in one decision:

* the surcharge stays within the executive's maximum surcharge (``apps_2025.fare_dynamic_max_percent``)
  when one is set;
* art. 9 allows dynamic fares "desde que respeitados os limites máximos": each item of the table,
  raised by the maximum surcharge, stays within that item's maximum (the rulebook's reading of the
  quote, :func:`.fares.art9_dynamic_within_limits`, applied to the table).

Suspendable (D-16) with the rest of art. 9: ``apps.art9.dynamic_within_limits``.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from outorga.law.common.labels import sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed

from ._base import LAW, art, optional_param
from .fares import (
    RULE_DYNAMIC_LIMITS,
    TABLE_FACTS,
    TABLE_ITEMS,
    art9_within_maxima,
    table_requirements,
)
from .final_provisions import eligibility_in_force

PERCENT_PATTERN = r"^\d{1,4}(\.\d{1,2})?$"


def surged(cents: int, percent: Decimal) -> int:
    """An amount raised by ``percent`` %, half-up to the cent."""
    value = Decimal(cents) * (Decimal(100) + percent) / Decimal(100)
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def art9_table_dynamic_ceiling(
    ctx: Context, table: Mapping[str, Any], percent: Decimal | None
) -> list[Reason]:
    """Art. 9: "A prática de tarifas dinâmicas [...] é permitida, desde que respeitados os limites
    máximos"; art. 10, II: the platform discloses "o percentual ou valor adicional aplicado à tarifa
    base". A table that declares no surcharge applies no dynamic pricing."""
    if percent is None:
        return [
            reason(
                RULE_DYNAMIC_LIMITS,
                Verdict.INFO,
                "A plataforma não declarou tarifa dinâmica (sem acréscimo).",
                art(9),
                facts={"acréscimo_máximo": None},
            )
        ]
    out: list[Reason] = []
    cap = optional_param(ctx, "fare_dynamic_max_percent")
    if cap is None:
        out.append(
            reason(
                RULE_DYNAMIC_LIMITS,
                Verdict.INFO,
                f"Acréscimo dinâmico máximo declarado: {percent}%. O Executivo não fixou teto "
                "próprio para o acréscimo.",
                art(9),
                art(10, inc="II"),
                facts={"acréscimo_máximo": percent},
            )
        )
    else:
        cap_pct = Decimal(str(cap.value))
        out.append(
            art9_within_maxima(
                ctx,
                percent <= cap_pct,
                f"Acréscimo dinâmico máximo de {percent}% dentro do teto de {cap_pct}%.",
                f"Acréscimo dinâmico máximo de {percent}% acima do teto de {cap_pct}%.",
                {"acréscimo_máximo": percent},
                (cap,),
            )
        )
    for key, (_inc, label, name) in TABLE_ITEMS.items():
        if key not in table:
            continue
        limit = optional_param(ctx, name)
        if limit is None:
            continue  # art. 7 already says the limit is pending
        value = surged(int(table[key]), percent)
        maximum = int(limit.value)
        used: ParameterValue = limit

        def apply(
            value: int = value,
            maximum: int = maximum,
            label: str = label,
            used: ParameterValue = used,
        ) -> Reason:
            return check(
                RULE_DYNAMIC_LIMITS,
                value <= maximum,
                f"{sentence(label)} com o acréscimo máximo: {brl(value)}, dentro do limite "
                f"de {brl(maximum)}.",
                f"{sentence(label)} com o acréscimo máximo: {brl(value)}, acima do limite "
                f"de {brl(maximum)}.",
                art(9),
                art(7),
                facts={"item": label, "com_acréscimo_cents": value},
                params=(used,),
            )

        out.append(unless_suspended(ctx, RULE_DYNAMIC_LIMITS, apply))
    return out


def publication_requirements(ctx: Context, facts: Mapping[str, Any]) -> list[Reason]:
    """The table's requirements (art. 6–7) and its declared dynamic ceiling (art. 9)."""
    percent = Decimal(facts["dynamic_max_percent"]) if "dynamic_max_percent" in facts else None
    return table_requirements(ctx, facts) + art9_table_dynamic_ceiling(ctx, facts, percent)


@question(
    "barra-do-garcas.apps-2025.fare_publication",
    law=LAW,
    title="A tabela publicada pela plataforma (com a tarifa dinâmica) atende à lei?",
    schema=closed(
        {**TABLE_FACTS, "dynamic_max_percent": {"type": "string", "pattern": PERCENT_PATTERN}}
    ),
)
def fare_publication(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6 (completeness), art. 7 (limits) and art. 9 (dynamic ceiling) for a published table."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.fare_publication",
        ctx,
        facts,
        publication_requirements,
        "Tabela completa e dentro dos limites, inclusive com a tarifa dinâmica.",
        "Tabela irregular.",
        "Tabela completa; limites a verificar (ainda não fixados pelo Executivo).",
    )
