"""The database roles (PostgreSQL): the owner runs migrations and owns every table; the
application connects as a role that owns nothing, has no SUPERUSER, BYPASSRLS, CREATEROLE or
CREATEDB, is no member of the owner, and may only read and write rows. Owning nothing, it cannot
``ALTER TABLE … DISABLE TRIGGER``; without TRUNCATE, UPDATE or DELETE on the acts log it cannot cut
it even with the triggers gone (docs/deploy.md)."""

from __future__ import annotations

from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import sql

#: The acts log: the app inserts and reads; the chain head is also updated (forward only, a
#: trigger checks it); nothing is ever deleted or truncated.
APPEND_ONLY = ("core_act", "core_actcheckpoint")
HEAD = ("core_actchain",)

_ATTRIBUTES = "LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION NOINHERIT"


def _literal(connection: BaseDatabaseWrapper, value: str) -> str:
    return sql.Literal(value).as_string(connection.connection)


def _ident(connection: BaseDatabaseWrapper, value: str) -> str:
    """A quoted identifier (Django's quote_name does not escape a quote inside the name)."""
    return sql.Identifier(value).as_string(connection.connection)


def create_role_sql(connection: BaseDatabaseWrapper, role: str, password: str | None) -> list[str]:
    """Create the role if missing (needs CREATEROLE) and strip any power it was given since.

    Tolerates a concurrent creation of the same role (two CI workers): the role is cluster-wide.
    """
    q = _ident(connection, role)
    name = _literal(connection, role)
    # Identifiers and literals are quoted by psycopg above: not an injection vector.
    out = [
        f"""DO $$ BEGIN
  CREATE ROLE {q} {_ATTRIBUTES};
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$""",
        f"""DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = {name} AND (rolsuper OR rolbypassrls
             OR rolcreatedb OR rolcreaterole OR rolreplication OR rolinherit OR NOT rolcanlogin))
  THEN
    ALTER ROLE {q} {_ATTRIBUTES};
  END IF;
END $$""",  # noqa: S608
    ]
    if password:
        out.append(f"ALTER ROLE {q} PASSWORD {_literal(connection, password)}")
    return out


def grant_sql(connection: BaseDatabaseWrapper, role: str) -> list[str]:
    """Run as the owner, in the application's database: rows only, and the acts log append-only.

    Default privileges give the same rows on the tables later migrations create (by this owner).
    """
    q = _ident(connection, role)
    db = _ident(connection, connection.settings_dict["NAME"])
    rows = "SELECT, INSERT, UPDATE, DELETE"
    return [
        f"GRANT CONNECT ON DATABASE {db} TO {q}",
        f"GRANT USAGE ON SCHEMA public TO {q}",
        f"REVOKE CREATE ON SCHEMA public FROM {q}",
        f"GRANT {rows} ON ALL TABLES IN SCHEMA public TO {q}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {q}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT {rows} ON TABLES TO {q}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO {q}",
        f"REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON {', '.join(APPEND_ONLY)} "
        f"FROM {q}",
        f"REVOKE DELETE, TRUNCATE, TRIGGER, REFERENCES ON {', '.join(HEAD)} FROM {q}",
    ]


def problems(connection: BaseDatabaseWrapper, role: str) -> list[str]:
    """What makes ``role`` unfit to be the application's (empty: fit)."""
    out: list[str] = []
    with connection.cursor() as cur:
        cur.execute(
            "SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles "
            "WHERE rolname = %s",
            [role],
        )
        row = cur.fetchone()
        if row is None:
            return [f"o papel {role} não existe"]
        for flag, label in zip(
            row, ("SUPERUSER", "BYPASSRLS", "CREATEROLE", "CREATEDB"), strict=True
        ):
            if flag:
                out.append(f"o papel {role} tem {label}")
        cur.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
            "WHERE r.rolname = %s",
            [role],
        )
        owned = cur.fetchone()[0]
        if owned:
            out.append(f"o papel {role} é dono de {owned} objeto(s) do banco")
        cur.execute(
            "SELECT DISTINCT o.rolname FROM pg_class c JOIN pg_roles o ON o.oid = c.relowner "
            "WHERE c.relname IN ('core_act', 'core_actchain', 'core_actcheckpoint') "
            "AND pg_has_role(%s, o.oid, 'MEMBER')",
            [role],
        )
        for (owner,) in cur.fetchall():
            out.append(f"o papel {role} pertence ao dono das tabelas ({owner})")
    return out
