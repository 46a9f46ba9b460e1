"""The daily sweep: steps that apply what the calendar decides, run for every municipality.

Each app that has calendar work keeps a ``<app>/sweep.py`` that calls :func:`register` at import
time; :func:`autodiscover` imports them in ``INSTALLED_APPS`` order (the registry first, so the
other areas see the permits as the registry left them). A step receives one municipality (already
the current tenant), the reference date and a :class:`Progress`, and must be idempotent: running it
twice for the same date changes nothing the second time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import autodiscover_modules

from .models import Municipality
from .tenancy import tenant, unscoped


class Progress(Protocol):
    """What a step reports while it works (the command draws a progress bar with it)."""

    def start(self, label: str, total: int) -> None: ...

    def advance(self, n: int = 1) -> None: ...


class NoProgress:
    def start(self, label: str, total: int) -> None:
        pass

    def advance(self, n: int = 1) -> None:
        pass


@dataclass
class SweepResult:
    """What a step did in one municipality: ``changes`` counts rows created or changed (zero on a
    second run of the same date), ``lines`` are Portuguese sentences for the summary."""

    checked: int = 0
    changes: int = 0
    lines: list[str] = field(default_factory=list)

    def note(self, line: str, changes: int = 0) -> None:
        self.lines.append(line)
        self.changes += changes


Step = Callable[[Municipality, dt.date, Progress], SweepResult]

_STEPS: dict[str, Step] = {}


def register(name: str, fn: Step) -> Step:
    """Add a step; registering the same name again replaces it (module reloads in tests)."""
    _STEPS[name] = fn
    return fn


#: Steps that run before the others, in this order: the registry leaves permits as the calendar
#: says (irregular, vehicles to replace) before enforcement and inspections look at them.
FIRST = ("registry",)


def steps() -> dict[str, Step]:
    autodiscover()
    first = {name: _STEPS[name] for name in FIRST if name in _STEPS}
    ordered = first | {k: v for k, v in _STEPS.items() if k not in first}
    if settings.OUTORGA_CHECKPOINT_DIR:
        # Last: the checkpoint anchors the head the other steps' acts left.
        ordered["checkpoint"] = checkpoint_step
    return ordered


def checkpoint_step(m: Municipality, on: dt.date, progress: Progress) -> SweepResult:
    """Sign the acts log's head and write it to ``OUTORGA_CHECKPOINT_DIR`` (core.checkpoints),
    unless the last checkpoint already anchors that head."""
    from .acts import Actor
    from .checkpoints import CheckpointRefused, checkpoint_create, checkpoint_write, file_name
    from .models import ActChain, ActCheckpoint

    result = SweepResult(checked=1)
    progress.start("ponto de controle", 1)
    with unscoped():
        head = ActChain.objects.filter(municipality=m).values_list("last_seq", flat=True).first()
        last = (
            ActCheckpoint.objects.filter(municipality=m)
            .order_by("-last_seq", "-id")
            .values_list("last_seq", flat=True)
            .first()
        )
    if last is not None and last == (head or 0):
        result.note(f"ponto de controle já ancora o ato {last}")
    else:
        try:
            point = checkpoint_create(municipality=m, actor=Actor.system("varredura"))
        except CheckpointRefused as exc:
            result.note(f"ponto de controle NÃO emitido: {exc}")
        else:
            path = checkpoint_write(point, Path(settings.OUTORGA_CHECKPOINT_DIR) / file_name(point))
            result.note(f"ponto de controle até o ato {point.last_seq} gravado em {path}", 1)
    progress.advance()
    return result


_discovered = False


def autodiscover() -> None:
    global _discovered
    if not _discovered:
        autodiscover_modules("sweep")
        _discovered = True


@dataclass(frozen=True)
class StepRun:
    municipality: Municipality
    step: str
    result: SweepResult


def municipalities(slug: str | None = None) -> list[Municipality]:
    with unscoped():
        qs = Municipality.objects.order_by("name")
        if slug:
            qs = qs.filter(slug=slug)
        return list(qs)


def run(
    on: dt.date,
    municipality: Municipality | None = None,
    *,
    progress: Callable[[Municipality, str], Progress] | None = None,
    only: list[str] | None = None,
) -> Iterator[StepRun]:
    """Run every registered step (or ``only`` those) for each municipality, one after the other.

    Yields as each step ends, so the caller can print while the sweep goes on."""
    chosen = {k: v for k, v in steps().items() if only is None or k in only}
    targets = [municipality] if municipality is not None else municipalities()
    for m in targets:
        for name, fn in chosen.items():
            bar = progress(m, name) if progress is not None else NoProgress()
            with tenant(m):
                result = fn(m, on, bar)
            yield StepRun(m, name, result)


def summary_lines(r: StepRun) -> list[str]:
    """A step's summary as the command prints it."""
    return [f"{r.municipality.slug} · {r.step}:"] + [
        f"  - {line}" for line in r.result.lines or ["nada a fazer"]
    ]
