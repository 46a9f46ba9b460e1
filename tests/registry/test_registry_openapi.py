"""Issue #4: every registry route (/registry, /tenders, /taxi, /stands) documents its response body
in /api/v1/openapi.json, and the refusals carry the law's decision (422) as the API answers them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

REGISTRY_PREFIXES = ("/api/v1/registry", "/api/v1/tenders", "/api/v1/taxi", "/api/v1/stands")
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return Client().get("/api/v1/openapi.json").json()  # type: ignore[no-any-return]


def _operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, op)
        for path, item in doc["paths"].items()
        if path.startswith(REGISTRY_PREFIXES)
        for method, op in item.items()
        if method in METHODS
    ]


def _schema_of(response: dict[str, Any]) -> dict[str, Any]:
    content = response.get("content") or {}
    return next(iter(content.values()), {}).get("schema") or {}


def test_every_registry_route_documents_its_success_body(doc: dict[str, Any]) -> None:
    ops = _operations(doc)
    assert len(ops) >= 50  # registry + tenders + taxi + stands
    missing = []
    for path, method, op in ops:
        ok = {code: r for code, r in op["responses"].items() if code.startswith("2")}
        if not ok or not all(_schema_of(r) for r in ok.values()):
            missing.append(f"{method.upper()} {path}")
    assert missing == []


def test_registry_writes_document_the_refusal_and_conflict_bodies(doc: dict[str, Any]) -> None:
    missing = []
    for path, method, op in _operations(doc):
        if method == "get":
            continue
        for code in ("403", "422"):
            if not _schema_of(op["responses"].get(code, {})):
                missing.append(f"{method.upper()} {path} {code}")
    assert missing == []
    refusal = doc["components"]["schemas"]["RefusalOut"]
    assert {"detail", "erros", "decisao"} <= set(refusal["properties"])


def test_permit_schema_names_fields_in_portuguese_with_examples(doc: dict[str, Any]) -> None:
    schemas = doc["components"]["schemas"]
    permit = schemas["PermitOut"]["properties"]
    assert "examples" in permit["number"]
    assert permit["status"].get("description")
    history = schemas["PermitHistoryOut"]["properties"]
    assert "from" in history  # the key the route answers, not the Python name
    assert "from" in schemas["VehicleChangeOut"]["properties"]


def test_a_natural_person_is_answered_without_the_partners_key(ipatinga_m, user_of) -> None:  # type: ignore[no-untyped-def]
    """The schema lists ``partners`` (legal persons only, taxi art. 11); a natural person's answer
    keeps the keys it always had, no ``partners: null`` added."""
    from validate_docbr import CPF

    from outorga.law.competence import Role

    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    body = {"document": CPF().generate(), "name": "Ana Esquema", "birth_date": "1990-01-01"}
    r = c.post("/api/v1/registry/people", body, content_type="application/json")
    assert r.status_code == 201, r.content
    keys = {"id", "kind", "document", "name", "birth_date", "blood_type", "city", "photo"}
    assert set(r.json()) == keys
    listed = c.get("/api/v1/registry/people", {"q": "Ana Esquema"}).json()["items"]
    assert [set(p) for p in listed] == [keys]


def test_taxi_answers_keep_their_keys_through_the_schemas(ipatinga_m, user_of) -> None:  # type: ignore[no-untyped-def]
    """Art. 30 reserve vehicle and its end, the Termo (art. 10) and the renewal debts (D-11),
    answered through the schemas: the ``from`` key (a Python keyword) keeps its name."""
    from registry_factories import TAXI_ON as ON
    from registry_factories import grant, taxi_holder, taxi_vehicle

    from outorga.law.competence import Role

    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    permit = grant(m, holder, vehicle)
    spare = taxi_vehicle(m, holder)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    base = f"/api/v1/taxi/permits/{permit.pk}"
    body = {
        "vehicle_id": spare.pk,
        "on": ON.isoformat(),
        "until": (ON + dt.timedelta(days=29)).isoformat(),
        "cause": "roubo",
    }
    r = c.post(f"{base}/reserve-vehicle", body, content_type="application/json")
    assert r.status_code == 201, r.content
    change = r.json()
    assert set(change) == {"id", "permit", "kind", "from", "to", "started_on", "until", "status"}
    assert (change["from"], change["to"]) == (vehicle.plate, spare.plate)
    end = {"on": (ON + dt.timedelta(days=20)).isoformat()}
    r = c.post(f"/api/v1/taxi/vehicle-changes/{change['id']}/end", end, "application/json")
    assert r.status_code == 200, r.content
    assert r.json()["from"] == vehicle.plate and r.json()["status"] != change["status"]

    term = c.get(f"{base}/term").json()
    assert term["permit"] == permit.pk and isinstance(term["renewals"], list)
    assert {"total", "total_cents", "valid_until"} <= set(term)
    debts = c.get(f"{base}/renewal-debts", {"on": ON.isoformat()}).json()
    assert set(debts) == {"blocking", "under_review"}


def test_the_people_search_is_documented_in_the_body_too(doc: dict[str, Any]) -> None:
    """ADR 0052, addendum (a deliberate change of the published contract): ``POST …/people/search``
    takes the search in a JSON body and answers the page of ``GET …/people``, kept as it was."""
    get = doc["paths"]["/api/v1/registry/people"]["get"]
    post = doc["paths"]["/api/v1/registry/people/search"]["post"]
    assert "q" in {p["name"] for p in get["parameters"]}
    assert "q" not in {p["name"] for p in post.get("parameters", [])}
    assert {p["name"] for p in post["parameters"]} == {"limit", "cursor"}
    body = post["requestBody"]["content"]["application/json"]["schema"]
    ref = body.get("$ref", "").rsplit("/", 1)[-1]
    assert list(doc["components"]["schemas"][ref]["properties"]) == ["q"]
    assert _schema_of(post["responses"]["200"]) == _schema_of(get["responses"]["200"])
