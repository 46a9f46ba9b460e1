from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers

from .localtime import zone_of
from .tenancy import set_current, system_wide


def client_ip(request: HttpRequest) -> str | None:
    """The client's address; behind N trusted proxies, the N-th address from the right."""
    proxies = settings.OUTORGA_TRUSTED_PROXIES
    if proxies:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [p for p in forwarded if p]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


class TenantMiddleware:
    """Scopes every request to the logged-in user's municipality (API tokens scope themselves),
    and shows times on the municipality's clock (:func:`localtime.zone_of`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        municipality = getattr(user, "municipality", None) if user is not None else None
        scoped = municipality if user is not None and user.is_authenticated else None
        set_current(scoped)
        if scoped is not None:
            timezone.activate(zone_of(scoped))
        try:
            if scoped is None and user is not None and user.is_authenticated:
                # The system administrator is of no municipality: the database's row-level
                # security is lifted for the request, by name (ADR 0024); the screens still
                # name the municipality they show.
                who = f"administrador do sistema {user.get_username()}: {request.path}"
                with system_wide(who):
                    return self.get_response(request)
            return self.get_response(request)
        finally:
            set_current(None)
            timezone.deactivate()


#: The session key holding the time (epoch seconds) of the user's last request.
LAST_SEEN = "outorga_last_seen"
#: How stale the stored time may get before it is written again: one session write a minute
#: at most, not one per request.
_SEEN_RESOLUTION = 60
IDLE_MESSAGE = "Sessão encerrada após {minutes} sem atividade. Entre de novo."


def _logged_in(request: HttpRequest) -> bool:
    """Whether a user is logged in; without a session cookie, known without reading the session
    (the public pages stay free of a query)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


class IdleTimeoutMiddleware:
    """Ends a session left idle for ``OUTORGA_IDLE_MINUTES`` (0: never): a screen left open on a
    counter must not keep serving whoever sits down next. A page sends to the login (and back
    after it), the API answers 401 in Portuguese."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        minutes = int(settings.OUTORGA_IDLE_MINUTES)
        if minutes <= 0 or not _logged_in(request):
            return self.get_response(request)
        now = int(time.time())
        last = request.session.get(LAST_SEEN)
        if isinstance(last, int) and now - last > minutes * 60:
            logout(request)
            message = IDLE_MESSAGE.format(minutes=f"{minutes} minuto{'s' if minutes > 1 else ''}")
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": message, "codigo": "sessao_expirada"}, status=401)
            response = redirect_to_login(request.get_full_path())
            response["Location"] += "&inativo=1" if "?" in response["Location"] else "?inativo=1"
            return response
        if not isinstance(last, int) or now - last >= _SEEN_RESOLUTION:
            request.session[LAST_SEEN] = now
        return self.get_response(request)


#: What a person reads when a field carries a NUL character (PostgreSQL stores no such text).
NUL_MESSAGE = "contém o caractere nulo (NUL, %00), que não é aceito"


def _nul_field(value: Any, path: str = "") -> str | None:
    """The first field (``vehicle.plate``, ``items[2]``) of a parsed JSON value whose key or text
    holds a NUL character, or ``None``."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path else str(key)
            if "\x00" in str(key):
                return here
            found = _nul_field(item, here)
            if found is not None:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value, start=1):
            found = _nul_field(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def nul_field_of(request: HttpRequest) -> str | None:
    """The field of the request (query string, form or JSON body) holding a NUL character."""
    for data in (request.GET, request.POST if _is_form(request) else {}):
        for key in data:
            if "\x00" in key or any("\x00" in v for v in data.getlist(key)):  # type: ignore[attr-defined]
                return key
    if request.content_type == "application/json" and b"\\u0000" in request.body:
        try:
            return _nul_field(json.loads(request.body))
        except ValueError:
            return None  # unreadable JSON: the API refuses it as such (400)
    return None


def _is_form(request: HttpRequest) -> bool:
    return request.content_type == "application/x-www-form-urlencoded"


class NulCharacterMiddleware:
    """Refuses a request whose query string, form or JSON body carries a NUL character (``%00``,
    ``\\u0000``): no field of the product may hold one and PostgreSQL refuses it in text, so it is
    answered as the bad input it is — 422 naming the field on the API, 400 on a page — before any
    view or query runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        field = nul_field_of(request)
        if field is None:
            return self.get_response(request)
        if request.path.startswith("/api/"):
            return JsonResponse(
                {
                    "detail": "Dados inválidos.",
                    "erros": [{"campo": field, "erro": NUL_MESSAGE}],
                    "codigo": "campo_invalido",
                },
                status=422,
            )
        return HttpResponseBadRequest(
            f"Requisição inválida: o campo {field} {NUL_MESSAGE}.".encode(),
            content_type="text/plain; charset=utf-8",
        )


def unshared(response: HttpResponse) -> HttpResponse:
    """A page whose status may change any minute (a badge's permit, suspended or revoked) or with
    a secret in its URL or on it (a public token, a complaint's tracking code): never cached by
    anyone, not sent on to other sites as the referrer, not indexed."""
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


class PrivateResponseMiddleware:
    """What a logged-in user (or an API client with its token) is shown is theirs alone: never
    kept by the browser's or a proxy's cache (``no-store``). Every response also says which
    browser features the site may use (``Permissions-Policy``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "HTTP_AUTHORIZATION" in request.META or _logged_in(request):
            add_never_cache_headers(response)
        response.setdefault("Permissions-Policy", settings.OUTORGA_PERMISSIONS_POLICY)
        return response


MFA_PENDING_MESSAGE = (
    "Confirme sua entrada com o código do aplicativo autenticador (verificação em duas etapas) "
    "em /entrar/codigo/ antes de usar a API."
)
#: What a servant who has given the password but not the code may still open.
_MFA_OPEN_PATHS = ("/entrar/", "/conta/mfa/", "/sair/", "/static/", "/healthz", "/favicon.ico")


class MfaRequiredMiddleware:
    """With ``OUTORGA_MFA_REQUIRED``, a staff session is the password *and* a code (core/mfa.py):
    until the code is given, a page sends to ``/entrar/codigo/`` (or to ``/conta/mfa/`` to set
    the app up) and a session call to the API answers 401. An API token is not a session: a
    request carrying one is judged by its token alone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not settings.OUTORGA_MFA_REQUIRED or not _logged_in(request):
            return self.get_response(request)
        from . import mfa

        user = request.user
        if not mfa.requires_mfa(user) or user.is_verified():  # type: ignore[arg-type,union-attr]
            return self.get_response(request)
        path = request.path
        if path.startswith("/api/"):
            if "HTTP_AUTHORIZATION" in request.META:
                # The half-open session must not lend its user to a token's request.
                request.user = AnonymousUser()
                return self.get_response(request)
            return JsonResponse(
                {"detail": MFA_PENDING_MESSAGE, "codigo": "mfa_pendente"}, status=401
            )
        if path.startswith(_MFA_OPEN_PATHS):
            return self.get_response(request)
        target = "mfa_verify" if mfa.confirmed_totp(user) is not None else "mfa_setup"  # type: ignore[arg-type]
        return redirect_to_login(request.get_full_path(), login_url=reverse(target))
