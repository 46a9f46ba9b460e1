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
    assert "inspeção semestral: devida(s) — vencida" in text  # the kind's name, not its code
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


def _missed_effects(m, on):  # type: ignore[no-untyped-def]
    """Run the step; the acts it wrote (without time, sequence and the new row's id, which a
    rolled back run does not give back on PostgreSQL) and the missed inspections."""
    with tenant(m):
        last = Act.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
        result = run(m, on)
        acts = [
            {k: v for k, v in a.record.items() if k not in ("time", "seq", "object")}
            | {"object": a.record["object"]["type"]}
            for a in Act.objects.filter(seq__gt=last).order_by("seq")
        ]
        missed = sorted(
            (x.permit_id, x.due_on, x.kind, x.infraction_code, x.citation, x.detected_on)
            for x in MissedInspection.objects.all()
        )
    return acts, missed, result.changes


def test_missed_inspections_in_bulk_are_those_recorded_one_by_one(ipatinga_m, clerk, monkeypatch):
    """Art. 39, VI: the batch (one insert, its acts appended at once) records what the one by one
    path — taken when another sweep recorded one meanwhile — records, in batches of two."""
    from django.db import IntegrityError, transaction
    from inspections_factories import grant_mototaxi

    from outorga.inspections import sweep

    monkeypatch.setattr(sweep, "BATCH", 2)
    for n in range(3):
        grant_mototaxi(ipatinga_m, clerk, n=50 + n, on=dt.date(2026, 3, 10))
    on = dt.date(2026, 9, 6)

    def refused(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise IntegrityError("gravada por outra varredura")

    with monkeypatch.context() as only_bulk, transaction.atomic():
        only_bulk.setattr(sweep, "_missed_one", refused)  # the batches write, none falls back
        in_bulk = _missed_effects(ipatinga_m, on)
        transaction.set_rollback(True)
    monkeypatch.setattr(sweep, "_missed_in_bulk", refused)
    one_by_one = _missed_effects(ipatinga_m, on)
    assert in_bulk == one_by_one
    assert in_bulk[2] == 3 and [a["action"] for a in in_bulk[0]] == ["inspection.missed"] * 3


def test_a_citys_summary_names_some_inspections_and_counts_the_rest():
    """A hundred thousand permits must not give a hundred thousand summary lines (issue #23):
    the step's summary names the first inspections of each kind and counts the others."""
    from outorga.core.sweep import EXAMPLES, SweepResult

    result = SweepResult()
    numbers = [f"MT-{i:04d}" for i in range(1, EXAMPLES + 6)]
    result.listed("vistorias não realizadas", numbers, changes=len(numbers), where="em Vistorias")
    result.listed("nada", [])
    assert result.changes == EXAMPLES + 5
    (line,) = result.lines
    assert line.startswith(f"{EXAMPLES + 5} vistorias não realizadas: MT-0001; ")
    assert f"MT-{EXAMPLES:04d}; e mais 5 (em Vistorias)" in line
    assert f"MT-{EXAMPLES + 1:04d}" not in line


def test_d_4_without_a_date_each_municipality_s_inspections_are_swept_on_its_own_day(
    ipatinga_m, barra_m, monkeypatch
):
    """At 00:30 of 01/07/2026 in Ipatinga it is still 30/06 in Barra do Garças (UTC−4): an
    inspection due on 30/06 there is not yet overdue (D-4), so its sweep is of 30/06."""
    instant = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    out = StringIO()
    call_command("inspections_sweep", stdout=out)
    assert "Barra do Garças/MT em 30/06/2026" in out.getvalue()
    assert "Ipatinga/MG em 01/07/2026" in out.getvalue()
