"""The staff home page: each role's work queues, then a few counters. The core counts its own rows;
an app that has work or something to show adds a queue (:func:`register_queue`) or a counter
(:func:`register`) from its ``<app>/home.py`` (imported by :func:`autodiscover`, the way
``core.sweep`` finds the sweep steps), so the core never imports an app.

A queue lists :class:`Task` rows — what to do, until when, and the page where it is done — and the
home puts the nearest deadline first. Deadlines come from the same functions the apps already use
(the case's running deadline, the law's question of a report's due date, the inspection's due
date…), never from a constant of the home."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.module_loading import autodiscover_modules

from outorga.law.competence import is_allowed


@dataclass(frozen=True)
class Counter:
    label: str
    count: Callable[[], int | str]
    #: The roles (``Role`` values) that see it; empty: every staff role.
    roles: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Task:
    """One piece of work. ``due`` is its deadline (or, with ``due_label`` "desde", the day it has
    been waiting); ``url`` the page where it is done."""

    text: str
    url: str
    due: dt.date | None = None
    due_label: str = "prazo"
    #: A short note after the date ("vencido", "defesa em curso"…), in Portuguese.
    note: str = ""
    #: What the deadline rests on, shown after the day ("prazo do regulamento ou, na falta, …").
    basis: str = ""

    def late(self, today: dt.date) -> bool:
        return self.due is not None and self.due_label != "desde" and self.due < today

    def when(self, today: dt.date) -> str:
        """The deadline as a person reads it: "prazo 20/04/2026", "venceu em 02/03/2026"…"""
        if self.due is None:
            return ""
        day = f"{self.due:%d/%m/%Y}" + (f" ({self.basis})" if self.basis else "")
        if self.late(today):
            return (
                f"venceu em {day}"
                if self.due_label == "vence em"
                else f"{self.due_label} {day}, vencido"
            )
        return f"{self.due_label} {day}"


#: What a queue's rows are made of: ``tasks(user, today)``, run inside the user's municipality;
#: ``None`` when the queue is not this user's work here (no law of the municipality gives it to
#: the role), so the home leaves it out rather than saying "nothing pending".
TaskSource = Callable[[Any, dt.date], "list[Task] | None"]


@dataclass(frozen=True)
class Queue:
    key: str
    title: str
    tasks: TaskSource
    #: The roles (``Role`` values) whose home shows it (an empty queue says "nada pendente").
    roles: frozenset[str]
    #: Where the whole list lives (a URL), when the home shows only the first rows.
    more_url: Callable[[], str] | None = None
    #: What one sentence says the queue is for (shown under its title); a callable is called
    #: when the page is drawn (a text that cites the law in force where the user works).
    help: str | Callable[[], str] = ""
    #: Where it stands on the home (smaller first): judging before filing, filing before counting.
    order: int = 50


@dataclass(frozen=True)
class Row:
    """A task as the home shows it on ``today``."""

    task: Task
    when: str
    late: bool


@dataclass
class QueueView:
    queue: Queue
    tasks: list[Task]
    today: dt.date
    limit: int = 10
    shown: list[Task] = field(init=False)

    def __post_init__(self) -> None:
        self.tasks = sorted(self.tasks, key=lambda t: (t.due is None, t.due or dt.date.max, t.text))
        self.shown = self.tasks[: self.limit]

    @property
    def rows(self) -> list[Row]:
        return [Row(t, t.when(self.today), t.late(self.today)) for t in self.shown]

    @property
    def count(self) -> int:
        return len(self.tasks)

    @property
    def late(self) -> int:
        return sum(1 for t in self.tasks if t.late(self.today))

    @property
    def more(self) -> str:
        if self.count > len(self.shown) and self.queue.more_url is not None:
            return self.queue.more_url()
        return ""


_COUNTERS: dict[str, Counter] = {}
_QUEUES: dict[str, Queue] = {}


def register(
    label: str, count: Callable[[], int | str], roles: frozenset[str] = frozenset()
) -> None:
    """Add a counter; registering the same label again replaces it (module reloads in tests)."""
    _COUNTERS[label] = Counter(label, count, roles)


def register_queue(
    key: str,
    title: str,
    tasks: TaskSource,
    *,
    roles: frozenset[str],
    more_url: Callable[[], str] | None = None,
    help: str | Callable[[], str] = "",
    order: int = 50,
) -> None:
    """Add a work queue; registering the same key again replaces it (module reloads in tests)."""
    _QUEUES[key] = Queue(key, title, tasks, roles, more_url, help, order)


def competent_here(user: Any, today: dt.date, *actions: str) -> bool:
    """Whether any law of the user's municipality gives the role one of ``actions`` on ``today``:
    a queue that is never this role's work here is left out of its home."""
    m = user.municipality
    laws = m.laws if m is not None else ()
    return any(is_allowed(user.role, a, law, today) for a in actions for law in laws)


def queue(
    key: str,
    title: str,
    *,
    roles: Iterable[str],
    more: str = "",
    help: str | Callable[[], str] = "",
    order: int = 50,
    competent: Iterable[str] = (),
) -> Callable[[TaskSource], TaskSource]:
    """Register the decorated task source as a work queue (:func:`register_queue`). ``more`` names
    the URL of the whole list; ``competent``, when given, the actions of which some law of the
    municipality must give the role one (:func:`competent_here`), else the queue is left out.
    The registered source is returned, so calling it directly answers what the home shows."""
    actions = tuple(competent)

    def register_source(tasks: TaskSource) -> TaskSource:
        source = _gated(tasks, actions) if actions else tasks
        register_queue(
            key,
            title,
            source,
            roles=frozenset(str(r) for r in roles),
            more_url=(lambda: reverse(more)) if more else None,
            help=help,
            order=order,
        )
        return source

    return register_source


def _gated(tasks: TaskSource, actions: tuple[str, ...]) -> TaskSource:
    @functools.wraps(tasks)
    def gated(user: Any, today: dt.date) -> list[Task] | None:
        return tasks(user, today) if competent_here(user, today, *actions) else None

    return gated


@functools.cache
def autodiscover() -> None:
    """Import every app's ``home`` module, once: each registers its queues and counters."""
    autodiscover_modules("home")


def counters(role: str) -> list[Counter]:
    """The apps' counters the role sees, in ``INSTALLED_APPS`` order."""
    autodiscover()
    return [c for c in _COUNTERS.values() if not c.roles or role in c.roles]


def queues(role: str) -> list[Queue]:
    """The work queues of the role, by their ``order`` (then ``INSTALLED_APPS`` order)."""
    autodiscover()
    mine = [q for q in _QUEUES.values() if role in q.roles]
    return sorted(mine, key=lambda q: q.order)


def work(user: Any, today: dt.date, limit: int = 10) -> list[QueueView]:
    """The user's queues with their tasks, the nearest deadline first in each."""
    out = []
    for q in queues(user.role):
        tasks = q.tasks(user, today)
        if tasks is not None:
            out.append(QueueView(q, tasks, today, limit))
    return out
