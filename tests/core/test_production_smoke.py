"""The production smoke test (issue #19, item 9): gunicorn with the production settings
(``OUTORGA_ENV=production``, its config ``outorga.config.gunicorn``), against this run's
PostgreSQL database and the Redis at 127.0.0.1:6379 when one answers (CI runs one): health,
static files served by the app server, a staff login with its TOTP code, one page per role, one
document uploaded and read back, and the access log without the badge token.

Requests come as through the HTTPS proxy of docs/deploy.md (``X-Forwarded-Proto: https``); the
client sends back the ``Secure`` cookies itself, since the socket here is plain HTTP."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from demo_factories import demo_fresh
from django.db import connection
from django_otp.plugins.otp_totp.models import TOTPDevice
from test_mfa_staff_login import code_of

from outorga.core.demo import demo_password, demo_username
from outorga.core.mfa import requires_mfa
from outorga.core.models import User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Person

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SRC = Path(__file__).resolve().parents[2] / "src"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
REDIS = ("127.0.0.1", 6379)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _redis_answers() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _database_url() -> str:
    d = connection.settings_dict
    password = f":{d['PASSWORD']}" if d.get("PASSWORD") else ""
    return f"postgres://{d['USER']}{password}@{d['HOST']}:{d['PORT'] or 5432}/{d['NAME']}"


class Browser:
    """A client that keeps the session's cookies (``Secure`` ones too) and sends the CSRF pair
    and a same-origin Referer, as a browser behind the HTTPS proxy does."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, **kw: Any) -> requests.Response:
        headers = {"X-Forwarded-Proto": "https", "Referer": f"https://{self.base[7:]}/"}
        headers.update(kw.pop("headers", {}))
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        r = requests.request(
            method,
            self.base + path,
            headers=headers,
            cookies=self.cookies,
            allow_redirects=False,
            timeout=30,
            **kw,
        )
        self.cookies.update(r.cookies.get_dict())
        return r

    def get(self, path: str) -> requests.Response:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, Any], **kw: Any) -> requests.Response:
        return self.request("POST", path, data=data, **kw)

    def follow(self, r: requests.Response) -> requests.Response:
        while r.status_code in (301, 302, 303):
            target = r.headers["Location"].replace("https://" + self.base[7:], "")
            r = self.get(target)
        return r

    def csrf(self, path: str) -> str:
        page = self.get(path)
        assert page.status_code == 200, (path, page.status_code)
        return self.cookies["csrftoken"]


@pytest.fixture
def server(tmp_path) -> Iterator[dict[str, Any]]:  # type: ignore[no-untyped-def]
    demo_fresh()  # the transactional database starts empty
    port = _free_port()
    redis = _redis_answers()
    env = {
        **os.environ,
        "PYTHONPATH": str(SRC),
        "OUTORGA_ENV": "production",
        "OUTORGA_SECRET_KEY": secrets.token_urlsafe(48),
        "OUTORGA_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": _database_url(),
        "OUTORGA_STATIC_ROOT": str(tmp_path / "static"),
        "OUTORGA_MEDIA_ROOT": str(tmp_path / "media"),
        "OUTORGA_BIND": f"127.0.0.1:{port}",
        "OUTORGA_WEB_WORKERS": "2",
        "OUTORGA_LOG_LEVEL": "WARNING",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("REDIS_URL", None)
    env.pop("CACHE_URL", None)
    if redis:
        env["REDIS_URL"] = f"redis://{REDIS[0]}:{REDIS[1]}/{9 + os.getpid() % 6}"
    python = sys.executable
    subprocess.run(
        [python, "-m", "outorga.cli", "collectstatic", "--noinput", "-v", "0"],
        env=env,
        check=True,
        timeout=120,
    )
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                python,
                "-m",
                "gunicorn",
                "-c",
                "python:outorga.config.gunicorn",
                "outorga.config.wsgi",
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(240):
                try:
                    if requests.get(f"{base}/healthz", timeout=5).status_code == 200:
                        break
                except requests.RequestException:  # not listening yet, or still booting
                    pass
                if proc.poll() is not None:
                    pytest.fail(f"gunicorn saiu: {log.read_text()[-3000:]}")
                time.sleep(0.25)
            yield {"base": base, "log": log, "redis": redis, "env": env}
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def _login(b: Browser, user: User) -> requests.Response:
    b.csrf("/entrar/")
    r = b.post(
        "/entrar/",
        {"username": user.username, "password": demo_password(user.username), "next": "/"},
    )
    assert r.status_code == 302, (user.username, r.status_code, r.text[:500])
    if requires_mfa(user):
        # The half-open session is held on the code's page, wherever it asks to go.
        r = b.get(r.headers["Location"])
        assert r.status_code == 302 and r.headers["Location"].startswith("/entrar/codigo/")
        assert b.get(r.headers["Location"]).status_code == 200
        device = TOTPDevice.objects.get(user=user, confirmed=True)
        r = b.post("/entrar/codigo/", {"codigo": code_of(device), "next": "/"})
        assert r.status_code == 302, (user.username, r.text[:500])
    return b.follow(r)


def test_production_under_gunicorn_health_static_mfa_every_role_and_an_upload(server, settings):
    settings.OUTORGA_MFA_REQUIRED = True  # as in production: requires_mfa() reads it here too
    base = server["base"]
    health = requests.get(f"{base}/healthz", timeout=10)
    assert health.json() == {"status": "ok", "database": "postgresql"}

    # Static files from gunicorn itself: the hashed, compressed names the pages link to.
    b = Browser(base)
    login_page = b.get("/entrar/").text
    css = re.search(r'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', login_page)
    assert css, login_page[:800]
    static = requests.get(
        base + css.group(1),
        headers={"Accept-Encoding": "gzip", "X-Forwarded-Proto": "https"},
        allow_redirects=False,
        timeout=10,
    )
    assert static.status_code == 200 and "immutable" in static.headers["Cache-Control"]

    # Every role of a municipality (the system administrator, of none, works by the command line).
    users = {
        role: User.objects.get(username=demo_username("ipatinga", role))
        for role in Role
        if role is not Role.ADMIN
    }
    for user in users.values():
        if requires_mfa(user):
            TOTPDevice.objects.create(user=user, name="Outorga", confirmed=True)

    browsers = {}
    for role, user in users.items():
        browser = browsers[role] = Browser(base)
        page = _login(browser, user)
        assert page.status_code == 200, (role, page.status_code)
        assert 'name="password"' not in page.text, role  # in, not back at the login form
        assert "no-store" in page.headers["Cache-Control"], role

    # The atendente uploads a document and reads it back, as an attachment.
    clerk = browsers[Role.ATENDENTE]  # a TOTP code is good once: the session logged in above
    with tenant(users[Role.ATENDENTE].municipality):
        holder = Person.objects.order_by("pk").first()
    assert holder is not None
    r = clerk.post(
        "/api/v1/registry/documents",
        {"doc_type": "rg", "issued_on": "2024-05-02", "person_id": str(holder.pk)},
        files={"file": ("rg.pdf", PDF, "application/pdf")},
    )
    assert r.status_code == 201, r.text
    got = clerk.get(f"/cadastro/documentos/{r.json()['id']}/arquivo/")
    assert got.status_code == 200 and got.content == PDF
    assert got.headers["Content-Disposition"].startswith("attachment;")
    assert any(Path(server["env"]["OUTORGA_MEDIA_ROOT"]).rglob("*.pdf"))

    if server["redis"]:
        # Sessions in the shared cache: any machine behind the balancer finds them.
        import redis

        keys = redis.Redis.from_url(server["env"]["REDIS_URL"]).keys("*cached_db*")
        assert keys, "nenhuma sessão no Redis"

    # The access log has every request, and no badge token.
    token = "A" * 116
    assert (
        requests.get(
            f"{base}/v/{token}", headers={"X-Forwarded-Proto": "https"}, timeout=10
        ).status_code
        == 404
    )
    time.sleep(0.5)
    log = server["log"].read_text()
    assert "GET /v/[removido] HTTP/1.1" in log and token not in log
