"""The dashboards ("Painéis", ``core.panels``): the list of the user's panels and one panel's
charts. Which panels a role reads is what the apps registered; any other gets the refusal page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from . import panels
from .access import forbidden, staff_required
from .requests import user_of

REFUSAL = "Este painel não é do seu perfil: ele mostra dados que o seu perfil não consulta."


@staff_required
def panel_list(request: HttpRequest) -> HttpResponse:
    return render(request, "core/panels.html", {"panels": panels.panels_for(user_of(request))})


@staff_required
def panel(request: HttpRequest, slug: str) -> HttpResponse:
    user = user_of(request)
    found = panels.panel_for(user, slug)
    if found is None:
        return forbidden(request, REFUSAL)
    today = timezone.localdate()
    return render(
        request,
        "core/panel.html",
        {
            "panel": found,
            "charts": panels.charts(user, found, today),
            "panels": panels.panels_for(user),
            "today": today,
        },
    )
