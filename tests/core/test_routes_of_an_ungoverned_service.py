"""Every page and read of the URLconf, walked with the records of a mototaxi and a taxi permit
(their holder, vehicle, auxiliary, badge, auto, case, extinction case, tender…) once no law of the
municipality governs the service today: the binding removed, ended before today (ADR 0062), or
starting after today (a law not yet in force for it, D-15). The permit is still the
municipality's record: no route answers an internal error (500) to any staff role, to its holder
on the portal, or to anyone on the public pages; and none applies a law not yet in force to
today's facts (D-15). What each route answers instead — the page saying so, an act refused naming
the service — is held by the tests of each route."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import portal_login
from tenancy_world import World, build_world
from test_tenancy_routes import METHODS, attack
from ungoverned import FUTURE, STATES, Applied, laws_applied_before_their_day, unbind

from outorga.core.models import LawBinding, Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.registry.models import Person

STAFF = (
    Role.ATENDENTE,
    Role.FISCAL,
    Role.AUTORIDADE,
    Role.JARI,
    Role.CHEFE_EXECUTIVO,
    Role.FINANCAS,
    Role.ADMIN,
)
PUBLIC = ("publico/", "reclamacao/", "v/")


def reads(world: World) -> list[str]:
    """The path of every route's read (GET) with the world's own records."""
    paths = []
    for route in sorted(METHODS):
        if "GET" not in METHODS[route] or route.startswith(("api/v1/platform/", "api/v1/trip")):
            continue  # the platform's token routes are the apps law's, not a permit's
        try:
            case = attack(route, world)
        except (AssertionError, LookupError):
            continue
        if case.method == "get":
            paths.append(case.path.split("?")[0] if "{" in case.path else case.path)
    return paths


def internal_errors(client: Client, paths: list[str], applied: Applied) -> list[tuple[str, int]]:
    errors = []
    for path in paths:
        applied.at = f"GET {path}"
        status = client.get(path).status_code
        if status >= 500:
            errors.append((path, status))
    return errors


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("service", [Service.MOTOTAXI, Service.TAXI])
def test_no_route_answers_an_internal_error_for_a_permit_no_law_governs_today(
    user_of, monkeypatch, service, state
):
    m = Municipality.objects.get(slug="ipatinga")
    world = build_world(m, user_of)
    with unscoped():
        bound = list(LawBinding.objects.filter(municipality=m, service=service))
    unbind(m, service, state)
    paths = reads(world)
    with laws_applied_before_their_day(m, monkeypatch) as applied:
        by_path = walk(world, paths, user_of, applied)
    # A route that fails with the law bound too fails for another reason than the law's seam
    # (the world's records are made for tenancy, not for every page): not this test's.
    with unscoped():
        LawBinding.objects.filter(municipality=m, service=service).delete()
        LawBinding.objects.bulk_create(bound)
    m.forget_bindings()
    with tenant(m):
        person = Person.objects.get(pk=world["person"])
    for path in list(by_path):
        who = by_path[path][0]
        client = Client(raise_request_exception=False)
        if who == "titular":
            client.force_login(person.user)
        elif who != "público":
            client.force_login(user_of(m.slug, Role(who)))
        if client.get(path).status_code >= 500:
            del by_path[path]
    wrong = sorted(set(applied)) if state == FUTURE else []
    errors = [f"{p}: {', '.join(w)}" for p, w in sorted(by_path.items())]
    assert not errors and not wrong, "\n".join(errors + wrong)


def walk(world: World, paths: list[str], user_of: Any, applied: Applied) -> dict[str, list[str]]:
    """Each of ``paths`` read by whom it is for — every staff role, the holder on the portal,
    anyone on the public pages: the paths answering 500, with whom to (``applied`` told which
    path is being read)."""
    m = world.m
    staff = [p for p in paths if not p.startswith(("/portal/", "/plataforma/", *PUBLIC))]
    found: dict[str, Any] = {}
    for role in STAFF:
        client = Client(raise_request_exception=False)
        client.force_login(user_of(m.slug, role))
        found[role] = internal_errors(client, staff, applied)
    with tenant(m):
        person = Person.objects.get(pk=world["person"])
    holder = Client(raise_request_exception=False)
    holder.force_login(portal_login(m, person))
    found["titular"] = internal_errors(
        holder, [p for p in paths if p.startswith("/portal/")], applied
    )
    public = [p for p in paths if p.lstrip("/").startswith(PUBLIC)]
    found["público"] = internal_errors(Client(raise_request_exception=False), public, applied)
    by_path: dict[str, list[str]] = {}
    for who, errors in found.items():
        for path, _ in errors:
            by_path.setdefault(path, []).append(str(who))
    return by_path
