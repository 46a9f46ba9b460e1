"""Django's model backend, reading the account before its municipality is known.

Who logs in (by username) or returns (by the session's user id) is found before any municipality
is current, and ``core_user`` is under row-level security like every table with a municipality
column (ADR 0024): these two lookups, by a unique key, are the narrow ``unscoped()`` reads that
tell the request its municipality. Everything after them runs in that municipality.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends
from django.http import HttpRequest

from .tenancy import unscoped


class ModelBackend(backends.ModelBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        with unscoped():
            return super().authenticate(request, username=username, password=password, **kwargs)

    def get_user(self, user_id: Any) -> Any:
        with unscoped():
            return super().get_user(user_id)


def update_last_login(sender: Any, user: Any, **kwargs: Any) -> None:
    """Django's receiver of ``user_logged_in``, on the account's own row: a login happens before
    its municipality is current (``CoreConfig.ready`` puts it in Django's place)."""
    from django.contrib.auth.models import update_last_login as django_update_last_login

    with unscoped():
        django_update_last_login(sender, user, **kwargs)
