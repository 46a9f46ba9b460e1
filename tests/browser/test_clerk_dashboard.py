"""A clerk logs in on a phone-width screen and sees the dashboard (real chromium)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from outorga.core.demo import demo_password, demo_username
from outorga.law.competence import Role

pytestmark = pytest.mark.browser


def test_a_clerk_logs_in_and_sees_the_dashboard(page, demo_site, artifacts):
    username = demo_username("ipatinga", Role.ATENDENTE)
    page.goto(f"{demo_site.url}/")
    assert "/entrar/" in page.url
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/")
    expect(page.get_by_role("heading", name="Painel — Atendente")).to_be_visible()
    expect(page.get_by_text("227.731")).to_be_visible()
    expect(page.get_by_role("navigation", name="Navegação principal")).to_be_visible()
    # The acts log is not for clerks: the menu does not offer it.
    assert page.get_by_role("link", name="Registro de atos").count() == 0
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "clerk-dashboard-390px.png"), full_page=True)
