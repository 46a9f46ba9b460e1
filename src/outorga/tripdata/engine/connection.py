# ruff: noqa: S608 - SQL is built from this package's constants; the only outside value, the file path, is quoted by sql_str.
"""DuckDB for the engine: the connection (threads, memory, spill directory), the workspace one
analysis uses on a worker thread, and the glibc setting that keeps freed memory for the next file
(docs/decisions/0005)."""

from __future__ import annotations

import ctypes
import functools
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import duckdb

#: glibc's mallopt parameters (malloc.h) and the values the engine's worker uses.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
_KEEP_FREED_BYTES = 1 << 30
_MMAP_FROM_BYTES = 32 << 20


@functools.cache
def _keep_freed_memory() -> bool:
    """Let the process keep the memory one file freed for the next (glibc only). By default
    glibc maps every block of 128 KB or more on its own and unmaps it when freed, and returns
    free heap to the system past 128 KB: each file's table (about 100 MB per million trips) is
    then faulted in page by page again, which costs a tenth of the work in system time. Blocks
    under 32 MB now come from the heap and up to 1 GB of free heap is kept (measured:
    docs/decisions/0005)."""
    if sys.platform != "linux":
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(
            libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM_BYTES)
            and libc.mallopt(_M_TRIM_THRESHOLD, _KEEP_FREED_BYTES)
        )
    except (OSError, AttributeError):  # not glibc
        return False


def connect(memory_limit: str = "1500MB", threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB that spills to disk past ``memory_limit``. Threads: ``threads``, else
    ``OUTORGA_DUCKDB_THREADS``, else one per core — with several workers on one machine, give
    each its share of the cores (docs/decisions/0005)."""
    _keep_freed_memory()
    con = duckdb.connect(":memory:")
    con.execute(f"SET memory_limit='{memory_limit}'")
    threads = threads or int(os.environ.get("OUTORGA_DUCKDB_THREADS") or 0) or os.cpu_count()
    con.execute(f"SET threads={int(threads or 1)}")
    # Rows are numbered in the order the reader's threads finish, not the file's: nothing below
    # depends on row numbers (duplicates and samples are chosen by content).
    con.execute("SET preserve_insertion_order=false")
    tmp = os.environ.get("OUTORGA_DUCKDB_TMP")
    if tmp:
        con.execute(f"SET temp_directory='{sql_str(tmp)}'")
    con.execute("SET TimeZone='UTC'")
    return con


_local = threading.local()
#: The tables one analysis creates; a reused connection drops them before and after.
_TABLES = ("t", "te", "hh", "r", "p", "v", "dv", "dn", "csv_rejects", "csv_scans")


@contextmanager
def workspace(
    con: duckdb.DuckDBPyConnection | None,
) -> Iterator[duckdb.DuckDBPyConnection]:
    """The connection an analysis works in: the caller's, or one kept per worker thread and
    emptied after each file (a fresh DuckDB per file pays again for the memory it maps)."""
    if con is not None:
        yield con
        return
    con = getattr(_local, "con", None)
    if con is None:
        con = _local.con = connect()
    _drop(con)
    try:
        yield con
    finally:
        _drop(con)


def _drop(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("; ".join(f"DROP TABLE IF EXISTS {table}" for table in _TABLES))


def sql_str(value: str) -> str:
    return value.replace("'", "''")


def short_error(exc: Exception) -> str:
    return str(exc).splitlines()[0][:300]


def insert_rows(con: duckdb.DuckDBPyConnection, table: str, rows: list[tuple[Any, ...]]) -> None:
    """Many rows in one statement, one list parameter per column (executemany pays a round trip
    per row, and a parameter per value is slow to bind)."""
    if not rows:
        return
    types = [t for _, t, *_ in con.execute(f"DESCRIBE {table}").fetchall()]
    lists = ", ".join(f"unnest(?::{t}[])" for t in types)
    con.execute(
        f"INSERT INTO {table} SELECT {lists}", [list(col) for col in zip(*rows, strict=True)]
    )
