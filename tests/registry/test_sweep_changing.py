"""The registry's sweep over sets: it checks only the permits whose state can change on the date
(``changing_permits``), in batches read, decided and written together (ADR 0036), and makes
exactly the changes and acts of checking every permit one by one through the services — avisos
and their emails, irregularities and their lifting, vehicles over age (mototaxi art. 3, II)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import transaction
from registry_factories import make_applicant
from test_sweep import grant, inspection

from outorga.core.models import Act
from outorga.core.models_mail import OutboundEmail
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.registry.models import Notification, Permit, Person
from outorga.registry.sweep import notices as sweep_notices
from outorga.registry.sweep import registry_sweep
from outorga.registry.sweep import step as sweep_step


def _one_by_one(**kwargs: Any) -> Any:
    raise AssertionError(f"aviso enviado um a um: {kwargs['key']}")


def effects(m: Any, on: dt.date, *, every: bool) -> tuple[Any, ...]:
    """Run the step; what it wrote (acts without their time and sequence, avisos, permits'
    regularity) and how many permits it checked."""
    with tenant(m):
        last = Act.objects.order_by("-seq").values_list("seq", flat=True).first() or 0
        seen = set(Notification.objects.values_list("pk", flat=True))
        mailed = set(OutboundEmail.objects.values_list("pk", flat=True))
        if every:
            result = registry_sweep(m, on, NoProgress(), every=every)
        else:
            with pytest.MonkeyPatch.context() as only_bulk:
                # The sets write every aviso by their insert: none goes one by one.
                only_bulk.setattr(sweep_notices, "notification_send", _one_by_one)
                result = registry_sweep(m, on, NoProgress(), every=every)
        acts = [
            {k: v for k, v in a.record.items() if k not in ("time", "seq")}
            for a in Act.objects.filter(seq__gt=last).order_by("seq")
        ]
        notices = sorted(
            (n.key, n.kind, n.message, n.due_on, n.person_id, n.permit_id)
            for n in Notification.objects.exclude(pk__in=seen)
        )
        permits = sorted(Permit.objects.values_list("number", "irregular", "irregular_reason"))
        emails = sorted(
            (e.to, e.subject, e.body, e.object_type)
            for e in OutboundEmail.objects.exclude(pk__in=mailed)
        )
    return acts, notices, permits, emails, result.changes, result.checked


def test_the_sweep_over_sets_makes_the_changes_of_the_record_by_record_sweep(
    ipatinga_m, clerk, tender, monkeypatch
):
    # Batches of two permits: the sets span several batches, as a city's do.
    monkeypatch.setattr(sweep_step, "BATCH", 2)
    permits = []
    for n, year in enumerate((2016, 2018, 2021, 2024, 2017), start=1):
        person, vehicle = make_applicant(ipatinga_m, clerk, n=n, year=year)
        permits.append(grant(ipatinga_m, clerk, person, vehicle, tender))
    with tenant(ipatinga_m):
        # A holder with an email address gets each new aviso by email too.
        Person.objects.filter(pk=permits[1].holder_id).update(email="titular@example.com")
        # An irregularity a person recorded: the sweep neither restates nor lifts it.
        Permit.objects.filter(pk=permits[4].pk).update(
            irregular=True, irregular_reason="Irregular por decisão do atendimento"
        )
    due = inspection(ipatinga_m, permits[0]).valid_until
    assert due is not None
    days = sorted(
        {
            due - dt.timedelta(days=90),
            due - dt.timedelta(days=25),
            due - dt.timedelta(days=7),
            due + dt.timedelta(days=1),
            due + dt.timedelta(days=40),
            dt.date(due.year + 1, 1, 2),
        }
    )
    changed = fewer = mailed = 0
    for on in days:
        with transaction.atomic():
            one_by_one = effects(ipatinga_m, on, every=True)
            transaction.set_rollback(True)
        in_sets = effects(ipatinga_m, on, every=False)
        assert in_sets[:5] == one_by_one[:5], on
        changed += bool(in_sets[0]) and bool(in_sets[1])
        mailed += bool(in_sets[3])
        fewer += in_sets[5] < one_by_one[5]
        # The second run of the day changes nothing.
        again = effects(ipatinga_m, on, every=False)
        assert again[:2] == ([], []) and again[3:5] == ([], 0)
    assert changed >= 2  # dates with acts and avisos: the comparison is not of empty sweeps
    assert mailed >= 1  # and of avisos emailed
    assert fewer >= 1  # and on some date the sets left permits with nothing to change unchecked
