"""A throw-away PostgreSQL database for a benchmark, with Django's settings pointed at it (the
environment, as in production) and dropped afterwards, whatever happened."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def scratch_database(postgres: str, name: str, src: str) -> Iterator[None]:
    """``outorga_bench_<name>_<pid>`` on the server ``postgres`` (a URL without database), the
    code of ``src`` importable; Django is set up by the caller inside the block."""
    import psycopg

    workdir = Path(tempfile.mkdtemp(prefix="outorga-bench-"))
    db = f"outorga_bench_{name}_{os.getpid()}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{db}"')
    sys.path.insert(0, src)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="outorga.config.settings",
        DATABASE_URL=f"{postgres}/{db}",
        OUTORGA_VAR_DIR=str(workdir / "var"),
        OUTORGA_MEDIA_ROOT=str(workdir / "media"),
        OUTORGA_DEBUG="0",
    )
    try:
        yield
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(f"{postgres}/postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
