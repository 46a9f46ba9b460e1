"""The test's own side of the database under row-level security (ADR 0024, ADR 0037).

With ``OUTORGA_TEST_DB_ROLE=outorga_app_test`` each database test runs as the application's role:
the policies hold for the application's code *and* for the test's own reads. A test that checks
what the application did often reads rows no request would — every municipality's acts, a row
of the other municipality, a system administrator's user. Those reads say so, by name:

- :func:`across_tenants` — the test reads or writes rows of any municipality (the named,
  logged escape ``system_wide``, as the system administrator's requests take it). The ORM's
  scoping is unchanged: a query still names its municipality or runs inside ``unscoped()``.
- :func:`as_superuser` — the test plays the database's owner (an attacker holding the superuser,
  a trigger that must refuse even the owner): the test's connection leaves the application's role
  for the block and takes it back after.

Neither changes the application: a request the test sends inside ``across_tenants`` is scoped by
the application itself (``TenantMiddleware`` sets its municipality), and the database's policy
lifted for the test's reads would still hide nothing the application has to find on its own. Keep
requests and the services under test outside these blocks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

from outorga.core.scope import system_wide


@contextmanager
def across_tenants(why: str = "leitura do próprio teste") -> Iterator[None]:
    """The test's own reads and writes of every municipality's rows (the database's policy
    lifted, by name, for the block)."""
    with system_wide(f"teste: {why}"):
        yield


@contextmanager
def as_superuser() -> Iterator[None]:
    """The test's connection as the superuser that created the test database, for the block
    (PostgreSQL under ``OUTORGA_TEST_DB_ROLE``; elsewhere the connection already is)."""
    if connection.vendor != "postgresql" or not os.environ.get("OUTORGA_TEST_DB_ROLE"):
        yield
        return
    with connection.cursor() as cur:
        cur.execute("SELECT current_user, session_user")
        current, session = cur.fetchone()
        if current == session:
            yield
            return
        cur.execute("SET LOCAL ROLE NONE")
        try:
            yield
        finally:
            cur.execute(f'SET LOCAL ROLE "{current}"')
