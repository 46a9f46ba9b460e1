"""The daily sweep: steps that apply what the calendar decides, run for every municipality.

Each app that has calendar work keeps a ``<app>/sweep.py`` that calls :func:`register` at import
time; :func:`autodiscover` imports them in ``INSTALLED_APPS`` order (the registry first, so the
other areas see the permits as the registry left them). A step receives one municipality (already
the current tenant), the reference date and a :class:`Progress`, and must be idempotent: running it
twice for the same date changes nothing the second time.

A heavy step may also register a :class:`Sharding`: its work cut into shards by ranges of a key
(the registry's and the inspections': the permit's holder), each a task of its own on the
``outorga db_worker`` processes (:func:`enqueue_run`, ADR 0049). The steps still run one after the
other, in the order above — each stage waits for the one before it —, the shards of one step at
once.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.module_loading import autodiscover_modules
from tqdm import tqdm

from .localtime import today_of, zone_of
from .locking import lock_municipality
from .models import Municipality, SweepPart
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


class BarProgress:
    """A tqdm bar per phase (each ``start``) on ``stream`` when ``enabled`` (a terminal), the
    phase's label after ``prefix``; ``options`` go to tqdm. The sweep's and the import's
    commands draw their progress with it (the summary goes to stdout, the bar to stderr)."""

    def __init__(self, stream: Any, enabled: bool, prefix: str = "", **options: Any) -> None:
        self.stream, self.enabled, self.prefix, self.options = stream, enabled, prefix, options
        self.bar: Any = None

    def start(self, label: str, total: int) -> None:
        self.close()
        if self.enabled:
            self.bar = tqdm(
                total=total, desc=f"{self.prefix}{label}", file=self.stream, **self.options
            )

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


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

    def listed(self, head: str, items: list[str], changes: int = 0, where: str = "") -> None:
        """One line for many records: ``head`` with their count, the first :data:`EXAMPLES` of
        ``items`` and how many more (``where`` names the screen that lists them all): a city's
        summary is read by a person, not a line per permit."""
        if not items:
            return
        shown = "; ".join(items[:EXAMPLES])
        more = len(items) - EXAMPLES
        rest = f"; e mais {more}" + (f" ({where})" if where else "") if more > 0 else ""
        self.note(f"{len(items)} {head}: {shown}{rest}", changes)


#: Records named in one summary line (:meth:`SweepResult.listed`); the rest are counted.
EXAMPLES = 10


Step = Callable[[Municipality, dt.date, Progress], SweepResult]


@dataclass(frozen=True)
class Shard:
    """One part of a step cut over the workers: the records whose key is in [``lo``, ``hi``)
    (``None``: unbounded on that side). The shards of a step cover every key once."""

    index: int
    count: int
    lo: int | None = None
    hi: int | None = None

    def q(self, field: str) -> Q:
        """The records of this shard, ``field`` naming the key (``"holder_id"``)."""
        q = Q()
        if self.lo is not None:
            q &= Q(**{f"{field}__gte": self.lo})
        if self.hi is not None:
            q &= Q(**{f"{field}__lt": self.hi})
        return q

    @property
    def label(self) -> str:
        return f"parte {self.index + 1}/{self.count}"


@dataclass(frozen=True)
class Sharding:
    """How a step runs cut in shards: ``keys`` gives the sorted distinct keys to cut (the step's
    records' key, e.g. the holders of the active permits); ``part`` does one shard's work; ``tail``
    what the step does once for the whole municipality after every shard (if anything). The
    step's own function, run whole, must do the same as every ``part`` and then ``tail``."""

    keys: Callable[[Municipality, dt.date], list[int]]
    part: Callable[[Municipality, dt.date, Progress, Shard], SweepResult]
    tail: Step | None = None


_STEPS: dict[str, Step] = {}
_SHARDINGS: dict[str, Sharding] = {}


def register(name: str, fn: Step, *, sharding: Sharding | None = None) -> Step:
    """Add a step; registering the same name again replaces it (module reloads in tests).
    ``sharding``: how the step is cut over the workers (:func:`enqueue_run`)."""
    _STEPS[name] = fn
    if sharding is not None:
        _SHARDINGS[name] = sharding
    else:
        _SHARDINGS.pop(name, None)
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


@functools.cache
def autodiscover() -> None:
    """Import every app's ``sweep`` module, once: each registers its steps."""
    autodiscover_modules("sweep")


@dataclass(frozen=True)
class StepRun:
    municipality: Municipality
    step: str
    result: SweepResult
    on: dt.date | None = None  # the date swept (the municipality's day when none was given)


def municipalities(slug: str | None = None) -> list[Municipality]:
    with unscoped():
        qs = Municipality.objects.order_by("name")
        if slug:
            qs = qs.filter(slug=slug)
        return list(qs)


def day_of(m: Municipality, on: dt.date | None) -> dt.date:
    """The date ``m`` is swept on: ``on`` when given, else the municipality's own day (D-4: a
    deadline ends at the end of its last day on the municipal calendar, and Brazil has four time
    zones — at 00:30 in Brasília it is still the day before in Mato Grosso)."""
    return on if on is not None else today_of(m)


def run(
    on: dt.date | None,
    municipality: Municipality | None = None,
    *,
    progress: Callable[[Municipality, str], Progress] | None = None,
    only: list[str] | None = None,
) -> Iterator[StepRun]:
    """Run every registered step (or ``only`` those) for each municipality, one after the other,
    on ``on`` or, when it is None, on each municipality's own day (:func:`day_of`); the steps run
    on the municipality's clock (what their ``timezone.localdate()`` reads).

    Yields as each step ends, so the caller can print while the sweep goes on."""
    chosen = {k: v for k, v in steps().items() if only is None or k in only}
    targets = [municipality] if municipality is not None else municipalities()
    for m in targets:
        day = day_of(m, on)
        for name, fn in chosen.items():
            bar = progress(m, name) if progress is not None else NoProgress()
            with tenant(m), timezone.override(zone_of(m)):
                result = fn(m, day, bar)
            yield StepRun(m, name, result, day)


def summary_lines(r: StepRun) -> list[str]:
    """A step's summary as the command prints it."""
    return [f"{r.municipality.slug} · {r.step}:"] + [
        f"  - {line}" for line in r.result.lines or ["nada a fazer"]
    ]


# The sweep over the task workers ---------------------------------------------------------------


def cut(keys: list[int], count: int) -> list[Shard]:
    """``count`` shards (fewer if there are fewer keys) of about as many of the sorted distinct
    ``keys`` each; the first and the last are open, so a record added since is still in one."""
    n = len(keys)
    bounds = sorted({keys[n * i // count] for i in range(1, count)} if n else set())
    edges: list[int | None] = [None, *bounds, None]
    return [Shard(i, len(edges) - 1, edges[i], edges[i + 1]) for i in range(len(edges) - 1)]


def enqueue_run(
    m: Municipality, on: dt.date, *, shards: int, only: list[str] | None = None
) -> tuple[str, list[SweepPart]]:
    """Plan ``m``'s sweep of ``on`` as parts (``SweepPart``): each step a stage, in the order of
    :func:`steps`; a step with a :class:`Sharding` cut into ``shards`` parts by its keys, its tail
    a stage of its own after them. The first stage is queued; each later one is queued by the
    part that ends the stage before it (:func:`part_run`). Returns the run's id and its parts."""
    import uuid

    run_id = uuid.uuid4().hex
    chosen = [k for k in steps() if only is None or k in only]
    parts: list[SweepPart] = []
    stage = 0
    with transaction.atomic(), tenant(m):
        lock_municipality(m)
        busy = running_run(m)
        if busy is not None:
            # Two runs of one municipality would put one's stage beside the other's (ADR 0049).
            raise SweepBusy(
                f"{m.slug}: já há uma varredura em andamento nos trabalhadores (execução "
                f"{busy}); acompanhe com --report"
            )
        for name in chosen:
            sharding = _SHARDINGS.get(name)
            if sharding is None or shards < 2:
                parts.append(_part(m, run_id, on, stage, name, SweepPart.Kind.WHOLE))
                stage += 1
                continue
            for shard in cut(sharding.keys(m, on), shards):
                parts.append(_part(m, run_id, on, stage, name, SweepPart.Kind.SHARD, shard=shard))
            stage += 1
            if sharding.tail is not None:
                parts.append(_part(m, run_id, on, stage, name, SweepPart.Kind.TAIL))
                stage += 1
        SweepPart.objects.bulk_create(parts)
        _queue([p for p in parts if p.stage == 0])
    return run_id, parts


class SweepBusy(Exception):
    """Another run of the municipality still has a part queued or running on a worker."""


def running_run(m: Municipality) -> str | None:
    """The run of ``m`` with a part still queued or running under a live task, if any. A part
    whose task ended without ending it (its worker gone for good, the task failed by the lease's
    last try) is marked failed here, "interrompida": a new run redoes its work, every step being
    idempotent."""
    from .tasklease import alive

    open_parts = SweepPart.objects.filter(
        status__in=[SweepPart.Status.QUEUED, SweepPart.Status.RUNNING]
    ).order_by("pk")
    for p in open_parts:
        if alive(p.task_id):
            return p.run
        SweepPart.objects.filter(pk=p.pk, status=p.status).update(
            status=SweepPart.Status.FAILED,
            lines=["interrompida: a tarefa terminou sem concluir a parte"],
            finished_at=timezone.now(),
        )
    return None


def _part(
    m: Municipality,
    run_id: str,
    on: dt.date,
    stage: int,
    step: str,
    kind: str,
    shard: Shard | None = None,
) -> SweepPart:
    return SweepPart(
        municipality=m,
        run=run_id,
        on=on,
        stage=stage,
        step=step,
        kind=kind,
        index=shard.index if shard else 0,
        count=shard.count if shard else 1,
        lo=shard.lo if shard else None,
        hi=shard.hi if shard else None,
    )


def _queue(parts: list[SweepPart]) -> None:
    """Queue a task per part, in the caller's transaction (the database backend's task is a row:
    it is queued if and only if the transaction commits)."""
    from .tasks import sweep_part

    for p in parts:
        # Marked queued before the task exists: a backend that runs it at once finds it so.
        p.status = SweepPart.Status.QUEUED
        SweepPart.objects.filter(pk=p.pk).update(status=p.status)
        p.task_id = str(sweep_part.enqueue(p.pk).id)
        SweepPart.objects.filter(pk=p.pk).update(task_id=p.task_id)


class PartProgress:
    """A part's progress, kept on its row about every twentieth of a phase (read by
    ``outorga sweep --report``)."""

    def __init__(self, part_id: int) -> None:
        self.part_id, self.done, self.total, self.written = part_id, 0, 0, 0

    def start(self, label: str, total: int) -> None:
        self.done, self.total, self.written = 0, total, 0
        SweepPart.objects.filter(pk=self.part_id).update(
            progress_label=label[:60], progress_done=0, progress_total=total
        )

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.done == self.total or (self.done - self.written) * 20 >= max(self.total, 1):
            self.written = self.done
            SweepPart.objects.filter(pk=self.part_id).update(progress_done=self.done)


def part_run(part_id: int) -> str:
    """Run one part (``core.tasks.sweep_part``) and, if it ends its stage, queue the next stage.

    Idempotent: a part taken again after its worker died runs its step again, which changes
    nothing already changed; a part already done is not run again. The stage's rows are locked
    together when a part ends, so the next stage is queued once, by whichever part ends last."""
    with unscoped():
        part = SweepPart.objects.select_related("municipality").filter(pk=part_id).first()
    if part is None:
        return f"parte da varredura desconhecida: {part_id}"
    m = part.municipality
    with tenant(m):
        # Claimed under the row's lock: this attempt's number. A task may run twice at once (a
        # stalled worker back while its lease's retry runs, ADR 0016): only the newest attempt
        # records its end, so an older one neither undoes a DONE nor ends the stage while the
        # newer still runs the same part.
        with transaction.atomic():
            row = SweepPart.objects.select_for_update().get(pk=part.pk)
            if row.status == SweepPart.Status.DONE:
                return "\n".join(_part_lines(row))
            row.status, row.attempts = SweepPart.Status.RUNNING, row.attempts + 1
            row.started_at = row.started_at or timezone.now()
            row.save(update_fields=["status", "attempts", "started_at"])
            attempt = row.attempts
        try:
            with timezone.override(zone_of(m)):  # the steps read the municipality's clock
                result = _part_result(m, part)
        except Exception as exc:
            SweepPart.objects.filter(pk=part.pk, attempts=attempt).exclude(
                status=SweepPart.Status.DONE
            ).update(
                status=SweepPart.Status.FAILED,
                lines=[f"falhou: {type(exc).__name__}: {exc}"[:500]],
                finished_at=timezone.now(),
            )
            raise
        with transaction.atomic():
            run_parts = list(
                SweepPart.objects.select_for_update().filter(run=part.run).order_by("pk")
            )
            me = next(p for p in run_parts if p.pk == part.pk)
            if me.status != SweepPart.Status.DONE and me.attempts != attempt:
                return "\n".join(_part_lines(me))  # a newer attempt runs it and will end it
            if me.status != SweepPart.Status.DONE:
                me.status, me.finished_at = SweepPart.Status.DONE, timezone.now()
                me.checked, me.changes, me.lines = result.checked, result.changes, result.lines
                if attempt > 1:
                    # What an interrupted attempt committed is not done again, so not counted.
                    me.lines = [
                        f"tentativa {attempt}: as alterações gravadas antes da interrupção da "
                        "tentativa anterior não entram nesta contagem (estão nos atos do dia)",
                        *me.lines,
                    ]
                me.save(update_fields=["status", "finished_at", "checked", "changes", "lines"])
            if all(p.status == SweepPart.Status.DONE for p in run_parts if p.stage == me.stage):
                _queue(
                    [
                        p
                        for p in run_parts
                        if p.stage == me.stage + 1 and p.status == SweepPart.Status.WAITING
                    ]
                )
        return "\n".join(_part_lines(me))


def _part_result(m: Municipality, part: SweepPart) -> SweepResult:
    progress = PartProgress(part.pk)
    fn = steps().get(part.step)
    if fn is None:
        raise LookupError(f"passo desconhecido: {part.step}")
    if part.kind == SweepPart.Kind.WHOLE:
        return fn(m, part.on, progress)
    sharding = _SHARDINGS[part.step]
    if part.kind == SweepPart.Kind.TAIL:
        assert sharding.tail is not None
        return sharding.tail(m, part.on, progress)
    return sharding.part(m, part.on, progress, Shard(part.index, part.count, part.lo, part.hi))


def _part_lines(p: SweepPart) -> list[str]:
    what = {
        SweepPart.Kind.WHOLE: "",
        SweepPart.Kind.SHARD: f" (parte {p.index + 1}/{p.count})",
        SweepPart.Kind.TAIL: " (fecho)",
    }[SweepPart.Kind(p.kind)]
    return [f"{p.municipality.slug} · {p.step}{what}:"] + [
        f"  - {line}" for line in p.lines or ["nada a fazer"]
    ]


def run_report(m: Municipality, on: dt.date, run_id: str | None = None) -> list[str]:
    """The summary of ``m``'s last run of ``on`` over the workers (or of ``run_id``): per step,
    the state of its parts and, once every part ended, what they did."""
    with tenant(m):
        if run_id is None:
            last = SweepPart.objects.filter(on=on).order_by("-created_at", "-id").first()
            if last is None:
                return [f"{m.slug}: nenhuma varredura de {on:%d/%m/%Y} nos trabalhadores"]
            run_id = last.run
        parts = list(SweepPart.objects.filter(run=run_id).order_by("stage", "index", "id"))
    out = [f"{m.slug}: varredura de {on:%d/%m/%Y} (execução {run_id})"]
    for step in dict.fromkeys(p.step for p in parts):
        mine = [p for p in parts if p.step == step]
        done = [p for p in mine if p.status == SweepPart.Status.DONE]
        if len(done) < len(mine):
            states = ", ".join(
                f"{p.index + 1}/{p.count} {p.get_status_display()}"
                + (
                    f" ({p.progress_label} {p.progress_done}/{p.progress_total})"
                    if p.status == SweepPart.Status.RUNNING and p.progress_total
                    else ""
                )
                for p in mine
            )
            out.append(f"  {step}: {len(done)} de {len(mine)} parte(s) concluída(s) — {states}")
            for p in mine:
                if p.status == SweepPart.Status.FAILED:
                    out += [f"    - parte {p.index + 1}/{p.count}: {line}" for line in p.lines]
            continue
        out.append(
            f"  {step}: concluído em {len(mine)} parte(s), {sum(p.checked for p in mine)} "
            f"verificado(s), {sum(p.changes for p in mine)} alteração(ões)"
        )
        for p in mine:
            prefix = f"parte {p.index + 1}/{p.count}: " if p.kind == SweepPart.Kind.SHARD else ""
            out += [f"    - {prefix}{line}" for line in p.lines or ["nada a fazer"]]
    return out
