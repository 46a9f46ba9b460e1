"""Ledger reads: which debts a person owes and which of them block an act."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet

from outorga.core.lawctx import context
from outorga.law.common import payment as payment_law

from .models import Debt

#: Statuses of a debt that is still owed (issued and not settled).
OWED = (Debt.Status.OPEN, Debt.Status.UNDER_APPEAL, Debt.Status.FINAL)


def debts_of(person: object, *, owed_only: bool = False) -> QuerySet[Debt]:
    qs = Debt.objects.filter(person=person)
    if owed_only:
        qs = qs.filter(status__in=OWED)
    return qs.order_by("due_on", "id")


def debts_blocking(person: object, as_of: dt.date) -> list[Debt]:
    """Debts that block a renewal on ``as_of`` (taxi art. 21 §1; decisions D-11, D-18): final ones.

    The law releases the renewal only "após a quitação de todos os débitos": a final debt blocks
    from the day it is final, whether or not its payment term has ended — the holder may pay it
    at once and renew (D-18). A debt under defence or appeal never blocks, nor one whose case is
    not final yet (``awaiting_finality``: a seizure's charges while the defence and appeals run,
    D-1). An OPEN debt is one "issued, not yet due"; once its last day to pay has passed unpaid
    and uncontested it is final in substance, whether or not a sweep has moved its status yet, so
    it blocks too. The last day to pay is the due date, or the next business day when that is
    not one (D-4) — the same reading as the daily sweep's."""
    rows = list(
        Debt.objects.filter(person=person, awaiting_finality=False)
        .filter(Q(status=Debt.Status.FINAL) | Q(status=Debt.Status.OPEN, due_on__lt=as_of))
        .order_by("due_on", "id")
    )
    if not any(d.status == Debt.Status.OPEN for d in rows):
        return rows
    calendar = context(rows[0].municipality, as_of).calendar
    return [
        d
        for d in rows
        if d.status == Debt.Status.FINAL or payment_law.is_overdue(calendar, d.due_on, as_of)
    ]


def debts_under_review(person: object) -> list[Debt]:
    """Debts under defence or appeal: shown beside a renewal, never blocking it (D-11). A charge
    whose case is still in its defence or appeals (``awaiting_finality``: a seizure's charges,
    D-1) is one of them while it is open."""
    return list(
        Debt.objects.filter(person=person)
        .filter(
            Q(status=Debt.Status.UNDER_APPEAL) | Q(status=Debt.Status.OPEN, awaiting_finality=True)
        )
        .order_by("due_on", "id")
    )
