"""Vehicle changes: taxi reserve vehicle (art. 30), substitution (art. 4 X, 29), swap (art. 32);
mototaxi substituição and substituição emergencial (art. 2 XXII–XXIII)."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import (
    CHECKS,
    EQUIPMENT,
    actor,
    grant,
    make_applicant,
    moto_vehicle,
    person,
    taxi_holder,
    taxi_vehicle,
)
from registry_factories import TAXI_ON as ON
from registry_factories import moto_permit as granted_moto_permit

from outorga.core.errors import FieldRefused, Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Vehicle, VehicleChange
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.permits import permit_grant
from outorga.registry.services.vehicle_changes import (
    taxi_reserve_vehicle,
    taxi_vehicle_swap,
    vehicle_change_end,
    vehicle_substitute,
)
from outorga.registry.validation import FieldError


def clerk(m):
    return actor(m.slug, Role.ATENDENTE)


def test_art_30_reserve_vehicle_after_theft_then_the_own_vehicle_returns(ipatinga_m):
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
        until=ON + dt.timedelta(days=29),
        cause="roubo",
    )
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == spare.pk and change.status == VehicleChange.Status.ACTIVE
    with pytest.raises(FieldError, match="começou em"):  # no end before the start
        vehicle_change_end(
            actor=clerk(m), municipality=m, change=change, on=ON - dt.timedelta(days=1)
        )
    with tenant(m):
        permit.refresh_from_db()
        assert (
            permit.vehicle_id == spare.pk
            and not Act.objects.filter(action="vehicle.change_end").exists()
        )
    vehicle_change_end(actor=clerk(m), municipality=m, change=change, on=ON + dt.timedelta(days=20))
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == vehicle.pk


def test_art_6_the_own_vehicle_away_on_a_reserve_is_not_given_to_another_permit(ipatinga_m):
    """Art. 6: one vehicle for one permission. While a reserve vehicle stands in for it (art. 30),
    the own vehicle is still its permit's and returns to it: no other permit may take it, and
    the reserve's end never links one vehicle to two permits."""
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    change = taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=p1,
        vehicle=taxi_vehicle(m, h1),
        on=ON,
        until=ON + dt.timedelta(days=29),
        cause="roubo",
    )
    with pytest.raises(FieldError) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=p2,
            vehicle=v1,
            on=ON + dt.timedelta(days=1),
            checks=CHECKS,
        )
    assert exc.value.field == "veículo" and p1.number in exc.value.message
    assert "art. 6" in exc.value.citation
    vehicle_change_end(actor=clerk(m), municipality=m, change=change, on=ON + dt.timedelta(days=20))
    with tenant(m):
        assert Permit.objects.get(pk=p1.pk).vehicle_id == v1.pk
        assert Permit.objects.get(pk=p2.pk).vehicle_id == v2.pk


def test_art_30_no_reserve_vehicle_without_accident_or_theft(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused) as exc:
        taxi_reserve_vehicle(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=taxi_vehicle(m, holder),
            on=ON,
            until=ON + dt.timedelta(days=10),
            cause="manutenção",
        )
    assert any(c.article == "30" for r in exc.value.decision.refusals for c in r.citations)


def test_art_27_the_substitute_taxi_must_be_silver(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=taxi_vehicle(m, holder, colour="preta"),
            on=ON,
            checks=CHECKS,
        )
    assert any(c.article == "27" for r in exc.value.decision.refusals for c in r.citations)
    new = taxi_vehicle(m, holder)
    change = vehicle_substitute(
        actor=clerk(m), municipality=m, permit=permit, vehicle=new, on=ON, checks=CHECKS
    )
    assert change.status == VehicleChange.Status.DONE
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == new.pk


def test_art_24_the_substitute_taxi_is_inscribed_with_its_documents(ipatinga_m):
    """Art. 24: the vehicle is inscribed in the Cadastro (art. 20) on its documents — the CRLV in
    the permissionário's name (I, parágrafo único), the taximeter's calibration (III): a substitute
    car is a new vehicle of the permission (art. 4 X) and brings them too."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    someone_else = person(m)
    with pytest.raises(Refused) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=taxi_vehicle(m, someone_else),
            on=ON,
            checks=CHECKS,
        )
    assert any(
        c.article == "24" and c.paragraph == "único"
        for r in exc.value.decision.refusals
        for c in r.citations
    )
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == vehicle.pk


def test_art_32_swap_between_two_holders(ipatinga_m):
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    taxi_vehicle_swap(
        actor=clerk(m),
        municipality=m,
        permit=p1,
        other=p2,
        on=ON,
        checks=CHECKS,
        other_checks=CHECKS,
    )
    with tenant(m):
        p1.refresh_from_db()
        p2.refresh_from_db()
        assert (p1.vehicle_id, p2.vehicle_id) == (v2.pk, v1.pk)


def test_art_32_no_swap_while_a_reserve_vehicle_serves_or_with_a_permit_not_in_force(ipatinga_m):
    """Art. 32: the permuta exchanges the two permissions' own vehicles. While a reserve vehicle
    serves one of them (art. 30) its own vehicle is off the street and comes back at the end of
    the reserve: swapping then would hand the reserve vehicle on for good — the taxi law's
    ``vehicle_change`` refuses it, asked with the reserve the records hold. A suspended
    permission is not in force: it swaps nothing. Both are refused, and nothing changes."""
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    reserve = taxi_vehicle(m, h1)
    taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=p1,
        vehicle=reserve,
        on=ON,
        until=ON + dt.timedelta(days=10),
        cause="sinistro",
    )

    def swap():
        taxi_vehicle_swap(
            actor=clerk(m),
            municipality=m,
            permit=p2,
            other=p1,
            on=ON + dt.timedelta(days=1),
            checks=CHECKS,
            other_checks=CHECKS,
        )

    with pytest.raises(FieldRefused) as exc:
        swap()
    # The taxi law's vehicle_change refuses it, naming the vehicle and its articles.
    assert exc.value.field == "veículo"
    assert "há um veículo reserva em uso numa das permissões" in exc.value.message
    assert "art. 30" in exc.value.citation and "art. 32" in exc.value.citation
    assert exc.value.decision.refusals[0].rule == (
        "taxi_2017.art_30_art_32_no_permuta_while_the_reserve_is_in_use"
    )
    with tenant(m):
        assert Permit.objects.get(pk=p1.pk).vehicle_id == reserve.pk
        assert Permit.objects.get(pk=p2.pk).vehicle_id == v2.pk
        VehicleChange.objects.filter(permit=p1).update(status=VehicleChange.Status.ENDED)
        Permit.objects.filter(pk=p1.pk).update(vehicle=v1)
        Permit.objects.filter(pk=p2.pk).update(status=Permit.Status.SUSPENDED)
    with pytest.raises(InvalidTransition):
        swap()
    with tenant(m):
        assert Permit.objects.get(pk=p1.pk).vehicle_id == v1.pk


@pytest.fixture
def moto_permit(ipatinga_m, tender):
    m = ipatinga_m
    holder, vehicle = make_applicant(m, clerk(m), n=801, plate="MTX8D01")
    permit = permit_grant(
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
    return permit


def test_mototaxi_art_2_xxii_substitution_checks_the_new_motorcycle(ipatinga_m, moto_permit):
    m = ipatinga_m
    new = moto_vehicle(m, moto_permit.holder)
    change = vehicle_substitute(
        actor=clerk(m),
        municipality=m,
        permit=moto_permit,
        vehicle=new,
        on=dt.date(2026, 3, 12),
        equipment=EQUIPMENT,
    )
    assert change.kind == VehicleChange.Kind.SUBSTITUICAO


def test_mototaxi_art_2_xxiii_emergency_substitution_needs_force_majeure_and_ends(
    ipatinga_m, moto_permit
):
    m = ipatinga_m
    new = moto_vehicle(m, moto_permit.holder)
    with pytest.raises(FieldError):
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=moto_permit,
            vehicle=new,
            on=dt.date(2026, 3, 12),
            emergency_until=dt.date(2026, 3, 30),
            equipment=EQUIPMENT,
        )
    change = vehicle_substitute(
        actor=clerk(m),
        municipality=m,
        permit=moto_permit,
        vehicle=new,
        on=dt.date(2026, 3, 12),
        emergency_until=dt.date(2026, 3, 30),
        cause="motocicleta retida em oficina após colisão (boletim 123/2026)",
        equipment=EQUIPMENT,
    )
    assert change.kind == VehicleChange.Kind.EMERGENCIAL
    vehicle_change_end(actor=clerk(m), municipality=m, change=change, on=dt.date(2026, 3, 30))
    with tenant(m):
        assert Permit.objects.get(pk=moto_permit.pk).vehicle_id == change.from_vehicle_id


def test_art_6_a_car_another_taxi_permit_holds_is_refused_naming_it(ipatinga_m):
    """Art. 6: the taxi law's ``one_vehicle`` answers from the records; its refusal names the
    field, the permit that holds the car and the article."""
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    with pytest.raises(FieldError) as exc:
        vehicle_substitute(
            actor=clerk(m), municipality=m, permit=p2, vehicle=v1, on=ON, checks=CHECKS
        )
    assert exc.value.field == "veículo"
    assert f"já está vinculado à permissão {p1.number}" in exc.value.message
    assert "art. 6" in exc.value.citation and "art. 30" not in exc.value.citation
    with tenant(m):
        assert Permit.objects.get(pk=p2.pk).vehicle_id == v2.pk


def test_art_6_the_car_of_an_extinct_permit_may_serve_another(ipatinga_m):
    """Art. 6 binds the car to a permission in force: once that permission is extinct, no record
    gives it to the law, which lets it serve another."""
    m = ipatinga_m
    h1, v1 = taxi_holder(m, ON)
    h2, v2 = taxi_holder(m, ON)
    p1, p2 = grant(m, h1, v1), grant(m, h2, v2)
    with tenant(m):
        Permit.objects.filter(pk=p1.pk).update(status=Permit.Status.EXTINCT)
        # Bought by the other holder: its CRLV in his name (art. 24, parágrafo único).
        Vehicle.objects.filter(pk=v1.pk).update(owner=h2)
        v1.refresh_from_db()
    change = vehicle_substitute(
        actor=clerk(m), municipality=m, permit=p2, vehicle=v1, on=ON, checks=CHECKS
    )
    assert change.kind == VehicleChange.Kind.SUBSTITUICAO
    with tenant(m):
        assert Permit.objects.get(pk=p2.pk).vehicle_id == v1.pk


def test_art_30_a_taxi_substitution_for_a_period_is_refused_by_the_taxi_law(ipatinga_m):
    """Art. 30: the taxi's temporary vehicle is the reserve vehicle. The taxi law's
    ``vehicle_change`` refuses a substitution asked for a period, with its articles; nothing
    changes."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    with pytest.raises(Refused) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=taxi_vehicle(m, holder),
            on=ON,
            emergency_until=ON + dt.timedelta(days=10),
            cause="oficina",
            checks=CHECKS,
        )
    [refusal] = exc.value.decision.refusals
    assert refusal.rule == "taxi_2017.art_30_temporary_vehicle_is_the_reserve"
    assert {c.article for c in refusal.citations} == {"30", "4"}
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).vehicle_id == vehicle.pk
        assert not VehicleChange.objects.filter(permit=permit).exists()


def test_mototaxi_art_6_par2_the_motorcycle_away_on_an_emergency_substitution_stays_its_permits(
    ipatinga_m, moto_permit, tender
):
    """Art. 6 §2 with art. 2 XXIII: while an emergency substitution stands in for it, the
    permission's own motorcycle is still its own — another permission may not take it."""
    m = ipatinga_m
    own = moto_permit.vehicle
    vehicle_substitute(
        actor=clerk(m),
        municipality=m,
        permit=moto_permit,
        vehicle=moto_vehicle(m, moto_permit.holder),
        on=dt.date(2026, 3, 12),
        emergency_until=dt.date(2026, 3, 30),
        cause="motocicleta retida em oficina após colisão (boletim 123/2026)",
        equipment=EQUIPMENT,
    )
    _, other, _ = granted_moto_permit(m, tender, 811, prefix="MTY8D")
    with pytest.raises(FieldError) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=other,
            vehicle=own,
            on=dt.date(2026, 3, 13),
            equipment=EQUIPMENT,
        )
    assert exc.value.field == "veículo"
    assert f"da permissão {moto_permit.number}, substituído temporariamente" in exc.value.message
    assert "art. 6, §2" in exc.value.citation and "art. 2, XXIII" in exc.value.citation


def test_art_6_art_30_no_second_reserve_or_substitution_while_the_reserve_is_in_use(ipatinga_m):
    """Art. 6 ("limitada a um único veículo") with art. 30: while a reserve vehicle stands in, the
    permission serves with it and keeps its own; the taxi law's ``one_vehicle``, asked with the
    reserve the records hold, refuses a second reserve and a substitution, naming the vehicle
    and its articles; nothing changes. Once the reserve ends, a new one is admitted."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    first = taxi_vehicle(m, holder)
    change = taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=permit,
        vehicle=first,
        on=ON,
        until=ON + dt.timedelta(days=10),
        cause="sinistro",
    )
    second = taxi_vehicle(m, holder)
    rule = "taxi_2017.art_6_art_30_no_change_while_the_reserve_is_in_use"
    with pytest.raises(FieldRefused) as exc:
        taxi_reserve_vehicle(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=second,
            on=ON + dt.timedelta(days=1),
            until=ON + dt.timedelta(days=10),
            cause="roubo",
        )
    assert exc.value.field == "veículo" and exc.value.code == "recusado_pela_lei"
    assert "troca temporária em curso" in exc.value.message
    assert "veículo reserva em uso" in exc.value.message
    assert "art. 6" in exc.value.citation and "art. 30" in exc.value.citation
    assert exc.value.decision.refusals[0].rule == rule
    with pytest.raises(FieldRefused) as exc:
        vehicle_substitute(
            actor=clerk(m),
            municipality=m,
            permit=permit,
            vehicle=second,
            on=ON + dt.timedelta(days=1),
            checks=CHECKS,
        )
    assert exc.value.field == "veículo" and exc.value.decision.refusals[0].rule == rule
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).vehicle_id == first.pk
        assert VehicleChange.objects.filter(permit=permit).count() == 1
    vehicle_change_end(actor=clerk(m), municipality=m, change=change, on=ON + dt.timedelta(days=5))
    again = taxi_reserve_vehicle(
        actor=clerk(m),
        municipality=m,
        permit=permit,
        vehicle=second,
        on=ON + dt.timedelta(days=6),
        until=ON + dt.timedelta(days=10),
        cause="roubo",
    )
    assert again.status == VehicleChange.Status.ACTIVE


def test_mototaxi_art_6_par2_art_2_xxiii_no_second_motorcycle_while_the_emergency_one_serves(
    ipatinga_m, moto_permit
):
    """Art. 6 §2 with art. 2 XXIII: while an emergency substitution stands in, the permission
    takes no other motorcycle — neither a second emergency one nor a substitution — until the
    period ends; the mototaxi law's ``one_vehicle`` refuses it with its articles."""
    m = ipatinga_m
    first = moto_vehicle(m, moto_permit.holder)
    vehicle_substitute(
        actor=clerk(m),
        municipality=m,
        permit=moto_permit,
        vehicle=first,
        on=dt.date(2026, 3, 12),
        emergency_until=dt.date(2026, 3, 30),
        cause="motocicleta retida em oficina após colisão (boletim 123/2026)",
        equipment=EQUIPMENT,
    )
    second = moto_vehicle(m, moto_permit.holder)
    for until in (dt.date(2026, 3, 30), None):
        with pytest.raises(FieldRefused) as exc:
            vehicle_substitute(
                actor=clerk(m),
                municipality=m,
                permit=moto_permit,
                vehicle=second,
                on=dt.date(2026, 3, 13),
                emergency_until=until,
                cause="outra colisão (boletim 124/2026)",
                equipment=EQUIPMENT,
            )
        assert exc.value.field == "veículo"
        assert "troca temporária em curso" in exc.value.message
        assert "art. 6, §2" in exc.value.citation and "art. 2, XXIII" in exc.value.citation
        assert exc.value.decision.refusals[0].rule == (
            "art_6_par2_art_2_xxiii_no_change_while_the_emergency_substitution_lasts"
        )
    with tenant(m):
        assert Permit.objects.get(pk=moto_permit.pk).vehicle_id == first.pk
