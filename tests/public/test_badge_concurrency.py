"""On PostgreSQL, concurrent first badges of a municipality share one signing key."""

from __future__ import annotations

import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection
from django.test import Client
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services
from outorga.public.models import SigningKey


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_first_badges_create_one_key():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    permits = [make_permit(m, f"CONC{i}") for i in range(6)]
    barrier = threading.Barrier(len(permits))
    tokens: list[str] = []
    errors: list[BaseException] = []

    def issue(permit):  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            tokens.append(services.badge_issue(actor=clerk, municipality=m, permit=permit).token)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=issue, args=(p,)) for p in permits]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    with tenant(m):
        assert SigningKey.objects.count() == 1
    client = Client()
    assert all(client.get(f"/v/{t}").status_code == 200 for t in tokens)
    assert len(tokens) == len(permits)
