"""Work survives a dead worker (issue #19): the task queue's leases and the re-send of a stuck
trip file (core/tasklease.py, docs/decisions/0016-task-leases.md)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from tripdata_factories import processed

from outorga.core import tasklease
from outorga.core.models import Act, TaskLease
from outorga.core.tenancy import unscoped
from outorga.tripdata.models import TripUpload
from outorga.tripdata.services import processing
from outorga.tripdata.services.processing import trip_upload_process


def running(upload_id: int, *, lease_left: float | None, attempts: int = 1) -> DBTaskResult:
    """The upload's task as a worker leaves it: RUNNING, its lease ``lease_left`` seconds from
    expiring (negative: expired; None: the worker died before taking its lease)."""
    with unscoped():
        upload = TripUpload.objects.get(pk=upload_id)
    task = DBTaskResult.objects.get(pk=upload.task_id)
    task.claim("morto")
    if lease_left is None:
        DBTaskResult.objects.filter(pk=task.pk).update(
            started_at=timezone.now() - tasklease.lease_duration() - dt.timedelta(seconds=1)
        )
    else:
        TaskLease.objects.create(
            task=task,
            worker_id="morto",
            attempts=attempts,
            expires_at=timezone.now() + dt.timedelta(seconds=lease_left),
        )
    with unscoped():
        TripUpload.objects.filter(pk=upload_id).update(status=TripUpload.Status.PROCESSING)
    return task


def status_of(task: DBTaskResult) -> str:
    return DBTaskResult.objects.get(pk=task.pk).status


def test_a_task_whose_lease_expired_is_queued_again(world: Any, sample_trips: bytes) -> None:
    task = running(world.upload(sample_trips).json()["id"], lease_left=-1)
    assert tasklease.reclaim() == (1, 0)
    assert status_of(task) == TaskResultStatus.READY


def test_a_task_whose_worker_died_before_its_lease_is_queued_again_after_one_lease(
    world: Any, sample_trips: bytes
) -> None:
    task = running(world.upload(sample_trips).json()["id"], lease_left=None)
    assert tasklease.reclaim() == (1, 0)
    assert status_of(task) == TaskResultStatus.READY


def test_a_task_under_a_live_lease_is_left_to_its_worker(world: Any, sample_trips: bytes) -> None:
    task = running(world.upload(sample_trips).json()["id"], lease_left=60)
    assert tasklease.reclaim() == (0, 0)
    assert status_of(task) == TaskResultStatus.RUNNING
    assert tasklease.alive(str(task.pk))


def test_a_renewal_keeps_the_lease_only_for_its_holder(world: Any, sample_trips: bytes) -> None:
    task = running(world.upload(sample_trips).json()["id"], lease_left=-1)
    assert not tasklease.renew(task.pk, "outro")
    assert tasklease.renew(task.pk, "morto")
    assert tasklease.reclaim() == (0, 0)


def test_a_task_taken_the_maximum_times_fails_instead_of_killing_the_next_worker(
    world: Any, sample_trips: bytes, settings: Any
) -> None:
    settings.OUTORGA_TASK_MAX_ATTEMPTS = 3
    task = running(world.upload(sample_trips).json()["id"], lease_left=-1, attempts=3)
    assert tasklease.reclaim() == (0, 1)
    assert status_of(task) == TaskResultStatus.FAILED
    assert "interrompida 3 vez(es)" in DBTaskResult.objects.get(pk=task.pk).traceback


def test_a_stuck_upload_sent_again_is_queued_again_with_an_act(
    world: Any, sample_trips: bytes, settings: Any
) -> None:
    first = world.upload(sample_trips, key="outubro")
    task = running(first.json()["id"], lease_left=-1, attempts=settings.OUTORGA_TASK_MAX_ATTEMPTS)
    tasklease.reclaim()  # taken too many times: failed, the upload left "processing"
    with unscoped():
        stuck_task = TripUpload.objects.get(pk=first.json()["id"]).task_id
    again = world.upload(sample_trips, key="outubro")
    assert again.json()["id"] == first.json()["id"]
    with unscoped():
        upload = TripUpload.objects.get(pk=first.json()["id"])
        assert upload.status == TripUpload.Status.QUEUED and upload.task_id != stuck_task
        requeued = Act.objects.get(action="tripdata.requeue", object_id=str(upload.pk))
    payload = json.loads(requeued.canonical)["payload"]
    assert payload["old"] == {"task": stuck_task} and payload["new"] == {"task": upload.task_id}
    assert status_of(task) == TaskResultStatus.FAILED
    assert processed(upload.pk).status == TripUpload.Status.DONE


def test_an_upload_whose_task_still_runs_is_returned_as_it_is(
    world: Any, sample_trips: bytes
) -> None:
    first = world.upload(sample_trips)
    task = running(first.json()["id"], lease_left=60)
    world.upload(sample_trips)
    with unscoped():
        upload = TripUpload.objects.get(pk=first.json()["id"])
        assert upload.task_id == str(task.pk) and upload.status == TripUpload.Status.PROCESSING
        assert not Act.objects.filter(action="tripdata.requeue", object_id=str(upload.pk)).exists()


def test_a_run_taken_for_dead_that_comes_back_stores_nothing(
    world: Any, sample_trips: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs of one upload: the later one took over; the earlier, when it reaches the store,
    finds it is no longer the latest and writes neither results nor act."""
    upload_id = world.upload(sample_trips).json()["id"]
    real_begin = processing._begin

    def begin_then_overtaken(pk: int) -> int | None:
        attempt = real_begin(pk)
        real_begin(pk)  # another worker took the task meanwhile
        return attempt

    monkeypatch.setattr(processing, "_begin", begin_then_overtaken)
    trip_upload_process(upload_id=upload_id)
    monkeypatch.undo()
    with unscoped():
        upload = TripUpload.objects.get(pk=upload_id)
        assert upload.status == TripUpload.Status.PROCESSING and upload.attempts == 2
        assert not Act.objects.filter(action="tripdata.process", object_id=str(upload_id)).exists()
    assert processed(upload_id).status == TripUpload.Status.DONE
    with unscoped():
        assert Act.objects.filter(action="tripdata.process", object_id=str(upload_id)).count() == 1


def test_storing_a_trip_file_keeps_the_one_lock_order(
    world: Any, sample_trips: bytes, lock_order: Any
) -> None:
    """The platform, the upload, its month, the statement and the candidate, then the acts
    (core.locking; checked on PostgreSQL)."""
    assert processed(world.upload(sample_trips).json()["id"]).status == TripUpload.Status.DONE
