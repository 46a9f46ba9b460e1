"""Django's PostgreSQL backend, which sets ``outorga.municipality`` (row-level security, ADR
0024) to the tenancy's :func:`~outorga.core.tenancy.db_scope` before any query that would run
with another value.

The setting is the session's (``set_config(…, false)``): it then holds for the queries Django runs
outside a transaction too. What was last set is remembered per connection and forgotten on a new
connection and on every rollback (a rollback undoes a ``set_config`` made inside it), so it costs
one round trip only when the municipality changes. Behind a pooler, only session pooling keeps
it (docs/deploy.md).
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base

from outorga.core.rls import SETTING
from outorga.core.scope import db_scope


class DatabaseWrapper(base.DatabaseWrapper):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The value last set on this connection; None: unknown (set it before the next query).
        self.tenant_scope: str | None = None
        self.execute_wrappers.append(self._in_tenant_scope)

    def _in_tenant_scope(
        self, execute: Any, sql: Any, params: Any, many: bool, context: dict[str, Any]
    ) -> Any:
        wanted = db_scope()
        # Not before a rollback: in a failed transaction only the rollback itself may run.
        if wanted != self.tenant_scope and not (isinstance(sql, str) and sql[:8] == "ROLLBACK"):
            with self.connection.cursor() as cursor:
                cursor.execute("SELECT set_config(%s, %s, false)", [SETTING, wanted])
            self.tenant_scope = wanted
        return execute(sql, params, many, context)

    def get_new_connection(self, conn_params: Any) -> Any:
        self.tenant_scope = None
        return super().get_new_connection(conn_params)

    def _rollback(self) -> None:
        try:
            super()._rollback()  # type: ignore[misc]  # private, not in the stubs
        finally:
            self.tenant_scope = None

    def _savepoint_rollback(self, sid: str) -> None:
        try:
            super()._savepoint_rollback(sid)  # type: ignore[misc]
        finally:
            self.tenant_scope = None

    def _close(self) -> None:
        self.tenant_scope = None
        super()._close()  # type: ignore[misc]
