"""On PostgreSQL, two sweeps of the same date running at once (a cron overlap) still leave one
irregularity act per permit and one aviso per key, and the acts log does not fork."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON

from outorga.core.acts import Actor, verify_chain
from outorga.core.demo import demo_username
from outorga.core.models import Act, Municipality, User
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Notification, Tender
from outorga.registry.services.permits import permit_grant
from outorga.registry.sweep import registry_sweep

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_sweeps_at_once_change_each_thing_once():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number="S/2026",
            places=5,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
        )
    permits = []
    for i in range(3):
        person, vehicle = make_applicant(m, clerk, n=200 + i, plate=f"SWP{i}A{i:02d}")
        permits.append(
            permit_grant(
                actor=clerk,
                municipality=m,
                holder=person,
                service="mototaxi",
                vehicle=vehicle,
                granted_on=ON,
                term_years=10,
                decree="Decreto 9/2026",
                equipment=EQUIPMENT,
                tender=tender,
            )
        )
    with tenant(m):
        valid_until = Document.objects.filter(doc_type=Document.Type.INSPECTION).first().valid_until
    on = valid_until + dt.timedelta(days=1)  # every inspection report just expired
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            with tenant(m):
                registry_sweep(m, on, NoProgress())
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    with tenant(m):
        assert Act.objects.filter(action="permit.irregular").count() == 3
        keys = list(Notification.objects.values_list("key", flat=True))
    assert len(keys) == len(set(keys))
    assert verify_chain(m).ok
