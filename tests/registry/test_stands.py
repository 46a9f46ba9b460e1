"""Stands: taxi art. 33–36 (category, place, maximum vehicles, by executive act); mototaxi art.
17–18, 21 (by decree, never at bus or taxi stops)."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import actor

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.registry.services.stands import stand_set
from outorga.registry.validation import FieldError

ON = dt.date(2026, 4, 1)


def mayor(m):
    return actor(m.slug, Role.CHEFE_EXECUTIVO)


def test_art_33_a_taxi_stand_has_category_place_and_capacity(ipatinga_m):
    m = ipatinga_m
    stand = stand_set(
        actor=mayor(m),
        municipality=m,
        service="taxi",
        name="Ponto da Rodoviária",
        place="Av. Pedro Linhares Gomes, em frente à rodoviária",
        capacity=8,
        taxi_category="convencional",
        act_reference="Decreto 10/2026",
        on=ON,
    )
    stand = stand_set(
        actor=mayor(m),
        municipality=m,
        service="taxi",
        name="Ponto da Rodoviária",
        place="Av. Pedro Linhares Gomes, em frente à rodoviária",
        capacity=10,
        taxi_category="convencional",
        act_reference="Decreto 11/2026",
        on=ON,
        stand=stand,
    )
    assert stand.capacity == 10
    with tenant(m):
        assert Act.objects.filter(action="stand.update", object_id=str(stand.pk)).exists()
    with pytest.raises(FieldError):
        stand_set(
            actor=mayor(m),
            municipality=m,
            service="taxi",
            name="Sem categoria",
            place="Praça",
            capacity=3,
            act_reference="Decreto 12/2026",
            on=ON,
        )


def test_art_18_a_mototaxi_stand_is_never_at_a_bus_stop(ipatinga_m):
    m = ipatinga_m
    with pytest.raises(Refused) as exc:
        stand_set(
            actor=mayor(m),
            municipality=m,
            service="mototaxi",
            name="Ponto do Centro",
            place="Rua do Centro, 10 (ponto de ônibus)",
            capacity=5,
            act_reference="Decreto 13/2026",
            at=["onibus"],
            on=ON,
        )
    assert any(c.article == "18" for r in exc.value.decision.refusals for c in r.citations)
    stand = stand_set(
        actor=mayor(m),
        municipality=m,
        service="mototaxi",
        name="Ponto do Centro",
        place="Rua do Centro, 40",
        capacity=5,
        act_reference="Decreto 13/2026",
        on=ON,
    )
    assert stand.pk


def test_only_the_chief_executive_sets_stands(ipatinga_m):
    m = ipatinga_m
    with pytest.raises(NotCompetent):
        stand_set(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            service="taxi",
            name="X",
            place="Y",
            capacity=1,
            taxi_category="convencional",
            act_reference="Decreto",
            on=ON,
        )
