from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils import timezone

from .localtime import zone_of
from .tenancy import set_current


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
            return self.get_response(request)
        finally:
            set_current(None)
            timezone.deactivate()


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
