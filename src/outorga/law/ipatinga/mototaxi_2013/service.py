"""Operating the service: the badge (art. 2º VIII, 5º §4º), mototáxi stands (art. 17, 18, 21) and
tariff readjustments (art. 45–46)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, brl_unit, percent_br
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import Requirement, check, reason
from outorga.law.schemas import closed, list_of

from ._common import (
    LAW_ID,
    SERVICE_FACT,
    SERVICE_PT,
    Service,
    art,
    authority,
    decide,
    eligibility,
    yes_no,
)

# --- Art. 2º, VIII and art. 5º, §4º: the badge -----------------------------------------------------

#: Art. 2º, VIII — what the crachá must show.
BADGE_FIELDS: dict[str, str] = {
    "foto": "foto",
    "nome_completo": "nome completo",
    "tipo_sanguineo": "tipo sanguíneo",
    "fator_rh": "fator RH",
    "cnh": "CNH",
    "numero_autorizacao_trafego": "número da Autorização de Tráfego",
    "placa": "placa do veículo vinculado",
}


def art_2_viii_badge_fields(ctx: Context, present: frozenset[str]) -> Reason:
    """Art. 2º, VIII — crachá: foto, nome completo, tipo sanguíneo e fator RH, CNH, número da
    Autorização de Tráfego e placa do veículo; art. 5º §4º: the registration is issued as a badge,
    mandatory in service."""
    missing = [label for key, label in BADGE_FIELDS.items() if key not in present]
    return check(
        "art_2_viii_badge_fields",
        not missing,
        "O crachá contém todos os campos obrigatórios.",
        f"Faltam no crachá: {', '.join(missing)}.",
        art(2, inc="VIII"),
        art(5, 4),
        facts={"campos": sorted(present)},
    )


@question(
    "ipatinga.mototaxi-2013.badge",
    law=LAW_ID,
    title="Este crachá contém os dados obrigatórios?",
    schema=closed(
        {"fields": list_of({"enum": list(BADGE_FIELDS)}, uniqueItems=True)},
        required=["fields"],
    ),
)
def badge(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    r = art_2_viii_badge_fields(ctx, frozenset(facts["fields"]))
    ok = r.verdict is Verdict.OK
    missing = [k for k in BADGE_FIELDS if k not in facts["fields"]]
    return decide(
        "ipatinga.mototaxi-2013.badge",
        ctx,
        {"complete": ok, "missing": missing},
        [r],
        "Crachá completo." if ok else "Crachá incompleto.",
    )


# --- Art. 17, 18 and 21: stands -------------------------------------------------------------------

#: Places where a mototáxi may not operate (art. 18) or park (art. 21).
NEARBY: dict[str, str] = {
    "onibus": "ponto de ônibus",
    "taxi": "ponto de táxi",
    "emergencia": "parada de emergência de veículo de socorro",
    "carro_forte": "parada de carro-forte",
    "particulares": "estacionamento de particulares",
}


def art_17_stand_by_decree(
    ctx: Context, by_decree: bool, places: int, occupied: int | None
) -> Reason:
    """Art. 17 — o Executivo, por decreto, indica os pontos de mototáxi, respeitando o limite máximo
    de vagas determinado."""
    ok = by_decree and places >= 1 and (occupied is None or occupied <= places)
    return check(
        "art_17_stand_by_decree",
        ok,
        f"Ponto fixado por decreto com {places} vaga(s)"
        + ("." if occupied is None else f", {occupied} ocupada(s)."),
        "O ponto deve ser indicado por decreto, com número máximo de vagas respeitado "
        f"(vagas: {places}, ocupadas: {occupied}).",
        art(17),
        facts={"por_decreto": by_decree, "vagas": places, "ocupadas": occupied},
    )


def art_18_not_at_bus_or_taxi_stop(ctx: Context, at: frozenset[str]) -> Reason:
    """Art. 18 — é proibido exercer os serviços nos pontos de ônibus e de táxi."""
    bad = [NEARBY[k] for k in ("onibus", "taxi") if k in at]
    return check(
        "art_18_not_at_bus_or_taxi_stop",
        not bad,
        "Fora de pontos de ônibus e de táxi.",
        f"Local em {', '.join(bad)}: serviço proibido.",
        art(18),
        facts={"locais": sorted(at)},
    )


def art_21_no_parking_near_restricted_stops(ctx: Context, near: frozenset[str]) -> Reason:
    """Art. 21 — proibido o estacionamento de mototáxi nos pontos e proximidades de ônibus, táxis,
    parada de emergência de socorro, carro-forte e/ou particulares."""
    bad = [label for k, label in NEARBY.items() if k in near]
    return check(
        "art_21_no_parking_near_restricted_stops",
        not bad,
        "Sem pontos restritos nas proximidades.",
        f"Estacionamento proibido nas proximidades de: {', '.join(bad)}.",
        art(21),
        facts={"proximidades": sorted(near)},
    )


SIGNPOSTED = Requirement("art_18_par2_signposted", art(18, 2))


def art_18_par2_signposted(ctx: Context, signposted: bool) -> Reason:
    """Art. 18, §2º — os pontos de mototáxi deverão ser devidamente sinalizados."""
    return yes_no(
        SIGNPOSTED,
        signposted,
        "Ponto sinalizado.",
        "O ponto deve ser sinalizado pelo órgão competente.",
        fact="sinalizado",
    )


@question(
    "ipatinga.mototaxi-2013.stand",
    law=LAW_ID,
    title="Este ponto de mototáxi pode ser usado?",
    schema=closed(
        {
            "by_decree": {"type": "boolean"},
            "places": {"type": "integer", "minimum": 0},
            "occupied": {"type": "integer", "minimum": 0},
            "at": list_of({"enum": list(NEARBY)}, uniqueItems=True),
            "near": list_of({"enum": list(NEARBY)}, uniqueItems=True),
            "signposted": {"type": "boolean"},
        },
        required=["by_decree", "places", "at", "near", "signposted"],
    ),
)
def stand(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    at = frozenset(facts["at"])
    near = frozenset(facts["near"]) | at
    roles, cites = authority("stand.set", ctx.as_of)
    reasons = [
        art_17_stand_by_decree(
            ctx, bool(facts["by_decree"]), facts["places"], facts.get("occupied")
        ),
        art_18_not_at_bus_or_taxi_stop(ctx, at),
        art_21_no_parking_near_restricted_stops(ctx, near),
        art_18_par2_signposted(ctx, bool(facts["signposted"])),
        reason(
            "art_17_competence",
            Verdict.INFO,
            "Os pontos são fixados pelo Chefe do Executivo, por decreto.",
            *cites,
            facts={"competente": roles},
        ),
    ]
    ok = eligibility(reasons)
    return decide(
        "ipatinga.mototaxi-2013.stand",
        ctx,
        {"valid": ok},
        reasons,
        "Ponto regular." if ok else "Ponto irregular.",
    )


# --- Art. 45–46: tariffs -------------------------------------------------------------------------

TARIFF_CATEGORIES: dict[str, str] = {
    "urbana": "viagens dentro do perímetro urbano",
    "extraurbana": "viagens que ultrapassam o perímetro urbano",
    "noturna": "viagens em horário noturno",
    "domingo_feriado": "viagens em domingos e feriados",
}
#: How a person names each tariff category ("tarifa de domingo e feriado").
TARIFF_CATEGORY_PT = {
    "urbana": "urbana",
    "extraurbana": "extraurbana",
    "noturna": "noturna",
    "domingo_feriado": "de domingo e feriado",
}
#: A positive amount in reais per km, as text ("1.2345"); zero is refused by the pattern.
KM_COST: dict[str, Any] = {"type": "string", "pattern": r"^(?!0+(\.0+)?$)\d+(\.\d{1,4})?$"}


def art_46_readjust(
    ctx: Context,
    service: Service,
    category: str,
    current_cents: int | None,
    km_before: Decimal,
    km_now: Decimal,
) -> tuple[Reason, int]:
    """Art. 46 — reajuste pela variação do custo do quilômetro rodado desde a fixação ou o último
    reajuste; parágrafo único — pode ser diferenciado para viagens urbanas/extraurbanas, noturnas,
    domingos e feriados (each category may carry its own km-cost variation). The new tariff is the
    current one × (km cost now ÷ km cost then), rounded half-up to the cent."""
    params: tuple[ParameterValue, ...] = ()
    if current_cents is None:
        pv = ctx.param(f"mototaxi_2013.tariff.{service.value}.{category}")
        current_cents, params = int(pv.value), (pv,)
    factor = km_now / km_before
    new = int((Decimal(current_cents) * factor).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    pct = ((factor - 1) * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    cites = [art(46)] + ([art(46, "único")] if category != "urbana" else [])
    return (
        reason(
            f"art_46_readjust_{category}",
            Verdict.INFO,
            f"Tarifa {TARIFF_CATEGORY_PT[category]} de {SERVICE_PT[service]}: "
            f"{brl(current_cents)} × ({brl_unit(km_now)} ÷ {brl_unit(km_before)} por km) = "
            f"{brl(new)} (variação de {percent_br(pct)} do custo do km).",
            *cites,
            facts={
                "categoria": category,
                "tarifa_atual_centavos": current_cents,
                "custo_km_anterior": km_before,
                "custo_km_atual": km_now,
                "variacao_percentual": pct,
                "tarifa_reajustada_centavos": new,
            },
            params=params,
        ),
        new,
    )


@question(
    "ipatinga.mototaxi-2013.tariff_readjustment",
    law=LAW_ID,
    title="Qual a tarifa reajustada pela variação do custo do quilômetro rodado?",
    schema=closed(
        {
            "service": SERVICE_FACT,
            "km_cost_before": KM_COST,
            "km_cost_now": KM_COST,
            "categories": closed(
                {
                    c: closed(
                        {
                            "current_cents": {"type": "integer", "minimum": 0},
                            "km_cost_before": KM_COST,
                            "km_cost_now": KM_COST,
                        }
                    )
                    for c in TARIFF_CATEGORIES
                }
            ),
        },
        required=["service", "km_cost_before", "km_cost_now"],
    ),
)
def tariff_readjustment(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 45–46: the readjusted tariff per category, for the Executive's decree. Current tariffs
    come from the facts or from the dated tariff parameters (example values)."""
    service = Service(facts["service"])
    cats: Mapping[str, Any] = facts.get("categories") or {c: {} for c in TARIFF_CATEGORIES}
    before, now = Decimal(facts["km_cost_before"]), Decimal(facts["km_cost_now"])
    roles, cites = authority("tariff.set", ctx.as_of)
    reasons: list[Reason] = []
    result: dict[str, int] = {}
    for category in TARIFF_CATEGORIES:
        if category not in cats:
            continue
        c = cats[category]
        r, new = art_46_readjust(
            ctx,
            service,
            category,
            c.get("current_cents"),
            Decimal(c.get("km_cost_before", before)),
            Decimal(c.get("km_cost_now", now)),
        )
        reasons.append(r)
        result[category] = new
    reasons.append(
        reason(
            "art_45_tariff_by_decree",
            Verdict.INFO,
            "As tarifas são fixadas e reajustadas por decreto do Chefe do Executivo, com parecer "
            "técnico da SESUMA, assegurando o equilíbrio econômico-financeiro do serviço.",
            art(45),
            art(45, "único"),
            *cites,
            facts={"competente": roles},
        )
    )
    return decide(
        "ipatinga.mototaxi-2013.tariff_readjustment",
        ctx,
        {"service": service.value, "readjusted_cents": result, "decided_by": roles},
        reasons,
        "Proposta de reajuste: "
        + "; ".join(f"{TARIFF_CATEGORY_PT[k]} {brl(v)}" for k, v in result.items())
        + " (a fixar por decreto).",
    )
