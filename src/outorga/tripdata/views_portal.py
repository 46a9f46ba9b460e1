"""The platform portal's trip files and ISSQN statements (apps art. 20–21, 24; D-14): the
platform's staff send a month's file — the same service as ``POST /api/v1/tripdata/uploads`` —
and follow its processing and validation on a page that refreshes until the worker finishes; and
read the ISSQN statements computed from their files. Only the login's platform's records."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone

from outorga.core.requests import actor_of
from outorga.law.competence import NotCompetent
from outorga.platforms.models import Platform
from outorga.platforms.validators import format_cpf
from outorga.platforms.views.common import forbidden, month_choices, platform_screen

from . import selectors
from .models import IssqnStatement, TripUpload
from .services import common, receiving


class UploadForm(forms.Form):
    file = forms.FileField(label="Arquivo (CSV, Parquet ou NDJSON)")
    month = forms.ChoiceField(label="Mês de competência")
    kind = forms.ChoiceField(label="Conteúdo", choices=TripUpload.Kind.choices)
    schema = forms.ChoiceField(label="Esquema", choices=TripUpload.Schema.choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The current month and the eleven before it (a file of a future month is refused by the
        # service).
        self.fields["month"].choices = month_choices(timezone.localdate())  # type: ignore[attr-defined]


@platform_screen()
def uploads(request: HttpRequest, platform: Platform) -> HttpResponse:
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        year, month = (int(x) for x in form.cleaned_data["month"].split("-"))
        try:
            upload, _ = receiving.trip_upload_submit(
                actor=actor_of(request),
                municipality=platform.municipality,
                platform=platform,
                file=form.cleaned_data["file"],
                kind=form.cleaned_data["kind"],
                schema=form.cleaned_data["schema"],
                year=year,
                month=month,
            )
        except NotCompetent as exc:
            return forbidden(request, exc)
        except common.TripDataError as exc:
            # The service names the API's field; the form's own where it has one.
            fld = {"format": "file", "Idempotency-Key": None}.get(exc.field, exc.field)
            form.add_error(fld if fld in form.fields else None, str(exc))
        else:
            return HttpResponseRedirect(reverse("tripdata_portal:upload", args=[upload.pk]))
    return render(
        request,
        "tripdata/portal/uploads.html",
        {
            "p": platform,
            "form": form,
            "uploads": TripUpload.objects.filter(platform=platform)[:50],
            "fundamento": common.trip_cited(
                platform.municipality, "trip_records", "inspection_access"
            ),
        },
    )


def _own_upload(platform: Platform, upload_id: int) -> TripUpload:
    return get_object_or_404(TripUpload.objects.filter(platform=platform), pk=upload_id)


@platform_screen(object_page=True)
def upload_detail(request: HttpRequest, platform: Platform, upload_id: int) -> HttpResponse:
    """The file's processing (refreshed until the worker finishes) and its validation report."""
    upload = _own_upload(platform, upload_id)
    return render(
        request,
        "tripdata/portal/upload.html",
        {"p": platform, "u": upload, "validation": list(upload.validation.all())},
    )


@platform_screen(object_page=True)
def upload_status(request: HttpRequest, platform: Platform, upload_id: int) -> JsonResponse:
    """The file's progress as JSON, for the page's polling (the API's ``upload_json``)."""
    return JsonResponse(selectors.upload_json(_own_upload(platform, upload_id)))


@platform_screen()
def issqn(request: HttpRequest, platform: Platform) -> HttpResponse:
    """The ISSQN statements of the platform's months: its own tax and the drivers' it withholds
    and pays (art. 20 §2; D-14); ``?mes=AAAA-MM`` opens one month's lines."""
    statements = list(IssqnStatement.objects.filter(platform=platform).order_by("-month"))
    chosen = next((s for s in statements if f"{s.month:%Y-%m}" == request.GET.get("mes", "")), None)
    return render(
        request,
        "tripdata/portal/issqn.html",
        {
            "p": platform,
            "statements": statements,
            "chosen": chosen,
            # The platform's own drivers: it withholds and pays in their names (art. 20 §2).
            "lines": [
                (
                    line,
                    format_cpf(line.taxpayer) if line.taxpayer_kind == "driver" else line.taxpayer,
                )
                for line in (chosen.lines.all() if chosen else [])
            ],
            "fundamento": common.trip_cited(platform.municipality, "issqn"),
        },
    )
