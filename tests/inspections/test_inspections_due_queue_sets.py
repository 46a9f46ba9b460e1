"""The inspections queue over sets (the law asked once per distinct facts, only the permits due
read as records) lists exactly what asking the law permit by permit lists: due today, due on the
horizon's last day (and not the day after), overdue by one day, withdrawn from service."""

from __future__ import annotations

import datetime as dt

from inspections_factories import answers, grant_mototaxi

from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.selectors import due_queue
from outorga.registry.models import Document

# The inspection report is valid six months (art. 5 §1 III): the next is due on its last day.
ON = dt.date(2026, 9, 5)
REPORTS = {
    "due today": dt.date(2026, 3, 5),  # due 05/09/2026
    "overdue by one day": dt.date(2026, 3, 4),  # due 04/09/2026
    "due on the horizon's last day": dt.date(2026, 4, 5),  # due 05/10/2026 = ON + 30
    "due the day after the horizon": dt.date(2026, 4, 6),  # due 06/10/2026
    "due much later": dt.date(2026, 6, 1),
}


def _rows(m, on, horizon, every):  # type: ignore[no-untyped-def]
    with tenant(m):
        return [
            (
                r.permit.pk,
                r.due_on,
                r.kind,
                r.status,
                r.overdue,
                r.decision.to_json() if r.decision is not None else None,
            )
            for r in due_queue(m, on, horizon, every=every)
        ]


def test_the_queue_over_sets_lists_what_the_permit_by_permit_queue_lists(ipatinga_m, clerk, fiscal):
    granted = {}
    n = 60
    for label, day in REPORTS.items():
        for _ in range(2):  # two permits with the same facts share the law's answer
            p = grant_mototaxi(ipatinga_m, clerk, n=n, on=dt.date(2026, 3, 10))
            with tenant(ipatinga_m):
                Document.objects.filter(
                    vehicle=p.vehicle, doc_type=Document.Type.INSPECTION
                ).update(issued_on=day)
            granted.setdefault(label, []).append(p)
            n += 1
    withdrawn = grant_mototaxi(ipatinga_m, clerk, n=n, on=dt.date(2026, 6, 1))
    services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=withdrawn,
        kind="extraordinaria",
        inspected_on=dt.date(2026, 8, 1),
        answers=answers("mototaxi", dt.date(2026, 8, 1), freios_direcao_suspensao="not_ok"),
    )
    for on in (ON - dt.timedelta(days=1), ON, ON + dt.timedelta(days=1)):
        for horizon in (0, 30):
            assert _rows(ipatinga_m, on, horizon, True) == _rows(ipatinga_m, on, horizon, False)

    listed = {
        pk: (due_on, status) for pk, due_on, _, status, *_ in _rows(ipatinga_m, ON, 30, False)
    }
    for p in granted["due today"]:
        assert listed[p.pk] == (ON, "vence_hoje")
    for p in granted["overdue by one day"]:
        assert listed[p.pk] == (ON - dt.timedelta(days=1), "vencida")
    for p in granted["due on the horizon's last day"]:
        assert listed[p.pk] == (ON + dt.timedelta(days=30), "em_dia")
    for p in granted["due the day after the horizon"] + granted["due much later"]:
        assert p.pk not in listed
    assert listed[withdrawn.pk] == (dt.date(2026, 8, 1), "retirado")
