"""Login limits beyond the username+address pair (core.loginguard): an account is locked after
failures from any addresses, an address after failing with many usernames; both counted in the
database, so every worker process sees the same count, and both answered with the lockout page."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from outorga.core.demo import demo_password
from outorga.law.competence import Role

LOCKED = 429


def attempt(ip: str, username: str, password: str = "errada", **extra: str) -> int:  # noqa: S107
    client = Client(REMOTE_ADDR=ip, **extra)
    r = client.post("/entrar/", {"username": username, "password": password})
    return r.status_code


@pytest.fixture
def limits(settings, db):  # type: ignore[no-untyped-def]
    settings.AXES_FAILURE_LIMIT = 5
    settings.OUTORGA_LOGIN_ACCOUNT_LIMIT = 6
    settings.OUTORGA_LOGIN_ADDRESS_USERNAMES = 4
    return settings


def test_the_defaults_lock_an_account_at_10_and_an_address_at_10_usernames():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.OUTORGA_LOGIN_ACCOUNT_LIMIT == 10
    assert settings.OUTORGA_LOGIN_ADDRESS_USERNAMES == 10
    assert settings.AXES_HANDLER == "outorga.core.loginguard.LoginGuardHandler"


def test_an_account_is_locked_after_failures_spread_over_many_addresses(limits, user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    # Two guesses from each of three addresses: never 5 from one, 6 in all.
    statuses = [attempt(f"203.0.113.{10 + i // 2}", user.username) for i in range(6)]
    assert statuses == [200] * 5 + [LOCKED]
    # Locked everywhere, even with the right password from an address never seen.
    right = demo_password(user.username)
    assert attempt("203.0.113.99", user.username, right) == LOCKED
    # Only that account: a colleague logs in from one of those addresses.
    colleague = user_of("ipatinga", Role.FISCAL)
    assert attempt("203.0.113.10", colleague.username, demo_password(colleague.username)) == 302


def test_an_address_is_locked_after_failing_with_many_usernames(limits, user_of):
    statuses = [attempt("203.0.113.50", f"ninguem{i}") for i in range(4)]
    assert statuses == [200, 200, 200, LOCKED]
    user = user_of("ipatinga", Role.ATENDENTE)
    right = demo_password(user.username)
    assert attempt("203.0.113.50", user.username, right) == LOCKED
    # The same user from another address is let in: the address was locked, not the account.
    assert attempt("203.0.113.51", user.username, right) == 302


def test_the_lockout_page_says_so_in_portuguese(limits):
    for i in range(4):
        r = Client(REMOTE_ADDR="203.0.113.60").post(
            "/entrar/", {"username": f"outro{i}", "password": "x"}
        )
    assert r.status_code == LOCKED and "Muitas tentativas" in r.content.decode()


def test_behind_a_proxy_each_client_is_counted_by_its_own_address(limits):
    limits.OUTORGA_TRUSTED_PROXIES = 1
    proxy = "10.0.0.2"
    # Four people behind the same proxy, each mistyping once: nobody is locked.
    statuses = [
        attempt(proxy, f"pessoa{i}", HTTP_X_FORWARDED_FOR=f"198.51.100.{40 + i}") for i in range(4)
    ]
    assert statuses == [200] * 4
    # One client trying four usernames through the proxy is.
    statuses = [attempt(proxy, f"alvo{i}", HTTP_X_FORWARDED_FOR="198.51.100.90") for i in range(4)]
    assert statuses[-1] == LOCKED
