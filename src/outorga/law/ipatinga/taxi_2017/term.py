"""Capítulo II — Da permissão, art. 10 and 13: the terms and their counterpart (with the D-12
instalments) and the Termo de Permissão, renewed yearly up to the term, else caducidade."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.labels import following_pt
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, split_instalments
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed
from outorga.law.windows import add_months, years_elapsed_on

from ._base import (
    DATE,
    LAW,
    PARAMS,
    answer,
    art,
    day,
    decide,
    deciders,
    fmt,
    has_refusal,
    opt_day,
    param,
    rule_id,
)

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
        f"{count} parcelas pedidas; no prazo {option}, a lei admite até {limit.value}.",
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


CONTRAPARTIDA_SCHEMA: dict[str, Any] = closed(
    {
        "option": {"enum": ["I", "II"]},
        "mode": {"enum": [m.value for m in Mode]},
        "instalments": {"type": "integer", "minimum": 1},
        "signed_on": DATE,
    },
    required=["option", "mode", "signed_on"],
)


@question(
    "ipatinga.taxi-2017.contrapartida",
    law=LAW,
    title="Qual o prazo da permissão de táxi, a contrapartida e o plano de parcelas?",
    schema=CONTRAPARTIDA_SCHEMA,
)
def counterpart_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.contrapartida"
    signed = day(facts["signed_on"])

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
            "term_ends_on": years_elapsed_on(signed, years),
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
    term_end = years_elapsed_on(signed_on, term_years)
    base = last_renewed_on or signed_on
    valid_until = min(years_elapsed_on(base, int(period.value)), term_end)
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
        outcome["decided_by"] = deciders("penalty.revocation", ctx.as_of)[0]
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
    # Art. 13, "renovado anualmente": year by year. A Termo already valid for a full period from
    # today was renewed for the coming year; renewing it again would run it years ahead.
    horizon = years_elapsed_on(today, int(period.value))
    if valid_until >= horizon:
        return outcome, [
            reason(
                rule_id("art_13_yearly_not_ahead"),
                Verdict.REFUSED,
                f"O Termo já vigora até {fmt(valid_until)}, um período inteiro a partir de "
                f"{fmt(today)}: já foi renovado para "
                f"{following_pt(int(period.value), 'years')}; não há o que renovar.",
                art(13),
                facts={**facts, "um_período_a_partir_da_data": horizon},
                params=(period,),
            )
        ]
    nxt = min(years_elapsed_on(valid_until, int(period.value)), term_end)
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


TERMO_SCHEMA: dict[str, Any] = closed(
    {
        "signed_on": DATE,
        "option": {"enum": ["I", "II"]},
        "last_renewed_on": DATE,
    },
    required=["signed_on", "option"],
)


@question(
    "ipatinga.taxi-2017.permit_term",
    law=LAW,
    title="O Termo de Permissão de táxi pode ser renovado, ou cabe caducidade?",
    schema=TERMO_SCHEMA,
)
def termo_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.permit_term"
    signed = day(facts["signed_on"])

    def build() -> Decision:
        years, term = art_10_term(ctx, facts["option"], signed)
        outcome, reasons = art_13_termo_status(
            ctx, signed, years, opt_day(facts.get("last_renewed_on"))
        )
        summary = reasons[-1].message
        return decide(qid, ctx, outcome, [term, *reasons], summary)

    return answer(qid, ctx, signed, (art(13),), build)


# --- the numbers of art. 10 the apps show (``interfaces.limit``) ---------------------------------

#: Art. 10: how many years each term runs (inciso I: 10; inciso II: 20), and (alínea a) how many
#: instalments each term's counterpart in money admits (I: 18; II: 36), by the term's inciso —
#: what a form shows beside the choice, never writes.
LIMITS: dict[str, str] = {
    **{f"term_years_{option}": f"{PARAMS}.term_{option.lower()}_years" for option in ("I", "II")},
    **{
        f"max_instalments_{option}": f"{PARAMS}.contrapartida_{option.lower()}_a_max_instalments"
        for option in ("I", "II")
    },
    # D-12: the first instalment falls due this many days after the Termo is signed.
    "instalment_first_due_days": f"{PARAMS}.instalment_first_due_days",
    # Art. 42, IV and V: the longest suspension of the cadastro, and of the permission.
    "registration_suspension_max_days": f"{PARAMS}.registration_suspension_max_days",
    "permit_suspension_max_days": f"{PARAMS}.permit_suspension_max_days",
    # Art. 13 and art. 21: how often the Termo and the Cadastro Municipal de Taxistas are renewed.
    "termo_renewal_years": f"{PARAMS}.termo_renewal_years",
    "registration_renewal_years": f"{PARAMS}.registration_renewal_years",
}
