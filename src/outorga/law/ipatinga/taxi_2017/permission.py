"""Capítulo II — Da permissão (art. 10–16): eligibility of the holder, terms and counterpart,
exclusivity, the Termo de Permissão, transfer, cassação and extinction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.competence import competence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, split_instalments
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.windows import add_months, add_years

from ._base import (
    DATE,
    HOLDER_PT,
    LAW,
    Category,
    HolderKind,
    answer,
    art,
    decide,
    fmt,
    has_refusal,
    joined,
    opt_day,
    param,
    rule_id,
)
from .service import (
    art_3_holder_by_tender,
    art_5_category,
    art_6_one_category,
    art_6_one_permission,
    art_6_one_vehicle,
)

# --- eligibility of the holder (art. 3º, 4º VII–VIII, 6º, 11, 12) -----------------------------

SERVICES = [
    "taxi",
    "mototaxi",
    "motofrete",
    "transporte_escolar",
    "transporte_coletivo",
    "aplicativo",
    "outro",
]
OUTORGA_KINDS = ["permissao", "concessao", "autorizacao"]

_OTHER_PERMISSION: dict[str, Any] = {
    "type": "object",
    "required": ["service"],
    "additionalProperties": False,
    "properties": {
        "service": {"enum": SERVICES},
        "kind": {"enum": OUTORGA_KINDS},
        "in_municipality": {"type": "boolean"},
        "reference": {"type": "string"},
    },
}


@dataclass(frozen=True)
class OtherPermission:
    """A permission, concession or authorization of a public service the registry knows (D-13)."""

    service: str
    kind: str = "permissao"
    in_municipality: bool = True
    reference: str = ""

    @classmethod
    def from_facts(cls, data: Mapping[str, Any]) -> OtherPermission:
        return cls(
            data["service"],
            data.get("kind", "permissao"),
            bool(data.get("in_municipality", True)),
            data.get("reference", ""),
        )

    def label(self) -> str:
        ref = f" ({self.reference})" if self.reference else ""
        return f"{self.kind} de {self.service}{ref}"


@dataclass(frozen=True)
class Partner:
    name: str
    other_permissions: tuple[OtherPermission, ...]
    public_employment_in_exercise: bool


def art_4_domicile(kind: HolderKind, domiciled: bool) -> Reason:
    """Art. 4º, VII: a pessoa física reside no Município; VIII: a pessoa jurídica tem sede no
    Município."""
    if kind is HolderKind.PESSOA_FISICA:
        cites: tuple[Citation, ...] = (art(4, inc="VII"), art(22, inc="VII"))
        what = "residência"
    else:
        cites = (art(4, inc="VIII"), art(23, inc="IV"))
        what = "sede"
    return check(
        rule_id("art_4_domicile"),
        domiciled,
        f"Com {what} no Município.",
        f"A {HOLDER_PT[kind]} deve ter {what} no Município.",
        *cites,
        facts={"domicílio_em_ipatinga": domiciled},
    )


def art_11_exclusivity(holder: str, others: Sequence[OtherPermission]) -> Reason:
    """Art. 11: o permissionário pessoa física, bem como titulares, sócios ou acionistas do
    permissionário pessoa jurídica, não poderão deter qualquer outra permissão, concessão ou
    autorização de serviço público no Município. D-13: verificado em todos os serviços do
    cadastro do município."""
    local = [o for o in others if o.in_municipality]
    return check(
        rule_id("art_11_exclusivity"),
        not local,
        f"{holder}: nenhuma outra outorga de serviço público no Município.",
        f"{holder} detém {joined(o.label() for o in local)} no Município; a lei veda qualquer "
        "outra permissão, concessão ou autorização de serviço público.",
        art(11),
        decision(13),
        facts={"pessoa": holder, "outras_outorgas": [o.label() for o in local]},
    )


def art_11_company_itself(others: Sequence[OtherPermission]) -> Reason | None:
    """Art. 11 names the natural-person holder and the company's partners, not the company itself;
    art. 6º already limits its taxi permissions. Another outorga held by the company is left to a
    person to judge."""
    local = [o for o in others if o.in_municipality and o.service != "taxi"]
    if not local:
        return None
    return reason(
        rule_id("art_11_company_itself"),
        Verdict.PENDING,
        f"A empresa detém {joined(o.label() for o in local)}; o art. 11 veda outras outorgas aos "
        "titulares e sócios, e é omisso quanto à própria empresa — verificar.",
        art(11),
        decision(13),
        facts={"outras_outorgas": [o.label() for o in local]},
    )


def art_12_no_municipal_servant(is_servant: bool) -> Reason:
    """Art. 12: vedada a outorga de permissão a servidor público dos Poderes Executivo e
    Legislativo do Município de Ipatinga."""
    return check(
        rule_id("art_12_no_municipal_servant"),
        not is_servant,
        "Não é servidor público do Executivo ou do Legislativo do Município.",
        "Servidor público do Executivo ou do Legislativo do Município não pode receber permissão.",
        art(12),
        decision(13),
        facts={"servidor_municipal": is_servant},
    )


def art_22_x_no_public_employment(holder: str, employed: bool, cite_: Citation) -> Reason:
    """Art. 22, X (pessoa física) e art. 23, VIII (titulares e sócios da pessoa jurídica):
    declaração de que não mantém vínculo empregatício em exercício na Administração Direta ou
    Indireta municipal, estadual ou federal."""
    return check(
        rule_id("art_22_x_no_public_employment"),
        not employed,
        f"{holder}: sem vínculo empregatício em exercício na Administração Pública.",
        f"{holder} mantém vínculo empregatício em exercício na Administração Pública; a "
        "declaração exigida não pode ser feita.",
        cite_,
        facts={"pessoa": holder, "vínculo_em_exercício": employed},
    )


def art_22_ix_outside_outorgas(others: Sequence[OtherPermission]) -> Reason | None:
    """Art. 22, IX: a declaração do cadastramento abrange qualquer outorga do Poder Público, mais
    ampla que o art. 11 (restrito ao Município): a outorga de fora fica para uma pessoa julgar."""
    outside = [o for o in others if not o.in_municipality]
    if not outside:
        return None
    return reason(
        rule_id("art_22_ix_outside_outorgas"),
        Verdict.PENDING,
        f"Detém {joined(o.label() for o in outside)} fora do Município: o art. 11 não a veda, mas "
        "a declaração do art. 22, IX abrange qualquer Poder Público — verificar.",
        art(22, inc="IX"),
        art(11),
        facts={"outorgas_fora_do_município": [o.label() for o in outside]},
    )


ELIGIBILITY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["holder_kind", "categories", "awarded_in_tender", "domiciled_in_ipatinga"],
    "additionalProperties": False,
    "properties": {
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "grant_date": DATE,
        "categories": {
            "type": "array",
            "minItems": 1,
            "items": {"enum": [c.value for c in Category]},
        },
        "vehicles": {"type": "integer", "minimum": 1},
        "awarded_in_tender": {"type": "boolean"},
        "domiciled_in_ipatinga": {"type": "boolean"},
        "municipal_servant": {"type": "boolean"},
        "public_employment_in_exercise": {"type": "boolean"},
        "other_permissions": {"type": "array", "items": _OTHER_PERMISSION},
        "partners": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "other_permissions": {"type": "array", "items": _OTHER_PERMISSION},
                    "public_employment_in_exercise": {"type": "boolean"},
                },
            },
        },
    },
}


@question(
    "ipatinga.taxi-2017.person_eligibility",
    law=LAW,
    title="Esta pessoa física ou jurídica pode receber permissão de táxi?",
    schema=ELIGIBILITY_SCHEMA,
)
def eligibility_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.person_eligibility"
    on = opt_day(facts.get("grant_date")) or ctx.as_of

    def build() -> Decision:
        kind = HolderKind(facts["holder_kind"])
        cats = [Category(c) for c in facts["categories"]]
        own = [OtherPermission.from_facts(o) for o in facts.get("other_permissions", [])]
        reasons: list[Reason] = [
            art_3_holder_by_tender(kind, bool(facts["awarded_in_tender"])),
            art_4_domicile(kind, bool(facts["domiciled_in_ipatinga"])),
            *(art_5_category(c) for c in sorted(set(cats))),
            art_6_one_category([c.value for c in cats]),
            art_6_one_vehicle(int(facts.get("vehicles", 1)), ctx),
            art_6_one_permission(
                sum(1 for o in own if o.service == "taxi" and o.in_municipality), ctx
            ),
        ]
        if kind is HolderKind.PESSOA_FISICA:
            reasons.append(art_11_exclusivity("O requerente", own))
            reasons.append(art_12_no_municipal_servant(bool(facts.get("municipal_servant"))))
            reasons.append(
                art_22_x_no_public_employment(
                    "O requerente",
                    bool(facts.get("public_employment_in_exercise")),
                    art(22, inc="X"),
                )
            )
            outside = art_22_ix_outside_outorgas(own)
            if outside:
                reasons.append(outside)
        else:
            company = art_11_company_itself(own)
            if company:
                reasons.append(company)
            for p in facts.get("partners", []):
                partner = Partner(
                    p["name"],
                    tuple(OtherPermission.from_facts(o) for o in p.get("other_permissions", [])),
                    bool(p.get("public_employment_in_exercise")),
                )
                reasons.append(
                    art_11_exclusivity(f"Sócio {partner.name}", partner.other_permissions)
                )
                reasons.append(
                    art_22_x_no_public_employment(
                        f"Sócio {partner.name}",
                        partner.public_employment_in_exercise,
                        art(23, inc="VIII"),
                    )
                )
        ok = not has_refusal(reasons)
        pending = any(r.verdict is Verdict.PENDING for r in reasons)
        summary = (
            "Não pode receber permissão."
            if not ok
            else "Pode receber permissão, com pontos a verificar."
            if pending
            else "Pode receber permissão."
        )
        return decide(qid, ctx, {"eligible": ok, "pending_checks": pending}, reasons, summary)

    return answer(qid, ctx, on, (art(3),), build)


# --- art. 10: terms and counterpart; D-12 instalments ----------------------------------------


class Mode(StrEnum):
    """Art. 10, alínea a (pagamento em dinheiro) ou b (serviços de publicidade ou de táxi)."""

    PAGAMENTO = "pagamento"
    SERVICOS = "servicos"


@dataclass(frozen=True)
class Instalment:
    number: int
    due_on: dt.date
    amount_cents: int


def art_10_term(ctx: Context, option: str, on: dt.date) -> tuple[int, Reason]:
    """Art. 10: a permissão é outorgada por 10 (dez) anos (inciso I) ou 20 (vinte) anos
    (inciso II)."""
    years = param(ctx, f"term_{option.lower()}_years", on)
    r = reason(
        rule_id("art_10_term"),
        Verdict.INFO,
        f"Prazo da permissão: {years.value} anos (art. 10, {option}).",
        art(10, inc=option),
        facts={"opção": option},
        params=(years,),
    )
    return int(years.value), r


def art_10_counterpart(ctx: Context, option: str, mode: Mode, on: dt.date) -> tuple[int, Reason]:
    """Art. 10, I: R$ 3.000,00 em até 18 vezes (a) ou R$ 4.000,00 em serviços (b); II: R$ 6.000,00
    em até 36 vezes (a) ou R$ 9.000,00 em serviços (b). Parágrafo único: a contrapartida em
    serviços se dá a critério do Poder Executivo, conforme regulamento."""
    alinea = "a" if mode is Mode.PAGAMENTO else "b"
    total = param(ctx, f"contrapartida_{option.lower()}_{alinea}_cents", on)
    if mode is Mode.PAGAMENTO:
        return int(total.value), reason(
            rule_id("art_10_counterpart"),
            Verdict.INFO,
            f"Contrapartida em dinheiro: {brl(total.value)}.",
            art(10, inc=option, ali=alinea),
            facts={"modalidade": mode},
            params=(total,),
        )
    return int(total.value), reason(
        rule_id("art_10_counterpart"),
        Verdict.PENDING,
        f"Contrapartida em serviços de publicidade ou de táxi aferidos em {brl(total.value)}; "
        "depende de aceitação do Poder Executivo, conforme regulamento.",
        art(10, inc=option, ali=alinea),
        art(10, "único"),
        facts={"modalidade": mode},
        params=(total,),
    )


def art_10_instalment_limit(ctx: Context, option: str, count: int, on: dt.date) -> Reason:
    """Art. 10, alínea a: dividido em até 18 (inciso I) ou 36 (inciso II) vezes; D-12: o número de
    parcelas é escolhido pelo permissionário dentro do limite."""
    limit = param(ctx, f"contrapartida_{option.lower()}_a_max_instalments", on)
    return check(
        rule_id("art_10_instalment_limit"),
        count <= limit.value,
        f"{count} parcela(s), dentro do limite de {limit.value}.",
        f"{count} parcelas pedidas; a lei admite até {limit.value} (art. 10, {option}, a).",
        art(10, inc=option, ali="a"),
        decision(12),
        facts={"parcelas": count},
        params=(limit,),
    )


def instalment_plan(
    total_cents: int, count: int, signed_on: dt.date, first_due_days: int
) -> list[Instalment]:
    """D-12: parcelas mensais iguais em centavos, o resto somado à primeira; a primeira vence
    ``first_due_days`` dias após a assinatura do Termo, as demais no mesmo dia dos meses seguintes
    (contados da primeira, para que um dia 31 não encurte os meses seguintes)."""
    first = signed_on + dt.timedelta(days=first_due_days)
    return [
        Instalment(i + 1, add_months(first, i), amount)
        for i, amount in enumerate(split_instalments(total_cents, count))
    ]


CONTRAPARTIDA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["option", "mode", "signed_on"],
    "additionalProperties": False,
    "properties": {
        "option": {"enum": ["I", "II"]},
        "mode": {"enum": [m.value for m in Mode]},
        "instalments": {"type": "integer", "minimum": 1},
        "signed_on": DATE,
    },
}


@question(
    "ipatinga.taxi-2017.contrapartida",
    law=LAW,
    title="Qual o prazo da permissão de táxi, a contrapartida e o plano de parcelas?",
    schema=CONTRAPARTIDA_SCHEMA,
)
def counterpart_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.contrapartida"
    signed = opt_day(facts["signed_on"])
    assert signed is not None

    def build() -> Decision:
        option = facts["option"]
        mode = Mode(facts["mode"])
        years, term = art_10_term(ctx, option, signed)
        total, counterpart = art_10_counterpart(ctx, option, mode, signed)
        reasons = [term, counterpart]
        plan: list[Instalment] = []
        if mode is Mode.PAGAMENTO:
            count = int(facts.get("instalments", 1))
            limit = art_10_instalment_limit(ctx, option, count, signed)
            reasons.append(limit)
            if limit.verdict is Verdict.OK:
                days_ = param(ctx, "instalment_first_due_days", signed)
                plan = instalment_plan(total, count, signed, int(days_.value))
                reasons.append(
                    reason(
                        rule_id("d_12_instalment_plan"),
                        Verdict.INFO,
                        f"{count} parcela(s) mensais; a primeira de {brl(plan[0].amount_cents)} vence "
                        f"em {fmt(plan[0].due_on)} ({days_.value} dias após a assinatura do Termo).",
                        decision(12),
                        art(10, inc=option, ali="a"),
                        facts={"assinatura_do_termo": signed, "parcelas": count},
                        params=(days_,),
                    )
                )
        outcome = {
            "term_years": years,
            "term_ends_on": add_years(signed, years),
            "mode": mode.value,
            "total_cents": total,
            "instalments": [
                {"number": i.number, "due_on": i.due_on, "amount_cents": i.amount_cents}
                for i in plan
            ],
        }
        ok = not has_refusal(reasons)
        summary = (
            f"{years} anos; contrapartida de {brl(total)}"
            + (f" em {len(plan)} parcela(s)." if plan else ".")
            if ok
            else "Plano de parcelas fora do limite legal."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, signed, (art(10),), build)


# --- art. 13: Termo de Permissão renewed yearly, else caducidade --------------------------------


def art_13_termo_status(
    ctx: Context, signed_on: dt.date, term_years: int, last_renewed_on: dt.date | None
) -> tuple[dict[str, Any], list[Reason]]:
    """Art. 13: a permissão é outorgada através de Termo de Permissão, renovado anualmente, até o
    limite do prazo concedido, sob pena de caducidade declarada pelo Poder Executivo, nos termos
    de regulamento próprio. Art. 15, IV: extingue-se com o advento do termo final."""
    period = param(ctx, "termo_renewal_years", signed_on)
    term_end = add_years(signed_on, term_years)
    base = last_renewed_on or signed_on
    valid_until = min(add_years(base, int(period.value)), term_end)
    today = ctx.as_of
    facts = {
        "assinatura": signed_on,
        "última_renovação": last_renewed_on,
        "prazo_anos": term_years,
        "termo_final": term_end,
        "vigente_até": valid_until,
    }
    outcome: dict[str, Any] = {
        "term_ends_on": term_end,
        "valid_until": valid_until,
        "renewable": False,
        "caducidade_proposal": False,
        "extinct_by_term": False,
        "next_valid_until": None,
    }
    if today > term_end:
        outcome["extinct_by_term"] = True
        return outcome, [
            reason(
                rule_id("art_15_iv_term_end"),
                Verdict.REFUSED,
                f"O prazo da permissão terminou em {fmt(term_end)}; o Termo não se renova além dele.",
                art(13),
                art(15, inc="IV"),
                facts=facts,
                params=(period,),
            )
        ]
    if today > valid_until:
        outcome["caducidade_proposal"] = True
        who = competence(LAW, "penalty.revocation", ctx.as_of)
        outcome["decided_by"] = sorted(r.value for r in who.roles) if who else []
        return outcome, [
            reason(
                rule_id("art_13_caducidade"),
                Verdict.REFUSED,
                f"O Termo vigorou até {fmt(valid_until)} e não foi renovado: cabe a caducidade, "
                "declarada pelo Poder Executivo nos termos do regulamento (proposta; não automática).",
                art(13),
                art(15, inc="VIII"),
                decision(3),
                facts=facts,
                params=(period,),
            )
        ]
    if valid_until >= term_end:
        return outcome, [
            reason(
                rule_id("art_13_last_period"),
                Verdict.INFO,
                f"O Termo vigora até o termo final da permissão ({fmt(term_end)}); não há nova "
                "renovação.",
                art(13),
                art(15, inc="IV"),
                facts=facts,
                params=(period,),
            )
        ]
    nxt = min(add_years(valid_until, int(period.value)), term_end)
    outcome["renewable"] = True
    outcome["next_valid_until"] = nxt
    return outcome, [
        reason(
            rule_id("art_13_renewal"),
            Verdict.OK,
            f"Renovável até {fmt(valid_until)}; renovado, vigora até {fmt(nxt)} (limite do prazo: "
            f"{fmt(term_end)}).",
            art(13),
            facts=facts,
            params=(period,),
        )
    ]


TERMO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["signed_on", "option"],
    "additionalProperties": False,
    "properties": {
        "signed_on": DATE,
        "option": {"enum": ["I", "II"]},
        "last_renewed_on": DATE,
    },
}


@question(
    "ipatinga.taxi-2017.permit_term",
    law=LAW,
    title="O Termo de Permissão de táxi pode ser renovado, ou cabe caducidade?",
    schema=TERMO_SCHEMA,
)
def termo_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.permit_term"
    signed = opt_day(facts["signed_on"])
    assert signed is not None

    def build() -> Decision:
        years, term = art_10_term(ctx, facts["option"], signed)
        outcome, reasons = art_13_termo_status(
            ctx, signed, years, opt_day(facts.get("last_renewed_on"))
        )
        summary = reasons[-1].message
        return decide(qid, ctx, outcome, [term, *reasons], summary)

    return answer(qid, ctx, signed, (art(13),), build)


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
    return reason(
        rule_id("art_14_cassacao"),
        Verdict.REFUSED,
        f"Houve {TRANSFER_EVENT_PT.get(act, act)} da permissão sem amparo legal: cabe a "
        "cassação, após processo com "
        "contraditório e ampla defesa (proposta; decide a autoridade competente).",
        art(14),
        art(15, inc="VI"),
        decision(3),
        facts={"ato": act},
    )


TRANSFER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["holder_kind", "event"],
    "additionalProperties": False,
    "properties": {
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "event": {"enum": [*ALLOWED_TRANSFER_EVENTS, *ART_14_ACTS, "outro"]},
        "already_done": {"type": "boolean"},
    },
}


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


# --- art. 15: extinction ------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtinctionCause:
    code: str
    inciso: str
    label_pt: str
    holder_kind: HolderKind | None = None  # the cause applies only to this kind of holder


EXTINCTION_CAUSES: tuple[ExtinctionCause, ...] = (
    ExtinctionCause(
        "falecimento_incapacidade",
        "I",
        "falecimento ou incapacidade do permissionário pessoa física",
        HolderKind.PESSOA_FISICA,
    ),
    ExtinctionCause(
        "perda_condicoes", "II", "ausência ou perda das condições técnicas ou operacionais"
    ),
    ExtinctionCause("insolvencia", "III", "insolvência civil do permissionário"),
    ExtinctionCause("termo_final", "IV", "advento do termo final da permissão"),
    ExtinctionCause(
        "abandono", "V", "ausência de interesse do permissionário ou abandono do serviço"
    ),
    ExtinctionCause(
        "cassacao_revogacao_anulacao", "VI", "cassação, revogação ou anulação da permissão"
    ),
    ExtinctionCause(
        "extincao_pessoa_juridica",
        "VII",
        "extinção do permissionário pessoa jurídica",
        HolderKind.PESSOA_JURIDICA,
    ),
    ExtinctionCause("caducidade", "VIII", "caducidade da permissão"),
)
EXTINCTION_BY_CODE = {c.code: c for c in EXTINCTION_CAUSES}


def art_15_cause(cause: ExtinctionCause, kind: HolderKind) -> Reason:
    """Art. 15, I–VIII: causas de extinção da permissão."""
    applies = cause.holder_kind is None or cause.holder_kind is kind
    return check(
        rule_id("art_15_cause"),
        applies,
        f"Causa de extinção: {cause.label_pt}.",
        f"A causa '{cause.label_pt}' não se aplica a {HOLDER_PT[kind]}.",
        art(15, inc=cause.inciso),
        facts={"causa": cause.code, "tipo": kind},
    )


def art_15_par_1_process() -> Reason:
    """Art. 15, §1º: constatada a causa, instaura-se processo administrativo, nos casos em que
    couber, com contraditório e ampla defesa. D-3: o sistema propõe; uma pessoa decide."""
    return reason(
        rule_id("art_15_par_1_process"),
        Verdict.INFO,
        "Abre-se processo administrativo com contraditório e ampla defesa; a extinção é proposta, "
        "e a autoridade competente decide.",
        art(15, 1),
        decision(3),
    )


def art_15_par_2_no_indemnity() -> Reason:
    """Art. 15, §2º: a extinção não gera direito a indenização aos permissionários e taxistas
    auxiliares, nem responsabilidade do Poder Público perante terceiros."""
    return reason(
        rule_id("art_15_par_2_no_indemnity"),
        Verdict.INFO,
        "A extinção não gera direito a indenização ao permissionário nem aos taxistas auxiliares.",
        art(15, 2),
    )


EXTINCTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["cause", "holder_kind"],
    "additionalProperties": False,
    "properties": {
        "cause": {"enum": [c.code for c in EXTINCTION_CAUSES]},
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "found_on": DATE,
    },
}


@question(
    "ipatinga.taxi-2017.permit_extinction",
    law=LAW,
    title="Esta causa extingue a permissão de táxi, e como?",
    schema=EXTINCTION_SCHEMA,
)
def extinction_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.permit_extinction"
    on = opt_day(facts.get("found_on")) or ctx.as_of
    cause = EXTINCTION_BY_CODE[facts["cause"]]
    kind = HolderKind(facts["holder_kind"])

    def build() -> Decision:
        first = art_15_cause(cause, kind)
        reasons = [first]
        applies = first.verdict is Verdict.OK
        if applies:
            reasons += [art_15_par_1_process(), art_15_par_2_no_indemnity()]
        who = competence(LAW, "penalty.revocation", ctx.as_of)
        outcome = {
            "extinguishes": applies,
            "inciso": cause.inciso,
            "process_required": applies,
            "indemnity": False,
            "decided_by": sorted(r.value for r in who.roles) if who and applies else [],
        }
        summary = (
            f"Proposta de extinção (art. 15, {cause.inciso}) em processo administrativo, "
            "sem indenização."
            if applies
            else "Causa não aplicável."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, on, (art(15),), build)
