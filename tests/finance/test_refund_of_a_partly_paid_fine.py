"""A fine partly paid (an instalment, a partial payment) and then cancelled — defence upheld, appeal
granted, auto annulled, cancelled by hand — is no longer owed: what was already paid of it is owed
back, recorded in the ledger as a refund in the same step and act as the cancellation.

Mototaxi art. 42 §1–2 ("será restituído o valor da respectiva multa"); under the taxi and apps
laws, which say nothing of refunds, a payment of a debt no longer owed is given back all the same
(``Refund.Kind.RETURNED``, as :func:`outorga.finance.payments.payment_return` does by hand)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from finance_factories import make_debt, make_person, refresh

from outorga.core.acts import Actor, verify_chain
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import payments
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment, Refund
from outorga.law.competence import Role

PAID_ON = dt.date(2026, 3, 20)
MOTOTAXI = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
APPS = "barra-do-garcas.apps-2025"


@pytest.fixture
def authority(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.AUTORIDADE))


def acts_of(m, obj, action: str) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(
                action=action, object_type=obj._meta.label_lower, object_id=str(obj.pk)
            )
        )


def partly_paid(m, fin, law: str, *, cents: int = 2_000, paid: int = 800, **kw):  # type: ignore[no-untyped-def]
    """A fine under defence with one partial payment of ``paid`` cents."""
    debt = make_debt(
        m,
        make_person(m),
        cents,
        status=Debt.Status.UNDER_APPEAL,
        basis={"law": law, "infraction": 77},
        **kw,
    )
    payment = payments.payment_record(
        actor=fin, municipality=m, reference=debt.reference, amount_cents=paid, paid_on=PAID_ON
    )
    assert payment.status == Payment.Status.PARTIAL
    return debt, payment


def refunds_of(m, debt) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return [
            (r.kind, r.amount_cents, r.status)
            for r in Refund.objects.filter(debt=debt).order_by("id")
        ]


def pending_payments(m) -> list[int]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(Payment.objects.filter(status__in=Payment.PENDING).values_list("pk", flat=True))


def test_art_42_par1_a_partly_paid_fine_whose_defence_is_upheld_refunds_what_was_paid(
    ipatinga_m, fin, authority
):
    fine, payment = partly_paid(ipatinga_m, fin, MOTOTAXI)
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision="defesa 3/2026"
    )
    assert [(r.kind, r.amount_cents) for r in refunds] == [(Refund.Kind.UPHELD_DEFENCE, 800)]
    assert refunds_of(ipatinga_m, fine) == [(Refund.Kind.UPHELD_DEFENCE, 800, "pending")]
    fine = refresh(ipatinga_m, fine)
    assert fine.status not in payments.OWED
    # The partial payment no longer waits for a person, nor can it be given back a second time.
    assert payment.pk not in pending_payments(ipatinga_m)
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_return(actor=fin, municipality=ipatinga_m, payment=payment, note="x")
    (act,) = acts_of(ipatinga_m, fine, "debt.refund")
    assert act.record["payload"]["new"]["amount_cents"] == 800
    assert act.record["payload"]["decision"] == "defesa 3/2026"
    assert any("art. 42, §1" in c for c in act.record["basis"]["citations"])
    # The law core said what to refund, and the ledger agrees with it.
    assert act.record["basis"]["decision"]["outcome"]["refund_cents"] == 800
    # Asking again (the next instance) refunds nothing twice.
    assert (
        payments.refund_for_upheld_defence(
            actor=authority, municipality=ipatinga_m, debt=fine, decision=None
        )
        == []
    )
    assert len(refunds_of(ipatinga_m, fine)) == 1
    assert verify_chain(ipatinga_m).ok


def test_art_42_par1_instalments_paid_of_a_fine_are_refunded_together(ipatinga_m, fin, authority):
    fine, _ = partly_paid(ipatinga_m, fin, MOTOTAXI, cents=3_000, paid=1_000)
    payments.payment_record(
        actor=fin,
        municipality=ipatinga_m,
        reference=fine.reference,
        amount_cents=1_000,
        paid_on=PAID_ON,
    )
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision=None
    )
    assert sum(r.amount_cents for r in refunds) == 2_000
    assert pending_payments(ipatinga_m) == []


def test_taxi_a_partly_paid_fine_whose_appeal_is_granted_gives_back_what_was_paid(
    ipatinga_m, fin, authority
):
    fine, payment = partly_paid(ipatinga_m, fin, TAXI)
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision="recurso 9/2026"
    )
    assert [r.amount_cents for r in refunds] == [800]
    assert refresh(ipatinga_m, fine).status not in payments.OWED
    assert payment.pk not in pending_payments(ipatinga_m)
    assert acts_of(ipatinga_m, fine, "debt.refund")


def test_apps_a_partly_paid_fine_whose_appeal_is_granted_gives_back_what_was_paid(barra_m, user_of):
    fin = Actor.of(user_of("barra-do-garcas", Role.FINANCAS))
    judge = Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE))
    fine, payment = partly_paid(barra_m, fin, APPS, cents=1_000_000, paid=250_000)
    refunds = payments.refund_for_upheld_defence(
        actor=judge, municipality=barra_m, debt=fine, decision=None
    )
    assert [r.amount_cents for r in refunds] == [250_000]
    assert payment.pk not in pending_payments(barra_m)


def test_an_annulled_auto_gives_back_the_instalment_paid_of_its_fine_in_the_cancelling_act(
    ipatinga_m, fin
):
    """The auto cancelled (enforcement) cancels its fine inside its own transaction: what was
    paid of the fine is given back in that same step — the payment returned, a refund owed."""
    fine, payment = partly_paid(ipatinga_m, fin, MOTOTAXI)
    with transaction.atomic(), tenant(ipatinga_m):
        ledger.debt_cancel_in_transaction(
            actor=fin,
            municipality=ipatinga_m,
            debt=fine,
            reason="auto cancelado: placa errada",
            basis={"citations": []},
        )
    assert refresh(ipatinga_m, fine).status == Debt.Status.CANCELLED
    assert refunds_of(ipatinga_m, fine) == [(Refund.Kind.RETURNED, 800, "pending")]
    assert refresh(ipatinga_m, payment).status == Payment.Status.RETURNED
    assert pending_payments(ipatinga_m) == []
    (act,) = acts_of(ipatinga_m, fine, "debt.cancel")
    new = act.record["payload"]["new"]
    assert new["refund_cents"] == 800 and new["payments"] == [payment.pk]
    assert verify_chain(ipatinga_m).ok


def test_a_partly_paid_debt_cancelled_by_hand_gives_back_what_was_paid(ipatinga_m, fin):
    debt, payment = partly_paid(ipatinga_m, fin, TAXI, cents=5_000, paid=1_234)
    ledger.debt_cancel(
        actor=fin, municipality=ipatinga_m, debt=debt, reason="erro material", law=TAXI
    )
    assert refresh(ipatinga_m, debt).status == Debt.Status.CANCELLED
    assert refunds_of(ipatinga_m, debt) == [(Refund.Kind.RETURNED, 1_234, "pending")]
    assert refresh(ipatinga_m, payment).status == Payment.Status.RETURNED
