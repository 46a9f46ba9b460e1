"""The vehicle-change routes (taxi art. 30 reserve, art. 32 permuta, art. 29 substitution and the
end of a temporary vehicle) answer with the change as stored: each field of the answer read from
the row the step wrote, under the API's names (``from``)."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from registry_factories import CHECKS, grant, taxi_holder, taxi_vehicle
from registry_factories import TAXI_ON as ON

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import VehicleChange

API = "/api/v1/taxi"


def stored(m, change_id):
    with tenant(m):
        c = VehicleChange.objects.select_related("from_vehicle", "to_vehicle").get(pk=change_id)
        return {
            "id": c.pk,
            "permit": c.permit_id,
            "kind": c.kind,
            "from": c.from_vehicle.plate if c.from_vehicle else None,
            "to": c.to_vehicle.plate,
            "started_on": c.started_on.isoformat(),
            "until": c.until.isoformat() if c.until else None,
            "status": c.status,
        }


def test_each_vehicle_change_is_answered_with_the_stored_change(ipatinga_m, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    spare = taxi_vehicle(m, holder)
    permit = grant(m, holder, vehicle)
    until = ON + dt.timedelta(days=29)
    body = {"vehicle_id": spare.pk, "on": ON.isoformat(), "until": until.isoformat()}
    r = c.post(
        f"{API}/permits/{permit.pk}/reserve-vehicle",
        {**body, "cause": "roubo"},
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    reserve = r.json()
    assert reserve == stored(m, reserve["id"])
    assert [reserve[k] for k in ("permit", "from", "to", "started_on", "until")] == [
        permit.pk,
        vehicle.plate,
        spare.plate,
        ON.isoformat(),
        until.isoformat(),
    ]

    end = {"on": (ON + dt.timedelta(days=20)).isoformat()}
    r = c.post(f"{API}/vehicle-changes/{reserve['id']}/end", end, "application/json")
    assert r.status_code == 200, r.content
    assert r.json() == stored(m, reserve["id"]) and r.json()["status"] != reserve["status"]

    new_car = taxi_vehicle(m, holder)
    on = ON + dt.timedelta(days=21)
    body = {"vehicle_id": new_car.pk, "on": on.isoformat(), "checks": CHECKS}
    r = c.post(f"{API}/permits/{permit.pk}/substitute", body, content_type="application/json")
    assert r.status_code == 201, r.content
    substituted = r.json()
    assert substituted == stored(m, substituted["id"])
    assert [substituted[k] for k in ("from", "to", "until")] == [vehicle.plate, new_car.plate, None]

    holder2, car2 = taxi_holder(m, ON)
    other = grant(m, holder2, car2)
    body = {
        "other_permit_id": other.pk,
        "on": (ON + dt.timedelta(days=22)).isoformat(),
        "checks": CHECKS,
        "other_checks": CHECKS,
    }
    r = c.post(f"{API}/permits/{permit.pk}/swap", body, content_type="application/json")
    assert r.status_code == 201, r.content
    changes = r.json()["changes"]
    assert changes == [stored(m, changes[0]["id"]), stored(m, changes[1]["id"])]
    assert {(x["from"], x["to"]) for x in changes} == {
        (new_car.plate, car2.plate),
        (car2.plate, new_car.plate),
    }
