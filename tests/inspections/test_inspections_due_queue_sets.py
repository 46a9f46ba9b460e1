"""The inspections queue over sets (the law asked once per distinct facts, only the permits due
read as records) lists exactly what asking the law permit by permit lists: due today, due on the
horizon's last day (and not the day after), overdue by one day, withdrawn from service — for the
mototaxi, and for the taxi, whose due date hangs on the Termo's date and on a vehicle change."""

from __future__ import annotations

import datetime as dt
from typing import Any

from inspections_factories import answers, grant_mototaxi
from registry_factories import CHECKS, TAXI_ON, grant, taxi_holder, taxi_vehicle

from outorga.core.lawctx import context
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.selectors import due, due_queue
from outorga.registry.models import Document, Permit, PermitTerm, VehicleChange
from outorga.registry.services.vehicle_changes import vehicle_substitute

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


# Taxi (Ipatinga 2017, art. 29): the vistoria is due at the yearly renewal of the cadastramento,
# counted from the Termo's signature (art. 13, 21) — from the registration when there is no
# Termo —, and at a change of vehicle not yet inspected. Each case: registered on, Termo signed
# on, the vehicle's last vistoria, the vehicle replaced on (and the new one's vistoria), and
# what the queue of ON lists (due date, status, kind) or None.
TAXI_CASES: dict[str, tuple[Any, ...]] = {
    "Termo: renewal due today": (
        dt.date(2019, 3, 1), dt.date(2025, 9, 5), dt.date(2025, 9, 1), None,
        (ON, "vence_hoje", "renovacao"),
    ),
    "Termo: renewal overdue by one day": (
        dt.date(2019, 3, 1), dt.date(2025, 9, 4), dt.date(2025, 9, 1), None,
        (ON - dt.timedelta(days=1), "vencida", "renovacao"),
    ),
    "Termo: renewal on the horizon's last day": (
        dt.date(2019, 3, 1), dt.date(2025, 10, 5), dt.date(2025, 9, 1), None,
        (ON + dt.timedelta(days=30), "em_dia", "renovacao"),
    ),
    "Termo: renewal the day after the horizon": (
        dt.date(2019, 3, 1), dt.date(2025, 10, 6), dt.date(2025, 9, 1), None, None,
    ),
    "no Termo: the registration anchors the renewal": (
        dt.date(2025, 9, 5), None, dt.date(2025, 9, 1), None,
        (ON, "vence_hoje", "renovacao"),
    ),
    "no vistoria on record: due at the registration": (
        dt.date(2025, 9, 5), dt.date(2025, 10, 6), None, None,
        (dt.date(2025, 9, 5), "vencida", "vistoria"),
    ),
    "vehicle replaced yesterday, not inspected since": (
        dt.date(2019, 3, 1), dt.date(2025, 10, 6), dt.date(2025, 9, 1),
        (dt.date(2026, 9, 4), dt.date(2026, 8, 20)),
        (ON - dt.timedelta(days=1), "vencida", "troca"),
    ),
    "vehicle replaced today, not inspected since": (
        dt.date(2019, 3, 1), dt.date(2025, 10, 6), dt.date(2025, 9, 1),
        (ON, dt.date(2026, 8, 20)),
        (ON, "vence_hoje", "troca"),
    ),
    "vehicle replaced and inspected after: the Termo anchors again": (
        dt.date(2019, 3, 1), dt.date(2025, 9, 5), dt.date(2025, 9, 1),
        (dt.date(2026, 8, 1), dt.date(2026, 8, 2)),
        (ON, "vence_hoje", "renovacao"),
    ),
}  # fmt: skip


def _taxi(m, clerk, registered, signed, vistoria, replaced):  # type: ignore[no-untyped-def]
    """A taxi permit granted through the registry, its dates then set as an import of the old
    registry leaves them (registered before the Termo's signature, or no Termo); its vehicle's
    vistoria report of ``vistoria`` (none when None); ``replaced``: (on, the new vehicle's
    vistoria), the vehicle substituted through the registry's service."""
    holder, vehicle = taxi_holder(m, TAXI_ON)
    permit = grant(m, holder, vehicle)
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(granted_on=registered, term_start=registered)
        if signed is None:
            PermitTerm.objects.filter(permit=permit).delete()
        else:
            PermitTerm.objects.filter(permit=permit).update(signed_on=signed)
        reports = Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.VISTORIA)
        if vistoria is None:
            reports.delete()
        else:
            reports.update(issued_on=vistoria)
    if replaced is not None:
        on, inspected = replaced
        new = taxi_vehicle(m, holder)
        with tenant(m):
            Document.objects.filter(vehicle=new, doc_type=Document.Type.VISTORIA).update(
                issued_on=inspected
            )
        vehicle_substitute(
            actor=clerk, municipality=m, permit=permit, vehicle=new, on=on, checks=CHECKS
        )
    with tenant(m):
        return Permit.objects.get(pk=permit.pk)


def test_art_29_the_taxi_queue_over_sets_lists_what_the_permit_by_permit_queue_lists(
    ipatinga_m, clerk
):
    granted: dict[str, list[Permit]] = {}
    for label, (registered, signed, vistoria, replaced, _) in TAXI_CASES.items():
        for _ in range(2):  # two permits with the same facts share the law's answer
            p = _taxi(ipatinga_m, clerk, registered, signed, vistoria, replaced)
            granted.setdefault(label, []).append(p)
    with tenant(ipatinga_m):
        assert Permit.objects.exclude(service="taxi").count() == 0
        assert VehicleChange.objects.count() == 6
    for on in (ON - dt.timedelta(days=1), ON, ON + dt.timedelta(days=1)):
        for horizon in (0, 30):
            over_sets = _rows(ipatinga_m, on, horizon, False)
            assert _rows(ipatinga_m, on, horizon, True) == over_sets
            # And each permit asked alone, its last vistoria and vehicle change read from its
            # own records (what the queue reads for all permits at once).
            with tenant(ipatinga_m):
                ctx = context(ipatinga_m, on)
                alone = {}
                for p in Permit.objects.select_related("vehicle", "holder", "municipality"):
                    d = due(p, ctx)
                    if d.outcome["due_on"] <= on + dt.timedelta(days=horizon):
                        alone[p.pk] = d.to_json()
            assert {pk: decision for pk, *_, decision in over_sets} == alone

    rows = _rows(ipatinga_m, ON, 30, False)
    listed = {pk: (due_on, status, kind) for pk, due_on, kind, status, *_ in rows}
    for label, (*_, expected) in TAXI_CASES.items():
        for p in granted[label]:
            assert listed.get(p.pk) == expected, label
