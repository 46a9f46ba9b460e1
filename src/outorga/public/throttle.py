"""Per-client-IP rate limit on the public pages, counted in Django's cache (fixed one-minute
windows). Behind a proxy, ``OUTORGA_TRUSTED_PROXIES`` makes the client IP the real one."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from outorga.core.middleware import client_ip

MESSAGE = "Muitas consultas deste endereço. Aguarde um minuto e tente de novo."


def over_limit(request: HttpRequest, scope: str) -> bool:
    rate = int(getattr(settings, "OUTORGA_PUBLIC_RATE_PER_MINUTE", 120))
    if rate <= 0:
        return False
    window = int(time.time() // 60)
    key = f"outorga:rl:{scope}:{client_ip(request)}:{window}"
    if cache.add(key, 1, timeout=70):
        return False
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=70)
        return False
    return count > rate


def _retry_after() -> str:
    return str(60 - int(time.time()) % 60)


def throttled(scope: str, json: bool = False) -> Callable[..., Any]:
    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if over_limit(request, scope):
                response: HttpResponse
                if json:
                    response = JsonResponse({"detail": MESSAGE}, status=429)
                else:
                    response = render(
                        request, "public/throttled.html", {"message": MESSAGE}, status=429
                    )
                response["Retry-After"] = _retry_after()
                return response
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
