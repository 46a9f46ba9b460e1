"""Registers the platforms' step of ``outorga sweep`` (see :mod:`outorga.core.sweep`)."""

from __future__ import annotations

import datetime as dt

from outorga.core.models import Municipality
from outorga.core.sweep import Progress, SweepResult, register

from .sweeping import sweep_platforms


def step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    progress.start("plataformas", 1)
    done = sweep_platforms(m, on)
    progress.advance()
    result = SweepResult(checked=done.checked)
    for line in done.lines:
        result.note(line)
    result.changes = done.changes
    return result


register("platforms", step)
