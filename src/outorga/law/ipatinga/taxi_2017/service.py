"""Capítulo I — Dos serviços de táxi (art. 1º–9º): the service, the tender, the quota and the
categories."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import decision
from outorga.law.common import one_vehicle
from outorga.law.common.labels import sentence
from outorga.law.common.tender import (
    TENDER_APPLICANT_SCHEMA,
    TENDER_GRANT_SCHEMA,
    TENDER_PLACES_FACTS,
    TenderGrant,
    tender_applicant_decision,
    tender_applicant_kind,
    tender_category_offered,
    tender_grant_decision,
    tender_homologated,
    tender_of_the_service,
    tender_places_decision,
    tender_places_left,
    tender_places_within_quota,
    tender_ranking_order,
)
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

from ._base import (
    CATEGORY_ARTICLE,
    DATE,
    HOLDER_PT,
    LAW,
    Category,
    HolderKind,
    answer,
    art,
    decide,
    fmt,
    opt_day,
    param,
    rule_id,
)

# --- art. 2º: the service ---------------------------------------------------------------------


def art_2_capacity(ctx: Context, capacity: int) -> Reason:
    """Art. 2º: o serviço de táxi é o transporte individual remunerado de passageiros, com uso de
    taxímetro, em veículo automotor com capacidade de até 07 (sete) passageiros."""
    limit = param(ctx, "vehicle_max_capacity")
    return check(
        rule_id("art_2_capacity"),
        capacity <= limit.value,
        f"Capacidade de {capacity} passageiros, dentro do limite de {limit.value}.",
        f"Capacidade de {capacity} passageiros; o serviço de táxi usa veículo de até "
        f"{limit.value} passageiros.",
        art(2),
        facts={"capacidade": capacity},
        params=(limit,),
    )


# --- art. 3º: permission by tender; quota -----------------------------------------------------


def art_3_holder_by_tender(kind: HolderKind, awarded_in_tender: bool) -> Reason:
    """Art. 3º: a permissão é outorgada a pessoa física ou jurídica, mediante processo licitatório."""
    return check(
        rule_id("art_3_tender"),
        awarded_in_tender,
        f"{sentence(HOLDER_PT[kind])} vencedora de licitação.",
        "A permissão de táxi só é outorgada mediante processo licitatório; não há licitação vencida.",
        art(3),
        art(4, inc="IV"),
        facts={"tipo": kind, "vencedor_da_licitação": awarded_in_tender},
    )


@dataclass(frozen=True)
class Quota:
    population: int
    population_year: int
    ratio: int
    quota: int
    active: int

    @property
    def available(self) -> int:
        return max(0, self.quota - self.active)

    @property
    def may_grant(self) -> bool:
        return self.active < self.quota


def art_3_par_1_quota(ctx: Context, grant_date: dt.date, active: int) -> tuple[Quota, list[Reason]]:
    """Art. 3º, §1º–§2º: 1 (um) veículo para cada 1.200 habitantes, número de habitantes determinado
    pelo IBGE. D-7: ⌊população / 1.200⌋ com o dado mais recente do IBGE em vigor na data da
    outorga; um dado menor não extingue permissões, só impede novas outorgas."""
    ratio = param(ctx, "quota_ratio", grant_date)
    pop = ctx.population(grant_date)
    q = Quota(pop.value, pop.reference_year, ratio.value, pop.value // ratio.value, active)
    info = reason(
        rule_id("art_3_par_1_quota"),
        Verdict.INFO,
        f"População {pop.value} ({pop.source}, em vigor desde {fmt(pop.effective)}) ÷ "
        f"{ratio.value} = {q.quota} veículos de táxi.",
        art(3, 1),
        art(3, 2),
        decision(7),
        facts={
            "população": pop.value,
            "ano_de_referência": pop.reference_year,
            "fonte": pop.source,
            "data_da_outorga": grant_date,
        },
        params=(ratio,),
    )
    if q.may_grant:
        msg = f"{active} permissões ativas de {q.quota}; há {q.available} vaga(s)."
    elif active > q.quota:
        msg = (
            f"{active} permissões ativas para um limite de {q.quota}: as existentes continuam, "
            "mas não cabe nova outorga."
        )
    else:
        msg = f"Limite de {q.quota} permissões atingido ({active} ativas); não cabe nova outorga."
    verdict = check(
        rule_id("art_3_par_1_quota"),
        q.may_grant,
        msg,
        msg,
        art(3, 1),
        decision(7),
        facts={"permissões_ativas": active, "limite": q.quota},
    )
    return q, [info, verdict]


QUOTA_SCHEMA: dict[str, Any] = closed(
    {
        "grant_date": DATE,
        "active_permits": {"type": "integer", "minimum": 0},
    },
    required=["active_permits"],
)


@question(
    "ipatinga.taxi-2017.quota",
    law=LAW,
    title="Há vaga para nova permissão de táxi na data da outorga?",
    schema=QUOTA_SCHEMA,
)
def quota_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    grant_date = opt_day(facts.get("grant_date")) or ctx.as_of
    qid = "ipatinga.taxi-2017.quota"

    def build() -> Decision:
        q, reasons = art_3_par_1_quota(ctx, grant_date, int(facts["active_permits"]))
        outcome = {
            "quota": q.quota,
            "active": q.active,
            "available": q.available,
            "may_grant": q.may_grant,
            "population": q.population,
        }
        summary = (
            f"Há {q.available} vaga(s) de {q.quota}."
            if q.may_grant
            else f"Sem vaga: limite de {q.quota} permissões."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, grant_date, (art(3, 1), art(3, 2), decision(7)), build)


def art_3_par_1_tender_places_within_quota(places: int, available: int, promised: int) -> Reason:
    """Art. 3º — the permission through a tender — with §1: every place the tender offers is a
    permission within the quota (one vehicle per 1 200 inhabitants, every category together), so
    it offers at most the places the quota leaves free on its opening day, less those promised by
    other tenders in progress."""
    return tender_places_within_quota(
        rule_id("art_3_par_1_tender_places_within_quota"),
        places,
        available,
        promised,
        art(3),
        art(3, 1),
        decision(7),
    )


@question(
    "ipatinga.taxi-2017.tender_places",
    law=LAW,
    title="A licitação pode oferecer estas vagas de táxi, dentro da cota?",
    schema=closed(
        {**QUOTA_SCHEMA["properties"], **TENDER_PLACES_FACTS},
        required=["active_permits", "places", "promised_places"],
    ),
)
def tender_places_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3º with §1–2: the places a tender opened on ``grant_date`` offers, against the quota
    on that day (D-7)."""
    qid = "ipatinga.taxi-2017.tender_places"
    q = quota_question(ctx, {k: facts[k] for k in ("grant_date", "active_permits") if k in facts})
    counted = q.outcome or {}
    return tender_places_decision(
        qid,
        ctx,
        q,
        counted.get("quota"),
        counted.get("available"),
        dict(facts),
        art_3_par_1_tender_places_within_quota,
    )


def art_3_tender_applicant_natural_or_legal_person(kind: str) -> Reason:
    """Art. 3º: a permissão é outorgada a pessoa física ou jurídica — either applies to the
    tender."""
    return tender_applicant_kind(
        rule_id("art_3_tender_applicant_natural_or_legal_person"),
        kind,
        ("fisica", "juridica"),
        "táxi",
        art(3),
    )


@question(
    "ipatinga.taxi-2017.tender_applicant",
    law=LAW,
    title="Esta pessoa pode se inscrever na licitação de táxi?",
    schema=TENDER_APPLICANT_SCHEMA,
)
def tender_applicant_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3º: a natural or a legal person applies."""
    qid = "ipatinga.taxi-2017.tender_applicant"
    return tender_applicant_decision(
        qid, ctx, facts, art_3_tender_applicant_natural_or_legal_person
    )


def art_3_tender_of_the_service(g: TenderGrant) -> Reason:
    """Art. 3º: the taxi permission is granted through a tender of the taxi service."""
    return tender_of_the_service(rule_id("art_3_tender_of_the_service"), g, "taxi", "táxi", art(3))


def art_3_art_6_tender_category_offered(g: TenderGrant) -> Reason:
    """Art. 3º — vinculação ao instrumento convocatório — with art. 6º, one category per
    permission: the grant takes the category of the places the tender offered."""
    return tender_category_offered(
        rule_id("art_3_art_6_tender_category_offered"), g, art(3), art(6)
    )


def art_3_tender_homologated(g: TenderGrant) -> Reason:
    """Art. 3º — mediante processo licitatório: the grant follows the tender's result, once it is
    homologated."""
    return tender_homologated(rule_id("art_3_tender_homologated"), g, art(3))


def art_3_tender_places_left(g: TenderGrant) -> Reason:
    """Art. 3º: the tender grants no more permissions than the places it offered."""
    return tender_places_left(rule_id("art_3_tender_places_left"), g, art(3))


def art_3_tender_ranking_order(g: TenderGrant) -> Reason:
    """Art. 3º — julgamento objetivo, vinculação ao instrumento convocatório: the tender's ranking
    binds the grants, which go to the applicant it calls now."""
    return tender_ranking_order(rule_id("art_3_tender_ranking_order"), g, art(3))


@question(
    "ipatinga.taxi-2017.tender_grant",
    law=LAW,
    title="A outorga em nome desta licitação de táxi segue a licitação?",
    schema=TENDER_GRANT_SCHEMA,
)
def tender_grant_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3º with art. 6º: a taxi tender, in the category it offered, homologated, within its
    places, to the applicant its ranking calls now; ``awarded`` tells the holder's eligibility
    (art. 3) whether they are a ranked eligible applicant of it."""
    qid = "ipatinga.taxi-2017.tender_grant"
    return tender_grant_decision(
        qid,
        ctx,
        facts,
        (
            art_3_tender_of_the_service,
            art_3_art_6_tender_category_offered,
            art_3_tender_homologated,
            art_3_tender_places_left,
            art_3_tender_ranking_order,
        ),
    )


# --- art. 5º–9º: categories -------------------------------------------------------------------


def art_5_category(category: Category) -> Reason:
    """Art. 5º: convencional (art. 7º), especial (art. 8º) ou executivo (art. 9º)."""
    specific = {
        Category.CONVENCIONAL: art(7),
        Category.ESPECIAL: art(8),
        Category.EXECUTIVO: art(9),
    }[category]
    return reason(
        rule_id("art_5_category"),
        Verdict.OK,
        f"Categoria {category.value} prevista na lei.",
        CATEGORY_ARTICLE[category],
        specific,
        facts={"categoria": category},
    )


def art_6_one_permission(held: int, ctx: Context) -> Reason:
    """Art. 6º: apenas 1 (uma) permissão por pessoa física ou jurídica."""
    limit = param(ctx, "max_permits_per_holder")
    return check(
        rule_id("art_6_one_permission"),
        held < limit.value,
        # "Não detém outra" only while it is so: the limit is the one of the day (D-15).
        lambda: (
            "Não detém outra permissão de táxi."
            if held == 0
            else f"Detém {held} permissão(ões) de táxi; a lei admite {limit.value} por pessoa."
        ),
        f"Já detém {held} permissão(ões) de táxi; a lei admite {limit.value} por pessoa.",
        art(6),
        facts={"permissões_de_táxi_detidas": held},
        params=(limit,),
    )


def art_6_one_vehicle(vehicles: int, ctx: Context) -> Reason:
    """Art. 6º: a permissão é limitada a um único veículo."""
    limit = param(ctx, "max_vehicles_per_permit")
    return check(
        rule_id("art_6_one_vehicle"),
        vehicles <= limit.value,
        # "Um único" only while it is so: the limit is the one of the day (D-15).
        lambda: (
            "Um único veículo na permissão."
            if vehicles <= 1
            else f"{vehicles} veículos na permissão, no limite de {limit.value}."
        ),
        lambda: (
            f"{vehicles} veículos pedidos; a permissão é limitada a {limit.value} "
            f"veículo{'' if limit.value == 1 else 's'}."
        ),
        art(6),
        facts={"veículos": vehicles},
        params=(limit,),
    )


@question(
    "ipatinga.taxi-2017.one_vehicle",
    law=LAW,
    title="O veículo pode servir a esta permissão, sem ser o de outra?",
    schema=one_vehicle.SCHEMA,
)
def one_vehicle_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º: a permissão é "limitada a um único veículo" — the vehicle another permission in
    force holds serves no other, nor does its own vehicle while a reserve vehicle stands in for it
    after a sinistro, roubo or furto (art. 30): it returns to its permission when the reserve ends.
    So, too, the permission a reserve vehicle serves takes no other vehicle (a second reserve, a
    substitution) until the reserve ends. The reading is the one of
    :mod:`outorga.law.common.one_vehicle`."""
    qid = "ipatinga.taxi-2017.one_vehicle"

    def build() -> Decision:
        outcome, reasons, summary = one_vehicle.one_vehicle(
            facts,
            held_rule=rule_id("art_6_vehicle_of_another_permit"),
            away_rule=rule_id("art_6_vehicle_away_from_its_permit"),
            temporary_rule=rule_id("art_6_art_30_no_change_while_the_reserve_is_in_use"),
            held_by=(art(6),),
            away_from=(art(6), art(30)),
            temporary_in_use=(art(6), art(30)),
            temporary="um veículo reserva",
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, ctx.as_of, (art(6),), build)


def art_6_one_category(categories: list[str]) -> Reason:
    """Art. 6º: a permissão é limitada a uma única categoria de serviço de táxi."""
    distinct = sorted(set(categories))
    return check(
        rule_id("art_6_one_category"),
        len(distinct) == 1,
        f"Uma única categoria: {distinct[0] if distinct else ''}.",
        f"Categorias pedidas: {', '.join(distinct) or 'nenhuma'}; a permissão é limitada a uma "
        "única categoria.",
        art(6),
        facts={"categorias": distinct},
    )


def art_8_lift_platform(lift_platform: bool) -> Reason:
    """Art. 8º, parágrafo único: os veículos do táxi especial serão adaptados com plataforma
    elevatória na extremidade traseira ou lateral."""
    return check(
        rule_id("art_8_lift_platform"),
        lift_platform,
        "Veículo adaptado com plataforma elevatória.",
        "O táxi especial exige veículo adaptado com plataforma elevatória traseira ou lateral.",
        art(8, "único"),
        facts={"plataforma_elevatória": lift_platform},
    )


def art_9_executive_standard(meets: bool | None) -> Reason:
    """Art. 9º: o táxi executivo fica condicionado a normas definidas em regulamento próprio."""
    if meets is None:
        return reason(
            rule_id("art_9_executive_standard"),
            Verdict.PENDING,
            "O padrão executivo é definido em regulamento próprio; verificar o veículo.",
            art(9),
        )
    return check(
        rule_id("art_9_executive_standard"),
        meets,
        "Veículo no padrão executivo do regulamento.",
        "Veículo fora do padrão executivo definido em regulamento.",
        art(9),
        facts={"padrão_executivo": meets},
    )
