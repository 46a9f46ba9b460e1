"""Apps art. 7 with D-15: a month's trips are judged by the fare maxima in force on the day each
started. Before, the whole month was judged by its last day's: maxima lowered on 15/10 were applied
to the trips of 01/10, and a court suspension of 25/10 (D-16) left the trips of 20/10 unchecked."""

from __future__ import annotations

import datetime as dt

import pytest
from tripdata_factories import processed

from outorga.core.models import Act, ParameterOverride, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.tripdata.models import ValidationCount

pytestmark = pytest.mark.django_db

HEAD = "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
HEAD += "retention_cents,extras_cents\n"
# 10 km in 10 min, R$ 29,50: within 5,00 + 2,00/km + 0,50/min = R$ 30,00, above R$ 29,00.
ROW = "{day},52998224725,QBD1A23,2026-10-{day}T07:00:00-04:00,2026-10-{day}T07:10:00-04:00,"
ROW += "10000,600,2950,500,0\n"


def _maxima(m, effective: dt.date, base: int) -> None:  # type: ignore[no-untyped-def]
    for name, value in (
        ("fare_max_base_fare_cents", base),
        ("fare_max_per_km_cents", 200),
        ("fare_max_per_minute_cents", 50),
    ):
        ParameterOverride.objects.create(
            name=f"apps_2025.{name}",
            effective=effective,
            value=value,
            legal_reference=f"Decreto de exemplo de {effective:%d/%m/%Y}",
        )


def _upload(world, days):  # type: ignore[no-untyped-def]
    body = (HEAD + "".join(ROW.format(day=d) for d in days)).encode()
    upload = processed(world.upload(body).json()["id"])
    assert upload.status == "done", upload.error
    with tenant(world.m):
        counts = {
            c.kind: c
            for c in ValidationCount.objects.filter(upload=upload, kind="fare_above_limit")
        }
        act = Act.objects.get(action="tripdata.process", object_id=str(upload.pk))
    return counts, act.record["payload"]["limites_tarifários"]


def test_art_7_d15_a_trip_is_judged_by_the_maxima_of_the_day_it_started(world):
    with tenant(world.m):
        _maxima(world.m, dt.date(2025, 7, 1), 500)
        _maxima(world.m, dt.date(2026, 10, 15), 400)
    counts, limits = _upload(world, ("01", "14", "15", "20"))
    flagged = counts["fare_above_limit"]
    assert flagged.count == 2
    assert sorted(s["trip_id"] for s in flagged.samples) == ["15", "20"]
    # What the law said of each period, with its days.
    assert [(p["de"], p["até"]) for p in limits] == [
        ("2026-10-01", "2026-10-14"),
        ("2026-10-15", "2026-10-31"),
    ]
    assert all(any(c["article"] == "7" for c in p["citations"]) for p in limits)


def test_art_7_d16_the_trips_before_a_court_suspension_are_still_checked(world):
    with tenant(world.m):
        _maxima(world.m, dt.date(2025, 7, 1), 400)
        RuleSuspension.objects.create(
            rule="apps.art7.fare_limits",
            start=dt.date(2026, 10, 25),
            reference="Processo de exemplo 0001/2026",
        )
    counts, limits = _upload(world, ("20", "28"))
    assert [s["trip_id"] for s in counts["fare_above_limit"].samples] == ["20"]
    assert [p["verdict"] for p in limits] == ["info", "suspended"]


def test_art_7_the_same_maxima_all_month_are_one_reason_as_before(world):
    with tenant(world.m):
        _maxima(world.m, dt.date(2025, 7, 1), 400)
    counts, limits = _upload(world, ("01", "31"))
    assert counts["fare_above_limit"].count == 2
    assert isinstance(limits, dict) and limits["verdict"] == "info"
