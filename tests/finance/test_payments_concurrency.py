"""Concurrency on PostgreSQL: real threads, each with its own connection."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from finance_factories import make_debt, make_person, refresh

from outorga.core.acts import Actor, verify_chain
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.demo.loader import load_demo
from outorga.finance import bank_statement, payments
from outorga.finance.models import Debt
from outorga.finance.models_payments import Payment
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


@pytest.fixture
def world():  # type: ignore[no-untyped-def]
    load_demo()
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
        lambda: payments.payment_record(
            actor=fin,
            municipality=m,
            reference=debt.reference,
            amount_cents=5_000,
            paid_on=dt.date(2026, 3, 20),
        ),
    )
    assert not errors, errors
    assert sorted(p.status for p in results) == [Payment.Status.MATCHED, Payment.Status.OVER]
    assert max(p.excess_cents for p in results) == 5_000
    assert refresh(m, debt).status == Debt.Status.PAID
    assert verify_chain(m).ok
