"""The stand (taxi art. 33) and extinction-case (art. 15) routes answer with the record as stored:
each field of the answer read from the row the step wrote, by its API name."""

from __future__ import annotations

import datetime as dt

from auth_factories import client_as
from registry_factories import TAXI_ON as ON
from registry_factories import grant, taxi_holder

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import ExtinctionCase, Stand

API = "/api/v1"


def test_art_33_a_taxi_stand_is_answered_with_its_category_capacity_and_act(ipatinga_m, user_of):
    mayor = client_as(user_of, Role.CHEFE_EXECUTIVO)
    body = {
        "service": "taxi",
        "name": "Ponto da Rodoviária",
        "place": "Av. Pedro Linhares Gomes, em frente à rodoviária",
        "capacity": 8,
        "taxi_category": "convencional",
        "act_reference": "Decreto 10/2026",
        "on": ON.isoformat(),
    }
    r = mayor.post(f"{API}/stands", body, content_type="application/json")
    assert r.status_code == 201, r.content
    created = r.json()
    with tenant(ipatinga_m):
        stand = Stand.objects.get(pk=created["id"])
    assert created == {
        "id": stand.pk,
        "service": "taxi",
        "name": "Ponto da Rodoviária",
        "place": "Av. Pedro Linhares Gomes, em frente à rodoviária",
        "category": "convencional",
        "capacity": 8,
        "act_reference": "Decreto 10/2026",
    }
    r = mayor.put(
        f"{API}/stands/{stand.pk}",
        {**body, "capacity": 10, "act_reference": "Decreto 11/2026"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    assert (r.json()["capacity"], r.json()["act_reference"]) == (10, "Decreto 11/2026")
    listed = mayor.get(f"{API}/stands?service=taxi").json()
    assert [(s["category"], s["capacity"]) for s in listed["items"] if s["id"] == stand.pk] == [
        ("convencional", 10)
    ]


def test_art_15_an_extinction_case_is_answered_with_its_permit_deadline_and_status(
    ipatinga_m, user_of
):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    opened = dt.date(2026, 5, 4)
    boss = client_as(user_of, Role.AUTORIDADE)
    r = boss.post(
        f"{API}/taxi/permits/{permit.pk}/extinction-cases",
        {
            "cause": "abandono",
            "facts": "veículo sem operar desde 01/03/2026",
            "on": opened.isoformat(),
            "notified_on": opened.isoformat(),
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    answer = r.json()
    with tenant(m):
        case = ExtinctionCase.objects.get(pk=answer["id"])
    assert answer["permit"] == permit.pk
    assert answer["number"] == case.number
    assert (answer["cause"], answer["inciso"]) == ("abandono", "V")
    assert answer["opened_on"] == answer["notified_on"] == "2026-05-04"
    assert answer["defence_deadline"] == case.defence_deadline.isoformat()
    assert answer["defence_filed_on"] is None and answer["decided_on"] is None
    assert (answer["status"], answer["status_label"]) == (
        case.status,
        case.get_status_display(),
    )
    assert answer["status_label"] and answer["status_label"] != answer["status"]
    assert answer["decision"] == case.decision
    r = boss.get(f"{API}/taxi/extinction-cases/{case.pk}")
    assert r.status_code == 200 and r.json() == answer
