"""Mototaxi art. 32, I with D-1 — the suspension follows "após o condutor atingir 03 (três)
infrações": it exists only once the third counted infraction's penalty is final. The authority
imposes it (art. 34) from a first day it chooses, but never a day before the count was reached —
it would be served, backdated, while the defence or the appeal of a counted auto still ran."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import issue, make_final

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Escalation
from outorga.enforcement.services.suspensions import suspension_impose
from outorga.registry.models import Permit
from outorga.registry.validation import FieldError

D = dt.date(2026, 4, 6)  # a Monday


def counted(world) -> tuple[Escalation, dt.date]:
    """Three final leve/média infractions (D-2: 15 days) and the day the last became final."""
    autos = [
        issue(world, code=code, on=D + dt.timedelta(days=7 * i))
        for i, code in enumerate(["art38-II", "art38-III", "art39-II"])
    ]
    finals = [make_final(world, auto, D + dt.timedelta(days=30)).final_on for auto in autos]
    assert all(finals)
    with tenant(world.m):
        esc = Escalation.objects.get(permit=world.permit, status=Escalation.Status.PENDING)
    return esc, max(f for f in finals if f is not None)


def test_art_32_i_the_suspension_never_starts_before_the_count_was_final(world):
    esc, reached = counted(world)
    with pytest.raises(FieldError) as exc:
        suspension_impose(
            actor=world.authority,
            municipality=world.m,
            escalation=esc,
            start=reached - dt.timedelta(days=1),
        )
    assert exc.value.field == "início"
    assert "art. 32, I" in exc.value.citation and "D-1" in exc.value.citation
    assert f"{reached:%d/%m/%Y}" in str(exc.value)
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.PENDING
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE


def test_art_32_i_the_suspension_may_start_on_the_day_the_count_became_final(world):
    esc, reached = counted(world)
    suspension_impose(actor=world.authority, municipality=world.m, escalation=esc, start=reached)
    with tenant(world.m):
        permit = Permit.objects.get(pk=world.permit.pk)
    assert permit.status == Permit.Status.SUSPENDED
    assert permit.suspended_until == reached + dt.timedelta(days=14)
