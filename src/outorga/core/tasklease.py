"""Leases on background tasks, so that work survives a worker's death (ADR 0016).

django-tasks' database backend marks a task RUNNING when a worker claims it and nothing else
ever looks at it again: a worker killed mid-task (SIGKILL, out of memory, machine lost) left it
RUNNING forever. Here a worker holds a *lease* on the task it runs (:class:`TaskLease`), renewed
every third of ``OUTORGA_TASK_LEASE_SECONDS`` while it lives; :func:`reclaim` puts a RUNNING task
whose lease expired back in the queue (READY), where any worker takes it again, or marks it failed
once it has been taken ``OUTORGA_TASK_MAX_ATTEMPTS`` times.

A task may therefore run more than once (a worker that only stalled past its lease comes back):
each task makes its own effect happen once, under its own row lock (the trip file: an attempt
number on the upload, checked in the transaction that stores the results).
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus, task_finished
from django_tasks_db.models import DBTaskResult

from .models import TaskLease

log = logging.getLogger(__name__)


class LeaseExpired(RuntimeError):
    """A task's worker died too many times while running it."""


def lease_duration() -> dt.timedelta:
    return dt.timedelta(seconds=settings.OUTORGA_TASK_LEASE_SECONDS)


def take(task_id: uuid.UUID, worker_id: str) -> int:
    """The worker's lease on a task it has just claimed; returns how many times it was taken."""
    with transaction.atomic():
        lease, _ = TaskLease.objects.select_for_update().get_or_create(
            task_id=task_id,
            defaults={"worker_id": worker_id, "expires_at": timezone.now() + lease_duration()},
        )
        lease.worker_id = worker_id
        lease.expires_at = timezone.now() + lease_duration()
        lease.attempts += 1
        lease.save()
    return lease.attempts


def renew(task_id: uuid.UUID, worker_id: str) -> bool:
    """Extend the lease; False if another worker holds it now (this one was taken for dead)."""
    moved = TaskLease.objects.filter(task_id=task_id, worker_id=worker_id).update(
        expires_at=timezone.now() + lease_duration()
    )
    return moved == 1


def _expired(now: dt.datetime) -> Q:
    # A task claimed by a worker that died before taking its lease has none: its start counts.
    return Q(outorga_lease__expires_at__lt=now) | Q(
        outorga_lease__isnull=True, started_at__lt=now - lease_duration()
    )


def reclaim(backend_name: str = "default") -> tuple[int, int]:
    """Put back in the queue every RUNNING task whose lease expired, or fail it when it was
    already taken ``OUTORGA_TASK_MAX_ATTEMPTS`` times. Returns ``(requeued, failed)``."""
    now = timezone.now()
    requeued: list[DBTaskResult] = []
    failed: list[DBTaskResult] = []
    with transaction.atomic():
        stale = (
            DBTaskResult.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("outorga_lease")
            .filter(status=TaskResultStatus.RUNNING, backend_name=backend_name)
            .filter(_expired(now))
        )
        for task in stale:
            lease = getattr(task, "outorga_lease", None)
            attempts = lease.attempts if lease is not None else len(task.worker_ids)
            if attempts >= settings.OUTORGA_TASK_MAX_ATTEMPTS:
                task.set_failed(
                    LeaseExpired(
                        f"tarefa interrompida {attempts} vez(es) sem concluir (o processo que a "
                        "executava parou); não será retomada"
                    )
                )
                failed.append(task)
            else:
                task.status = TaskResultStatus.READY
                task.save(update_fields=["status"])
                requeued.append(task)
    for task in requeued:
        log.warning("tarefa %s retomada: o trabalhador que a executava parou", task.id)
    for task in failed:
        log.error("tarefa %s falhou: interrompida vezes demais", task.id)
        task_finished.send(sender=type(task.task.get_backend()), task_result=task.task_result)
    return len(requeued), len(failed)


def alive(task_id: str) -> bool:
    """Whether the task will still run or finish: queued, or running under a live lease."""
    if not task_id:
        return False
    task = DBTaskResult.objects.select_related("outorga_lease").filter(pk=task_id).first()
    if task is None:
        return False
    if task.status == TaskResultStatus.READY:
        return True
    if task.status != TaskResultStatus.RUNNING:
        return False
    return not DBTaskResult.objects.filter(pk=task.pk).filter(_expired(timezone.now())).exists()
