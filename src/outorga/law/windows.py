"""Counting windows (decision D-1)."""

from __future__ import annotations

import calendar as _cal
import datetime as dt
from functools import lru_cache

#: The date constructor by position: ``date.replace`` with keywords costs three times more, and
#: these run in every rule that counts years or months (issue #21).
_date = dt.date


@lru_cache(maxsize=4096)  # a pure function of two values; every escalation counts one or two
def months_ending(end: dt.date, months: int) -> tuple[dt.date, dt.date]:
    """The ``months`` months ending on ``end``, both ends included (D-1; the law's 12 unless a
    dated parameter says otherwise).

    The 12-month window ending on 10/03/2025 starts on 11/03/2024: the date twelve months before
    the end belongs to the previous window.
    """
    if months < 1:
        raise ValueError(f"janela de {months} meses: o mínimo é 1")
    return add_months(end, -months) + dt.timedelta(days=1), end


def twelve_months_ending(end: dt.date) -> tuple[dt.date, dt.date]:
    """The 12 months ending on ``end`` (D-1): :func:`months_ending` with the law's 12."""
    return months_ending(end, 12)


def in_window(day: dt.date, window: tuple[dt.date, dt.date]) -> bool:
    return window[0] <= day <= window[1]


def in_span(day: dt.date, start: dt.date | None, until: dt.date | None) -> bool:
    """Whether ``day`` falls in a dated version's span (D-15): from ``start`` through ``until``,
    both included; None leaves that end open (a version no law dates, one not yet amended)."""
    return (start is None or start <= day) and (until is None or day <= until)


def span_text(start: dt.date | None, until: dt.date | None) -> str:
    """A version's span as the messages write it: ``de 27/08/2013 a 31/12/2020``, ``de 27/08/2013
    em diante``; ``desde sempre`` without a start."""
    begin = f"de {start:%d/%m/%Y}" if start else "desde sempre"
    return begin + (f" a {until:%d/%m/%Y}" if until else " em diante")


_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _days_in(year: int, month: int) -> int:
    """``calendar.monthrange(year, month)[1]``, without the weekday it also works out."""
    if month == 2 and _cal.isleap(year):
        return 29
    return _DAYS[month]


def month_end(year: int, month: int) -> dt.date:
    """The last day of ``month``/``year``: the date a monthly fact is judged on."""
    return dt.date(year, month, _cal.monthrange(year, month)[1])


def add_months(day: dt.date, months: int) -> dt.date:
    """Calendar months; the 31st becomes the last day of a shorter month (as ``dateutil.relativedelta``
    counts them, without its cost on every rule). Not the end of a legal period of months, which
    runs out on the 1st of the next month (:func:`months_elapsed_on`, ADR 0074): it serves the D-1
    window counted back and dates that must stay inside their month (the instalments of D-12)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return _date(year, month, min(day.day, _days_in(year, month)))


def add_years(day: dt.date, years: int) -> dt.date:
    """Calendar years; 29 February becomes 28 February in a common year. Not the end of a legal
    period of years, which runs out on 01/03 (:func:`years_elapsed_on`, ADR 0074)."""
    try:
        return _date(day.year + years, day.month, day.day)
    except ValueError:
        if day.month == 2 and day.day == 29:
            return _date(day.year + years, 2, 28)
        raise


def lapsed_from(last_day: dt.date) -> dt.date:
    """The first day a period whose last day is ``last_day`` has run out: the last day is counted
    in the period (D-4, Lei 9.784/1999 art. 66), so what its lapse brings — a proposal ready for
    its decision without a defence (D-3), a case final without an appeal (D-1) — is from the day
    after."""
    return last_day + dt.timedelta(days=1)


def months_elapsed_on(start: dt.date, months: int) -> dt.date:
    """The day ``months`` months counted from ``start`` run out, as the Civil Code counts them (art.
    132, §3º: "Os prazos de meses e anos expiram no dia de igual número do de início, ou no
    imediato, se faltar exata correspondência"): the day with ``start``'s number; in a month that
    lacks it, the day right after that month's last, the 1st of the next — six months from 31/08,
    one from 31/01 or three from 30/11 run out on 01/03, in a leap year too. :func:`add_months`
    keeps the month's last day for a date that must stay inside its month. Every legal period of
    months or years is counted here (ADR 0074)."""
    end = add_months(start, months)
    return end + dt.timedelta(days=1) if end.day != start.day else end


def years_elapsed_on(start: dt.date, years: int) -> dt.date:
    """The day ``years`` years counted from ``start`` run out (Civil Code art. 132, §3º): the
    months of :func:`months_elapsed_on`, twelve a year — from 29/02 into a common year, on 01/03,
    not 28/02, the day a period begun on 28/02 runs out (:func:`add_years` keeps 28/02 for a date
    that must stay inside). Every term, validity and "N anos" of the laws is counted here (ADR
    0074); the day it returns is the first on which :func:`age_on` counts ``years`` full years
    since ``start``."""
    return months_elapsed_on(start, 12 * years)


def renewal_period(current: dt.date | None, on: dt.date, years: int) -> tuple[dt.date, dt.date]:
    """A yearly title valid until ``current`` (None: no date on record) renewed on ``on`` for
    ``years``: the (start, end) of the new period. Renewed on or before its last day, the new
    period follows the current one from that day (nothing granted is lost or given twice); renewed
    after it lapsed, it counts from the renewal, since the days in between had no title."""
    start = current if current is not None and on <= current else on
    return start, years_elapsed_on(start, years)


def age_on(birth: dt.date, on: dt.date) -> int:
    """Completed years on ``on``: one turns N on the N-th birthday (29/02 → 01/03 in common years)."""
    # The birthday compared as (month, day): a 29 February birth turns on 01/03 in a common
    # year, since (2, 28) < (2, 29) <= (3, 1) — the same as building that year's birthday.
    years = on.year - birth.year
    return years - 1 if (on.month, on.day) < (birth.month, birth.day) else years
