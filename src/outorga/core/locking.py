"""The one order in which every write service locks rows (docs/decisions/0015-one-lock-order.md).

Two transactions that each wait for a row the other holds deadlock: PostgreSQL aborts one of
them and the request answers 500. Every service takes its row locks in this order, skipping what
it does not need:

1. the municipality's row (:func:`lock_municipality`), when the service counts against a cap of
   the whole municipality (platforms, art. 3 §1; drivers, art. 3 §2) or creates its first
   signing key;
2. the rows of the proceeding the service acts in, before the rows that proceeding changes: a
   platform before its months, drivers, cases and penalties; a case, filing, escalation,
   extinction case, vehicle change, tender, inspection or seizure before the permit it changes;
   a debt before its payments;
3. the registry's rows, in the order of :mod:`outorga.registry.locking` (quota counters, permits,
   vehicles, register counters, people, auxiliaries); rows of one table by primary key;
4. last, the municipality's act chain head, which :func:`outorga.core.acts.record_act` locks at a
   transaction's first act and holds until the commit.

So everything a transaction will lock is locked before its first act. Two rules cross every app
and are checked on PostgreSQL by :class:`LockOrderGuard` (the tests' ``lock_order`` fixture): the
municipality's row is never locked after another row of the transaction, and no row is locked
after the transaction's first act. The places that still break the second rule are listed in
the decision record, to be brought into the order.

The municipality's row is locked ``FOR NO KEY UPDATE``: every row of the municipality's data (an
act, a platform, a document) refers to it, and inserting such a row takes ``FOR KEY SHARE`` on
it. A plain ``FOR UPDATE`` conflicts with that share, so a transaction that had recorded an act
(chain locked) and then inserted a row waited for the cap's lock while the cap's holder waited for
the chain: the deadlock of issue #19. ``FOR NO KEY UPDATE`` still serialises the cap's writers.
On SQLite, which has no row locks (writers are serialised), these are plain reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from .models import Municipality


def lock_municipality(m: Municipality) -> None:
    """Step 1 of the order: serialise the writers that count against the municipality's caps."""
    Municipality.objects.select_for_update(no_key=True).only("pk").get(pk=m.pk)


# --- the guard (tests, PostgreSQL) -----------------------------------------------------------------

_LOCKING = re.compile(r"\sFOR (?:NO KEY )?UPDATE\b")
_TABLE = re.compile(r'\sFROM "(\w+)"')
MUNICIPALITY = Municipality._meta.db_table
ACT = "core_act"
CHAIN = "core_actchain"


@dataclass
class LockOrderGuard:
    """Watches one connection's statements and notes each break of the two crossing rules: the
    municipality's row locked after another row, a row locked after the transaction's first act.

    A transaction is told apart by its PostgreSQL id (``pg_current_xact_id``), asked once per
    locking statement and per act, so the guard costs nothing to statements that lock nothing."""

    violations: list[str] = field(default_factory=list)
    _xact: tuple[int, str | None] | None = None
    _locked: list[str] = field(default_factory=list)
    _acted: bool = False

    def __call__(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        table = self._locked_table(sql)
        act = sql.startswith(f'INSERT INTO "{ACT}"')
        if table is None and not act:
            return execute(sql, params, many, context)
        result = execute(sql, params, many, context)
        xact = self._transaction(context["connection"])
        if xact is None:
            return result  # autocommit: the lock ends with the statement
        if xact != self._xact:
            self._xact, self._locked, self._acted = xact, [], False
        if act:
            self._acted = True
        elif table is not None:
            if self._acted and table != CHAIN:
                self.violations.append(f"{table} travado depois do primeiro ato: {sql[:200]}")
            if table == MUNICIPALITY and MUNICIPALITY not in self._locked and self._locked:
                self.violations.append(f"município travado depois de {self._locked}: {sql[:200]}")
            self._locked.append(table)
        return result

    @staticmethod
    def _transaction(conn: Any) -> tuple[int, str | None] | None:
        """The service's transaction: the outermost atomic block that is not a test case's (a
        ``TestCase`` wraps each test in blocks of its own; a service's transaction is then a
        savepoint, told apart by its name, unique within the test's transaction)."""
        blocks = conn.atomic_blocks
        first = next(
            (i for i, b in enumerate(blocks) if not getattr(b, "_from_testcase", False)), None
        )
        if first is None:
            return None
        with conn.cursor() as cursor:
            cursor.execute("SELECT pg_current_xact_id()::text")
            xact = int(cursor.fetchone()[0])
        return xact, (conn.savepoint_ids[first - 1] if first else None)

    @staticmethod
    def _locked_table(sql: str) -> str | None:
        if not sql.startswith("SELECT") or _LOCKING.search(sql) is None:
            return None
        found = _TABLE.search(sql)
        return found.group(1) if found else None


@contextmanager
def lock_order_guard() -> Iterator[LockOrderGuard]:
    """The guard on this thread's connection while the block runs (PostgreSQL only)."""
    guard = LockOrderGuard()
    if connection.vendor != "postgresql":
        yield guard
        return
    with connection.execute_wrapper(guard):
        yield guard
