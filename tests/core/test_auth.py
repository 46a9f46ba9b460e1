"""Logins: Argon2 hashes, throttling, session lifetime, and staff logins in the acts log."""

from __future__ import annotations

from django.conf import settings
from django.test import Client

from outorga.core.demo import demo_password
from outorga.core.models import Act
from outorga.core.tenancy import unscoped
from outorga.law.competence import Role


def test_passwords_are_hashed_with_argon2(user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    assert user.password.startswith("argon2")


def test_a_staff_login_is_an_act_with_the_client_ip(user_of):
    user = user_of("ipatinga", Role.FISCAL)
    client = Client(REMOTE_ADDR="198.51.100.20")
    response = client.post(
        "/entrar/", {"username": user.username, "password": demo_password(user.username)}
    )
    assert response.status_code == 302
    with unscoped():
        act = Act.objects.filter(action="auth.login").order_by("-id").first()
    assert act is not None
    assert (act.actor_name, act.role, act.ip) == (user.username, "fiscal", "198.51.100.20")


def test_logins_are_throttled_after_repeated_failures(user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR="198.51.100.21")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        r = client.post("/entrar/", {"username": user.username, "password": "errada"})
        assert r.status_code == 200
    r = client.post("/entrar/", {"username": user.username, "password": "errada"})
    assert r.status_code == 429  # the limit-th failure locks
    # Even the right password is refused while the lock lasts.
    r = client.post(
        "/entrar/", {"username": user.username, "password": demo_password(user.username)}
    )
    assert r.status_code == 429
    assert "Muitas tentativas" in r.content.decode()


def test_a_wrong_password_says_so_in_portuguese(user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    r = Client().post("/entrar/", {"username": user.username, "password": "errada"})
    assert "Usuário ou senha incorretos" in r.content.decode()


def test_sessions_last_a_working_day_and_end_with_the_browser():
    assert settings.SESSION_COOKIE_AGE <= 8 * 3600
    assert settings.SESSION_EXPIRE_AT_BROWSER_CLOSE is True
    assert settings.SESSION_COOKIE_HTTPONLY is True


def test_pages_need_a_login(db):
    r = Client().get("/")
    assert r.status_code == 302 and r.headers["Location"].startswith("/entrar/")


def test_healthz_checks_the_database(db):
    r = Client().get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"


def test_the_dashboard_shows_real_counts_per_role(user_of):
    client = Client()
    client.force_login(user_of("ipatinga", Role.ATENDENTE))
    html = client.get("/").content.decode()
    assert "Painel — Atendente" in html
    assert "227.731" in html  # Ipatinga's population, Brazilian format
    assert "Plataformas credenciadas" not in html
    client.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    html = client.get("/").content.decode()
    assert "Plataformas credenciadas" in html and "69.210" in html


def test_production_hashes_passwords_with_django_s_argon2_at_its_full_cost():
    """The tests hash at Argon2's cheapest cost (``auth_factories``); the product's own setting is
    Django's Argon2 hasher with its default cost, PBKDF2 kept to verify older hashes."""
    from django.contrib.auth.hashers import Argon2PasswordHasher

    from outorga.config import settings as product

    assert product.PASSWORD_HASHERS == [
        "django.contrib.auth.hashers.Argon2PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]
    assert settings.PASSWORD_HASHERS[1:] == product.PASSWORD_HASHERS
    assert Argon2PasswordHasher.memory_cost >= 100 * 1024
