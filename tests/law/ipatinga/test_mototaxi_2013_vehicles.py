"""Art. 3, 5 §1 and §5–§8, 6 §2, 13 XXI, 19, 24 — vehicles for mototáxi and motofrete."""

import dataclasses
import datetime as dt
from typing import Any

import pytest
from law_factories import with_dated_values

from outorga.demo import IPATINGA
from outorga.law.citations import Citation, cite, decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.parameters import DatedValue
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
Q = "mototaxi.vehicle_eligibility"
AS_OF = dt.date(2024, 6, 10)
MOTOTAXI_EQUIPMENT = [
    "antena_corta_pipas",
    "protetor_motor_pernas",
    "alcas_metalicas",
    "escapamento_isolado",
    "apoio_pes_passageiro",
    "coletes_retrorrefletivos",
    "toucas_descartaveis",
    "retrovisores_ambos_lados",
]


def mototaxi(**over: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "service": "mototaxi",
        "kind": "motocicleta",
        "engine_cc": 150,
        "manufacture_year": 2020,
        "registration_uf": "MG",
        "registration_category": "aluguel",
        "red_plate": True,
        "documents": {
            "crlv_updated_in_ipatinga": True,
            "dpvat": True,
            "vistoria_report": True,
            "inspection_report_on": "2024-03-01",
        },
        "in_holders_name": {"crv": True, "crlv": True, "dpvat": True},
        "equipment": list(MOTOTAXI_EQUIPMENT),
        "insurance": {"policy_in_force": True, "copy_filed": True},
    }
    facts.update(over)
    return facts


def motofrete(**over: Any) -> dict[str, Any]:
    facts = mototaxi(
        service="motofrete",
        equipment=["antena_corta_pipas", "protetor_motor_pernas"],
        cargo={"device": "bau", "within_contran_limits": True, "mirrors_unobstructed": True},
    )
    del facts["insurance"]
    facts.update(over)
    return facts


def refused(d: Decision) -> set[Citation]:
    return {c for r in d.refusals for c in r.citations}


def test_a_compliant_mototaxi_is_eligible(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi())
    assert d.outcome["eligible"] is True, [r.message for r in d.refusals]


def test_a_compliant_motofrete_is_eligible(ipatinga):
    d = ask(Q, ipatinga(AS_OF), motofrete())
    assert d.outcome["eligible"] is True, [r.message for r in d.refusals]


def test_art_3_a_motoneta_is_accepted_and_a_car_is_refused(ipatinga):
    assert ask(Q, ipatinga(AS_OF), mototaxi(kind="motoneta")).outcome["eligible"] is True
    d = ask(Q, ipatinga(AS_OF), mototaxi(kind="automovel"))
    assert cite(LAW, 1, 1) in refused(d)


@pytest.mark.parametrize("cc", [125, 250])
def test_art_3_i_engine_at_125_and_250_cc_is_accepted(ipatinga, cc):
    assert ask(Q, ipatinga(AS_OF), mototaxi(engine_cc=cc)).outcome["eligible"] is True


def test_art_3_i_a_engine_of_124_cc_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(engine_cc=124))
    assert refused(d) == {cite(LAW, 3, inc="I", ali="a")}


def test_art_3_i_b_engine_of_251_cc_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(engine_cc=251))
    assert refused(d) == {cite(LAW, 3, inc="I", ali="b")}


def test_art_3_ii_ten_years_by_reference_year_is_accepted(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(manufacture_year=2014))
    assert d.outcome["eligible"] is True
    assert d.outcome["age_years"] == 10
    assert decision(6) in d.citations


def test_art_3_ii_eleven_years_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(manufacture_year=2013))
    assert refused(d) == {cite(LAW, 3, inc="II"), decision(6)}


def test_art_3_ii_age_counts_by_year_not_by_day_d6(ipatinga):
    # Made in 2014: 10 years on 31/12/2024 and 11 years on 01/01/2025 (D-6).
    assert ask(Q, ipatinga(dt.date(2024, 12, 31)), mototaxi(manufacture_year=2014, documents={
        "crlv_updated_in_ipatinga": True, "dpvat": True, "vistoria_report": True,
        "inspection_report_on": "2024-12-01"})).outcome["eligible"] is True  # fmt: skip
    d = ask(Q, ipatinga(dt.date(2025, 1, 1)), mototaxi(manufacture_year=2014, documents={
        "crlv_updated_in_ipatinga": True, "dpvat": True, "vistoria_report": True,
        "inspection_report_on": "2024-12-01"}))  # fmt: skip
    assert refused(d) == {cite(LAW, 3, inc="II"), decision(6)}


@pytest.mark.parametrize(("uf", "category"), [("SP", "aluguel"), ("MG", "particular")])
def test_art_3_sole_registered_outside_mg_or_not_aluguel_is_refused(ipatinga, uf, category):
    d = ask(Q, ipatinga(AS_OF), mototaxi(registration_uf=uf, registration_category=category))
    assert refused(d) == {cite(LAW, 3, "único")}


def test_art_5_par1_i_without_updated_crlv_is_refused(ipatinga):
    docs = mototaxi()["documents"] | {"crlv_updated_in_ipatinga": False}
    assert refused(ask(Q, ipatinga(AS_OF), mototaxi(documents=docs))) == {cite(LAW, 5, 1, "I")}


def test_art_5_par1_ii_without_vistoria_report_is_refused(ipatinga):
    docs = mototaxi()["documents"] | {"vistoria_report": False}
    assert refused(ask(Q, ipatinga(AS_OF), mototaxi(documents=docs))) == {cite(LAW, 5, 1, "II")}


def test_art_5_par1_iii_inspection_six_months_old_is_still_valid(ipatinga):
    docs = mototaxi()["documents"] | {"inspection_report_on": "2023-12-10"}
    assert ask(Q, ipatinga(AS_OF), mototaxi(documents=docs)).outcome["eligible"] is True


def test_art_5_par1_iii_the_missing_inspection_says_the_period_in_force_on_the_day():
    """Art. 5º, §1º, III: the "semestral" inspection — the refusal of a missing report, and the
    document's validity, say the period of the parameter of the day, never "semestral" written
    while another is in force: a dated value (a test value, not the law's) changes them on the
    day it takes effect and not the day before."""
    four = {
        "mototaxi_2013.documents.inspection_validity_months": (dt.date(2024, 7, 1), 4)
    }  # a test value
    docs = {k: v for k, v in mototaxi()["documents"].items() if k != "inspection_report_on"}

    def missing(values: dict[str, Any], on: dt.date) -> str:
        d = ask(Q, with_dated_values(IPATINGA, on, values), mototaxi(documents=docs))
        return " ".join(
            r.message for r in d.refusals if r.rule == "art_5_par1_iii_semiannual_inspection"
        )

    def validity(values: dict[str, Any], issued_on: dt.date) -> str:
        facts = {"document": "laudo_inspecao", "issued_on": issued_on.isoformat()}
        ctx = with_dated_values(IPATINGA, issued_on, values)
        return ask("ipatinga.mototaxi-2013.document_validity", ctx, facts).reasons[0].message

    assert missing({}, AS_OF) == "Falta o laudo de inspeção semestral."
    assert missing(four, dt.date(2024, 6, 30)) == "Falta o laudo de inspeção semestral."
    assert missing(four, dt.date(2024, 7, 1)) == "Falta o laudo de inspeção a cada 4 meses."
    assert validity(four, dt.date(2024, 6, 30)).startswith(
        "Laudo de inspeção semestral do veículo emitido em 30/06/2024, válido por 6 mês(es)"
    )
    assert validity(four, dt.date(2024, 7, 1)).startswith(
        "Laudo de inspeção do veículo (a cada 4 meses) emitido em 01/07/2024, válido por 4 mês(es)"
    )


def test_art_5_par1_iii_inspection_older_than_six_months_is_refused(ipatinga):
    docs = mototaxi()["documents"] | {"inspection_report_on": "2023-12-09"}
    d = ask(Q, ipatinga(AS_OF), mototaxi(documents=docs))
    assert refused(d) == {cite(LAW, 5, 1, "III")}


@pytest.mark.parametrize("explain", [True, False])
def test_art_5_par1_iii_civil_code_art_132_par3_a_31_august_report_is_valid_on_1_march(
    ipatinga, explain
):
    """Six months from 31/08 run out on 01/03 — there is no 31/02 (Civil Code art. 132 §3º, "ou no
    imediato"; ADR 0074) — explained or answered verdict-only."""
    docs = mototaxi()["documents"] | {"inspection_report_on": "2024-08-31"}
    facts = mototaxi(documents=docs)
    d = ask(Q, ipatinga(dt.date(2025, 3, 1)), facts, explain=explain)
    assert d.outcome["eligible"] is True
    d = ask(Q, ipatinga(dt.date(2025, 3, 2)), facts, explain=explain)
    assert d.outcome["eligible"] is False
    if explain:
        assert refused(d) == {cite(LAW, 5, 1, "III")}
        (why,) = [r for r in d.refusals if r.rule.endswith("art_5_par1_iii_semiannual_inspection")]
        assert "vencido em 01/03/2025" in why.message


def test_art_24_motofrete_semiannual_inspection_also_cites_art_24(ipatinga):
    docs = motofrete()["documents"] | {"inspection_report_on": None}
    d = ask(Q, ipatinga(AS_OF), motofrete(documents=docs))
    assert refused(d) == {cite(LAW, 5, 1, "III"), cite(LAW, 24)}


def test_art_5_par1_iv_without_red_plate_is_refused(ipatinga):
    assert refused(ask(Q, ipatinga(AS_OF), mototaxi(red_plate=False))) == {cite(LAW, 5, 1, "IV")}


def test_art_5_par5_dpvat_in_someone_elses_name_is_refused(ipatinga):
    names = {"crv": True, "crlv": True, "dpvat": False}
    d = ask(Q, ipatinga(AS_OF), mototaxi(in_holders_name=names))
    assert refused(d) == {cite(LAW, 5, 5)}
    assert "DPVAT" in d.refusals[0].message


def test_art_5_par7_without_corta_pipas_antenna_is_refused(ipatinga):
    eq = [e for e in MOTOTAXI_EQUIPMENT if e != "antena_corta_pipas"]
    assert refused(ask(Q, ipatinga(AS_OF), mototaxi(equipment=eq))) == {cite(LAW, 5, 7)}


def test_art_5_par8_one_vehicle_for_both_cargo_and_passengers_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(authorized_services=["mototaxi", "motofrete"]))
    assert refused(d) == {cite(LAW, 5, 8)}


def test_art_6_par2_a_second_vehicle_on_the_permit_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(other_vehicles_on_permit=1))
    assert refused(d) == {cite(LAW, 6, 2)}


VEHICLES = "art_6_par2_one_vehicle_per_permit"


def test_art_6_par2_the_ok_says_the_vehicles_against_the_limit_in_force_on_the_day():
    """Art. 6º, §2º admits the vehicles of the parameter of the day: the OK says "único" only when
    the vehicle is the permit's only one, never while others are registered under a limit that
    admits them — a dated value (a test value, not the law's) changes it on the day it takes
    effect and not the day before."""

    two = {"mototaxi_2013.vehicle.vehicles_per_permit": (dt.date(2024, 7, 1), 2)}  # a test value

    def said(values: dict[str, Any], on: dt.date, others: int) -> str:
        d = ask(
            Q, with_dated_values(IPATINGA, on, values), mototaxi(other_vehicles_on_permit=others)
        )
        return " ".join(f"{r.verdict.value}: {r.message}" for r in d.reasons if r.rule == VEHICLES)

    assert said({}, AS_OF, 0) == "ok: Único veículo cadastrado na permissão (limite 1)."
    assert said(two, dt.date(2024, 6, 30), 1).startswith("refused: ")  # the day before
    assert said(two, dt.date(2024, 7, 1), 1) == (
        "ok: Com este, 2 veículos cadastrados na permissão (limite 2)."
    )


@pytest.mark.parametrize(
    ("item", "inciso"),
    [
        ("alcas_metalicas", "I"),
        ("escapamento_isolado", "II"),
        ("apoio_pes_passageiro", "III"),
        ("coletes_retrorrefletivos", "IV"),
        ("toucas_descartaveis", "V"),
        ("retrovisores_ambos_lados", "VI"),
    ],
)
def test_art_19_mototaxi_missing_equipment_is_refused(ipatinga, item, inciso):
    eq = [e for e in MOTOTAXI_EQUIPMENT if e != item]
    assert refused(ask(Q, ipatinga(AS_OF), mototaxi(equipment=eq))) == {cite(LAW, 19, inc=inciso)}


def test_art_19_every_set_of_missing_items_is_refused_verdict_only_as_in_full(ipatinga):
    """The verdict-only answer (made once per set of missing items) refuses with the inciso of
    each item missing, as the full answer does, for each of the 64 sets of art. 19's items."""
    items = MOTOTAXI_EQUIPMENT[2:]
    for mask in range(2 ** len(items)):
        missing = {item for i, item in enumerate(items) if mask >> i & 1}
        facts = mototaxi(equipment=[e for e in MOTOTAXI_EQUIPMENT if e not in missing])
        quick = ask(Q, ipatinga(AS_OF), facts, explain=False)
        full = ask(Q, ipatinga(AS_OF), facts)
        assert quick.outcome == full.outcome and quick.refused_rules() == full.refused_rules()
        assert quick.eligibility == ("refused" if missing else "ok")
        assert refused(full) == {cite(LAW, 19, inc=INCISO[item]) for item in missing}
        assert quick == full


INCISO = dict(zip(MOTOTAXI_EQUIPMENT[2:], ["I", "II", "III", "IV", "V", "VI"], strict=True))


def test_art_19_equipment_is_not_required_of_a_motofrete(ipatinga):
    d = ask(Q, ipatinga(AS_OF), motofrete())
    assert not any(c.article == "19" for c in d.citations)


def test_art_19_par1_mototaxi_without_insurance_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(insurance={"policy_in_force": False, "copy_filed": True}))
    assert refused(d) == {cite(LAW, 13, inc="XXI"), cite(LAW, 19, 1), cite(LAW, 19, 2)}


def test_art_19_par2_mototaxi_insurance_copy_not_filed_is_refused(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi(insurance={"policy_in_force": True, "copy_filed": False}))
    assert cite(LAW, 19, 2) in refused(d)


def test_art_13_xxi_insurance_amount_left_to_the_executive_is_not_invented(ipatinga):
    d = ask(Q, ipatinga(AS_OF), mototaxi())
    r = next(r for r in d.reasons if r.rule == "art_19_insurance")
    assert r.verdict is Verdict.OK
    assert "ainda não foi definido" in r.message


@pytest.mark.parametrize("explain", [True, False])
def test_art_13_xxi_a_minimum_cover_once_decreed_is_applied(ipatinga, explain):
    """Art. 13, XXI: once the Chief Executive sets the minimum (a dated value the municipality
    records), a policy below it is refused and one at it accepted — the answer read once per
    context is not the one of a town without the decree."""
    decree = DatedValue(dt.date(2024, 1, 1), 10_000_00, source="municipality")
    town = dataclasses.replace(IPATINGA, overrides={MINIMUM_COVER: (decree,)})
    ctx = Context(town, AS_OF)
    below = mototaxi(insurance={"policy_in_force": True, "copy_filed": True, "coverage_cents": 9})
    at = mototaxi(
        insurance={"policy_in_force": True, "copy_filed": True, "coverage_cents": 10_000_00}
    )
    assert ask(Q, ctx, below, explain=explain).refused_rules() == [
        ("art_19_insurance", (cite(LAW, 13, inc="XXI"), cite(LAW, 19, 1), cite(LAW, 19, 2)))
    ]
    assert ask(Q, ctx, at, explain=explain).eligibility == "ok"
    assert ask(Q, ipatinga(AS_OF), below, explain=explain).eligibility == "ok"  # no decree


MINIMUM_COVER = "mototaxi_2013.vehicle.insurance_min_coverage_cents"


def test_art_13_xxi_unreported_insurance_is_pending(ipatinga):
    facts = mototaxi()
    del facts["insurance"]
    assert ask(Q, ipatinga(AS_OF), facts).outcome["eligible"] is None


def test_art_24_motofrete_without_cargo_device_is_refused(ipatinga):
    facts = motofrete()
    del facts["cargo"]
    assert cite(LAW, 24, 1) in refused(ask(Q, ipatinga(AS_OF), facts))


def test_art_24_par1_cargo_device_over_contran_limits_is_refused(ipatinga):
    cargo = {"device": "bau", "within_contran_limits": False, "mirrors_unobstructed": True}
    assert cite(LAW, 24, 1) in refused(ask(Q, ipatinga(AS_OF), motofrete(cargo=cargo)))


def test_art_24_par4_sidecar_with_retroreflective_strips_is_accepted(ipatinga):
    cargo = {
        "device": "bau",
        "within_contran_limits": True,
        "mirrors_unobstructed": True,
        "sidecar": True,
        "retroreflective_strips": True,
    }
    d = ask(Q, ipatinga(AS_OF), motofrete(cargo=cargo))
    assert d.outcome["eligible"] is True
    assert cite(LAW, 24, 4) in d.citations


def test_art_24_par4_semi_trailer_without_strips_is_refused(ipatinga):
    cargo = {
        "device": "grelha",
        "within_contran_limits": True,
        "mirrors_unobstructed": True,
        "semi_trailer": True,
    }
    assert refused(ask(Q, ipatinga(AS_OF), motofrete(cargo=cargo))) == {cite(LAW, 24, 4)}


def test_art_24_par5_sidecar_and_semi_trailer_together_are_refused(ipatinga):
    cargo = {
        "device": "bau",
        "within_contran_limits": True,
        "mirrors_unobstructed": True,
        "sidecar": True,
        "semi_trailer": True,
        "retroreflective_strips": True,
    }
    assert refused(ask(Q, ipatinga(AS_OF), motofrete(cargo=cargo))) == {cite(LAW, 24, 5)}


def test_unknown_equipment_names_are_rejected_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(Q, ipatinga(AS_OF), mototaxi(equipment=["turbo"]))
