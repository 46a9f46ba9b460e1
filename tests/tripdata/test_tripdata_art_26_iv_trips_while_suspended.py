"""Art. 3 with art. 26, IV: trips a platform's file shows started while its credential was
suspended (through the suspension's last day) or after it was cancelled are evidence that it
operated when it could not. They are not silently taken as normal: the validation report counts
them under their own kind, citing the articles, and the month is listed for the authority as an
infraction candidate — visible on the platform's page. No penalty follows by itself (art. 26,
parágrafo único; D-3), and the trips stay in the totals (the tax of a service rendered is due)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from tripdata_factories import processed

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import InfractionCandidate, Platform, PlatformStatusChange
from outorga.platforms.selectors import credential_stopped

pytestmark = pytest.mark.django_db

BRT4 = dt.timezone(dt.timedelta(hours=-4))  # Barra do Garças (America/Cuiaba)
HEADER = (
    "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
    "retention_cents,extras_cents\n"
)


def _trip(trip_id: str, start: str, end: str) -> str:
    return f"{trip_id},52998224725,QBD1A23,{start},{end},5000,600,1500,375,0\n"


TIMES = {
    "A-1": ("2026-10-01T07:10:00-04:00", "2026-10-01T07:20:00-04:00"),
    # The suspension was decided at 10:00 of 05/10 and its last day is 07/10.
    "S-1": ("2026-10-05T12:00:00-04:00", "2026-10-05T12:10:00-04:00"),
    "S-2": ("2026-10-07T22:00:00-04:00", "2026-10-07T22:10:00-04:00"),
    # The day after the last day: operating again, though the sweep lifted it only on the 9th.
    "A-2": ("2026-10-08T07:00:00-04:00", "2026-10-08T07:10:00-04:00"),
}
TRIPS = (HEADER + "".join(_trip(trip_id, *times) for trip_id, times in TIMES.items())).encode()


def _change(platform, old, new, at, decision=None):  # type: ignore[no-untyped-def]
    c = PlatformStatusChange.objects.create(
        platform=platform, old_status=old, new_status=new, reason="teste", decision=decision or {}
    )
    PlatformStatusChange.objects.filter(pk=c.pk).update(changed_at=at)


@pytest.fixture
def suspended_in_october(world):  # type: ignore[no-untyped-def]
    with tenant(world.m):
        _change(
            world.platform,
            "credentialed",
            Platform.Status.SUSPENDED,
            dt.datetime(2026, 10, 5, 10, 0, tzinfo=BRT4),
            {"outcome": {"allowed": True, "suspended_until": "2026-10-07"}},
        )
        _change(
            world.platform,
            "suspended",
            Platform.Status.CREDENTIALED,
            dt.datetime(2026, 10, 9, 3, 0, tzinfo=BRT4),
        )
    return world


def test_art_26_iv_the_suspension_runs_to_the_end_of_its_last_day_not_to_the_sweep(
    suspended_in_october,
):
    world = suspended_in_october
    with tenant(world.m):
        [period] = credential_stopped(world.platform)
    assert period.start == dt.datetime(2026, 10, 5, 10, 0, tzinfo=BRT4)
    assert period.end == dt.datetime(2026, 10, 8, 0, 0, tzinfo=BRT4)
    assert period.status == "suspended" and period.last_day == dt.date(2026, 10, 7)


def test_art_3_art_26_iv_trips_started_while_suspended_are_flagged_and_listed_for_the_authority(
    suspended_in_october, user_of
):
    world = suspended_in_october
    upload = processed(world.upload(TRIPS).json()["id"])
    assert upload.status == "done", upload.error
    # Flagged, not left out: the month's totals keep every trip.
    assert (upload.rows, upload.rows_counted, upload.rows_clean) == (4, 4, 2)
    body = world.get(f"/api/v1/tripdata/uploads/{upload.pk}").json()
    [flag] = [v for v in body["validation"] if v["kind"] == "credential_stopped"]
    assert flag["count"] == 2 and flag["excluded_from_totals"] is False
    assert "art. 3" in flag["label"] and "art. 26, IV" in flag["label"]
    assert {s.get("trip_id") for s in flag["samples"]} == {"S-1", "S-2"}
    with tenant(world.m):
        cand = InfractionCandidate.objects.get(
            platform=world.platform, kind=InfractionCandidate.Kind.CREDENTIAL_STOPPED
        )
    assert cand.key == "2026-10" and "2 corrida(s)" in cand.summary
    assert "art. 3" in cand.summary and "art. 26, IV" in cand.summary
    assert "07/10/2026" in cand.summary  # the law core's word names the suspension's last day
    staff = Client()
    staff.force_login(user_of("barra-do-garcas", Role.FISCAL))
    page = staff.get(reverse("platforms:detail", args=[world.platform.pk]))
    assert page.status_code == 200
    assert cand.summary in page.content.decode()


def test_art_26_iv_a_file_of_a_month_the_credential_was_in_force_is_not_flagged(
    suspended_in_october,
):
    world = suspended_in_october
    september = (
        HEADER + _trip("B-1", "2026-09-10T07:10:00-04:00", "2026-09-10T07:20:00-04:00")
    ).encode()
    upload = processed(world.upload(september, month=9).json()["id"])
    assert upload.status == "done", upload.error
    body = world.get(f"/api/v1/tripdata/uploads/{upload.pk}").json()
    assert {v["kind"]: v["count"] for v in body["validation"]}.get("credential_stopped", 0) == 0
    with tenant(world.m):
        assert not InfractionCandidate.objects.filter(
            platform=world.platform, kind=InfractionCandidate.Kind.CREDENTIAL_STOPPED
        ).exists()


def test_art_26_iv_trips_after_a_cancellation_are_flagged(world):
    with tenant(world.m):
        _change(
            world.platform,
            "credentialed",
            Platform.Status.CANCELLED,
            dt.datetime(2026, 10, 6, 9, 0, tzinfo=BRT4),
        )
    upload = processed(world.upload(TRIPS).json()["id"])
    assert upload.status == "done", upload.error
    body = world.get(f"/api/v1/tripdata/uploads/{upload.pk}").json()
    counts = {v["kind"]: v["count"] for v in body["validation"]}
    assert counts["credential_stopped"] == 2  # S-2 and A-2, after the cancellation


def _window(world, trips: bytes, start: dt.datetime, end: dt.datetime):  # type: ignore[no-untyped-def]
    r = world.upload(trips, window_start=start.isoformat(), window_end=end.isoformat())
    upload = processed(r.json()["id"])
    assert upload.status == "done", upload.error
    return upload


def test_art_26_iv_the_month_counts_the_trips_of_every_window_and_a_corrected_file_withdraws(
    suspended_in_october,
):
    world = suspended_in_october
    day5 = dt.datetime(2026, 10, 5, tzinfo=BRT4)
    day7 = dt.datetime(2026, 10, 7, tzinfo=BRT4)
    one_day = dt.timedelta(days=1)
    _window(world, HEADER.encode() + _trip("S-1", *TIMES["S-1"]).encode(), day5, day5 + one_day)
    _window(world, HEADER.encode() + _trip("S-2", *TIMES["S-2"]).encode(), day7, day7 + one_day)
    with tenant(world.m):
        cand = InfractionCandidate.objects.get(
            platform=world.platform, kind=InfractionCandidate.Kind.CREDENTIAL_STOPPED
        )
    assert "2 corrida(s)" in cand.summary and cand.withdrawn_on is None
    # The platform sends the whole month again, corrected: no trip while suspended.
    corrected = (HEADER + _trip("A-1", *TIMES["A-1"])).encode()
    upload = processed(world.upload(corrected).json()["id"])
    assert upload.status == "done", upload.error
    cand.refresh_from_db()
    assert cand.withdrawn_on is not None and "sem corridas" in cand.withdrawn_reason
