"""The month arithmetic of D-1 windows is the calendar's; a legal period of months or years runs out
as the Civil Code counts it (art. 132 §3º, ADR 0074)."""

from __future__ import annotations

import calendar
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from outorga.law.windows import (
    add_months,
    age_on,
    lapsed_from,
    months_elapsed_on,
    months_ending,
    years_elapsed_on,
)


@given(st.dates(dt.date(1900, 1, 1), dt.date(2200, 12, 31)), st.integers(-600, 600))
def test_d1_add_months_ends_on_the_calendar_s_last_day_of_a_shorter_month(day, months):
    index = day.year * 12 + day.month - 1 + months
    year, month = index // 12, index % 12 + 1
    last = calendar.monthrange(year, month)[1]
    assert add_months(day, months) == dt.date(year, month, min(day.day, last))


def test_d1_add_months_on_29_february_and_31_january():
    assert add_months(dt.date(2024, 2, 29), 12) == dt.date(2025, 2, 28)
    assert add_months(dt.date(2024, 1, 31), 1) == dt.date(2024, 2, 29)
    assert add_months(dt.date(2025, 1, 31), 1) == dt.date(2025, 2, 28)
    assert add_months(dt.date(2100, 1, 31), 1) == dt.date(2100, 2, 28)  # not a leap year


@given(st.dates(dt.date(1900, 1, 1), dt.date(2150, 12, 31)), st.integers(0, 40))
def test_civil_code_art_132_par3_years_run_out_on_the_day_the_years_are_complete(start, years):
    """Civil Code art. 132 §3º (ADR 0074): the day N years from ``start`` run out is the first on
    which N full years are counted — from 29/02 into a common year, 01/03."""
    end = years_elapsed_on(start, years)
    assert age_on(start, end) == years
    assert age_on(start, end - dt.timedelta(days=1)) == years - 1
    if start.day == 29 and start.month == 2 and not calendar.isleap(start.year + years):
        assert end == dt.date(start.year + years, 3, 1)


@pytest.mark.parametrize(
    ("start", "months", "end"),
    [
        # "no imediato, se faltar exata correspondência": there is no 31/02, 30/02 or 31/04, so
        # the period runs out on the day right after the month that lacks the number — the 1st
        # of the next month, in a leap year too (not 28/02 or 29/02, nor 02/03 or 03/03).
        (dt.date(2024, 8, 31), 6, dt.date(2025, 3, 1)),
        (dt.date(2025, 1, 31), 1, dt.date(2025, 3, 1)),
        (dt.date(2024, 1, 31), 1, dt.date(2024, 3, 1)),
        (dt.date(2024, 11, 30), 3, dt.date(2025, 3, 1)),
        (dt.date(2023, 11, 30), 3, dt.date(2024, 3, 1)),
        (dt.date(2025, 3, 31), 1, dt.date(2025, 5, 1)),
        (dt.date(2024, 2, 29), 12, dt.date(2025, 3, 1)),
        # Guards: the day with the same number exists — the period runs out on it.
        (dt.date(2024, 3, 10), 6, dt.date(2024, 9, 10)),
        (dt.date(2024, 8, 28), 6, dt.date(2025, 2, 28)),
        (dt.date(2023, 8, 29), 6, dt.date(2024, 2, 29)),
        (dt.date(2025, 1, 30), 0, dt.date(2025, 1, 30)),
    ],
)
def test_civil_code_art_132_par3_months_run_out_on_the_same_number_or_the_day_after(
    start, months, end
):
    assert months_elapsed_on(start, months) == end


@given(st.dates(dt.date(1900, 1, 1), dt.date(2150, 12, 31)), st.integers(0, 480))
def test_civil_code_art_132_par3_months_same_number_else_the_first_of_the_next_month(start, months):
    """Art. 132 §3º: the day with the start's number N months later; when that month lacks it, the
    next day, the 1st of the following month. Years are the same count in 12s (one helper)."""
    index = start.year * 12 + start.month - 1 + months
    year, month = index // 12, index % 12 + 1
    end = months_elapsed_on(start, months)
    if start.day <= calendar.monthrange(year, month)[1]:
        assert end == dt.date(year, month, start.day)
    else:
        assert end == dt.date(year, month, 1) + dt.timedelta(
            days=calendar.monthrange(year, month)[1]
        )
    if months % 12 == 0:
        assert years_elapsed_on(start, months // 12) == end


@given(st.dates(dt.date(1900, 1, 1), dt.date(2150, 12, 31)))
def test_d1_twelve_month_window_stays_inside_the_twelve_months_from_its_start(end):
    """D-1 counts its 12 months back from the newest infraction with :func:`add_months` (ADR 0074
    leaves it so): the window never holds a day past the 12 months that run out from its first
    day as Civil Code art. 132 §3º counts them, and falls short of them by one day at most (the
    window ending 28/02 of a leap year starts on 01/03, as the one ending 29/02 does)."""
    start, _ = months_ending(end, 12)
    last_day_of_period = months_elapsed_on(start, 12) - dt.timedelta(days=1)
    assert end <= last_day_of_period <= end + dt.timedelta(days=1)


@pytest.mark.parametrize(
    ("last_day", "lapsed"),
    [
        (dt.date(2026, 4, 16), dt.date(2026, 4, 17)),
        (dt.date(2026, 12, 31), dt.date(2027, 1, 1)),
        (dt.date(2028, 2, 28), dt.date(2028, 2, 29)),
    ],
)
def test_d4_a_period_includes_its_last_day_and_has_run_out_from_the_next(last_day, lapsed):
    assert lapsed_from(last_day) == lapsed
