"""A plate already registered is never moved to another person nor overwritten (issue "back
office", registry integrity): registering it for someone else is refused — on the screen, by the API
(409 with the existing vehicle's id) and in a registry import — and the vehicle, its permit and its
data stay as they were, with no act recorded."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import make_permit, person
from validate_docbr import RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Vehicle
from outorga.registry.services.common import AlreadyRegistered
from outorga.registry.services.vehicles import vehicle_register

pytestmark = pytest.mark.django_db


@pytest.fixture
def bound(ipatinga_m, user_of):  # type: ignore[no-untyped-def]
    """A motorcycle bound to its holder's active mototaxi permit, and another person."""
    clerk = Actor.of(user_of("ipatinga", Role.ATENDENTE))
    permit = make_permit(ipatinga_m, clerk=clerk, n=1, plate="QWE1A23")
    with tenant(ipatinga_m):
        other = person(ipatinga_m, name="Outra Pessoa")
        vehicle = permit.vehicle
        return (
            permit,
            vehicle,
            other,
            {f: getattr(vehicle, f) for f in ("owner_id", "renavam", "make_model", "engine_cc")},
        )


def body(owner_id: int) -> dict[str, object]:
    return {
        "owner_id": owner_id,
        "service": "mototaxi",
        "plate": "QWE-1A23",
        "renavam": RENAVAM().generate(),
        "kind": "motocicleta",
        "make_model": "Outra Moto 150",
        "manufacture_year": 2024,
        "engine_cc": 150,
        "colour": "preta",
        "rental_category": True,
        "registration_uf": "MG",
        "registration_city": "Ipatinga",
    }


def unchanged(m, permit: Permit, vehicle: Vehicle, before: dict[str, object]) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        vehicle.refresh_from_db()
        permit.refresh_from_db()
        assert {f: getattr(vehicle, f) for f in before} == before
        assert permit.vehicle_id == vehicle.pk and permit.status == Permit.Status.ACTIVE


def vehicle_acts(m) -> int:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.filter(action__in=["vehicle.update", "vehicle.create"]).count()


def test_the_service_refuses_a_plate_of_another_person_and_names_the_existing_vehicle(
    ipatinga_m, user_of, bound
):
    permit, vehicle, other, before = bound
    with tenant(ipatinga_m):
        acts = Act.objects.count()
    with pytest.raises(AlreadyRegistered) as exc:
        vehicle_register(
            actor=Actor.of(user_of("ipatinga", Role.ATENDENTE)),
            municipality=ipatinga_m,
            law=permit.law,
            owner=other,
            data={k: v for k, v in body(other.pk).items() if k not in ("owner_id", "service")},
        )
    assert exc.value.existing_id == vehicle.pk and exc.value.field == "placa"
    unchanged(ipatinga_m, permit, vehicle, before)
    with tenant(ipatinga_m):
        assert Act.objects.count() == acts


def test_the_api_answers_409_with_the_existing_vehicle_and_changes_nothing(
    ipatinga_m, user_of, bound
):
    permit, vehicle, other, before = bound
    acts = vehicle_acts(ipatinga_m)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    r = c.post("/api/v1/registry/vehicles", body(other.pk), content_type="application/json")
    assert r.status_code == 409, r.content
    answer = r.json()
    assert answer["codigo"] == "ja_cadastrado" and answer["id"] == vehicle.pk
    assert answer["erros"][0]["campo"] == "placa"
    unchanged(ipatinga_m, permit, vehicle, before)
    assert vehicle_acts(ipatinga_m) == acts


def test_the_screen_refuses_it_under_the_plate_and_links_the_existing_vehicle(
    ipatinga_m, user_of, bound
):
    permit, vehicle, other, before = bound
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    acts = vehicle_acts(ipatinga_m)
    form = {k: v for k, v in body(other.pk).items() if k != "owner_id"}
    r = c.post(f"/cadastro/pessoas/{other.pk}/veiculos/novo/", form)
    assert r.status_code == 200  # the form again, not "Veículo cadastrado."
    assert "já está cadastrada em nome de outra pessoa" in r.context["form"].errors["plate"][0]
    assert f"/cadastro/veiculos/{vehicle.pk}/" in r.content.decode()
    unchanged(ipatinga_m, permit, vehicle, before)
    assert vehicle_acts(ipatinga_m) == acts


def test_the_owner_corrects_the_vehicle_by_an_edit_and_the_act_keeps_before_and_after(
    ipatinga_m, user_of, bound
):
    from outorga.registry.services.vehicles import vehicle_update

    permit, vehicle, _, before = bound
    data = {k: v for k, v in body(vehicle.owner_id).items() if k not in ("owner_id", "service")}
    data["colour"] = "azul"
    vehicle_update(
        actor=Actor.of(user_of("ipatinga", Role.ATENDENTE)),
        municipality=ipatinga_m,
        law=permit.law,
        vehicle=vehicle,
        data=data,
        reason="cor conferida no CRLV",
    )
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
        assert vehicle.colour == "azul" and vehicle.owner_id == before["owner_id"]
        act = Act.objects.filter(action="vehicle.update", object_id=str(vehicle.pk)).get()
        assert act.record["payload"]["old"]["colour"] != "azul"
        assert act.record["payload"]["reason"] == "cor conferida no CRLV"


def test_a_change_of_owner_is_its_own_act_refused_while_the_vehicle_serves_a_live_permit(
    ipatinga_m, user_of, bound
):
    from outorga.core.errors import Conflict
    from outorga.registry.services.vehicles import vehicle_owner_change

    permit, vehicle, other, before = bound
    clerk = Actor.of(user_of("ipatinga", Role.ATENDENTE))
    with pytest.raises(Conflict, match=permit.number):
        vehicle_owner_change(
            actor=clerk,
            municipality=ipatinga_m,
            law=permit.law,
            vehicle=vehicle,
            new_owner=other,
            on=dt.date(2026, 12, 1),
            reason="venda",
        )
    unchanged(ipatinga_m, permit, vehicle, before)
    # Once the permit no longer holds it (here: cassada), the sale is recorded with its reason.
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(status=Permit.Status.CASSADA)
    vehicle_owner_change(
        actor=clerk,
        municipality=ipatinga_m,
        law=permit.law,
        vehicle=vehicle,
        new_owner=other,
        on=dt.date(2026, 12, 1),
        reason="venda",
    )
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
        assert vehicle.owner_id == other.pk
        act = Act.objects.filter(action="vehicle.owner_change", object_id=str(vehicle.pk)).get()
        assert act.record["payload"]["old"]["owner"] == before["owner_id"]
        assert act.record["payload"]["reason"] == "venda"
