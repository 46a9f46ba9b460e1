"""Peak of simultaneously active drivers from a platform's session data (art. 3 §2, decision D-9 b).

Pure function, no dates of the law: the rulebook compares its result with the cap.

Conventions:

* an interval is half-open, ``[start, end)``: a driver whose session ends at the instant another
  starts is not counted twice at that instant (touching intervals do NOT overlap);
* a driver counts once however many of their sessions overlap (each driver's overlapping intervals
  are merged first);
* an empty interval (``start == end``) is ignored; ``end < start`` is an error;
* the instant reported is the earliest one at which the peak is reached (``None`` with no interval).

Cost: O(n log n) for n intervals (two sorts and a linear sweep).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Peak:
    count: int
    at: dt.datetime | None


def merge_intervals(
    spans: Iterable[tuple[dt.datetime, dt.datetime]],
) -> list[tuple[dt.datetime, dt.datetime]]:
    """One driver's intervals merged where they overlap (touching ones stay apart), sorted."""
    merged: list[tuple[dt.datetime, dt.datetime]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            last_start, last_end = merged[-1]
            merged[-1] = (last_start, max(last_end, end))
        else:
            merged.append((start, end))
    return merged


def peak_concurrent_drivers(
    intervals: Iterable[tuple[Hashable, dt.datetime, dt.datetime]],
) -> Peak:
    """Maximum number of distinct drivers active at the same instant, and the first such instant."""
    by_driver: dict[Hashable, list[tuple[dt.datetime, dt.datetime]]] = defaultdict(list)
    for driver, start, end in intervals:
        if end < start:
            raise ValueError(f"intervalo invertido para {driver!r}: {start} > {end}")
        if end > start:
            by_driver[driver].append((start, end))

    # (instant, delta): ends (-1) sort before starts (+1) at the same instant, so touching
    # intervals are never counted together.
    events: list[tuple[dt.datetime, int]] = []
    for spans in by_driver.values():
        for start, end in merge_intervals(spans):
            events.append((start, 1))
            events.append((end, -1))
    events.sort()

    active = best = 0
    at: dt.datetime | None = None
    for instant, delta in events:
        active += delta
        if active > best:
            best, at = active, instant
    return Peak(best, at)
