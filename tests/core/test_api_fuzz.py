"""The API under fuzzing (issue #19, item 7): schemathesis draws requests from the OpenAPI
document — valid ones and, in negative mode, ones that break it — and sends them in-process to the
WSGI application, as a logged-in clerk (session cookie + CSRF) and as a platform (bearer token).

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
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

from outorga.config.api import api
from outorga.config.wsgi import application
from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

EXAMPLES = int(os.environ.get("OUTORGA_FUZZ_EXAMPLES", "3"))
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
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
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


@pytest.fixture(params=["clerk", "platform"])
def signed_in(request: pytest.FixtureRequest, barra_m: Any, user_of: Any) -> dict[str, Any]:
    """The request's credentials: a clerk's session (with its CSRF pair) or a platform token."""
    if request.param == "clerk":
        return _clerk(user_of)
    return _platform(barra_m, user_of)


schema = schemathesis.openapi.from_dict(api.get_openapi_schema(path_prefix="/api/v1"))
schema.app = application


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    phases=[Phase.explicit, Phase.generate],
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_operation_answers_a_server_error_or_an_undocumented_status(
    case: Any, signed_in: dict[str, Any]
) -> None:
    case.call_and_validate(checks=CHECKS, **signed_in)
