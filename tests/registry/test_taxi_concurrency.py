"""On PostgreSQL, 20 concurrent taxi grants for the last 3 places grant exactly 3 (taxi art. 3
§1–2, D-7), with gapless Cadastro numbers (art. 4 I, 20) and an unforked acts log."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from registry_factories import CHECKS, DECLARATIONS, actor, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.acts import verify_chain
from outorga.core.errors import Refused
from outorga.core.models import Municipality, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant, Vehicle
from outorga.registry.services.permits import taxi_permit_grant

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_20_concurrent_taxi_grants_for_the_last_3_places_grant_exactly_3():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = actor("ipatinga", Role.ATENDENTE)
    with tenant(m):
        # 3 600 inhabitants → ⌊3 600 / 1 200⌋ = 3 places (art. 3 §1), none taken yet.
        PopulationFigure.objects.create(
            value=3600, reference_year=2025, effective=dt.date(2026, 1, 1), source="teste"
        )
    applicants = [taxi_holder(m, ON) for _ in range(20)]
    # One tender a applicant, each ranked first in it: the grants race for the quota, not for a
    # place in one ranking (which calls one applicant at a time, taxi art. 3).
    tenders = {}
    with tenant(m):
        for i, (p, _) in enumerate(applicants, start=1):
            tenders[p.pk] = Tender.objects.create(
                service="taxi",
                number=f"TX-C/2026-{i}",
                places=1,
                opened_on=ON - dt.timedelta(days=60),
                homologated_on=ON - dt.timedelta(days=10),
                status=Tender.Status.HOMOLOGATED,
                taxi_category="convencional",
            )
            TenderApplicant.objects.create(
                tender=tenders[p.pk],
                person=p,
                eligible=True,
                rank=1,
                taxi_category="convencional",
            )
    barrier = threading.Barrier(len(applicants))
    results: list[str] = []

    def apply(person, vehicle):  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            taxi_permit_grant(
                actor=clerk,
                municipality=m,
                holder=person,
                vehicle=vehicle,
                category="convencional",
                signed_on=ON,
                option="I",
                instalments=2,
                tender=tenders[person.pk],
                checks=CHECKS,
                declarations=DECLARATIONS,
            )
            results.append("granted")
        except Refused as exc:
            assert any(r.rule.endswith("art_3_par_1_quota") for r in exc.decision.refusals)
            results.append("refused")
        except Exception as exc:  # noqa: BLE001 - any other failure must show in the test
            results.append(f"error: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=apply, args=a) for a in applicants]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("granted") == 3, results
    assert results.count("refused") == 17, results
    with tenant(m):
        permits = Permit.objects.filter(service="taxi")
        holders = list(permits.values_list("registration_number", flat=True))
        vehicles = list(permits.values_list("vehicle__cadastro_number", flat=True))
        inscribed = Vehicle.objects.filter(cadastro_number__isnull=False).count()
        debts = Debt.objects.filter(origin=Debt.Origin.CONTRAPARTIDA).count()
    # One Cadastro for holders and their vehicles (art. 4 I, 20): sequential, gapless, unique;
    # no refused grant inscribed its vehicle.
    assert sorted(holders + vehicles) == [1, 2, 3, 4, 5, 6] and inscribed == 3
    assert debts == 6  # two instalments for each of the 3 grants, none for the refused
    assert verify_chain(m).ok
