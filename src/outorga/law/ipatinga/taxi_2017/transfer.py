"""Capítulo II — Da permissão, art. 13 §único and 14: the permission is transferred only on the
natural-person holder's death or incapacity; a clandestine transfer leads to cassação."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from outorga.law.citations import decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from ._base import LAW, HolderKind, answer, art, decide, rule_id

# --- art. 13 §único, 14: transfer ---------------------------------------------------------------

ALLOWED_TRANSFER_EVENTS = ("falecimento", "incapacidade")
#: Art. 14: acts that lead to cassação when done.
ART_14_ACTS = (
    "transferencia",
    "cessao",
    "doacao",
    "comodato",
    "aluguel",
    "arrendamento",
    "comercializacao",
)


#: How each event reads in a sentence ("transferência por cessão").
TRANSFER_EVENT_PT = {
    "falecimento": "falecimento",
    "incapacidade": "incapacidade",
    "transferencia": "transferência",
    "cessao": "cessão",
    "doacao": "doação",
    "comodato": "comodato",
    "aluguel": "aluguel",
    "arrendamento": "arrendamento",
    "comercializacao": "comercialização",
}


def art_13_sole_paragraph_non_transferable(event: str) -> Reason:
    """Art. 13, parágrafo único (regra): as permissões são transferíveis SOMENTE no caso de
    falecimento e incapacidade do permissionário pessoa física."""
    rule = (
        "pelo art. 13, parágrafo único, da Lei do táxi, a permissão só se transfere no caso de "
        "falecimento ou incapacidade do permissionário pessoa física."
    )
    if event in ALLOWED_TRANSFER_EVENTS:
        text = f"Transferência por {event} não admitida: o permissionário não é pessoa física; "
    elif event in TRANSFER_EVENT_PT:
        text = f"Transferência por {TRANSFER_EVENT_PT[event]} não admitida: "
    else:  # "outro": a reason the law does not list
        text = "Transferência não admitida pelo motivo informado: "
    return reason(
        rule_id("art_13_non_transferable"),
        Verdict.REFUSED,
        text + rule,
        art(13, "único"),
        facts={"evento": event},
    )


def art_13_sole_paragraph_death_or_incapacity(kind: HolderKind, event: str) -> Reason | None:
    """Art. 13, parágrafo único (exceção): transferível no falecimento ou incapacidade do
    permissionário pessoa física. O art. 15, I lista os mesmos fatos como extinção; a leitura do
    produto é que a transferência, quando pedida, prevalece — decide a autoridade."""
    if event not in ALLOWED_TRANSFER_EVENTS or kind is not HolderKind.PESSOA_FISICA:
        return None
    return reason(
        rule_id("art_13_death_or_incapacity"),
        Verdict.OK,
        f"Transferência admitida por {event} do permissionário pessoa física; o sucessor deve "
        "atender a todos os requisitos da lei (sem pedido, a permissão se extingue, art. 15, I).",
        art(13, "único"),
        art(15, inc="I"),
        facts={"evento": event, "tipo": kind},
    )


def art_14_clandestine_cassacao(act: str) -> Reason:
    """Art. 14: transferência clandestina, cessão, doação, comodato, aluguel, arrendamento ou
    comercialização total ou parcial → a permissão será cassada, observado o contraditório e a
    ampla defesa (D-3: proposta de cassação)."""
    # A death or incapacity is no act of the holder's: what was done is a transfer on it, which
    # art. 13 admits only for a natural person — a clandestine transfer.
    done = (
        f"transferência da permissão por {act}"
        if act in ALLOWED_TRANSFER_EVENTS
        else f"{TRANSFER_EVENT_PT.get(act, act)} da permissão"
    )
    return reason(
        rule_id("art_14_cassacao"),
        Verdict.REFUSED,
        f"Houve {done} sem amparo legal: cabe a cassação, após processo com "
        "contraditório e ampla defesa (proposta; decide a autoridade competente).",
        art(14),
        art(15, inc="VI"),
        decision(3),
        facts={"ato": act},
    )


TRANSFER_SCHEMA: dict[str, Any] = closed(
    {
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "event": {"enum": [*ALLOWED_TRANSFER_EVENTS, *ART_14_ACTS, "outro"]},
        "already_done": {"type": "boolean"},
    },
    required=["holder_kind", "event"],
)


@question(
    "ipatinga.taxi-2017.permit_transfer",
    law=LAW,
    title="A permissão de táxi pode ser transferida neste caso?",
    schema=TRANSFER_SCHEMA,
)
def transfer_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.permit_transfer"
    kind = HolderKind(facts["holder_kind"])
    event = facts["event"]
    exception = art_13_sole_paragraph_death_or_incapacity(kind, event)
    reasons: list[Reason] = [exception or art_13_sole_paragraph_non_transferable(event)]
    cassacao = bool(facts.get("already_done")) and exception is None and event != "outro"
    if cassacao:
        reasons.append(art_14_clandestine_cassacao(event))
    outcome = {"transferable": exception is not None, "cassacao_proposal": cassacao}
    summary = (
        "Transferência admitida."
        if exception
        else "Transferência vedada; proposta de cassação."
        if cassacao
        else "Transferência vedada."
    )
    return answer(
        qid,
        ctx,
        ctx.as_of,
        (art(13, "único"),),
        lambda: decide(qid, ctx, outcome, reasons, summary),
    )
