"""Mototaxi art. 32, I with D-1 — the suspension follows "após o condutor atingir 03 (três)
infrações": it exists only once the third counted infraction's penalty is final. The authority
imposes it (art. 34) from a first day it chooses, but never a day before the count was reached —
it would be served, backdated, while the defence or the appeal of a counted auto still ran."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import issue, make_final

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation
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


def refused_start(world, esc: Escalation, start: dt.date, on: dt.date | None) -> FieldError:
    """The suspension asked from ``start``, decided ``on``, refused on its first day — and
    nothing changed: the escalation still waits, the permission is active."""
    with pytest.raises(FieldError) as exc:
        suspension_impose(
            actor=world.authority, municipality=world.m, escalation=esc, start=start, on=on
        )
    assert exc.value.field == "início"
    with tenant(world.m):
        assert Escalation.objects.get(pk=esc.pk).status == Escalation.Status.PENDING
        assert Permit.objects.get(pk=world.permit.pk).status == Permit.Status.ACTIVE
    return exc.value


def test_art_32_i_the_suspension_never_starts_before_the_count_was_final(world):
    esc, reached = counted(world)
    before = reached - dt.timedelta(days=1)
    exc = refused_start(world, esc, before, before)
    assert "art. 32, I" in exc.citation and "D-1" in exc.citation
    assert f"{reached:%d/%m/%Y}" in str(exc)


def test_art_32_i_the_suspension_may_start_on_the_day_the_count_became_final(world):
    esc, reached = counted(world)
    # Decided that same day (ADR 0085: never before its decision).
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=reached, on=reached
    )
    with tenant(world.m):
        permit = Permit.objects.get(pk=world.permit.pk)
    assert permit.status == Permit.Status.SUSPENDED
    assert permit.suspended_until == reached + dt.timedelta(days=14)


def test_art_2_xxiv_art_34_the_suspension_never_starts_before_the_day_it_is_decided(world):
    # ADR 0085: decided on ``decided`` (after the count became final), a start the day before is
    # refused with the articles, and nothing changes; on the day of the decision it applies, and
    # its notice — which opens the appeal (art. 34 §3, art. 43) — is of that day, not earlier.
    esc, reached = counted(world)
    decided = reached + dt.timedelta(days=10)
    exc = refused_start(world, esc, decided - dt.timedelta(days=1), decided)
    assert "art. 2, XXIV" in exc.citation and "art. 43" in exc.citation
    assert f"{decided:%d/%m/%Y}" in str(exc) and "decisão" in str(exc)
    suspension_impose(
        actor=world.authority, municipality=world.m, escalation=esc, start=decided, on=decided
    )
    with tenant(world.m):
        appeal = Case.objects.get(permit=world.permit, kind=Case.Kind.SUSPENSION)
        assert appeal.notices.get().act_on == decided


def test_art_2_xxiv_a_suspension_decided_today_is_not_backdated_to_the_count(world):
    # The screens and the API give no day of decision: it is the municipality's today.
    esc, reached = counted(world)
    assert reached < today_of(world.m)
    exc = refused_start(world, esc, reached, None)
    assert f"{today_of(world.m):%d/%m/%Y}" in str(exc)
