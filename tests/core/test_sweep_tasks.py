"""The daily sweep on the task workers: one task per municipality, each running its steps in
order; a task run twice (taken again after its worker died) changes nothing the second time."""

from __future__ import annotations

import io

from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from outorga.core.models import Act, Municipality
from outorga.core.tasks import sweep_municipality
from outorga.core.tenancy import tenant, unscoped


def test_the_sweep_queues_one_task_per_municipality(db):
    before = DBTaskResult.objects.count()
    out = io.StringIO()
    call_command("sweep", "--enqueue", "--on", "2026-12-02", stdout=out)
    with unscoped():
        slugs = list(Municipality.objects.values_list("slug", flat=True))
    assert DBTaskResult.objects.count() - before == len(slugs) > 1
    for slug in slugs:
        assert f"{slug}: varredura de 02/12/2026 na fila" in out.getvalue()


def test_a_municipality_s_sweep_task_runs_its_steps_once(ipatinga_m):
    first = sweep_municipality.call("ipatinga", "2027-06-01", ["registry"])
    assert first.startswith("ipatinga · registry:\n  - ")
    with tenant(ipatinga_m):
        acts = Act.objects.count()
    again = sweep_municipality.call("ipatinga", "2027-06-01", ["registry"])
    assert "avisos novos" not in again and "irregulares" not in again
    with tenant(ipatinga_m):
        assert Act.objects.count() == acts
