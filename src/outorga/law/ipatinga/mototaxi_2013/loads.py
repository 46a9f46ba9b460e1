"""What a motofrete may carry (art. 24, §3º): fuels, flammable or toxic products and gallons are
banned; cooking gas and mineral water are excepted within their capacities, with a sidecar. A load
is judged on the day it was found (an inspection, an auto), not as a property of the vehicle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import number_br
from outorga.law.questions import question
from outorga.law.rules import check
from outorga.law.schemas import closed, list_of

from ._common import DATE, LAW_ID, art, decide, param

ART_24_P3 = art(24, 3)

#: Art. 24, §3º — what a motofrete may not carry (fuels, flammable or toxic products, gallons), and
#: the two exceptions, each with its parameter (capacity), only with a sidecar.
BANNED_LOADS = {
    "combustivel": "combustível",
    "inflamavel": "produto inflamável",
    "toxico": "produto tóxico",
    "galao": "galão",
}
EXCEPTED_LOADS = {
    "gas_cozinha": ("gás de cozinha", "vehicle.cooking_gas_max_kg", "kg"),
    "agua_mineral": ("galão de água mineral", "vehicle.mineral_water_max_litres", "L"),
}

#: Every load art. 24, §3 names, as a person chooses it (``interfaces.load_kinds``).
LOAD_KINDS: dict[str, str] = {
    **BANNED_LOADS,
    **{k: f"{label} ({unit})" for k, (label, _, unit) in EXCEPTED_LOADS.items()},
}


def art_24_par3_banned_loads(
    ctx: Context, loads: Sequence[Mapping[str, Any]], sidecar: bool
) -> Reason:
    """Art. 24, §3º — é proibido o transporte de combustíveis, produtos inflamáveis ou tóxicos e de
    galões, com exceção do gás de cozinha de até 13 kg e de galões de água mineral de até 20
    litros, desde que com o auxílio de sidecar. A load is what the motofrete carries when found,
    not a property of the vehicle: the base rule (banned whatever the vehicle) and its exception
    (capacity within the law's, with a sidecar) are read for each load."""
    problems: list[str] = []
    used = []
    for load in loads:
        kind = load["kind"]
        if kind in BANNED_LOADS:
            problems.append(f"{BANNED_LOADS[kind]} é proibido")
            continue
        label, name, unit = EXCEPTED_LOADS[kind]
        limit = param(ctx, name)
        used.append(limit)
        if not sidecar:
            problems.append(f"{label} só com sidecar")
        capacity = load.get("capacity")
        if capacity is None:
            problems.append(f"{label}: informe a capacidade")
        elif Decimal(str(capacity)) > Decimal(str(limit.value)):
            problems.append(
                f"{label} de {number_br(Decimal(str(capacity)))} {unit} acima de "
                f"{limit.value} {unit}"
            )
    return check(
        "art_24_par3_banned_loads",
        not problems,
        "Carga permitida ao motofrete (art. 24, §3º).",
        "Carga vedada ao motofrete: " + "; ".join(problems) + ".",
        ART_24_P3,
        facts={"cargas": [dict(x) for x in loads], "sidecar": sidecar},
        params=tuple({p.name: p for p in used}.values()),
    )


LOAD_SCHEMA: dict[str, Any] = closed(
    {
        "found_on": DATE,
        "sidecar": {"type": "boolean"},
        "loads": list_of(
            closed(
                {
                    "kind": {"enum": [*BANNED_LOADS, *EXCEPTED_LOADS]},
                    "capacity": {"type": "number", "minimum": 0},
                },
                required=["kind"],
            ),
            minItems=1,
        ),
    },
    required=["found_on", "sidecar", "loads"],
)


@question(
    "ipatinga.mototaxi-2013.motofrete_load",
    law=LAW_ID,
    title="O motofrete pode transportar esta carga?",
    schema=LOAD_SCHEMA,
)
def motofrete_load(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 24, §3º, judged on the day the load was found (an inspection, an auto)."""
    r = art_24_par3_banned_loads(ctx, facts["loads"], bool(facts["sidecar"]))
    ok = r.verdict is Verdict.OK
    return decide(
        "ipatinga.mototaxi-2013.motofrete_load",
        ctx,
        {"allowed": ok},
        [r],
        "Carga permitida." if ok else r.message,
    )
