"""An import's CPU work on every core (ADR 0050): the rows' validation — parsing, the law's
checks — chunk by chunk, and the bulk import's records built ahead of the batch that writes
them, in forked worker processes. The importing process keeps everything that writes (the
locks, the inserts, the acts) and the checks across rows; a worker only reads the database.

Workers are used only where they see what the importing process sees: PostgreSQL (or a SQLite
file) with no transaction open in the importing process (a worker's connection is its own and
could not read rows this process has not committed), on a system that forks.
"""

from __future__ import annotations

import datetime as dt
import gc
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

from asgiref.local import Local
from django.db import connection, connections

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from .lawchecks import LawChecks
from .parsing import parse_row
from .rows import Row, RowError

#: One row's outcome of validation: the row as parsed, its errors and its warnings.
Checked = tuple[Row, list[RowError], list[RowError]]

#: What a worker inherited of the importing process's connections: kept, never used nor closed
#: (closing would end the importing process's own sessions, whose sockets the fork shares). A
#: worker ends with ``os._exit``, without finalising them.
_INHERITED: list[Any] = []

#: The law checks of this worker process, by municipality and date (their answers are reused).
_CHECKS: dict[tuple[int, dt.date], LawChecks] = {}


def _own_connections() -> None:
    """A forked worker's start: its queries go through connections of its own."""
    _INHERITED.append(connections._connections)  # type: ignore[attr-defined]
    connections._connections = Local(connections.thread_critical)  # type: ignore[attr-defined]


def usable(processes: int) -> bool:
    """Whether ``processes`` workers can do the import's work here (see the module's text)."""
    if processes < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return False
    if connection.in_atomic_block:
        return False
    return not (connection.vendor == "sqlite" and connection.is_in_memory_db())  # type: ignore[attr-defined]


@contextmanager
def pool(processes: int) -> Iterator[ProcessPoolExecutor | None]:
    """``processes`` forked workers, or ``None`` when they cannot be used (:func:`usable`)."""
    if not usable(processes):
        yield None
        return
    executor = ProcessPoolExecutor(
        processes,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_own_connections,
    )
    # What this process holds now is shared with the workers page by page until one writes it:
    # the collector of either would (each of its passes writes in every object it walks), so
    # both leave it out of their passes while they live (the advice of ``gc.freeze``'s text).
    with frozen():
        try:
            executor.submit(int).result()  # the workers are forked now, with this process small
            yield executor
        except BaseException:
            # The import failed here: its workers are stopped, not waited for (a worker busy
            # with a chunk nobody will read would hold the shutdown).
            for process in list(executor._processes.values()):
                process.terminate()
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        else:
            executor.shutdown(wait=True)


@contextmanager
def frozen() -> Iterator[None]:
    """What this process holds now is left out of the collector's passes while the block runs
    (``gc.freeze``) and handed back at its end — unless something was frozen already: the one
    that froze first thaws (``gc.unfreeze`` thaws everything at once)."""
    first = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        yield
    finally:
        if first:
            gc.unfreeze()


#: A chunk of the file: each row's line and its cells, in the order of the header's names.
Cells = list[tuple[int, list[str]]]


def check_chunk(checks: LawChecks, header: list[str], cells: Cells) -> list[Checked]:
    """Parse ``cells`` (file line, the cells under ``header``) and ask the law's checks of each
    row: the rows' vehicles on record are read at once first (:meth:`LawChecks.load`)."""
    parsed = [
        parse_row(line, dict(zip(header, values, strict=False)), checks.cites)
        for line, values in cells
    ]
    checks.load(row for row, _ in parsed)
    checked: list[Checked] = []
    for row, r in parsed:
        checks.row(row, r)
        checked.append((row, r.errors, r.warnings))
    return checked


def _check_in_worker(
    m: Municipality, today: dt.date, header: list[str], cells: Cells
) -> list[Checked]:
    checks = _CHECKS.get((m.pk, today))
    if checks is None:
        checks = _CHECKS[(m.pk, today)] = LawChecks(m, today)
    with tenant(m):
        return check_chunk(checks, header, cells)


def checked_chunks(
    executor: ProcessPoolExecutor | None,
    checks: LawChecks,
    header: list[str],
    chunks: list[Cells],
) -> Iterator[list[Checked]]:
    """Each chunk's :func:`check_chunk`, in the chunks' order: on the workers when there are
    any (all chunks submitted at once), in this process otherwise or if a worker died. A
    chunk's cells are dropped from ``chunks`` once it is checked (a city's file is large)."""
    if executor is None:
        for i, chunk in enumerate(chunks):
            chunks[i] = []
            yield check_chunk(checks, header, chunk)
        return
    futures = [executor.submit(_check_in_worker, checks.m, checks.today, header, c) for c in chunks]
    for i, future in enumerate(futures):
        try:
            checked = future.result()
        except BrokenProcessPool:  # a worker died: this process checks the chunk itself
            checked = check_chunk(checks, header, chunks[i])
        chunks[i] = []
        yield checked


def submit(executor: ProcessPoolExecutor, fn: Any, *args: Any) -> Future[Any]:
    """``fn(*args)`` on a worker, in the tenant of the first argument (a municipality)."""
    return executor.submit(_in_tenant, fn, *args)


def _in_tenant(fn: Any, m: Municipality, *args: Any) -> Any:
    with tenant(m):
        return fn(m, *args)
