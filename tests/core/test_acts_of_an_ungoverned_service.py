"""The acts the write walk (``test_writes_of_an_ungoverned_service``) reached with an internal
error (500), or judged by a law not yet in force, once no law of the municipality governs a
service today — its binding removed, ended before today (ADR 0062), or starting after today
(D-15) — each now answered as the law's absence asks: an act under a law is
refused naming the service (the API's 422 ``campo_invalido`` on "serviço"; a screen goes back to
the permit's page, or shows the reason under its form), and paying a debt already owed keeps
working. With the world of ``tests/core/tenancy_world.py``: a mototaxi permit and its holder,
a taxi permit with its vehicle change, extinction case and tender."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import portal_login
from tenancy_world import World
from test_tenancy_routes import attack
from ungoverned import FUTURE, NO_LAW, REMOVED, STATES, as_role, ipatinga_world, unbind

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.registry.models import Permit, Person

UNBOUND = pytest.mark.parametrize("state", STATES)


@pytest.fixture
def world(user_of: Any) -> World:
    return ipatinga_world(user_of)


def refused_naming_the_service(response: Any, service: str) -> None:
    assert response.status_code == 422, response.content
    answer = response.json()
    assert answer["codigo"] == "campo_invalido"
    (error,) = answer["erros"]
    assert error["campo"] == "serviço" and NO_LAW.format(service) in error["erro"]


@UNBOUND
def test_taxi_art_15_the_steps_of_an_extinction_case_are_refused_naming_the_service(
    world, user_of, state
):
    """Art. 15 §1: notice, defence and decision of an extinction case are acts under the taxi
    law; none once no law governs the taxi service (before: 500, ``LawNotBound``)."""
    unbind(world.m, Service.TAXI, state)
    case = world["extinction_case"]
    on = today_of(world.m).isoformat()
    steps = (
        (Role.AUTORIDADE, "notify", {"notified_on": on}),
        (Role.ATENDENTE, "defence", {"text": "defesa", "on": on}),
        (Role.CHEFE_EXECUTIVO, "decision", {"extinguish": True, "grounds": "x", "on": on}),
    )
    for role, step, body in steps:
        response = as_role(world, user_of, role).post(
            f"/api/v1/taxi/extinction-cases/{case}/{step}", body, content_type="application/json"
        )
        refused_naming_the_service(response, "táxi")


def test_taxi_art_15_the_extinction_screen_goes_back_to_the_permit_with_the_reason(world, user_of):
    unbind(world.m, Service.TAXI, REMOVED)
    client = as_role(world, user_of, Role.AUTORIDADE)
    response = client.post(
        f"/cadastro/extincoes/{world['extinction_case']}/",
        {"step": "notify", "notify-notified_on": today_of(world.m).isoformat()},
        follow=True,
    )
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == f"/cadastro/permissoes/{world['taxi_permit']}/"
    assert NO_LAW.format("táxi") in response.content.decode()


@UNBOUND
def test_the_end_of_a_temporary_taxi_vehicle_is_refused_naming_the_service(world, user_of, state):
    unbind(world.m, Service.TAXI, state)
    response = as_role(world, user_of, Role.ATENDENTE).post(
        f"/api/v1/taxi/vehicle-changes/{world['vehicle_change']}/end",
        {"on": today_of(world.m).isoformat()},
        content_type="application/json",
    )
    refused_naming_the_service(response, "táxi")


@pytest.mark.parametrize("state", [REMOVED, FUTURE])
def test_a_step_of_a_taxi_tender_is_refused_naming_the_service_where_no_law_governs_today(
    world, user_of, state
):
    """A tender's step is an act of today under the taxi law: refused once its binding is
    removed, and while that law is bound only from a later day (before: judged by it)."""
    unbind(world.m, Service.TAXI, state)
    response = as_role(world, user_of, Role.AUTORIDADE).post(
        f"/api/v1/tenders/{world['tender']}/homologate",
        {"on": today_of(world.m).isoformat()},
        content_type="application/json",
    )
    refused_naming_the_service(response, "táxi")
    # Its page is still read, offering no step (before: 500).
    page = as_role(world, user_of, Role.AUTORIDADE).get(f"/licitacoes/{world['tender']}/")
    assert page.status_code == 200


def test_taxi_art_11_no_taxi_permit_is_granted_under_a_law_not_yet_in_force(world, user_of):
    """A grant of today (taxi art. 11) under a taxi law bound from a later day: refused naming
    the service and from when the law governs it (before: its competence checked under it)."""
    unbind(world.m, Service.TAXI, FUTURE)
    case = attack("api/v1/taxi/permits", world)  # the walk's own body: the desk's grant
    response = as_role(world, user_of, Role(case.auth)).post(
        case.path, case.json, content_type="application/json"
    )
    refused_naming_the_service(response, "táxi")
    assert "só vigora para ele a partir de" in response.json()["erros"][0]["erro"]


@UNBOUND
def test_a_fee_for_a_permit_no_law_governs_is_refused_naming_the_service(world, user_of, state):
    """A fee charged for a permit is its service's law's act (taxi art. 40 here, for a mototaxi
    permit): refused naming the service, not judged by another law nor failed (before, with the
    binding removed: 500)."""
    unbind(world.m, Service.MOTOTAXI, state)
    response = as_role(world, user_of, Role.FINANCAS).post(
        "/api/v1/finance/fees/charge",
        {
            "fee": "ipatinga.taxi-2017:VIII",
            "person_id": world["person"],
            "permit_id": world["permit"],
            "on": today_of(world.m).isoformat(),
        },
        content_type="application/json",
    )
    refused_naming_the_service(response, "mototáxi")


def test_a_debt_of_a_permit_no_law_governs_any_more_is_still_paid(world, user_of):
    """A debt stays owed once its permit's binding is removed: the payment is recorded (before:
    500, the competence asked of the permit's law)."""
    m = world.m
    with tenant(m):
        permit = Permit.objects.get(pk=world["permit"])
        debt = Debt.objects.create(
            person=permit.holder,
            permit=permit,
            origin=Debt.Origin.REMOVAL,
            description="Remoção — apreensão",
            amount_cents=5000,
            due_on=today_of(m),
            reference=f"{m.ibge_code}-U{permit.pk:07d}",
            basis={"citations": []},
        )
    unbind(m, Service.MOTOTAXI, REMOVED)
    response = as_role(world, user_of, Role.FINANCAS).post(
        "/api/v1/finance/payments",
        {"reference": debt.reference, "amount_cents": 5000, "paid_on": today_of(m).isoformat()},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    with tenant(m):
        debt.refresh_from_db()
    assert debt.status == Debt.Status.PAID


@UNBOUND
def test_mototaxi_art_5_par_6_no_extraordinary_vistoria_is_ordered_where_no_law_governs(
    world, user_of, state
):
    """The order screen goes back to the permit's page with the reason (before: 404)."""
    unbind(world.m, Service.MOTOTAXI, state)
    response = as_role(world, user_of, Role.FISCAL).post(
        f"/vistorias/extraordinaria/{world['permit']}/",
        {"acao": "determinar", "scheduled_for": "2030-01-10", "place": "x", "reason": "y"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/cadastro/permissoes/{world['permit']}/"
    assert NO_LAW.format("mototáxi") in response.content.decode()


@UNBOUND
def test_a_holders_registration_request_is_refused_naming_the_service(world, user_of, state):
    """The holder's request about their registration is under their permit's law (art. 4 §2,
    13 XX a): refused under the form naming the service (before, binding removed: 500)."""
    unbind(world.m, Service.MOTOTAXI, state)
    with tenant(world.m):
        person = Person.objects.get(pk=world["person"])
    client = Client(raise_request_exception=False)
    client.force_login(portal_login(world.m, person))
    response = client.post("/portal/cadastro/", {"kind": "update", "phone": "1", "text": "x"})
    assert response.status_code == 422
    assert NO_LAW.format("mototáxi") in response.content.decode()


def test_a_holders_request_refused_by_the_desk_shows_the_reason(world, user_of):
    unbind(world.m, Service.MOTOTAXI, REMOVED)
    response = as_role(world, user_of, Role.ATENDENTE).post(
        f"/cadastro/pedidos/{world['holder_request']}/",
        {"step": "refuse", "refuse-reason": "fora do prazo"},
    )
    assert response.status_code == 200
    assert NO_LAW.format("mototáxi") in response.content.decode()


def test_mototaxi_art_4_par_1_a_renewal_before_the_first_binding_names_the_service(world, user_of):
    """A permit carried over from before its service's first binding, that binding from a later
    day: its renewal and extension screens, and the renewal of today, go back to the permit's
    page saying why no law judges them today, naming from when the law governs (before: 500 on
    both screens; then the renewal judged by bound_law's refusal under its form)."""
    m = world.m
    unbind(m, Service.MOTOTAXI, FUTURE)
    client = as_role(world, user_of, Role.ATENDENTE)
    permit = world["permit"]
    for response in (
        client.get(f"/cadastro/permissoes/{permit}/renovar/", follow=True),
        client.get(f"/cadastro/permissoes/{permit}/prorrogar/", follow=True),
        client.post(
            f"/cadastro/permissoes/{permit}/renovar/", {"on": today_of(m).isoformat()}, follow=True
        ),
    ):
        assert response.status_code == 200
        assert "só vigora para ele a partir de" in response.content.decode()
