from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import MOTO_ON as ON

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Tender


@pytest.fixture
def clerk(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.1")


@pytest.fixture
def tender(ipatinga_m) -> Tender:  # type: ignore[no-untyped-def]
    with tenant(ipatinga_m):
        return Tender.objects.create(
            service="mototaxi",
            number="01/2026",
            places=10,
            opened_on=ON - dt.timedelta(days=60),
            homologated_on=ON - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
