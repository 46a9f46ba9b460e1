"""Finance's work on the staff home page (``core.home``): payments that did not settle a debt on
their own (``Payment.PENDING``: partial, over the amount, unknown reference) and refunds to pay
out, the oldest first — for whoever the law makes competent to record payments."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse

from outorga.core.home import Task, queue
from outorga.law.competence import Role
from outorga.law.money import brl

from . import guias, payments
from .models import Debt, Payment, Refund


@queue(
    "finance.unmatched",
    "Pagamentos a conciliar",
    roles={Role.FINANCAS},
    more="finance:payments",
    help="Pagamentos parciais, a maior ou de referência desconhecida.",
    order=20,
    competent={"debt.payment.record"},
)
def unmatched(user: Any, today: dt.date) -> list[Task] | None:
    return [
        Task(
            f"Pagamento de {brl(p.amount_cents)}"
            + (f", referência {p.reference}" if p.reference else "")
            + f" — {p.get_status_display()}",
            reverse("finance:payment", args=[p.pk]),
            p.paid_on,
            "desde",
        )
        for p in Payment.objects.filter(status__in=Payment.PENDING)
    ]


@queue(
    "finance.refunds",
    "Restituições a pagar",
    roles={Role.FINANCAS},
    more="finance:refunds",
    order=21,
    competent={"debt.payment.record"},
)
def refunds(user: Any, today: dt.date) -> list[Task] | None:
    return [
        Task(
            f"Restituir {brl(r.amount_cents)} — {r.get_kind_display()}"
            + (f", débito {r.debt.reference}" if r.debt is not None else ""),
            reverse("finance:refunds"),
            r.created_at.date(),
            "desde",
        )
        for r in Refund.objects.filter(status=Refund.Status.PENDING).select_related("debt")
    ]


@queue(
    "finance.own_debts",
    "Seus débitos",
    roles={Role.PERMISSIONARIO},
    more="finance:portal_debts",
    order=20,
)
def own_debts(user: Any, today: dt.date) -> list[Task] | None:
    """The holder's debts still owed, by due date (the portal's "Meus débitos" lists them all),
    with those of the companies they are the confirmed responsible person of (ADR 0047)."""
    from outorga.registry import acting

    person = acting.person_of(user)
    if person is None:
        return None
    return [
        Task(
            f"{d.description} — {brl(guias.amount_owed(d))}"
            + ("" if d.person_id == person.pk else f" (empresa {d.person.name})"),
            reverse("finance:portal_debts"),
            d.due_on,
            "vence em",
        )
        # A debt under defence or appeal is not to be paid until the case is decided (D-11),
        # save a charge due at once whatever the case (awaiting its finality): a seizure's, whose
        # payment frees the vehicle though the appeal runs (mototaxi art. 35 §1–2).
        for d in Debt.objects.filter(acting.reach("person", person), status__in=payments.OWED)
        .exclude(status=Debt.Status.UNDER_APPEAL, awaiting_finality=False)
        .select_related("person")
        if guias.amount_owed(d) > 0
    ]
