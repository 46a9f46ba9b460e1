"""The ledger's step of the daily sweep (``outorga sweep``): overdue debts.

Debts past their due date, unpaid and not contested, become final — a taxi permit's then block
its renewal (taxi art. 21 §1; decision D-11) — and the holder is told in the portal. The overdue debts
still owed are listed with their total. Running it twice for one date changes nothing.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Count, F, Sum

from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress, SweepResult, register
from outorga.core.tenancy import tenant
from outorga.law.money import brl

from .models import Debt, Payment
from .services import debts_overdue_make_final


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    progress = progress or NoProgress()
    result = SweepResult()
    progress.start("débitos vencidos", 1)
    for debt in debts_overdue_make_final(municipality=m, on=on):
        result.note(
            f"{debt.reference} ({debt.description}): vencido em {debt.due_on:%d/%m/%Y}, "
            "passou a definitivo (decisão D-11)",
            changes=1,
        )
    with tenant(m):
        final = Debt.objects.filter(status=Debt.Status.FINAL, due_on__lt=on)
        overdue = final.aggregate(n=Count("id"), cents=Sum("amount_cents"))
        # What is still owed: a debt paid in part counts for the rest (a final debt's applied
        # payments never reach its amount, or it would be paid).
        paid = Payment.objects.filter(debt__in=final, status__in=Payment.APPLIED).aggregate(
            cents=Sum(F("amount_cents") - F("excess_cents"))
        )
    progress.advance()
    result.checked = int(overdue["n"] or 0)
    if result.checked:
        owed = int(overdue["cents"] or 0) - int(paid["cents"] or 0)
        result.note(
            f"{result.checked} débito(s) definitivo(s) vencido(s) sem pagamento, "
            f"{brl(owed)} no total"
        )
    return result


register("finance", run)
