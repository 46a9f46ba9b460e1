"""Who may open a screen: municipal servants (``staff_required``), or the roles an app names
(``role_screen``); the refusal page (``forbidden``). Portal users (permissionários) and platform
logins are not staff."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render

from outorga.core.requests import user_of
from outorga.law.competence import NotCompetent, Role

#: A view's response: a page, or a CSV streamed (a list's export).
R = TypeVar("R", bound=HttpResponseBase)

NOT_STAFF = frozenset({Role.PERMISSIONARIO.value, Role.PLATAFORMA.value})


def staff_required(view: Callable[..., R]) -> Callable[..., R | HttpResponse]:
    """Staff screens: logged in, of a municipality, and not a portal or platform login."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> R | HttpResponse:
        user = request.user
        if getattr(user, "role", None) in NOT_STAFF or getattr(user, "municipality", None) is None:
            return forbidden(request, "Área restrita aos servidores do município.")
        return view(request, *args, **kwargs)

    return wrapper


def forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": message}, status=403)


def role_screen(
    roles: Collection[Role], refusal: str, *, refuse_not_competent: bool = True
) -> Callable[[Callable[..., HttpResponseBase]], Callable[..., HttpResponseBase]]:
    """A screen's guard: logged in, of a municipality, in one of ``roles`` (else ``refusal``); a
    service's ``NotCompetent`` becomes the refusal page when ``refuse_not_competent``."""

    def guard(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @login_required
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            user = user_of(request)
            if user.municipality_id is None:
                return render(request, "core/no_municipality.html", status=403)
            if Role(user.role) not in roles:
                return forbidden(request, refusal)
            if not refuse_not_competent:
                return view(request, *args, **kwargs)
            try:
                return view(request, *args, **kwargs)
            except NotCompetent as exc:
                return forbidden(request, str(exc))

        return wrapper

    return guard
