from __future__ import annotations

import datetime as dt

import pytest
from inspections_factories import TRANSFER_ON, answers, grant_mototaxi
from registry_factories import TAXI_ON, grant, person, taxi_documents, taxi_holder, transfer

from outorga.core.acts import Actor
from outorga.inspections import services
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


@pytest.fixture
def transferred(ipatinga_m, fiscal):  # type: ignore[no-untyped-def]
    """Olga's taxi permit, inspected the day before its transfer to Hugo (her death; taxi art.
    13, parágrafo único) and on the day of the transfer (``TRANSFER_ON``)."""
    m = ipatinga_m
    olga, vehicle = taxi_holder(m, TAXI_ON, name="Olga Predecessora")
    permit = grant(m, olga, vehicle)

    def inspect(day: dt.date):  # type: ignore[no-untyped-def]
        return services.inspection_record(
            actor=fiscal,
            municipality=m,
            permit=permit,
            kind="extraordinaria",
            inspected_on=day,
            answers=answers("taxi_convencional", day),
        )

    before = inspect(TRANSFER_ON - dt.timedelta(days=1))
    hugo = person(m, name="Hugo Sucessor")
    taxi_documents(hugo, TRANSFER_ON)
    transfer(m, permit, hugo, TRANSFER_ON, "falecimento")
    on_the_day = inspect(TRANSFER_ON)
    return m, permit, before, on_the_day, olga, hugo
