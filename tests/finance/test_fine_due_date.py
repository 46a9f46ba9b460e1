"""When a fine is due: no law fixes the payment term (mototaxi art. 31 II, taxi art. 41 §2, apps
art. 26 II name the fine only), so it is the municipality's dated parameter
``payment.fine_due_days`` (shipped as an example value); a due date that is not a business day
moves to the next one (decision D-4)."""

from __future__ import annotations

import datetime as dt

from outorga.core.lawctx import context
from outorga.core.models import CalendarDay, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.finance import services
from outorga.law.common import payment


def due(m, imposed_on):
    return services.fine_due_on(municipality=m, imposed_on=imposed_on)


def test_the_term_is_a_dated_example_parameter_counted_in_calendar_days(ipatinga_m):
    on, d = due(ipatinga_m, dt.date(2026, 9, 20))
    assert on == dt.date(2026, 10, 20)  # a Tuesday: 30 days, the example term
    trace = d.to_json()
    [param] = trace["reasons"][0]["parameters"]
    assert param["name"] == "payment.fine_due_days" and param["value"] == 30
    assert param["example"] is True  # no law fixes it: the municipality must
    assert "decisão D-4" in trace["citations"]


def test_d_4_a_due_date_on_a_saturday_moves_to_monday(ipatinga_m):
    on, d = due(ipatinga_m, dt.date(2026, 3, 5))  # + 30 days = Saturday 04/04/2026
    assert on == dt.date(2026, 4, 6)
    assert d.outcome["due_on"] == on
    assert "04/04/2026 não é dia útil (sábado)" in d.reasons[0].message


def test_d_4_a_due_date_on_a_national_holiday_moves_to_the_next_business_day(ipatinga_m):
    on, d = due(ipatinga_m, dt.date(2026, 3, 22))  # + 30 days = Tiradentes, 21/04/2026
    assert on == dt.date(2026, 4, 22)
    assert "Tiradentes" in d.reasons[0].message


def test_d_4_a_municipal_holiday_moves_it_too(ipatinga_m):
    with tenant(ipatinga_m):
        CalendarDay.objects.create(
            date=dt.date(2026, 10, 20), kind=CalendarDay.Kind.HOLIDAY, description="feriado local"
        )
    assert due(ipatinga_m, dt.date(2026, 9, 20))[0] == dt.date(2026, 10, 21)


def test_d_15_the_municipalitys_term_applies_to_fines_imposed_from_its_date(ipatinga_m):
    with tenant(ipatinga_m):
        ParameterOverride.objects.create(
            name=payment.FINE_DUE_DAYS,
            effective=dt.date(2026, 7, 1),
            value=15,
            legal_reference="Decreto 1.234/2026, art. 2º",
        )
    assert due(ipatinga_m, dt.date(2026, 6, 30))[0] == dt.date(2026, 7, 30)  # the old term
    on, d = due(ipatinga_m, dt.date(2026, 7, 1))
    assert on == dt.date(2026, 7, 16)
    [param] = d.to_json()["reasons"][0]["parameters"]
    assert param["source"] == "municipality" and param["example"] is False


def test_the_calendar_reading_is_the_law_cores(ipatinga_m):
    cal = context(ipatinga_m, dt.date(2026, 4, 1)).calendar
    assert payment.last_day_to_pay(cal, dt.date(2026, 4, 3)) == dt.date(2026, 4, 6)
    assert not payment.is_overdue(cal, dt.date(2026, 4, 3), dt.date(2026, 4, 6))
    assert payment.is_overdue(cal, dt.date(2026, 4, 3), dt.date(2026, 4, 7))


def test_a_mototaxi_fine_made_final_is_due_on_the_next_business_day(ipatinga_m, user_of):
    """Enforcement charges the fine when the penalty becomes final (D-1) with the same term and
    calendar: final on Friday 06/03/2026, 30 days fall on Sunday 05/04, so Monday 06/04."""
    from enforcement_factories import case_of, issue, make_world, pending_notice

    from outorga.enforcement.models import Case, Penalty
    from outorga.enforcement.services.finality import sweep
    from outorga.enforcement.services.notices import notice_deliver

    world = make_world(ipatinga_m, user_of)
    auto = issue(world, code="art38-II", on=dt.date(2026, 2, 2))  # signed: notified that day
    sweep(ipatinga_m, dt.date(2026, 2, 13))  # no defence by 12/02: revelia (art. 42 §3)
    notice_deliver(
        actor=world.clerk,
        municipality=ipatinga_m,
        notice=pending_notice(world, case_of(world, auto)),
        form="pessoal",
        on=dt.date(2026, 2, 23),
    )
    assert case_of(world, auto).deadline == dt.date(2026, 3, 5)  # art. 43: 10 days
    sweep(ipatinga_m, dt.date(2026, 3, 6))
    case = case_of(world, auto)
    assert case.stage == Case.Stage.FINAL and case.final_on == dt.date(2026, 3, 6)
    with tenant(ipatinga_m):
        fine = Penalty.objects.select_related("debt").get(case=case, kind=Penalty.Kind.FINE).debt
    assert fine is not None and fine.due_on == dt.date(2026, 4, 6)
    assert "decisão D-4" in fine.basis["citations"]
    assert any(x["question"] == "payment.fine_due_date" for x in fine.basis["decisions"])
