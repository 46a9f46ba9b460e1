"""The demo's rows for a transactional test (the browser's live server, the concurrency tests):
between such tests Django empties every table, and :func:`demo_fresh` puts the demo back.

On PostgreSQL the rows ``load_demo`` made when the test database was set up are kept once, in the
schema :data:`SCHEMA` of that database (:func:`demo_snapshot_take`, called by ``django_db_setup``),
and copied back in one transaction: every table of the project's models emptied, then filled with
the kept rows, and each sequence set where ``load_demo`` left it. The copy is the same rows that
``load_demo`` makes on an empty database, and takes a fraction of its time. Where nothing is kept
(SQLite), or when the test's day is not the day the rows were kept (a ``clock`` marker: the demo's
dates follow the day it is loaded), :func:`demo_fresh` runs ``load_demo`` itself."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.utils import timezone

from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.demo.loader import load_demo

#: The schema of the test database that keeps the demo's rows (not on the search path: Django's
#: flush and introspection never see it).
SCHEMA = "demo_snapshot"


@dataclass(frozen=True)
class _Kept:
    #: Each demo municipality's time zone and its day when the rows were kept.
    days: tuple[tuple[ZoneInfo, dt.date], ...]
    tables: tuple[str, ...]
    #: The tables the demo wrote rows to: the others stay empty.
    filled: tuple[str, ...]
    #: Each sequence's ``last_value`` (None: never used) when the rows were kept.
    sequences: tuple[tuple[str, int | None], ...]


_kept: list[_Kept] = []


def _tables() -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True))


def demo_snapshot_take() -> None:
    """Keep the rows of every table of the project's models as the demo left them (PostgreSQL)."""
    if connection.vendor != "postgresql":
        return
    tables = _tables()
    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        cur.execute(f"CREATE SCHEMA {SCHEMA}")
        filled = []
        for t in tables:
            cur.execute(f"CREATE TABLE {SCHEMA}.{qn(t)} AS TABLE public.{qn(t)}")
            if cur.rowcount:
                filled.append(t)
        cur.execute(
            "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename), last_value "
            "FROM pg_sequences WHERE schemaname = 'public'"
        )
        sequences = tuple(sorted(cur.fetchall()))
    zones = {zone_of(m) for m in Municipality.objects.all()}
    days = tuple(sorted(((z, timezone.localdate(timezone=z)) for z in zones), key=str))
    _kept[:] = [_Kept(days, tuple(tables), tuple(filled), sequences)]


def _same_days(kept: _Kept) -> bool:
    return all(timezone.localdate(timezone=z) == day for z, day in kept.days)


def demo_fresh() -> None:
    """The demo's rows, as ``load_demo`` leaves them: copied back from what was kept where it can
    be (same database, same day), else loaded."""
    kept = _kept[0] if _kept else None
    if kept is None or not _same_days(kept) or tuple(_tables()) != kept.tables:
        load_demo()
        return
    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cur:
        # As a superuser restores a dump: past the acts log's triggers and the foreign keys' checks
        # (the kept rows are whole), which emptying and filling would otherwise trip.
        cur.execute("SET LOCAL session_replication_role = replica")
        # DELETE, not TRUNCATE: on tables of a few rows (or none, after Django's flush) TRUNCATE
        # costs a new file per table, about a second for the hundred of them.
        for t in kept.tables:
            cur.execute(f"DELETE FROM public.{qn(t)}")  # noqa: S608
        for t in kept.filled:
            cur.execute(f"INSERT INTO public.{qn(t)} SELECT * FROM {SCHEMA}.{qn(t)}")  # noqa: S608
        for name, last in kept.sequences:
            if last is None:
                cur.execute("SELECT setval(%s, 1, false)", [name])
            else:
                cur.execute("SELECT setval(%s, %s, true)", [name, last])
    # The content types' ids are the kept ones again, not those Django's flush made after it.
    ContentType.objects.clear_cache()
