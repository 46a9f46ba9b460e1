"""Fees of the mototaxi and motofrete service: the Cadastro (art. 4) and the vehicle's inspections
(art. 5 §1 II–III, §6).

The law provides for the Cadastro, its yearly certificate and the inspections, but institutes no
fee and states no amount; it mentions fees only among what a seized vehicle's release requires
(art. 35 §1). A fee of the service therefore exists only where the municipality's own act (tax
code, decree) fixes it: its value is dated data with no default, in reais or in UFPI
(:mod:`outorga.law.common.fees`), and without it nothing is charged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation
from outorga.law.common.fees import fee_amount, is_example
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.money import brl
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from ._common import DATE, LAW_ID, PARAMS, art, day, decide, fmt

#: fee → (how a person reads it, the articles that provide for what it is charged for)
FEES: dict[str, tuple[str, tuple[Citation, ...]]] = {
    "registration": (
        "Taxa de cadastro (certificado de registro cadastral)",
        (art(4), art(4, 1)),
    ),
    "inspection": (
        "Taxa de vistoria ou inspeção do veículo",
        (art(5, 1, "II"), art(5, 1, "III"), art(5, 6)),
    ),
}

FEE_SCHEMA: dict[str, Any] = closed({"fee": {"enum": list(FEES)}, "on": DATE}, required=["fee"])


@question(
    "ipatinga.mototaxi-2013.fee",
    law=LAW_ID,
    title="Qual o valor da taxa de cadastro ou de vistoria do mototáxi/motofrete?",
    schema=FEE_SCHEMA,
)
def fee_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.mototaxi-2013.fee"
    fee = str(facts["fee"])
    on = day(facts["on"]) if facts.get("on") else ctx.as_of
    label, citations = FEES[fee]
    basis = reason(
        f"{PARAMS}.fee_basis",
        Verdict.INFO,
        "A lei prevê o cadastro e as vistorias, mas não institui taxa nem lhe fixa valor: a "
        "cobrança segue o ato do Município registrado com o valor.",
        *citations,
        facts={"taxa": fee},
    )
    cents, amount = fee_amount(
        ctx,
        rule=f"{PARAMS}.fee_amount",
        label=label,
        reais_param=f"{PARAMS}.fees.{fee}",
        units_param=f"{PARAMS}.fees.{fee}_ufpi",
        on=on,
        citations=citations,
    )
    summary = f"{label}: " + (brl(cents) if cents is not None else f"sem valor em {fmt(on)}.")
    return decide(
        qid,
        ctx,
        {"amount_cents": cents, "label": label, "example": is_example(amount)},
        [basis, amount],
        summary,
    )
