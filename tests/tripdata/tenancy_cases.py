"""Trip-data routes for the route-walking tenancy test (tests/core/test_tenancy_routes.py): a user
or platform token of municipality A never sees nor changes B's uploads, months or statements."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from outorga.platforms.models import Platform
from outorga.tripdata.models import (
    DriverMonth,
    IssqnLine,
    IssqnStatement,
    PlatformMonth,
    TripUpload,
    ValidationCount,
)

MONTH = dt.date(2026, 9, 1)
_n = itertools.count(1)


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    n = next(_n)
    platform = Platform.objects.create(
        cnpj=f"7{m.ibge_code}{n:06d}", name=f"Plataforma corridas {marker}"
    )
    upload = TripUpload.objects.create(
        platform=platform,
        month=MONTH,
        kind=TripUpload.Kind.TRIPS,
        schema=TripUpload.Schema.NATIVE,
        file_format=TripUpload.Format.CSV,
        file="tripdata/inexistente.csv",
        original_name=f"corridas-{marker}.csv",
        size=1,
        sha256="0" * 64,
        submitted_by=f"token:{marker}",
        status=TripUpload.Status.DONE,
        progress=100,
        rows=1,
    )
    ValidationCount.objects.create(
        upload=upload, kind="unknown_driver", label=marker, count=1, samples=[{"m": marker}]
    )
    DriverMonth.objects.create(
        upload=upload,
        platform=platform,
        month=MONTH,
        driver_cpf="52998224725",
        on_roster=True,
        trips=1,
        gross_cents=1000,
        retention_cents=250,
        distance_m=1,
        duration_s=1,
    )
    PlatformMonth.objects.create(
        platform=platform, month=MONTH, trips_upload=upload, trips=1, peak=1, drivers=1
    )
    statement = IssqnStatement.objects.create(
        platform=platform,
        month=MONTH,
        source_upload=upload,
        base_source="corridas",
        intermediation_base_cents=250,
        decision={"summary": marker},
    )
    IssqnLine.objects.create(
        statement=statement,
        taxpayer_kind=IssqnLine.Taxpayer.PLATFORM,
        taxpayer=marker,
        regime="geral",
        gross_cents=250,
        base_cents=250,
    )
    return {"trip_platform": platform.pk, "trip_upload": upload.pk}


def _month(b: Any) -> str:
    return f"{b.extra['trip_platform']}/{MONTH.year}/{MONTH.month}"


ROUTES = {
    "dados/corridas/": lambda b: ("get", "/dados/corridas/", {200}, None, "financas"),
    "dados/corridas/envios/<int:upload_id>/": lambda b: (
        "get",
        f"/dados/corridas/envios/{b.extra['trip_upload']}/",
        {404},
        None,
        "financas",
    ),
    "dados/corridas/<int:platform_id>/<int:year>/<int:month>/": lambda b: (
        "get",
        f"/dados/corridas/{_month(b)}/",
        {404},
        None,
        "financas",
    ),
    "dados/corridas/<int:platform_id>/<int:year>/<int:month>/issqn.<str:fmt>": lambda b: (
        "get",
        f"/dados/corridas/{_month(b)}/issqn.csv",
        {404},
        None,
        "financas",
    ),
    "dados/corridas/<int:platform_id>/<int:year>/<int:month>/issqn/recalcular/": lambda b: (
        "post",
        f"/dados/corridas/{_month(b)}/issqn/recalcular/",
        {404},
        {"__form__": {}},
        "financas",
    ),
    "api/v1/tripdata/uploads": lambda b: ("get", "/api/v1/tripdata/uploads", {200}, None, "token"),
    "api/v1/tripdata/uploads/<upload_id>": lambda b: (
        "get",
        f"/api/v1/tripdata/uploads/{b.extra['trip_upload']}",
        {404},
        None,
        "token",
    ),
    "api/v1/tripdata/months": lambda b: (
        "get",
        "/api/v1/tripdata/months",
        {200},
        None,
        "financas",
    ),
    "api/v1/tripdata/months/<platform_id>/<year>/<month>": lambda b: (
        "get",
        f"/api/v1/tripdata/months/{_month(b)}",
        {404},
        None,
        "financas",
    ),
}
