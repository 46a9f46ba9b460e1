"""What the administrator records changes what the law core decides, from its date on and never
before: a municipal holiday or ponto facultativo moves a deadline (D-4), a new fiscal unit value
changes the fine in reais (D-5), a decree value replaces the law's (D-15)."""

from __future__ import annotations

import datetime as dt
import json

from django.test import Client

from outorga.core.lawctx import context
from outorga.law.competence import Role

API = "/api/v1"


def _admin(user_of, slug="ipatinga"):
    c = Client()
    c.force_login(user_of(slug, Role.ADMIN))
    return c


def _post(c, path, body):
    return c.post(f"{API}{path}", data=json.dumps(body), content_type="application/json")


def _ask(c, qid, facts, on="2026-03-20"):
    r = _post(c, f"/law/{qid}", {"facts": facts, "on": on})
    assert r.status_code == 200, r.content
    return r.json()


DEFENCE = {"stage": "defesa", "notice": {"form": "pessoal", "signed_on": "2026-03-02"}}


def test_d_4_a_recorded_municipal_holiday_moves_the_defence_deadline(user_of):
    # Mototaxi art. 42: 10 days from the notice signed on Monday 02/03/2026 → Thursday 12/03.
    c = _admin(user_of)
    assert _ask(c, "mototaxi.appeal_deadline", DEFENCE)["outcome"]["deadline"] == "2026-03-12"
    r = _post(
        c,
        "/municipality/calendar",
        {
            "date": "2026-03-12",
            "kind": "holiday",
            "description": "feriado de teste",
            "legal_reference": "Lei Municipal 9.000/2026",
        },
    )
    assert r.status_code == 201
    decision = _ask(c, "mototaxi.appeal_deadline", DEFENCE)
    assert decision["outcome"]["deadline"] == "2026-03-13"  # the next business day
    assert any("feriado municipal: feriado de teste" in r["message"] for r in decision["reasons"])


def test_d_4_a_ponto_facultativo_after_the_holiday_moves_it_again(user_of):
    c = _admin(user_of)
    for day, kind, what in [
        ("2026-03-12", "holiday", "feriado de teste"),
        ("2026-03-13", "optional", "ponto facultativo de teste"),
    ]:
        body = {"date": day, "kind": kind, "description": what, "legal_reference": "Decreto 1"}
        assert _post(c, "/municipality/calendar", body).status_code == 201
    # 13/03 is a ponto facultativo, 14–15/03 a weekend: Monday 16/03.
    assert _ask(c, "mototaxi.appeal_deadline", DEFENCE)["outcome"]["deadline"] == "2026-03-16"


def test_d_4_the_holiday_of_another_municipality_moves_nothing_here(user_of):
    barra = _admin(user_of, "barra-do-garcas")
    body = {"date": "2026-03-12", "kind": "holiday", "description": "x", "legal_reference": "y"}
    assert _post(barra, "/municipality/calendar", body).status_code == 201
    decision = _ask(_admin(user_of), "mototaxi.appeal_deadline", DEFENCE)
    assert decision["outcome"]["deadline"] == "2026-03-12"


GRAVE = {"infractions": [{"code": "art40-I", "committed_on": "2025-11-10"}]}


def _fine(c, imposed_on):
    decision = _ask(c, "mototaxi.fine", {**GRAVE, "imposed_on": imposed_on}, on=imposed_on)
    return decision["outcome"]["total_cents"]


def test_d_5_a_new_ufpi_value_converts_fines_imposed_on_or_after_its_date_only(user_of):
    # Art. 40, §1: a grave infraction is 3 UFPI; the demo UFPI is R$ 5,00 (example value).
    c = _admin(user_of)
    assert _fine(c, "2026-01-01") == 1500
    r = _post(
        c,
        "/municipality/fiscal-units",
        {
            "name": "UFPI",
            "value": "6.2500",
            "valid_from": "2026-01-01",
            "legal_reference": "Decreto 9.001/2025",
        },
    )
    assert r.status_code == 201
    assert _fine(c, "2025-12-31") == 1500  # before: R$ 5,00 still
    assert _fine(c, "2026-01-01") == 1875  # on the date: 3 × R$ 6,25
    assert _fine(c, "2026-06-30") == 1875  # after


def test_d_15_a_decree_tariff_replaces_the_example_from_its_date_only(user_of, ipatinga_m):
    name = "mototaxi_2013.tariff.mototaxi.urbana"
    c = _admin(user_of)
    body = {"name": name, "value": 725, "effective": "2026-02-01", "legal_reference": "Decreto 1"}
    assert _post(c, "/municipality/parameters", body).status_code == 201
    before = context(ipatinga_m, dt.date(2026, 1, 31)).param(name)
    after = context(ipatinga_m, dt.date(2026, 2, 1)).param(name)
    assert (before.value, before.example, before.source) == (500, True, "law")
    assert (after.value, after.example, after.source) == (725, False, "municipality")
    assert "Decreto 1" in after.references


def test_d_15_a_payment_term_recorded_by_the_municipality_is_a_whole_number_of_days(user_of):
    c = _admin(user_of)
    body = {
        "name": "payment.fine_due_days",
        "value": 45,
        "effective": "2026-01-01",
        "legal_reference": "Decreto 2",
    }
    assert _post(c, "/municipality/parameters", body).status_code == 201
    r = _post(
        c, "/municipality/parameters", {**body, "value": "45 dias", "effective": "2026-02-01"}
    )
    assert r.status_code == 422 and r.json()["erros"][0]["campo"] == "value"
