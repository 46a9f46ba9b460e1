"""On PostgreSQL, 20 concurrent grants for the last 3 places grant exactly 3 (art. 10, D-7), and
register numbers stay sequential and gapless under concurrency (art. 4 §1; taxi art. 20)."""

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
from outorga.core.errors import Refused
from outorga.core.models import Municipality, PopulationFigure, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender
from outorga.registry.services.permits import permit_grant

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_20_concurrent_grants_for_the_last_3_places_grant_exactly_3():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    with tenant(m):
        # 900 inhabitants → ⌊900/300⌋ = 3 places (art. 10, I), none taken yet.
        PopulationFigure.objects.create(
            value=900, reference_year=2025, effective=dt.date(2026, 1, 1), source="teste"
        )
        tender = Tender.objects.create(
            service="mototaxi",
            number="C/2026",
            places=3,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
        )
    applicants = [
        make_applicant(m, clerk, n=100 + i, plate=f"QWE{i % 10}A{i:02d}") for i in range(20)
    ]
    barrier = threading.Barrier(len(applicants))
    results: list[str] = []

    def apply(person, vehicle):  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
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
            results.append("granted")
        except Refused:
            results.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=apply, args=a) for a in applicants]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("granted") == 3 and results.count("refused") == 17
    with tenant(m):
        numbers = sorted(Permit.objects.values_list("registration_number", flat=True))
    assert numbers == [1, 2, 3]  # sequential, gapless, unique
    assert verify_chain(m).ok  # concurrent writers never fork the acts log
