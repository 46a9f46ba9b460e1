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


@pytest.fixture
def probe_step():  # type: ignore[no-untyped-def]
    """A sweep step that records, per municipality, the date it was given and the day the
    active clock reads while it runs (what the steps' own ``timezone.localdate()`` read)."""
    from django.utils import timezone

    from outorga.core import sweep

    seen: dict[str, tuple[dt.date, dt.date]] = {}

    def probe(m, on, progress):  # type: ignore[no-untyped-def]
        seen[m.slug] = (on, timezone.localdate())
        return sweep.SweepResult()

    sweep.autodiscover()
    sweep.register("probe", probe)
    try:
        yield seen
    finally:
        sweep._STEPS.pop("probe", None)


def test_d_4_without_a_date_each_municipality_is_swept_on_its_own_day(
    ipatinga_m, barra_m, probe_step, monkeypatch
):
    """At 00:30 of 01/07/2026 in Ipatinga (UTC−3) it is still 23:30 of 30/06 in Barra do Garças
    (UTC−4). The daily sweep run without ``--on`` judges each municipality's deadlines on its own
    day (D-4: a deadline ends at the end of its last day, on the municipal calendar): Barra do
    Garças' day of 30/06 has not ended, so its sweep is of 30/06, and its steps read that clock."""
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    out = io.StringIO()
    call_command("sweep", "--step", "probe", "--no-progress", stdout=out)
    assert probe_step["ipatinga"] == (dt.date(2026, 7, 1), dt.date(2026, 7, 1))
    assert probe_step["barra-do-garcas"] == (dt.date(2026, 6, 30), dt.date(2026, 6, 30))
    assert "barra-do-garcas: varredura de 30/06/2026" in out.getvalue()
    assert "ipatinga: varredura de 01/07/2026" in out.getvalue()


def test_d_4_a_date_given_is_the_date_of_every_municipality_s_sweep(
    ipatinga_m, barra_m, probe_step
):
    call_command("sweep", "--step", "probe", "--on", "2026-06-30", stdout=io.StringIO())
    assert probe_step["ipatinga"][0] == probe_step["barra-do-garcas"][0] == dt.date(2026, 6, 30)


def test_d_4_queued_without_a_date_each_municipality_s_task_carries_its_own_day(
    ipatinga_m, barra_m, monkeypatch
):
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    out = io.StringIO()
    call_command("sweep", "--enqueue", stdout=out)
    assert "barra-do-garcas: varredura de 30/06/2026 na fila" in out.getvalue()
    assert "ipatinga: varredura de 01/07/2026 na fila" in out.getvalue()
