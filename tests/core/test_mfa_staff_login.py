"""Staff MFA (core/mfa.py, issue #19 item 5): with OUTORGA_MFA_REQUIRED, a servant's login is the
password and a TOTP code (or a one-use recovery code); a servant without the app is sent to set it
up; portal and platform logins, and API tokens, are not affected."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from typing import Any

import pytest
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from outorga.core.demo import demo_password
from outorga.core.models import Act
from outorga.core.tenancy import tenant, unscoped
from outorga.law.competence import Role

IP = "203.0.113.70"
LOCKED = 429


@pytest.fixture
def mfa_on(settings, db):  # type: ignore[no-untyped-def]
    settings.OUTORGA_MFA_REQUIRED = True
    # django-otp's backoff after a wrong code (1 s, 2 s…) would refuse the right code typed
    # within the same second; the tests judge the outcome, not the delay.
    settings.OTP_TOTP_THROTTLE_FACTOR = 0
    settings.OTP_STATIC_THROTTLE_FACTOR = 0
    return settings


def code_of(device: TOTPDevice, *, steps_ahead: int = 0) -> str:
    """The app's code; ``steps_ahead`` picks the next 30 s window (the device accepts one step of
    drift, and refuses a window already used)."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():0{device.digits}d}"


def password_login(client: Client, user: Any, next_url: str = "/") -> Any:
    return client.post(
        "/entrar/",
        {"username": user.username, "password": demo_password(user.username), "next": next_url},
    )


def set_up(client: Client, user: Any) -> tuple[TOTPDevice, list[str]]:
    """Through the pages: the password, the setup page, its code; gives the device and codes."""
    assert password_login(client, user).status_code == 302
    page = client.get("/conta/mfa/")
    assert page.status_code == 200
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    r = client.post("/conta/mfa/", {"codigo": code_of(device), "next": "/"})
    assert r.status_code == 200, r.content.decode()
    codes = re.findall(r"<li><code>([0-9a-z]+)</code></li>", r.content.decode())
    device.refresh_from_db()
    return device, codes


def mfa_acts(user: Any) -> list[tuple[str, str]]:
    with unscoped():
        acts = Act.objects.filter(actor_name=user.username, action__startswith="auth.mfa")
        return list(acts.order_by("seq").values_list("action", "outcome"))


def test_a_staff_login_asks_the_code_after_setup_refuses_a_wrong_one_and_takes_the_right_one(
    mfa_on, user_of
):
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    device, codes = set_up(client, user)
    assert device.confirmed and len(codes) == 10 and len(set(codes)) == 10
    assert client.get("/").status_code == 200  # the setup's code verified the session
    client.post("/sair/")

    r = password_login(client, user, "/cadastro/")
    assert r.status_code == 302
    r = client.get("/cadastro/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/codigo/")
    page = client.get(r["Location"])
    assert "Verificação em duas etapas" in page.content.decode()

    wrong = client.post("/entrar/codigo/", {"codigo": "000000", "next": "/cadastro/"})
    assert wrong.status_code == 200 and "Código incorreto" in wrong.content.decode()
    assert client.get("/").status_code == 302  # still not in

    right = client.post(
        "/entrar/codigo/", {"codigo": code_of(device, steps_ahead=1), "next": "/cadastro/"}
    )
    assert right.status_code == 302 and right["Location"] == "/cadastro/"
    assert client.get("/").status_code == 200
    assert mfa_acts(user) == [
        ("auth.mfa.setup", "done"),
        ("auth.mfa.verify", "refused"),
        ("auth.mfa.verify", "done"),
    ]


def test_a_recovery_code_lets_in_once(mfa_on, user_of):
    user = user_of("ipatinga", Role.FISCAL)
    client = Client(REMOTE_ADDR=IP)
    _device, codes = set_up(client, user)
    client.post("/sair/")

    password_login(client, user)
    r = client.post("/entrar/codigo/", {"codigo": codes[0], "next": "/"})
    assert r.status_code == 302 and r["Location"] == "/"
    assert client.get("/").status_code == 200
    assert not StaticToken.objects.filter(token=codes[0]).exists()
    client.post("/sair/")

    password_login(client, user)
    again = client.post("/entrar/codigo/", {"codigo": codes[0], "next": "/"})
    assert again.status_code == 200 and "Código incorreto" in again.content.decode()
    assert client.get("/").status_code == 302
    assert ("auth.mfa.recovery", "done") in mfa_acts(user)


def test_a_staff_user_without_the_app_is_sent_to_set_it_up(mfa_on, user_of):
    user = user_of("ipatinga", Role.AUTORIDADE)
    client = Client(REMOTE_ADDR=IP)
    password_login(client, user)
    r = client.get("/cadastro/")
    assert r.status_code == 302 and r["Location"].startswith("/conta/mfa/")
    page = client.get(r["Location"]).content.decode()
    assert "<svg" in page and "Configurar verificação em duas etapas" in page
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    with tenant(user.municipality):  # the URL names the device's user
        assert device.config_url.startswith("otpauth://totp/")
    # The code page sends there too: there is nothing to verify yet.
    assert client.get("/entrar/codigo/")["Location"].startswith("/conta/mfa/")


def test_a_wrong_code_at_setup_does_not_confirm_the_app(mfa_on, user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    password_login(client, user)
    client.get("/conta/mfa/")
    r = client.post("/conta/mfa/", {"codigo": "123456"})
    assert r.status_code == 200 and "Código incorreto" in r.content.decode()
    assert not TOTPDevice.objects.filter(user=user, confirmed=True).exists()
    assert client.get("/").status_code == 302


def test_the_password_alone_cannot_replace_a_set_up_app(mfa_on, user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    device, _codes = set_up(client, user)
    client.post("/sair/")
    password_login(client, user)
    r = client.get("/conta/mfa/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/codigo/")
    assert TOTPDevice.objects.filter(user=user).count() == 1


def test_wrong_codes_count_in_the_login_limits(mfa_on, user_of):
    mfa_on.AXES_FAILURE_LIMIT = 3
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    device, _codes = set_up(client, user)
    client.post("/sair/")
    password_login(client, user)
    statuses = [client.post("/entrar/codigo/", {"codigo": "000000"}).status_code for _ in range(3)]
    assert statuses == [200, 200, LOCKED]
    # Locked out and logged out: neither the code nor the password gets in now.
    assert client.get("/").status_code == 302
    assert password_login(client, user).status_code == LOCKED


def test_non_staff_roles_log_in_with_the_password_only(mfa_on, user_of):
    for role in (Role.PERMISSIONARIO, Role.PLATAFORMA):
        user = user_of("ipatinga", role)
        client = Client(REMOTE_ADDR=IP)
        assert password_login(client, user).status_code == 302
        r = client.get("/")
        assert r.status_code == 200, role
        assert not TOTPDevice.objects.filter(user=user).exists()


def test_without_the_setting_staff_log_in_with_the_password_only(settings, user_of):
    settings.OUTORGA_MFA_REQUIRED = False
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    password_login(client, user)
    assert client.get("/").status_code == 200


def test_a_session_api_call_before_the_code_answers_401_in_portuguese(mfa_on, user_of):
    user = user_of("ipatinga", Role.ATENDENTE)
    client = Client(REMOTE_ADDR=IP)
    password_login(client, user)
    r = client.get("/api/v1/municipality/law-bindings")
    assert r.status_code == 401
    body = r.json()
    assert body["codigo"] == "mfa_pendente" and "código" in body["detail"]


def test_production_requires_mfa_by_default_and_the_tests_and_the_demo_do_not():
    from django.conf import settings

    assert settings.OUTORGA_MFA_REQUIRED is False
    assert "outorga.core.middleware.MfaRequiredMiddleware" in settings.MIDDLEWARE
    env = {
        **os.environ,
        "OUTORGA_ENV": "production",
        "OUTORGA_SECRET_KEY": "k" * 60,
        "OUTORGA_ALLOWED_HOSTS": "example.org",
    }
    env.pop("OUTORGA_MFA_REQUIRED", None)
    read = "import outorga.config.settings as s; print(s.OUTORGA_MFA_REQUIRED)"
    out = subprocess.run(  # noqa: S603 - our own interpreter, a fixed program
        [sys.executable, "-c", read], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"


def test_api_tokens_are_not_affected(mfa_on, barra_m, user_of):
    from outorga.core.acts import Actor
    from outorga.core.tenancy import tenant
    from outorga.platforms.models import Platform
    from outorga.platforms.tokens import api_token_issue

    authority = user_of("barra-do-garcas", Role.AUTORIDADE)
    with tenant(barra_m):
        platform = Platform.objects.first()
        _token, secret = api_token_issue(
            actor=Actor.of(authority), municipality=barra_m, platform=platform, name="mfa"
        )
    bearer = {"Authorization": f"Bearer {secret}"}
    assert Client().get("/api/v1/platform/me", headers=bearer).status_code == 200
    # Even from a browser whose staff session still owes the code, the token is judged alone.
    client = Client(REMOTE_ADDR=IP)
    password_login(client, authority)
    assert client.get("/api/v1/platform/me", headers=bearer).status_code == 200
    assert client.get("/api/v1/municipality/law-bindings", headers=bearer).status_code == 401
