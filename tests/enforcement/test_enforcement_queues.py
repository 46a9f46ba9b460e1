"""The work queues put the defences and appeals to judge the oldest first, since their filing — the
law sets the days to file them, not a day to judge them by (mototaxi art. 42–44) — and the Chief
Executive's proposals the nearest deadline first."""

from __future__ import annotations

import datetime as dt
from typing import Any

from enforcement_factories import (
    at_jari,
    case_of,
    client_of,
    file,
    issue,
    pending_notice,
)
from registry_factories import make_permit

from outorga.core.tenancy import tenant
from outorga.enforcement import selectors
from outorga.enforcement.models import Case
from outorga.enforcement.services.notices import notice_deliver
from outorga.enforcement.services.proposals import proposal_open_cassacao
from outorga.law.competence import Role
from outorga.registry.models import Permit


def api_queue(user: Any) -> dict[str, Any]:
    r = client_of(user).get("/api/v1/enforcement/queue")
    assert r.status_code == 200
    return r.json()  # type: ignore[no-any-return]


def test_the_authoritys_defences_queue_puts_the_oldest_filing_first(world, user_of):
    # Filed out of order on 08/04, 06/04 and 07/04: their last days to file were 20/04 (Saturday
    # 18 moved), 16/04 and 17/04.
    cases, filed = [], {}
    for day in (dt.date(2026, 4, 8), dt.date(2026, 4, 6), dt.date(2026, 4, 7)):
        auto = issue(world, on=day)
        file(world, auto, day)
        cases.append(case_of(world, auto))
        filed[cases[-1].pk] = day
    issue(world, on=dt.date(2026, 4, 6))  # no defence yet: not the authority's work
    expected = sorted(cases, key=lambda c: c.deadline)
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 16),
        dt.date(2026, 4, 17),
        dt.date(2026, 4, 20),
    ]
    authority = user_of("ipatinga", Role.AUTORIDADE)
    with tenant(world.m):
        assert [c.pk for c in selectors.queue(authority)["defences"]] == [c.pk for c in expected]
    body = api_queue(authority)["defences"]
    assert [(x["id"], x["deadline"], x["filed_on"]) for x in body] == [
        (c.pk, c.deadline.isoformat(), filed[c.pk].isoformat()) for c in expected
    ]


def test_the_jari_queue_puts_the_oldest_filing_first(world, user_of):
    # Decisions notified out of order, the appeals filed the next day (25/04, 18/04, 21/04):
    # their last days to file were 04/05, 27/04 and 30/04.
    cases = []
    for notified in (dt.date(2026, 4, 24), dt.date(2026, 4, 17), dt.date(2026, 4, 20)):
        auto, _ = at_jari(world, dt.date(2026, 4, 6), notified)
        file(world, auto, notified + dt.timedelta(days=1))
        cases.append(case_of(world, auto))
    expected = sorted(cases, key=lambda c: c.deadline)
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 27),
        dt.date(2026, 4, 30),
        dt.date(2026, 5, 4),
    ]
    jari = user_of("ipatinga", Role.JARI)
    with tenant(world.m):
        assert [c.pk for c in selectors.queue(jari)["appeals"]] == [c.pk for c in expected]
    assert [x["id"] for x in api_queue(jari)["appeals"]] == [c.pk for c in expected]


def test_the_chief_executives_proposals_queue_puts_the_nearest_deadline_first_and_unnotified_last(
    world, user_of
):
    def propose(permit: Permit) -> Case:
        return proposal_open_cassacao(
            actor=world.authority,
            municipality=world.m,
            permit=permit,
            causes={"ctb_points": 20},  # art. 32 III g
            on=dt.date(2026, 4, 6),
        )

    unnotified = propose(world.permit)  # awaiting its notice: no deadline runs yet
    notified = []
    # Notified out of order: defence deadlines 23/04, 16/04 and 17/04.
    for day in (dt.date(2026, 4, 13), dt.date(2026, 4, 6), dt.date(2026, 4, 7)):
        case = propose(make_permit(world.m, clerk=world.clerk))
        notice_deliver(
            actor=world.clerk,
            municipality=world.m,
            notice=pending_notice(world, case),
            form="pessoal",
            on=day,
        )
        with tenant(world.m):
            notified.append(Case.objects.get(pk=case.pk))
    expected = sorted(notified, key=lambda c: c.deadline) + [unnotified]
    assert [c.deadline for c in expected] == [
        dt.date(2026, 4, 16),
        dt.date(2026, 4, 17),
        dt.date(2026, 4, 23),
        None,
    ]
    mayor = user_of("ipatinga", Role.CHEFE_EXECUTIVO)
    with tenant(world.m):
        got = [c.pk for c in selectors.queue(mayor)["proposals"]]
    assert got == [c.pk for c in expected]
    assert [x["id"] for x in api_queue(mayor)["proposals"]] == [c.pk for c in expected]
