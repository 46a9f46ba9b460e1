"""Every write of the URLconf (a form's POST, an API operation's POST, PUT, PATCH or DELETE),
sent with the body ``tenancy_table`` gives it, by the role whose screen or endpoint it is, with a
mototaxi and a taxi permit's own records (their holder, vehicle, auxiliary, auto, seizure, case,
extinction case, vehicle change, tender…) once no law of the municipality governs the service
today: the binding removed, ended before today (ADR 0062), or starting after today (a law not yet
in force for it, D-15). No write answers an internal error (500): an act under a law is
refused naming the service (a screen goes back with the reason, the API answers 422), and what
keeps working on an old record keeps working; no act of today is judged by a law not yet in force
(D-15). What each route answers is
held by the tests of each route; this walk holds that none fails, the way
``test_routes_of_an_ungoverned_service`` holds it for the reads.

The municipality's own data (its law bindings among them) and the platforms' token routes (the
apps law's) are left out: the first would change the state under test, the second are not of
these services."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from registry_factories import portal_login
from tenancy_world import World, build_world
from test_tenancy_routes import METHODS, attack
from ungoverned import FUTURE, STATES, Applied, laws_applied_before_their_day, unbind

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.registry.models import Person

LEFT_OUT = (
    "api/v1/municipality/",
    "municipio/",
    "api/v1/platform/",
    "api/v1/tripdata/",
    "plataforma/",
)


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("service", [Service.MOTOTAXI, Service.TAXI])
def test_no_write_answers_an_internal_error_for_a_service_no_law_governs_today(
    user_of, monkeypatch, service, state
):
    m = Municipality.objects.get(slug="ipatinga")
    world = build_world(m, user_of)
    unbind(m, service, state)
    with laws_applied_before_their_day(m, monkeypatch) as applied:
        errors = write_errors(world, user_of, applied)
    wrong = sorted(set(applied)) if state == FUTURE else []
    assert not errors and not wrong, "\n".join(errors + wrong)


def write_errors(world: World, user_of: Any, applied: Applied) -> list[str]:
    """Every write sent by whom it is for: those answering 500, as "METHOD path (route): status"
    (``applied`` told which is being sent)."""
    m = world.m
    with tenant(m):
        person = Person.objects.get(pk=world["person"])
    holder = portal_login(m, person)
    errors: list[str] = []
    for route in sorted(METHODS):
        if route.startswith(LEFT_OUT):
            continue
        case = attack(route, world)
        if case.method == "get" or case.auth == "token":
            continue
        client = Client(raise_request_exception=False)
        client.force_login(
            holder if case.auth == Role.PERMISSIONARIO else user_of(m.slug, Role(case.auth))
        )
        kwargs: dict[str, Any] = {}
        if case.form is not None:
            kwargs.update(data=case.form)
        elif case.json is not None:
            kwargs.update(data=json.dumps(case.json), content_type="application/json")
        applied.at = f"{case.method.upper()} {case.path}"
        status = getattr(client, case.method)(case.path, **kwargs).status_code
        if status >= 500:
            errors.append(f"{case.method.upper()} {case.path} ({route}): {status}")
    return errors
