"""``outorga migrate``: Django's, run as the tables' owner when ``DATABASE_MIGRATE_URL`` is set
(the ``owner`` alias); the application's own role cannot create or alter tables."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.commands.migrate import Command as DjangoMigrate


class Command(DjangoMigrate):
    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        if "owner" in settings.DATABASES:
            parser.set_defaults(database="owner")
