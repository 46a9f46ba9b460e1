"""The inspections' work on the staff home page (``core.home``): vehicles whose inspection is due
or overdue, or withdrawn and waiting for a re-inspection — ``selectors.due_queue``, the same dates
the law's ``*_due`` questions give the inspections page — and company inspections waiting for the
municipality's confirmation."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse
from django.utils.text import capfirst

from outorga.core.home import Task, queue
from outorga.law.competence import Role
from outorga.registry import acting

from . import selectors
from .models import Inspection


def _kind(code: str) -> str:
    return str(Inspection.Kind(code).label) if code in Inspection.Kind.values else "vistoria"


def _plate(row: selectors.QueueRow) -> str:
    return row.permit.vehicle.plate if row.permit.vehicle else ""


def _due_task(row: selectors.QueueRow, text: str, url: str) -> Task:
    """A vehicle of ``selectors.due_queue``: due on its date, or withdrawn since it."""
    return Task(
        text, url, row.due_on, "desde" if row.status == "retirado" else "prazo", note=row.label
    )


@queue(
    "inspections.due",
    "Vistorias a fazer",
    roles={Role.FISCAL},
    more="inspections:queue",
    help="Vencidas, a vencer nos próximos dias ou de veículos retirados de circulação.",
    order=30,
    competent={"inspection.record"},
)
def due(user: Any, today: dt.date) -> list[Task] | None:
    return [
        _due_task(
            row,
            f"{capfirst(_kind(row.kind))} — {_plate(row)}, permissão {row.permit.number}",
            reverse("inspections:new", args=[row.permit.pk]),
        )
        for row in selectors.due_queue(user.municipality, today)
    ]


@queue(
    "inspections.awaiting",
    "Vistorias de empresas a confirmar",
    roles={Role.FISCAL, Role.AUTORIDADE},
    more="inspections:queue",
    order=31,
    competent={"inspection.confirm"},
)
def awaiting(user: Any, today: dt.date) -> list[Task] | None:
    return [
        Task(
            f"Confirmar {i.get_kind_display()} de {i.plate}"
            + (f" ({i.company.name})" if i.company else ""),
            reverse("inspections:detail", args=[i.pk]),
            i.inspected_on,
            "desde",
        )
        for i in Inspection.objects.filter(status=Inspection.Status.AWAITING).select_related(
            "company"
        )
    ]


@queue(
    "inspections.own",
    "Suas vistorias",
    roles={Role.PERMISSIONARIO},
    more="inspections:mine",
    order=30,
)
def own_due(user: Any, today: dt.date) -> list[Task] | None:
    """The holder's vehicles whose inspection is due or overdue (the same queue, their permits)."""
    m = user.municipality
    person = selectors.holder_of(user)
    if m is None or person is None:
        return None
    # Their own permits' and their confirmed companies' (``registry.acting``, ADR 0047).
    acting_for = set(acting.acting_for(person).values_list("pk", flat=True))
    return [
        _due_task(
            row,
            f"{capfirst(_kind(row.kind))} do veículo {_plate(row)} — permissão {row.permit.number}",
            reverse("inspections:mine"),
        )
        for row in selectors.due_queue(m, today)
        if row.permit.holder_id in acting_for
    ]
