"""What every response tells the browser: a Content-Security-Policy that runs only the site's own
scripts and forbids framing, a Permissions-Policy, and — when a user is logged in or an API
client sends its token — that nothing may be cached. And a session left idle ends."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from outorga.core.middleware import LAST_SEEN
from outorga.law.competence import Role


def directives(response) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    header = response["Content-Security-Policy"]
    out = {}
    for part in header.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


@pytest.fixture
def clerk_c(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


@pytest.mark.parametrize("path", ["/", "/cadastro/pessoas/", "/api/v1/me"])
def test_a_logged_in_page_and_the_api_carry_the_csp_and_permissions_policy(clerk_c, path):
    r = clerk_c.get(path)
    assert r.status_code == 200
    csp = directives(r)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert r["X-Frame-Options"] == "DENY"
    policy = r["Permissions-Policy"]
    assert "camera=()" in policy and "microphone=()" in policy
    assert "geolocation=(self)" in policy  # the auto de infração records the agent's position


@pytest.mark.parametrize("path", ["/", "/cadastro/pessoas/", "/api/v1/me"])
def test_what_a_logged_in_user_is_shown_is_never_stored_by_a_cache(clerk_c, path):
    r = clerk_c.get(path)
    cache_control = {d.strip() for d in r["Cache-Control"].split(",")}
    assert {"no-store", "private"} <= cache_control


def test_a_platforms_token_answer_is_never_stored_either(db):
    r = Client().get("/api/v1/me", HTTP_AUTHORIZATION="Bearer otg_invalido")
    assert "no-store" in r["Cache-Control"]


def test_the_public_pages_and_the_login_carry_the_csp_too(db):
    for path in ("/entrar/", "/publico/ipatinga/"):
        r = Client().get(path)
        assert r.status_code == 200, path
        assert directives(r)["frame-ancestors"] == ["'none'"]
        assert "Permissions-Policy" in r


def scripts(html: str) -> list[str]:
    return [chunk.split(">", 1)[0] for chunk in html.split("<script")[1:]]


def test_no_page_writes_an_inline_script(clerk_c, user_of):
    """The policy forbids inline scripts: a page that wrote one would break in the browser."""
    agent = Client()
    agent.force_login(user_of("ipatinga", Role.FISCAL))
    pages = [
        (Client(), "/entrar/"),
        (clerk_c, "/"),
        (clerk_c, "/cadastro/pessoas/"),
        (agent, "/fiscalizacao/autos/novo/"),
    ]
    for client, path in pages:
        r = client.get(path)
        assert r.status_code == 200, path
        tags = scripts(r.content.decode())
        assert tags and all("src=" in tag for tag in tags), (path, tags)
    # The infraction picker's filter and the agent's position: a static file of the site.
    form = agent.get("/fiscalizacao/autos/novo/").content.decode()
    assert any("enforcement/auto_form.js" in tag for tag in scripts(form))


# --- idle timeout ---------------------------------------------------------------------------


def test_a_session_idle_longer_than_the_setting_is_ended(clerk_c, settings):
    settings.OUTORGA_IDLE_MINUTES = 2
    assert clerk_c.get("/").status_code == 200
    session = clerk_c.session
    session[LAST_SEEN] -= 2 * 60 + 1  # the last request, just over two minutes ago
    session.save()
    r = clerk_c.get("/cadastro/pessoas/")
    assert r.status_code == 302
    assert r["Location"].startswith("/entrar/?next=/cadastro/pessoas/")
    assert "inativo=1" in r["Location"]
    login = clerk_c.get(r["Location"])
    assert "encerrada por inatividade" in login.content.decode()
    # Logged out for good: the next request is anonymous too.
    assert clerk_c.get("/").status_code == 302


def test_a_session_used_within_the_setting_stays_open(clerk_c, settings):
    settings.OUTORGA_IDLE_MINUTES = 2
    assert clerk_c.get("/").status_code == 200
    session = clerk_c.session
    session[LAST_SEEN] -= 2 * 60 - 5
    session.save()
    assert clerk_c.get("/cadastro/pessoas/").status_code == 200
    # That request counted as activity: the clock starts again.
    assert clerk_c.session[LAST_SEEN] > session[LAST_SEEN]


def test_the_api_answers_an_idle_session_with_401_in_portuguese(clerk_c, settings):
    settings.OUTORGA_IDLE_MINUTES = 1
    assert clerk_c.get("/api/v1/me").status_code == 200
    session = clerk_c.session
    session[LAST_SEEN] -= 61
    session.save()
    r = clerk_c.get("/api/v1/me")
    assert r.status_code == 401
    assert r.json()["detail"].startswith("Sessão encerrada após 1 minuto sem atividade")


def test_the_idle_timeout_defaults_to_half_an_hour_within_a_working_day():
    assert settings.OUTORGA_IDLE_MINUTES == 30
    assert settings.SESSION_COOKIE_AGE <= 8 * 3600


def test_no_template_holds_an_inline_script():
    """Every template of every app, not only the pages visited above: a ``<script>`` without
    ``src`` would be refused by the policy in the browser (a page's script goes in ``static/``)."""
    import pathlib
    import re

    import outorga

    root = pathlib.Path(outorga.__file__).parent
    inline = [
        f"{path.relative_to(root)}: {tag}"
        for path in root.rglob("templates/**/*.html")
        for tag in re.findall(r"<script\b[^>]*>", path.read_text(encoding="utf-8"))
        if "src=" not in tag
    ]
    assert not inline, inline
