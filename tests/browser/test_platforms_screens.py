"""The finance user opens the platforms screen on a phone-width screen (real chromium)."""

from __future__ import annotations

import pytest
from browser_factories import fits
from playwright.sync_api import expect

from outorga.core.demo import demo_password, demo_username
from outorga.law.competence import Role

pytestmark = pytest.mark.browser


def test_finance_opens_the_platforms_screen_at_390px(page, demo_site, artifacts):
    username = demo_username("barra-do-garcas", Role.FINANCAS)
    page.goto(f"{demo_site.url}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/")
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Plataformas"
    ).click()
    page.wait_for_url(f"{demo_site.url}/plataformas/")
    expect(
        page.get_by_role("heading", name="Plataformas de transporte por aplicativo")
    ).to_be_visible()
    expect(page.get_by_role("link", name="Vai Já Mobilidade (demo)")).to_be_visible()
    chart = page.get_by_role("img", name="Motoristas ativos informados por mês")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    fits(page, 390)
    page.screenshot(path=str(artifacts / "finance-platforms-390px.png"), full_page=True)
    # The late and missing reports are one tap away.
    page.get_by_role("link", name="Relatórios mensais").first.click()
    page.wait_for_url(f"{demo_site.url}/plataformas/relatorios/")
    expect(page.get_by_text("não entregue").first).to_be_visible()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "finance-platform-reports-390px.png"), full_page=True)
