"""Migrations run as the tables' owner (``DATABASE_MIGRATE_URL``, the ``owner`` alias); the
application's role is set up only on PostgreSQL (docs/deploy.md)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from outorga.core.management.commands import migrate


def _default_database(monkeypatch, aliases: list[str]) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(migrate, "settings", SimpleNamespace(DATABASES=dict.fromkeys(aliases)))
    parser = migrate.Command().create_parser("outorga", "migrate")
    return str(parser.parse_args([]).database)


def test_migrate_runs_as_the_owner_when_one_is_configured(monkeypatch):
    assert _default_database(monkeypatch, ["default", "owner"]) == "owner"


def test_migrate_runs_on_the_default_database_without_an_owner(monkeypatch):
    assert _default_database(monkeypatch, ["default"]) == "default"


def test_db_app_role_is_postgresql_only(db, capsys):
    if connection.vendor != "postgresql":
        with pytest.raises(CommandError, match="só existem no PostgreSQL"):
            call_command("db_app_role")
        return
    call_command("db_app_role", "--role", "outorga_app_test", "--sql")
    printed = capsys.readouterr().out
    assert "REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON core_act" in printed
    assert "NOSUPERUSER NOBYPASSRLS" in printed
