"""Deadlines at their edges (D-4): calendar days from the notice, the day of notice excluded, the last
day moved to the next business day over weekends, national holidays and Ipatinga's 15 August."""

from __future__ import annotations

import datetime as dt

import pytest
from enforcement_factories import case_of, client_of, issue, pdf_text, pending_notice

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.models import CalendarDay
from outorga.core.services import calendar_day_record
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.enforcement.pdf import notice_pdf
from outorga.enforcement.services.filings import filing_file, filing_judge
from outorga.enforcement.services.finality import sweep
from outorga.enforcement.services.notices import notice_deliver
from outorga.law.competence import Role


def _notified(world, form: str, on: dt.date) -> Case:
    auto = issue(world, on=on - dt.timedelta(days=1), signed=False)
    case = case_of(world, auto)
    assert case.waiting == Case.Waiting.NOTICE  # no signature: the deadline waits for the notice
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form=form,
        on=on,
    )
    return case_of(world, auto)


@pytest.mark.parametrize(
    ("form", "notified", "deadline"),
    [
        # Wednesday + 10 = Saturday 18/04/2026 → Monday 20/04.
        ("postal", dt.date(2026, 4, 8), dt.date(2026, 4, 20)),
        # Saturday + 10 = Tuesday 21/04/2026, Tiradentes (national) → Wednesday 22/04.
        ("edital", dt.date(2026, 4, 11), dt.date(2026, 4, 22)),
        # Saturday + 10 = Tuesday 15/08/2028, Ipatinga's municipal holiday → Wednesday 16/08.
        ("pessoal", dt.date(2028, 8, 5), dt.date(2028, 8, 16)),
        # A business day stays: Monday + 10 = Thursday 16/04/2026.
        ("pessoal", dt.date(2026, 4, 6), dt.date(2026, 4, 16)),
    ],
)
def test_d4_the_defence_deadline_counts_from_the_notice_and_skips_closed_days(
    world, municipal_today, form, notified, deadline
):
    municipal_today(dt.date(2028, 12, 31))  # 2028's municipal holiday
    case = _notified(world, form, notified)
    assert case.waiting == Case.Waiting.DEADLINE
    assert case.deadline == deadline


def test_art_42_a_defence_on_the_moved_last_day_is_in_time_and_the_next_day_is_late(
    world, municipal_today
):
    municipal_today(dt.date(2028, 12, 31))  # 2028's municipal holiday
    case = _notified(world, "postal", dt.date(2028, 8, 5))
    assert case.deadline == dt.date(2028, 8, 16)
    with pytest.raises(Refused):
        filing_file(
            actor=world.holder,
            municipality=world.m,
            case=case,
            text="x",
            filed_on=dt.date(2028, 8, 17),
        )
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case, text="x", filed_on=dt.date(2028, 8, 16)
    )
    assert f.deadline == dt.date(2028, 8, 16)


def test_art_42_par3_revelia_only_after_the_moved_last_day(world):
    case = _notified(world, "edital", dt.date(2026, 4, 11))
    assert sweep(world.m, dt.date(2026, 4, 21))["revelia"] == []
    assert sweep(world.m, dt.date(2026, 4, 22))["revelia"] == []
    assert sweep(world.m, dt.date(2026, 4, 23))["revelia"] == [case.number]


def _defence_rejected(world, issued: dt.date, filed: dt.date, judged: dt.date):
    """An auto issued on ``issued`` whose defence, filed on ``filed``, is rejected on ``judged``:
    the case goes on to the JARI once that decision is notified."""
    auto = issue(world, on=issued)
    f = filing_file(
        actor=world.holder,
        municipality=world.m,
        case=case_of(world, auto),
        text="x",
        filed_on=filed,
    )
    filing_judge(
        actor=world.authority,
        municipality=world.m,
        filing=f,
        upheld=False,
        reasoning="mantido",
        on=judged,
    )
    return auto


def test_art_43_the_jari_deadline_runs_from_the_notice_of_the_decision(world):
    auto = _defence_rejected(world, dt.date(2026, 4, 6), dt.date(2026, 4, 7), dt.date(2026, 4, 8))
    case = case_of(world, auto)
    assert case.stage == Case.Stage.JARI and case.deadline is None  # waits for the notice
    # Notice by post: the date on the AR (Friday 24/04) + 10 = Monday 04/05.
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case),
        form="postal",
        on=dt.date(2026, 4, 24),
        reference="AR 1",
    )
    assert case_of(world, auto).deadline == dt.date(2026, 5, 4)


def test_d4_a_last_day_declared_closed_after_the_notice_moves_the_deadline_before_revelia(world):
    # Monday 06/04/2026 + 10 = Thursday 16/04; the office closes that day by a decree published
    # after the notice: the last day moves to Friday 17/04 (D-4), and revelia waits for it.
    case = _notified(world, "pessoal", dt.date(2026, 4, 6))
    assert case.deadline == dt.date(2026, 4, 16)
    with tenant(world.m):
        CalendarDay.objects.create(
            date=dt.date(2026, 4, 16),
            kind=CalendarDay.Kind.CLOSED,
            description="expediente suspenso (enchente)",
            legal_reference="Decreto 1/2026",
        )
    assert sweep(world.m, dt.date(2026, 4, 17))["revelia"] == []
    case = case_of(world, case.auto)
    assert (case.waiting, case.deadline) == (Case.Waiting.DEADLINE, dt.date(2026, 4, 17))
    f = filing_file(
        actor=world.holder, municipality=world.m, case=case, text="x", filed_on=dt.date(2026, 4, 17)
    )
    assert f.deadline == dt.date(2026, 4, 17)


def test_d1_an_appeal_deadline_moved_by_a_closed_day_keeps_the_case_open(world):
    # JARI decision notified on Monday 06/04/2026 + 10 = Thursday 16/04, declared a ponto
    # facultativo afterwards: the appeal may still be filed on Friday 17/04 (D-4), so the sweep of
    # that day does not make the case final (D-1).
    auto = _defence_rejected(
        world, dt.date(2026, 3, 20), dt.date(2026, 3, 23), dt.date(2026, 3, 24)
    )
    notice_deliver(
        actor=world.clerk,
        municipality=world.m,
        notice=pending_notice(world, case_of(world, auto)),
        form="pessoal",
        on=dt.date(2026, 4, 6),
    )
    assert case_of(world, auto).deadline == dt.date(2026, 4, 16)
    with tenant(world.m):
        CalendarDay.objects.create(
            date=dt.date(2026, 4, 16),
            kind=CalendarDay.Kind.OPTIONAL,
            description="ponto facultativo",
            legal_reference="Decreto 2/2026",
        )
    assert sweep(world.m, dt.date(2026, 4, 17))["final"] == []
    case = case_of(world, auto)
    assert (case.stage, case.deadline) == (Case.Stage.JARI, dt.date(2026, 4, 17))
    assert sweep(world.m, dt.date(2026, 4, 18))["final"] == [case.number]


def _no_business(world, user_of, day: dt.date, kind: str, reference: str) -> None:
    """``day`` recorded by the administrator as a day without business (D-4)."""
    calendar_day_record(
        actor=Actor.of(user_of("ipatinga", Role.ADMIN), "198.51.100.1"),
        municipality=world.m,
        date=day,
        kind=kind,
        description="dia sem expediente (teste)",
        legal_reference=reference,
    )


def test_d4_a_closed_day_recorded_after_the_notice_shows_the_moved_deadline_at_once(world, user_of):
    """Monday 06/04/2026 + 10 = Thursday 16/04 (art. 42). On 10/04 the administrator records
    16/04 as a day without business (D-4): from that moment the last day is Friday 17/04, and the
    case, its notice (the page and the PDF), the holder's portal and the API say so — not only
    after the sweep of 17/04 recounts it."""
    case = _notified(world, "pessoal", dt.date(2026, 4, 6))
    assert case.deadline == dt.date(2026, 4, 16)
    _no_business(world, user_of, dt.date(2026, 4, 16), CalendarDay.Kind.CLOSED, "Decreto 1/2026")
    case = case_of(world, case.auto)
    assert (case.waiting, case.deadline) == (Case.Waiting.DEADLINE, dt.date(2026, 4, 17))
    with tenant(world.m):
        notice = case.notices.get(notified_on=dt.date(2026, 4, 6))
    assert notice.deadline == dt.date(2026, 4, 17)
    page = client_of(world.clerk.user).get(f"/fiscalizacao/processos/{case.pk}/")
    html = page.content.decode()
    assert "17/04/2026" in html and "16/04/2026" not in html
    portal = client_of(world.holder_user).get(f"/portal/processos/{case.pk}/")
    assert "17/04/2026" in portal.content.decode()
    text = pdf_text(notice_pdf(notice, "https://outorga.test/portal/"))
    assert "17/04/2026" in text and "16/04/2026" not in text
    # A day that is no last day moves nothing.
    _no_business(world, user_of, dt.date(2026, 4, 20), CalendarDay.Kind.HOLIDAY, "Lei 2/2026")
    assert case_of(world, case.auto).deadline == dt.date(2026, 4, 17)
