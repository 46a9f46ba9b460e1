"""Capítulo III — Dos veículos (art. 27–32): requirements, age and replacement (D-6), inspections,
withdrawal, reserve vehicle and swaps."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.labels import vehicle_kind_label
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed, nullable
from outorga.law.windows import years_elapsed_on

from ._base import (
    DATE,
    LAW,
    Category,
    answer,
    art,
    day,
    decide,
    fmt,
    has_refusal,
    opt_day,
    optional_param,
    param,
    refusals_text,
    rule_id,
)
from .service import art_2_capacity, art_8_lift_platform, art_9_executive_standard


class Occasion(StrEnum):
    """Art. 29: vistoria no cadastramento anual, na troca de veículo, e extraordinária."""

    CADASTRAMENTO = "cadastramento"  # first registration of the vehicle
    TROCA = "troca"  # a new vehicle replacing another (art. 4º, X; art. 32)
    RENOVACAO = "renovacao"  # yearly renewal of the registration (art. 21)
    EXTRAORDINARIA = "extraordinaria"  # extraordinary inspection at any time (art. 29, §ú)


ENTRY = (Occasion.CADASTRAMENTO, Occasion.TROCA)


@dataclass(frozen=True)
class Vehicle:
    kind: str
    colour: str
    doors: int | None
    capacity: int | None
    registered_ibge: str
    licensed: bool
    manufacture_year: int
    factory_invoice_date: dt.date | None
    taximeter_approved_by: str
    roof_sign_taxi: bool
    ctb_equipment_ok: bool
    adapted: bool
    lift_platform: bool
    detran_mg_approved: bool
    executive_standard: bool | None

    @classmethod
    def from_facts(cls, f: Mapping[str, Any]) -> Vehicle:
        return cls(
            f["kind"],
            f["colour"],
            None if f.get("doors") is None else int(f["doors"]),
            None if f.get("capacity") is None else int(f["capacity"]),
            f["registered_municipality_ibge"],
            bool(f["licensed"]),
            int(f["manufacture_year"]),
            opt_day(f.get("factory_invoice_date")),
            f.get("taximeter_approved_by", ""),
            bool(f.get("roof_sign_taxi")),
            bool(f.get("ctb_equipment_ok")),
            bool(f.get("adapted")),
            bool(f.get("lift_platform")),
            bool(f.get("detran_mg_approved")),
            f.get("executive_standard"),
        )


# --- art. 27 ---------------------------------------------------------------------------------------


def art_27_passenger_car(kind: str) -> Reason:
    """Art. 27: veículos da categoria automóvel de passeio ou similar."""
    return check(
        rule_id("art_27_passenger_car"),
        kind in ("automovel", "similar"),
        "Automóvel de passeio ou similar.",
        f"Veículo do tipo {vehicle_kind_label(kind)}; a lei exige automóvel de passeio ou similar.",
        art(27),
        facts={"tipo": kind},
    )


#: Rules a court may suspend (D-16): their stable ids, as ``SUSPENDABLE_RULES`` lists them.
RULE_SILVER = rule_id("art_27_silver")
RULE_FIVE_DOORS = rule_id("art_27_five_doors")


def art_27_silver(ctx: Context, colour: str) -> Reason:
    """Art. 27: veículos obrigatoriamente na cor prata — unless a court suspended the rule on
    the date (decision D-16)."""
    required = param(ctx, "vehicle_colour")
    return unless_suspended(
        ctx,
        RULE_SILVER,
        lambda: check(
            RULE_SILVER,
            colour.strip().casefold() == str(required.value).casefold(),
            f"Cor {colour}.",
            f"Veículo na cor {colour}; a lei exige a cor {required.value}.",
            art(27),
            facts={"cor": colour},
            params=(required,),
        ),
    )


def art_27_five_doors(ctx: Context, doors: int | None) -> Reason:
    """Art. 27: veículos dotados de 5 (cinco) portas — unless a court suspended the rule on the
    date (decision D-16)."""
    return unless_suspended(ctx, RULE_FIVE_DOORS, lambda: _five_doors(ctx, doors))


def _five_doors(ctx: Context, doors: int | None) -> Reason:
    """Art. 27 applied: a number of doors not on record does not meet it — the requirement is
    shown as unproven, never assumed."""
    required = param(ctx, "vehicle_doors")
    if doors is None:
        return reason(
            RULE_FIVE_DOORS,
            Verdict.REFUSED,
            f"Número de portas não informado no cadastro do veículo; a lei exige {required.value}.",
            art(27),
            facts={"portas": None},
            params=(required,),
        )
    return check(
        RULE_FIVE_DOORS,
        doors == required.value,
        f"{doors} portas.",
        f"Veículo com {doors} portas; a lei exige {required.value}.",
        art(27),
        facts={"portas": doors},
        params=(required,),
    )


# --- art. 28 ---------------------------------------------------------------------------------------


def art_28_i_registered_in_ipatinga(ctx: Context, ibge: str, licensed: bool) -> Reason:
    """Art. 28, I: estar registrado e licenciado no Município de Ipatinga — read, where another
    municipality adopts the law, as the adopting municipality (as mototaxi art. 5 §1 I)."""
    town = ctx.municipality.name
    return check(
        rule_id("art_28_i_registered"),
        ibge == ctx.municipality.ibge_code and licensed,
        f"Registrado e licenciado em {town}.",
        f"O veículo deve estar registrado e licenciado no Município de {town} "
        f"(registro: IBGE {ibge}; licenciado: {'sim' if licensed else 'não'}).",
        art(28, inc="I"),
        facts={"ibge_do_registro": ibge, "licenciado": licensed},
    )


def seven_year_date(ctx: Context, v: Vehicle | VehicleYears) -> tuple[dt.date, Reason]:
    """Art. 28, II e §1º; D-6: 7 anos contados da data da nota fiscal de fábrica do veículo novo,
    quando conhecida; senão, de 1º de janeiro do ano de fabricação."""
    limit = param(ctx, "vehicle_max_age_years")
    start = v.factory_invoice_date or dt.date(v.manufacture_year, 1, 1)
    origin = (
        "data da nota fiscal de fábrica"
        if v.factory_invoice_date
        else f"1º/01 do ano de fabricação {v.manufacture_year}"
    )
    reached = years_elapsed_on(start, int(limit.value))
    return reached, reason(
        rule_id("d_6_vehicle_age"),
        Verdict.INFO,
        f"{limit.value} anos contados de {origin} ({fmt(start)}): limite em {fmt(reached)}.",
        art(28, inc="II"),
        art(28, 1),
        decision(6),
        facts={
            "ano_de_fabricação": v.manufacture_year,
            "nota_fiscal_de_fábrica": v.factory_invoice_date,
            "limite": reached,
        },
        params=(limit,),
    )


@dataclass(frozen=True)
class VehicleYears:
    """What the age rules read of a vehicle (art. 28, §1º): its year and its factory invoice."""

    manufacture_year: int
    factory_invoice_date: dt.date | None


def replacement_deadline(reached: dt.date, renewal_anchor: dt.date) -> dt.date:
    """Art. 28, §2º; D-6: a primeira data de renovação anual do cadastramento a partir da data em
    que o veículo completa 7 anos (a própria data, se coincidir)."""
    # Start one year before the limit's year: that date is always before the limit.
    k = reached.year - renewal_anchor.year - 1
    while years_elapsed_on(renewal_anchor, k) < reached:
        k += 1
    return years_elapsed_on(renewal_anchor, k)


def age_reference_date(ctx: Context, occasion: Occasion, due: dt.date | None) -> dt.date:
    """Art. 28, §2º: a substituição deve ocorrer "até a data prevista para a renovação do
    cadastramento anual". At a yearly renewal (``due``: the day the period renewed ends and the
    new one starts) the car's age is judged on that date, whatever day the renewal is recorded;
    on any other occasion, on the day of the fact (``ctx.as_of``)."""
    return due if occasion is Occasion.RENOVACAO and due is not None else ctx.as_of


def _on_the_renewal(ctx: Context, on: dt.date) -> str:
    """The date the age was judged on, named where it is not the day of the act (art. 28 §2)."""
    if on == ctx.as_of:
        return ""
    return f" Idade apreciada na data prevista para a renovação, {fmt(on)} (art. 28, §2º)."


def art_28_ii_max_age(ctx: Context, reached: dt.date, on: dt.date | None = None) -> Reason:
    """Art. 28, II (regra): ter no máximo 7 (sete) anos de uso — the years a dated parameter —,
    on the day of the fact (``on``; at a renewal, its due date: :func:`age_reference_date`)."""
    limit = param(ctx, "vehicle_max_age_years")
    on = on or ctx.as_of
    return check(
        rule_id("art_28_ii_max_age"),
        on < reached,
        f"Veículo com menos de {limit.value} anos de uso (completa em {fmt(reached)})."
        + _on_the_renewal(ctx, on),
        f"Veículo completou {limit.value} anos de uso em {fmt(reached)}."
        + _on_the_renewal(ctx, on),
        art(28, inc="II"),
        art(28, 1),
        decision(6),
        facts={"limite": reached, "data": on},
        params=(limit,),
    )


def art_28_par_2_until_renewal(
    ctx: Context,
    occasion: Occasion,
    reached: dt.date,
    anchor: dt.date | None,
    on: dt.date | None = None,
) -> Reason | None:
    """Art. 28, §2º (exceção ao inciso II para o veículo já cadastrado): atingido o limite, a
    substituição deve ocorrer até a data prevista para a renovação do cadastramento anual (D-6: a
    primeira renovação a partir do limite). Não se aplica à entrada de veículo (cadastramento ou
    troca). ``on``: the date judged (at a renewal, its due date: :func:`age_reference_date`)."""
    on = on or ctx.as_of
    if occasion in ENTRY or on < reached:
        return None
    if anchor is None:
        limit = param(ctx, "vehicle_max_age_years")
        return reason(
            rule_id("art_28_par_2_until_renewal"),
            Verdict.PENDING,
            f"Veículo com {limit.value} anos: informe a data da renovação anual do cadastramento "
            "para saber o prazo de substituição.",
            art(28, 2),
            decision(6),
            params=(limit,),
        )
    deadline = replacement_deadline(reached, anchor)
    limit = param(ctx, "vehicle_max_age_years")
    # On the renewal date itself the vehicle must already have been replaced.
    ok = on < deadline if occasion is Occasion.RENOVACAO else on <= deadline
    return check(
        rule_id("art_28_par_2_until_renewal"),
        ok,
        f"Veículo com {limit.value} anos em {fmt(reached)}: pode circular até a substituição, "
        f"devida até a renovação de {fmt(deadline)}." + _on_the_renewal(ctx, on),
        f"Veículo com {limit.value} anos em {fmt(reached)}: a substituição era devida até a "
        f"renovação de {fmt(deadline)}." + _on_the_renewal(ctx, on),
        art(28, 1),
        art(28, 2),
        decision(6),
        facts={
            "limite": reached,
            "prazo_de_substituição": deadline,
            "ocasião": occasion,
            "data": on,
        },
        params=(limit,),
    )


def art_28_iii_capacity(ctx: Context, capacity: int | None) -> Reason:
    """Art. 28, III: capacidade mínima para 5 (cinco) e máxima de 7 (sete) passageiros. A capacity
    not on record does not meet it (art. 2's ceiling is then not asked)."""
    low = param(ctx, "vehicle_min_capacity")
    high = param(ctx, "vehicle_max_capacity")
    if capacity is None:
        return reason(
            rule_id("art_28_iii_capacity"),
            Verdict.REFUSED,
            "Capacidade de passageiros (lugares) não informada no cadastro do veículo; a lei "
            f"exige de {low.value} a {high.value}.",
            art(28, inc="III"),
            facts={"capacidade": None},
            params=(low, high),
        )
    return check(
        rule_id("art_28_iii_capacity"),
        low.value <= capacity <= high.value,
        f"Capacidade de {capacity} passageiros.",
        f"Capacidade de {capacity} passageiros; a lei exige de {low.value} a {high.value}.",
        art(28, inc="III"),
        facts={"capacidade": capacity},
        params=(low, high),
    )


def art_28_iv_taximeter(ctx: Context, approved_by: str) -> Reason:
    """Art. 28, IV: taxímetro aprovado pelo INMETRO e/ou pelo IPEM-MG."""
    bodies = param(ctx, "taximeter_certifiers")
    body = approved_by.upper()
    return check(
        rule_id("art_28_iv_taximeter"),
        body in bodies.value,
        f"Taxímetro aprovado pelo {body}.",
        "O veículo deve ter taxímetro aprovado pelo INMETRO e/ou IPEM-MG.",
        art(28, inc="IV"),
        art(2),
        facts={"aprovado_por": body},
        params=(bodies,),
    )


def art_28_v_roof_sign(has_sign: bool) -> Reason:
    """Art. 28, V: dispositivo luminoso com a palavra "TÁXI" fixado no teto (imantado
    permitido)."""
    return check(
        rule_id("art_28_v_roof_sign"),
        has_sign,
        'Dispositivo luminoso "TÁXI" no teto.',
        'Falta o dispositivo luminoso com a palavra "TÁXI" no teto.',
        art(28, inc="V"),
        facts={"luminoso": has_sign},
    )


def art_28_vi_ctb_equipment(ok: bool) -> Reason:
    """Art. 28, VI: equipamentos, dispositivos de segurança e sinalização conforme o CTB e as
    Resoluções do CONTRAN."""
    return check(
        rule_id("art_28_vi_ctb_equipment"),
        ok,
        "Equipamentos de segurança conforme o CTB e o CONTRAN.",
        "Equipamentos ou dispositivos de segurança em desacordo com o CTB e o CONTRAN.",
        art(28, inc="VI"),
        facts={"equipamentos_ok": ok},
    )


def art_28_par_4_detran(approved: bool) -> Reason:
    """Art. 28, §4º: veículos adaptados para pessoas com deficiência ou mobilidade reduzida
    previamente aprovados pelo DETRAN-MG."""
    return check(
        rule_id("art_28_par_4_detran"),
        approved,
        "Adaptação aprovada pelo DETRAN-MG.",
        "O veículo adaptado deve ser previamente aprovado pelo DETRAN-MG.",
        art(28, 4),
        facts={"aprovado_detran_mg": approved},
    )


# --- art. 27, 29, 25: inspection; art. 31: withdrawal -------------------------------------------


def art_29_inspection(occasion: Occasion, inspection: Mapping[str, Any] | None) -> Reason:
    """Art. 27 (vistoria prévia), art. 29 (vistoria por empresa cadastrada perante o INMETRO no
    cadastramento anual e na troca de veículos; extraordinária a qualquer tempo) e art. 25 (o
    registro só é emitido após aprovação em vistoria)."""
    if occasion is Occasion.EXTRAORDINARIA:
        return reason(
            rule_id("art_29_inspection"),
            Verdict.INFO,
            "Vistoria extraordinária: as condições acima são as verificadas.",
            art(29, "único"),
        )
    insp = inspection or {}
    approved = bool(insp.get("approved"))
    accredited = bool(insp.get("accredited_inmetro"))
    return check(
        rule_id("art_29_inspection"),
        approved and accredited,
        "Vistoria aprovada por empresa cadastrada perante o INMETRO.",
        "Falta vistoria aprovada por empresa cadastrada perante o INMETRO.",
        art(29),
        art(27),
        art(25),
        facts={"ocasião": occasion, "aprovada": approved, "credenciada_inmetro": accredited},
    )


def art_31_withdrawal(unmet: list[Reason], imminent_risk: bool) -> Reason | None:
    """Art. 31: a SESUMA poderá, a qualquer tempo, determinar a retirada do veículo de circulação
    quando não apresentar as condições desta Lei ou houver risco iminente aos usuários e ao
    trânsito."""
    if not unmet and not imminent_risk:
        return None
    why = (
        "risco iminente aos usuários e ao trânsito"
        if imminent_risk
        else ("condições da lei não atendidas")
    )
    return reason(
        rule_id("art_31_withdrawal"),
        Verdict.REFUSED,
        f"A SESUMA pode determinar a retirada do veículo de circulação: {why}.",
        art(31),
        facts={"risco_iminente": imminent_risk, "falhas": [r.rule for r in unmet]},
    )


VEHICLE_SCHEMA: dict[str, Any] = closed(
    {
        "occasion": {"enum": [o.value for o in Occasion]},
        "category": {"enum": [c.value for c in Category]},
        "kind": {"enum": ["automovel", "similar", "outro"]},
        "colour": {"type": "string", "minLength": 1},
        # Missing (absent or null) is judged as not proven (art. 27, 28 III), never defaulted.
        "doors": nullable({"type": "integer", "minimum": 1}),
        "capacity": nullable({"type": "integer", "minimum": 1}),
        "registered_municipality_ibge": {"type": "string", "pattern": "^[0-9]{7}$"},
        "licensed": {"type": "boolean"},
        "manufacture_year": {"type": "integer", "minimum": 1900},
        "factory_invoice_date": DATE,
        "renewal_anchor": DATE,
        # At a yearly renewal: the date planned for it (art. 28 §2), the day the period renewed
        # ends and the new one starts — the car's age is judged on it.
        "renewal_due_on": DATE,
        "taximeter_approved_by": {"type": "string"},
        "roof_sign_taxi": {"type": "boolean"},
        "ctb_equipment_ok": {"type": "boolean"},
        "adapted": {"type": "boolean"},
        "lift_platform": {"type": "boolean"},
        "detran_mg_approved": {"type": "boolean"},
        "executive_standard": {"type": "boolean"},
        "imminent_risk": {"type": "boolean"},
        "inspection": closed(
            {
                "approved": {"type": "boolean"},
                "accredited_inmetro": {"type": "boolean"},
                "date": DATE,
            }
        ),
    },
    required=[
        "occasion",
        "category",
        "kind",
        "colour",
        "registered_municipality_ibge",
        "licensed",
        "manufacture_year",
    ],
)


@question(
    "ipatinga.taxi-2017.vehicle_eligibility",
    law=LAW,
    title="Este veículo pode ser usado no serviço de táxi?",
    schema=VEHICLE_SCHEMA,
)
def vehicle_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.vehicle_eligibility"

    def build() -> Decision:
        v = Vehicle.from_facts(facts)
        occasion = Occasion(facts["occasion"])
        category = Category(facts["category"])
        reached, age_info = seven_year_date(ctx, v)
        due = opt_day(facts.get("renewal_due_on"))
        on = age_reference_date(ctx, occasion, due)
        # The renewal being made is the one §2 speaks of: its own date is the deadline's anchor.
        renewing = occasion is Occasion.RENOVACAO and due is not None
        anchor = due if renewing else opt_day(facts.get("renewal_anchor"))
        age = art_28_par_2_until_renewal(ctx, occasion, reached, anchor, on) or art_28_ii_max_age(
            ctx, reached, on
        )
        reasons: list[Reason] = [
            *([] if v.capacity is None else [art_2_capacity(ctx, v.capacity)]),
            art_27_passenger_car(v.kind),
            art_27_silver(ctx, v.colour),
            art_27_five_doors(ctx, v.doors),
            art_28_i_registered_in_ipatinga(ctx, v.registered_ibge, v.licensed),
            age_info,
            age,
            art_28_iii_capacity(ctx, v.capacity),
            art_28_iv_taximeter(ctx, v.taximeter_approved_by),
            art_28_v_roof_sign(v.roof_sign_taxi),
            art_28_vi_ctb_equipment(v.ctb_equipment_ok),
        ]
        if category is Category.ESPECIAL:
            reasons.append(art_8_lift_platform(v.lift_platform))
        if category is Category.ESPECIAL or v.adapted:
            reasons.append(art_28_par_4_detran(v.detran_mg_approved))
        if category is Category.EXECUTIVO:
            reasons.append(art_9_executive_standard(v.executive_standard))
        reasons.append(art_29_inspection(occasion, facts.get("inspection")))
        unmet = [r for r in reasons if r.verdict is Verdict.REFUSED]
        withdrawal = None
        if occasion not in ENTRY:
            withdrawal = art_31_withdrawal(unmet, bool(facts.get("imminent_risk")))
            if withdrawal:
                reasons.append(withdrawal)
        ok = not has_refusal(reasons)
        outcome = {"eligible": ok, "age_limit_on": reached, "withdrawal": withdrawal is not None}
        summary = "Veículo apto." if ok else "Veículo inapto: " + refusals_text(reasons)
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, ctx.as_of, (art(27), art(28)), build)


@question(
    "ipatinga.taxi-2017.vehicle_age",
    law=LAW,
    title="O táxi em serviço está dentro da idade máxima (ou do prazo de substituição)?",
    schema=closed(
        {
            "manufacture_year": {"type": "integer", "minimum": 1900, "maximum": 2200},
            "factory_invoice_date": nullable(DATE),
            "renewal_anchor": DATE,
        },
        required=["manufacture_year", "renewal_anchor"],
    ),
)
def vehicle_age(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 28, II, §1º e §2º and D-6 alone: the age rules of :func:`vehicle_question` for a
    vehicle already in service, as at its yearly renewal (the simulation of an amendment). Seven
    years from the factory invoice, else from 1 January of the manufacture year; reached, the
    vehicle may run until the first yearly renewal of the registration from that date
    (``renewal_anchor``: the Termo's signature, else the grant), when it must already have been
    replaced."""
    qid = "ipatinga.taxi-2017.vehicle_age"

    def build() -> Decision:
        v = VehicleYears(int(facts["manufacture_year"]), opt_day(facts.get("factory_invoice_date")))
        anchor = day(facts["renewal_anchor"])  # required: the renewal is always known here
        reached, age_info = seven_year_date(ctx, v)
        age = art_28_par_2_until_renewal(
            ctx, Occasion.RENOVACAO, reached, anchor
        ) or art_28_ii_max_age(ctx, reached)
        within = age.verdict is not Verdict.REFUSED
        deadline = replacement_deadline(reached, anchor)
        outcome = {"within_age": within, "age_limit_on": reached, "replace_by": deadline}
        summary = age.message if within else "Veículo acima da idade: " + age.message
        return decide(qid, ctx, outcome, [age_info, age], summary)

    return answer(qid, ctx, ctx.as_of, (art(28, inc="II"), art(28, 1), art(28, 2)), build)


# --- art. 30, 32 and art. 4º X: reserve vehicle, swap, replacement -------------------------------


def art_30_reserve_cause(cause: str) -> Reason:
    """Art. 30: em caso de sinistro, roubo ou furto, o permissionário poderá utilizar veículo
    reserva, por prazo determinado, conforme regulamento."""
    return check(
        rule_id("art_30_reserve_cause"),
        cause in ("sinistro", "roubo", "furto"),
        f"Veículo reserva por {cause}.",
        f"Veículo reserva só em caso de sinistro, roubo ou furto (informado: {cause}).",
        art(30),
        facts={"causa": cause},
    )


def art_30_reserve_period(ctx: Context, days: int | None) -> Reason:
    """Art. 30: o prazo do veículo reserva é fixado em regulamento (sem valor padrão)."""
    limit = optional_param(ctx, "reserve_vehicle_max_days")
    if limit is None:
        return reason(
            rule_id("art_30_reserve_period"),
            Verdict.PENDING,
            "O prazo do veículo reserva é fixado em regulamento, ainda não informado; a autoridade "
            "fixa o prazo no caso.",
            art(30),
            facts={"dias_pedidos": days},
        )
    if days is None:
        return reason(
            rule_id("art_30_reserve_period"),
            Verdict.INFO,
            f"Prazo máximo do veículo reserva: {limit.value} dias.",
            art(30),
            params=(limit,),
        )
    return check(
        rule_id("art_30_reserve_period"),
        days <= limit.value,
        f"{days} dias de veículo reserva, dentro do prazo de {limit.value}.",
        f"{days} dias pedidos; o regulamento admite até {limit.value}.",
        art(30),
        facts={"dias_pedidos": days},
        params=(limit,),
    )


def art_30_temporary_vehicle_is_the_reserve(temporary: bool) -> Reason:
    """Art. 30: the taxi's temporary vehicle is the reserve vehicle, "em caso de sinistro, roubo
    ou furto de seu veículo, por prazo determinado" — the law has no other. A substitution (art.
    4º, X) is the permanent change of the permission's vehicle: one asked for a period (the
    mototaxi law's substituição emergencial) is not the taxi's."""
    return check(
        rule_id("art_30_temporary_vehicle_is_the_reserve"),
        not temporary,
        "Substituição definitiva do veículo.",
        "No táxi, o veículo temporário é o veículo reserva, só em caso de sinistro, roubo ou "
        "furto; a substituição do veículo é definitiva.",
        art(30),
        art(4, inc="X"),
        facts={"por_prazo_determinado": temporary},
    )


def art_32_swap_proof(linked: bool) -> Reason:
    """Art. 32: admitida a permuta ou transferência de veículos entre permissionários, sujeito o
    cadastramento do novo veículo à comprovação de que o veículo permutado ou transferido tenha
    sido vinculado à outra permissão."""
    return check(
        rule_id("art_32_swap_proof"),
        linked,
        "Comprovado o vínculo do veículo permutado à outra permissão.",
        "Falta comprovar que o veículo permutado ou transferido foi vinculado à outra permissão.",
        art(32),
        art(4, inc="VI"),
        facts={"vínculo_comprovado": linked},
    )


def art_30_art_32_no_permuta_while_the_reserve_is_in_use(reserve_in_use: bool) -> Reason:
    """Art. 30 with art. 32 and art. 4º, VI: the permuta is the exchange of the permissionários'
    vehicles (art. 4º, VI), each new vehicle registered on proof that the other went to the other
    permission (art. 32). While a reserve vehicle serves one of the two permissions — "em caso de
    sinistro, roubo ou furto de seu veículo, por prazo determinado" (art. 30) — that permission's
    own vehicle is off the street and returns at the end of the period: a permuta then would hand
    the reserve vehicle on for good. The reserve ends first."""
    return check(
        rule_id("art_30_art_32_no_permuta_while_the_reserve_is_in_use"),
        not reserve_in_use,
        "Nenhum veículo reserva em uso nas permissões da permuta.",
        "Permuta não admitida: há um veículo reserva em uso numa das permissões; encerre-o antes "
        "da permuta.",
        art(30),
        art(32),
        art(4, inc="VI"),
        facts={"veículo_reserva_em_uso": reserve_in_use},
    )


def art_29_change_requires_inspection(approved: bool) -> Reason:
    """Art. 29: vistoria na troca de veículos (o novo veículo passa também pela pergunta
    taxi.vehicle_eligibility com ocasião 'troca')."""
    return check(
        rule_id("art_29_change_inspection"),
        approved,
        "Novo veículo aprovado em vistoria.",
        "Na troca de veículo o novo veículo deve ser aprovado em vistoria.",
        art(29),
        facts={"vistoria_aprovada": approved},
    )


CHANGE_SCHEMA: dict[str, Any] = {
    **closed(
        {
            "kind": {"enum": ["substituicao", "permuta", "reserva"]},
            "cause": {"enum": ["sinistro", "roubo", "furto", "outro"]},
            "days": {"type": "integer", "minimum": 1},
            "counterpart_linked": {"type": "boolean"},
            "new_vehicle_inspected": {"type": "boolean"},
            # A substitution asked for a period only, the old vehicle to return (art. 30).
            "temporary": {"type": "boolean"},
            # A reserve vehicle (art. 30) serves one of the two permissions of a permuta: a fact
            # of the records every permuta is asked with, never assumed either way.
            "reserve_in_use": {"type": "boolean"},
        },
        required=["kind"],
    ),
    # Every permuta is asked whether a reserve vehicle is in use (art. 30, 32).
    "if": {"properties": {"kind": {"const": "permuta"}}},
    "then": {"required": ["reserve_in_use"]},
}


@question(
    "ipatinga.taxi-2017.vehicle_change",
    law=LAW,
    title="A substituição, permuta ou uso de veículo reserva é admitido?",
    schema=CHANGE_SCHEMA,
)
def change_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.vehicle_change"

    def build() -> Decision:
        kind = facts["kind"]
        reasons: list[Reason]
        if kind == "reserva":
            reasons = [
                art_30_reserve_cause(facts.get("cause", "outro")),
                art_30_reserve_period(ctx, facts.get("days")),
            ]
        else:
            reasons = [art_29_change_requires_inspection(bool(facts.get("new_vehicle_inspected")))]
            if kind == "permuta":
                reasons[:0] = [
                    art_30_art_32_no_permuta_while_the_reserve_is_in_use(facts["reserve_in_use"]),
                    art_32_swap_proof(bool(facts.get("counterpart_linked"))),
                ]
            else:
                reasons.insert(
                    0,
                    reason(
                        rule_id("art_4_x_replacement"),
                        Verdict.INFO,
                        "Substituição do veículo pelo permissionário (sujeita à taxa do art. 40, VI).",
                        art(4, inc="X"),
                        art(40, inc="VI"),
                    ),
                )
                if "temporary" in facts:
                    reasons.insert(1, art_30_temporary_vehicle_is_the_reserve(facts["temporary"]))
        ok = not has_refusal(reasons)
        return decide(qid, ctx, {"allowed": ok}, reasons, "Admitido." if ok else "Não admitido.")

    return answer(qid, ctx, ctx.as_of, (art(29), art(30), art(32)), build)
