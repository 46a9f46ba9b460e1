"""``outorga enforcement_sweep --on DATE``: what it did, and nothing more the second time; the
holder's portal aviso with the deadline."""

from __future__ import annotations

import datetime as dt
import io

from django.core.management import call_command
from enforcement_factories import case_of, issue

from outorga.core.tenancy import tenant
from outorga.registry.models import Notification

D = dt.date(2026, 4, 6)


def _run(on: dt.date) -> str:
    out = io.StringIO()
    call_command("enforcement_sweep", on=on.isoformat(), municipality="ipatinga", stdout=out)
    return out.getvalue()


def test_the_command_judges_by_default_once_and_the_holder_was_told_the_deadline(world):
    auto = issue(world, on=D)
    case = case_of(world, auto)
    with tenant(world.m):
        aviso = Notification.objects.get(
            key__startswith="enforcement-notice-", person=world.permit.holder
        )
    assert "16/04/2026" in aviso.message and aviso.due_on == case.deadline
    first = _run(dt.date(2026, 4, 17))
    assert "julgados à revelia (art. 42 §3): 1" in first and case.number in first
    second = _run(dt.date(2026, 4, 17))
    assert "julgados à revelia (art. 42 §3): 0" in second
    assert case_of(world, auto).revelia
