"""Registers the platforms' steps of ``outorga sweep`` (see :mod:`outorga.core.sweep`): the
platforms' deadlines and candidates, then the periodic re-check of the drivers' documents."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from outorga.core.models import Municipality
from outorga.core.sweep import Progress, SweepResult, register

from .sweeping import PlatformsSweep, sweep_platform_drivers, sweep_platforms


def _run(
    label: str,
    sweep: Callable[[Municipality, dt.date], PlatformsSweep],
    m: Municipality,
    on: dt.date,
    progress: Progress,
) -> SweepResult:
    """``sweep`` of ``m`` on ``on``, reported as the daily sweep reports a step."""
    progress.start(label, 1)
    done = sweep(m, on)
    progress.advance()
    result = SweepResult(checked=done.checked)
    for line in done.lines:
        result.note(line)
    result.changes = done.changes
    return result


def step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    return _run("plataformas", sweep_platforms, m, on, progress)


def drivers_step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    return _run("motoristas das plataformas", sweep_platform_drivers, m, on, progress)


register("platforms", step)
register("platform_drivers", drivers_step)
