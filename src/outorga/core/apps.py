from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CoreConfig(AppConfig):
    name = "outorga.core"
    label = "core"
    verbose_name = "Núcleo"

    def ready(self) -> None:
        from . import retention  # noqa: F401 -- registers the access records' sweep step
        from .search import register_sqlite

        # The search's accent folding, on SQLite a Python function (PostgreSQL has it in SQL).
        connection_created.connect(register_sqlite, dispatch_uid="outorga_unaccent")
