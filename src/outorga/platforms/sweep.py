"""Registers the platforms' steps of ``outorga sweep`` (see :mod:`outorga.core.sweep`): the
platforms' deadlines and candidates, then the periodic re-check of the drivers' documents."""

from __future__ import annotations

import datetime as dt

from outorga.core.models import Municipality
from outorga.core.sweep import Progress, SweepResult, register

from .sweeping import sweep_platform_drivers, sweep_platforms


def step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    progress.start("plataformas", 1)
    done = sweep_platforms(m, on)
    progress.advance()
    result = SweepResult(checked=done.checked)
    for line in done.lines:
        result.note(line)
    result.changes = done.changes
    return result


def drivers_step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    progress.start("motoristas das plataformas", 1)
    done = sweep_platform_drivers(m, on)
    progress.advance()
    result = SweepResult(checked=done.checked)
    for line in done.lines:
        result.note(line)
    result.changes = done.changes
    return result


register("platforms", step)
register("platform_drivers", drivers_step)
