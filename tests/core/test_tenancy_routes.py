"""Every URL route of the web UI and the API, walked as a user of municipality A against the
objects of municipality B: 404/403, B's data never shown, and nothing of B changed.

A route this file does not know makes the test fail. Each app adds its routes in a file
``tests/<app>/tenancy_cases.py`` defining ``build(m, user_of, marker) -> dict`` (objects of municipality
``m`` that its routes point at, found later in ``world.extra``) and ``ROUTES`` (route → case).
"""

from __future__ import annotations

import json
import runpy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import URLResolver, get_resolver

from outorga.core.acts import Actor, record_act
from outorga.core.models import ApiToken, Municipality
from outorga.core.tenancy import TenantModel, tenant, unscoped
from outorga.law import questions
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import Role
from outorga.platforms.models import Platform
from outorga.platforms.tokens import api_token_issue


def walk(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from walk(p.url_patterns, prefix + str(p.pattern))
        else:
            yield prefix + str(p.pattern)


@dataclass
class World:
    """Objects of one municipality that routes can point at."""

    m: Municipality
    act_id: int
    platform_id: int
    token_id: int
    token_secret: str
    question: str
    marker: str  # a string only this municipality's pages contain
    extra: dict[str, Any] = field(default_factory=dict)  # objects made by the apps' case files


def build_world(m: Municipality, user_of: Callable[..., Any]) -> World:
    with tenant(m):
        marker = f"MARCA-{m.slug.upper()}"
        act = record_act(
            municipality=m,
            actor=Actor.system(),
            action="test.marker",
            object_type="teste",
            object_id=marker,
        )
        platform, _ = Platform.objects.get_or_create(
            cnpj=f"9{m.ibge_code}0001", defaults={"name": f"Plataforma {marker}"}
        )
        authority = user_of(m.slug, Role.AUTORIDADE)
        # Tokens are a platform credential (apps law); made directly where that law doesn't apply.
        if "barra-do-garcas.apps-2025" in m.laws:
            token, secret = api_token_issue(
                actor=Actor.of(authority), municipality=m, platform=platform, name="t"
            )
        else:
            from outorga.core.services import TOKEN_PREFIX

            secret = f"{TOKEN_PREFIX}_{m.ibge_code[:8]}_segredo-de-teste-{m.slug}"
            token = ApiToken.objects.create(
                platform=platform,
                name="t",
                prefix=m.ibge_code[:8],
                digest=ApiToken.digest_of(secret),
                created_by=authority,
            )
    q = next(q.id for q in questions.registry().values() if q.law in m.laws)
    world = World(m, act.pk, platform.pk, token.pk, secret, q, marker)
    for module in CASE_MODULES:
        with tenant(m):
            world.extra.update(module["build"](m, user_of, marker))
    return world


def snapshot(m: Municipality) -> str:
    """Every tenant row of ``m``, serialised: equal before and after means nothing changed."""
    rows = []
    with unscoped():
        for model in apps.get_models():
            if issubclass(model, TenantModel):
                for obj in model.objects.filter(municipality=m).order_by("pk"):
                    rows.append((model._meta.label, model_to_dict(obj)))
    return json.dumps(rows, default=str, sort_keys=True)


# Route → how to attack it: (method, path built from B's world, expected statuses, json body[,
# auth]) where auth is "token" (A's platform API token) or a role A's user logs in with (default:
# autoridade). Bodies of form posts are given as {"__form__": {...}}.
Case = Callable[["World"], tuple[Any, ...]]
ROUTES: dict[str, Case] = {
    "healthz": lambda b: ("get", "/healthz", {200}, None),
    "entrar/": lambda b: ("get", "/entrar/", {200, 302}, None),
    "sair/": lambda b: ("post", "/sair/", {302}, None),
    "": lambda b: ("get", "/", {200}, None),
    "municipio/": lambda b: ("get", "/municipio/", {200}, None),
    "atos/": lambda b: ("get", "/atos/", {200}, None),
    "atos/<int:act_id>/": lambda b: ("get", f"/atos/{b.act_id}/", {404}, None),
    "lei/": lambda b: ("get", "/lei/", {200}, None),
    "lei/<str:qid>/": lambda b: ("get", f"/lei/{b.question}/", {404}, None),
    "api/v1/": lambda b: ("get", "/api/v1/", {404}, None),
    "api/v1/openapi.json": lambda b: ("get", "/api/v1/openapi.json", {200}, None),
    "api/v1/docs": lambda b: ("get", "/api/v1/docs", {200}, None),
    "api/v1/me": lambda b: ("get", "/api/v1/me", {200}, None),
    "api/v1/municipality": lambda b: ("get", "/api/v1/municipality", {200}, None),
    "api/v1/acts": lambda b: ("get", "/api/v1/acts", {200}, None),
    "api/v1/acts/<act_id>": lambda b: ("get", f"/api/v1/acts/{b.act_id}", {404}, None),
    "api/v1/law/questions": lambda b: ("get", "/api/v1/law/questions", {200}, None),
    # The rulebooks any municipality may bind: the same list for all, no municipality's data.
    "api/v1/law/laws": lambda b: ("get", "/api/v1/law/laws", {200}, None),
    "api/v1/law/questions/<qid>": lambda b: (
        "get",
        f"/api/v1/law/questions/{b.question}",
        {404},
        None,
    ),
    "api/v1/law/<qid>": lambda b: (
        "post",
        f"/api/v1/law/{b.question}",
        {404},
        {"facts": {}, "on": "2026-01-10"},
    ),
    "api/v1/platforms": lambda b: ("get", "/api/v1/platforms", {200}, None),
    "api/v1/platforms/<platform_id>/tokens": lambda b: (
        "post",
        f"/api/v1/platforms/{b.platform_id}/tokens",
        {404},
        {"name": "invasor"},
    ),
    "api/v1/tokens/<token_id>/revoke": lambda b: (
        "post",
        f"/api/v1/tokens/{b.token_id}/revoke",
        {404},
        None,
    ),
    "api/v1/platform/me": lambda b: ("get", "/api/v1/platform/me", {200}, None, "token"),
}


CASE_MODULES = [
    runpy.run_path(str(path))
    for path in sorted((Path(__file__).parent.parent).glob("*/tenancy_cases.py"))
]
for _module in CASE_MODULES:
    assert not set(_module["ROUTES"]) & set(ROUTES), "route with two tenancy cases"
    ROUTES.update(_module["ROUTES"])


def test_every_route_has_a_tenancy_case():
    routes = set(walk(get_resolver().url_patterns))
    missing = routes - set(ROUTES)
    assert not missing, f"rotas sem caso de isolamento entre municípios: {sorted(missing)}"
    assert not set(ROUTES) - routes, "casos para rotas que não existem mais"


@pytest.mark.parametrize(
    ("a_slug", "b_slug"), [("ipatinga", "barra-do-garcas"), ("barra-do-garcas", "ipatinga")]
)
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_user_of_a_never_reaches_b(route, a_slug, b_slug, user_of):
    a = build_world(Municipality.objects.get(slug=a_slug), user_of)
    b = build_world(Municipality.objects.get(slug=b_slug), user_of)
    client = Client(enforce_csrf_checks=False)
    headers: dict[str, str] = {}
    before = snapshot(b.m)
    method, path, expected, body, *rest = ROUTES[route](b)
    auth = rest[0] if rest else Role.AUTORIDADE.value
    if auth == "token":
        headers["Authorization"] = f"Bearer {a.token_secret}"  # A's platform, A's token
    else:
        client.force_login(user_of(a_slug, Role(auth)))
    kwargs: dict[str, Any] = {"headers": headers}
    if isinstance(body, dict) and "__form__" in body:
        kwargs.update(data=body["__form__"])
    elif body is not None:
        kwargs.update(data=json.dumps(body), content_type="application/json")
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code in expected, (route, response.status_code)
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
    _, path, _, _ = ROUTES[route](a)
    assert client.get(path).status_code == 200


def test_own_platform_routes_work_for_the_own_municipality(user_of):
    a = build_world(Municipality.objects.get(slug="barra-do-garcas"), user_of)
    client = Client()
    client.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    r = client.post(
        f"/api/v1/platforms/{a.platform_id}/tokens",
        data={"name": "x"},
        content_type="application/json",
    )
    assert r.status_code == 201
    r = client.post(f"/api/v1/tokens/{a.token_id}/revoke")
    assert r.status_code == 200 and r.json()["active"] is False
