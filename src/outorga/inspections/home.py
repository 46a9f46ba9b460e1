"""The inspections' work on the staff home page (``core.home``): vehicles whose inspection is due
or overdue, or withdrawn and waiting for a re-inspection — ``selectors.due_queue``, the same dates
the law's ``*_due`` questions give the inspections page — and company inspections waiting for the
municipality's confirmation."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse

from outorga.core.home import Task, register_queue
from outorga.law.competence import Role, is_allowed

from . import selectors
from .models import Inspection


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _competent(user: Any, action: str, today: dt.date) -> bool:
    m = user.municipality
    laws = m.laws if m is not None else ()
    return any(is_allowed(user.role, action, law, today) for law in laws)


def _kind(code: str) -> str:
    return str(Inspection.Kind(code).label) if code in Inspection.Kind.values else "vistoria"


def due(user: Any, today: dt.date) -> list[Task] | None:
    m = user.municipality
    if m is None or not _competent(user, "inspection.record", today):
        return None
    out = []
    for row in selectors.due_queue(m, today):
        plate = row.permit.vehicle.plate if row.permit.vehicle else ""
        out.append(
            Task(
                f"{_cap(_kind(row.kind))} — {plate}, permissão {row.permit.number}",
                reverse("inspections:new", args=[row.permit.pk]),
                row.due_on,
                "desde" if row.status == "retirado" else "prazo",
                note=row.label,
            )
        )
    return out


def awaiting(user: Any, today: dt.date) -> list[Task] | None:
    if not _competent(user, "inspection.confirm", today):
        return None
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


def own_due(user: Any, today: dt.date) -> list[Task] | None:
    """The holder's vehicles whose inspection is due or overdue (the same queue, their permits)."""
    m = user.municipality
    person = selectors.holder_of(user)
    if m is None or person is None:
        return None
    return [
        Task(
            f"{_cap(_kind(row.kind))} do veículo "
            f"{row.permit.vehicle.plate if row.permit.vehicle else ''} — permissão {row.permit.number}",
            reverse("inspections:mine"),
            row.due_on,
            "desde" if row.status == "retirado" else "prazo",
            note=row.label,
        )
        for row in selectors.due_queue(m, today)
        if row.permit.holder_id == person.pk
    ]


register_queue(
    "inspections.own",
    "Suas vistorias",
    own_due,
    roles=frozenset({Role.PERMISSIONARIO.value}),
    more_url=lambda: reverse("inspections:mine"),
    order=30,
)
register_queue(
    "inspections.due",
    "Vistorias a fazer",
    due,
    roles=frozenset({Role.FISCAL.value}),
    more_url=lambda: reverse("inspections:queue"),
    help="Vencidas, a vencer nos próximos dias ou de veículos retirados de circulação.",
    order=30,
)
register_queue(
    "inspections.awaiting",
    "Vistorias de empresas a confirmar",
    awaiting,
    roles=frozenset({Role.FISCAL.value, Role.AUTORIDADE.value}),
    more_url=lambda: reverse("inspections:queue"),
    order=31,
)
