"""Lei 9.784/1999 art. 53 in a real browser, under the apps law (art. 26 I–II, D-17): the authority
opens a warning imposed on the wrong platform, tries to annul it without grounds (the law refuses,
art. 50), then with them; the confirmation says what the annulment does before the click, and the
warning closes annulled. At phone (390 px) and desktop (1280 px) widths, nothing wider than the
screen."""

from __future__ import annotations

import pytest
from browser_factories import a_warning, fits, login
from django.utils import timezone
from validate_docbr import CNPJ

from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformPenalty

pytestmark = pytest.mark.browser

GROUNDS = "O relatório faltante é de outra plataforma: a advertência foi lavrada contra a errada."


def test_lei_9784_art_53_the_authority_annuls_a_platform_s_warning_on_its_page(
    page, demo_site, artifacts
):
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    today = today_of(m)
    with tenant(m):
        p = Platform.objects.create(
            cnpj=CNPJ().generate(), name="Plataforma Trocada", credentialed_at=timezone.now()
        )
        warning = a_warning(m, p, today)

    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/penalidades/{warning.pk}/")
    page.get_by_role("heading", name="Anular de ofício (Lei 9.784/1999, art. 53)").wait_for()
    # Blank grounds (spaces): the law refuses, naming the article.
    page.get_by_label("Fundamentos (vício de legalidade)").fill("   ")
    page.get_by_role("button", name="Anular de ofício").click()
    body = page.locator("main").inner_text()
    assert "vício de legalidade" in body and "art. 50" in body
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(
            path=str(artifacts / f"platform-annul-refused-{width}px.png"), full_page=True
        )

    page.get_by_label("Fundamentos (vício de legalidade)").fill(GROUNDS)
    page.get_by_role("button", name="Anular de ofício").click()
    consequence = page.locator(".confirm-consequence").inner_text()
    assert "A anulação de ofício da advertência escrita é definitiva" in consequence
    assert "deixa de contar como ocorrência (art. 26, I)" in consequence
    with tenant(m):
        assert PlatformPenalty.objects.get(pk=warning.pk).status != PlatformPenalty.Status.ANNULLED
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(
            path=str(artifacts / f"platform-annul-confirm-{width}px.png"), full_page=True
        )
    page.get_by_role("button", name="Confirmar a anulação").click()
    page.get_by_text("Penalidade anulada de ofício (Lei 9.784/1999, art. 53).").wait_for()
    with tenant(m):
        assert PlatformPenalty.objects.get(pk=warning.pk).status == PlatformPenalty.Status.ANNULLED
    assert (
        page.get_by_role("heading", name="Anular de ofício (Lei 9.784/1999, art. 53)").count() == 0
    )
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"platform-annul-done-{width}px.png"), full_page=True)
