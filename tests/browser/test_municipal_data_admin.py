"""The municipality's administrator records a ponto facultativo and a decree tariff on a
phone-width screen (real chromium): the page fits the phone, and the history shows them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from outorga.core.demo import demo_password, demo_username
from outorga.law.competence import Role

pytestmark = pytest.mark.browser


@pytest.mark.clock("2026-12-05T12:00:00-03:00")
def test_the_administrator_records_dated_data_on_a_phone(page, demo_site, artifacts):
    username = demo_username("ipatinga", Role.ADMIN)
    page.goto(f"{demo_site.url}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/")
    page.get_by_role("link", name="Dados do município").click()
    page.wait_for_url("**/municipio/dados/")

    calendar = page.locator("section#calendar")
    calendar.get_by_label("Data", exact=True).fill("2026-04-24")
    calendar.get_by_label("Tipo").select_option("optional")
    calendar.get_by_label("Descrição").fill("ponto facultativo do navegador")
    calendar.get_by_label("Ato legal").fill("Decreto 77/2026")
    calendar.get_by_role("button", name="Registrar dia").click()
    page.wait_for_url("**/municipio/dados/#calendar")
    expect(page.get_by_text("Dia registrado no calendário do município.")).to_be_visible()
    expect(page.get_by_role("cell", name="ponto facultativo do navegador")).to_be_visible()

    params = page.locator("section#parameter")
    params.get_by_label("Parâmetro").select_option("mototaxi_2013.tariff.mototaxi.urbana")
    params.get_by_label("Valor", exact=True).fill("7.25")  # not Brazilian format: refused
    params.get_by_label("Em vigor desde").fill("2026-02-01")
    params.get_by_label("Ato legal").fill("Decreto 78/2026")
    params.get_by_role("button", name="Registrar valor").click()
    expect(page.locator(".feedback", has_text="use vírgula para os decimais")).to_be_visible()
    params = page.locator("section#parameter")
    params.get_by_label("Valor", exact=True).fill("7,25")
    params.get_by_role("button", name="Registrar valor").click()
    page.wait_for_url("**/municipio/dados/#parameter")
    expect(page.get_by_role("cell", name="R$ 7,25 por corrida").first).to_be_visible()

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "municipal-data-390px.png"), full_page=True)


def test_barra_s_administrator_adopts_ipatinga_s_mototaxi_law_on_a_phone(
    page, demo_site, artifacts
):
    """D-15: the law of a service is dated data; a law that does not govern the service is refused
    naming the field, and the one that does is listed as in force."""
    username = demo_username("barra-do-garcas", Role.ADMIN)
    page.goto(f"{demo_site.url}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/")
    page.goto(f"{demo_site.url}/municipio/dados/#law_binding")
    laws = page.locator("section#law_binding")
    expect(laws.get_by_role("cell", name="transporte por aplicativo", exact=True)).to_be_visible()
    laws.get_by_label("Serviço").select_option("taxi")
    laws.get_by_label("Lei (regras)").select_option("ipatinga.mototaxi-2013")
    laws.get_by_label("Em vigor desde").fill("2026-01-01")
    laws.get_by_label("Ato", exact=True).fill("Lei Municipal 5.000/2026")
    laws.get_by_role("button", name="Registrar lei do serviço").click()
    expect(page.locator(".feedback", has_text="não rege táxi")).to_be_visible()
    laws = page.locator("section#law_binding")
    laws.get_by_label("Serviço").select_option("mototaxi")
    laws.get_by_role("button", name="Registrar lei do serviço").click()
    page.wait_for_url("**/municipio/dados/#law_binding")
    expect(page.get_by_text("Lei do serviço registrada.")).to_be_visible()
    assert (
        page.locator("section#law_binding")
        .get_by_role("cell", name="mototáxi", exact=True)
        .is_visible()
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "law-bindings-390px.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{demo_site.url}/municipio/dados/#law_binding")
    page.screenshot(path=str(artifacts / "law-bindings-desktop.png"), full_page=False)
