"""What the platforms area's screens share: who may view it, the refusal page, a refusal's and a
form's messages, the date a list is seen on."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from outorga.core import access
from outorga.core.formerrors import messages_add
from outorga.core.lawseam import governs
from outorga.core.models import User
from outorga.core.requests import user_of
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent
from outorga.platforms.services import common as services_common
from outorga.platforms.services.common import PlatformError

from .. import selectors


def forbidden(request: HttpRequest, exc: NotCompetent | PlatformError) -> HttpResponse:
    return access.forbidden(request, str(exc))


def viewer(request: HttpRequest, *, object_page: bool = False) -> User | HttpResponse:
    user = user_of(request)
    try:
        selectors.require_viewer(user.role, user.municipality)
    except NotCompetent as exc:
        return forbidden(request, exc)
    if user.municipality is None or not governs(user.municipality, Service.APLICATIVO):
        if object_page:
            raise Http404
        return render(request, "platforms/not_applicable.html", status=200)
    return user


def error_messages(request: HttpRequest, exc: PlatformError) -> None:
    messages_add(request, exc)


def form_error_messages(request: HttpRequest, form: forms.Form) -> None:
    """A form's refusals as messages, one a field (the screen redirects back)."""
    for fld, errs in form.errors.items():
        messages.error(request, f"{fld}: {' '.join(str(e) for e in errs)}")


def on_date(request: HttpRequest) -> dt.date:
    try:
        return dt.date.fromisoformat(request.GET.get("em", ""))
    except ValueError:
        return services_common.today()
