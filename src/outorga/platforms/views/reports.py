"""Oversight screens of the platforms' monthly reports (art. 16, D-8) and of the CPFs on several
platforms' rosters (art. 3 §2)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from outorga.core.listing import page_of
from outorga.core.models import User
from outorga.core.tenancy import current_municipality_or_none
from outorga.law import interfaces
from outorga.platforms.services.common import bound_law

from .. import selectors
from ..models import MonthlyReport
from .common import on_date, screen


@screen()
def shared_cpfs(request: HttpRequest, user: User) -> HttpResponse:
    listing = page_of(request, selectors.shared_cpfs())
    rows = [{**row, "cpf_shown": selectors.cpf_for(user.role, row["cpf"])} for row in listing.page]
    bound = bound_law(current_municipality_or_none() or user.municipality)  # type: ignore[arg-type]
    cap = bound.limit("drivers_per_platform")
    return render(
        request,
        "platforms/shared_cpfs.html",
        {
            "rows": rows,
            "listing": listing,
            "cap": cap.value if cap else None,
            "cap_cite": interfaces.cited_once(bound.law, "concurrent_drivers_cap"),
        },
    )


@screen()
def reports(request: HttpRequest, user: User) -> HttpResponse:
    m = user.municipality
    assert m is not None
    on = on_date(request, m)
    return render(
        request,
        "platforms/reports.html",
        {
            "on": on,
            "candidates": page_of(
                request, selectors.report_candidates(m, on), param="pagina_candidatos"
            ),
            "reports": page_of(request, MonthlyReport.objects.select_related("platform")),
        },
    )


@screen(object_page=True)
def report_detail(request: HttpRequest, user: User, report_id: int) -> HttpResponse:
    r = get_object_or_404(MonthlyReport.objects.select_related("platform"), pk=report_id)
    drivers = [
        {**d, "cpf_shown": selectors.cpf_for(user.role, str(d.get("cpf", "")))}
        for d in r.payload.get("drivers", [])
    ]
    versions = MonthlyReport.objects.filter(platform=r.platform, year=r.year, month=r.month)
    return render(
        request,
        "platforms/report.html",
        {"r": r, "drivers": drivers, "versions": versions, "response": r.response},
    )
