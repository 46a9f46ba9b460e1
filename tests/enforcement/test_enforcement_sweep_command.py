"""``outorga enforcement_sweep --on DATE``: what it did, and nothing more the second time; the
holder's portal aviso with the deadline."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from enforcement_factories import case_of, issue, pending_notice, seized

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Penalty
from outorga.enforcement.services import finality
from outorga.enforcement.services.finality import CasesNotSwept, sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.registry.models import Notification

D = dt.date(2026, 4, 6)


def _run(on: dt.date) -> str:
    out = io.StringIO()
    call_command("enforcement_sweep", on=on.isoformat(), municipality="ipatinga", stdout=out)
    return out.getvalue()


def test_the_command_judges_by_default_once_and_the_holder_was_told_the_deadline(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    with tenant(world.m):
        aviso = Notification.objects.get(
            key__startswith="enforcement-notice-", person=world.permit.holder
        )
    assert "16/04/2026" in aviso.message and aviso.due_on == case.deadline
    first = _run(dt.date(2026, 4, 17))
    assert "julgados à revelia: 1" in first and f"- {case.number} (art. 42, §3)" in first
    second = _run(dt.date(2026, 4, 17))
    assert "julgados à revelia: 0" in second
    assert case_of(world, auto).revelia


def test_art_43_d_1_a_late_sweep_records_finality_on_the_day_after_the_last_day(world):
    """The appeal period of art. 43 ends on Thursday 05/03/2026 with no appeal: the decision is
    final from Friday 06/03 (D-1), whatever day the sweep gets to it. A sweep skipped for five
    days must not move the finality, the fine's imposition (D-5) nor its due date to its own day."""
    auto = issue(world, on=dt.date(2026, 2, 2))  # signed: notified that day
    sweep(world.m, dt.date(2026, 2, 13))  # no defence by 12/02: revelia (art. 42 §3)
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case_of(world, auto)),
        form="pessoal",
        on=dt.date(2026, 2, 23),
    )
    assert case_of(world, auto).deadline == dt.date(2026, 3, 5)  # art. 43: 10 days
    assert sweep(world.m, dt.date(2026, 3, 5))["final"] == []  # the last day: not yet
    report = sweep(world.m, dt.date(2026, 3, 11))  # the sweeps of 06/03 to 10/03 never ran
    case = case_of(world, auto)
    assert report["final"] == [case.number]
    assert case.stage == Case.Stage.FINAL and case.final_on == dt.date(2026, 3, 6)
    with tenant(world.m):
        penalty = Penalty.objects.select_related("debt").get(case=case, kind=Penalty.Kind.FINE)
    assert penalty.imposed_on == dt.date(2026, 3, 6)
    # 30 days from 06/03 fall on Sunday 05/04: Monday 06/04 (as when the sweep runs on time).
    assert penalty.debt is not None and penalty.debt.due_on == dt.date(2026, 4, 6)


def test_d_4_without_a_date_the_app_sweeps_read_each_municipality_s_own_day(
    ipatinga_m, barra_m, monkeypatch
):
    """At 00:30 of 01/07/2026 in Ipatinga it is still 30/06 in Barra do Garças (UTC−4): the
    enforcement and platforms sweeps run without ``--on`` judge each municipality's deadlines on
    its own day (D-4), as ``outorga sweep`` does."""
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    out = io.StringIO()
    call_command("enforcement_sweep", stdout=out)
    assert "Barra do Garças/MT em 30/06/2026:" in out.getvalue()
    assert "Ipatinga/MG em 01/07/2026:" in out.getvalue()
    out = io.StringIO()
    call_command("platforms_sweep", "--municipality", "barra-do-garcas", stdout=out)
    assert "em 30/06/2026." in out.getvalue()


def test_a_case_that_cannot_move_holds_neither_the_others_nor_the_rest_of_the_sweep(
    world, monkeypatch
):
    """One case failing (a law question refusing its facts, say) rolls back alone: the other
    lapsed deadlines are judged, the seized vehicles' storage counted, and the step fails naming
    the case held — which the next sweep tries again."""
    held, other = case_of(world, issue(world, on=D)), case_of(world, issue(world, on=D))
    _, seizure = seized(world, D)
    real = finality._deadline_recounted

    def broken(m, case):  # type: ignore[no-untyped-def]
        if case.pk == held.pk:
            raise ValueError("fatos inválidos")
        return real(m, case)

    monkeypatch.setattr(finality, "_deadline_recounted", broken)
    with pytest.raises(CasesNotSwept) as exc:
        sweep(world.m, dt.date(2026, 4, 17))
    assert exc.value.failed == [f"{held.number} (ValueError: fatos inválidos)"]
    assert other.number in exc.value.report["revelia"]
    assert held.number not in exc.value.report["revelia"]
    days = finality.storage_days(seizure, dt.date(2026, 4, 17))
    assert days > 0 and exc.value.report["storage"] == [f"{seizure.plate}: {days} dia(s)"]
    with tenant(world.m):
        assert Case.objects.get(pk=other.pk).revelia and not Case.objects.get(pk=held.pk).revelia
    out = io.StringIO()
    with pytest.raises(CommandError, match=f"Ipatinga/MG: {held.number} \\(ValueError"):
        call_command("enforcement_sweep", on="2026-04-18", municipality="ipatinga", stdout=out)
    assert "estadia de veículos apreendidos: 1" in out.getvalue()  # what it did is still said
    monkeypatch.undo()
    assert sweep(world.m, dt.date(2026, 4, 18))["revelia"] == [held.number]
