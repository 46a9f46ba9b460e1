"""The municipal calendar and deadlines (decision D-4; Lei 9.784/1999 art. 66)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from outorga.demo import IPATINGA
from outorga.law.calendar import Calendar

D = dt.date
IPA = Calendar.for_municipality(IPATINGA)
CLOSED = Calendar("MG", {D(2026, 8, 14): "feriado de teste"}, {D(2026, 3, 3): "ponto facultativo"})


def test_d_4_day_of_notice_excluded_last_day_included():
    # Notice on Monday 02/03/2026 + 10 days = Thursday 12/03/2026, a business day.
    assert IPA.deadline(D(2026, 3, 2), 10) == D(2026, 3, 12)


def test_d_4_a_deadline_on_saturday_moves_to_monday():
    assert IPA.deadline(D(2026, 3, 4), 10) == D(2026, 3, 16)  # 14/03 is a Saturday


def test_d_4_national_holiday_moves_the_deadline():
    # 07/09/2026 (Independência) is a Monday: the deadline moves to Tuesday 08/09.
    assert IPA.deadline(D(2026, 8, 28), 10) == D(2026, 9, 8)


def test_d_4_state_holiday_of_minas_gerais_moves_the_deadline():
    # 21/04 is Tiradentes (national) and also MG's Data Magna; 2027-04-21 is a Wednesday.
    assert IPA.why_closed(D(2027, 4, 21)) is not None
    assert IPA.deadline(D(2027, 4, 11), 10) == D(2027, 4, 22)


def test_d_4_ipatinga_municipal_holiday_15_august_moves_the_deadline():
    # 15/08/2025 is a Friday, a holiday only in Ipatinga: → Monday 18/08/2025.
    assert IPA.deadline(D(2025, 8, 5), 10) == D(2025, 8, 18)
    other = Calendar("MG")
    assert other.deadline(D(2025, 8, 5), 10) == D(2025, 8, 15)


def test_d_4_a_declared_closed_day_moves_the_deadline():
    assert CLOSED.deadline(D(2026, 2, 21), 10) == D(2026, 3, 4)


def test_business_days_count_only_business_days():
    # Friday 13/11/2026 + 5 business days: 16, 17, 18, 19 (20/11 Consciência Negra), 23.
    assert Calendar("MT").add_business_days(D(2026, 11, 13), 5) == D(2026, 11, 23)


def test_last_business_day_of_a_month():
    assert IPA.last_business_day(2026, 5) == D(2026, 5, 29)  # 30–31 are a weekend
    assert IPA.last_business_day(2026, 4) == D(2026, 4, 30)


@given(st.dates(D(2014, 1, 1), D(2035, 12, 31)), st.integers(0, 60))
def test_property_a_deadline_is_a_business_day_not_before_the_plain_count(notice, days):
    last = IPA.deadline(notice, days)
    assert IPA.is_business_day(last)
    assert last >= notice + dt.timedelta(days=days)
    # and it is the first business day from the plain count on
    d = notice + dt.timedelta(days=days)
    while d < last:
        assert not IPA.is_business_day(d)
        d += dt.timedelta(days=1)


@given(st.dates(D(2014, 1, 1), D(2035, 12, 31)), st.integers(1, 30))
def test_property_n_business_days_lands_on_a_business_day(start, n):
    end = IPA.add_business_days(start, n)
    assert IPA.is_business_day(end)
    count = sum(
        IPA.is_business_day(start + dt.timedelta(days=i)) for i in range(1, (end - start).days + 1)
    )
    assert count == n
