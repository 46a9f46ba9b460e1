"""On PostgreSQL, two inspections sweeps of the same date running at once record each missed
inspection once and reassert a withdrawal once; the acts log stays one chain."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from inspections_factories import answers, grant_mototaxi

from outorga.core.acts import Actor, verify_chain
from outorga.core.demo import demo_username
from outorga.core.models import Act, Municipality, User
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import MissedInspection
from outorga.inspections.sweep import run
from outorga.law.competence import Role
from outorga.registry.models import Permit

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_overlapping_sweeps_record_each_fact_once():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    fiscal = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.FISCAL)))
    late = [grant_mototaxi(m, clerk, n=60 + i, on=dt.date(2026, 3, 10)) for i in range(3)]
    withdrawn = late[0]
    on = dt.date(2026, 4, 1)
    services.inspection_record(
        actor=fiscal,
        municipality=m,
        permit=withdrawn,
        kind="extraordinaria",
        inspected_on=on,
        answers=answers("mototaxi", on, freios_direcao_suspensao="not_ok"),
    )
    with tenant(m):
        Permit.objects.filter(pk=withdrawn.pk).update(irregular=False, irregular_reason="")
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def sweep() -> None:
        try:
            barrier.wait()
            run(m, dt.date(2026, 9, 6))
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    with tenant(m):
        # The two permits still in service missed the semiannual inspection due 05/09/2026.
        assert MissedInspection.objects.count() == 2
        assert Act.objects.filter(action="inspection.missed").count() == 2
        reasserted = Act.objects.filter(action="inspection.withdraw").count()
        assert reasserted == 2  # the failed inspection's own, and one reassertion
        assert Permit.objects.get(pk=withdrawn.pk).irregular
    assert verify_chain(m).ok
