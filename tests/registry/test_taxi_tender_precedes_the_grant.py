"""Taxi art. 3: the permission is granted "mediante processo licitatório", so the Termo de
Permissão is signed after the tender's result is homologated. A Termo dated before the
homologation the records hold is refused, with the article, and nothing is granted; on the day of
the homologation it is signed."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import TAXI_ON as ON
from registry_factories import awarded_tender, grant, taxi_holder

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.registry.models import Permit


def test_art_3_a_termo_signed_before_the_tender_is_homologated_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    with tenant(m):
        tender.homologated_on = ON + dt.timedelta(days=3)
        tender.save(update_fields=["homologated_on"])
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, tender=tender, signed_on=ON)
    refusals = exc.value.decision.refusals
    assert [r.rule for r in refusals] == ["taxi_2017.art_3_tender_homologated"]
    assert "homologada em 05/02/2026, depois da outorga de 02/02/2026" in refusals[0].message
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
    permit = grant(m, holder, vehicle, tender=tender, signed_on=ON + dt.timedelta(days=3))
    assert permit.granted_on == tender.homologated_on
