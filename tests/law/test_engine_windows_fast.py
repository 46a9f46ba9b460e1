"""The month arithmetic rules count with (D-1 windows, art. 5 §1 III inspections) is the calendar's."""

from __future__ import annotations

import calendar
import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from outorga.law.windows import add_months, age_on, years_elapsed_on


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
