"""``outorga db_app_role [--role NAME] [--password-env VAR] [--no-create] [--sql]``.

Run as the tables' owner (the ``owner`` alias from ``DATABASE_MIGRATE_URL`` when set) after each
``outorga migrate``: creates the application's role if missing (needs CREATEROLE; else a DBA
creates it, docs/deploy.md), strips any power it holds, and grants it the rows of every table,
the acts log append-only. Idempotent. ``--sql`` prints the statements instead.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from outorga.core import dbroles


class Command(BaseCommand):
    help = "Cria o papel do aplicativo no PostgreSQL e concede só leitura e escrita de linhas."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--role", default=settings.OUTORGA_DB_APP_ROLE, help="nome do papel")
        parser.add_argument(
            "--password-env", help="variável de ambiente com a senha do papel (nunca na linha)"
        )
        parser.add_argument("--no-create", action="store_true", help="o papel já existe")
        parser.add_argument(
            "--database",
            default="owner" if "owner" in settings.DATABASES else "default",
            help="conexão do dono das tabelas (padrão: owner, de DATABASE_MIGRATE_URL)",
        )
        parser.add_argument("--sql", action="store_true", help="só mostra os comandos SQL")

    def handle(self, *args: Any, **opts: Any) -> None:
        connection = connections[opts["database"]]
        if connection.vendor != "postgresql":
            raise CommandError("papéis de banco só existem no PostgreSQL (SQLite: nada a fazer)")
        password = None
        if opts.get("password_env"):
            password = os.environ.get(opts["password_env"])
            if not password:
                raise CommandError(f"a variável {opts['password_env']} está vazia ou ausente")
        role = opts["role"]
        connection.ensure_connection()
        statements = (
            [] if opts["no_create"] else dbroles.create_role_sql(connection, role, password)
        )
        statements += dbroles.grant_sql(connection, role)
        if opts["sql"]:
            for statement in statements:
                self.stdout.write(statement + ";")
            return
        with connection.cursor() as cur:
            for statement in statements:
                cur.execute(statement)
        found = dbroles.problems(connection, role)
        if found:
            raise CommandError("; ".join(found))
        self.stdout.write(f"papel {role}: só linhas, registro de atos somente de inclusão")
