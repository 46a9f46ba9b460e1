"""Payments registered by hand or imported from the bank, reconciled by reference; refunds."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from django.utils import timezone
from finance_factories import make_debt, make_person, refresh

from outorga.core.acts import Actor, verify_chain
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import bank_statement, guias, payments, pix, receiver
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment, PaymentImport, Refund
from outorga.law.competence import NotCompetent, Role
from outorga.registry.validation import FieldError

PAID_ON = dt.date(2026, 3, 20)


@pytest.fixture
def person(ipatinga_m):  # type: ignore[no-untyped-def]
    return make_person(ipatinga_m)


def acts_of(m, obj, action: str) -> list[Act]:  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(
                action=action, object_type=obj._meta.label_lower, object_id=str(obj.pk)
            )
        )


def pay(m, fin, reference: str, cents: int, **kw):  # type: ignore[no-untyped-def]
    return payments.payment_record(
        actor=fin, municipality=m, reference=reference, amount_cents=cents, paid_on=PAID_ON, **kw
    )


# --- by hand -------------------------------------------------------------------------------------


def test_an_exact_payment_pays_the_debt_as_acts_and_leaves_its_history(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 12_345)
    before = (debt.amount_cents, debt.due_on, debt.description, debt.reference)
    payment = pay(ipatinga_m, fin, debt.reference, 12_345)
    assert payment.status == Payment.Status.MATCHED
    debt = refresh(ipatinga_m, debt)
    assert debt.status == Debt.Status.PAID
    assert (debt.amount_cents, debt.due_on, debt.description, debt.reference) == before
    assert payment.debt_id == debt.pk
    assert acts_of(ipatinga_m, payment, "payment.record")
    paid_act = acts_of(ipatinga_m, debt, "debt.paid")
    assert paid_act and paid_act[0].record["payload"]["payments"] == [payment.pk]
    assert verify_chain(ipatinga_m).ok


def test_the_pix_txid_reconciles_like_the_reference(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 5_000)
    payment = pay(ipatinga_m, fin, pix.txid_of(debt.reference), 5_000)
    assert payment.status == Payment.Status.MATCHED
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_a_partial_payment_waits_for_a_person_and_the_rest_completes_it(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 10_000)
    first = pay(ipatinga_m, fin, debt.reference, 4_000)
    assert first.status == Payment.Status.PARTIAL
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    with tenant(ipatinga_m):
        assert guias.amount_owed(debt) == 6_000
        assert Payment.objects.filter(status__in=Payment.PENDING, pk=first.pk).exists()
    second = pay(ipatinga_m, fin, debt.reference, 6_000)
    assert second.status == Payment.Status.MATCHED
    assert refresh(ipatinga_m, first).status == Payment.Status.MATCHED
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_an_over_payment_pays_and_a_person_refunds_the_excess(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 10_000)
    payment = pay(ipatinga_m, fin, debt.reference, 12_500)
    assert (payment.status, payment.excess_cents) == (Payment.Status.OVER, 2_500)
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    refund = payments.payment_refund_excess(actor=fin, municipality=ipatinga_m, payment=payment)
    assert (refund.kind, refund.amount_cents, refund.status) == (
        Refund.Kind.EXCESS,
        2_500,
        Refund.Status.PENDING,
    )
    assert refresh(ipatinga_m, payment).status == Payment.Status.RESOLVED
    assert acts_of(ipatinga_m, refund, "payment.refund_excess")
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_refund_excess(actor=fin, municipality=ipatinga_m, payment=payment)
    # The debt is still paid: the refund is of the excess only.
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    # Recorded today (the refund exists from now): paid out today, not on the payment's day.
    payments.refund_mark_paid_out(
        actor=fin, municipality=ipatinga_m, refund=refund, on=today_of(ipatinga_m)
    )
    assert refresh(ipatinga_m, refund).status == Refund.Status.PAID_OUT


def test_a_refund_is_not_paid_out_before_it_was_owed(ipatinga_m, fin, person):
    """The treasury pays back what a refund records: a paid-out date before the day the refund
    was recorded (the decision or the excess that made it owed) is refused naming both dates, and
    the refund stays to pay; on the day it was recorded it is paid out."""
    debt = make_debt(ipatinga_m, person, 10_000)
    payment = pay(ipatinga_m, fin, debt.reference, 12_500)
    refund = payments.payment_refund_excess(actor=fin, municipality=ipatinga_m, payment=payment)
    recorded = today_of(ipatinga_m)
    before = recorded - dt.timedelta(days=1)
    with pytest.raises(FieldError, match="anterior") as refused:
        payments.refund_mark_paid_out(actor=fin, municipality=ipatinga_m, refund=refund, on=before)
    assert refused.value.field == "data"
    assert f"({before:%d/%m/%Y})" in str(refused.value)
    assert f"{recorded:%d/%m/%Y}" in str(refused.value)
    refund = refresh(ipatinga_m, refund)
    assert (refund.status, refund.paid_out_on) == (Refund.Status.PENDING, None)
    assert not acts_of(ipatinga_m, refund, "refund.paid_out")
    payments.refund_mark_paid_out(actor=fin, municipality=ipatinga_m, refund=refund, on=recorded)
    refund = refresh(ipatinga_m, refund)
    assert (refund.status, refund.paid_out_on) == (Refund.Status.PAID_OUT, recorded)


def test_paying_a_debt_already_paid_is_over_by_the_whole_amount_and_can_be_returned(
    ipatinga_m, fin, person
):
    debt = make_debt(ipatinga_m, person, 3_000)
    pay(ipatinga_m, fin, debt.reference, 3_000)
    twice = pay(ipatinga_m, fin, debt.reference, 3_000)
    assert (twice.status, twice.excess_cents) == (Payment.Status.OVER, 3_000)
    refund = payments.payment_return(
        actor=fin, municipality=ipatinga_m, payment=twice, note="em dobro"
    )
    assert (refund.kind, refund.amount_cents) == (Refund.Kind.RETURNED, 3_000)
    assert refresh(ipatinga_m, twice).status == Payment.Status.RETURNED
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID


def test_a_payment_that_settled_part_of_a_debt_is_not_returned_whole(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 3_000)
    payment = pay(ipatinga_m, fin, debt.reference, 3_500)
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_return(actor=fin, municipality=ipatinga_m, payment=payment, note="x")


def test_an_unknown_reference_is_listed_then_assigned_by_a_person(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 7_000)
    payment = pay(ipatinga_m, fin, "REFERENCIA-ERRADA", 7_000)
    assert payment.status == Payment.Status.UNKNOWN and payment.debt_id is None
    with pytest.raises(FieldError):
        payments.payment_assign(
            actor=fin, municipality=ipatinga_m, payment=payment, debt=debt, note=""
        )
    payments.payment_assign(
        actor=fin, municipality=ipatinga_m, payment=payment, debt=debt, note="pagador ligou"
    )
    payment = refresh(ipatinga_m, payment)
    assert (payment.status, payment.debt_id) == (Payment.Status.MATCHED, debt.pk)
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    assert acts_of(ipatinga_m, payment, "payment.assign")
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_assign(
            actor=fin, municipality=ipatinga_m, payment=payment, debt=debt, note="x"
        )


def test_only_finance_records_payments_and_the_refusal_is_an_act(ipatinga_m, user_of, person):
    debt = make_debt(ipatinga_m, person, 1_000)
    clerk = Actor.of(user_of("ipatinga", Role.ATENDENTE))
    with pytest.raises(NotCompetent) as exc:
        pay(ipatinga_m, clerk, debt.reference, 1_000)
    assert "Finanças" in str(exc.value)
    with tenant(ipatinga_m):
        refused = Act.objects.filter(action="debt.payment.record", outcome="refused")
        assert refused.filter(actor_name=clerk.name).exists()
        assert not Payment.objects.filter(debt=debt).exists()


def test_a_payment_dated_in_the_future_or_not_positive_is_refused(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 1_000)
    with pytest.raises(FieldError):
        payments.payment_record(
            actor=fin,
            municipality=ipatinga_m,
            reference=debt.reference,
            amount_cents=1_000,
            paid_on=timezone.localdate() + dt.timedelta(days=1),
        )
    with pytest.raises(FieldError):
        pay(ipatinga_m, fin, debt.reference, 0)


def test_a_reference_of_another_municipality_is_unknown_here(ipatinga_m, barra_m, fin):
    other = make_debt(barra_m, make_person(barra_m), 1_000)
    payment = pay(ipatinga_m, fin, other.reference, 1_000)
    assert payment.status == Payment.Status.UNKNOWN
    assert refresh(barra_m, other).status == Debt.Status.OPEN


# --- the bank CSV --------------------------------------------------------------------------------


def csv_of(*lines: str, header: str = "data;valor;referencia;documento_pagador") -> bytes:
    return ("\n".join([header, *lines]) + "\n").encode("utf-8")


def test_importing_the_same_file_twice_imports_nothing_twice(ipatinga_m, fin, person):
    a = make_debt(ipatinga_m, person, 10_000)
    b = make_debt(ipatinga_m, person, 20_000)
    content = csv_of(
        f"20/03/2026;100,00;{pix.txid_of(a.reference)};123.456.789-09",
        f"2026-03-21;150.00;{b.reference};",
        "21/03/2026;1.234,56;NAO-EXISTE;",
    )
    first = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x.csv"
    )
    assert (first.lines_total, first.lines_new, first.lines_duplicate) == (3, 3, 0)
    assert [r["resultado"] for r in first.report] == ["matched", "partial", "unknown"]
    assert first.report[2]["valor_centavos"] == 123_456
    second = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x.csv"
    )
    assert (second.lines_new, second.lines_duplicate) == (0, 3)
    with tenant(ipatinga_m):
        assert Payment.objects.filter(batch__in=[first, second]).count() == 3
        assert PaymentImport.objects.filter(pk=first.pk).exists()
    assert refresh(ipatinga_m, a).status == Debt.Status.PAID
    assert refresh(ipatinga_m, b).status == Debt.Status.OPEN
    assert acts_of(ipatinga_m, first, "payment.import")


def test_an_overlapping_statement_imports_only_its_new_lines(ipatinga_m, fin, person):
    a = make_debt(ipatinga_m, person, 1_000)
    b = make_debt(ipatinga_m, person, 2_000)
    line_a = f"20/03/2026;10,00;{a.reference};"
    bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=csv_of(line_a), file_name="1"
    )
    # Another export of the same day, other formatting, plus a new line.
    again = f"2026-03-20;10.00;{a.reference.lower()};"
    batch = bank_statement.payments_import(
        actor=fin,
        municipality=ipatinga_m,
        content=csv_of(again, f"21/03/2026;20,00;{b.reference};"),
        file_name="2",
    )
    assert (batch.lines_new, batch.lines_duplicate) == (1, 1)


def test_the_same_payment_twice_in_one_file_is_two_payments(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 2_000)
    line = f"20/03/2026;10,00;{debt.reference};"
    content = csv_of(line, line)
    batch = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x"
    )
    assert batch.lines_new == 2
    assert [r["resultado"] for r in batch.report] == ["partial", "matched"]
    again = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x"
    )
    assert again.lines_new == 0 and again.lines_duplicate == 2


def test_bad_lines_are_reported_and_skipped(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 1_000)
    content = csv_of(
        "31/02/2026;10,00;X;",
        f"20/03/2026;dez reais;{debt.reference};",
        "20/03/2026;10,00;;",
        f"20/03/2026;10,00;{debt.reference};",
    )
    batch = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x"
    )
    assert (batch.lines_invalid, batch.lines_new) == (3, 1)
    assert "data inválida" in batch.report[0]["erros"][0]


def test_a_file_without_the_required_columns_is_refused(ipatinga_m, fin):
    with pytest.raises(FieldError) as exc:
        bank_statement.payments_import(
            actor=fin,
            municipality=ipatinga_m,
            content=b"quando,quanto\n2026-03-20,10.00\n",
            file_name="x",
        )
    assert "referencia" in str(exc.value)


def test_a_comma_separated_file_with_english_headers_is_read(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 1_050)
    content = f"date,amount,txid,payer_document\n2026-03-20,10.50,{debt.reference},\n".encode()
    batch = bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x"
    )
    assert batch.report[0]["resultado"] == "matched"


def test_the_preview_says_what_will_happen_and_writes_nothing(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 1_000)
    content = csv_of(f"20/03/2026;10,00;{debt.reference};", "20/03/2026;5,00;NADA;", "x;y;z;")
    with tenant(ipatinga_m):
        before = Act.objects.count(), Payment.objects.count()
    preview = bank_statement.payments_import_preview(
        municipality=ipatinga_m, content=content, file_name="x"
    )
    assert [ln.outcome for ln in preview.lines] == ["matched", "unknown", "invalid"]
    with tenant(ipatinga_m):
        assert (Act.objects.count(), Payment.objects.count()) == before
    bank_statement.payments_import(
        actor=fin, municipality=ipatinga_m, content=content, file_name="x"
    )
    again = bank_statement.payments_import_preview(
        municipality=ipatinga_m, content=content, file_name="x"
    )
    assert [ln.outcome for ln in again.lines] == ["duplicate", "duplicate", "invalid"]


# --- defence upheld (mototaxi art. 42 §1–2) ---------------------------------------------------


@pytest.fixture
def authority(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.AUTORIDADE))


def infraction(m, person, *, fine_paid: bool, removal_paid: bool, storage_paid: bool, fin):  # type: ignore[no-untyped-def]
    basis = {"law": "ipatinga.mototaxi-2013", "infraction": 4242}
    fine = make_debt(m, person, 2_000, basis=basis)
    removal = make_debt(m, person, 15_000, origin=Debt.Origin.REMOVAL, basis=basis)
    storage = make_debt(m, person, 4_000, origin=Debt.Origin.STORAGE, basis=basis)
    for debt, paid in ((fine, fine_paid), (removal, removal_paid), (storage, storage_paid)):
        if paid:
            pay(m, fin, debt.reference, debt.amount_cents)
    return fine, removal, storage


def test_art_42_par1_paid_fine_is_refunded_and_removal_and_storage_waived_while_seized(
    ipatinga_m, fin, authority, person
):
    fine, removal, storage = infraction(
        ipatinga_m, person, fine_paid=True, removal_paid=False, storage_paid=False, fin=fin
    )
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision="defesa 1/2026"
    )
    assert [(r.debt_id, r.amount_cents, r.kind) for r in refunds] == [
        (fine.pk, 2_000, Refund.Kind.UPHELD_DEFENCE)
    ]
    assert refresh(ipatinga_m, fine).status == Debt.Status.REFUNDED
    assert refresh(ipatinga_m, removal).status == Debt.Status.CANCELLED
    assert refresh(ipatinga_m, storage).status == Debt.Status.CANCELLED
    act = acts_of(ipatinga_m, fine, "debt.refund")[0]
    assert any("art. 42, §1" in c for c in act.record["basis"]["citations"])
    assert act.record["payload"]["decision"] == "defesa 1/2026"
    assert acts_of(ipatinga_m, removal, "debt.waive") and acts_of(ipatinga_m, storage, "debt.waive")
    # The payment row is untouched: the history of what was paid stays.
    with tenant(ipatinga_m):
        assert Payment.objects.get(debt=fine).status == Payment.Status.MATCHED


def test_art_42_par1_released_vehicle_gets_only_the_fine_back(ipatinga_m, fin, authority, person):
    fine, removal, storage = infraction(
        ipatinga_m, person, fine_paid=True, removal_paid=True, storage_paid=True, fin=fin
    )
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision=None
    )
    assert sum(r.amount_cents for r in refunds) == 2_000
    assert refresh(ipatinga_m, removal).status == Debt.Status.PAID
    assert refresh(ipatinga_m, storage).status == Debt.Status.PAID


def test_art_42_par2_unlicensed_vehicle_gets_fine_removal_and_storage_back(
    ipatinga_m, fin, authority, person
):
    fine, removal, storage = infraction(
        ipatinga_m, person, fine_paid=True, removal_paid=True, storage_paid=True, fin=fin
    )
    refunds = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision=None, unlicensed=True
    )
    assert sorted(r.amount_cents for r in refunds) == [2_000, 4_000, 15_000]
    again = payments.refund_for_upheld_defence(
        actor=authority, municipality=ipatinga_m, debt=fine, decision=None, unlicensed=True
    )
    assert again == []
    with tenant(ipatinga_m):
        assert Refund.objects.filter(debt__in=[fine, removal, storage]).count() == 3
    for d in (fine, removal, storage):
        assert refresh(ipatinga_m, d).status == Debt.Status.REFUNDED
    act = acts_of(ipatinga_m, removal, "debt.refund")[0]
    assert any("art. 42, §2" in c for c in act.record["basis"]["citations"])


def test_an_unpaid_fine_is_cancelled_when_the_defence_is_upheld(ipatinga_m, fin, authority, person):
    fine, removal, storage = infraction(
        ipatinga_m, person, fine_paid=False, removal_paid=False, storage_paid=False, fin=fin
    )
    assert (
        payments.refund_for_upheld_defence(
            actor=authority, municipality=ipatinga_m, debt=fine, decision=None
        )
        == []
    )
    assert refresh(ipatinga_m, fine).status == Debt.Status.CANCELLED
    assert refresh(ipatinga_m, removal).status == Debt.Status.CANCELLED
    # Asking again (the appeal stage calls it too) changes nothing.
    assert (
        payments.refund_for_upheld_defence(
            actor=authority, municipality=ipatinga_m, debt=fine, decision=None
        )
        == []
    )


def test_an_inspector_cannot_refund_a_fine(ipatinga_m, fin, user_of, person):
    fine, _, _ = infraction(
        ipatinga_m, person, fine_paid=True, removal_paid=False, storage_paid=False, fin=fin
    )
    with pytest.raises(NotCompetent):
        payments.refund_for_upheld_defence(
            actor=Actor.of(user_of("ipatinga", Role.FISCAL)),
            municipality=ipatinga_m,
            debt=fine,
            decision=None,
        )
    assert refresh(ipatinga_m, fine).status == Debt.Status.PAID


def test_the_jari_upholding_an_appeal_also_refunds(ipatinga_m, fin, user_of, person):
    fine, _, _ = infraction(
        ipatinga_m, person, fine_paid=True, removal_paid=False, storage_paid=False, fin=fin
    )
    refunds = payments.refund_for_upheld_defence(
        actor=Actor.of(user_of("ipatinga", Role.JARI)),
        municipality=ipatinga_m,
        debt=fine,
        decision=None,
    )
    assert len(refunds) == 1


def reduce(m, fin, debt, cents):  # type: ignore[no-untyped-def]
    with transaction.atomic(), tenant(m):
        return payments.debt_reduce_in_transaction(
            actor=fin,
            municipality=m,
            debt=debt,
            amount_cents=cents,
            decision=None,
            basis={},
            on=today_of(m),
        )


@pytest.mark.parametrize(
    ("paid", "reduced_to", "refunded"), [(6_000, 5_000, 1_000), (5_000, 5_000, 0)]
)
def test_art_64_a_fine_reduced_to_what_partial_payments_reach_settles_them(
    ipatinga_m, fin, person, paid, reduced_to, refunded
):
    """Lei 9.784/1999 art. 64: the fine reduced in part to no more than was already paid is paid;
    the partial payments that paid it settled it, so they no longer wait for a person — nor can
    one of them be given back whole beside the refund of what was paid beyond the new amount."""
    debt = make_debt(ipatinga_m, person, 10_000)
    partial = pay(ipatinga_m, fin, debt.reference, paid)
    assert partial.status == Payment.Status.PARTIAL
    refund = reduce(ipatinga_m, fin, debt, reduced_to)
    assert (refund.amount_cents if refund else 0) == refunded
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    assert refresh(ipatinga_m, partial).status == Payment.Status.MATCHED
    with tenant(ipatinga_m):
        assert not Payment.objects.filter(status__in=Payment.PENDING).exists()
    with pytest.raises(payments.InvalidPaymentTransition):
        payments.payment_return(actor=fin, municipality=ipatinga_m, payment=partial, note="x")
    with tenant(ipatinga_m):
        assert sum(r.amount_cents for r in Refund.objects.filter(debt=debt)) == refunded


# --- settings ------------------------------------------------------------------------------------


def test_settings_store_what_the_payload_carries(ipatinga_m, fin):
    s = receiver.finance_settings_save(
        actor=fin,
        municipality=ipatinga_m,
        pix_key="tesouraria@ipatinga.mg.gov.br",
        merchant_name="Prefeitura Municipal de Ipatinga — Tesouraria",
        merchant_city="Ipatinga",
    )
    assert s.merchant_name == "Prefeitura Municipal"  # shortened between words
    assert not s.example
    with pytest.raises(FieldError):
        receiver.finance_settings_save(
            actor=fin, municipality=ipatinga_m, pix_key="nada", merchant_name="A", merchant_city="B"
        )


# --- the operator's command ----------------------------------------------------------------------


def test_the_import_command_imports_once_and_dry_run_writes_nothing(ipatinga_m, person, tmp_path):
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    debt = make_debt(ipatinga_m, person, 1_000)
    f = tmp_path / "extrato.csv"
    f.write_bytes(csv_of(f"20/03/2026;10,00;{debt.reference};"))
    out = StringIO()
    call_command("payments_import", str(f), "--municipality", "ipatinga", "--dry-run", stdout=out)
    assert "matched" in out.getvalue()
    assert refresh(ipatinga_m, debt).status == Debt.Status.OPEN
    with pytest.raises(CommandError):
        call_command("payments_import", str(f), "--municipality", "ipatinga")
    user = "financas.ipatinga"
    call_command(
        "payments_import", str(f), "--municipality", "ipatinga", "--user", user, stdout=out
    )
    assert refresh(ipatinga_m, debt).status == Debt.Status.PAID
    out = StringIO()
    call_command(
        "payments_import", str(f), "--municipality", "ipatinga", "--user", user, stdout=out
    )
    assert "0 nova(s), 1 já importada(s)" in out.getvalue()
    with pytest.raises(CommandError):  # a clerk has no competence to record payments
        call_command(
            "payments_import", str(f), "--municipality", "ipatinga", "--user", "atendente.ipatinga"
        )


def test_debt_transitions_need_a_reason_and_are_acts(ipatinga_m, fin, person):
    debt = make_debt(ipatinga_m, person, 1_000, basis={"law": "ipatinga.mototaxi-2013"})
    law = "ipatinga.mototaxi-2013"
    payments.debt_mark_under_appeal(
        actor=fin, municipality=ipatinga_m, debt=debt, reason="defesa protocolada", law=law
    )
    assert refresh(ipatinga_m, debt).status == Debt.Status.UNDER_APPEAL
    payments.debt_mark_final(
        actor=fin, municipality=ipatinga_m, debt=debt, reason="JARI negou", law=law
    )
    assert refresh(ipatinga_m, debt).status == Debt.Status.FINAL
    with pytest.raises(FieldError):
        payments.debt_cancel(actor=fin, municipality=ipatinga_m, debt=debt, reason=" ", law=law)
    payments.debt_cancel(
        actor=fin, municipality=ipatinga_m, debt=debt, reason="erro material", law=law
    )
    assert refresh(ipatinga_m, debt).status == Debt.Status.CANCELLED
    assert (
        acts_of(ipatinga_m, debt, "debt.cancel")[0].record["payload"]["reason"] == "erro material"
    )


def test_art_64_a_reduction_refused_names_the_amounts_in_reais(ipatinga_m, fin, person):
    """The refusal of a reduction that is not one (Lei 9.784/1999 art. 64) is read by the judge:
    it names the fine and the amount asked in Brazilian format, never in cents."""
    debt = make_debt(ipatinga_m, person, 123_456)
    with pytest.raises(payments.ledger.InvalidDebtTransition) as refused:
        reduce(ipatinga_m, fin, debt, 200_000)
    message = str(refused.value)
    assert "R$ 1.234,56" in message and "R$ 2.000,00" in message
    assert "centavos" not in message
