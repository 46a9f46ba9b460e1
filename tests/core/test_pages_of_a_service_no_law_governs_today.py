"""The pages the read walk (``test_routes_of_an_ungoverned_service``) reached with an internal
error (500), or that asked a law not yet in force about today's facts, once no law of the
municipality governs a service today — its binding removed, ended before today (ADR 0062), or
starting after today (D-15): each now reads on and says why, in Portuguese, naming the
service and, for a law not yet in force, from when it will govern it (D-15). With the world of
``tests/core/tenancy_world.py``."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import portal_login
from tenancy_world import World
from ungoverned import (
    AHEAD,
    FUTURE,
    NO_LAW,
    REMOVED,
    STATES,
    as_role,
    ipatinga_world,
    laws_applied_before_their_day,
    unbind,
)

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.registry.models import Person


@pytest.fixture
def world(user_of: Any) -> World:
    return ipatinga_world(user_of)


def as_holder(world: World) -> Client:
    with tenant(world.m):
        person = Person.objects.get(pk=world["person"])
    client = Client(raise_request_exception=False)
    client.force_login(portal_login(world.m, person))
    return client


def not_yet(world: World, service: str) -> str:
    """What the refusal of a law bound from ``AHEAD`` of today says of its first day."""
    return f"{NO_LAW.format(service)} em {today_of(world.m):%d/%m/%Y}: a lei que o regerá"


@pytest.mark.parametrize("state", STATES)
def test_taxi_art_13_the_termo_page_says_no_law_governs_the_taxi_service_today(
    world, user_of, state
):
    """The Termo de Permissão's page (taxi art. 13, 21) reads the term and its renewals, and
    shows why no renewal can be judged today instead of its preview (before: 500)."""
    unbind(world.m, Service.TAXI, state)
    response = as_role(world, user_of, Role.ATENDENTE).get(f"/termos/{world['taxi_permit']}/")
    assert response.status_code == 200
    assert NO_LAW.format("táxi") in response.content.decode()


def test_the_termo_pdf_goes_back_with_the_reason_once_the_taxi_binding_is_removed(world, user_of):
    """The Termo's clauses cite the law bound on its signing; with the binding removed no law
    is known to cite: the desk goes back to the Termo's page, the holder to the permit's, each
    with the reason (before: 500 on both)."""
    unbind(world.m, Service.TAXI, REMOVED)
    permit = world["taxi_permit"]
    for client, path, back in (
        (as_role(world, user_of, Role.ATENDENTE), f"/termos/{permit}/termo.pdf", "/termos/"),
        (as_holder(world), f"/portal/permissoes/{permit}/termo.pdf", "/portal/permissoes/"),
    ):
        response = client.get(path, follow=True)
        assert response.redirect_chain[-1][0] == f"{back}{permit}/"
        assert NO_LAW.format("táxi") in response.content.decode()


def test_the_guided_grant_of_a_service_whose_law_is_not_yet_in_force_names_from_when(
    world, user_of
):
    """A grant is a new act of today: a mototaxi law bound from a later day gives none yet;
    the guided grant says so and opens another service in force (before: 500)."""
    unbind(world.m, Service.MOTOTAXI, FUTURE)
    response = as_role(world, user_of, Role.ATENDENTE).get(
        "/cadastro/outorga-guiada/?servico=mototaxi"
    )
    assert response.status_code == 200
    starts = today_of(world.m) + AHEAD
    assert f"só vigora para ele a partir de {starts:%d/%m/%Y}" in response.content.decode()
    assert not_yet(world, "mototáxi") in response.content.decode()


def test_the_holders_permit_page_names_the_law_not_yet_in_force(world):
    """The holder's page of a mototaxi permit whose law is bound from a later day offers no
    request and says why (before: 500, the auxiliary's renewal asked of no law)."""
    unbind(world.m, Service.MOTOTAXI, FUTURE)
    response = as_holder(world).get(f"/portal/permissoes/{world['permit']}/")
    assert response.status_code == 200
    assert not_yet(world, "mototáxi") in response.content.decode()


@pytest.mark.parametrize("path", ["/vistorias/", "/api/v1/inspections/due", "/"])
def test_taxi_art_28_no_vistoria_falls_due_today_under_a_law_not_yet_in_force(
    world, user_of, monkeypatch, path
):
    """The vistorias due (taxi art. 28) are asked of the law in force on the day: none for the
    taxi service while its law is bound only from a later day (before: asked of that law)."""
    unbind(world.m, Service.TAXI, FUTURE)
    client = as_role(world, user_of, Role.FISCAL)
    with laws_applied_before_their_day(world.m, monkeypatch) as applied:
        assert client.get(path).status_code == 200
    assert not applied
