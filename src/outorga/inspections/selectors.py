"""Reads of the inspections app: the facts the law core needs, due dates and the queue."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from django.db.models import Max, Q, QuerySet

from outorga.core import lawseam
from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.law import questions
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.inspections.checklists import Checklist, checklist, code_for
from outorga.law.interfaces import MOTO_SERVICES
from outorga.registry import acting
from outorga.registry.facts import mototaxi_permit_vehicle, taxi_vehicle
from outorga.registry.models import Document, Permit, Person, Vehicle
from outorga.registry.selectors import holder_id_on, holder_on

from .models import Inspection, Withdrawal

#: Municipal staff who see inspections (the holder sees only their own, in the portal): the
#: screens and the staff API read by the same list.
STAFF = frozenset({Role.FISCAL, Role.AUTORIDADE, Role.ATENDENTE, Role.ADMIN})

#: Permits whose vehicle is in service and must keep its inspections up to date.
IN_SERVICE = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED)


def law_of(permit: Permit) -> str:
    return permit.law


def _motorcycle(permit: Permit) -> bool:
    """Mototaxi and motofrete answer the same interface (whichever law is bound to them)."""
    return permit.service in MOTO_SERVICES.services


def apps_law(m: Municipality) -> str | None:
    """The law governing transport by app in ``m`` today, if any (app drivers' inspections)."""
    try:
        return lawseam.law_of(m, Service.APLICATIVO)
    except lawseam.LawNotBound:
        return None


def checklist_of(permit: Permit | None, on: dt.date) -> Checklist:
    if permit is None:
        return checklist(code_for("apps"), on)
    return checklist(code_for(permit.service, permit.taxi_category or None), on)


def vehicle_facts(permit: Permit | None, on: dt.date) -> dict[str, Any]:
    """The rulebook's facts about the vehicle (mototaxi.vehicle_eligibility,
    taxi.vehicle_eligibility), from the registry, on the day of the inspection ``on`` (the CRLV
    in force then: taxi art. 28 I, mototaxi art. 5 §1 I). The inspector's answers are added by the law."""
    if permit is None or permit.vehicle is None:
        return {}
    v: Vehicle = permit.vehicle
    if _motorcycle(permit):
        return mototaxi_permit_vehicle(v, permit, on)
    return taxi_vehicle(v, category=permit.taxi_category or "convencional", on=on)


def last_passed_on(permit: Permit) -> dt.date | None:
    """The newest date the vehicle passed an inspection: a final approved inspection here, or the
    report recorded in the registry."""
    dates = list(
        Inspection.objects.filter(
            permit=permit,
            vehicle=permit.vehicle,
            status=Inspection.Status.FINAL,
            result__in=[Inspection.Result.APPROVED, Inspection.Result.APPROVED_WITH_REMARKS],
        )
        .order_by("-inspected_on")
        .values_list("inspected_on", flat=True)[:1]
    )
    if permit.vehicle is not None:
        # Mototaxi: the semiannual inspection report (art. 5 §1 III); taxi: the vistoria report
        # presented at registration or renewal (art. 22, 24, 29).
        kind = Document.Type.INSPECTION if _motorcycle(permit) else Document.Type.VISTORIA
        doc = (
            Document.objects.current()
            .filter(vehicle=permit.vehicle, doc_type=kind)
            .order_by("-issued_on")
            .first()
        )
        if doc is not None:
            dates.append(doc.issued_on)
    return max(dates) if dates else None


def _taxi_anchor(permit: Permit) -> dt.date:
    term = getattr(permit, "term", None)
    return term.signed_on if term is not None else permit.granted_on


def _vehicle_changed_on(permit: Permit) -> dt.date | None:
    from outorga.registry.models import VehicleChange

    change = (
        VehicleChange.objects.filter(permit=permit, to_vehicle=permit.vehicle)
        .order_by("-started_on")
        .first()
    )
    return change.started_on if change is not None else None


@dataclass(frozen=True)
class _Known:
    """What ``due`` reads from the registry besides the permit, read once for many permits."""

    last_passed_on: dt.date | None
    vehicle_changed_on: dt.date | None


def due(
    permit: Permit,
    ctx: Context,
    known: _Known | None = None,
    answers: dict[tuple[str, str], Decision] | None = None,
) -> Decision:
    """When the permit's next inspection is due, per its law (``inspections.*_due``).
    ``answers``: the decisions already made for a queue, by question and facts — the law core is
    a pure function of them, and many permits share their grant and inspection dates."""
    last = known.last_passed_on if known is not None else last_passed_on(permit)
    changed = None
    if not _motorcycle(permit):
        changed = known.vehicle_changed_on if known is not None else _vehicle_changed_on(permit)
    question, facts = _due_facts(
        permit.service,
        permit.law_on(ctx.as_of),
        permit.granted_on,
        _taxi_anchor(permit) if not _motorcycle(permit) else None,
        last,
        changed,
    )
    if answers is None:
        return questions.ask(question, ctx, facts)
    key = (question, json.dumps(facts, sort_keys=True))
    if key not in answers:
        answers[key] = questions.ask(question, ctx, facts)
    return answers[key]


def _due_facts(
    service: str,
    law: str,
    granted_on: dt.date,
    anchor: dt.date | None,
    last: dt.date | None,
    changed: dt.date | None,
) -> tuple[str, dict[str, Any]]:
    """The question ``inspection_due`` of ``law`` and its facts, from the record's values."""
    question = questions.find(law, "inspection_due").id
    if service in MOTO_SERVICES.services:
        return question, {
            "service": service,
            "registered_on": granted_on.isoformat(),
            "last_inspection_on": last.isoformat() if last else None,
        }
    assert anchor is not None
    return question, {
        "registered_on": granted_on.isoformat(),
        "renewal_anchor": anchor.isoformat(),
        "last_inspection_on": last.isoformat() if last else None,
        "vehicle_changed_on": changed.isoformat() if changed else None,
    }


def open_withdrawal(permit: Permit) -> Withdrawal | None:
    return Withdrawal.objects.filter(permit=permit, ended_on__isnull=True).first()


@dataclass(frozen=True)
class QueueRow:
    permit: Permit
    due_on: dt.date
    kind: str
    status: str  # em_dia, vence_hoje, vencida, retirado
    overdue: bool
    decision: Decision | None

    @property
    def label(self) -> str:
        return {
            "em_dia": "a vencer",
            "vence_hoje": "vence hoje",
            "vencida": "vencida",
            "retirado": "retirado de circulação — reinspeção",
        }[self.status]


def permits_in_service(m: Municipality, on: dt.date | None = None) -> QuerySet[Permit]:
    """The permits in service of the services a law governs here — on ``on``, when given: a
    service whose binding ended before it has no inspection due under a law (ADR 0062)."""
    services = [
        b.service
        for b in m.law_bindings()
        if on is None or lawseam.out_of_force(m, b.service, on) is None
    ]
    return (
        Permit.objects.filter(service__in=services, status__in=IN_SERVICE, vehicle__isnull=False)
        .select_related("vehicle", "holder", "municipality")
        .order_by("number")
    )


def due_queue(
    m: Municipality,
    on: dt.date,
    horizon_days: int = 30,
    *,
    within: Q | None = None,
    every: bool = False,
) -> list[QueueRow]:
    """Permits whose inspection is due within ``horizon_days`` or overdue, and vehicles withdrawn
    from service waiting for a re-inspection; the most urgent first. ``within``: only the permits
    it selects (a shard of the sweep, ``core.sweep.Shard``).

    Over sets: the facts the law reads (service, grant, the Termo's date, the last inspection
    passed, the last vehicle change) are read as values for every permit in service, the law is
    asked once per distinct facts, and only the permits it finds due (or withdrawn) are read as
    records. ``every``: each permit read and asked in turn — the reference the sets are held to."""
    in_service = permits_in_service(m, on)
    if within is not None:
        in_service = in_service.filter(within)
    if every:
        return _due_queue_each(m, on, horizon_days, list(in_service))
    ctx = context(m, on)
    horizon = on + dt.timedelta(days=horizon_days)
    values = list(
        in_service.order_by().values_list(
            "pk", "service", "vehicle_id", "granted_on", "term__signed_on"
        )
    )
    withdrawn, known = _known_of([(pk, vehicle, service) for pk, service, vehicle, *_ in values])
    laws: dict[str, str] = {}
    answers: dict[tuple[Any, ...], Decision] = {}
    found: dict[int, tuple[dt.date, Decision | None]] = {}
    for pk, service, _vehicle, granted_on, signed_on in values:
        if pk in withdrawn:
            found[pk] = (withdrawn[pk], None)
            continue
        if service not in laws:
            laws[service] = lawseam.law_of(m, service, on, nearest=True)
        moto = service in MOTO_SERVICES.services
        k = known[pk]
        anchor = None if moto else (signed_on or granted_on)
        changed = None if moto else k.vehicle_changed_on
        key = (service, laws[service], granted_on, anchor, k.last_passed_on, changed)
        if key not in answers:
            question, facts = _due_facts(
                service, laws[service], granted_on, anchor, k.last_passed_on, changed
            )
            answers[key] = questions.ask(question, ctx, facts)
        d = answers[key]
        if d.outcome["due_on"] <= horizon:
            found[pk] = (d.outcome["due_on"], d)
    rows: list[QueueRow] = []
    ids = sorted(found)
    for i in range(0, len(ids), _READ):
        for permit in in_service.filter(pk__in=ids[i : i + _READ]):
            due_on, decided = found[permit.pk]
            if decided is None:
                rows.append(QueueRow(permit, due_on, "reinspecao", "retirado", True, None))
            else:
                rows.append(_row(permit, decided))
    return sorted(rows, key=lambda r: (r.due_on, r.permit.number))


#: Permits read as records per query once the queue knows which are due.
_READ = 2000


def _row(permit: Permit, d: Decision) -> QueueRow:
    o = d.outcome
    return QueueRow(permit, o["due_on"], o["kind"], o["status"], o["overdue"], d)


def _due_queue_each(
    m: Municipality, on: dt.date, horizon_days: int, permits: list[Permit]
) -> list[QueueRow]:
    """:func:`due_queue` permit by permit: every permit in service read and asked in turn."""
    ctx = context(m, on)
    rows: list[QueueRow] = []
    withdrawn, known = _known_of([(p.pk, p.vehicle_id, p.service) for p in permits])
    answers: dict[tuple[str, str], Decision] = {}
    for permit in permits:
        started = withdrawn.get(permit.pk)
        if started is not None:
            rows.append(QueueRow(permit, started, "reinspecao", "retirado", True, None))
            continue
        d = due(permit, ctx, known[permit.pk], answers)
        if d.outcome["due_on"] <= on + dt.timedelta(days=horizon_days):
            rows.append(_row(permit, d))
    return sorted(rows, key=lambda r: (r.due_on, r.permit.number))


def _known_of(
    permits: list[tuple[int, int | None, str]],
) -> tuple[dict[int, dt.date], dict[int, _Known]]:
    """For every permit at once (its id, vehicle and service), what ``open_withdrawal``,
    ``last_passed_on`` and ``_vehicle_changed_on`` read one permit at a time: a handful of grouped
    queries instead of five per permit (``/vistorias/`` took 94 s on a few thousand permits,
    issue #23)."""
    from outorga.registry.models import VehicleChange

    ids = [pk for pk, _, _ in permits]
    vehicles = {vehicle for _, vehicle, _ in permits}
    withdrawn: dict[int, dt.date] = {}
    for permit_id, started in (
        Withdrawal.objects.filter(permit_id__in=ids, ended_on__isnull=True)
        .order_by("pk")
        .values_list("permit_id", "started_on")
    ):
        withdrawn.setdefault(permit_id, started)
    passed = {
        (r["permit_id"], r["vehicle_id"]): r["last"]
        for r in Inspection.objects.filter(
            permit_id__in=ids,
            status=Inspection.Status.FINAL,
            result__in=[Inspection.Result.APPROVED, Inspection.Result.APPROVED_WITH_REMARKS],
        )
        .values("permit_id", "vehicle_id")
        .annotate(last=Max("inspected_on"))
        .order_by()
    }
    reports = {
        (r["vehicle_id"], r["doc_type"]): r["last"]
        for r in Document.objects.current()
        .filter(
            vehicle_id__in=vehicles, doc_type__in=[Document.Type.INSPECTION, Document.Type.VISTORIA]
        )
        .values("vehicle_id", "doc_type")
        .annotate(last=Max("issued_on"))
        .order_by()
    }
    # The newest change to the permit's current vehicle (``_vehicle_changed_on``'s order).
    changes: dict[tuple[int, int | None], dt.date] = {}
    for permit_id, vehicle_id, started in (
        VehicleChange.objects.filter(permit_id__in=ids)
        .order_by("-started_on")
        .values_list("permit_id", "to_vehicle_id", "started_on")
    ):
        changes.setdefault((permit_id, vehicle_id), started)
    known: dict[int, _Known] = {}
    for pk, vehicle, service in permits:
        moto = service in MOTO_SERVICES.services
        kind = Document.Type.INSPECTION if moto else Document.Type.VISTORIA
        dates = [
            d for d in (passed.get((pk, vehicle)), reports.get((vehicle, kind))) if d is not None
        ]
        known[pk] = _Known(
            last_passed_on=max(dates) if dates else None,
            vehicle_changed_on=changes.get((pk, vehicle)),
        )
    return withdrawn, known


def holder_of(user: Any) -> Person | None:
    return acting.person_of(user)


def holder_inspections(person: Person) -> list[tuple[Inspection, Person]]:
    """The final inspections ``person`` reads on the portal, each with the holder it names: those
    of the vistorias made while ``person`` — or a company they are the confirmed responsible
    person of (``registry.acting``, ADR 0047) — held the permit. A taxi permission passed on
    (art. 13, parágrafo único) leaves the laudos before the transfer to the predecessor and
    those from its day on to the successor (ADR 0065)."""
    reached = acting.reach("permit__holder", person) | acting.reach(
        "permit__holder_changes__from_holder", person
    )
    ours = set(acting.acting_for(person).values_list("pk", flat=True))
    candidates = (
        Inspection.objects.filter(reached, status=Inspection.Status.FINAL)
        .select_related("permit__holder")
        .distinct()
    )
    held = [(i, holder_id_on(i.permit, i.inspected_on)) for i in candidates if i.permit]
    named = Person.objects.in_bulk({h for _, h in held if h in ours})
    return [(i, named[h]) for i, h in held if h in ours]


def inspection_holder(inspection: Inspection) -> Person | None:
    """The holder a laudo names: who held the inspected permit on the vistoria's day."""
    if inspection.permit is None:
        return None
    return holder_on(inspection.permit, inspection.inspected_on)
