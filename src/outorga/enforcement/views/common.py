"""What every enforcement screen shares: the servants-only guard (``staff_only``), the refusals a
form shows back (``ERRORS``), today's date, the date and file fields."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone

from outorga.core.errors import Refused
from outorga.core.requests import user_of
from outorga.enforcement.services.common import InvalidStep
from outorga.law.competence import NotCompetent, Role
from outorga.registry.services.common import InvalidTransition
from outorga.registry.validation import FieldError

STAFF = frozenset(r for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))
ERRORS = (FieldError, Refused, InvalidStep, InvalidTransition)


def forbidden(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "core/forbidden.html", {"message": message}, status=403)


def staff_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = user_of(request)
        if user.municipality_id is None:
            return render(request, "core/no_municipality.html", status=403)
        if Role(user.role) not in STAFF:
            return forbidden(request, "Área dos servidores municipais.")
        try:
            return view(request, *args, **kwargs)
        except NotCompetent as exc:
            return forbidden(request, str(exc))

    return wrapped


def back(request: HttpRequest, exc: Exception, to: str) -> HttpResponse:
    messages.error(request, str(exc))
    return HttpResponseRedirect(to)


def today() -> dt.date:
    return timezone.localdate()


def date_from(value: str | None, default: dt.date | None = None) -> dt.date:
    if not value:
        if default is None:
            raise FieldError("data", "informe a data")
        return default
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        try:
            return dt.datetime.strptime(value, "%d/%m/%Y").date()
        except ValueError as exc:
            raise FieldError("data", "data inválida (dd/mm/aaaa)") from exc


def uploaded_files(request: HttpRequest, name: str) -> list[tuple[str, bytes]]:
    return [(f.name or "arquivo", f.read()) for f in request.FILES.getlist(name)]
