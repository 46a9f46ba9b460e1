"""A month of trips from several files: each trips file covers a window of the month (the trips
that end in it) or the whole month, and the month adds up its *current* files — those no later
file's window contains. Re-sending a window replaces only that window; a whole-month file
replaces every file before it; a window that overlaps a current one only in part is refused when
it is sent (:func:`window_conflict`), so current windows never overlap and no trip counts twice.

"Later" is the order the files were received (their ids), not the order the worker finished
them, so the month's totals do not depend on which file the worker happened to take first."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Sum

from outorga.platforms.models import Platform

from .models import DriverMonth, TripUpload

Span = tuple[float, float]


def span_of(u: TripUpload) -> Span:
    """The upload's window as epoch seconds; the whole month has no bounds."""
    if u.window_start is None or u.window_end is None:
        return (-math.inf, math.inf)
    return (u.window_start.timestamp(), u.window_end.timestamp())


def span(start: dt.datetime | None, end: dt.datetime | None) -> Span:
    if start is None or end is None:
        return (-math.inf, math.inf)
    return (start.timestamp(), end.timestamp())


def _contains(a: Span, b: Span) -> bool:
    return a[0] <= b[0] and b[1] <= a[1]


def _overlaps(a: Span, b: Span) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def current_of(uploads: Iterable[TripUpload]) -> list[TripUpload]:
    """Of a month's trips files, those whose window no later file's window contains, in the
    order they were received."""
    ordered = sorted(uploads, key=lambda u: u.pk)
    return [
        u
        for i, u in enumerate(ordered)
        if not any(_contains(span_of(v), span_of(u)) for v in ordered[i + 1 :])
    ]


def _month_files(platform: Platform, first_day: dt.date) -> Iterable[TripUpload]:
    return TripUpload.objects.filter(
        platform=platform, month=first_day, kind=TripUpload.Kind.TRIPS
    ).order_by("pk")


def current_trip_uploads(platform: Platform, first_day: dt.date) -> list[TripUpload]:
    """The processed trips files the month adds up."""
    return current_of(
        u for u in _month_files(platform, first_day) if u.status == TripUpload.Status.DONE
    )


def window_conflict(
    platform: Platform, first_day: dt.date, start: dt.datetime | None, end: dt.datetime | None
) -> TripUpload | None:
    """The current file (received, waiting or processed) a new file's window overlaps without
    containing it, if any: accepting both would count the trips of the overlap twice, and
    replacing it would lose the trips outside the new window."""
    new = span(start, end)
    live = [u for u in _month_files(platform, first_day) if u.status != TripUpload.Status.FAILED]
    for u in current_of(live):
        if _overlaps(new, span_of(u)) and not _contains(new, span_of(u)):
            return u
    return None


@dataclass(frozen=True)
class MonthDriver:
    """One driver's totals over the month's current files."""

    driver_cpf: str
    on_roster: bool
    trips: int
    gross_cents: int
    retention_cents: int
    distance_m: int
    duration_s: int


def month_drivers(uploads: Sequence[TripUpload]) -> list[MonthDriver]:
    """Per-driver totals over ``uploads`` (the month's current files), by CPF."""
    rows = (
        DriverMonth.objects.filter(upload__in=[u.pk for u in uploads])
        .values("driver_cpf")
        .annotate(
            t=Sum("trips"),
            g=Sum("gross_cents"),
            r=Sum("retention_cents"),
            d=Sum("distance_m"),
            s=Sum("duration_s"),
        )
        .order_by("driver_cpf")
    )
    on_roster = set(
        DriverMonth.objects.filter(upload__in=[u.pk for u in uploads], on_roster=True).values_list(
            "driver_cpf", flat=True
        )
    )
    return [
        MonthDriver(
            r["driver_cpf"],
            r["driver_cpf"] in on_roster,
            int(r["t"] or 0),
            int(r["g"] or 0),
            int(r["r"] or 0),
            int(r["d"] or 0),
            int(r["s"] or 0),
        )
        for r in rows
    ]
