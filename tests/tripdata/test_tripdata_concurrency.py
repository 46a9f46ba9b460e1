"""PostgreSQL: the same file sent twice at the same instant is received once; two workers never
process one upload twice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.platforms.models import Platform
from outorga.tripdata.models import PlatformMonth, TripUpload
from outorga.tripdata.services import processing, receiving

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def run_concurrently(n: int, fn: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def worker(i: int) -> None:
        try:
            barrier.wait()
            results[i] = fn(i)
        except Exception as exc:  # noqa: BLE001 - the result is the exception
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def submit(m: Municipality, platform: Platform, content: bytes, key: str) -> TripUpload:
    upload, _ = receiving.trip_upload_submit(
        actor=Actor(None, "plataforma", "token:teste", None),
        municipality=m,
        platform=platform,
        file=SimpleUploadedFile("t.csv", content),
        kind="trips",
        schema="native",
        year=2026,
        month=10,
        idempotency_key=key,
    )
    return upload


def test_the_same_file_sent_concurrently_is_received_once(sample_trips, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.create(cnpj="80808080000180", name="Concorrente")
    results = run_concurrently(4, lambda i: submit(m, platform, sample_trips, "mesma-chave"))
    assert all(isinstance(r, TripUpload) for r in results), results
    assert len({r.pk for r in results}) == 1
    with unscoped():
        assert TripUpload.objects.filter(platform=platform).count() == 1


def test_two_files_of_one_month_processed_at_once_leave_one_consistent_month(
    sample_trips, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.create(cnpj="81818181000181", name="Dois arquivos")
    a = submit(m, platform, sample_trips, "a")
    b = submit(m, platform, sample_trips.replace(b"T-0001", b"T-0101"), "b")
    results = run_concurrently(2, lambda i: processing.trip_upload_process(upload_id=(a, b)[i].pk))
    assert [r.status for r in results] == ["done", "done"], results
    with unscoped():
        pm = PlatformMonth.objects.get(platform=platform)
        assert pm.trips_upload_id in (a.pk, b.pk) and pm.trips == 7


def test_two_windows_of_one_month_processed_at_once_add_up(sample_trips, settings, tmp_path):
    """Each worker adds its window to the month under the platform's lock: the second sees the
    first's file done, whichever finishes first."""
    import datetime as dt

    settings.MEDIA_ROOT = tmp_path
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.create(cnpj="82828282000182", name="Duas janelas")
    brt = dt.timezone(dt.timedelta(hours=-4))
    cut = dt.datetime(2026, 10, 3, tzinfo=brt)
    windows = [
        (dt.datetime(2026, 10, 1, tzinfo=brt), cut),
        (cut, dt.datetime(2026, 11, 2, tzinfo=brt)),
    ]
    uploads = [
        receiving.trip_upload_submit(
            actor=Actor(None, "plataforma", "token:teste", None),
            municipality=m,
            platform=platform,
            file=SimpleUploadedFile("t.csv", sample_trips),
            kind="trips",
            schema="native",
            year=2026,
            month=10,
            window_start=start,
            window_end=end,
        )[0]
        for start, end in windows
    ]
    results = run_concurrently(2, lambda i: processing.trip_upload_process(upload_id=uploads[i].pk))
    assert [r.status for r in results] == ["done", "done"], results
    assert [r.rows_counted for r in results] == [5, 2]
    with unscoped():
        pm = PlatformMonth.objects.get(platform=platform)
    assert (pm.trips, pm.gross_cents) == (7, 15530)  # the whole month's, as one file gives it
