"""A payment recorded by hand (a transfer seen on the statement, the cashier's receipt) and then
imported from the bank's file: the bank line of the same debt, amount and day is held for a
person instead of being applied a second time (the debt would read "a maior" and the desk would
refund money it received once); the person says it is the same payment, or assigns it.

The reverse order too: a bank line imported and counted toward its debt, then the same payment
recorded by hand (a clerk who did not see it had come in) is refused naming the imported one,
unless the clerk confirms it is another payment ("é outro pagamento")."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from finance_factories import make_debt, make_person, refresh

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import bank_statement, payments, pix
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment, Refund
from outorga.law.competence import Role
from outorga.registry.validation import FieldError

PAID_ON = dt.date(2026, 3, 20)
#: The other payment differs from the first in its amount, or in its day.
ANOTHER_AMOUNT_OR_DAY = pytest.mark.parametrize(
    ("cents", "on"),
    [(9_000, PAID_ON), (10_000, PAID_ON - dt.timedelta(days=1))],
    ids=["another-amount", "another-day"],
)


@pytest.fixture
def debt(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_debt(ipatinga_m, make_person(ipatinga_m), 10_000)


def by_hand(m, fin, debt, cents=10_000, on=PAID_ON, **more):  # type: ignore[no-untyped-def]
    return payments.payment_record(
        actor=fin, municipality=m, reference=debt.reference, amount_cents=cents, paid_on=on, **more
    )


def statement(debt, cents=10_000, on=PAID_ON, payer="") -> bytes:  # type: ignore[no-untyped-def]
    reais = f"{cents // 100},{cents % 100:02d}"
    line = f"{on:%d/%m/%Y};{reais};{pix.txid_of(debt.reference)};{payer}"
    return f"data;valor;referencia;documento_pagador\n{line}\n".encode()


def imported(m, fin, content: bytes):  # type: ignore[no-untyped-def]
    batch = bank_statement.payments_import(
        actor=fin, municipality=m, content=content, file_name="extrato.csv"
    )
    (entry,) = batch.report
    with tenant(m):
        return entry, Payment.objects.get(pk=entry["pagamento"])


def test_the_bank_line_of_a_payment_recorded_by_hand_is_held_not_paid_twice(ipatinga_m, fin, debt):
    hand = by_hand(ipatinga_m, fin, debt)
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    preview = bank_statement.payments_import_preview(
        municipality=ipatinga_m, content=statement(debt), file_name="extrato.csv"
    )
    assert [ln.outcome for ln in preview.lines] == ["held"]
    entry, line = imported(ipatinga_m, fin, statement(debt))
    assert (entry["resultado"], entry["mesmo_que"], entry["debito"]) == (
        "held",
        hand.pk,
        debt.reference,
    )
    # Held for a person: counted toward no debt, nothing in excess, named in its note.
    assert (line.status, line.debt_id, line.excess_cents) == (Payment.Status.UNKNOWN, None, 0)
    assert f"pagamento {hand.pk}" in line.note and "registrado à mão" in line.note
    assert refresh(ipatinga_m, hand).status == Payment.Status.MATCHED
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_the_person_says_it_is_the_same_payment_and_nothing_is_owed_back(ipatinga_m, fin, debt):
    hand = by_hand(ipatinga_m, fin, debt)
    _, line = imported(ipatinga_m, fin, statement(debt))
    payments.payment_same_as_recorded(
        actor=fin, municipality=ipatinga_m, payment=line, note="o mesmo PIX do extrato"
    )
    line = refresh(ipatinga_m, line)
    assert (line.status, line.debt_id) == (Payment.Status.RESOLVED, None)
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(status__in=Payment.PENDING).exists()
        assert not Refund.objects.exists()
        act = Act.objects.get(action="payment.same_as", object_id=str(line.pk))
    assert act.record["payload"]["new"]["same_as"] == hand.pk
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_same_as_recorded(
            actor=fin, municipality=ipatinga_m, payment=line, note="de novo"
        )


def test_a_second_payment_indeed_is_assigned_by_the_person_and_is_over(ipatinga_m, fin, debt):
    by_hand(ipatinga_m, fin, debt)
    _, line = imported(ipatinga_m, fin, statement(debt))
    payments.payment_assign(
        actor=fin, municipality=ipatinga_m, payment=line, debt=debt, note="pagou duas vezes"
    )
    line = refresh(ipatinga_m, line)
    assert (line.status, line.excess_cents) == (Payment.Status.OVER, 10_000)


@ANOTHER_AMOUNT_OR_DAY
def test_a_bank_line_of_another_amount_or_day_is_applied_as_before(
    ipatinga_m, fin, debt, cents, on
):
    by_hand(ipatinga_m, fin, debt)
    entry, line = imported(ipatinga_m, fin, statement(debt, cents, on))
    assert entry["resultado"] == Payment.Status.OVER and "mesmo_que" not in entry
    assert (line.status, line.debt_id) == (Payment.Status.OVER, debt.pk)


def test_a_line_not_held_is_not_called_the_same_payment(ipatinga_m, fin, debt):
    """Only a held bank line, whose debt has a payment recorded by hand of its amount and day,
    is closed as the same payment; any other unknown payment is assigned or returned."""
    entry, line = imported(ipatinga_m, fin, statement(debt, 4_000))
    assert entry["resultado"] == Payment.Status.PARTIAL
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_same_as_recorded(
            actor=fin, municipality=ipatinga_m, payment=line, note="não é"
        )


def test_the_payment_page_and_the_api_close_a_held_line_as_the_same_payment(
    ipatinga_m, fin, user_of, debt
):
    hand = by_hand(ipatinga_m, fin, debt)
    _, first = imported(ipatinga_m, fin, statement(debt))
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    page = c.get(f"/financas/pagamentos/{first.pk}/").content.decode()
    assert f"É o pagamento {hand.pk}, registrado à mão?" in page
    c.post(f"/financas/pagamentos/{first.pk}/", {"action": "same", "note": "conferido no extrato"})
    assert refresh(ipatinga_m, first).status == Payment.Status.RESOLVED
    assert "É o pagamento" not in c.get(f"/financas/pagamentos/{first.pk}/").content.decode()
    # Another statement reports the transfer with its payer (another line): the API closes it.
    _, again = imported(ipatinga_m, fin, statement(debt, payer="12345678909"))
    r = c.post(
        f"/api/v1/finance/payments/{again.pk}/same-as-recorded",
        {"note": "conferido"},
        content_type="application/json",
    )
    assert r.status_code == 200 and r.json()["status"] == Payment.Status.RESOLVED
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


# --- the reverse order: imported first, then recorded by hand ----------------------------------


def test_a_payment_recorded_by_hand_after_its_bank_line_is_refused_naming_the_line(
    ipatinga_m, fin, debt
):
    _, line = imported(ipatinga_m, fin, statement(debt))
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    with pytest.raises(FieldError) as refused:
        by_hand(ipatinga_m, fin, debt)
    assert refused.value.field == "é outro pagamento"
    said = refused.value.message
    assert f"pagamento {line.pk}" in said and "arquivo do banco" in said
    assert "20/03/2026" in said and "R$ 100,00" in said and debt.reference in said
    with tenant(ipatinga_m):
        assert list(Payment.objects.filter(debt=debt).values_list("pk", flat=True)) == [line.pk]
        assert not Payment.objects.filter(status__in=Payment.PENDING).exists()
    assert refresh(ipatinga_m, line).status == Payment.Status.MATCHED


def test_a_payment_confirmed_as_another_is_recorded_over_as_before(ipatinga_m, fin, debt):
    _, line = imported(ipatinga_m, fin, statement(debt))
    hand = by_hand(ipatinga_m, fin, debt, another=True)
    assert (hand.status, hand.debt_id, hand.excess_cents) == (Payment.Status.OVER, debt.pk, 10_000)
    # The act keeps which imported payment the clerk said this one is not.
    with tenant(ipatinga_m):
        act = Act.objects.get(action="payment.record", object_id=str(hand.pk))
    assert act.record["payload"]["new"]["other_than"] == line.pk


@ANOTHER_AMOUNT_OR_DAY
def test_a_payment_by_hand_of_another_amount_or_day_is_recorded_as_before(
    ipatinga_m, fin, debt, cents, on
):
    imported(ipatinga_m, fin, statement(debt))
    hand = by_hand(ipatinga_m, fin, debt, cents, on)
    assert (hand.status, hand.excess_cents) == (Payment.Status.OVER, cents)


def test_a_bank_line_held_or_unapplied_does_not_refuse_the_payment_by_hand(ipatinga_m, fin, debt):
    """Only an imported payment counted toward the debt refuses it: a line of another reference
    (unknown, counted toward nothing) leaves the debt owed, and the payment by hand pays it."""
    csv = f"data;valor;referencia\n{PAID_ON:%d/%m/%Y};100,00;OUTRA-REF\n".encode()
    entry, _ = imported(ipatinga_m, fin, csv)
    assert entry["resultado"] == Payment.Status.UNKNOWN
    assert by_hand(ipatinga_m, fin, debt).status == Payment.Status.MATCHED


def test_the_form_and_the_api_refuse_it_until_confirmed_as_another(ipatinga_m, user_of, fin, debt):
    _, line = imported(ipatinga_m, fin, statement(debt))
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    form = {"reference": debt.reference, "amount": "100,00", "paid_on": "20/03/2026"}
    form["method"] = "pix"
    r = c.post("/financas/pagamentos/novo/", form)
    assert r.status_code == 200
    page = r.content.decode()
    assert f"pagamento {line.pk}" in page and "R$ 100,00" in page and "É outro pagamento" in page
    body = {"reference": debt.reference, "amount_cents": 10_000, "paid_on": "2026-03-20"}
    r = c.post("/api/v1/finance/payments", body, content_type="application/json")
    assert r.status_code == 422 and f"pagamento {line.pk}" in str(r.json())
    with tenant(ipatinga_m):
        assert Payment.objects.filter(debt=debt).count() == 1
    r = c.post("/financas/pagamentos/novo/", {**form, "another": "on"})
    assert r.status_code == 302
    r = c.post(
        "/api/v1/finance/payments",
        {**body, "another_payment": True},
        content_type="application/json",
    )
    assert r.status_code == 201 and r.json()["status"] == Payment.Status.OVER
    with tenant(ipatinga_m):
        assert Payment.objects.filter(debt=debt, status=Payment.Status.OVER).count() == 2
