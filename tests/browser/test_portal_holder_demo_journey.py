"""The demo's holder login (``permissionario.ipatinga``, holder of MT-0101 with an example auto)
walks the portal in chromium at desktop and phone width, as the README invites: portal → permit →
infractions → the case → a defence filed → debts. Every page fits the screen, reads dates as
dd/mm/aaaa and money as R$, and leads back to the page it came from (a "←" link at the top, as
the permit's page always had); the list of cases is a column of cards, no bullet beside them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_factories import fits, login_as
from django.core.management import call_command
from playwright.sync_api import expect

from outorga.core.demo import demo_password

pytestmark = pytest.mark.browser

HOLDER = "permissionario.ipatinga"
DATE = re.compile(r"\b\d{2}/\d{2}/\d{4}\b")


def back_to(page: Any, name: str, url: str) -> None:
    """The page's way back is a link at its top, and it leads to ``url``."""
    link = page.locator("main").get_by_role("link", name=f"← {name}")
    box = link.bounding_box()
    h1 = page.locator("main h1").bounding_box()
    assert box is not None and h1 is not None and box["y"] < h1["y"], "no way back above the title"
    link.click()
    page.wait_for_url(url)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_demo_holder_walks_permit_infractions_defence_and_debts(
    page: Any, demo_site: Any, artifacts: Any, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    call_command("demo", "--quiet")  # the example registry and its holder, as the README's demo
    login_as(page, base, HOLDER, demo_password(HOLDER))

    def shot(name: str) -> None:
        fits(page, width)
        page.screenshot(path=str(artifacts / f"holder-demo-{name}-{width}px.png"), full_page=True)

    page.goto(f"{base}/portal/")
    shot("portal")
    page.get_by_role("link", name="Permissão MT-0101").click()
    page.wait_for_url(re.compile(r"/portal/permissoes/\d+/$"))
    expect(page.locator("main")).to_contain_text("02/05/2022 a 02/05/2032")
    shot("permit")
    back_to(page, "Portal do permissionário", f"{base}/portal/")

    page.get_by_role("link", name="Minhas infrações e defesas").click()
    page.wait_for_url(f"{base}/portal/infracoes/")
    shot("infractions")
    card = page.locator("main li.br-card").first
    marker = card.evaluate("li => getComputedStyle(li).listStyleType")
    left = page.locator("main h1").bounding_box()["x"]
    assert marker == "none" and card.bounding_box()["x"] <= left + 1, "a bullet beside the card"
    case_link = card.get_by_role("link", name=re.compile(r"^Processo PA-"))
    case_url = f"{base}{case_link.get_attribute('href')}"
    case_link.click()
    page.wait_for_url(case_url)
    text = page.locator("main").inner_text()
    assert "Multa total R$ 5,00" in text and DATE.search(text)
    shot("case")

    page.get_by_label("Razões").fill("O veículo estava limpo no dia; peço o arquivamento.")
    page.get_by_role("button", name="Enviar").click()
    expect(page.get_by_text("Peça enviada")).to_be_visible()
    expect(page.locator("main")).to_contain_text("aguardando julgamento")
    shot("defence-filed")
    back_to(page, "Minhas infrações e processos", f"{base}/portal/infracoes/")
    back_to(page, "Portal do permissionário", f"{base}/portal/")

    page.get_by_role("link", name="Meus débitos").first.click()
    page.wait_for_url(f"{base}/portal/debitos/")
    text = page.locator("main").inner_text()
    assert "R$ 5,00" in text and DATE.search(text)
    shot("debts")
    back_to(page, "Portal do permissionário", f"{base}/portal/")
