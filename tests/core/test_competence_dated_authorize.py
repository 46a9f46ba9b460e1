"""A service's competence check takes the date of the act (D-15): an act before the law's date is
refused, and the refusal is logged like any other; without a date, today's table decides."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.core.acts import Actor
from outorga.core.authz import authorize
from outorga.core.models import Act
from outorga.core.tenancy import unscoped
from outorga.law.bindings import RULEBOOKS
from outorga.law.competence import NotCompetent, Role

MOTO = "ipatinga.mototaxi-2013"


def test_art_34_par_1_authorize_refuses_a_cassacao_dated_before_the_law(ipatinga_m, user_of):
    actor = Actor.of(user_of("ipatinga", Role.CHEFE_EXECUTIVO), "203.0.113.7")
    law_date = RULEBOOKS[MOTO].in_force_from
    with unscoped():
        refused_before = Act.objects.filter(municipality=ipatinga_m, outcome="refused").count()
    with pytest.raises(NotCompetent, match="26/08/2013"):
        authorize(
            actor=actor,
            municipality=ipatinga_m,
            action="penalty.cassacao",
            law=MOTO,
            on=law_date - dt.timedelta(days=1),
        )
    with unscoped():
        assert (
            Act.objects.filter(municipality=ipatinga_m, outcome="refused").count()
            == refused_before + 1
        )
    for on in (law_date, None):
        comp = authorize(
            actor=actor, municipality=ipatinga_m, action="penalty.cassacao", law=MOTO, on=on
        )
        assert comp is not None and comp.roles == {Role.CHEFE_EXECUTIVO}
