"""Who is staff: municipal servants. Portal users (permissionários) and platform logins are not."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from outorga.law.competence import Role

NOT_STAFF = frozenset({Role.PERMISSIONARIO.value, Role.PLATAFORMA.value})


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Staff screens: logged in, of a municipality, and not a portal or platform login."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if getattr(user, "role", None) in NOT_STAFF or getattr(user, "municipality", None) is None:
            return render(
                request,
                "core/forbidden.html",
                {"message": "Área restrita aos servidores do município."},
                status=403,
            )
        return view(request, *args, **kwargs)

    return wrapper
