"""The Content-Security-Policy breaks no page: in real chromium, the key screens (with their
scripts, the charts' SVG styles, the API's documentation) load without one violation in the
console, and the infraction picker's script — now a static file — still filters (issue #19)."""

from __future__ import annotations

from typing import Any

import pytest

from outorga.core.demo import demo_password, demo_username
from outorga.law.competence import Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_violations(page: Any) -> list[str]:
    """Every CSP violation chromium reports, from the console and from the page's own event."""
    seen: list[str] = []
    page.on(
        "console",
        lambda msg: seen.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + "
        "e.blockedURI));"
    )
    return seen


def login(page: Any, base: str, role: Role) -> None:
    username = demo_username("ipatinga", role)
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")


def test_key_pages_load_without_a_single_csp_violation(page, demo_site):
    base = demo_site.url
    violations = watch_violations(page)
    page.goto(f"{base}/publico/ipatinga/")
    login(page, base, Role.FINANCAS)
    for path in ("/", "/financas/", "/financas/debitos/", "/api/v1/docs"):
        response = page.goto(f"{base}{path}")
        assert response is not None and response.ok, path
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
    # The API's documentation is drawn by its script: it ran.
    assert page.locator(".swagger-ui").count() > 0
    assert violations == []


def test_the_auto_form_script_runs_under_the_policy(page, demo_site):
    base = demo_site.url
    violations = watch_violations(page)
    login(page, base, Role.FISCAL)
    page.goto(f"{base}/fiscalizacao/autos/novo/")
    search = page.get_by_label("Filtrar por artigo, palavra ou natureza")
    search.fill("asseio")
    assert page.locator("input[name=code]:visible").count() == 1
    assert violations == []
