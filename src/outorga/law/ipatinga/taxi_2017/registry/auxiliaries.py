"""Art. 20: the auxiliaries of a vehicle (up to two, inscribed in the Cadastro, residents of
Ipatinga) and the yearly renewal of an auxiliary's inscription (art. 20–21).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.common.labels import following_pt
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import renewal_start_text
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, nullable
from outorga.law.windows import add_years, renewal_period, years_elapsed_on

from .._base import DATE, LAW, answer, art, decide, fmt, has_refusal, opt_day, param, rule_id
from .renewal import (
    AUXILIARY_RENEWAL_FEES,
    RENEWAL_SCHEMA,
    art_21_par_1_debts,
    blocking_outcome,
)

# --- art. 20: auxiliaries ------------------------------------------------------------------------


def art_20_sole_paragraph_auxiliaries(ctx: Context, current: int) -> Reason:
    """Art. 20, parágrafo único: o permissionário poderá ter até dois taxistas auxiliares
    cadastrados para o seu veículo."""
    limit = param(ctx, "max_auxiliaries")
    after = current + 1
    return check(
        rule_id("art_20_auxiliaries"),
        after <= limit.value,
        f"Com o novo auxiliar, {after} de {limit.value} auxiliares no veículo.",
        f"O veículo já tem {current} auxiliar(es); a lei admite até {limit.value}.",
        art(20, "único"),
        facts={"auxiliares_atuais": current},
        params=(limit,),
    )


def art_20_auxiliary_registered(registered: bool) -> Reason:
    """Art. 17 e art. 20, parágrafo único: o auxiliar deve estar inscrito no Cadastro Municipal de
    Taxistas, observados os arts. 18 e 22."""
    return check(
        rule_id("art_20_auxiliary_registered"),
        registered,
        "Auxiliar inscrito no Cadastro Municipal de Taxistas.",
        "O taxista auxiliar deve estar inscrito no Cadastro Municipal de Taxistas (arts. 18 e 22).",
        art(20, "único"),
        art(17),
        facts={"inscrito": registered},
    )


def art_4_xiv_auxiliary_residence(resides: bool) -> Reason:
    """Art. 4º, XIV: taxista auxiliar é o motorista vinculado ao permissionário, inscrito no
    Cadastro e residente no Município de Ipatinga."""
    return check(
        rule_id("art_4_xiv_auxiliary_residence"),
        resides,
        "Auxiliar residente no Município.",
        "O taxista auxiliar deve residir no Município.",
        art(4, inc="XIV"),
        facts={"reside_em_ipatinga": resides},
    )


def art_4_xiv_auxiliary_natural_person(kind: str) -> Reason:
    """Art. 4º, XIV: taxista auxiliar é o motorista de atividade profissional, vinculado ao
    permissionário — a driver, so a natural person, inscribed with the documents of the pessoa
    física (art. 20, parágrafo único, observado o art. 22: the CNH among them); a company, which
    may hold a permission (art. 3), is never an auxiliary."""
    return check(
        rule_id("art_4_xiv_auxiliary_natural_person"),
        kind == "pessoa_fisica",
        "Auxiliar pessoa física, motorista.",
        "O taxista auxiliar é motorista, pessoa física: uma pessoa jurídica não pode ser "
        "cadastrada como taxista auxiliar.",
        art(4, inc="XIV"),
        art(20, "único"),
        art(22),
        facts={"tipo_pessoa": kind},
    )


def art_4_xiv_auxiliary_not_the_holder(is_holder: bool) -> Reason:
    """Art. 4º, XIV: taxista auxiliar é o motorista vinculado ao permissionário — another person
    than the permissionário, who may have up to two of them for the vehicle (art. 20, parágrafo
    único)."""
    return check(
        rule_id("art_4_xiv_auxiliary_not_the_holder"),
        not is_holder,
        "Auxiliar é outra pessoa que não o permissionário.",
        "O próprio permissionário não é taxista auxiliar da sua permissão: o auxiliar é o "
        "motorista vinculado ao permissionário, outra pessoa.",
        art(4, inc="XIV"),
        art(20, "único"),
        facts={"é_o_permissionário": is_holder},
    )


AUXILIARY_SCHEMA: dict[str, Any] = closed(
    {
        # Whether the candidate is the permission's own holder, as the registry records it.
        "candidate_is_holder": {"type": "boolean"},
        # The kind of person of the candidate, as the registry records it.
        "candidate_kind": {"enum": ["pessoa_fisica", "pessoa_juridica"]},
        "current_auxiliaries": {"type": "integer", "minimum": 0},
        "candidate_registered": {"type": "boolean"},
        "candidate_resides_in_ipatinga": {"type": "boolean"},
    },
    required=["current_auxiliaries", "candidate_registered", "candidate_resides_in_ipatinga"],
)


@question(
    "ipatinga.taxi-2017.auxiliary_registration",
    law=LAW,
    title="O permissionário pode cadastrar mais um taxista auxiliar para o veículo?",
    schema=AUXILIARY_SCHEMA,
)
def auxiliary_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.auxiliary_registration"

    def build() -> Decision:
        # A first inscription runs one period of art. 21 from the day it is made.
        _, valid_until, period = art_21_auxiliary_period(ctx, None)
        kind = facts.get("candidate_kind")
        reasons = [
            *([art_4_xiv_auxiliary_natural_person(str(kind))] if kind is not None else []),
            *(
                [art_4_xiv_auxiliary_not_the_holder(bool(facts["candidate_is_holder"]))]
                if "candidate_is_holder" in facts
                else []
            ),
            art_20_sole_paragraph_auxiliaries(ctx, int(facts["current_auxiliaries"])),
            art_20_auxiliary_registered(bool(facts["candidate_registered"])),
            art_4_xiv_auxiliary_residence(bool(facts["candidate_resides_in_ipatinga"])),
            period,
        ]
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {"allowed": ok, "valid_until": valid_until if ok else None},
            reasons,
            "Auxiliar pode ser cadastrado." if ok else "Auxiliar não pode ser cadastrado.",
        )

    return answer(qid, ctx, ctx.as_of, (art(20, "único"),), build)


# --- art. 20–21: yearly renewal of an auxiliary's inscription -----------------------------------


def art_21_auxiliary_period(
    ctx: Context, current: dt.date | None
) -> tuple[dt.date, dt.date, Reason]:
    """Art. 21 — o Cadastro Municipal de Taxistas será renovado anualmente; the auxiliary is
    inscribed in it (art. 20 and its parágrafo único). The law sets the yearly period, not from
    when a renewal counts: it is silent. Reading, as for the Termo (art. 13): the renewed year
    follows the current one, so an inscription renewed on or before its last day counts from that
    day; one renewed after it lapsed counts from the renewal, since the days in between had no
    valid inscription and cannot be given one afterwards."""
    on = ctx.as_of
    period = param(ctx, "registration_renewal_years", on)
    start, until = renewal_period(current, on, int(period.value))
    text = renewal_start_text("Inscrição", current, on)
    return (
        start,
        until,
        reason(
            rule_id("art_21_auxiliary_period"),
            Verdict.INFO,
            f"{text}, por {period.value} ano(s): até {fmt(until)}.",
            art(21),
            art(20, "único"),
            facts={"válida_até": current, "conta_de": start, "nova_validade": until},
            params=(period,),
        ),
    )


def art_21_yearly_not_ahead(ctx: Context, current: dt.date | None) -> Reason:
    """Art. 21 — renovado anualmente: year by year. An inscription already valid for a full
    period from the renewal date has nothing to renew; renewing it again would grant more than
    one year ahead."""
    on = ctx.as_of
    period = param(ctx, "registration_renewal_years", on)
    horizon = years_elapsed_on(on, int(period.value))
    return check(
        rule_id("art_21_yearly_not_ahead"),
        current is None or current < horizon,
        f"A inscrição vale menos de um período a partir de {fmt(on)}: pode ser renovada.",
        f"A inscrição já vale até {fmt(current or on)}, um período inteiro a partir de "
        f"{fmt(on)}: já foi feita ou renovada para {following_pt(int(period.value), 'years')}; "
        "não há o que renovar.",
        art(21),
        facts={"válida_até": current, "um_período_a_partir_da_data": horizon},
        params=(period,),
    )


AUXILIARY_RENEWAL_SCHEMA: dict[str, Any] = closed(
    {
        "credential_valid_until": nullable(DATE),
        "resides_in_ipatinga": {"type": "boolean"},
        "debts": RENEWAL_SCHEMA["properties"]["debts"],
    },
    required=["credential_valid_until", "resides_in_ipatinga"],
)


@question(
    "ipatinga.taxi-2017.auxiliary_renewal",
    law=LAW,
    title="A inscrição deste taxista auxiliar no Cadastro pode ser renovada, e até quando valerá?",
    schema=AUXILIARY_RENEWAL_SCHEMA,
)
def auxiliary_renewal_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 21 — yearly renewal of the auxiliary's inscription in the Cadastro, on ``as_of``:
    the period (art. 21), the residence in Ipatinga (art. 4º XIV) and the auxiliary's own final
    debts, named one by one (art. 21 §1º, D-11). The documents of art. 18 and 22 are
    ``ipatinga.taxi-2017.registration_documents``, asked on the same date."""
    qid = "ipatinga.taxi-2017.auxiliary_renewal"
    current = opt_day(facts.get("credential_valid_until"))

    def build() -> Decision:
        start, until, period = art_21_auxiliary_period(ctx, current)
        blocking, debt_reasons = art_21_par_1_debts(
            facts,
            "Nenhum débito definitivo do auxiliar em aberto perante o Município.",
            AUXILIARY_RENEWAL_FEES,
            # The previous renewal began the current period: a year before it ends.
            None if current is None else add_years(current, -int(period.parameters[0].value)),
        )
        reasons = [
            art_21_yearly_not_ahead(ctx, current),
            period,
            art_4_xiv_auxiliary_residence(bool(facts["resides_in_ipatinga"])),
            *debt_reasons,
        ]
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {
                "renewable": ok,
                "valid_from": start,
                "valid_until": until,
                **blocking_outcome(blocking),
            },
            reasons,
            f"Inscrição do auxiliar renovada até {fmt(until)}."
            if ok
            else "Renovação da inscrição do auxiliar recusada.",
        )

    return answer(qid, ctx, ctx.as_of, (art(21),), build)
