"""Every list route of the API is paged by one cursor (issue #23, item 3): ``limit`` and ``cursor``
in, ``{"items": [...], "next": …}`` out, on a stable order; a bad ``limit`` or ``cursor`` is
refused in Portuguese naming the parameter, and a cursor of one municipality reaches nothing in
another's list."""

from __future__ import annotations

import base64
import datetime as dt
import json
import zlib
from typing import Any

import pytest
from django.test import Client
from ninja import NinjaAPI, Router, Schema

from outorga.config.api import api
from outorga.core.apipages import MAX_LIMIT, paged
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import catalog
from outorga.law.competence import Role
from outorga.registry.models import Notification, Person

PEOPLE = "/api/v1/registry/people"
#: The routes issue #23 named as cut at 200, 500 or 1 000 items with no cursor.
NAMED_IN_THE_ISSUE = {
    "/api/v1/registry/people",
    "/api/v1/registry/vehicles",
    "/api/v1/registry/permits",
    "/api/v1/notifications",
}


def _json_schema(op: dict[str, Any]) -> dict[str, Any]:
    ok = op["responses"].get(200) or op["responses"].get("200") or {}
    return ok.get("content", {}).get("application/json", {}).get("schema", {})


def list_routes(schema: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The GET routes of an OpenAPI document answering a list: (paged, not paged). A paged one
    answers an object of exactly ``items`` (an array) and ``next``, and takes ``limit`` and
    ``cursor``; a bare array, or a page without those parameters, is not paged."""
    components = schema.get("components", {}).get("schemas", {})
    paged_routes, bare = set(), set()
    for path, operations in schema["paths"].items():
        op = operations.get("get")
        if op is None:
            continue
        body = _json_schema(op)
        if body.get("type") == "array":
            bare.add(path)
            continue
        target = components.get(body.get("$ref", "").rsplit("/", 1)[-1], {})
        properties = target.get("properties", {})
        if properties.get("items", {}).get("type") != "array":
            continue  # an object, not a list
        params = {p["name"]: p for p in op.get("parameters", []) if p["in"] == "query"}
        limit = params.get("limit", {}).get("schema", {})
        if (
            set(properties) == {"items", "next"}
            and "cursor" in params
            and limit.get("maximum") == MAX_LIMIT
            and limit.get("minimum") == 1
        ):
            paged_routes.add(path)
        else:
            bare.add(path)
    return paged_routes, bare


def test_every_api_list_route_is_paginated():
    paged_routes, bare = list_routes(api.get_openapi_schema())
    assert not bare, f"rotas de lista sem paginação por cursor: {sorted(bare)}"
    assert NAMED_IN_THE_ISSUE <= paged_routes
    assert len(paged_routes) >= 30  # the check found the lists, not nothing


class _Item(Schema):
    id: int


def test_the_check_fails_on_a_new_list_route_without_pages():
    """Guards the test above: an unpaged list route added tomorrow is named."""
    router = Router()

    @router.get("/new", response=list[_Item])
    def new(request: Any) -> list[dict[str, int]]:
        return [{"id": 1}]

    @router.get("/old", response=list[_Item])
    @paged("id")
    def old(request: Any) -> list[dict[str, int]]:
        return [{"id": 1}]

    toy = NinjaAPI(urls_namespace="toy-pages")
    toy.add_router("", router)
    paged_routes, bare = list_routes(toy.get_openapi_schema(path_prefix="/api/"))
    assert bare == {"/api/new"} and paged_routes == {"/api/old"}


def test_the_openapi_document_says_how_to_page():
    schema = api.get_openapi_schema()
    op = schema["paths"][PEOPLE]["get"]
    params = {p["name"]: p for p in op["parameters"]}
    assert params["limit"]["schema"]["default"] == 50
    assert "next" in params["cursor"]["description"]
    page = schema["components"]["schemas"]["PagedPersonOut"]
    assert page["properties"]["items"]["items"] == {"$ref": "#/components/schemas/PersonOut"}
    assert "próxima página" in page["properties"]["next"]["description"]
    assert "cursor" in schema["info"]["description"]


# -- the walk ------------------------------------------------------------------------------------


def _people(m: Any, names: list[str], first_document: int) -> list[int]:
    with tenant(m):
        made = Person.objects.bulk_create(
            Person(municipality=m, document=f"{first_document + i:011d}", name=name)
            for i, name in enumerate(names)
        )
    return [p.pk for p in made]


def _clerk(user_of: Any, slug: str = "ipatinga") -> Client:
    c = Client()
    c.force_login(user_of(slug, Role.ATENDENTE))
    return c


def test_a_list_of_250_is_walked_in_three_pages_of_100_each_row_once(ipatinga_m, user_of):
    # Names out of insertion order, each twice: the primary key breaks the ties between pages.
    ids = _people(ipatinga_m, [f"Paginada {(i * 37) % 125:03d}" for i in range(250)], 90000000000)
    c = _clerk(user_of)
    seen: list[int] = []
    pages = []
    cursor = None
    while True:
        query = {"q": "Paginada", "limit": 100, **({"cursor": cursor} if cursor else {})}
        r = c.get(PEOPLE, query)
        assert r.status_code == 200, r.content
        body = r.json()
        assert set(body) == {"items", "next"}
        pages.append(len(body["items"]))
        seen += [p["id"] for p in body["items"]]
        if len(pages) == 1:
            # Rows added mid-walk, before and after the cursor, never repeat nor hide another.
            _people(ipatinga_m, ["Paginada 000 nova", "Paginada 999 nova"], 91000000000)
        cursor = body["next"]
        if cursor is None:
            break
    # 250 and the one added after the cursor; the one added before it is behind this walk.
    assert pages == [100, 100, 51]
    assert len(seen) == len(set(seen)), "uma pessoa apareceu duas vezes"
    assert set(ids) <= set(seen), "uma pessoa ficou de fora"
    with tenant(ipatinga_m):
        added = dict(Person.objects.filter(name__endswith=" nova").values_list("name", "pk"))
    assert added["Paginada 999 nova"] in seen and added["Paginada 000 nova"] not in seen


def test_the_order_is_stable_name_then_id(ipatinga_m, user_of):
    ids = _people(ipatinga_m, ["Estável B", "Estável A", "Estável B", "Estável A"], 92000000000)
    c = _clerk(user_of)
    first = c.get(PEOPLE, {"q": "Estável", "limit": 3}).json()
    rest = c.get(PEOPLE, {"q": "Estável", "limit": 3, "cursor": first["next"]}).json()
    assert [p["id"] for p in first["items"] + rest["items"]] == [ids[1], ids[3], ids[0], ids[2]]
    assert rest["next"] is None


def test_nulls_come_last_and_every_row_once(ipatinga_m, user_of):
    """The avisos are ordered by a date that may be empty (``due_on``)."""
    with tenant(ipatinga_m):
        Notification.objects.all().delete()
        days = [None, dt.date(2026, 5, 2), None, dt.date(2026, 5, 1), dt.date(2026, 5, 2), None]
        made = Notification.objects.bulk_create(
            Notification(
                municipality=ipatinga_m,
                kind=Notification.Kind.OTHER,
                key=f"pagina-{i}",
                message=f"aviso {i}",
                due_on=day,
            )
            for i, day in enumerate(days)
        )
    c = _clerk(user_of)
    seen, cursor = [], None
    while True:
        body = c.get(
            "/api/v1/notifications", {"limit": 2, **({"cursor": cursor} if cursor else {})}
        )
        assert body.status_code == 200, body.content
        seen += body.json()["items"]
        cursor = body.json()["next"]
        if cursor is None:
            break
    assert sorted(n["id"] for n in seen) == sorted(n.pk for n in made)
    assert [n["due_on"] for n in seen][:3] == ["2026-05-01", "2026-05-02", "2026-05-02"]
    assert [n["due_on"] for n in seen][3:] == [None, None, None]


def test_a_catalog_is_paged_in_the_order_of_its_articles(ipatinga_m, user_of):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FISCAL))
    url = "/api/v1/enforcement/infraction-types"
    codes, cursor = [], None
    while True:
        body = c.get(
            url, {"on": "2026-03-01", "limit": 7, **({"cursor": cursor} if cursor else {})}
        )
        assert body.status_code == 200, body.content
        codes += [k["code"] for k in body.json()["items"]]
        cursor = body.json()["next"]
        if cursor is None:
            break
    law = "ipatinga.mototaxi-2013"
    assert codes == [k.code for k in catalog(law, (), dt.date(2026, 3, 1))]
    assert codes[:2] == ["art38-I", "art38-II"] and len(codes) > 7


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        ("0", "deve ser maior ou igual a 1"),
        (str(MAX_LIMIT + 1), f"deve ser menor ou igual a {MAX_LIMIT}"),
        ("cem", "deve ser um número inteiro"),
    ],
)
def test_a_bad_limit_is_refused_naming_limit(user_of, limit, message):
    r = _clerk(user_of).get(PEOPLE, {"limit": limit})
    assert r.status_code == 422
    assert r.json()["erros"] == [{"campo": "limit", "erro": message}]


def _a_cursor(c: Client, url: str = PEOPLE) -> str:
    body = c.get(url, {"limit": 1}).json()
    assert body["next"], "a lista precisa de duas páginas"
    return str(body["next"])


@pytest.mark.parametrize(
    "mangle",
    [
        lambda cursor: "não-é-cursor",
        lambda cursor: cursor[:-3],
        lambda cursor: cursor[:10] + ("A" if cursor[10] != "A" else "B") + cursor[11:],
        lambda cursor: cursor + "x",
    ],
)
def test_a_changed_cursor_is_refused_naming_cursor(ipatinga_m, user_of, mangle):
    _people(ipatinga_m, ["Cursor A", "Cursor B"], 93000000000)
    c = _clerk(user_of)
    r = c.get(PEOPLE, {"cursor": mangle(_a_cursor(c))})
    assert r.status_code == 422
    body = r.json()
    assert body["codigo"] == "campo_invalido"
    assert body["erros"][0]["campo"] == "cursor"
    assert "cursor inválido" in body["erros"][0]["erro"]


def test_a_cursor_is_no_use_on_another_list(ipatinga_m, user_of):
    _people(ipatinga_m, ["Outra A", "Outra B"], 94000000000)
    c = _clerk(user_of)
    r = c.get("/api/v1/registry/vehicles", {"cursor": _a_cursor(c)})
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "cursor"
    assert "outra lista" in r.json()["erros"][0]["erro"]


def test_the_cursor_shows_nothing_of_the_row_it_stops_at(ipatinga_m, user_of):
    """Opaque: a key value (a name here; a CPF on other lists) is sealed, not merely encoded."""
    _people(ipatinga_m, ["Aaaa Selada", "Aaaa Selada Dois"], 95000000000)
    c = _clerk(user_of)
    body = c.get(PEOPLE, {"q": "Aaaa Selada", "limit": 1}).json()
    raw = base64.urlsafe_b64decode(body["next"] + "=" * (-len(body["next"]) % 4))
    assert b"Selada" not in raw
    with pytest.raises(zlib.error):
        zlib.decompress(raw)


def test_a_cursor_of_one_municipality_reaches_nothing_in_another(ipatinga_m, barra_m, user_of):
    _people(ipatinga_m, ["Ipatinga Paginada A", "Ipatinga Paginada B"], 96000000000)
    _people(barra_m, ["Barra Paginada A", "Barra Paginada B"], 96000000000)
    a = _clerk(user_of, "ipatinga")
    b = _clerk(user_of, "barra-do-garcas")
    foreign = _a_cursor(a)
    r = b.get(PEOPLE, {"cursor": foreign})
    assert r.status_code == 422, r.content
    assert r.json()["erros"][0]["campo"] == "cursor"
    assert "outro município" in r.json()["erros"][0]["erro"]
    assert "Ipatinga Paginada" not in r.content.decode()
    # B's own cursor walks B's list, and nothing of A is in it.
    own = _a_cursor(b)
    rest = b.get(PEOPLE, {"cursor": own, "limit": MAX_LIMIT}).json()
    assert rest["items"] and "Ipatinga Paginada" not in json.dumps(rest)
    # And A's cursor still serves A.
    assert a.get(PEOPLE, {"cursor": foreign}).status_code == 200


def test_a_computed_list_is_paged_by_its_keys_in_python_as_in_sql(rf):
    """The routes that compute their rows (overdue complaints, report candidates…) are cut the
    same way: descending and ascending keys, nulls last, each row once."""
    from outorga.core.apipages import CursorPagination

    rows = [
        {"day": dt.date(2026, 5, d) if d else None, "id": i}
        for i, d in enumerate([3, None, 1, 3, 2, None, 1])
    ]
    pager = CursorPagination(order=("-day", "id"))
    request = rf.get("/api/v1/computada")
    walked, cursor = [], None
    while True:
        page = pager.paginate_queryset(
            rows, CursorPagination.Input(limit=2, cursor=cursor), request
        )
        walked += page["items"]
        cursor = page["next"]
        if cursor is None:
            break
    assert [r["id"] for r in walked] == [0, 3, 4, 2, 6, 1, 5]
