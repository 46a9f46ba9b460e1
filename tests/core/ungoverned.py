"""A service left without a law in force today, for the walks of every route
(``test_routes_of_an_ungoverned_service``, ``test_writes_of_an_ungoverned_service``) and the
tests of each answer: its binding removed, ended before today (ADR 0062), or starting after today
(a law not yet in force for it: D-15). And the probe that no route applies a law to a day
before its binding starts: its questions asked, or competence checked under it, for a fact of
today (D-15)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.test import Client
from tenancy_world import World, build_world

from outorga.core import authz, lawseam
from outorga.core.localtime import today_of
from outorga.core.models import LawBinding, Municipality
from outorga.core.tenancy import unscoped
from outorga.law import questions
from outorga.law.competence import Role

REMOVED, ENDED, FUTURE = "binding_removed", "binding_ended", "binding_from_after_today"
#: The ways a service is left ungoverned today, for ``pytest.mark.parametrize``.
STATES = (REMOVED, ENDED, FUTURE)
#: How far after today a binding that is not yet in force starts.
AHEAD = dt.timedelta(days=30)
#: How a page or a refusal begins where no law governs a service of Ipatinga today.
NO_LAW = "Nenhuma lei rege o serviço de {} em Ipatinga"


def ipatinga_world(user_of: Any) -> World:
    """The tenancy test world of Ipatinga (``tenancy_world``), for a module's ``world``
    fixture."""
    return build_world(Municipality.objects.get(slug="ipatinga"), user_of)


def as_role(world: World, user_of: Any, role: Role) -> Client:
    """A client logged in as the demo user of ``role`` in the world's municipality."""
    client = Client(raise_request_exception=False)
    client.force_login(user_of(world.m.slug, role))
    return client


def unbind(m: Municipality, service: str, state: str) -> None:
    """``service`` left ungoverned in ``m`` today: its binding removed (``REMOVED``), ended two
    months ago (``ENDED``), or starting ``AHEAD`` of today (``FUTURE``)."""
    with unscoped():
        bindings = LawBinding.objects.filter(municipality=m, service=service)
        if state == ENDED:
            bindings.update(valid_until=today_of(m) - dt.timedelta(days=60))
        elif state == FUTURE:
            bindings.update(valid_from=today_of(m) + AHEAD, valid_until=None)
        else:
            assert state == REMOVED, state
            bindings.delete()
    m.forget_bindings()


def not_in_force(m: Municipality, law: str, day: dt.date) -> bool:
    """Whether ``law`` governs no service of ``m`` on ``day``, though bound from a later day."""
    own = [b for b in m.law_bindings() if b.law == law]
    return (
        bool(own) and not any(b.covers(day) for b in own) and day < min(b.valid_from for b in own)
    )


class Applied(list[str]):
    """What :func:`laws_applied_before_their_day` found, each under the request it was found in
    (``at``, set by the walk before each request)."""

    at = ""


@contextmanager
def laws_applied_before_their_day(
    m: Municipality, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Applied]:
    """The questions asked, and the competences checked, under a law of ``m`` for a day on or
    after today that comes before the law's first binding there — a law not yet in force applied
    to today's facts — each as "request: law: question or action on day". A day before today is
    a record carried over from before the first binding, read by it by design (``nearest``,
    ADR 0062)."""
    found = Applied()
    today = today_of(m)
    ask, check = questions.ask, authz.check

    def seen(law: str | None, what: str, day: dt.date) -> None:
        if law and day >= today and not_in_force(m, law, day):
            found.append(f"{found.at}: {law}: {what} em {day:%d/%m/%Y}")

    def asking(qid: str, ctx: Any, facts: Any, **kwargs: Any) -> Any:
        seen(questions.get(qid).law, qid, ctx.as_of)
        return ask(qid, ctx, facts, **kwargs)

    def checking(role: Any, action: str, law: str | None, on: dt.date) -> Any:
        seen(law, f"competência {action}", on)
        return check(role, action, law, on)

    monkeypatch.setattr(questions, "ask", asking)
    monkeypatch.setattr(authz, "check", checking)
    assert lawseam.questions is questions  # the seam asks through the patched module
    yield found
