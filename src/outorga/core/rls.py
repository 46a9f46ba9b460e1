"""Row-level security on every tenant table (PostgreSQL; ADR 0024).

Each table with a municipality column gets RLS enabled and forced (its owner is held too) and one
policy, ``outorga_tenant``: a row is seen and written only while the connection's setting
``outorga.municipality`` names its municipality, or is ``*`` (every municipality: ``unscoped()``
and the named ``system_wide()`` escapes of ``core.tenancy``). With the setting empty or unset, no
row. The connection keeps the setting in step with the tenancy's context before each query
(``core/postgresql/base.py``), so the database holds the same line as ``TenantManager``.

A superuser or a role with BYPASSRLS skips every policy: the protection holds when the
application connects as the role of ``outorga db_app_role`` (docs/deploy.md).

A migration that creates a tenant table calls :func:`enable` again (idempotent: every table with
a municipality column in the migration's state gets its policy); ``tests/core/test_rls.py`` fails
on any such table without one.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper

SETTING = "outorga.municipality"
POLICY = "outorga_tenant"
COLUMN = "municipality_id"

# Each read once per statement (a sub-select is an InitPlan), not once per row: the policy then
# costs a comparison per row and leaves the municipality's index usable.
FUNCTIONS = [
    f"""CREATE OR REPLACE FUNCTION outorga_tenant_all() RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('{SETTING}', true) = '*', false)
$$""",
    f"""CREATE OR REPLACE FUNCTION outorga_tenant_id() RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(nullif(current_setting('{SETTING}', true), ''), '*')::bigint
$$""",
]
ALLOWS = f"(SELECT outorga_tenant_all()) OR {COLUMN} = (SELECT outorga_tenant_id())"


def _quoted(table: str) -> str:
    return '"' + table.replace('"', '""') + '"'


def enable_sql(table: str) -> list[str]:
    """The statements that put ``table`` (with a ``municipality_id`` column) under its policy."""
    t = _quoted(table)
    return [
        f"ALTER TABLE {t} ENABLE ROW LEVEL SECURITY",
        f"ALTER TABLE {t} FORCE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS {POLICY} ON {t}",
        f"CREATE POLICY {POLICY} ON {t} USING ({ALLOWS}) WITH CHECK ({ALLOWS})",
    ]


def disable_sql(table: str) -> list[str]:
    t = _quoted(table)
    return [
        f"DROP POLICY IF EXISTS {POLICY} ON {t}",
        f"ALTER TABLE {t} NO FORCE ROW LEVEL SECURITY",
        f"ALTER TABLE {t} DISABLE ROW LEVEL SECURITY",
    ]


def tenant_tables(apps: Any) -> list[str]:
    """The tables of ``apps`` (a migration's state, or ``django.apps.apps``) with a municipality
    column, sorted."""
    out = set()
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed:
            continue
        if any(f.column == COLUMN for f in meta.concrete_fields):
            out.add(meta.db_table)
    return sorted(out)


def enable(apps: Any, schema_editor: Any) -> None:
    """``migrations.RunPython(rls.enable, rls.disable)``: every tenant table of the migration's
    state under its policy (PostgreSQL; nothing on SQLite)."""
    if schema_editor.connection.vendor != "postgresql":
        return
    for function in FUNCTIONS:
        schema_editor.execute(function)
    for table in tenant_tables(apps):
        for statement in enable_sql(table):
            schema_editor.execute(statement)


def disable(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in tenant_tables(apps):
        for statement in disable_sql(table):
            schema_editor.execute(statement)


def unprotected(connection: BaseDatabaseWrapper) -> list[str]:
    """Every table of the database with a municipality column that is not under the policy —
    RLS not enabled, not forced, or no ``outorga_tenant`` policy on that column for reads and
    writes. Read from the catalog, not the models: a table a migration forgot is found too."""
    with connection.cursor() as cur:
        cur.execute(
            """
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, p.qual, p.with_check,
                   p.cmd, p.permissive
            FROM information_schema.columns col
            JOIN pg_class c ON c.relname = col.table_name
              AND c.relnamespace = to_regnamespace(col.table_schema)
            LEFT JOIN pg_policies p ON p.tablename = c.relname
              AND p.schemaname = col.table_schema AND p.policyname = %s
            WHERE col.table_schema = current_schema()
              AND col.column_name IN ('municipality_id', 'municipality')
              AND c.relkind IN ('r', 'p')
            ORDER BY c.relname
            """,
            [POLICY],
        )
        rows = cur.fetchall()
    out = []
    for table, enabled, forced, qual, check, cmd, permissive in rows:
        if not enabled:
            out.append(f"{table}: RLS desligada")
        elif not forced:
            out.append(f"{table}: RLS não forçada (o dono passaria)")
        elif qual is None:
            out.append(f"{table}: sem a política {POLICY}")
        elif (
            "outorga_tenant_id()" not in qual
            or COLUMN not in qual
            or (check, cmd, permissive) != (qual, "ALL", "PERMISSIVE")
        ):
            out.append(f"{table}: política {POLICY} diferente ({qual} / {check} / {cmd})")
    return out
