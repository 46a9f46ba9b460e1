"""Capítulo II — Da permissão, art. 15: the causes of extinction (I–VIII), the administrative
case with its defence (§1º) filed within its period (D-17, D-4) and no indemnity (§2º)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import decision
from outorga.law.common import filing
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, nullable

from ._base import (
    DATE,
    HOLDER_PT,
    LAW,
    HolderKind,
    answer,
    art,
    day,
    decide,
    deciders,
    fmt,
    opt_day,
    rule_id,
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


EXTINCTION_SCHEMA: dict[str, Any] = closed(
    {
        "cause": {"enum": [c.code for c in EXTINCTION_CAUSES]},
        "holder_kind": {"enum": [k.value for k in HolderKind]},
        "found_on": DATE,
    },
    required=["cause", "holder_kind"],
)


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
        who, _ = deciders("penalty.revocation", ctx.as_of)
        outcome = {
            "extinguishes": applies,
            "inciso": cause.inciso,
            "process_required": applies,
            "indemnity": False,
            "decided_by": who if applies else [],
        }
        summary = (
            f"Proposta de extinção (art. 15, {cause.inciso}) em processo administrativo, "
            "sem indenização."
            if applies
            else "Causa não aplicável."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, on, (art(15),), build)


# --- art. 15, §1º: the defence in the case, within its period (D-17, D-4) -------------------------


def art_15_par_1_defence_in_time(filed_on: dt.date, deadline: dt.date) -> Reason:
    """Art. 15, §1º: no processo de extinção "será garantido ao permissionário o contraditório e a
    ampla defesa". A lei não fixa o prazo da defesa: o do regulamento ou, enquanto ele for omisso,
    o padrão da Lei 9.784/1999 (decisão D-17), contado da notificação pela decisão D-4, que inclui
    o último dia. A defesa apresentada até esse dia é recebida; depois dele, não."""
    return filing.filed_in_time(
        rule_id("art_15_par_1_defence_in_time"),
        "defesa",
        filed_on,
        deadline,
        art(15, 1),
        decision(17),
        decision(4),
    )


DEFENCE_SCHEMA: dict[str, Any] = closed(
    {"deadline": DATE, "filed_on": DATE}, required=["deadline", "filed_on"]
)


@question(
    "ipatinga.taxi-2017.extinction_defence",
    law=LAW,
    title="A defesa no processo de extinção da permissão de táxi foi apresentada no prazo?",
    schema=DEFENCE_SCHEMA,
)
def extinction_defence_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether the holder's defence in the extinction case (art. 15 §1º), presented on
    ``filed_on``, is within the period whose last day is ``deadline`` (the case's, given by this
    law's ``appeal_deadline`` from the notice: D-17, D-4)."""
    qid = "ipatinga.taxi-2017.extinction_defence"
    filed_on, deadline = day(facts["filed_on"]), day(facts["deadline"])

    def build() -> Decision:
        why = art_15_par_1_defence_in_time(filed_on, deadline)
        in_time = why.verdict is Verdict.OK
        outcome = {"in_time": in_time, "filed_on": filed_on, "deadline": deadline}
        summary = (
            f"Defesa apresentada no prazo, que termina em {fmt(deadline)}."
            if in_time
            else f"Defesa fora do prazo, encerrado em {fmt(deadline)}."
        )
        return decide(qid, ctx, outcome, [why], summary)

    return answer(qid, ctx, filed_on, (art(15, 1), decision(17)), build)


# --- art. 15, §1º: the case decided after the defence or once its period is over (D-17, D-4) -----


def art_15_par_1_decided_after_the_defence(
    decided_on: dt.date, deadline: dt.date, defence_filed_on: dt.date | None
) -> Reason:
    """Art. 15, §1º: no processo de extinção "será garantido ao permissionário o contraditório e a
    ampla defesa" — a autoridade competente (D-3) decide depois de ouvi-lo. O prazo da defesa é o
    do regulamento ou, enquanto ele for omisso, o padrão da Lei 9.784/1999 (decisão D-17), contado
    da notificação pela decisão D-4, que inclui o último dia. Sem defesa apresentada até o dia da
    decisão, decidir nesse último dia ou antes dele tiraria do permissionário parte do prazo: a
    decisão só vem depois da defesa apresentada ou depois do último dia do prazo."""
    defended = defence_filed_on is not None and defence_filed_on <= decided_on
    lapsed = decided_on > deadline
    ok = (
        f"Defesa apresentada em {fmt(defence_filed_on)}; decisão em {fmt(decided_on)}."
        if defence_filed_on is not None and defended
        else f"Prazo de defesa encerrado em {fmt(deadline)} sem defesa apresentada; decisão em "
        f"{fmt(decided_on)}."
    )
    return check(
        rule_id("art_15_par_1_decided_after_the_defence"),
        defended or lapsed,
        ok,
        f"Sem defesa apresentada: o prazo de defesa vai até {fmt(deadline)}; o processo não pode "
        f"ser decidido antes do seu fim (decisão em {fmt(decided_on)}).",
        art(15, 1),
        decision(17),
        decision(4),
        facts={
            "prazo_de_defesa": deadline,
            "defesa_apresentada_em": defence_filed_on,
            "decidido_em": decided_on,
        },
    )


DECISION_TIME_SCHEMA: dict[str, Any] = closed(
    {"deadline": DATE, "defence_filed_on": nullable(DATE), "decided_on": DATE},
    required=["deadline", "defence_filed_on", "decided_on"],
)


@question(
    "ipatinga.taxi-2017.extinction_decision_time",
    law=LAW,
    title="O processo de extinção da permissão de táxi já pode ser decidido?",
    schema=DECISION_TIME_SCHEMA,
)
def extinction_decision_time_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether the extinction case (art. 15 §1º) may be decided on ``decided_on``: after the
    holder's defence, presented on ``defence_filed_on`` (``null``: none), or after ``deadline``,
    the last day of the defence period (the case's, given by this law's ``appeal_deadline`` from
    the notice: D-17, D-4)."""
    qid = "ipatinga.taxi-2017.extinction_decision_time"
    deadline, decided_on = day(facts["deadline"]), day(facts["decided_on"])
    filed_on = opt_day(facts["defence_filed_on"])

    def build() -> Decision:
        why = art_15_par_1_decided_after_the_defence(decided_on, deadline, filed_on)
        may = why.verdict is Verdict.OK
        outcome = {
            "may_decide": may,
            "decided_on": decided_on,
            "deadline": deadline,
            "defence_filed_on": filed_on,
        }
        if not may:
            summary = (
                f"O processo não pode ser decidido até {fmt(deadline)} sem defesa apresentada."
            )
        elif filed_on is not None and filed_on <= decided_on:
            summary = f"O processo pode ser decidido: defesa apresentada em {fmt(filed_on)}."
        else:
            summary = f"O processo pode ser decidido: prazo de defesa encerrado em {fmt(deadline)}."
        return decide(qid, ctx, outcome, [why], summary)

    return answer(qid, ctx, decided_on, (art(15, 1), decision(17)), build)
