"""The same payment coming in twice: the bank's line of a payment recorded by hand, or a payment
recorded by hand whose bank line was imported already. Matched by debt, amount and day
(:func:`counted_already`); what follows — a line held for a person, a payment by hand refused
unless the clerk confirms it is another — is decided in :mod:`outorga.finance.payments` and
:mod:`outorga.finance.bank_statement`."""

from __future__ import annotations

import datetime as dt

from outorga.law.money import brl

from .guias import find_debt
from .models import Debt
from .models_payments import Payment


def counted_already(debt: Debt, amount_cents: int, paid_on: dt.date, source: str) -> Payment | None:
    """A payment from ``source`` that counts toward ``debt`` with this amount and day: the same
    payment coming in the other way — the bank's line of one recorded by hand, or recorded by
    hand after its line was imported — would pay the debt twice (call inside the tenant)."""
    return (
        Payment.objects.filter(
            debt=debt,
            source=source,
            amount_cents=amount_cents,
            paid_on=paid_on,
            status__in=Payment.APPLIED,
        )
        .order_by("id")
        .first()
    )


#: The field by which a clerk confirms a payment by hand is not the imported one of its debt,
#: amount and day (the form's checkbox; the API's ``another_payment``).
ANOTHER = "é outro pagamento"


def imported_twin(debt: Debt, payment: Payment) -> Payment | None:
    """The bank's line of ``debt`` with the amount and day of ``payment`` (recorded by hand),
    already imported and counted toward the debt; the debt's row is locked first, so an import
    applying that line meanwhile is seen (call inside the transaction and the tenant)."""
    list(Debt.objects.select_for_update().filter(pk=debt.pk).only("pk"))
    return counted_already(debt, payment.amount_cents, payment.paid_on, Payment.Source.IMPORT)


def twin_note(twin: Payment) -> str:
    """Why a payment by hand is refused: the bank's line of it was imported already."""
    return (
        f"o pagamento {twin.pk} ({twin.get_source_display()}) já conta para o débito "
        f"{twin.debt.reference if twin.debt else ''} com o mesmo valor ({brl(twin.amount_cents)}) "
        f"e a mesma data ({twin.paid_on:%d/%m/%Y}); se é ele, não o registre de novo; se é outro "
        "pagamento, confirme marcando «é outro pagamento»"
    )


def held_for(payment: Payment) -> Payment | None:
    """The payment recorded by hand that a bank line was held for (its debt, amount and day),
    while the line waits for a person; else None (call inside the tenant)."""
    if payment.source != Payment.Source.IMPORT or payment.status != Payment.Status.UNKNOWN:
        return None
    debt = find_debt(payment.reference)
    if debt is None:
        return None
    return counted_already(debt, payment.amount_cents, payment.paid_on, Payment.Source.MANUAL)


def held_note(twin: Payment) -> str:
    """Why an imported bank line waits for a person instead of paying its debt."""
    return (
        f"mesmo débito, valor e data do pagamento {twin.pk}, registrado à mão: se for o mesmo "
        "pagamento, dê-o como tal; se for outro, atribua-o ao débito"
    )
