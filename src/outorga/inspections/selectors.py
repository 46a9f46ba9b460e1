"""Reads of the inspections app: the facts the law core needs, due dates and the queue."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from django.db.models import Max, QuerySet

from outorga.core import lawseam
from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.law import questions
from outorga.law.bindings import Service
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.inspections.checklists import Checklist, checklist, code_for
from outorga.law.interfaces import MOTO_SERVICES
from outorga.registry import acting
from outorga.registry.facts import mototaxi_vehicle, taxi_vehicle
from outorga.registry.models import Document, Permit, Person, Vehicle

from .models import Inspection, Withdrawal

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


def vehicle_facts(permit: Permit | None) -> dict[str, Any]:
    """The rulebook's facts about the vehicle (mototaxi.vehicle_eligibility,
    taxi.vehicle_eligibility), from the registry. The inspector's answers are added by the law."""
    if permit is None or permit.vehicle is None:
        return {}
    v: Vehicle = permit.vehicle
    if _motorcycle(permit):
        return mototaxi_vehicle(
            v, service=permit.service, equipment=[], holder=permit.holder, permit=permit
        )
    return taxi_vehicle(v, category=permit.taxi_category or "convencional")


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
    question = questions.find(permit.law_on(ctx.as_of), "inspection_due").id
    if _motorcycle(permit):
        facts: dict[str, Any] = {
            "service": permit.service,
            "registered_on": permit.granted_on.isoformat(),
            "last_inspection_on": last.isoformat() if last else None,
        }
    else:
        changed = known.vehicle_changed_on if known is not None else _vehicle_changed_on(permit)
        facts = {
            "registered_on": permit.granted_on.isoformat(),
            "renewal_anchor": _taxi_anchor(permit).isoformat(),
            "last_inspection_on": last.isoformat() if last else None,
            "vehicle_changed_on": changed.isoformat() if changed else None,
        }
    if answers is None:
        return questions.ask(question, ctx, facts)
    key = (question, json.dumps(facts, sort_keys=True))
    if key not in answers:
        answers[key] = questions.ask(question, ctx, facts)
    return answers[key]


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


def permits_in_service(m: Municipality) -> QuerySet[Permit]:
    services = [b.service for b in m.law_bindings()]
    return (
        Permit.objects.filter(service__in=services, status__in=IN_SERVICE, vehicle__isnull=False)
        .select_related("vehicle", "holder", "municipality")
        .order_by("number")
    )


def due_queue(m: Municipality, on: dt.date, horizon_days: int = 30) -> list[QueueRow]:
    """Permits whose inspection is due within ``horizon_days`` or overdue, and vehicles withdrawn
    from service waiting for a re-inspection; the most urgent first."""
    ctx = context(m, on)
    rows: list[QueueRow] = []
    permits = list(permits_in_service(m))
    withdrawn, known = _known_of(permits)
    answers: dict[tuple[str, str], Decision] = {}
    for permit in permits:
        started = withdrawn.get(permit.pk)
        if started is not None:
            rows.append(QueueRow(permit, started, "reinspecao", "retirado", True, None))
            continue
        d = due(permit, ctx, known[permit.pk], answers)
        due_on = d.outcome["due_on"]
        if due_on <= on + dt.timedelta(days=horizon_days):
            rows.append(
                QueueRow(
                    permit, due_on, d.outcome["kind"], d.outcome["status"], d.outcome["overdue"], d
                )
            )
    return sorted(rows, key=lambda r: (r.due_on, r.permit.number))


def _known_of(permits: list[Permit]) -> tuple[dict[int, dt.date], dict[int, _Known]]:
    """For every permit at once, what ``open_withdrawal``, ``last_passed_on`` and
    ``_vehicle_changed_on`` read one permit at a time: a handful of grouped queries instead of
    five per permit (``/vistorias/`` took 94 s on a few thousand permits, issue #23)."""
    from outorga.registry.models import VehicleChange

    ids = [p.pk for p in permits]
    vehicles = {p.vehicle_id for p in permits}
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
    for p in permits:
        kind = Document.Type.INSPECTION if _motorcycle(p) else Document.Type.VISTORIA
        dates = [
            d
            for d in (passed.get((p.pk, p.vehicle_id)), reports.get((p.vehicle_id, kind)))
            if d is not None
        ]
        known[p.pk] = _Known(
            last_passed_on=max(dates) if dates else None,
            vehicle_changed_on=changes.get((p.pk, p.vehicle_id)),
        )
    return withdrawn, known


def holder_of(user: Any) -> Person | None:
    return acting.person_of(user)


def holder_inspections(person: Person) -> QuerySet[Inspection]:
    """The final inspections of the holder's permits and of the companies' they are the
    confirmed responsible person of (``registry.acting``, ADR 0047)."""
    return Inspection.objects.filter(
        acting.reach("permit__holder", person), status=Inspection.Status.FINAL
    )
