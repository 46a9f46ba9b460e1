"""The municipal calendar: business days and deadlines (decision D-4).

National and state holidays come from the ``holidays`` package; the municipality adds its own
holidays and the days its office was declared closed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import holidays as _holidays

from .citations import Citation, cite, decision
from .windows import month_end

if TYPE_CHECKING:
    from .context import MunicipalityFacts

#: Where the counting rule comes from: D-4, modelled on Lei 9.784/1999 art. 66.
DEADLINE_CITATIONS: tuple[Citation, ...] = (
    decision(4),
    cite("federal.9784-1999", 66, 1),
    cite("federal.9784-1999", 66, 2),
)


@lru_cache(maxsize=64)
def _state_holidays(uf: str, year: int) -> dict[dt.date, str]:
    return dict(_holidays.country_holidays("BR", subdiv=uf or None, years=year, language="pt_BR"))


@dataclass(frozen=True)
class Calendar:
    uf: str
    municipal_holidays: Mapping[dt.date, str] = field(default_factory=dict)
    closed_days: Mapping[dt.date, str] = field(default_factory=dict)
    # The deadlines already counted, by (notice, days): a batch counts the same few many times.
    _deadlines: dict[tuple[dt.date, int], dt.date] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    @classmethod
    def for_municipality(cls, m: MunicipalityFacts) -> Calendar:
        return cls(m.uf, dict(m.holidays), dict(m.closed_days))

    def why_closed(self, day: dt.date) -> str | None:
        """Why ``day`` is not a business day, or None when it is one."""
        if day.weekday() == 5:
            return "sábado"
        if day.weekday() == 6:
            return "domingo"
        name = _state_holidays(self.uf, day.year).get(day)
        if name:
            return f"feriado: {name}"
        if day in self.municipal_holidays:
            return f"feriado municipal: {self.municipal_holidays[day]}"
        if day in self.closed_days:
            return f"expediente suspenso: {self.closed_days[day]}"
        return None

    def is_business_day(self, day: dt.date) -> bool:
        return self.why_closed(day) is None

    def next_business_day(self, day: dt.date) -> dt.date:
        """``day`` itself when it is a business day, else the first one after it."""
        while not self.is_business_day(day):
            day += dt.timedelta(days=1)
        return day

    def deadline(self, notice: dt.date, days: int) -> dt.date:
        """Last day to act on a notice given on ``notice`` with ``days`` calendar days (D-4).

        The day of notice is excluded and the last day included; a last day that is not a business
        day moves to the next business day (Lei 9.784/1999 art. 66 §1).
        """
        if days < 0:
            raise ValueError("prazo negativo")
        key = (notice, days)
        found = self._deadlines.get(key)
        if found is None:
            if len(self._deadlines) >= 4096:
                self._deadlines.clear()
            found = self._deadlines[key] = self.next_business_day(notice + dt.timedelta(days=days))
        return found

    def add_business_days(self, start: dt.date, days: int) -> dt.date:
        """The ``days``-th business day after ``start`` (for "N dias úteis", e.g. apps art. 15)."""
        if days < 0:
            raise ValueError("prazo negativo")
        day = start
        counted = 0
        while counted < days:
            day += dt.timedelta(days=1)
            if self.is_business_day(day):
                counted += 1
        return day

    def last_business_day(self, year: int, month: int) -> dt.date:
        day = month_end(year, month)
        while not self.is_business_day(day):
            day -= dt.timedelta(days=1)
        return day
