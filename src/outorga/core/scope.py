"""The tenancy's context, free of Django's models: which municipality the work is for, and
whether it is unscoped or system-wide. ``core.tenancy`` holds the ORM's side; the database
backend (``core/postgresql``) reads :func:`db_scope` before each query (ADR 0024)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Municipality

_current: ContextVar[Municipality | None] = ContextVar("outorga_municipality", default=None)
_unscoped: ContextVar[bool] = ContextVar("outorga_unscoped", default=False)
#: Why the database's row-level security is lifted for this context (``system_wide``), if it is.
_system: ContextVar[str] = ContextVar("outorga_system_wide", default="")

log = logging.getLogger("outorga.tenancy")

#: The database setting's value that lets every municipality's rows through (core/rls.py).
ALL_MUNICIPALITIES = "*"


@contextmanager
def system_wide(reason: str) -> Iterator[None]:
    """Lift the database's row-level security for work that is nobody's municipality's — the
    system administrator's screens, migrations, the audit and checkpoint commands — naming why,
    in the log. The ORM's scoping is unchanged: a query still names its municipality or runs
    inside ``unscoped()``."""
    if not reason:
        raise ValueError("system_wide() needs a reason")
    log.info("acesso a todos os municípios: %s", reason)
    token = _system.set(reason)
    try:
        yield
    finally:
        _system.reset(token)


def db_scope() -> str:
    """The value of the database setting ``outorga.municipality`` for the current context: the
    municipality's id, ``*`` (every one) unscoped or system-wide, ``""`` (none) otherwise."""
    if _unscoped.get() or _system.get():
        return ALL_MUNICIPALITIES
    m = _current.get()
    return "" if m is None else str(m.pk)
