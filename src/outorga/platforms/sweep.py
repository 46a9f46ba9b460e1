"""The platforms' step of the daily sweep (``outorga sweep``): the work is in ``sweeping`` (also
run alone by ``outorga platforms_sweep``); this module only registers it."""

from __future__ import annotations

import datetime as dt

from outorga.core.models import Municipality
from outorga.core.sweep import Progress, SweepResult, register

from .sweeping import sweep_platforms


def run(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    progress.start("plataformas", 1)
    found = sweep_platforms(m, on)
    progress.advance()
    return SweepResult(checked=found.checked, changes=found.changes, lines=list(found.lines))


register("platforms", run)
