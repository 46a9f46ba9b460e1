"""The daily sweep on the task workers: one task per municipality, each running its steps in
order; a task run twice (taken again after its worker died) changes nothing the second time."""

from __future__ import annotations

import datetime as dt
import io

import pytest
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


def test_the_sweep_queues_a_municipality_s_steps_in_parts_and_reports_them(ipatinga_m):
    from django.core.management.base import CommandError

    from outorga.core.models import SweepPart

    out = io.StringIO()
    opts = ("--municipality", "ipatinga", "--on", "2026-12-02")
    call_command("sweep", "--enqueue", "--shards", "2", *opts, stdout=out)
    assert "ipatinga: varredura de 02/12/2026 na fila em" in out.getvalue()
    with tenant(ipatinga_m):
        parts = list(SweepPart.objects.all())
    queued = [p for p in parts if p.status == SweepPart.Status.QUEUED]
    assert [p.step for p in queued] == ["registry"] * len(queued) and queued
    report = io.StringIO()
    call_command("sweep", "--report", *opts, stdout=report)
    assert f"registry: 0 de {len(queued)} parte(s) concluída(s)" in report.getvalue()
    with pytest.raises(CommandError, match="--shards só vale com --enqueue"):
        call_command("sweep", "--shards", "2", *opts, stdout=io.StringIO())


def test_a_second_run_waits_for_the_first_unless_its_tasks_are_gone(ipatinga_m):
    """Two runs of one municipality would put one's stage beside the other's (ADR 0049): the
    second is refused while the first has a live task; a part whose task ended without ending it
    is "interrompida" and a new run may start (every step is idempotent)."""
    from django.core.management.base import CommandError
    from django_tasks.base import TaskResultStatus

    from outorga.core.models import SweepPart

    opts = ("--municipality", "ipatinga", "--on", "2026-12-02")
    call_command("sweep", "--enqueue", "--shards", "2", *opts, stdout=io.StringIO())
    with pytest.raises(CommandError, match="já há uma varredura em andamento"):
        call_command("sweep", "--enqueue", "--shards", "2", *opts, stdout=io.StringIO())
    with tenant(ipatinga_m):
        tasks = list(SweepPart.objects.exclude(task_id="").values_list("task_id", flat=True))
    DBTaskResult.objects.filter(pk__in=tasks).update(status=TaskResultStatus.FAILED)
    out = io.StringIO()
    call_command("sweep", "--enqueue", "--shards", "2", *opts, stdout=out)
    assert "na fila em" in out.getvalue()
    with tenant(ipatinga_m):
        first_run = SweepPart.objects.filter(task_id__in=tasks)
        assert {p.status for p in first_run} == {SweepPart.Status.FAILED}
        run = first_run.first().run  # type: ignore[union-attr]
    from outorga.core import sweep

    report = "\n".join(sweep.run_report(ipatinga_m, dt.date(2026, 12, 2), run))
    assert "interrompida" in report
