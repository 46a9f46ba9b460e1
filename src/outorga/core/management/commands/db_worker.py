"""`outorga db_worker`: django-tasks' database worker, with leases (core/tasklease.py, ADR 0016).

The same command and options as django-tasks-db's; while it runs a task, a keeper thread renews
the task's lease, and every third of the lease it puts back in the queue the tasks whose worker
died (their lease expired), so that another worker takes them."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from outorga.core import tasklease

log = logging.getLogger(__name__)


class LeasedWorker(db_worker.Worker):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._current: Any = None
        self._stop = threading.Event()

    def run(self) -> None:
        tasklease.reclaim(self.backend_name)  # before the first look at the queue (--batch)
        keeper = threading.Thread(target=self._keep, name="lease-keeper", daemon=True)
        keeper.start()
        try:
            super().run()
        finally:
            self._stop.set()
            keeper.join(timeout=5)

    def run_task(self, db_task_result: DBTaskResult) -> None:
        tasklease.take(db_task_result.pk, self.worker_id)
        self._current = db_task_result.pk
        try:
            super().run_task(db_task_result)
        finally:
            self._current = None

    def _keep(self) -> None:
        """Renew the running task's lease and reclaim the dead workers' tasks, a third of a lease
        apart, on this thread's own connection."""
        period = settings.OUTORGA_TASK_LEASE_SECONDS / 3
        try:
            while not self._stop.wait(period):
                try:
                    current = self._current
                    if current is not None and not tasklease.renew(current, self.worker_id):
                        log.warning("tarefa %s: a concessão passou a outro trabalhador", current)
                    tasklease.reclaim(self.backend_name)
                except DatabaseError:
                    # A busy or restarting database: try again at the next beat (the lease is a
                    # third of a period away from expiring).
                    log.exception("falha ao renovar a concessão da tarefa")
                    connection.close()
        finally:
            connection.close()


class Command(db_worker.Command):
    help = "Executa as tarefas em segundo plano (com concessão renovada; retoma as de quem parou)"

    def handle(self, **options: Any) -> None:
        # The library's handle() builds its module's ``Worker``: lend it ours for this run rather
        # than copy the option handling.
        original = db_worker.Worker
        db_worker.Worker = LeasedWorker  # type: ignore[misc]
        try:
            super().handle(**options)
        finally:
            db_worker.Worker = original  # type: ignore[misc]
