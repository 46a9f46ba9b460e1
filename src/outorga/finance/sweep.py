"""The ledger's step of the daily sweep (``outorga sweep``): overdue debts.

Debts past their due date, unpaid and not contested, become final — a taxi permit's then block
its renewal (taxi art. 21 §1; decision D-11) — and the holder is told in the portal. The overdue debts
still owed are listed with their total. Running it twice for one date changes nothing.
"""

from __future__ import annotations

import datetime as dt

from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress, SweepResult, register
from outorga.core.tenancy import tenant
from outorga.law.money import brl

from .guias import owed_in_total
from .models import Debt
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
        result.checked = final.count()
        # What is still owed: a debt paid in part counts for the rest.
        owed = owed_in_total(final) if result.checked else 0
    progress.advance()
    if result.checked:
        result.note(
            f"{result.checked} débito(s) definitivo(s) vencido(s) sem pagamento, "
            f"{brl(owed)} no total"
        )
    return result


register("finance", run)
