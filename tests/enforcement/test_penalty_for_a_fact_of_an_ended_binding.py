"""A penalty for a fact dated while a service's law was bound, imposed after the binding ended
with none after it (D-15, ADR 0071): the law in force on the date of the fact judges the fact, the
authority it names competent — the taxi suspension of art. 42 V on a final auto of the last day in
force is imposed, on the screen and through the API; on an auto of the day after the end (no law
judged that fact) it is refused naming "serviço" and the day."""

from __future__ import annotations

import datetime as dt

from enforcement_factories import client_of, final_taxi_auto
from registry_factories import taxi_permit

from outorga.core.localtime import today_of
from outorga.core.models import LawBinding
from outorga.core.tenancy import tenant, unscoped
from outorga.enforcement.models import Penalty
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.registry.models import Permit

END = dt.date(2026, 4, 6)  # a Monday: the taxi binding's last day in force
AFTER = END + dt.timedelta(days=1)


def end_taxi_binding(m) -> None:  # type: ignore[no-untyped-def]
    with unscoped():
        LawBinding.objects.filter(municipality=m, service=Service.TAXI).update(valid_until=END)
    m.forget_bindings()


def test_d15_a_suspension_for_a_fact_of_the_last_day_in_force_is_imposed_after_the_end(
    world, user_of
):
    permit = taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=END)
    end_taxi_binding(world.m)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/fiscalizacao/permissoes/{permit.pk}/suspensao/"
    page = authority.get(url)
    assert page.status_code == 200 and auto.number in page.content.decode()
    # ADR 0067: a taxi suspension starts on the day it is decided at the earliest.
    today = today_of(world.m).isoformat()
    r = authority.post(url, {"auto": auto.pk, "days": "30", "start": today, "reason": "x"})
    assert r.status_code == 302, [
        line for line in r.content.decode().splitlines() if "message" in line or "erro" in line
    ]
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.SUSPENDED
        penalty = Penalty.objects.get(permit=permit, kind=Penalty.Kind.SUSPENSION)
    # Judged by the law of the fact's day, the authority it names competent (art. 42 V).
    assert penalty.decision["outcome"]["allowed"] is True
    assert "art. 42" in str(penalty.decision)


def test_d15_a_suspension_for_a_fact_of_the_day_after_the_end_is_refused_naming_the_day(
    world, user_of
):
    permit = taxi_permit(world.m)
    auto = final_taxi_auto(world, permit, on=AFTER)
    end_taxi_binding(world.m)
    authority = client_of(user_of("ipatinga", Role.AUTORIDADE))
    r = authority.post(
        f"/api/v1/enforcement/permits/{permit.pk}/taxi-suspension",
        {"auto_id": auto.pk, "days": 30, "start": today_of(world.m).isoformat(), "reason": "x"},
        content_type="application/json",
    )
    assert r.status_code == 422, r.content
    (error,) = r.json()["erros"]
    assert error["campo"] == "serviço"
    assert f"desde {AFTER:%d/%m/%Y}" in error["erro"] and f"{AFTER:%d/%m/%Y}" in error["erro"]
    with tenant(world.m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE
        assert not Penalty.objects.filter(permit=permit, kind=Penalty.Kind.SUSPENSION).exists()
