"""Mototaxi art. 31, §2 (ADR 0088): the holder answers for "os respectivos condutores auxiliares
no que concorrer" — his own permit's. The suspension of an auxiliary's credential imposed on
another holder's permit (the count reached there, art. 32 I with art. 34) is not his: his permit
page in the portal does not show it, whether the person still drives for him or has left, and
he gets no aviso of it. The holder of the permit it was imposed on sees it; the staff's permit
pages and the person's own portal read his credential whole (art. 2, III: it is the person's)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from enforcement_factories import World, auxiliary_count_reached, client_of, make_world
from registry_factories import make_permit, portal_login

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Escalation, Penalty
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.registry.models import Auxiliary, Notification, Permit


@pytest.fixture
def world(ipatinga_m, user_of) -> World:  # type: ignore[no-untyped-def]
    return make_world(ipatinga_m, user_of)


def link(world: World, permit: Permit, person_id: int, number: int) -> Auxiliary:
    with tenant(world.m):
        return Auxiliary.objects.create(
            permit=permit,
            person_id=person_id,
            registration_number=number,
            added_on=dt.date(2025, 2, 1),
            credential_valid_until=dt.date(2027, 2, 1),
        )


def imposed_on(world: World, permit: Permit, aux: Auxiliary) -> tuple[dt.date, dt.date]:
    """The auxiliary's three final leve/média autos on ``permit`` (D-2: 15 days), the count
    reached there, and the SESUMA's suspension of his credential from that day: its first and
    last day."""
    reached = auxiliary_count_reached(world, aux, permit)
    with tenant(world.m):
        esc = Escalation.objects.get(permit=permit, status=Escalation.Status.PENDING)
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=reached, on=reached
    )
    return reached, reached + dt.timedelta(days=14)


def item_of(page: str, lead: str) -> str:
    found = re.search(rf"<p>{re.escape(lead)} — [^<]*", page)
    assert found is not None, lead
    return found.group(0)


@pytest.mark.parametrize("left_a", [False, True], ids=["still-on-a", "left-a"])
def test_art_31_par2_a_suspension_imposed_on_another_holders_permit_is_not_on_this_holders_page(
    world, left_a
):
    permit_a = world.permit  # holder A: world.holder_user
    person = make_permit(world.m, "AUXDOIS").holder  # with photo and blood type
    on_a = link(world, permit_a, person.pk, 51)
    permit_b = make_permit(world.m, "OUTRAB")
    on_b = link(world, permit_b, person.pk, 52)
    holder_b = portal_login(world.m, permit_b.holder)
    own = portal_login(world.m, person)
    if left_a:
        with tenant(world.m):
            Auxiliary.objects.filter(pk=on_a.pk).update(
                status=Auxiliary.Status.REMOVED, removed_on=dt.date(2025, 12, 1)
            )
    start, end = imposed_on(world, permit_b, on_b)
    said = f"credencial suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}"
    with tenant(world.m):
        [penalty] = Penalty.objects.filter(decision__target="credenciamento")
    assert penalty.permit_id == permit_b.pk

    # Holder A: the person is listed on his permit (his link), without B's sanction.
    page_a = client_of(world.holder_user).get(reverse("portal:permit", args=[permit_a.pk]))
    assert page_a.status_code == 200
    text_a = page_a.content.decode()
    assert "credencial suspensa" not in item_of(text_a, person.name)
    assert f"{start:%d/%m/%Y}" not in text_a
    # Nor an aviso of it: the aviso goes to the holder of the permit it was imposed on.
    with tenant(world.m):
        avisos = list(
            Notification.objects.filter(kind=Notification.Kind.AUXILIARY_CREDENTIAL_SUSPENDED)
        )
    assert [(n.person_id, n.permit_id) for n in avisos] == [(permit_b.holder_id, permit_b.pk)]
    home_a = client_of(world.holder_user).get(reverse("portal:home")).content.decode()
    assert f"suspensa de {start:%d/%m/%Y}" not in home_a

    # Holder B, on whose permit it was imposed: shown, with its dates.
    page_b = client_of(holder_b).get(reverse("portal:permit", args=[permit_b.pk]))
    assert page_b.status_code == 200
    assert said in item_of(page_b.content.decode(), person.name)

    # The staff's permit pages read the person's credential (art. 2, III), on either permit.
    for permit in (permit_a, permit_b):
        staff = client_of(world.clerk.user).get(reverse("registry:permit", args=[permit.pk]))
        assert f"credencial suspensa de {start:%d/%m/%Y}" in staff.content.decode()

    # The person's own portal: his credential, suspended, under his link to B.
    home = client_of(own).get(reverse("portal:home")).content.decode()
    assert said in item_of(home, f"Auxiliar da permissão {permit_b.number}")


def test_art_31_par2_a_suspension_imposed_on_this_permit_stays_on_its_page_after_he_leaves(world):
    # Imposed on A while he drove for A: it is A's holder's to answer for, even once the
    # auxiliary has left (the link stays listed as "desligado").
    person = make_permit(world.m, "AUXTRES").holder
    on_a = link(world, world.permit, person.pk, 53)
    start, end = imposed_on(world, world.permit, on_a)
    with tenant(world.m):
        Auxiliary.objects.filter(pk=on_a.pk).update(
            status=Auxiliary.Status.REMOVED, removed_on=end + dt.timedelta(days=1)
        )
    page = client_of(world.holder_user).get(reverse("portal:permit", args=[world.permit.pk]))
    said = f"credencial suspensa de {start:%d/%m/%Y} a {end:%d/%m/%Y}"
    assert said in item_of(page.content.decode(), person.name)
