"""The ledger as the registry asks it (``registry.ports.Ledger``): provided at start-up by
``FinanceConfig.ready``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from . import selectors
from .guias import amounts_owed
from .models import Debt
from .services import debts_from_plan

#: The law core's names of a debt's origin (taxi art. 21 §1 reads fines, fees and taxes).
_KINDS = {Debt.Origin.FINE: "multa", Debt.Origin.FEE: "taxa", Debt.Origin.TAX: "imposto"}
#: How a holder pays any debt (D-18: a block names each debt and how to pay it).
HOW_TO_PAY = (
    "pelo PIX do documento de arrecadação, em “Meus débitos” no portal do permissionário "
    "ou no setor de Finanças"
)


def debt_facts(blocking: Iterable[Debt], under_review: Iterable[Debt]) -> list[dict[str, Any]]:
    """The ledger's view for ``registration_renewal``: final-and-due debts and those under
    defence or appeal (the selectors decide which is which, D-11). A charge awaiting its case's
    final decision (a seizure's, D-1) is in defence for the law core, never final. Each is told
    for what is still owed on it: a debt paid in part blocks, and is paid, for the rest (D-18)."""
    debts = [*blocking, *under_review]
    owed = amounts_owed(debts)
    out = []
    for d in debts:
        if d.status == Debt.Status.UNDER_APPEAL:
            status = "em_recurso"
        elif d.awaiting_finality:
            status = "em_defesa"
        else:
            status = "definitivo"
        fact: dict[str, Any] = {
            "id": d.reference,
            "kind": _KINDS.get(Debt.Origin(d.origin), "outro"),
            "amount_cents": owed[d.pk],
            "status": status,
            "description": d.description,
            "how_to_pay": HOW_TO_PAY,
        }
        # A fee says which one and when it was charged: the law knows which fees its renewal
        # charges itself, and those never block that renewal (D-18).
        basis = d.basis or {}
        if d.origin == Debt.Origin.FEE and basis.get("fee") and basis.get("charged_on"):
            fact["fee"] = str(basis["fee"])
            fact["charged_on"] = str(basis["charged_on"])
        out.append(fact)
    return out


class FinanceLedger:
    def debts_blocking(self, person: Any, on: dt.date) -> Sequence[Debt]:
        return selectors.debts_blocking(person, on)

    def debts_under_review(self, person: Any) -> Sequence[Debt]:
        return selectors.debts_under_review(person)

    def debt_facts(self, person: Any, on: dt.date) -> list[dict[str, Any]]:
        return debt_facts(
            selectors.debts_blocking(person, on), selectors.debts_under_review(person)
        )

    amounts_owed = staticmethod(amounts_owed)

    #: The contrapartida plan written as debts is the ledger's own service, arguments and all.
    contrapartida_debts_create = staticmethod(debts_from_plan)

    def contrapartida_instalments(self, permit: Any) -> Sequence[Debt]:
        return list(
            Debt.objects.filter(permit=permit, origin=Debt.Origin.CONTRAPARTIDA).order_by(
                "instalment"
            )
        )
