"""Finance and authority screens of trip data: uploads with progress, validation report,
reconciliation, concurrency peak, ISSQN statement (CSV and PDF) and the monthly chart."""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from outorga.core.access import forbidden
from outorga.core.formerrors import messages_add
from outorga.core.lawseam import LawNotBound, law_for
from outorga.core.models import User
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.bindings import Service
from outorga.law.competence import NotCompetent
from outorga.law.money import brl
from outorga.platforms.models import Platform

from . import pdf, selectors
from .models import IssqnStatement, PlatformMonth, TripUpload
from .months import current_trip_uploads
from .services import common, issqn


def _reader(request: HttpRequest) -> HttpResponse | None:
    """Finance and the authority read these screens; anyone else gets the reason."""
    user = request.user
    assert isinstance(user, User)
    if user.municipality_id is None:
        return render(request, "core/no_municipality.html", status=403)
    try:
        selectors.require_reader(actor_of(request))
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    return None


@login_required
def index(request: HttpRequest) -> HttpResponse:
    if (refused := _reader(request)) is not None:
        return refused
    uploads = list(TripUpload.objects.select_related("platform")[:50])
    months = list(PlatformMonth.objects.select_related("platform").order_by("month"))
    m = current_municipality()
    try:
        cap = law_for(m, Service.APLICATIVO).limit("drivers_per_platform")
    except LawNotBound:
        cap = None
    return render(
        request,
        "tripdata/index.html",
        {
            "uploads": uploads,
            "months": list(reversed(months)),
            "chart": selectors.chart_svg(months[-60:], cap.value if cap else None),
            "cap": cap.value if cap else None,
            "cap_cite": common.trip_cited(m, "concurrent_drivers_cap"),
            "running": any(not u.finished for u in uploads),
            "fundamento": common.trip_cited(
                current_municipality(), "trip_records", "inspection_access"
            ),
        },
    )


@login_required
def upload_detail(request: HttpRequest, upload_id: int) -> HttpResponse:
    if (refused := _reader(request)) is not None:
        return refused
    upload = get_object_or_404(TripUpload.objects.select_related("platform"), pk=upload_id)
    return render(
        request,
        "tripdata/upload.html",
        {"u": upload, "validation": list(upload.validation.all())},
    )


def _month(platform_id: int, year: int, month: int) -> PlatformMonth:
    platform = get_object_or_404(Platform.objects.all(), pk=platform_id)
    pm = selectors.month_of(platform, year, month)
    if pm is None:
        raise Http404
    return pm


@login_required
def month_detail(request: HttpRequest, platform_id: int, year: int, month: int) -> HttpResponse:
    if (refused := _reader(request)) is not None:
        return refused
    pm = _month(platform_id, year, month)
    statement = selectors.statement_of(pm)
    return render(
        request,
        "tripdata/month.html",
        {
            "pm": pm,
            "files": current_trip_uploads(pm.platform, pm.month),
            "rec": selectors.reconciliation(pm) if pm.trips_upload_id else None,
            "statement": statement,
            "lines": list(statement.lines.all()) if statement else [],
            "reasons": (pm.decision or {}).get("reasons", []),
            "issqn_reasons": (statement.decision if statement else {}).get("reasons", [])[:1]
            + (statement.decision if statement else {}).get("reasons", [])[-1:],
        },
    )


def _statement(pm: PlatformMonth) -> IssqnStatement:
    statement = selectors.statement_of(pm)
    if statement is None:
        raise Http404
    return statement


@login_required
def issqn_download(
    request: HttpRequest, platform_id: int, year: int, month: int, fmt: str
) -> HttpResponse:
    if (refused := _reader(request)) is not None:
        return refused
    if fmt not in ("csv", "pdf"):
        raise Http404
    pm = _month(platform_id, year, month)
    statement = _statement(pm)
    try:
        issqn.issqn_export_record(
            actor=actor_of(request),
            municipality=current_municipality(),
            statement=statement,
            fmt=fmt,
        )
    except (NotCompetent, common.TripDataError) as exc:  # no law governs the service: refused
        return forbidden(request, str(exc))
    name = f"issqn-{pm.platform.cnpj}-{pm.month:%Y-%m}"
    if fmt == "pdf":
        return pdf_response(pdf.statement_pdf(statement), f"{name}.pdf", attachment=True)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";")
    w.writerow(
        [
            "mes",
            "contribuinte_tipo",
            "contribuinte",
            "regime",
            "receita_bruta_cents",
            "retencao_deduzida_cents",
            "base_cents",
            "aliquota",
            "iss_cents",
            "iss_brl",
        ]
    )
    for line in statement.lines.all():
        w.writerow(
            [
                f"{pm.month:%Y-%m}",
                line.taxpayer_kind,
                line.taxpayer,
                line.regime,
                line.gross_cents,
                line.deduction_cents,
                line.base_cents,
                line.rate,
                "" if line.iss_cents is None else line.iss_cents,
                "" if line.iss_cents is None else brl(line.iss_cents),
            ]
        )
    response = HttpResponse(buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response


@login_required
@require_POST
def issqn_recompute(request: HttpRequest, platform_id: int, year: int, month: int) -> HttpResponse:
    if (refused := _reader(request)) is not None:
        return refused
    pm = _month(platform_id, year, month)
    try:
        issqn.issqn_statement_recompute(
            actor=actor_of(request),
            municipality=current_municipality(),
            platform=pm.platform,
            first_day=pm.month,
        )
    except NotCompetent as exc:
        return forbidden(request, str(exc))
    except common.TripDataError as exc:
        messages_add(request, exc)
    else:
        messages.success(request, "Extrato do ISSQN recalculado.")
    return HttpResponseRedirect(
        reverse("tripdata:month", args=[pm.platform_id, pm.month.year, pm.month.month])
    )
