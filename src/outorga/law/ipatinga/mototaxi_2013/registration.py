"""Art. 4 §2: the holder keeps the registration up to date, or asks its cancellation, with the
competent bodies. The law sets no deadline for it and no penalty of its own; what it does say:

- the update, inclusion or exclusion of the registration is done in person before the Órgão
  Municipal de Trânsito (art. 13 XX a): a request sent from the portal is applied by the clerk only
  once the holder has appeared in person;
- the cancellation is asked in writing (art. 6 §6): the portal request is the written request;
- an address change not told to the órgão does not void a notice sent to the old one (art. 43
  §único, in :mod:`.appeals`) — the consequence of not keeping it up to date."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import decide
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, nullable

from ._common import DATE, LAW_ID, art, day, fmt, has_refusal, opt_day

KINDS = {"update": "atualização do cadastro", "cancel": "cancelamento do cadastro"}


@question(
    "ipatinga.mototaxi-2013.registration_update",
    law=LAW_ID,
    title="O pedido do permissionário de atualizar ou cancelar o cadastro pode ser aplicado?",
    schema=closed(
        {
            "kind": {"enum": list(KINDS)},
            "requested_on": DATE,
            "appeared_on": nullable(DATE),
            "on": DATE,
        },
        required=["kind", "requested_on", "on"],
    ),
)
def registration_update(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 4 §2 with art. 13 XX a (in person) and, for a cancellation, art. 6 §6 (in writing)."""
    kind = facts["kind"]
    requested, on = day(facts["requested_on"]), day(facts["on"])
    appeared = opt_day(facts.get("appeared_on"))
    reasons = [
        reason(
            "art_4_par2_keep_updated",
            Verdict.INFO,
            f"Pedido de {KINDS[kind]} de {fmt(requested)}: o permissionário deve manter "
            "atualizado o cadastro ou solicitar o seu cancelamento.",
            art(4, 2),
            *([art(6, 6)] if kind == "cancel" else []),
            facts={"pedido": kind, "pedido_em": requested},
        ),
        check(
            "art_13_xx_a_in_person",
            appeared is not None and appeared <= on,
            lambda: (
                f"O permissionário compareceu pessoalmente em {fmt(appeared)}." if appeared else ""
            ),
            "A atualização ou exclusão do cadastro exige o comparecimento pessoal do "
            "permissionário ao órgão municipal de trânsito"
            + (f" (data informada: {fmt(appeared)}, posterior a {fmt(on)})." if appeared else "."),
            art(13, inc="XX", ali="a"),
            facts={"compareceu_em": appeared},
        ),
    ]
    ok = not has_refusal(reasons)
    return decide(
        "ipatinga.mototaxi-2013.registration_update",
        ctx,
        {"apply": ok},
        reasons,
        f"Pedido de {KINDS[kind]} aplicável." if ok else f"Pedido de {KINDS[kind]} ainda não.",
    )
