from __future__ import annotations

import datetime as dt

import pytest
from inspections_factories import grant_mototaxi

from outorga.core.acts import Actor
from outorga.law.competence import Role


@pytest.fixture
def clerk(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE), "198.51.100.1")


@pytest.fixture
def fiscal(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.FISCAL), "198.51.100.2")


@pytest.fixture
def authority(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.AUTORIDADE), "198.51.100.3")


@pytest.fixture
def moto_permit(ipatinga_m, clerk):  # type: ignore[no-untyped-def]
    return grant_mototaxi(ipatinga_m, clerk, n=41, on=dt.date(2026, 3, 10))
