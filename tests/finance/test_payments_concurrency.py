"""Concurrency on PostgreSQL: real threads, each with its own connection."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.db import connection
from finance_factories import make_debt, make_person, refresh

from outorga.core.acts import Actor, verify_chain
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.finance import bank_statement, guias, payments
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment, Refund
from outorga.law.competence import Role


def _together(n: int, work: Callable[[], Any]) -> tuple[list[Any], list[BaseException]]:
    barrier = threading.Barrier(n)
    results: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            results.append(work())
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results, errors


def _pay(m: Municipality, fin: Actor, debt: Debt, cents: int, day: int = 20) -> Payment:
    """A payment of ``debt`` recorded by hand on ``day``/03/2026."""
    return payments.payment_record(
        actor=fin,
        municipality=m,
        reference=debt.reference,
        amount_cents=cents,
        paid_on=dt.date(2026, 3, day),
    )


@pytest.fixture
def world():  # type: ignore[no-untyped-def]
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    fin = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.FINANCAS)))
    return m, fin


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_file_imported_twice_at_once_imports_each_line_once(world):
    m, fin = world
    person = make_person(m)
    a = make_debt(m, person, 1_000)
    b = make_debt(m, person, 2_000)
    content = (
        f"data;valor;referencia\n20/03/2026;10,00;{a.reference}\n20/03/2026;20,00;{b.reference}\n"
    ).encode()
    results, errors = _together(
        2,
        lambda: bank_statement.payments_import(
            actor=fin, municipality=m, content=content, file_name="x"
        ),
    )
    assert not errors, errors
    assert sorted((r.lines_new, r.lines_duplicate) for r in results) == [(0, 2), (2, 0)]
    with tenant(m):
        assert Payment.objects.filter(debt__in=[a, b]).count() == 2
    assert refresh(m, a).status == refresh(m, b).status == Debt.Status.PAID
    assert verify_chain(m).ok


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_exact_payments_of_one_debt_at_once_pay_it_once(world):
    m, fin = world
    debt = make_debt(m, make_person(m), 5_000)
    results, errors = _together(
        2,
        lambda: _pay(m, fin, debt, 5_000),
    )
    assert not errors, errors
    assert sorted(p.status for p in results) == [Payment.Status.MATCHED, Payment.Status.OVER]
    assert max(p.excess_cents for p in results) == 5_000
    assert refresh(m, debt).status == Debt.Status.PAID
    assert verify_chain(m).ok


def _returning_paused(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Hold ``payment_return`` just before its act, the payment already marked returned and its
    refund written but not committed: the moment another writer of the same debt reads it."""
    paused, go = threading.Event(), threading.Event()
    real = payments.record_act

    def held(**kw: Any) -> Any:
        if kw.get("action") == "payment.return":
            paused.set()
            go.wait(30)
        return real(**kw)

    monkeypatch.setattr(payments, "record_act", held)
    return paused, go


def _while_returning(
    m: Municipality, fin: Actor, partial: Payment, monkeypatch: pytest.MonkeyPatch, other: Any
) -> list[BaseException]:
    """``payment_return`` of ``partial`` and ``other`` on the same debt, ``other`` started while
    the return is held open."""
    paused, go = _returning_paused(monkeypatch)
    errors: list[BaseException] = []

    def run(work: Callable[[], Any]) -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connection.close()

    returning = threading.Thread(
        target=run,
        args=(
            lambda: payments.payment_return(
                actor=fin, municipality=m, payment=partial, note="o pagador vai refazer"
            ),
        ),
    )
    returning.start()
    assert paused.wait(30)
    second = threading.Thread(target=run, args=(other,))
    second.start()
    second.join(1)  # it reads the debt, or waits for it, while the return is not committed
    go.set()
    returning.join(60)
    second.join(60)
    return errors


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_payment_completing_a_debt_while_its_partial_is_returned_does_not_pay_it(
    world, monkeypatch
):
    m, fin = world
    debt = make_debt(m, make_person(m), 10_000)
    partial = _pay(m, fin, debt, 4_000)
    assert partial.status == Payment.Status.PARTIAL
    errors = _while_returning(
        m,
        fin,
        partial,
        monkeypatch,
        lambda: _pay(m, fin, debt, 6_000, day=21),
    )
    assert not errors, errors
    # The 40,00 went back to the payer: only 60,00 of the 100,00 is paid, the debt still owed.
    assert refresh(m, partial).status == Payment.Status.RETURNED
    with tenant(m):
        assert guias.amount_owed(debt) == 4_000
        rest = Payment.objects.exclude(pk=partial.pk).get(debt=debt)
    assert rest.status == Payment.Status.PARTIAL
    assert refresh(m, debt).status == Debt.Status.OPEN
    assert verify_chain(m).ok


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_defence_upheld_while_a_partial_payment_is_returned_refunds_it_once(world, monkeypatch):
    m, fin = world
    fine = make_debt(m, make_person(m), 10_000)
    partial = _pay(m, fin, fine, 4_000)
    errors = _while_returning(
        m,
        fin,
        partial,
        monkeypatch,
        lambda: payments.refund_for_upheld_defence(
            actor=fin,
            municipality=m,
            debt=fine,
            decision=None,
            related=[],
            on=dt.date(2026, 3, 25),
        ),
    )
    assert not errors, errors
    # Art. 42 §1: what was paid of the fallen fine goes back once — here by the return alone.
    with tenant(m):
        owed_back = sum(r.amount_cents for r in Refund.objects.filter(debt=fine))
    assert owed_back == 4_000
    assert refresh(m, fine).status == Debt.Status.CANCELLED
    assert verify_chain(m).ok
