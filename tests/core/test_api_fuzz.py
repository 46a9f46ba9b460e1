"""The API under fuzzing (issue #19, item 7): schemathesis draws requests from the OpenAPI
document — valid ones (positive mode) and ones that break it (negative mode: a wrong type, a value
past its bounds, a required field left out) — and sends them in-process to the WSGI application,
as a logged-in clerk (session cookie + CSRF) and as a platform (bearer token). Both modes are
named below, not left to the library's default (ADR 0037): the coverage phase sends each
operation's boundary and schema-breaking cases once (deterministic, a few dozen per operation),
the fuzzing phase draws ``OUTORGA_FUZZ_EXAMPLES`` more from either mode.

Every answer must be no server error (5xx), carry a status code the operation documents, and the
content type it documents. Writes stay in the test database (each operation's examples run in one
test transaction, rolled back). Bounded per operation so CI stays within minutes; for a deeper run
locally set ``OUTORGA_FUZZ_EXAMPLES`` (docs/architecture.md, "Fuzzing the API").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, Phase, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from outorga.config.api import api
from outorga.config.wsgi import application
from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

EXAMPLES = int(os.environ.get("OUTORGA_FUZZ_EXAMPLES", "3"))
#: The servant whose session the fuzzer uses (``atendente`` in CI; ``autoridade`` reaches more acts).
CLERK = Role(os.environ.get("OUTORGA_FUZZ_ROLE", Role.ATENDENTE.value))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]
CSRF = "f" * 32

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def connection_kept() -> Iterator[None]:
    """The application runs in the test's transaction: as Django's test client does, a request's
    end must not close the test's database connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _clerk(user_of: Any) -> dict[str, Any]:
    client = Client()
    client.force_login(user_of("ipatinga", CLERK))
    session = client.cookies["sessionid"].value
    return {
        "cookies": {"sessionid": session, "csrftoken": CSRF},
        "headers": {"X-CSRFToken": CSRF},
    }


def _platform(barra_m: Any, user_of: Any) -> dict[str, Any]:
    from outorga.platforms.models import Platform
    from outorga.platforms.tokens import api_token_issue

    with tenant(barra_m):
        platform = Platform.objects.order_by("pk").first()
        actor = Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE))
        _, secret = api_token_issue(
            actor=actor, municipality=barra_m, platform=platform, name="fuzz"
        )
    return {"headers": {"Authorization": f"Bearer {secret}"}}


@pytest.fixture
def clerk(user_of: Any) -> dict[str, Any]:
    """A servant's session, with its CSRF pair."""
    return _clerk(user_of)


@pytest.fixture
def platform(barra_m: Any, user_of: Any) -> dict[str, Any]:
    """A platform's bearer token."""
    return _platform(barra_m, user_of)


def _secured_by(*schemes: str) -> Any:
    """Operations whose security names one of ``schemes``."""

    def match(ctx: Any) -> bool:
        security = ctx.operation.definition.raw.get("security") or []
        return any(name in schemes for requirement in security for name in requirement)

    return match


schema = schemathesis.openapi.from_dict(api.get_openapi_schema())
schema.app = application
#: Valid requests and schema-breaking ones, each answered below 500 with a documented status.
MODES = [GenerationMode.POSITIVE, GenerationMode.NEGATIVE]
schema.config.generation.update(modes=MODES)
#: Each identity fuzzes the operations it may reach; the session's also take the public ones and
#: the other machine clients' (a company's token), where they check the refusal of 401.
as_clerk = schema.exclude(_secured_by("PlatformBearer"))
as_platform = schema.include(_secured_by("PlatformBearer"))

FUZZ = settings(
    max_examples=EXAMPLES,
    phases=[Phase.explicit, Phase.generate],
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@as_clerk.parametrize()
@FUZZ
def test_as_a_clerk_no_operation_answers_a_server_error_or_an_undocumented_status(
    case: Any, clerk: dict[str, Any]
) -> None:
    case.call_and_validate(checks=CHECKS, **clerk)


@as_platform.parametrize()
@FUZZ
def test_as_a_platform_no_operation_answers_a_server_error_or_an_undocumented_status(
    case: Any, platform: dict[str, Any]
) -> None:
    case.call_and_validate(checks=CHECKS, **platform)


def test_every_operation_is_fuzzed_with_negative_data_too() -> None:
    """Each operation's fuzzing and coverage phases draw from both modes, and the coverage phase
    (the schema-breaking cases sent once each) is on for every operation."""
    for result in schema.get_all_operations():
        op = result.ok()
        phases = schema.config.phases_for(operation=op)
        assert phases.coverage.enabled and phases.fuzzing.enabled, op.label
        for phase in ("fuzzing", "coverage"):
            modes = schema.config.generation_for(operation=op, phase=phase).modes
            assert set(modes) == set(MODES), (op.label, phase, modes)


# The causes the fuzzer found, each pinned by a request a person could send.


def _clerk_client(user_of: Any, role: Role = Role.ATENDENTE) -> Client:
    client = Client()
    client.force_login(user_of("ipatinga", role))
    return client


def test_a_nul_character_in_the_query_is_refused_naming_the_parameter(user_of: Any) -> None:
    r = _clerk_client(user_of).get("/api/v1/registry/people?q=%00")
    assert r.status_code == 422
    assert r.json()["erros"] == [
        {"campo": "q", "erro": "contém o caractere nulo (NUL, %00), que não é aceito"}
    ]


def test_a_nul_character_in_a_json_body_is_refused_naming_the_field(user_of: Any) -> None:
    r = _clerk_client(user_of, Role.FISCAL).post(
        "/api/v1/enforcement/autos",
        data='{"code": "x", "place": "Rua \\u0000 1", "attachments": []}',
        content_type="application/json",
    )
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "place"


def test_a_nul_character_on_a_page_is_a_bad_request_not_a_server_error(user_of: Any) -> None:
    r = _clerk_client(user_of).get("/cadastro/pessoas/?q=%00")
    assert r.status_code == 400
    assert "caractere nulo" in r.content.decode()


def test_an_attachment_that_is_not_base64_is_refused_naming_the_field(user_of: Any) -> None:
    r = _clerk_client(user_of, Role.FISCAL).post(
        "/api/v1/enforcement/autos",
        data={"photos": [{"name": "foto.jpg", "content_base64": "não é base64!"}]},
        content_type="application/json",
    )
    assert r.status_code == 422
    assert {
        "campo": "photos[1].content_base64",
        "erro": "base64 inválido (RFC 4648: A–Z, a–z, 0–9, + e /, com =)",
    } in r.json()["erros"]


def test_every_operation_documents_the_refusals_the_shared_handlers_give() -> None:
    doc = api.get_openapi_schema()
    missing = []
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            codes = {int(c) for c in op["responses"]}
            if op.get("security") and not {401, 403} <= codes:
                missing.append(f"{method.upper()} {path}: 401/403")
            if (op.get("parameters") or "requestBody" in op) and 422 not in codes:
                missing.append(f"{method.upper()} {path}: 422")
    assert not missing, "\n".join(missing)


def _edge(param: dict[str, Any]) -> str:
    """A parameter's value at the edge of its type: an integer past PostgreSQL's bigint, the last
    day a date can have."""
    schema = param.get("schema", {})
    kinds = (
        {schema.get("type"), schema.get("format")}
        | {s.get("type") for s in schema.get("anyOf", [])}
        | {s.get("format") for s in schema.get("anyOf", [])}
    )
    if "integer" in kinds:
        return str(2**63)
    if "date" in kinds:
        return "9999-12-31"
    if "date-time" in kinds:
        return "9999-12-31T23:59:59+00:00"
    return "x"


def test_integers_past_bigint_and_the_last_date_are_refused_or_answered_never_a_5xx(
    user_of: Any,
) -> None:
    """Every GET with its path and query parameters at the edge of their types (issue #19:
    integer and date overflow) answers a documented status below 500."""
    doc = api.get_openapi_schema()
    client = _clerk_client(user_of, Role.AUTORIDADE)
    failures = []
    for path, operations in doc["paths"].items():
        op = operations.get("get")
        if op is None:
            continue
        url, query = path, {}
        for param in op.get("parameters", []):
            value = _edge(param)
            if param["in"] == "path":
                url = url.replace("{" + param["name"] + "}", value)
            elif param["in"] == "query":
                query[param["name"]] = value
        r = client.get(url, query)
        documented = {int(c) for c in op["responses"]}
        if r.status_code >= 500 or r.status_code not in documented:
            failures.append(f"GET {url}?{query}: {r.status_code}")
    assert not failures, "\n".join(failures)


def test_a_fare_past_the_column_s_integer_is_refused_naming_the_field(
    barra_m: Any, user_of: Any
) -> None:
    """Found by the fuzzer: 6 192 571 550 cents per km failed the write (integer out of range)."""
    headers = _platform(barra_m, user_of)["headers"]
    r = Client().post(
        "/api/v1/platform/fares",
        data={"base_fare_cents": 500, "per_km_cents": 6192571550, "per_minute_cents": 35},
        content_type="application/json",
        headers=headers,
    )
    assert r.status_code == 422
    assert {"campo": "per_km_cents", "erro": "deve ser menor ou igual a 2147483647"} in r.json()[
        "erros"
    ]
