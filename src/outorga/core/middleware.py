from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
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
