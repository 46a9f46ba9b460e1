"""A case closed in the holder's favour — a defence or appeal upheld (art. 42 §1–2), or the
decision appealed against reconsidered by the authority that decided (Lei 9.784/1999 art. 56 §1,
D-17): what the law says of what was paid, and the closing itself."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.enforcement.lawbridge import answers, ask
from outorga.enforcement.models import Case, Filing, Seizure
from outorga.enforcement.services.common import case_debts, debt_cancel
from outorga.enforcement.services.seizures import seizure_release_in_transaction
from outorga.enforcement.services.suspensions import suspension_annul
from outorga.finance.models import Debt
from outorga.finance.payments import paid_cents, refund_for_upheld_defence
from outorga.law.decisions import Decision


def defence_result(
    municipality: Municipality, case: Case, debts: list[Debt], upheld: bool, on: dt.date
) -> Decision | None:
    """The law's ``defence_result`` for the case's auto, where the law has one: what a decision
    upholding or dismissing the defence or appeal does to what was paid (art. 42 §1–2)."""
    if not answers(case.law, "defence_result") or case.auto is None:
        return None
    # What was paid of each — in full, or in part while still owed (art. 42 §1–2).
    paid = {
        f"{k}_cents": sum(paid_cents(d) for d in debts if d.origin == o)
        for k, o in (
            ("fine", Debt.Origin.FINE),
            ("removal", Debt.Origin.REMOVAL),
            ("storage", Debt.Origin.STORAGE),
        )
    }
    auto = case.auto
    return ask(
        municipality,
        case.law,
        "defence_result",
        {
            "upheld": upheld,
            "unlicensed": auto.permit_id is None,
            "vehicle_seized": Seizure.objects.filter(
                auto=auto, status=Seizure.Status.HELD
            ).exists(),
            "paid": paid,
        },
        on,
    )


def case_annul(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    filing: Filing,
    debts: list[Debt],
    decision: Decision | None,
    on: dt.date,
    basis: dict[str, Any],
    outcome: str,
) -> None:
    """A defence or appeal upheld, or the decision appealed against reconsidered (Lei 9.784/1999
    art. 56 §1): the case is closed, a suspension under appeal annulled, the fine refunded when
    paid and every open charge cancelled, the vehicle released with its costs waived (art. 42
    §1–2). Inside the deciding transaction."""
    case.stage, case.waiting, case.deadline = Case.Stage.ANNULLED, Case.Waiting.NONE, None
    case.outcome = outcome
    if case.kind == Case.Kind.SUSPENSION:
        case.outcome += ": " + suspension_annul(
            actor=actor,
            municipality=municipality,
            filing=filing,
            on=on,
            basis=basis,
        )
    unlicensed = bool(case.auto and case.auto.permit_id is None)
    for fine in [d for d in debts if d.origin == Debt.Origin.FINE]:
        related = [d for d in debts if d.pk != fine.pk]
        # Art. 42 §1–2: the fine paid, in full or in part, is refunded (the finance app's
        # Refund); without a permit (§2) the fees, removal and storage paid are refunded
        # too, whether or not the fine was paid.
        if paid_cents(fine) > 0 or (unlicensed and any(paid_cents(d) > 0 for d in related)):
            refund_for_upheld_defence(
                actor=actor,
                municipality=municipality,
                debt=fine,
                decision=decision,
                related=related,
                unlicensed=unlicensed,
                on=on,
            )
    for debt in case_debts(case):  # re-read: the refund may have settled some
        debt_cancel(
            actor=actor,
            municipality=municipality,
            debt=debt,
            reason=case.outcome,
            basis=basis,
        )
    for s in Seizure.objects.filter(auto=case.auto, status=Seizure.Status.HELD):
        seizure_release_in_transaction(actor, municipality, s, on, {"waived": True, **basis})
    case.save(update_fields=["stage", "waiting", "deadline", "outcome"])
