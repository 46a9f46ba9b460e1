"""The inspections' step of the daily sweep (``outorga sweep``; ``outorga inspections_sweep``).

For one municipality and one date it lists the permits whose inspection is due or overdue (law
core: ``inspections.mototaxi_due``, ``inspections.taxi_due``) and records each inspection missed by
its due date as an infraction candidate for the authority (mototaxi art. 39 VI; taxi art. 29 and
the regulation, art. 43) — once per permit and due date, so running it again changes nothing. It
also keeps open withdrawals visible on their permits.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress, SweepResult, register
from outorga.core.tenancy import tenant

from . import services
from .orders import missed_inspection_record, orders_sweep
from .selectors import due_queue

SYSTEM = Actor.system("varredura de vistorias")


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    progress = progress or NoProgress()
    result = SweepResult()
    with tenant(m):
        rows = due_queue(m, on, horizon_days=30)
        progress.start("vistorias", len(rows))
        for row in rows:
            progress.advance()
            result.checked += 1
            plate = row.permit.vehicle.plate if row.permit.vehicle else "-"
            result.note(
                f"{row.permit.number} ({plate}): {row.kind} devida em {row.due_on:%d/%m/%Y} — "
                f"{row.label}"
            )
            if row.decision is None or not row.decision.outcome["overdue"]:
                continue
            with transaction.atomic():
                missed, created = missed_inspection_record(
                    SYSTEM, m, row.permit, row.kind, row.due_on, on, row.decision
                )
                if created:
                    result.note(
                        f"{row.permit.number}: vistoria não realizada — candidata a infração "
                        f"({missed.citation})",
                        changes=1,
                    )
        # Extraordinary vistorias whose date passed (mototaxi art. 5 §6; art. 39 VI).
        for note in orders_sweep(SYSTEM, m, on):
            result.note(note, changes=1)
        reasserted = services.withdrawals_reassert(municipality=m, on=on)
        if reasserted:
            result.note(f"{reasserted} retirada(s) de circulação reafirmada(s)", changes=reasserted)
    return result


register("inspections", run)
