"""Mototaxi art. 32, I — "suspensão da permissão por 30 (trinta) dias ... ou de suspensão de 15
(quinze) dias": each suspension is served in full. A second suspension, imposed after the holder
came back from the first (art. 32 §2), may not start on a day the permission was still suspended
by the first: the days would be served twice at once, and the second would be shorter than the law
orders. The first day it may start is the day the permission came back."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import proof_document

from outorga.core.errors import FieldError
from outorga.core.tenancy import tenant
from outorga.registry.models import Permit
from outorga.registry.services.permit_status import permit_reinstate, permit_suspend

START = dt.date(2026, 7, 1)
UNTIL = dt.date(2026, 7, 15)  # 15 days (art. 32 I)
BACK = dt.date(2026, 7, 20)  # the day the holder proved the irregularities mended (art. 32 §2)


def fresh(world) -> Permit:
    with tenant(world.m):
        return Permit.objects.get(pk=world.permit.pk)


def suspend(world, start: dt.date, autos: list[str]) -> Permit:
    return permit_suspend(
        actor=world.authority,
        municipality=world.m,
        permit=fresh(world),
        days=15,
        start=start,
        reason="suspensão de 15 dias (art. 32 I)",
        grounds={"kind": "escalation", "days": 15, "infractions": autos},
    )


@pytest.fixture
def came_back(world) -> Permit:
    suspend(world, START, ["AI-1", "AI-2", "AI-3"])
    return permit_reinstate(
        actor=world.clerk,
        municipality=world.m,
        permit=fresh(world),
        on=BACK,
        proof="Pneus trocados.",
        document=proof_document(world, UNTIL),
    )


def test_art_32_i_a_second_suspension_does_not_start_inside_the_first(world, came_back):
    assert came_back.status == Permit.Status.ACTIVE
    for start in (UNTIL, BACK - dt.timedelta(days=1)):
        with pytest.raises(FieldError) as exc:
            suspend(world, start, ["AI-4", "AI-5", "AI-6"])
        assert exc.value.field == "início"
        assert "art. 32, I" in exc.value.citation
        assert f"{BACK:%d/%m/%Y}" in str(exc.value)
        assert fresh(world).status == Permit.Status.ACTIVE


def test_art_32_i_a_second_suspension_may_start_the_day_the_permission_came_back(world, came_back):
    p = suspend(world, BACK, ["AI-4", "AI-5", "AI-6"])
    assert p.status == Permit.Status.SUSPENDED
    assert p.suspended_until == BACK + dt.timedelta(days=14)
