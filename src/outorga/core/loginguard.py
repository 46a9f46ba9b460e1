"""Login limits beyond django-axes' username+address pair, counted from axes' own records of
failed attempts (in the database, so every worker process sees every failure):

- an **account** is locked after ``OUTORGA_LOGIN_ACCOUNT_LIMIT`` failures from any addresses —
  guesses spread over many machines no longer escape the per-address count;
- an **address** is locked after failing with ``OUTORGA_LOGIN_ADDRESS_USERNAMES`` different
  usernames — one password tried on many accounts.

Both last as long as axes' cool-off (``AXES_COOLOFF_TIME``), counted from the latest failure,
and are answered with the same lockout page.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest
from django.utils import timezone


def account_failures(username: str) -> int:
    """Failed logins with this username within the cool-off, from every address."""
    recent = AccessAttempt.objects.filter(username=username, attempt_time__gt=_since())
    return int(recent.aggregate(n=Sum("failures_since_start"))["n"] or 0)


def address_usernames(ip: str) -> int:
    """Different usernames that failed from this address within the cool-off."""
    recent = AccessAttempt.objects.filter(ip_address=ip, attempt_time__gt=_since())
    return recent.values("username").distinct().count()


def _since() -> dt.datetime:
    return timezone.now() - (get_cool_off() or dt.timedelta(0))


class LoginGuardHandler(AxesDatabaseHandler):
    """Axes' database handler with the account's and the address's limits added."""

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        return super().is_locked(request, credentials) or self._over(request, credentials)

    def user_login_failed(
        self,
        sender: Any,
        credentials: dict[str, Any],
        request: HttpRequest | None = None,
        **kwargs: Any,
    ) -> None:
        super().user_login_failed(sender, credentials, request=request, **kwargs)
        if request is None or getattr(request, "axes_locked_out", False):
            return
        if self._over(request, credentials):
            # The failure just recorded reached a limit: this answer is already the lockout.
            request.axes_locked_out = True  # type: ignore[attr-defined]
            request.axes_credentials = credentials  # type: ignore[attr-defined]

    def _over(self, request: HttpRequest, credentials: dict[str, Any] | None) -> bool:
        username = get_client_username(request, credentials)
        if username and account_failures(username) >= settings.OUTORGA_LOGIN_ACCOUNT_LIMIT:
            return True
        ip = getattr(request, "axes_ip_address", None)
        if not ip:
            return False
        return address_usernames(str(ip)) >= settings.OUTORGA_LOGIN_ADDRESS_USERNAMES
