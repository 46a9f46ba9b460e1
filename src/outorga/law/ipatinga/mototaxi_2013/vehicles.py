"""Vehicles: what may be licensed for mototáxi or motofrete (art. 3, 5 §1 and §5–§8, 6 §2,
13 XXI, 19, 24), on the facts of :mod:`.vehicle_facts`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.common import one_vehicle
from outorga.law.common.labels import periodic_pt, vehicle_kind_label
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import Requirement, check, quick, reason, unless_suspended, verdict_only
from outorga.law.schemas import closed, list_of, nullable
from outorga.law.windows import months_elapsed_on

from ._common import (
    CENTS,
    DATE,
    LAW_ID,
    SERVICE_FACT,
    SERVICE_PT,
    Service,
    art,
    decide,
    decide_eligible,
    fmt,
    optional_param,
    param,
    param_set,
    yes_no,
)
from .vehicle_facts import VehicleFacts

#: The citations the rules below make on every call, made once.
ART_13_XXI = art(13, inc="XXI")
ART_19 = art(19)
ART_19_P1 = art(19, 1)
ART_19_P2 = art(19, 2)
ART_1_P1 = art(1, 1)
ART_24 = art(24)
ART_24_P1 = art(24, 1)
ART_24_P2 = art(24, 2)
ART_24_P4 = art(24, 4)
ART_24_P5 = art(24, 5)
ART_2_XXIII = art(2, inc="XXIII")
ART_2_XXVII = art(2, inc="XXVII")
ART_3_I = art(3, inc="I")
ART_3_II = art(3, inc="II")
ART_3_I_A = art(3, inc="I", ali="a")
ART_3_I_B = art(3, inc="I", ali="b")
ART_3_PUNICO = art(3, "único")
ART_5_P1_I = art(5, 1, "I")
ART_5_P1_II = art(5, 1, "II")
ART_5_P1_III = art(5, 1, "III")
ART_5_P1_IV = art(5, 1, "IV")
ART_5_P5 = art(5, 5)
ART_5_P7 = art(5, 7)
ART_5_P8 = art(5, 8)
ART_6_P2 = art(6, 2)
D_6 = decision(6)

KINDS = ("motocicleta", "motoneta")
#: The services as the rules compare them on every call (a member read off its enum costs a
#: lookup).
MOTOTAXI, MOTOFRETE = Service.MOTOTAXI, Service.MOTOFRETE
#: Art. 5º, §8º: the two services one vehicle may not serve together.
BOTH_SERVICES = frozenset({"mototaxi", "motofrete"})
#: Art. 3º, parágrafo único: registered by the traffic department of Minas Gerais.
REGISTRATION_UF = "MG"

#: Art. 5º, §7º — every vehicle of this law.
COMMON_EQUIPMENT: dict[str, str] = {
    "antena_corta_pipas": "aparador de linha (antena corta-pipas) fixado no guidom",
    "protetor_motor_pernas": "proteção para motor e pernas (mata-cachorro)",
}
#: Art. 19, I–VI — mototáxi only, by fact key → (inciso, Portuguese name).
MOTOTAXI_EQUIPMENT: dict[str, tuple[str, str]] = {
    "alcas_metalicas": ("I", "alças metálicas traseira e lateral"),
    "escapamento_isolado": ("II", "cano de escapamento com isolante térmico"),
    "apoio_pes_passageiro": ("III", "suporte para os pés do passageiro"),
    "coletes_retrorrefletivos": ("IV", "coletes com dispositivos retrorrefletivos"),
    "toucas_descartaveis": ("V", "touca descartável para o passageiro"),
    "retrovisores_ambos_lados": ("VI", "espelho retrovisor de ambos os lados"),
}
#: The keys of each list, as a set: whether a vehicle has all is one subset test (issue #21).
COMMON_KEYS, MOTOTAXI_KEYS = frozenset(COMMON_EQUIPMENT), frozenset(MOTOTAXI_EQUIPMENT)
#: Art. 24, §1º — cargo devices allowed for motofrete.
CARGO_DEVICES = ("bau", "grelha", "alforje", "bolsa", "caixa_lateral")


# --- Art. 3º: the vehicle itself ---------------------------------------------------------------


def art_3_kind(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 1º, §1º, art. 2º, XV and XXVII — motocicleta ou motoneta."""
    if verdict_only():
        return KIND.stand_in[v.kind in KINDS]
    return KIND.check(
        v.kind in KINDS,
        lambda: f"Veículo do tipo {vehicle_kind_label(v.kind)}.",
        lambda: (
            f"Veículo do tipo {vehicle_kind_label(v.kind)}; a lei admite somente motocicleta ou "
            "motoneta."
        ),
        facts={"tipo": v.kind},
    )


#: Rules a court may suspend (D-16): their stable ids, as ``SUSPENDABLE_RULES`` lists them.
RULE_ENGINE = "art_3_i_engine"
RULE_AGE = "art_3_ii_age"
#: The requirements of art. 1º–6º below, each named once with its articles (issue #21).
KIND = Requirement("art_3_kind", ART_1_P1, ART_2_XXVII)
AGE = Requirement(RULE_AGE, ART_3_II, D_6)
SOLE_REGISTRATION = Requirement("art_3_sole_registration", ART_3_PUNICO)
CRLV = Requirement("art_5_par1_i_crlv", ART_5_P1_I)
VISTORIA = Requirement("art_5_par1_ii_vistoria", ART_5_P1_II)
RED_PLATE = Requirement("art_5_par1_iv_red_plate", ART_5_P1_IV)
IN_HOLDERS_NAME = Requirement("art_5_par5_in_holders_name", ART_5_P5)
SINGLE_ACTIVITY = Requirement("art_5_par8_single_activity", ART_5_P8)
ONE_VEHICLE_PER_PERMIT = Requirement("art_6_par2_one_vehicle_per_permit", ART_6_P2)
ONE_PERMIT_PER_VEHICLE = Requirement("art_6_par2_one_permit_per_vehicle", ART_6_P2, ART_5_P5)
COMMON_EQUIPMENT_FITTED = Requirement("art_5_par7_common_equipment", ART_5_P7)
#: Art. 3º, I, art. 5º, §1º, III and art. 19 as they pass (``stand_in[True]``): their refusals
#: cite what is wrong — the alínea, art. 24 for motofrete, the inciso of each missing item.
ENGINE = Requirement(RULE_ENGINE, ART_3_I)
#: Its refusal by the alínea the engine fails (both only where a decree set the minimum above
#: the maximum): made once, not on every vehicle refused.
ENGINE_BELOW, ENGINE_ABOVE = (
    Requirement(RULE_ENGINE, ART_3_I_A),
    Requirement(RULE_ENGINE, ART_3_I_B),
)
SEMIANNUAL_INSPECTION = Requirement("art_5_par1_iii_semiannual_inspection", ART_5_P1_III)
MOTOTAXI_EQUIPMENT_FITTED = Requirement("art_19_mototaxi_equipment", ART_19)


def art_3_i_engine(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 3º, I — motores com potência mínima de 125 cc (a) e máxima de 250 cc (b), inclusive —
    unless a court suspended the rule on the date (decision D-16)."""
    return unless_suspended(ctx, RULE_ENGINE, _engine, ctx, v)


ENGINE_PARAMS = ("vehicle.engine_min_cc", "vehicle.engine_max_cc")


def _engine(ctx: Context, v: VehicleFacts) -> Reason:
    low, high = param_set(ctx, ENGINE_PARAMS)
    too_small = v.engine_cc < low.value
    too_big = v.engine_cc > high.value
    if verdict_only() and not (too_small and too_big):
        if too_small:
            return ENGINE_BELOW.stand_in[False]
        return ENGINE_ABOVE.stand_in[False] if too_big else ENGINE.stand_in[True]
    cites = [ART_3_I_A] if too_small else []
    cites += [ART_3_I_B] if too_big else []
    passed = not (too_small or too_big)
    if verdict_only():
        return quick(RULE_ENGINE, passed, *(cites or [ART_3_I]))
    return check(
        RULE_ENGINE,
        passed,
        lambda: f"Motor de {v.engine_cc} cc, entre {low.value} e {high.value} cc.",
        lambda: f"Motor de {v.engine_cc} cc; a lei exige entre {low.value} e {high.value} cc.",
        *(cites or [ART_3_I]),
        facts={"cilindrada": v.engine_cc},
        params=(low, high),
    )


def art_3_ii_age(ctx: Context, manufacture_year: int) -> Reason:
    """Art. 3º, II — no máximo 10 (dez) anos de vida útil; age = reference year − manufacture year
    (decision D-6) — unless a court suspended the rule on the date (decision D-16)."""
    return unless_suspended(ctx, RULE_AGE, _age, ctx, manufacture_year)


def _age(ctx: Context, manufacture_year: int) -> Reason:
    limit = param(ctx, "vehicle.max_age_years")
    age = ctx.as_of.year - manufacture_year
    if verdict_only():
        return AGE.stand_in[age <= limit.value]
    return AGE.check(
        age <= limit.value,
        lambda: (
            f"Fabricado em {manufacture_year}: {age} anos em {ctx.as_of.year} "
            f"(máximo {limit.value})."
        ),
        lambda: (
            f"Fabricado em {manufacture_year}: {age} anos em {ctx.as_of.year}; "
            f"a lei admite no máximo {limit.value}."
        ),
        facts={
            "ano_fabricacao": manufacture_year,
            "ano_referencia": ctx.as_of.year,
            "idade": age,
        },
        params=(limit,),
    )


def art_3_sole_registration(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 3º, parágrafo único — registrado pelo órgão de trânsito de Minas Gerais, na categoria
    aluguel (CTB art. 135)."""
    ok = v.registration_uf == REGISTRATION_UF and v.registration_category == "aluguel"
    if verdict_only():
        return SOLE_REGISTRATION.stand_in[ok]
    return SOLE_REGISTRATION.check(
        ok,
        "Registrado em Minas Gerais na categoria aluguel.",
        lambda: (
            f"Registrado em {v.registration_uf} na categoria {v.registration_category}; a lei exige "
            "registro em Minas Gerais na categoria aluguel."
        ),
        facts={"uf": v.registration_uf, "categoria": v.registration_category},
    )


# --- Art. 5º §1º, §5º, §7º, §8º: registration of the vehicle -------------------------------------


def art_5_par1_i_crlv(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §1º, I — CRLV atualizado no Município de Ipatinga, com o seguro obrigatório."""
    ok = v.crlv_updated_in_ipatinga and v.dpvat
    if verdict_only():
        return CRLV.stand_in[ok]
    return CRLV.check(
        ok,
        lambda: f"CRLV atualizado em {ctx.municipality.name}, com seguro obrigatório (DPVAT).",
        lambda: (
            f"Falta CRLV atualizado em {ctx.municipality.name} com o seguro obrigatório (DPVAT)."
        ),
        facts={"crlv_atualizado": v.crlv_updated_in_ipatinga, "dpvat": v.dpvat},
    )


def art_5_par1_ii_vistoria(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §1º, II — laudo de vistoria expedido pelo órgão executivo de trânsito."""
    return yes_no(
        VISTORIA,
        v.vistoria_report,
        "Laudo de vistoria apresentado.",
        "Falta o laudo de vistoria do órgão executivo de trânsito.",
        fact="laudo_vistoria",
    )


def art_5_par1_iii_semiannual_inspection(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §1º, III — laudo de inspeção do veículo, semestral (art. 24 for motofrete)."""
    months = param(ctx, "documents.inspection_validity_months")
    inspected = v.inspection_report_on
    if inspected is not None and verdict_only():  # a passed rule's stand-in has no citations
        passed = inspected <= ctx.as_of <= months_elapsed_on(inspected, months.value)
        if passed:
            return SEMIANNUAL_INSPECTION.stand_in[True]
    cites = [ART_5_P1_III] + ([ART_24] if v.service is MOTOFRETE else [])
    if inspected is None:
        return reason(
            "art_5_par1_iii_semiannual_inspection",
            Verdict.REFUSED,
            lambda: f"Falta o laudo de inspeção {periodic_pt(months.value, 'months')}.",
            *cites,
            params=(months,),
        )
    until = months_elapsed_on(inspected, months.value)
    passed = inspected <= ctx.as_of <= until
    if verdict_only():
        return quick("art_5_par1_iii_semiannual_inspection", passed, *cites)
    return check(
        "art_5_par1_iii_semiannual_inspection",
        passed,
        lambda: f"Laudo de inspeção de {fmt(inspected)}, válido até {fmt(until)}.",
        lambda: (
            f"Laudo de inspeção de {fmt(inspected)} vencido em {fmt(until)} "
            f"(inspeção a cada {months.value} meses)."
        ),
        *cites,
        facts={"inspecao_em": v.inspection_report_on, "valida_ate": until},
        params=(months,),
    )


def art_5_par1_iv_red_plate(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §1º, IV — placa de aluguel (vermelha) conforme o CTB."""
    return yes_no(
        RED_PLATE,
        v.red_plate,
        "Placa de aluguel.",
        "O veículo não tem placa de aluguel.",
        fact="placa_aluguel",
    )


def art_5_par5_in_holders_name(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §5º — CRV, CRLV e DPVAT em nome do permissionário."""
    missing = [k.upper() for k in ("crv", "crlv", "dpvat") if not v.in_holders_name.get(k)]
    if verdict_only():
        return IN_HOLDERS_NAME.stand_in[not missing]
    return IN_HOLDERS_NAME.check(
        not missing,
        "CRV, CRLV e DPVAT em nome do permissionário.",
        lambda: f"Não estão em nome do permissionário: {', '.join(missing)}.",
        facts={"em_nome_do_permissionario": dict(v.in_holders_name)},
    )


def art_5_par7_common_equipment(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §7º — antena corta-pipas no guidom e protetor de motor e pernas (mata-cachorro)."""
    if verdict_only():
        return COMMON_EQUIPMENT_FITTED.stand_in[COMMON_KEYS <= v.equipment]
    missing = [name for key, name in COMMON_EQUIPMENT.items() if key not in v.equipment]
    return COMMON_EQUIPMENT_FITTED.check(
        not missing,
        "Antena corta-pipas e protetor de motor e pernas instalados.",
        lambda: f"Falta equipamento: {'; '.join(missing)}.",
        facts={"equipamentos": sorted(v.equipment)},
    )


def art_5_par8_single_activity(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 5º, §8º — vedado usar um único veículo autorizado para cargas e passageiros em ambas as
    atividades (art. 22: o mototaxista não faz motofrete)."""
    both = BOTH_SERVICES <= v.authorized_services
    if verdict_only():
        return SINGLE_ACTIVITY.stand_in[not both]
    return SINGLE_ACTIVITY.check(
        not both,
        lambda: f"Veículo destinado somente a {SERVICE_PT[v.service]}.",
        "O mesmo veículo não pode servir ao transporte de passageiros e de cargas.",
        facts={"servicos_autorizados": sorted(v.authorized_services)},
    )


def art_6_par2_one_vehicle_per_permit(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 6º, §2º — ao permissionário admite-se o cadastramento de 1 (um) veículo."""
    limit = param(ctx, "vehicle.vehicles_per_permit")
    passed = v.other_vehicles_on_permit + 1 <= limit.value
    if verdict_only():
        return ONE_VEHICLE_PER_PERMIT.stand_in[passed]
    return ONE_VEHICLE_PER_PERMIT.check(
        passed,
        # "Único" only while it is so: the limit is the one of the day (D-15).
        lambda: (
            f"Único veículo cadastrado na permissão (limite {limit.value})."
            if v.other_vehicles_on_permit == 0
            else (
                f"Com este, {v.other_vehicles_on_permit + 1} veículos cadastrados na permissão "
                f"(limite {limit.value})."
            )
        ),
        lambda: (
            f"A permissão já tem {v.other_vehicles_on_permit} veículo(s) cadastrado(s); "
            f"o limite é {limit.value}."
        ),
        facts={"outros_veiculos_na_permissao": v.other_vehicles_on_permit},
        params=(limit,),
    )


def art_6_par2_one_permit_per_vehicle(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 6º, §2º — ao permissionário admite-se o cadastramento de 1 (um) veículo: the vehicle
    registered for one permit is that permit's, so it cannot be registered for another permit of
    the same service (with art. 5 §5: its documents are in one holder's name). Another service is
    art. 5 §8's refusal."""
    same = [n for s, n in v.other_permits if s == v.service.value]
    if verdict_only():
        return ONE_PERMIT_PER_VEHICLE.stand_in[not same]
    return ONE_PERMIT_PER_VEHICLE.check(
        not same,
        "Veículo não cadastrado em outra permissão do serviço.",
        lambda: (
            f"O veículo já está cadastrado na permissão {', '.join(same)} de "
            f"{SERVICE_PT[v.service]}; cada permissão tem o seu único veículo."
        ),
        facts={"outras_permissoes_do_veiculo": [n for _, n in v.other_permits]},
    )


@question(
    "ipatinga.mototaxi-2013.one_vehicle",
    law=LAW_ID,
    title="O veículo pode servir a esta permissão, sem ser o de outra?",
    schema=one_vehicle.SCHEMA,
)
def one_vehicle_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6º, §2º — "somente o cadastramento de 01 (um) veículo": the vehicle another permission
    in force holds, of either service, serves no other, nor does its own vehicle while an
    emergency substitution stands in for it (art. 2º, XXIII): it returns to its permission when
    the period ends; so, too, the permission an emergency vehicle serves takes no other vehicle (a
    second emergency one, a substitution) until the period ends. The reading is the one of
    :mod:`outorga.law.common.one_vehicle`."""
    outcome, reasons, summary = one_vehicle.one_vehicle(
        facts,
        held_rule="art_6_par2_vehicle_of_another_permit",
        away_rule="art_6_par2_vehicle_away_from_its_permit",
        temporary_rule="art_6_par2_art_2_xxiii_no_change_while_the_emergency_substitution_lasts",
        held_by=(ART_6_P2,),
        away_from=(ART_6_P2, ART_2_XXIII),
        temporary_in_use=(ART_6_P2, ART_2_XXIII),
        temporary="um veículo de substituição emergencial",
    )
    return decide("ipatinga.mototaxi-2013.one_vehicle", ctx, outcome, reasons, summary)


# --- Art. 19: mototáxi ---------------------------------------------------------------------------


#: Verdict-only refusals of art. 19 by the set of items missing: at most 63, each made once.
_EQUIPMENT_MISSING: dict[frozenset[str], Reason] = {}


def _missing_cites(absent: frozenset[str]) -> list[Citation]:
    """The inciso of each missing item of art. 19, in the law's order; art. 19 itself if none."""
    return [art(19, inc=inc) for key, (inc, _) in MOTOTAXI_EQUIPMENT.items() if key in absent] or [
        ART_19
    ]


def art_19_mototaxi_equipment(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 19, I–VI — alças metálicas, escapamento isolado, apoio para os pés, coletes
    retrorrefletivos, touca descartável e retrovisores de ambos os lados."""
    absent = MOTOTAXI_KEYS - v.equipment
    if verdict_only():  # the shared OK, or the refusal of that set of missing items
        if not absent:
            return MOTOTAXI_EQUIPMENT_FITTED.stand_in[True]
        found = _EQUIPMENT_MISSING.get(absent)
        if found is None:
            found = _EQUIPMENT_MISSING[absent] = quick(
                "art_19_mototaxi_equipment", False, *_missing_cites(absent)
            )
        return found
    missing = [name for key, (_, name) in MOTOTAXI_EQUIPMENT.items() if key in absent]
    return check(
        "art_19_mototaxi_equipment",
        not absent,
        "Equipamentos do mototáxi completos.",
        lambda: f"Falta equipamento do mototáxi: {'; '.join(missing)}.",
        *_missing_cites(absent),
        facts={"equipamentos": sorted(v.equipment)},
    )


#: Art. 13, XXI and art. 19, §1º–§2º, named once: every mototaxi vehicle reads them.
INSURANCE = Requirement("art_19_insurance", ART_13_XXI, ART_19_P1, ART_19_P2)


def art_19_par1_par2_insurance(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 13, XXI e art. 19, §1º–§2º — apólice de seguro para condutor e passageiro, atualizada,
    com cópia entregue à Prefeitura; o valor é definido por ato do Chefe do Executivo."""
    policy, copy_filed = v.insurance_policy, v.insurance_copy_filed
    if policy is None or copy_filed is None:
        return reason(
            INSURANCE.rule,
            Verdict.PENDING,
            "Seguro de condutor e passageiro não informado.",
            *INSURANCE.citations,
        )
    if not (policy and copy_filed):
        return INSURANCE.check(
            False,
            "",
            "Falta apólice de seguro vigente para condutor e passageiro, com cópia entregue "
            "à Prefeitura.",
            facts=lambda: {"apolice": policy, "copia_entregue": copy_filed},
        )
    minimum = optional_param(ctx, "vehicle.insurance_min_coverage_cents")
    if minimum is None:  # not set yet: read once per context, not raised on every vehicle
        return INSURANCE.check(
            True,
            "Apólice vigente com cópia entregue; o valor mínimo ainda não foi definido por ato "
            "do Chefe do Executivo.",
            "",
            facts=_POLICY_AND_COPY,
        )
    if v.insurance_coverage_cents is None:
        return reason(
            INSURANCE.rule,
            Verdict.PENDING,
            "Valor da cobertura do seguro não informado.",
            *INSURANCE.citations,
            params=(minimum,),
        )
    return INSURANCE.check(
        v.insurance_coverage_cents >= minimum.value,
        "Apólice vigente, com cópia entregue e cobertura no valor mínimo.",
        "Cobertura do seguro abaixo do valor definido pelo Chefe do Executivo.",
        facts={"cobertura_centavos": v.insurance_coverage_cents},
        params=(minimum,),
    )


_POLICY_AND_COPY = {"apolice": True, "copia_entregue": True}  # copied into each reason


# --- Art. 24: motofrete --------------------------------------------------------------------------


def art_24_par1_par2_cargo_device(ctx: Context, v: VehicleFacts) -> Reason:
    """Art. 24, caput, §1º e §2º — equipamento de carga (baú, grelha, alforjes, bolsas ou caixas
    laterais) nas dimensões do CONTRAN e do fabricante, sem prejudicar os retrovisores."""
    c = v.cargo
    ok = (
        c is not None
        and c.device in CARGO_DEVICES
        and c.within_contran_limits
        and c.mirrors_unobstructed
    )
    return check(
        "art_24_cargo_device",
        ok,
        "Dispositivo de carga adequado, nos limites do CONTRAN, sem prejudicar os retrovisores.",
        "Falta dispositivo de carga adequado nos limites do CONTRAN e do fabricante, sem "
        "prejudicar os retrovisores.",
        ART_24,
        ART_24_P1,
        ART_24_P2,
        facts={"carga": c},
    )


RETROREFLECTIVE_STRIPS = Requirement("art_24_par4_retroreflective_strips", ART_24_P4)


def art_24_par4_retroreflective_strips(ctx: Context, v: VehicleFacts) -> Reason | None:
    """Art. 24, §4º — o sidecar e o semirreboque devem conter faixas retrorrefletivas."""
    c = v.cargo
    if c is None or not (c.sidecar or c.semi_trailer):
        return None
    return yes_no(
        RETROREFLECTIVE_STRIPS,
        c.retroreflective_strips,
        "Sidecar/semirreboque com faixas retrorrefletivas.",
        "Sidecar/semirreboque sem faixas retrorrefletivas.",
        fact="faixas_retrorrefletivas",
    )


def art_24_par5_not_sidecar_and_trailer(ctx: Context, v: VehicleFacts) -> Reason | None:
    """Art. 24, §5º — é vedado o uso simultâneo de sidecar e semirreboque."""
    c = v.cargo
    if c is None or not (c.sidecar or c.semi_trailer):
        return None
    return check(
        "art_24_par5_not_sidecar_and_trailer",
        not (c.sidecar and c.semi_trailer),
        "Usa sidecar ou semirreboque, não ambos.",
        "Uso simultâneo de sidecar e semirreboque é vedado.",
        ART_24_P5,
        facts={"sidecar": c.sidecar, "semirreboque": c.semi_trailer},
    )


VEHICLE_SCHEMA: dict[str, Any] = closed(
    {
        "service": SERVICE_FACT,
        "kind": {"type": "string", "minLength": 1},
        "engine_cc": {"type": "integer", "minimum": 0},
        "manufacture_year": {"type": "integer", "minimum": 1900, "maximum": 2200},
        "registration_uf": {"type": "string", "minLength": 2, "maxLength": 2},
        "registration_category": {"type": "string", "minLength": 1},
        "red_plate": {"type": "boolean"},
        "documents": closed(
            {
                "crlv_updated_in_ipatinga": {"type": "boolean"},
                "dpvat": {"type": "boolean"},
                "vistoria_report": {"type": "boolean"},
                "inspection_report_on": nullable(DATE),
            },
            required=["crlv_updated_in_ipatinga", "dpvat", "vistoria_report"],
        ),
        "in_holders_name": closed(
            {k: {"type": "boolean"} for k in ("crv", "crlv", "dpvat")},
            required=["crv", "crlv", "dpvat"],
        ),
        "equipment": list_of({"enum": [*COMMON_EQUIPMENT, *MOTOTAXI_EQUIPMENT]}, uniqueItems=True),
        "cargo": closed(
            {
                "device": {"enum": [*CARGO_DEVICES, None]},
                "within_contran_limits": {"type": "boolean"},
                "mirrors_unobstructed": {"type": "boolean"},
                "sidecar": {"type": "boolean"},
                "semi_trailer": {"type": "boolean"},
                "retroreflective_strips": {"type": "boolean"},
            }
        ),
        "insurance": closed(
            {
                "policy_in_force": {"type": "boolean"},
                "copy_filed": {"type": "boolean"},
                "coverage_cents": CENTS,
            }
        ),
        "authorized_services": list_of(SERVICE_FACT, uniqueItems=True),
        "other_vehicles_on_permit": {"type": "integer", "minimum": 0},
        "other_permits": list_of(
            closed(
                {
                    "service": {"type": "string", "minLength": 1},
                    "number": {"type": "string"},
                },
                required=["service", "number"],
            )
        ),
    },
    required=[
        "service",
        "kind",
        "engine_cc",
        "manufacture_year",
        "registration_uf",
        "registration_category",
        "red_plate",
        "documents",
        "in_holders_name",
        "equipment",
    ],
)


@question(
    "ipatinga.mototaxi-2013.vehicle_eligibility",
    law=LAW_ID,
    title="Este veículo pode ser cadastrado para mototáxi/motofrete?",
    schema=VEHICLE_SCHEMA,
)
def vehicle_eligibility(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3º, 5º §1º/§5º/§7º/§8º, 6º §2º, and the service's own equipment (art. 19 or 24)."""
    v = VehicleFacts.from_json(facts)
    reasons: list[Reason] = [
        art_3_kind(ctx, v),
        art_3_i_engine(ctx, v),
        art_3_ii_age(ctx, v.manufacture_year),
        art_3_sole_registration(ctx, v),
        art_5_par1_i_crlv(ctx, v),
        art_5_par1_ii_vistoria(ctx, v),
        art_5_par1_iii_semiannual_inspection(ctx, v),
        art_5_par1_iv_red_plate(ctx, v),
        art_5_par5_in_holders_name(ctx, v),
        art_5_par7_common_equipment(ctx, v),
        art_5_par8_single_activity(ctx, v),
        art_6_par2_one_vehicle_per_permit(ctx, v),
        art_6_par2_one_permit_per_vehicle(ctx, v),
    ]
    if v.service is MOTOTAXI:
        reasons += [art_19_mototaxi_equipment(ctx, v), art_19_par1_par2_insurance(ctx, v)]
    else:  # §4º and §5º apply only where a sidecar or a semi-trailer is used
        reasons.append(art_24_par1_par2_cargo_device(ctx, v))
        reasons += [
            r
            for r in (
                art_24_par4_retroreflective_strips(ctx, v),
                art_24_par5_not_sidecar_and_trailer(ctx, v),
            )
            if r is not None
        ]
    service, texts = _VEHICLE_OUTCOMES[v.service]
    return decide_eligible(
        "ipatinga.mototaxi-2013.vehicle_eligibility",
        ctx,
        reasons,
        {"service": service, "age_years": ctx.as_of.year - v.manufacture_year},
        texts,
    )


#: By service: its value and the summaries (eligible, not eligible, pending), written once.
_VEHICLE_OUTCOMES = {
    s: (
        s.value,
        (
            f"Veículo apto para {SERVICE_PT[s]}.",
            f"Veículo não apto para {SERVICE_PT[s]}.",
            f"Aptidão do veículo para {SERVICE_PT[s]} depende de verificação pendente.",
        ),
    )
    for s in Service
}


@question(
    "ipatinga.mototaxi-2013.vehicle_age",
    law=LAW_ID,
    title="O veículo está dentro da idade máxima para mototáxi/motofrete?",
    schema=closed(
        {
            "service": SERVICE_FACT,
            "manufacture_year": {"type": "integer", "minimum": 1900, "maximum": 2200},
        },
        required=["service", "manufacture_year"],
    ),
)
def vehicle_age(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 3º, II and D-6 alone: the age rule of :func:`vehicle_eligibility`, for a vehicle
    already serving a permit (the sweep, the simulation of an amendment). The law gives no grace
    period: from 1 January of the year the age passes the limit, the vehicle must be replaced."""
    service = Service(facts["service"])
    year = int(facts["manufacture_year"])
    r = art_3_ii_age(ctx, year)
    limit = int(r.parameters[0].value)
    within = r.verdict is Verdict.OK
    return decide(
        "ipatinga.mototaxi-2013.vehicle_age",
        ctx,
        {
            "service": service.value,
            "age_years": ctx.as_of.year - year,
            "limit_years": limit,
            "within_age": within,
            "over_age_from": dt.date(year + limit + 1, 1, 1),
        },
        [r],
        f"Veículo de {year} {'dentro' if within else 'acima'} da idade máxima de {limit} anos.",
    )
