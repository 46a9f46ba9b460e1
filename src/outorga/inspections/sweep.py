"""The inspections' step of the daily sweep (``outorga sweep``; ``outorga inspections_sweep``).

For one municipality and one date it lists the permits whose inspection is due or overdue (law
core: ``inspections.mototaxi_due``, ``inspections.taxi_due``) and records each inspection missed by
its due date as an infraction candidate for the authority (mototaxi art. 39 VI; taxi art. 29 and
the regulation, art. 43) — once per permit and due date, so running it again changes nothing. It
also keeps open withdrawals visible on their permits.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import IntegrityError, transaction

from outorga.core.acts import ActDraft, Actor, basis_of, record_acts
from outorga.core.bulkwrite import insert_rows
from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress, Shard, Sharding, SweepResult, register
from outorga.core.tenancy import tenant

from . import services
from .models import Inspection, MissedInspection
from .orders import missed_inspection_record, orders_sweep
from .selectors import QueueRow, due_queue, permits_in_service

SYSTEM = Actor.system("varredura de vistorias")


#: Missed inspections recorded together (one transaction, one insert, their acts at once).
BATCH = 1000


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    """The whole step: every shard's work, then the tail."""
    result = run_shard(m, on, progress)
    more = run_tail(m, on, progress)
    result.lines += more.lines
    result.changes += more.changes
    return result


def holders(m: Municipality, on: dt.date) -> list[int]:
    """The keys the step is cut by over the workers (ADR 0049): the holders of the permits in
    service, as the registry's step is cut (a missed inspection is its permit's alone)."""
    with tenant(m):
        return list(
            permits_in_service(m, on)
            .order_by("holder_id")
            .values_list("holder_id", flat=True)
            .distinct()
        )


def run_shard(
    m: Municipality, on: dt.date, progress: Progress | None = None, shard: Shard | None = None
) -> SweepResult:
    """The due and overdue inspections (of ``shard``'s holders), the missed ones recorded."""
    progress = progress or NoProgress()
    result = SweepResult()
    with tenant(m):
        rows = due_queue(
            m, on, horizon_days=30, within=shard.q("holder_id") if shard is not None else None
        )
        progress.start("vistorias", len(rows))
        overdue: list[QueueRow] = []
        due: dict[tuple[str, str], list[str]] = {}
        for row in rows:
            progress.advance()
            result.checked += 1
            plate = row.permit.vehicle.plate if row.permit.vehicle else "-"
            due.setdefault((row.kind, row.label), []).append(
                f"{row.permit.number} ({plate}) em {row.due_on:%d/%m/%Y}"
            )
            if row.decision is not None and row.decision.outcome["overdue"]:
                overdue.append(row)
        for (kind, label), items in sorted(due.items()):
            what = Inspection.Kind(kind).label if kind in Inspection.Kind.values else kind
            result.listed(f"{what}: devida(s) — {label}", items, where=QUEUE)
        missed_by: dict[str, list[str]] = {}
        for i in range(0, len(overdue), BATCH):
            for missed in _record_missed(m, overdue[i : i + BATCH], on):
                missed_by.setdefault(missed.citation, []).append(missed.permit.number)
        for citation, numbers in sorted(missed_by.items()):
            what = (
                "vistoria não realizada — candidata a infração"
                if len(numbers) == 1
                else "vistorias não realizadas — candidatas a infração"
            )
            result.listed(
                f"{what} ({citation})",
                numbers,
                changes=len(numbers),
                where=QUEUE,
            )
    return result


#: The screen that lists every due inspection (the summary names some and counts the rest).
QUEUE = "todas em Vistorias"


def run_tail(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    """What the step does once for the municipality, after the due inspections: the
    extraordinary vistorias and the open withdrawals. Over the workers it is a stage of its own
    after every shard: it runs after the missed inspections as the whole step does, and
    ``withdrawals_reassert`` locks permits after its first act (ADR 0015), so it must not run
    beside a shard that holds the act chain."""
    result = SweepResult()
    with tenant(m):
        # Extraordinary vistorias whose date passed (mototaxi art. 5 §6; art. 39 VI).
        for note in orders_sweep(SYSTEM, m, on):
            result.note(note, changes=1)
        reasserted = services.withdrawals_reassert(municipality=m, on=on)
        if reasserted:
            result.note(f"{reasserted} retirada(s) de circulação reafirmada(s)", changes=reasserted)
    return result


def _record_missed(m: Municipality, rows: list[QueueRow], on: dt.date) -> list[MissedInspection]:
    """Record, in one transaction, the inspections of ``rows`` missed by their due date and not
    yet recorded (once per permit, kind and due date): one insert, one act each appended at once. If
    another sweep recorded one of them meanwhile, the batch is done again one by one."""
    try:
        with transaction.atomic():
            return _missed_in_bulk(m, rows, on)
    except IntegrityError:
        return [missed for row in rows if (missed := _missed_one(m, row, on)) is not None]


def _missed(
    m: Municipality, row: QueueRow, on: dt.date, judged: dict[int, Any] | None = None
) -> MissedInspection:
    assert row.decision is not None
    infraction = row.decision.outcome["infraction"] or {}
    return MissedInspection(
        municipality=m,
        permit=row.permit,
        due_on=row.due_on,
        kind=row.kind,
        detected_on=on,
        infraction_code=infraction.get("code", "")[:40],
        citation=infraction.get("citation", "")[:200],
        decision=_judged(row, judged)[0],
    )


def _judged(row: QueueRow, judged: dict[int, Any] | None) -> tuple[Any, Any]:
    """The row's decision as stored and as the act's basis; ``judged`` keeps them by decision
    (the queue asks the law once per facts, so many rows share one)."""
    assert row.decision is not None
    if judged is None:
        return row.decision.to_json(), basis_of(row.decision)
    key = id(row.decision)
    if key not in judged:
        basis = basis_of(row.decision)
        judged[key] = (basis["decision"], basis)  # the decision as the basis holds it
    return judged[key]


def _draft(
    missed: MissedInspection, row: QueueRow, judged: dict[int, Any] | None = None
) -> ActDraft:
    return ActDraft(
        "inspection.missed",
        missed,
        new={
            "permit": row.permit.number,
            "due_on": row.due_on,
            "infraction": missed.infraction_code,
        },
        basis=_judged(row, judged)[1],
    )


def _missed_in_bulk(m: Municipality, rows: list[QueueRow], on: dt.date) -> list[MissedInspection]:
    known = set(
        MissedInspection.objects.filter(permit__in=[r.permit.pk for r in rows]).values_list(
            "permit_id", "kind", "due_on"
        )
    )
    todo = [r for r in rows if (r.permit.pk, r.kind, r.due_on) not in known]
    judged: dict[int, Any] = {}
    made = insert_rows([_missed(m, r, on, judged) for r in todo])
    record_acts(
        municipality=m,
        actor=SYSTEM,
        drafts=[_draft(missed, row, judged) for missed, row in zip(made, todo, strict=True)],
    )
    return made


def _missed_one(m: Municipality, row: QueueRow, on: dt.date) -> MissedInspection | None:
    assert row.decision is not None
    with transaction.atomic():
        missed, created = missed_inspection_record(
            SYSTEM, m, row.permit, row.kind, row.due_on, on, row.decision
        )
    return missed if created else None


register("inspections", run, sharding=Sharding(holders, run_shard, run_tail))
