"""On PostgreSQL, the grant in a tender's name run twice at once for the same ranked applicant (a
double click on "Outorgar", two clerks): one permission is granted (mototaxi art. 6 caput and
§5: the tender's result binds the grants), and the applicant's record keeps that grant — the
second run, which read the applicant before the first committed, reads it again under the quota's
lock and leaves it as it is, instead of recording the applicant as refused at the grant (an act
that never happened) because the first run's permission now counts as "another permission"."""

from __future__ import annotations

import datetime as dt
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from demo_factories import demo_fresh
from django.db import connection
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON

from outorga.core.acts import Actor, verify_chain
from outorga.core.demo import demo_username
from outorga.core.errors import DomainError
from outorga.core.models import Act, Municipality, PopulationFigure, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services import common, permits, tender_grants

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_runs_of_a_tenders_grant_at_once_grant_once_and_keep_the_grant(monkeypatch):
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    boss = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.AUTORIDADE)))
    with tenant(m):
        PopulationFigure.objects.create(
            value=900 * 300, reference_year=2025, effective=dt.date(2026, 1, 1), source="teste"
        )
        tender = Tender.objects.create(
            service="mototaxi",
            number="G/2026",
            places=2,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    person, vehicle = make_applicant(m, clerk, n=501, plate="QWE5A01")
    with tenant(m):
        applicant = TenderApplicant.objects.create(
            tender=tender, person=person, eligible=True, rank=1
        )
    grants = {
        applicant.pk: {
            "vehicle": vehicle.pk,
            "decree": "Decreto 10/2026",
            "term_years": 10,
            "equipment": EQUIPMENT,
            "safety_gear": True,
        }
    }
    # Both runs have read the tender and its queue before either takes the quota's lock: the
    # first lock each run asks for waits for the other run to get there too.
    barrier = threading.Barrier(2, timeout=30)
    waited = threading.local()

    def lock_quota_together(service: str) -> None:
        if not getattr(waited, "done", False):
            waited.done = True
            barrier.wait()
        common.lock_quota(service)

    monkeypatch.setattr(permits, "lock_quota", lock_quota_together)
    monkeypatch.setattr(tender_grants, "lock_quota", lock_quota_together)

    def run(_: int) -> DomainError | None:
        try:
            tender_grants.tender_grant(
                actor=boss, municipality=m, tender=tender, on=ON, grants=grants
            )
        except DomainError as exc:  # a refusal said to the clerk is fine; a crash is not
            return exc
        finally:
            connection.close()
        return None

    with ThreadPoolExecutor(max_workers=2) as pool:
        said = [r for r in pool.map(run, range(2)) if r is not None]
    assert not said, said
    with tenant(m):
        (permit,) = Permit.objects.filter(tender=tender)
        applicant.refresh_from_db()
        assert applicant.decision["grant"] == {"granted": True, "permit": permit.number}
        assert permit.holder_id == person.pk
        assert not Act.objects.filter(action="tender.grant_refused").exists()
    assert verify_chain(m).ok
