from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CoreConfig(AppConfig):
    name = "outorga.core"
    label = "core"
    verbose_name = "Núcleo"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from . import lookups, retention  # noqa: F401 -- register ``__any`` and a sweep step
        from .authbackend import update_last_login
        from .search import register_sqlite

        # The search's accent folding, on SQLite a Python function (PostgreSQL has it in SQL).
        connection_created.connect(register_sqlite, dispatch_uid="outorga_unaccent")
        # The login's stamp on the account, read across municipalities (ADR 0024).
        user_logged_in.disconnect(dispatch_uid="update_last_login")
        user_logged_in.connect(update_last_login, dispatch_uid="update_last_login")
