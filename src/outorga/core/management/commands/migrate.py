"""``outorga migrate``: Django's, run as the tables' owner when ``DATABASE_MIGRATE_URL`` is set
(the ``owner`` alias); the application's own role cannot create or alter tables."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from outorga.core.tenancy import system_wide

_AS = ("NAME", "USER", "PASSWORD", "HOST", "PORT", "OPTIONS")


class Command(DjangoMigrate):
    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        if "owner" in settings.DATABASES:
            parser.set_defaults(database="owner")

    def handle(self, *args: Any, **options: Any) -> None:
        if options.get("database") == "owner":
            # Migrations' code and post-migrate signals also use the default connection: in this
            # process it is the owner's too, or, as the app role, it would wait on the owner's locks.
            default = connections["default"]
            default.close()
            default.settings_dict.update({k: connections["owner"].settings_dict[k] for k in _AS})
            options["database"] = "default"
        # Data migrations read and write every municipality's rows (ADR 0024).
        with system_wide("outorga migrate"):
            super().handle(*args, **options)
