"""On PostgreSQL, two overdue-debt sweeps of the same date running at once make each debt final
once, with one act and one aviso each; the acts log stays one chain."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from finance_factories import DUE, make_debt, make_person

from outorga.core.acts import verify_chain
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.finance.sweep import run
from outorga.registry.models import Notification

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_overlapping_overdue_sweeps_make_each_debt_final_once():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    person = make_person(m)
    debts = [make_debt(m, person, 1_000 * (i + 1)) for i in range(4)]
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []
    changes: list[int] = []

    def sweep() -> None:
        try:
            barrier.wait()
            changes.append(run(m, DUE + dt.timedelta(days=1)).changes)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert sum(changes) == len(debts)
    with tenant(m):
        assert set(
            Debt.objects.filter(pk__in=[d.pk for d in debts]).values_list("status", flat=True)
        ) == {Debt.Status.FINAL}
        assert Act.objects.filter(action="debt.make_final").count() == len(debts)
        assert Notification.objects.filter(key__startswith="finance-overdue-").count() == 4
    assert verify_chain(m).ok
