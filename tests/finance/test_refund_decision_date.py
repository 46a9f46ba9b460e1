"""A refund is owed from the day it was decided, which may come before the day it is recorded
(a decision taken on paper, typed in days later): the pay-out is judged against the decision's
day, never against the recording's (decision D-15: a fact is judged on its own date).

The decision's day defaults to the recording day; it is never in the future, nor before the
payment it gives back (nothing is owed back of money not yet received)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from finance_factories import make_debt, make_person, refresh

from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.finance import payments
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment, Refund
from outorga.law.competence import Role
from outorga.registry.validation import FieldError

DAY = dt.timedelta(days=1)


@pytest.fixture
def today(ipatinga_m) -> dt.date:  # type: ignore[no-untyped-def]
    return today_of(ipatinga_m)


def paid_ten_days_ago(m, fin, today, cents: int, status: str) -> Payment:  # type: ignore[no-untyped-def]
    """A payment of ``cents`` for a debt of R$ 100,00, paid ten days ago."""
    debt = make_debt(m, make_person(m), 10_000)
    payment = payments.payment_record(
        actor=fin,
        municipality=m,
        reference=debt.reference,
        amount_cents=cents,
        paid_on=today - 10 * DAY,
    )
    assert payment.status == status
    return payment


@pytest.fixture
def over(ipatinga_m, fin, today) -> Payment:  # type: ignore[no-untyped-def]
    """R$ 125,00 for R$ 100,00: R$ 25,00 to refund."""
    return paid_ten_days_ago(ipatinga_m, fin, today, 12_500, Payment.Status.OVER)


@pytest.fixture
def partial(ipatinga_m, fin, today) -> Payment:  # type: ignore[no-untyped-def]
    """R$ 40,00 of R$ 100,00: returned whole on request."""
    return paid_ten_days_ago(ipatinga_m, fin, today, 4_000, Payment.Status.PARTIAL)


def refund_act(m, refund: Refund, action: str) -> Act:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.get(
            action=action, object_type="finance.refund", object_id=str(refund.pk)
        )


def pay_out(m, fin, refund: Refund, on: dt.date) -> Refund:  # type: ignore[no-untyped-def]
    return payments.refund_mark_paid_out(actor=fin, municipality=m, refund=refund, on=on)


def test_d15_a_refund_is_decided_on_the_day_it_is_recorded_unless_told(
    ipatinga_m, fin, over, today
):
    refund = payments.payment_refund_excess(actor=fin, municipality=ipatinga_m, payment=over)
    assert refresh(ipatinga_m, refund).decided_on == today
    assert (
        refund_act(ipatinga_m, refund, "payment.refund_excess").record["payload"]["new"][
            "decided_on"
        ]
        == today.isoformat()
    )
    # Same day as the decision: paid out.
    pay_out(ipatinga_m, fin, refund, today)
    assert refresh(ipatinga_m, refund).status == Refund.Status.PAID_OUT


def test_d15_a_refund_decided_before_it_was_recorded_is_paid_out_between_the_two(
    ipatinga_m, fin, over, today
):
    decided = today - 3 * DAY
    refund = payments.payment_refund_excess(
        actor=fin, municipality=ipatinga_m, payment=over, decided_on=decided
    )
    refund = refresh(ipatinga_m, refund)
    assert refund.decided_on == decided
    new = refund_act(ipatinga_m, refund, "payment.refund_excess").record["payload"]["new"]
    assert new["decided_on"] == decided.isoformat()
    # The day before the decision: not owed yet, refused naming both dates.
    with pytest.raises(FieldError, match="anterior") as refused:
        pay_out(ipatinga_m, fin, refund, decided - DAY)
    assert refused.value.field == "data"
    assert f"({decided - DAY:%d/%m/%Y})" in str(refused.value)
    assert f"decisão da restituição ({decided:%d/%m/%Y})" in str(refused.value)
    assert refresh(ipatinga_m, refund).status == Refund.Status.PENDING
    # Between the decision and the recording: owed, paid out.
    pay_out(ipatinga_m, fin, refund, today - DAY)
    refund = refresh(ipatinga_m, refund)
    assert (refund.status, refund.paid_out_on) == (Refund.Status.PAID_OUT, today - DAY)


def test_d15_a_refund_decided_on_the_decision_day_itself_is_paid_out(
    ipatinga_m, fin, partial, today
):
    decided = today - 5 * DAY
    refund = payments.payment_return(
        actor=fin, municipality=ipatinga_m, payment=partial, note="devolvido", decided_on=decided
    )
    new = refund_act(ipatinga_m, refund, "payment.return").record["payload"]["new"]
    assert new["decided_on"] == decided.isoformat()
    pay_out(ipatinga_m, fin, refund, decided)
    assert refresh(ipatinga_m, refund).paid_out_on == decided


def test_d15_a_refund_decided_in_the_future_is_refused_naming_the_field(
    ipatinga_m, fin, over, today
):
    with pytest.raises(FieldError, match="futuro") as refused:
        payments.payment_refund_excess(
            actor=fin, municipality=ipatinga_m, payment=over, decided_on=today + DAY
        )
    assert refused.value.field == "data da decisão"
    assert f"{today + DAY:%d/%m/%Y}" in str(refused.value)
    with tenant(ipatinga_m):
        assert not Refund.objects.filter(payment=over).exists()
    assert refresh(ipatinga_m, over).status == Payment.Status.OVER


def test_d15_a_refund_is_not_decided_before_the_payment_it_gives_back(
    ipatinga_m, fin, partial, today
):
    paid = today - 10 * DAY
    with pytest.raises(FieldError, match="anterior") as refused:
        payments.payment_return(
            actor=fin,
            municipality=ipatinga_m,
            payment=partial,
            note="devolvido",
            decided_on=paid - DAY,
        )
    assert refused.value.field == "data da decisão"
    assert f"pagamento {partial.pk}" in str(refused.value)
    assert f"{paid:%d/%m/%Y}" in str(refused.value)
    # The payment's own day is a day it could be decided.
    refund = payments.payment_return(
        actor=fin, municipality=ipatinga_m, payment=partial, note="devolvido", decided_on=paid
    )
    assert refresh(ipatinga_m, refund).decided_on == paid


def test_art_42_1_a_fine_refunded_on_an_upheld_defence_is_decided_on_the_judgement_day(
    ipatinga_m, fin, user_of, today
):
    """Mototaxi art. 42 §1: the fine paid is refunded from the judgement that upheld the defence;
    the refund carries that day, and so does the act that records it."""
    from outorga.core.acts import Actor

    debt = make_debt(
        ipatinga_m,
        make_person(ipatinga_m),
        10_000,
        status=Debt.Status.UNDER_APPEAL,
        basis={"law": "ipatinga.mototaxi-2013", "infraction": 4242},
    )
    payments.payment_record(
        actor=fin,
        municipality=ipatinga_m,
        reference=debt.reference,
        amount_cents=10_000,
        paid_on=today - 10 * DAY,
    )
    judged = today - 2 * DAY
    (refund,) = payments.refund_for_upheld_defence(
        actor=Actor.of(user_of("ipatinga", Role.AUTORIDADE)),
        municipality=ipatinga_m,
        debt=debt,
        decision=None,
        on=judged,
    )
    assert refresh(ipatinga_m, refund).decided_on == judged
    with tenant(ipatinga_m):
        act = Act.objects.get(action="debt.refund", object_id=str(debt.pk))
    assert act.record["payload"]["new"]["decided_on"] == judged.isoformat()
    pay_out(ipatinga_m, fin, refund, judged)
    assert refresh(ipatinga_m, refund).status == Refund.Status.PAID_OUT


def test_art_42_1_a_fine_paid_after_the_judgement_is_refunded_from_the_day_it_was_paid(
    ipatinga_m, fin, user_of, today
):
    """The judgement is never refused for a payment that came in after it (paid before the
    decision was recorded): that money is owed back from the day it was received."""
    from outorga.core.acts import Actor

    debt = make_debt(
        ipatinga_m,
        make_person(ipatinga_m),
        10_000,
        status=Debt.Status.UNDER_APPEAL,
        basis={"law": "ipatinga.mototaxi-2013", "infraction": 4343},
    )
    paid = today - 2 * DAY
    payments.payment_record(
        actor=fin,
        municipality=ipatinga_m,
        reference=debt.reference,
        amount_cents=10_000,
        paid_on=paid,
    )
    (refund,) = payments.refund_for_upheld_defence(
        actor=Actor.of(user_of("ipatinga", Role.AUTORIDADE)),
        municipality=ipatinga_m,
        debt=debt,
        decision=None,
        on=today - 5 * DAY,
    )
    assert refresh(ipatinga_m, refund).decided_on == paid


# --- the page and the API ----------------------------------------------------------------------


def test_d15_the_payment_page_records_the_decision_day_in_brazilian_format(
    ipatinga_m, user_of, over, today
):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    page = c.get(f"/financas/pagamentos/{over.pk}/").content.decode()
    assert "Data da decisão" in page and "dd/mm/aaaa" in page
    ahead = today + DAY
    r = c.post(
        f"/financas/pagamentos/{over.pk}/",
        {"action": "refund_excess", "note": "", "decided_on": f"{ahead:%d/%m/%Y}"},
        follow=True,
    )
    said = r.content.decode()
    assert "Data da decisão" in said and f"{ahead:%d/%m/%Y}" in said and "futuro" in said
    with tenant(ipatinga_m):
        assert not Refund.objects.filter(payment=over).exists()
    r = c.post(f"/financas/pagamentos/{over.pk}/", {"action": "refund_excess", "decided_on": "x"})
    said = c.get(f"/financas/pagamentos/{over.pk}/").content.decode()
    assert "Data da decisão: informe a data como dd/mm/aaaa" in said
    decided = today - 3 * DAY
    c.post(
        f"/financas/pagamentos/{over.pk}/",
        {"action": "refund_excess", "note": "", "decided_on": f"{decided:%d/%m/%Y}"},
    )
    with tenant(ipatinga_m):
        refund = Refund.objects.get(payment=over)
    assert refund.decided_on == decided
    listed = c.get("/financas/restituicoes/").content.decode()
    assert f"decidida em {decided:%d/%m/%Y}" in listed and "R$ 25,00" in listed


def test_d15_the_api_takes_and_gives_the_decision_day(ipatinga_m, user_of, over, today):
    c = Client()
    c.force_login(user_of("ipatinga", Role.FINANCAS))
    url = f"/api/v1/finance/payments/{over.pk}/refund-excess"
    ahead = c.post(url, {"decided_on": (today + DAY).isoformat()}, content_type="application/json")
    assert ahead.status_code == 422
    assert "data da decisão" in str(ahead.json()) and "futuro" in str(ahead.json())
    decided = today - 3 * DAY
    r = c.post(url, {"decided_on": decided.isoformat()}, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["decided_on"] == decided.isoformat()
    refund_id = r.json()["id"]
    paid = c.post(
        f"/api/v1/finance/refunds/{refund_id}/paid-out",
        {"on": (today - DAY).isoformat()},
        content_type="application/json",
    )
    assert paid.status_code == 200, paid.content
    assert paid.json()["paid_out_on"] == (today - DAY).isoformat()
    listed = c.get("/api/v1/finance/refunds").json()
    assert {"id": refund_id, "decided_on": decided.isoformat()}.items() <= next(
        r for r in listed["items"] if r["id"] == refund_id
    ).items()


# --- the refunds recorded before the decision's day was kept ---------------------------------


def test_d15_the_migration_dates_each_earlier_refund_on_the_municipal_day_it_was_recorded(
    ipatinga_m, fin, over
):
    """A refund recorded before the field existed was decided, as far as the records know, on
    the day it was recorded — the municipality's day: 02:30 UTC on 1 March is still 28 February
    in Ipatinga (UTC−3)."""
    import importlib

    from django.apps import apps

    refund = payments.payment_refund_excess(actor=fin, municipality=ipatinga_m, payment=over)
    instant = dt.datetime(2026, 3, 1, 2, 30, tzinfo=dt.UTC)
    with tenant(ipatinga_m):
        Refund.objects.filter(pk=refund.pk).update(
            created_at=instant, decided_on=dt.date(2026, 1, 1)
        )
    migration = importlib.import_module("outorga.finance.migrations.0007_refund_decided_on")
    migration.backfill(apps, None)
    assert refresh(ipatinga_m, refund).decided_on == dt.date(2026, 2, 28)
