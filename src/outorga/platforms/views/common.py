"""What the platforms area's screens share: who may view it, the refusal page, a refusal's
messages, the date a list is seen on."""

from __future__ import annotations

import datetime as dt

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

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
    return render(request, "core/forbidden.html", {"message": str(exc)}, status=403)


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


def on_date(request: HttpRequest) -> dt.date:
    try:
        return dt.date.fromisoformat(request.GET.get("em", ""))
    except ValueError:
        return services_common.today()
