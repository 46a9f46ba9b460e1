"""The inspections sweep lists due and overdue inspections and records the missed ones as
infraction candidates (mototaxi art. 39 VI), once: running it twice changes nothing."""

from __future__ import annotations

import datetime as dt
from io import StringIO

from django.core.management import call_command

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.inspections.models import MissedInspection
from outorga.inspections.sweep import run

# moto_permit: granted 10/03/2026 with an inspection report of 05/03/2026 → due 05/09/2026.


def test_nothing_is_missed_on_the_due_date(ipatinga_m, moto_permit):
    result = run(ipatinga_m, dt.date(2026, 9, 5))
    assert result.changes == 0
    assert any("vence hoje" in line for line in result.lines)


def test_the_day_after_it_is_an_infraction_candidate_once(ipatinga_m, moto_permit):
    first = run(ipatinga_m, dt.date(2026, 9, 6))
    assert first.changes == 1
    with tenant(ipatinga_m):
        missed = MissedInspection.objects.get()
        assert (missed.due_on, missed.infraction_code) == (dt.date(2026, 9, 5), "art39-VI")
        assert missed.citation.endswith("art. 39, VI")
        acts = Act.objects.filter(action="inspection.missed").count()
    again = run(ipatinga_m, dt.date(2026, 9, 7))
    assert again.changes == 0
    with tenant(ipatinga_m):
        assert MissedInspection.objects.count() == 1
        assert Act.objects.filter(action="inspection.missed").count() == acts


def test_the_command_lists_due_and_overdue(ipatinga_m, moto_permit):
    out = StringIO()
    call_command("inspections_sweep", "--on", "2026-09-06", "--municipio", "ipatinga", stdout=out)
    text = out.getvalue()
    assert moto_permit.number in text and "vencida" in text
    assert "candidata a infração" in text
    out = StringIO()
    call_command("inspections_sweep", "--on", "2026-09-06", "--municipio", "ipatinga", stdout=out)
    assert "alterações: 0" in out.getvalue()


def test_an_open_withdrawal_stays_visible_if_another_step_cleared_the_mark(
    ipatinga_m, fiscal, moto_permit
):
    from inspections_factories import answers

    from outorga.inspections import services
    from outorga.registry.models import Permit

    on = dt.date(2026, 4, 1)
    services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=moto_permit,
        kind="extraordinaria",
        inspected_on=on,
        answers=answers("mototaxi", on, freios_direcao_suspensao="not_ok"),
    )
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=moto_permit.pk).update(irregular=False, irregular_reason="")
    result = run(ipatinga_m, dt.date(2026, 4, 2))
    assert result.changes == 1
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=moto_permit.pk).irregular
    assert run(ipatinga_m, dt.date(2026, 4, 2)).changes == 0
