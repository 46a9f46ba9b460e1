"""A worker killed in the middle of a trip file loses nothing: once its lease expires another
worker takes the task again and the file is stored once, with every row and one act (issue #19;
core/tasklease.py, docs/decisions/0016-task-leases.md). Real processes on PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.platforms.models import Platform
from outorga.tripdata.models import DriverMonth, PlatformMonth, TripUpload
from outorga.tripdata.services import receiving

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
ROWS = 4000
LEASE = 3  # seconds: the killed worker's task is taken again this long after its last renewal
HEADER = (
    "trip_id,driver_cpf,vehicle_plate,start_time,end_time,distance_m,duration_s,fare_cents,"
    "retention_cents,extras_cents\n"
)


def trips_file(n: int) -> bytes:
    """``n`` trips of October 2026 by 40 drivers, a minute apart."""
    lines = [HEADER]
    for i in range(n):
        day, minute = 1 + i // 1200, i % 1200
        start = f"2026-10-{day:02d}T{6 + minute // 60:02d}:{minute % 60:02d}:00-04:00"
        end = f"2026-10-{day:02d}T{6 + minute // 60:02d}:{minute % 60:02d}:50-04:00"
        lines.append(f"T-{i:06d},{i % 40:011d},QBD{i % 10}A23,{start},{end},800,50,990,247,0\n")
    return "".join(lines).encode()


def worker_env(media: Path) -> dict[str, str]:
    db = connection.settings_dict
    env = dict(os.environ)
    env.update(
        DATABASE_URL=(
            f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
        ),
        OUTORGA_MEDIA_ROOT=str(media),
        OUTORGA_TASK_LEASE_SECONDS=str(LEASE),
        PYTHONPATH=os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")]),
    )
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = db["PASSWORD"]
    return env


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start worker processes; each is ended at the test's end if it still runs."""
    started: list[subprocess.Popen[bytes]] = []

    def start(*args: str) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
            [sys.executable, *args],
            env=worker_env(tmp_path),
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=(tmp_path / f"worker-{len(started)}.log").open("wb"),
        )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)


def wait_for(what: str, check: Callable[[], Any], timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"esperou {timeout:.0f}s por {what}")


def test_a_worker_killed_mid_file_leaves_it_to_the_next_which_stores_it_once(
    settings: Any, tmp_path: Path, workers: Callable[..., subprocess.Popen[bytes]]
) -> None:
    settings.MEDIA_ROOT = tmp_path
    demo_fresh()
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.create(cnpj="83838383000183", name="Interrompida")
    upload, created = receiving.trip_upload_submit(
        actor=Actor(None, "plataforma", "token:teste", None),
        municipality=m,
        platform=platform,
        file=SimpleUploadedFile("outubro.csv", trips_file(ROWS)),
        kind="trips",
        schema="native",
        year=2026,
        month=10,
    )
    assert created

    marker = tmp_path / "stalled"
    first = workers(str(ROOT / "tests" / "tripdata" / "stalling_worker.py"), str(marker))
    wait_for("o primeiro trabalhador chegar à gravação", marker.exists)
    with unscoped():
        assert TripUpload.objects.get(pk=upload.pk).status == TripUpload.Status.PROCESSING
        # Its driver rows are written, uncommitted: nobody else sees them.
        assert not DriverMonth.objects.filter(upload_id=upload.pk).exists()
    assert DBTaskResult.objects.get(pk=upload.task_id).status == TaskResultStatus.RUNNING
    first.send_signal(signal.SIGKILL)
    assert first.wait(timeout=30) == -signal.SIGKILL

    second = workers("-m", "outorga.cli", "db_worker", "--no-startup-delay", "--interval", "0.2")

    def done() -> bool:
        # The upload's DONE commits inside the task; the worker marks the task SUCCESSFUL just
        # after, in its own transaction: wait for both.
        with unscoped():
            stored = TripUpload.objects.get(pk=upload.pk).status == TripUpload.Status.DONE
        finished = DBTaskResult.objects.get(pk=upload.task_id).status
        return stored and finished != TaskResultStatus.RUNNING

    wait_for("o segundo trabalhador concluir o arquivo", done)
    second.send_signal(signal.SIGTERM)
    second.wait(timeout=30)

    with unscoped():
        stored = TripUpload.objects.get(pk=upload.pk)
        assert stored.rows == ROWS and stored.attempts == 2
        month = PlatformMonth.objects.get(platform=platform, month=stored.month)
        assert month.trips_upload_id == upload.pk
        assert month.trips == stored.rows_counted
        assert sum(DriverMonth.objects.filter(upload=stored).values_list("trips", flat=True)) == (
            stored.rows_counted
        )
        acts = Act.objects.filter(
            municipality=m, action="tripdata.process", object_id=str(upload.pk)
        )
        assert acts.count() == 1 and acts.get().outcome == "done"
    task = DBTaskResult.objects.get(pk=upload.task_id)
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert len(task.worker_ids) == 2  # taken by the killed worker, then by the second
