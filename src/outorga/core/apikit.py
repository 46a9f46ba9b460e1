"""What every app's API module shares — the two ways in (a servant's session, a platform's bearer
token) and the JSON answer — so that no app imports the assembled API (``outorga.config.api``):
apps export routers and their errors' handlers; ``config`` mounts them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Schema
from ninja.renderers import JSONRenderer
from ninja.security import HttpBearer, SessionAuth
from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from . import services
from .access import NOT_STAFF
from .acts import Actor, record_act
from .localtime import zone_of
from .middleware import client_ip
from .models import ApiToken
from .requests import actor_of
from .tenancy import current_municipality, set_current

#: The largest numbers PostgreSQL's integer columns hold (Django's ``PositiveSmallIntegerField``,
#: ``IntegerField``/``PositiveIntegerField``, ``BigIntegerField``): the upper bound (``le=``) of an
#: input stored in one, so a larger number is refused naming its field (422), not a failed write.
SMALLINT_MAX = 32_767
INT_MAX = 2_147_483_647
BIGINT_MAX = 9_223_372_036_854_775_807

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _written_as_a_date(value: Any) -> Any:
    """A date comes written AAAA-MM-DD (ISO 8601, as the OpenAPI document says): pydantic's lax
    mode would read a number — ``on=0`` — as a Unix time, 01/01/1970, and answer for that day."""
    if isinstance(value, dt.date) or (isinstance(value, str) and _ISO_DATE.fullmatch(value)):
        return value
    raise PydanticCustomError(
        "date_parsing", "Input should be a valid date in the format YYYY-MM-DD"
    )


class IsoDate(dt.date):
    """The type of every date the API takes (query parameters, paths and bodies): ``format:
    date`` in the OpenAPI document, refused with 422 unless written AAAA-MM-DD; the value is a
    plain ``datetime.date``. A class, not ``Annotated``: django-ninja drops a query parameter's
    annotated validators."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_before_validator_function(
            _written_as_a_date, core_schema.date_schema()
        )


#: An exception class → the function answering it (``config.api`` registers every app's).
Handlers = dict[type[Exception], Callable[[HttpRequest, Any], HttpResponse]]

_RENDERER = JSONRenderer()


def respond(request: HttpRequest, body: Any, status: int = 200) -> HttpResponse:
    """A JSON answer rendered as every route's (django-ninja's renderer: dates, decimals)."""
    return HttpResponse(
        _RENDERER.render(request, body, response_status=status),
        status=status,
        content_type=f"{_RENDERER.media_type}; charset={_RENDERER.charset}",
    )


def error(request: HttpRequest, status: int, detail: Any, **more: Any) -> HttpResponse:
    """The API's refusal: ``{"detail": …}`` plus what the error adds (``erros``, ``decisao``)."""
    return respond(request, {"detail": detail, **more}, status)


def acting(request: HttpRequest) -> dict[str, Any]:
    """Who acts and where: the ``actor`` and ``municipality`` keywords a service is called with —
    the servant asking, in the municipality the request is scoped to."""
    return {"actor": actor_of(request), "municipality": current_municipality()}


class TokenBearer(HttpBearer):
    """``Authorization: Bearer <token>`` of a machine client: the token found scopes the request
    to its municipality, its use time is kept and the use is an act with the client IP. A
    subclass says how a secret is found, who the act names and the act's name. The request's
    dates are the municipality's (:func:`localtime.zone_of`)."""

    action = ""

    def find(self, secret: str) -> Any:
        raise NotImplementedError

    def actor(self, found: Any, request: HttpRequest) -> Actor:
        raise NotImplementedError

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        found = self.find(token)
        if found is None:
            return None
        set_current(found.municipality)
        # The municipality's own clock, as the web middleware sets it for a servant (its
        # ``finally`` deactivates it): "today" of a deadline or a report is the town's day.
        timezone.activate(zone_of(found.municipality))
        type(found).objects.filter(pk=found.pk).update(last_used_at=timezone.now())
        record_act(
            municipality=found.municipality,
            actor=self.actor(found, request),
            action=self.action,
            obj=found,
            extra={"method": request.method, "path": request.path},
        )
        return found


class PlatformBearer(TokenBearer):
    """``Authorization: Bearer otg_…``: a platform's API token."""

    action = "api_token.use"

    def find(self, secret: str) -> ApiToken | None:
        return services.api_token_authenticate(secret)

    def actor(self, found: ApiToken, request: HttpRequest) -> Actor:
        return Actor(None, "plataforma", f"token:{found.prefix}", client_ip(request))


class StaffSession(SessionAuth):
    """A logged-in municipal servant: portal users (permissionários) and platform logins are not
    staff, so they never reach staff routes (personal data of others)."""

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = super().authenticate(request, key)
        if user is None or getattr(user, "role", None) in NOT_STAFF:
            return None
        return user


# The API's refusal: ``detail``, the fields (``erros``), the law core's reasons and citations.
# (No docstrings: they would become the schemas' descriptions in the OpenAPI document.)
class Reason(Schema):
    regra: str
    resultado: str
    mensagem: str
    citacoes: list[str]


class Error(Schema):
    detail: str
    codigo: str | None = None
    erros: list[dict[str, str]] | None = None
    fundamentos: list[Reason] | None = None
    citacoes: list[str] | None = None
    id: int | None = None


staff: SessionAuth = StaffSession()
platform_auth = PlatformBearer()


#: The answers the shared machinery gives to any operation, whatever the route declares: the
#: refusals of ``config.api``'s handlers (authentication, competence, validation, a record not
#: found, a step out of order, the law's refusal). Descriptions are what a client reads.
_SHARED_ANSWERS: dict[int, str] = {
    400: "Corpo da requisição ilegível (JSON inválido ou tipo de conteúdo não aceito).",
    401: "Autenticação necessária: sessão de servidor ou token da plataforma.",
    403: "Acesso negado: sem competência para o ato, usuário sem município ou verificação CSRF.",
    404: "Registro não encontrado (ou de outro município).",
    409: "Ato fora de ordem: o registro não está no estado que o ato supõe.",
    422: "Dados inválidos (campo e motivo em `erros`) ou recusa da lei (com os artigos).",
}
_WRITES = frozenset({"post", "put", "patch", "delete"})


def shared_answers(operation: dict[str, Any]) -> list[int]:
    """The statuses an operation may answer through the shared handlers, read from what the
    operation itself declares: any credential may be refused (401) and any authenticated act
    denied (403); any input may be invalid (422) and a body unreadable (400); a path names a
    record that may not exist (404); a write goes through a service, which may find the record
    in another state (409) or the law refusing it (422)."""
    params = operation.get("parameters") or []
    body = "requestBody" in operation
    codes: set[int] = set()
    if operation.get("security"):
        codes |= {401, 403}
    if params or body:
        codes.add(422)
    if body:
        codes.add(400)
    if any(p.get("in") == "path" for p in params):
        codes.add(404)
    if operation.get("_method") in _WRITES:
        codes |= {404, 409, 422}
    return sorted(codes)


def document_shared_answers(schema: dict[str, Any]) -> dict[str, Any]:
    """Add to every operation of an OpenAPI document the answers of :func:`shared_answers` it
    does not declare itself, each with the :class:`Error` body — so that every status code the
    API can answer is documented (issue #19: the fuzzer checks it)."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.setdefault(
        "Error", Error.model_json_schema(ref_template="#/components/schemas/{model}")
    )
    for name, sub in (
        Error.model_json_schema(ref_template="#/components/schemas/{model}")
        .get("$defs", {})
        .items()
    ):
        components.setdefault(name, sub)
    components["Error"].pop("$defs", None)
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            declared = {int(code) for code in responses if str(code).isdigit()}
            for code in shared_answers({**operation, "_method": method}):
                if code not in declared:
                    responses[code] = {"description": _SHARED_ANSWERS[code], "content": body}
    return schema
