"""Issue #19, item 2: the application connects as a role that owns nothing; connected as it,
deleting acts, truncating the log and disabling its triggers all fail.

The role is cluster-wide: the test creates it if missing (idempotent, as ``outorga db_app_role``
does) and drops nothing, so parallel CI workers share it safely.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from outorga.core import dbroles

ROLE = "outorga_app_test"


@pytest.fixture
def app_cursor(transactional_db) -> Iterator[psycopg.Cursor]:  # type: ignore[no-untyped-def, type-arg]
    call_command("db_app_role", "--role", ROLE)
    params = connection.settings_dict
    with psycopg.connect(
        host=params["HOST"] or "127.0.0.1",
        port=params["PORT"] or 5432,
        dbname=params["NAME"],
        user=ROLE,
        password=params["PASSWORD"] or None,
        autocommit=True,
    ) as conn:
        with conn.cursor() as cur:
            cur.execute("SELECT current_user")
            assert cur.fetchone() == (ROLE,)
            yield cur


pytestmark = [pytest.mark.postgres]


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM core_act",
        "UPDATE core_act SET action = 'x'",
        "TRUNCATE core_act",
        "TRUNCATE core_act CASCADE",
        "TRUNCATE core_actchain",
        "DELETE FROM core_actchain",
        "DELETE FROM core_actcheckpoint",
        "ALTER TABLE core_act DISABLE TRIGGER core_act_append_only",
        "ALTER TABLE core_act DISABLE TRIGGER ALL",
        "ALTER TABLE core_actchain DISABLE TRIGGER USER",
        "DROP TRIGGER core_act_no_truncate ON core_act",
        "SET session_replication_role = replica",
        "CREATE TABLE intruder (id int)",
    ],
)
def test_the_app_role_cannot_cut_the_acts_log_nor_lift_its_guards(app_cursor, statement):
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        app_cursor.execute(statement)


def test_the_app_role_cannot_move_the_chain_head_back(app_cursor):
    # It may update the head (record_act does), but the trigger refuses a reset.
    app_cursor.execute("UPDATE core_actchain SET last_seq = last_seq")
    app_cursor.execute("SELECT count(*) FROM core_actchain")
    if app_cursor.fetchone()[0]:  # type: ignore[index]
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="só avança"):
            app_cursor.execute("UPDATE core_actchain SET last_seq = 0")


def test_the_app_role_reads_and_writes_rows(app_cursor):
    app_cursor.execute(
        "SELECT has_table_privilege(%s, 'core_act', 'INSERT'),"
        " has_table_privilege(%s, 'core_act', 'SELECT'),"
        " has_table_privilege(%s, 'core_actchain', 'UPDATE'),"
        " has_table_privilege(%s, 'registry_person', 'DELETE'),"
        " has_table_privilege(%s, 'core_act', 'DELETE')",
        [ROLE] * 5,
    )
    assert app_cursor.fetchone() == (True, True, True, True, False)
    app_cursor.execute("SELECT count(*) FROM core_municipality")


def test_the_app_role_owns_nothing_and_bypasses_nothing(app_cursor):
    app_cursor.execute(
        "SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles"
        " WHERE rolname = %s",
        [ROLE],
    )
    assert app_cursor.fetchone() == (False, False, False, False)
    assert dbroles.problems(connection, ROLE) == []


def test_granting_twice_changes_nothing(app_cursor):
    call_command("db_app_role", "--role", ROLE)
    assert dbroles.problems(connection, ROLE) == []
