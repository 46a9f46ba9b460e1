"""What every enforcement screen shares: the servants-only guard (``staff_only``), the refusals a
form shows back (``ERRORS``), a page's step and its way back (``post_step``; from the case's page,
``case_step``, and its confirmation, ``case_confirmation``; a form's page, ``form_page``), who acts and where (``acting``), today's date, the date and file fields."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from outorga.core.access import role_screen
from outorga.core.confirm import Confirmation, ask_confirmation
from outorga.core.errors import Refused
from outorga.core.formerrors import messages_add
from outorga.core.requests import actor_of
from outorga.enforcement.services.common import InvalidStep
from outorga.law.competence import Role
from outorga.registry.services.common import InvalidTransition
from outorga.registry.validation import FieldError

STAFF = frozenset(r for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))
ERRORS = (FieldError, Refused, InvalidStep, InvalidTransition)


#: Every enforcement screen: a servant of the municipality; a service's refusal is the refusal page.
staff_only = role_screen(STAFF, "Área dos servidores municipais.")


def acting(request: HttpRequest, row: Any) -> dict[str, Any]:
    """Who takes a step on ``row`` and where: a service's ``actor`` and ``municipality`` (the
    row's, so the service checks the user belongs there)."""
    return {"actor": actor_of(request), "municipality": row.municipality}


def back(request: HttpRequest, exc: Exception, to: str) -> HttpResponse:
    messages_add(request, exc)
    return HttpResponseRedirect(to)


def post_step(
    request: HttpRequest, to: str, run: Callable[[], object], message: str
) -> HttpResponse:
    """Run a page's step, then back to ``to`` with ``message`` — or with the step's refusal."""
    try:
        run()
    except ERRORS as exc:
        return back(request, exc, to)
    messages.success(request, message)
    return HttpResponseRedirect(to)


def form_page(
    request: HttpRequest,
    template: str,
    ctx: dict[str, Any],
    step: Callable[[], tuple[str, str]],
    errors: tuple[type[Exception], ...] = ERRORS,
) -> HttpResponse:
    """A page with a form: shown; posted, ``step`` is taken and says what it did and where to go
    next — or the form is shown again (422) with the step's refusal (one of ``errors``)."""
    if request.method != "POST":
        return render(request, template, ctx)
    try:
        done, to = step()
    except errors as exc:
        messages_add(request, exc)
        return render(request, template, ctx, status=422)
    messages.success(request, done)
    return HttpResponseRedirect(to)


def case_step(
    request: HttpRequest, case_id: int, run: Callable[[], object], message: str
) -> HttpResponse:
    """A step posted from the case's page, back to that page (``post_step``)."""
    return post_step(request, reverse("enforcement:case", args=[case_id]), run, message)


def case_confirmation(
    request: HttpRequest, case_id: int, confirmation: Callable[[dt.date], Confirmation]
) -> HttpResponse:
    """The confirmation page of a step posted from the case's page, for the day posted in ``on``
    — or back to that page with the day's error."""
    try:
        on = posted_day(request, "on")
    except FieldError as exc:
        return back(request, exc, reverse("enforcement:case", args=[case_id]))
    return ask_confirmation(request, confirmation(on))


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


def posted_day(request: HttpRequest, name: str) -> dt.date:
    """The day a form posted in ``name`` (ISO or dd/mm/aaaa), today when it was left blank."""
    return date_from(request.POST.get(name), today())


def uploaded_files(request: HttpRequest, name: str) -> list[tuple[str, bytes]]:
    return [(f.name or "arquivo", f.read()) for f in request.FILES.getlist(name)]
