"""A month sent in parts: each trips file covers a window (the trips that end in it), the month
adds the windows up, and re-sending a window replaces only that window (apps art. 21, 24; the
ISSQN of art. 19–20 on the whole month)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from tripdata_factories import mds_trip, processed, statement_lines

from outorga.core.tenancy import tenant
from outorga.tripdata.models import PlatformMonth, TripUpload

pytestmark = pytest.mark.django_db

BRT4 = dt.timezone(dt.timedelta(hours=-4))  # Barra do Garças (America/Cuiaba)
H7 = dt.datetime(2026, 10, 1, 7, tzinfo=BRT4)


def hour(h: int) -> dt.datetime:
    return H7 + dt.timedelta(hours=h - 7)


def ms(t: dt.datetime) -> int:
    return int(t.timestamp() * 1000)


def trip(ends: dt.datetime, cost: int, pay: int, cpf: str = "52998224725") -> dict[str, Any]:
    """A paid trip of 10 minutes ending at ``ends``."""
    return mds_trip(
        start_time=ms(ends) - 600_000,
        end_time=ms(ends),
        duration=600,
        distance=4000,
        actual_cost=cost,
        trip_attributes={"driver_id": cpf, "vehicle_id": "QBD1A23" if cpf[0] == "5" else "RTE4F56"},
        fare_attributes={"driver_trip_pay": pay},
    )


def ndjson(*trips: dict[str, Any]) -> bytes:
    return "".join(json.dumps(t) + "\n" for t in trips).encode()


def send(world, content: bytes, start: dt.datetime | None, end: dt.datetime | None, **kw: Any):
    form: dict[str, Any] = {"schema": "mds"}
    if start is not None:
        form["window_start"] = start.isoformat()
    if end is not None:
        form["window_end"] = end.isoformat()
    return world.upload(content, name="trips.ndjson", **form, **kw)


def month(world) -> PlatformMonth:
    with tenant(world.m):
        return PlatformMonth.objects.get(platform=world.platform)


def totals(world) -> tuple[int, int, int]:
    pm = month(world)
    return pm.trips, pm.gross_cents, pm.retention_cents


def test_art_21_hours_sent_one_at_a_time_add_up_to_the_month(world, rates):
    a = send(world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(8))
    b = send(world, ndjson(trip(hour(8) + dt.timedelta(minutes=5), 3000, 2400)), hour(8), hour(9))
    assert (a.status_code, b.status_code) == (202, 202), (a.content, b.content)
    first, second = processed(a.json()["id"]), processed(b.json()["id"])
    assert (first.status, second.status) == ("done", "done"), (first.error, second.error)
    assert totals(world) == (2, 5000, 1100)
    st, lines = statement_lines(world)
    assert lines["52998224725"].gross_cents == 5000
    assert lines["52998224725"].deduction_cents == 1100  # art. 20 §1: retention deducted
    assert st.intermediation_base_cents == 1100


def test_re_sending_a_window_replaces_only_that_window(world):
    seven = ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500))
    eight = ndjson(trip(hour(8) + dt.timedelta(minutes=5), 3000, 2400))
    processed(send(world, seven, hour(7), hour(8)).json()["id"])
    processed(send(world, eight, hour(8), hour(9)).json()["id"])
    fixed = ndjson(
        trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500),
        trip(hour(7) + dt.timedelta(minutes=50), 1000, 800),
    )
    again = send(world, fixed, hour(7), hour(8))
    assert again.status_code == 202
    processed(again.json()["id"])
    assert totals(world) == (3, 6000, 1300)
    # The same file for the same window again changes nothing.
    same = send(world, fixed, hour(7), hour(8))
    assert (same.status_code, same.json()["id"]) == (200, again.json()["id"])
    assert totals(world) == (3, 6000, 1300)


def test_the_newest_file_of_a_window_wins_whatever_order_the_worker_takes_them(world):
    old = send(
        world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(8)
    )
    new = send(world, ndjson(trip(hour(7) + dt.timedelta(minutes=30), 900, 700)), hour(7), hour(8))
    processed(new.json()["id"])
    processed(old.json()["id"])
    assert totals(world) == (1, 900, 200)
    assert month(world).trips_upload_id == new.json()["id"]


def test_a_window_overlapping_another_in_part_is_refused(world):
    first = send(
        world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(9)
    )
    r = send(world, ndjson(trip(hour(8) + dt.timedelta(minutes=50), 100, 80)), hour(8), hour(10))
    assert r.status_code == 409, r.content
    body = r.json()
    assert body["erros"][0]["campo"] == "window_start"
    assert f"envio {first.json()['id']}" in body["detail"]
    assert "01/10/2026 07:00" in body["detail"]


def test_a_window_containing_earlier_ones_replaces_them_all(world):
    processed(
        send(
            world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(8)
        ).json()["id"]
    )
    processed(
        send(
            world, ndjson(trip(hour(8) + dt.timedelta(minutes=5), 3000, 2400)), hour(8), hour(9)
        ).json()["id"]
    )
    day = ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500))
    processed(send(world, day, hour(0), hour(24)).json()["id"])
    assert totals(world) == (1, 2000, 500)


def test_a_whole_month_file_replaces_the_windows_and_a_window_after_it_is_refused(world):
    processed(
        send(
            world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(8)
        ).json()["id"]
    )
    whole = send(world, ndjson(trip(hour(9), 4000, 3000)), None, None)
    processed(whole.json()["id"])
    assert totals(world) == (1, 4000, 1000)
    late = send(world, ndjson(trip(hour(11), 100, 80)), hour(10), hour(12))
    assert late.status_code == 409


def test_a_trip_ending_outside_the_window_is_left_out_under_its_kind(world):
    r = send(
        world,
        ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500), trip(hour(8), 500, 400)),
        hour(7),
        hour(8),
    )
    upload = processed(r.json()["id"])
    body = world.get(f"/api/v1/tripdata/uploads/{upload.pk}").json()
    counts = {v["kind"]: v["count"] for v in body["validation"]}
    assert counts["outside_window"] == 1 and upload.rows_counted == 1
    assert body["window"] == {
        "start": "2026-10-01T11:00:00+00:00",
        "end": "2026-10-01T12:00:00+00:00",
    }


def test_the_last_evening_of_the_month_may_be_sent_in_the_window_its_trips_end_in(world):
    """A trip started on 31/10 at 23:55 and ended on 1/11 belongs to October (its start)."""
    ends = dt.datetime(2026, 11, 1, 0, 5, tzinfo=BRT4)
    r = send(
        world,
        ndjson(trip(ends, 1500, 1200)),
        ends - dt.timedelta(hours=1),
        ends + dt.timedelta(minutes=55),
    )
    assert r.status_code == 202, r.content
    assert processed(r.json()["id"]).rows_counted == 1
    assert totals(world) == (1, 1500, 300)


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"window_start": "2026-10-01T07:00:00-04:00"}, "window_end"),
        (
            {"window_start": "2026-10-01T07:00:00", "window_end": "2026-10-01T08:00:00"},
            "window_start",
        ),
        ({"window_start": "ontem", "window_end": "2026-10-01T08:00:00-04:00"}, "window_start"),
        (
            {
                "window_start": "2026-10-01T08:00:00-04:00",
                "window_end": "2026-10-01T07:00:00-04:00",
            },
            "window_end",
        ),
        (
            {
                "window_start": "2026-09-30T23:00:00-04:00",
                "window_end": "2026-10-01T01:00:00-04:00",
            },
            "window_start",
        ),
        (
            {
                "window_start": "2026-11-01T23:00:00-04:00",
                "window_end": "2026-11-02T01:00:00-04:00",
            },
            "window_start",
        ),
        (
            {
                "kind": "sessions",
                "schema": "native",
                "window_start": "2026-10-01T07:00:00-04:00",
                "window_end": "2026-10-01T08:00:00-04:00",
            },
            "window_start",
        ),
    ],
)
def test_a_window_is_two_instants_with_offset_within_the_month(world, form, field):
    r = world.upload(b"trip_id\n", name="t.ndjson", **{"schema": "mds", **form})
    assert r.status_code == 422, r.content
    assert r.json()["erros"][0]["campo"] == field
    with tenant(world.m):
        assert not TripUpload.objects.filter(platform=world.platform).exists()


def test_the_month_page_lists_the_windows_it_adds_up(world, user_of):
    from django.test import Client

    from outorga.law.competence import Role

    processed(
        send(
            world, ndjson(trip(hour(7) + dt.timedelta(minutes=20), 2000, 1500)), hour(7), hour(8)
        ).json()["id"]
    )
    processed(
        send(
            world, ndjson(trip(hour(8) + dt.timedelta(minutes=5), 3000, 2400)), hour(8), hour(9)
        ).json()["id"]
    )
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    html = c.get(f"/dados/corridas/{world.platform.pk}/2026/10/").content.decode()
    assert "janela de 01/10/2026 07:00 a 01/10/2026 08:00" in html
    assert "janela de 01/10/2026 08:00 a 01/10/2026 09:00" in html
    assert "R$ 50,00" in html  # the month's gross: both windows
