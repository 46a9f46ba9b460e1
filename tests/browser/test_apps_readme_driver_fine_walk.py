"""The README's apps walk in one sitting, in chromium at desktop and phone width (art. 26, I; ADR
0082): as autoridade.barra, on the first demo platform's page, a fine for Carla Mendes (demo), who
has no final warning, is refused citing art. 26, I; a fine of 50 UPFBG for Bruno Carvalho (demo),
whose warning the demo made final, is imposed and his debt is R$ 5.000,00 at the example UPFBG."""

from __future__ import annotations

import pytest
from browser_factories import fits, login
from playwright.sync_api import expect

from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformPenalty

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
BRUNO = "91476670790"


def _fine(page, cpf: str, today: str) -> None:  # type: ignore[no-untyped-def]
    form = page.get_by_role("region", name="Aplicar advertência ou multa")
    # The dates come filled with today (the date picker reads them): nothing to type.
    assert form.get_by_label("Data do fato").input_value() == today
    assert form.get_by_label("Notificação para defesa").input_value() == today
    form.get_by_label("CPF do motorista").fill(cpf)
    form.get_by_label("Penalidade", exact=True).select_option("fine")
    form.get_by_label("Fato", exact=True).fill("Cobrança acima da tarifa publicada.")
    form.get_by_label("Fundamentação").fill("Reincidência após advertência definitiva.")
    form.get_by_label("Multa em UPFBG").fill("50")
    form.locator("label", has_text="Defesa apresentada e julgada").click()
    form.get_by_role("button", name="Aplicar").click()


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_art_26_i_the_readme_walk_fines_the_driver_whose_warning_is_final(
    page, demo_site, artifacts, screen
):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    today = today_of(m).isoformat()
    login(page, base, Role.AUTORIDADE, "barra-do-garcas")
    page.get_by_role("link", name="Plataformas").first.click()
    page.get_by_role("link", name="Plataforma Exemplo (demo)").click()
    with tenant(m):
        warning = PlatformPenalty.objects.get(driver__cpf=BRUNO, kind="warning")
    penalties = page.locator("li", has_text="ao motorista Bruno Carvalho (demo)")
    expect(penalties).to_contain_text("definitiva")
    # Listed on the day it was decided, not on the day the demo loaded it.
    expect(penalties).to_contain_text(f"{warning.imposed_on:%d/%m/%Y}: advertência")
    fits(page, width)
    # Each label names one field: the penalty form and the case form do not share ids.
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})

    _fine(page, "574.817.708-08", today)
    expect(page.get_by_text("art. 26, I").first).to_be_visible()
    page.screenshot(path=str(artifacts / f"apps-fine-refused-{width}px.png"), full_page=True)

    page.goto(f"{base}/plataformas/")
    page.get_by_role("link", name="Plataforma Exemplo (demo)").click()
    _fine(page, "914.766.707-90", today)  # BRUNO, typed masked
    expect(page.get_by_text("R$ 5.000,00").first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"apps-fine-imposed-{width}px.png"), full_page=True)
