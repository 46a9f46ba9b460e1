"""Inspection results: items, overall result, withdrawal, remarks deadline, company confirmation."""

from __future__ import annotations

import datetime as dt

import pytest
from inspection_facts import all_ok, moto_vehicle, taxi_vehicle  # type: ignore[import-not-found]

from outorga.law.questions import FactsInvalid, ask

ON = dt.date(2026, 3, 10)  # a Tuesday


def moto(ipatinga, items, **more):  # type: ignore[no-untyped-def]
    facts = {
        "checklist": "mototaxi",
        "kind": "semestral",
        "inspected_on": ON.isoformat(),
        "items": items,
        "vehicle": moto_vehicle(),
        **more,
    }
    return ask("inspections.mototaxi_result", ipatinga(ON), facts)


def taxi(ipatinga, vehicle, items=None, checklist="taxi_convencional", kind="vistoria"):  # type: ignore[no-untyped-def]
    facts = {
        "checklist": checklist,
        "kind": kind,
        "inspected_on": ON.isoformat(),
        "items": items or all_ok(checklist, ON),
        "vehicle": vehicle,
    }
    return ask("inspections.taxi_result", ipatinga(ON), facts)


def test_every_item_ok_approves_the_mototaxi(ipatinga):
    d = moto(ipatinga, all_ok("mototaxi", ON))
    assert d.outcome["result"] == "approved"
    assert not d.outcome["withdraw"] and d.outcome["fix_deadline"] is None


def test_art_19_vi_a_missing_mirror_fails_and_withdraws_the_vehicle(ipatinga):
    d = moto(ipatinga, all_ok("mototaxi", ON, retrovisores_ambos_lados="not_ok"))
    assert d.outcome["result"] == "failed" and d.outcome["withdraw"]
    item = next(i for i in d.outcome["items"] if i["code"] == "retrovisores_ambos_lados")
    assert item["result"] == "not_ok" and item["citations"][0].endswith("art. 19, VI")
    withdrawal = next(r for r in d.reasons if r.rule == "inspections.withdrawal")
    assert {(c.article, c.inciso) for c in withdrawal.citations} >= {
        ("13", "XVIII"),
        ("39", "VIII"),
    }


def test_art_19_v_missing_caps_approve_with_remarks_and_a_deadline(ipatinga):
    d = moto(ipatinga, all_ok("mototaxi", ON, toucas_descartaveis="not_ok"))
    assert d.outcome["result"] == "approved_with_remarks"
    # 30 days (example value) from 10/03/2026 = 09/04/2026, a Thursday (D-4).
    assert d.outcome["fix_deadline"] == dt.date(2026, 4, 9)
    assert not d.outcome["withdraw"]


def test_art_3_ii_the_rulebook_fails_an_old_motorcycle_whatever_the_inspector_marks(ipatinga):
    facts = {
        "checklist": "mototaxi",
        "kind": "semestral",
        "inspected_on": ON.isoformat(),
        "items": all_ok("mototaxi", ON),
        "vehicle": moto_vehicle(manufacture_year=2014),
    }
    d = ask("inspections.mototaxi_result", ipatinga(ON), facts)
    item = next(i for i in d.outcome["items"] if i["code"] == "idade_veiculo")
    assert item["result"] == "not_ok" and item["automatic_refusal"]
    assert d.outcome["result"] == "failed"


def test_every_item_must_be_answered(ipatinga):
    items = all_ok("mototaxi", ON)
    del items["conservacao"]
    with pytest.raises(FactsInvalid) as exc:
        moto(ipatinga, items)
    assert exc.value.errors[0]["field"] == "items.conservacao"


def test_art_27_the_taxi_checklist_refuses_a_non_silver_car_citing_art_27(ipatinga):
    d = taxi(ipatinga, taxi_vehicle(colour="branca"))
    assert d.outcome["result"] == "failed"
    item = next(i for i in d.outcome["items"] if i["code"] == "cor_prata")
    assert item["result"] == "not_ok" and item["automatic_refusal"]
    assert "prata" in item["message"]
    refusal = next(r for r in d.refusals if r.rule == "inspections.item.cor_prata")
    assert any(c.law == "ipatinga.taxi-2017" and c.article == "27" for c in refusal.citations)
    withdrawal = next(r for r in d.reasons if r.rule == "inspections.withdrawal")
    assert withdrawal.citations[0].article == "31"


def test_art_27_a_silver_five_door_car_passes(ipatinga):
    assert taxi(ipatinga, taxi_vehicle()).outcome["result"] == "approved"


def test_art_27_three_doors_fail(ipatinga):
    d = taxi(ipatinga, taxi_vehicle(doors=3))
    assert next(i for i in d.outcome["items"] if i["code"] == "cinco_portas")["result"] == "not_ok"


def test_art_8_an_especial_taxi_without_lift_platform_fails(ipatinga):
    items = all_ok("taxi_especial", ON, plataforma_elevatoria="not_ok")
    d = taxi(
        ipatinga,
        taxi_vehicle(category="especial", detran_mg_approved=True),
        items,
        checklist="taxi_especial",
    )
    assert d.outcome["result"] == "failed"
    refusal = next(r for r in d.refusals if r.rule == "inspections.item.plataforma_elevatoria")
    assert refusal.citations[0].article == "8"


def test_art_2_xi_a_company_result_needs_the_municipality_confirmation(ipatinga):
    d = moto(ipatinga, all_ok("mototaxi", ON), by_company=True, company_accredited=True)
    assert d.outcome["needs_confirmation"] and d.outcome["company_allowed"]
    r = next(r for r in d.reasons if r.rule == "inspections.company_result")
    assert {c.inciso for c in r.citations} >= {"XI", "XII"}


def test_art_2_xi_a_company_without_inmetro_accreditation_is_refused(ipatinga):
    d = moto(ipatinga, all_ok("mototaxi", ON), by_company=True, company_accredited=False)
    assert not d.outcome["company_allowed"]


def apps(barra, **answers):  # type: ignore[no-untyped-def]
    on = dt.date(2026, 1, 6)
    return ask(
        "inspections.apps_result",
        barra(on),
        {
            "checklist": "apps_vehicle",
            "kind": "extraordinaria",
            "inspected_on": on.isoformat(),
            "items": all_ok("apps_vehicle", on, **answers),
            "vehicle": {},
        },
    )


def test_apps_art_25_an_external_light_sign_is_a_remark_citing_art_25(barra):
    d = apps(barra, sem_luminoso_externo="not_ok")
    assert d.outcome["result"] == "approved_with_remarks"
    refusal = next(r for r in d.refusals if r.rule == "inspections.item.sem_luminoso_externo")
    assert refusal.citations[0].article == "25"


def test_apps_art_23_iii_unsafe_vehicle_fails_without_withdrawal(barra):
    d = apps(barra, seguranca="not_ok")
    assert d.outcome["result"] == "failed" and not d.outcome["withdraw"]
    assert any(r.rule == "inspections.no_withdrawal" for r in d.reasons)


def test_apps_art_23_companies_may_not_inspect(barra):
    on = dt.date(2026, 1, 6)
    d = ask(
        "inspections.apps_result",
        barra(on),
        {
            "checklist": "apps_vehicle",
            "kind": "extraordinaria",
            "inspected_on": on.isoformat(),
            "items": all_ok("apps_vehicle", on),
            "by_company": True,
            "company_accredited": True,
        },
    )
    assert not d.outcome["company_allowed"]


def test_a_checklist_of_another_law_is_refused(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(
            "inspections.taxi_result",
            ipatinga(ON),
            {
                "checklist": "mototaxi",
                "kind": "vistoria",
                "inspected_on": ON.isoformat(),
                "items": all_ok("mototaxi", ON),
            },
        )
