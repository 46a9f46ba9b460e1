"""Every URL route of the web UI and the API, walked as a user of municipality A against the
objects of municipality B: 404/403, B's data never shown, and nothing of B changed.

The cases are generated from the URLconf (tests/core/tenancy_table.py says how): a route whose
parameter the table doesn't know, or an entry for a route that no longer exists, fails the test.
B's objects come from tests/core/tenancy_world.py."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import URLResolver, get_resolver
from tenancy_table import OBJECTS, ROLES, SPECIAL, VALUES
from tenancy_world import World, build_world

from outorga.config.api import api
from outorga.core.lawseam import governs
from outorga.core.models import Municipality
from outorga.core.tenancy import TenantModel, unscoped
from outorga.law.bindings import Service
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import Role

PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


def walk(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from walk(p.url_patterns, prefix + str(p.pattern))
        else:
            yield prefix + str(p.pattern), p.callback


def view_methods(view: Any) -> list[str]:
    """The methods a Django view allows: ``require_POST`` and its kin keep them in a closure."""
    seen: set[int] = set()
    while view is not None and id(view) not in seen:
        seen.add(id(view))
        for cell in getattr(view, "__closure__", None) or ():
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                if all(v.isupper() for v in value):
                    return value
        view = getattr(view, "__wrapped__", None)
    return ["GET"]


def route_methods() -> dict[str, list[str]]:
    """Each route's methods: the API operation's own, or the Django view's."""
    operations = api.get_openapi_schema()["paths"]
    methods = {}
    for route, view in walk(get_resolver().url_patterns):
        api_path = "/" + PARAM.sub(r"{\1}", route)
        if api_path in operations:
            methods[route] = sorted(m.upper() for m in operations[api_path])
        else:
            methods[route] = view_methods(view)
    return methods


METHODS = route_methods()


def by_prefix(table: dict[str, Any], route: str, default: Any) -> Any:
    matches = [prefix for prefix in table if route.startswith(prefix)]
    return table[max(matches, key=len)] if matches else default


@dataclass
class Attack:
    method: str
    path: str
    expect: set[int]
    json: Any
    form: Any
    auth: str


def attack(route: str, b: World) -> Attack:
    """How a user of A attacks ``route`` with B's objects."""
    entry = SPECIAL.get(route, {})
    spec = entry(b) if callable(entry) else entry
    ids = spec.get("ids", {})
    names = PARAM.findall(route)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in ids:
            return str(b[ids[name]])
        if name in OBJECTS:
            key = OBJECTS[name]
            return str(b[key if isinstance(key, str) else by_prefix(key, route, key[""])])
        if name in VALUES:
            return str(VALUES[name](b))
        raise LookupError(f"{route}: parâmetro {name!r} sem objeto de B em tenancy_table")

    path = "/" + PARAM.sub(value, route) + spec.get("query", "")
    body = spec.get("json") is not None or spec.get("form") is not None
    allowed = METHODS[route]
    if body:  # a write: a Django view without require_POST takes its form's POST
        methods = [m for m in allowed if m != "GET"] or ["POST"]
    else:  # a read, where the route has one
        methods = ["GET"] if "GET" in allowed else allowed
    method = spec.get("method") or (methods[0].lower() if len(methods) == 1 else None)
    assert method, f"{route}: métodos {methods}: diga qual em tenancy_table.SPECIAL"
    points_at_b = any(name in OBJECTS or name in ids for name in names)
    expect = spec.get("expect") or ({404} if points_at_b else {200} if method == "get" else None)
    assert expect, f"{route}: escrita sem objeto de B: diga o esperado em tenancy_table.SPECIAL"
    auth = spec.get("auth") or by_prefix(ROLES, route, Role.AUTORIDADE.value)
    return Attack(method, path, expect, spec.get("json"), spec.get("form"), auth)


class AnyWorld(World):
    """A world whose every object is 0: enough to build every case without a database."""

    def __getitem__(self, key: str) -> Any:
        return 0


def snapshot(m: Municipality) -> str:
    """Every tenant row of ``m``, serialised: equal before and after means nothing changed."""
    rows = []
    with unscoped():
        for model in apps.get_models():
            if issubclass(model, TenantModel):
                for obj in model.objects.filter(municipality=m).order_by("pk"):
                    rows.append((model._meta.label, model_to_dict(obj)))
    return json.dumps(rows, default=str, sort_keys=True)


def test_every_route_has_a_tenancy_case():
    world = AnyWorld(None, "", "")  # type: ignore[arg-type]
    for route in METHODS:
        attack(route, world)  # fails naming a route it can't build
    stale = set(SPECIAL) - set(METHODS)
    assert not stale, f"casos para rotas que não existem mais: {sorted(stale)}"


@pytest.mark.parametrize(
    ("a_slug", "b_slug"), [("ipatinga", "barra-do-garcas"), ("barra-do-garcas", "ipatinga")]
)
@pytest.mark.parametrize("route", sorted(METHODS))
def test_a_user_of_a_never_reaches_b(route, a_slug, b_slug, user_of):
    a = build_world(Municipality.objects.get(slug=a_slug), user_of)
    b = build_world(Municipality.objects.get(slug=b_slug), user_of)
    client = Client(enforce_csrf_checks=False)
    headers: dict[str, str] = {}
    before = snapshot(b.m)
    case = attack(route, b)
    if case.auth == "token":
        headers["Authorization"] = f"Bearer {a.token_secret}"  # A's platform, A's token
    else:
        client.force_login(user_of(a_slug, Role(case.auth)))
    kwargs: dict[str, Any] = {"headers": headers}
    if case.form is not None:
        kwargs.update(data=case.form)
    elif case.json is not None:
        kwargs.update(data=json.dumps(case.json), content_type="application/json")
    response = getattr(client, case.method)(case.path, **kwargs)
    expect = case.expect
    platform_route = route.startswith(("api/v1/platform/", "api/v1/tripdata/"))
    if case.auth == "token" and platform_route and not governs(a.m, Service.APLICATIVO):
        # A's platform under no apps law: its token is refused by the law (ADR 0053) before
        # any record is read, B's included.
        expect = {403}
    assert response.status_code in expect, (route, response.status_code)
    content = response.content.decode("utf-8", "replace")
    assert b.marker not in content, f"{route} mostrou dados de {b_slug}"
    # A law's title may name the municipality that enacted it (any municipality may adopt it by
    # reference: the laws one can bind are listed to every administrator); nothing else may.
    for title in LAW_TITLES.values():
        content = content.replace(title, "").replace(json.dumps(title)[1:-1], "")
    assert b.m.name not in content or route == "api/v1/openapi.json"
    assert snapshot(b.m) == before, f"{route} alterou dados de {b_slug}"


@pytest.mark.parametrize(
    "route",
    ["atos/<int:act_id>/", "api/v1/acts/<act_id>", "lei/<str:qid>/", "api/v1/law/questions/<qid>"],
)
def test_the_same_routes_serve_the_users_own_objects(route, user_of):
    """Guards the test above: a 404 must come from tenancy, not from a broken route."""
    a = build_world(Municipality.objects.get(slug="ipatinga"), user_of)
    client = Client()
    client.force_login(user_of("ipatinga", Role.AUTORIDADE))
    assert client.get(attack(route, a).path).status_code == 200


PORTAL = sorted(r for r in METHODS if r.startswith("plataforma/"))


@pytest.mark.parametrize("route", PORTAL)
def test_an_anonymous_caller_reaches_no_platform_portal_route(route, user_of):
    """The platform portal needs a login: every route, read or write, sends to the login page
    and changes nothing."""
    b = build_world(Municipality.objects.get(slug="barra-do-garcas"), user_of)
    before = snapshot(b.m)
    case = attack(route, b)
    for method in {"get", case.method}:
        r = getattr(Client(), method)(case.path, data=case.form or {})
        assert r.status_code == 302 and r.headers["Location"].startswith("/entrar/"), route
    assert snapshot(b.m) == before


def test_own_platform_routes_work_for_the_own_municipality(user_of):
    a = build_world(Municipality.objects.get(slug="barra-do-garcas"), user_of)
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = client.post(
        f"/api/v1/platforms/{a['platform']}/tokens",
        data={"name": "x"},
        content_type="application/json",
    )
    assert r.status_code == 201
    r = client.post(f"/api/v1/tokens/{a['token']}/revoke")
    assert r.status_code == 200 and r.json()["active"] is False


PUBLIC = sorted(r for r in METHODS if r.startswith(("publico/", "reclamacao/", "v/")))


@pytest.mark.parametrize(
    ("a_slug", "b_slug"), [("ipatinga", "barra-do-garcas"), ("barra-do-garcas", "ipatinga")]
)
@pytest.mark.parametrize("route", PUBLIC)
def test_an_anonymous_caller_reaches_nothing_of_b_through_a_s_public_pages(
    route, a_slug, b_slug, user_of
):
    """The pages without login (plate check, lists, badge, the complaint form and its tracking)
    asked with B's identifiers on A's pages: nothing of B shown, nothing of B changed."""
    build_world(Municipality.objects.get(slug=a_slug), user_of)
    b = build_world(Municipality.objects.get(slug=b_slug), user_of)
    before = snapshot(b.m)
    case = attack(route, b)
    client = Client(enforce_csrf_checks=False)
    response = getattr(client, case.method)(case.path, data=case.form or {})
    assert response.status_code in case.expect, (route, response.status_code)
    assert b.marker not in response.content.decode("utf-8", "replace"), route
    assert snapshot(b.m) == before, route


def test_the_tracking_page_serves_the_complaint_to_its_own_municipality(user_of):
    """Guards the test above: with its own municipality the same code opens the complaint."""
    b = build_world(Municipality.objects.get(slug="barra-do-garcas"), user_of)
    r = Client().post(
        "/reclamacao/acompanhar/",
        {
            "municipio": "barra-do-garcas",
            "protocolo": b["complaint_protocol"],
            "codigo": b["complaint_code"],
        },
    )
    assert r.status_code == 200 and b.marker in r.content.decode()
