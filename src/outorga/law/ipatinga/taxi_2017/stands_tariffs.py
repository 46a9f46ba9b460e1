"""Capítulos IV–VI — Pontos de táxi (art. 33–36), tarifas (art. 37–39) e taxas (art. 40)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from outorga.law.common.fees import fee_amount, is_example
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, number_br, rate_of
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of

from ._base import (
    CENTS,
    DATE,
    LAW,
    PARAMS,
    Category,
    answer,
    art,
    decide,
    fmt,
    has_refusal,
    opt_day,
    param,
    refusals_text,
    rule_id,
)

# --- art. 33–36: stands ----------------------------------------------------------------------------


def art_34_permit_holders_only(is_permit_vehicle: bool) -> Reason:
    """Art. 34: pontos destinados exclusivamente ao estacionamento dos veículos dos
    permissionários."""
    return check(
        rule_id("art_34_permit_holders_only"),
        is_permit_vehicle,
        "Veículo de permissionário de táxi.",
        "O ponto de táxi é exclusivo dos veículos dos permissionários.",
        art(34),
        facts={"veículo_de_permissionário": is_permit_vehicle},
    )


def art_33_stand_category(stand_categories: list[str], category: str) -> Reason:
    """Art. 33 e art. 34, parágrafo único: o permissionário estaciona livremente em qualquer
    ponto, observada a categoria fixada para o ponto."""
    allowed = not stand_categories or category in stand_categories
    return check(
        rule_id("art_33_stand_category"),
        allowed,
        f"Ponto admite a categoria {category}.",
        f"Ponto fixado para a(s) categoria(s) {', '.join(stand_categories)}; o veículo é "
        f"{category}.",
        art(33),
        art(34, "único"),
        facts={"categorias_do_ponto": stand_categories, "categoria": category},
    )


def art_33_stand_capacity(max_vehicles: int, occupied: int) -> Reason:
    """Art. 33: o ato fixa a quantidade máxima de veículos que podem estacionar no ponto."""
    return check(
        rule_id("art_33_stand_capacity"),
        occupied < max_vehicles,
        f"{occupied} de {max_vehicles} vagas ocupadas.",
        f"Ponto lotado: {occupied} de {max_vehicles} vagas ocupadas.",
        art(33),
        facts={"máximo": max_vehicles, "ocupadas": occupied},
    )


def art_36_other_place(ctx: Context, on: dt.date, event: bool, authorized: bool) -> Reason:
    """Art. 36 (exceção ao art. 34): o Poder Executivo poderá autorizar a permanência em locais
    diversos dos pontos nos feriados, finais de semana e eventos, justificado o interesse
    público."""
    closed = ctx.calendar.why_closed(on) or ""
    occasion = (
        "fim de semana"
        if on.weekday() >= 5
        else closed
        if closed.startswith("feriado")
        else "evento"
        if event
        else ""
    )
    ok = bool(occasion) and authorized
    return check(
        rule_id("art_36_other_place"),
        ok,
        f"Permanência fora do ponto autorizada ({occasion}, {fmt(on)}).",
        "Fora dos pontos, só com autorização do Poder Executivo em feriado, fim de semana ou "
        f"evento ({fmt(on)}: {occasion or 'dia útil sem evento'}; autorização: "
        f"{'sim' if authorized else 'não'}).",
        art(36),
        facts={"data": on, "ocasião": occasion, "autorizado": authorized},
    )


STAND_SCHEMA: dict[str, Any] = closed(
    {
        "place": {"enum": ["ponto", "ponto_apoio", "outro_local"]},
        "category": {"enum": [c.value for c in Category]},
        "permit_vehicle": {"type": "boolean"},
        "on": DATE,
        "stand": closed(
            {
                "categories": list_of({"enum": [c.value for c in Category]}),
                "max_vehicles": {"type": "integer", "minimum": 0},
                "occupied": {"type": "integer", "minimum": 0},
            },
            required=["max_vehicles", "occupied"],
        ),
        "event": {"type": "boolean"},
        "authorized": {"type": "boolean"},
    },
    required=["place", "category", "permit_vehicle"],
)


@question(
    "ipatinga.taxi-2017.stand_parking",
    law=LAW,
    title="Este táxi pode estacionar neste ponto ou local?",
    schema=STAND_SCHEMA,
)
def stand_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.stand_parking"
    on = opt_day(facts.get("on")) or ctx.as_of

    def build() -> Decision:
        reasons = [art_34_permit_holders_only(bool(facts["permit_vehicle"]))]
        if facts["place"] == "outro_local":
            reasons.append(
                art_36_other_place(ctx, on, bool(facts.get("event")), bool(facts.get("authorized")))
            )
        else:
            stand = facts.get("stand") or {"max_vehicles": 0, "occupied": 0}
            if facts["place"] == "ponto_apoio":
                reasons.append(
                    reason(
                        rule_id("art_35_support_point"),
                        Verdict.INFO,
                        "Ponto de apoio regulamentado pelo Poder Executivo.",
                        art(35),
                    )
                )
            reasons.append(
                art_33_stand_category(list(stand.get("categories", [])), facts["category"])
            )
            reasons.append(
                art_33_stand_capacity(int(stand["max_vehicles"]), int(stand["occupied"]))
            )
        ok = not has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {"may_park": ok},
            reasons,
            "Pode estacionar." if ok else "Não pode estacionar.",
        )

    return answer(qid, ctx, on, (art(33),), build)


# --- art. 37–39: tariffs -------------------------------------------------------------------------

TARIFF_COMPONENTS = ("flag_fall", "km_band_1", "km_band_2", "waiting_hour", "baggage")
COMPONENT_INCISO = dict(zip(TARIFF_COMPONENTS, ("I", "II", "III", "IV", "V"), strict=True))


def tariff(ctx: Context, category: Category, on: dt.date) -> dict[str, ParameterValue]:
    """Art. 37 e 39: tarifas fixadas por Decreto, por categoria (bandeirada, km Bandeira I, km
    Bandeira II, hora parada, bagagem). Valores de exemplo até o Decreto (example: true)."""
    return {c: param(ctx, f"tariff_{category.value}_{c}", on) for c in TARIFF_COMPONENTS}


def _km(value: Any) -> Decimal:
    # JSON numbers may arrive as floats; go through their text to keep 3.2 as 3.2.
    return Decimal(str(value))


def art_39_fare(
    t: dict[str, ParameterValue], km1: Decimal, km2: Decimal, minutes: int, baggage: int
) -> tuple[dict[str, int], list[Reason]]:
    """Art. 39, I–V: bandeirada + km em Bandeira I + km em Bandeira II + hora parada + bagagem.
    Cada parcela é arredondada ao centavo (meio para cima). Qual bandeira vale em cada trecho é
    dado do Decreto e chega como fato (km registrados pelo taxímetro em cada bandeira)."""
    parts = {
        "flag_fall": int(t["flag_fall"].value),
        "km_band_1": rate_of(int(t["km_band_1"].value), km1),
        "km_band_2": rate_of(int(t["km_band_2"].value), km2),
        "waiting_hour": int(
            (Decimal(int(t["waiting_hour"].value)) * minutes / 60).quantize(
                Decimal(1), rounding=ROUND_HALF_UP
            )
        ),
        "baggage": int(t["baggage"].value) * baggage,
    }
    labels = {
        "flag_fall": "Bandeirada",
        "km_band_1": f"{number_br(km1)} km em Bandeira I",
        "km_band_2": f"{number_br(km2)} km em Bandeira II",
        "waiting_hour": f"{minutes} min de hora parada",
        "baggage": f"{baggage} volume(s) de bagagem",
    }
    reasons = [
        reason(
            rule_id(f"art_39_{c}"),
            Verdict.INFO,
            # Not str.capitalize(): it would lower "Bandeira I" to "bandeira i".
            f"{labels[c]}: {brl(parts[c])}.",
            art(39, inc=COMPONENT_INCISO[c]),
            art(37),
            params=(t[c],),
        )
        for c in TARIFF_COMPONENTS
    ]
    return parts, reasons


def art_39_par_1_guide_dog(guide_dog: bool) -> Reason | None:
    """Art. 39, §1º: o transporte de cão-guia é permitido, vedado qualquer valor adicional."""
    if not guide_dog:
        return None
    return reason(
        rule_id("art_39_par_1_guide_dog"),
        Verdict.INFO,
        "Cão-guia transportado sem valor adicional.",
        art(39, 1),
        facts={"cão_guia": True},
    )


def art_39_par_2_mobility_equipment(items: int) -> Reason | None:
    """Art. 39, §2º (exceção à bagagem do inciso V): não se cobra tarifa adicional pelos
    equipamentos de locomoção das pessoas com deficiência."""
    if not items:
        return None
    return reason(
        rule_id("art_39_par_2_mobility_equipment"),
        Verdict.INFO,
        f"{items} equipamento(s) de locomoção sem cobrança (não contam como bagagem).",
        art(39, 2),
        facts={"equipamentos": items},
    )


def charged_within_tariff(charged: int, maximum: int) -> Reason:
    """Art. 2º, parágrafo único (valores máximos das tarifas) e art. 41, §2º, III (cobrança de
    tarifa diferente das fixadas: infração grave)."""
    return check(
        rule_id("art_41_par_2_iii_tariff_charged"),
        charged <= maximum,
        f"Cobrado {brl(charged)}, dentro da tarifa ({brl(maximum)}).",
        f"Cobrado {brl(charged)}, acima da tarifa fixada ({brl(maximum)}): infração grave.",
        art(2, "único"),
        art(41, 2, "III"),
        facts={"cobrado_centavos": charged, "tarifa_centavos": maximum},
    )


FARE_SCHEMA: dict[str, Any] = closed(
    {
        "category": {"enum": [c.value for c in Category]},
        "trip_date": DATE,
        "km_band_1": {"type": "number", "minimum": 0},
        "km_band_2": {"type": "number", "minimum": 0},
        "waiting_minutes": {"type": "integer", "minimum": 0},
        "baggage_items": {"type": "integer", "minimum": 0},
        "mobility_equipment_items": {"type": "integer", "minimum": 0},
        "guide_dog": {"type": "boolean"},
        "charged_cents": CENTS,
    },
    required=["category"],
)


@question(
    "ipatinga.taxi-2017.fare",
    law=LAW,
    title="Qual o valor máximo da corrida de táxi pela tarifa em vigor?",
    schema=FARE_SCHEMA,
)
def fare_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.fare"
    on = opt_day(facts.get("trip_date")) or ctx.as_of

    def build() -> Decision:
        t = tariff(ctx, Category(facts["category"]), on)
        parts, reasons = art_39_fare(
            t,
            _km(facts.get("km_band_1", 0)),
            _km(facts.get("km_band_2", 0)),
            int(facts.get("waiting_minutes", 0)),
            int(facts.get("baggage_items", 0)),
        )
        for extra in (
            art_39_par_1_guide_dog(bool(facts.get("guide_dog"))),
            art_39_par_2_mobility_equipment(int(facts.get("mobility_equipment_items", 0))),
        ):
            if extra:
                reasons.append(extra)
        total = sum(parts.values())
        if "charged_cents" in facts:
            reasons.append(charged_within_tariff(int(facts["charged_cents"]), total))
        example = any(p.example for p in t.values())
        outcome = {"total_cents": total, "parts_cents": parts, "example_tariff": example}
        summary = f"Tarifa máxima: {brl(total)}" + (" (valores de exemplo)." if example else ".")
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, on, (art(37), art(39)), build)


# --- art. 40: fees -----------------------------------------------------------------------------------

FEES: dict[str, tuple[str, str]] = {
    "I": ("permit_application", "inscrição para obtenção de permissão"),
    "II": ("permit_renewal", "renovação da permissão"),
    "III": ("registration", "inscrição no Cadastro Municipal de Taxistas"),
    "IV": ("auxiliary_registration", "inscrição de condutor auxiliar"),
    "V": ("registration_renewal", "renovação da inscrição no Cadastro Municipal de Taxistas"),
    "VI": ("vehicle_replacement", "substituição de veículo"),
    "VII": ("duplicate_document", "segunda via de documentos"),
    "VIII": ("inspection", "vistoria"),
    "IX": ("other", "outras taxas estabelecidas pela SESUMA"),
}

FEE_SCHEMA: dict[str, Any] = closed(
    {
        "fee": {"enum": list(FEES)},
        "on": DATE,
        # Whether the person charged holds a taxi permission on that day (art. 40, caput).
        "payer_is_permit_holder": {"type": "boolean"},
    },
    required=["fee"],
)


def fee_label(inciso: str) -> str:
    """How a person reads the fee of inciso ``inciso`` (``Taxa de vistoria``)."""
    label = FEES[inciso][1]
    return label[0].upper() + label[1:] if inciso == "IX" else f"Taxa de {label}"


def art_40_fee(ctx: Context, inciso: str, on: dt.date) -> tuple[int | None, Reason]:
    """Art. 40, I–IX: taxas a que os permissionários estão sujeitos; os valores são fixados por ato
    do Município (dados datados, sem valor padrão), em reais ou em UFPI convertida na data da
    cobrança (D-5). As do inciso IX são as que a SESUMA estabelecer: sem ato, não há taxa."""
    name, label = FEES[inciso]
    if inciso == "IX":
        return None, reason(
            rule_id("art_40_fee"),
            Verdict.PENDING,
            "Outras taxas estabelecidas pela SESUMA: cada uma depende do ato que a estabelece, "
            f"e nenhuma está registrada para {fmt(on)}.",
            art(40, inc=inciso),
            facts={"taxa": inciso},
        )
    cents, r = fee_amount(
        ctx,
        rule=rule_id("art_40_fee"),
        label=fee_label(inciso),
        reais_param=f"{PARAMS}.fee_{name}",
        units_param=f"{PARAMS}.fee_{name}_ufpi",
        on=on,
        citations=(art(40, inc=inciso),),
    )
    return cents, dataclasses.replace(r, facts={**r.facts, "taxa": inciso})


def art_40_caput_payer(inciso: str, holder: bool) -> Reason:
    """Art. 40, caput: os permissionários ficarão sujeitos ao pagamento das taxas. A do inciso I
    (inscrição para obtenção de permissão) é paga por quem pede a permissão e ainda não a tem."""
    if inciso == "I":
        return reason(
            rule_id("art_40_caput_payer"),
            Verdict.INFO,
            "Taxa de inscrição para obtenção de permissão: devida por quem se inscreve.",
            art(40),
            art(40, inc="I"),
            facts={"permissionário": holder},
        )
    return check(
        rule_id("art_40_caput_payer"),
        holder,
        "Devida por permissionário do serviço de táxi.",
        "As taxas do art. 40 são devidas pelos permissionários; a pessoa não tem permissão de "
        "táxi em vigor.",
        art(40),
        facts={"permissionário": holder},
    )


@question(
    "ipatinga.taxi-2017.fee",
    law=LAW,
    title="Qual o valor da taxa do serviço de táxi?",
    schema=FEE_SCHEMA,
)
def fee_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.fee"
    on = opt_day(facts.get("on")) or ctx.as_of

    def build() -> Decision:
        cents, r = art_40_fee(ctx, facts["fee"], on)
        reasons = [r]
        if "payer_is_permit_holder" in facts:
            reasons.append(art_40_caput_payer(facts["fee"], bool(facts["payer_is_permit_holder"])))
        refused = has_refusal(reasons)
        summary = (
            refusals_text(reasons)
            if refused
            else brl(cents)
            if cents is not None
            else "Valor não informado."
        )
        return decide(
            qid,
            ctx,
            {
                "amount_cents": None if refused else cents,
                "label": fee_label(facts["fee"]),
                "example": is_example(r),
            },
            reasons,
            summary,
        )

    return answer(qid, ctx, on, (art(40),), build)
