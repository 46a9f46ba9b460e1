"""What every app's API module shares — the two ways in (a servant's session, a platform's bearer
token) and the JSON answer — so that no app imports the assembled API (``outorga.config.api``):
apps export routers and their errors' handlers; ``config`` mounts them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Schema
from ninja.renderers import JSONRenderer
from ninja.security import HttpBearer, SessionAuth

from . import services
from .access import NOT_STAFF
from .acts import Actor, record_act
from .middleware import client_ip
from .models import ApiToken
from .requests import actor_of
from .tenancy import current_municipality, set_current

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
    subclass says how a secret is found, who the act names and the act's name."""

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
