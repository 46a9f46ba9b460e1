"""Taxi vehicles in the Cadastro Municipal de Taxistas (taxi art. 4 I, 20, 25): "os veículos
destinados à exploração de serviços de táxi serão inscritos no Cadastro", a numeric, systematic
and sequential register of holders, auxiliaries and vehicles. One series for the three; a vehicle
is numbered once, when it is put in taxi service, and keeps its number."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from registry_factories import (
    CHECKS,
    EQUIPMENT,
    actor,
    grant,
    make_applicant,
    taxi_holder,
    taxi_vehicle,
)
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, RegisterCounter, Vehicle
from outorga.registry.services.auxiliaries import taxi_auxiliary_add
from outorga.registry.services.permits import permit_grant
from outorga.registry.services.termos import taxi_term_renew
from outorga.registry.services.vehicle_changes import (
    taxi_reserve_vehicle,
    taxi_vehicle_swap,
    vehicle_change_end,
    vehicle_substitute,
)


def clerk(m):  # type: ignore[no-untyped-def]
    return actor(m.slug, Role.ATENDENTE)


def fresh(m, vehicle) -> Vehicle:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Vehicle.objects.get(pk=vehicle.pk)


def last_number(m) -> int:  # type: ignore[no-untyped-def]
    with tenant(m):
        c = RegisterCounter.objects.filter(series="register:taxi").first()
        return c.last_number if c else 0


def test_art_20_the_grant_inscribes_the_vehicle_next_to_its_holder(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    assert vehicle.cadastro_number is None  # registering a vehicle is not inscribing it
    permit = grant(m, holder, vehicle)
    v = fresh(m, vehicle)
    assert v.cadastro_number == permit.registration_number + 1 == last_number(m)
    assert v.cadastro_inscribed_on == ON
    with tenant(m):
        act = Act.objects.get(action="vehicle.cadastro", object_id=str(v.pk))
        grant_act = Act.objects.get(action="permit.grant", object_id=str(permit.pk))
    cites = act.record["basis"]["citations"]
    assert "Lei do táxi de Ipatinga (2017), art. 4, I" in cites
    assert "Lei do táxi de Ipatinga (2017), art. 20" in cites
    assert act.record["payload"]["new"]["cadastro_number"] == v.cadastro_number
    assert grant_act.record["payload"]["new"]["vehicle_cadastro_number"] == v.cadastro_number


def test_art_4_i_a_refused_grant_inscribes_nothing_and_uses_no_number(ipatinga_m):
    m = ipatinga_m
    holder, _ = taxi_holder(m, ON)
    white = taxi_vehicle(m, holder, colour="branca")  # art. 27: silver
    before = last_number(m)
    with pytest.raises(Refused):
        grant(m, holder, white)
    assert fresh(m, white).cadastro_number is None and last_number(m) == before


def test_art_4_i_holders_auxiliaries_and_vehicles_share_one_gapless_series(ipatinga_m):
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    start = last_number(m)
    p1 = grant(m, h1, v1)
    p2 = grant(m, h2, v2)
    helper, _ = taxi_holder(m, ON)
    aux = taxi_auxiliary_add(
        actor=clerk(m),
        municipality=m,
        permit=p1,
        person=helper,
        on=ON,
        declarations=("declaracao_outorgas", "declaracao_vinculo"),
        checks=CHECKS,
    )
    numbers = [
        p1.registration_number,
        fresh(m, v1).cadastro_number,
        p2.registration_number,
        fresh(m, v2).cadastro_number,
        aux.registration_number,
    ]
    assert numbers == list(range(start + 1, start + 6))


def test_art_20_a_substitute_is_inscribed_and_the_old_vehicle_keeps_its_number(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    old_number = fresh(m, vehicle).cadastro_number
    new = taxi_vehicle(m, holder)
    day = ON + dt.timedelta(days=40)
    vehicle_substitute(
        actor=clerk(m), municipality=m, permit=permit, vehicle=new, on=day, checks=CHECKS
    )
    assert fresh(m, new).cadastro_number == old_number + 1
    assert fresh(m, new).cadastro_inscribed_on == day
    assert fresh(m, vehicle).cadastro_number == old_number


def test_art_30_the_reserve_vehicle_is_inscribed_and_the_return_renumbers_nothing(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    spare = taxi_vehicle(m, holder)
    change = taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=permit,
        vehicle=spare,
        on=ON,
        until=ON + dt.timedelta(days=10),
        cause="sinistro",
    )
    assert fresh(m, spare).cadastro_number == last_number(m)
    before = last_number(m)
    vehicle_change_end(actor=clerk(m), municipality=m, change=change, on=ON)
    assert last_number(m) == before


def test_art_32_a_swap_keeps_both_numbers(ipatinga_m):
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    numbers = (fresh(m, v1).cadastro_number, fresh(m, v2).cadastro_number)
    before = last_number(m)
    taxi_vehicle_swap(
        actor=clerk(m),
        municipality=m,
        permit=p1,
        other=p2,
        on=ON,
        checks=CHECKS,
        other_checks=CHECKS,
    )
    assert (fresh(m, v1).cadastro_number, fresh(m, v2).cadastro_number) == numbers
    assert last_number(m) == before


def test_art_21_the_yearly_renewal_inscribes_a_vehicle_that_had_no_number(ipatinga_m):
    """A vehicle in service from before the register numbered vehicles gets its number with the
    yearly renewal of the Cadastro."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle, mode="servicos")
    with tenant(m):
        Vehicle.objects.filter(pk=vehicle.pk).update(
            cadastro_number=None, cadastro_inscribed_on=None
        )
    renewal = dt.date(2027, 1, 20)
    taxi_term_renew(actor=clerk(m), municipality=m, permit=permit, on=renewal, checks=CHECKS)
    v = fresh(m, vehicle)
    assert v.cadastro_number == last_number(m) and v.cadastro_inscribed_on == renewal


def test_a_mototaxi_vehicle_is_not_in_the_taxi_cadastro(ipatinga_m, tender):
    m = ipatinga_m
    holder, vehicle = make_applicant(m, clerk(m), n=611, plate="MTC6A11")
    permit_grant(
        actor=clerk(m),
        municipality=m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=dt.date(2026, 3, 10),
        term_years=10,
        decree="Decreto 1/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )
    assert fresh(m, vehicle).cadastro_number is None


def test_a_cadastro_number_is_unique_in_the_municipality(ipatinga_m, barra_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    grant(m, holder, vehicle)
    number = fresh(m, vehicle).cadastro_number
    _, other = taxi_holder(m, ON)
    with tenant(m), pytest.raises(IntegrityError), transaction.atomic():
        Vehicle.objects.filter(pk=other.pk).update(cadastro_number=number)
    # Another municipality keeps its own register.
    _, elsewhere = taxi_holder(barra_m, ON)
    with tenant(barra_m):
        Vehicle.objects.filter(pk=elsewhere.pk).update(cadastro_number=number)
        assert Vehicle.objects.get(pk=elsewhere.pk).cadastro_number == number


def test_the_quota_counts_permits_not_inscribed_vehicles(ipatinga_m):
    """A reserve vehicle inscribed in the Cadastro takes no place of the quota (art. 3 §1)."""
    m = ipatinga_m
    with tenant(m):
        active = Permit.objects.filter(service="taxi", status="active").count()
        PopulationFigure.objects.create(
            value=1200 * (active + 2),
            reference_year=2025,
            effective=dt.date(2026, 1, 1),
            source="teste",
        )
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=permit,
        vehicle=taxi_vehicle(m, holder),
        on=ON,
        until=ON + dt.timedelta(days=10),
        cause="furto",
    )
    second, v2 = taxi_holder(m, ON)
    assert grant(m, second, v2).status == Permit.Status.ACTIVE
