"""A citizen of Barra do Garças, in chromium at desktop and phone width, files a complaint about a
platform from the municipality's public page (apps art. 11 III), gets a protocol and a tracking
code, follows it, and after the platform answers sees the answer and the law's deadline
(art. 15)."""

from __future__ import annotations

import re

import pytest
from browser_factories import fits
from django.core.cache import cache
from platforms_factories import platform_actor
from playwright.sync_api import expect

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.platforms.models import Complaint, Platform
from outorga.platforms.services.complaints import complaint_answer

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
DATE = re.compile(r"\d{2}/\d{2}/\d{4}")


@pytest.mark.parametrize("device", sorted(WIDTHS))
def test_a_citizen_files_and_tracks_a_complaint_and_reads_the_answer(
    page, demo_site, artifacts, device
):
    cache.clear()
    width = WIDTHS[device]
    page.set_viewport_size({"width": width, "height": 900})
    m = Municipality.objects.get(slug="barra-do-garcas")
    with tenant(m):
        platform = Platform.objects.filter(status="credentialed").order_by("name").first()
    assert platform is not None

    page.goto(f"{demo_site.url}/publico/barra-do-garcas/")
    assert page.get_by_role("link", name="Permissões").count() == 0  # no permits in Barra
    page.get_by_role("link", name=re.compile("Reclamar de uma plataforma")).click()
    page.get_by_label("Plataforma").select_option(label=platform.name)
    page.get_by_label("O que aconteceu?").fill(f"Cobrança acima do valor mostrado ({device}).")
    page.get_by_role("button", name="Enviar reclamação").click()

    protocol = page.locator("strong", has_text="REC-").first.inner_text()
    assert re.fullmatch(r"REC-\d{4}-\d{6}", protocol)
    code = page.locator("#codigo-acompanhamento").inner_text()
    assert code.startswith("rec_")
    fits(page, width)
    page.screenshot(path=str(artifacts / f"citizen-complaint-filed-{width}px.png"), full_page=True)

    # The link carries the code in the fragment: the page posts it and forgets it.
    page.get_by_role("link", name="Acompanhar esta reclamação").click()
    status = page.get_by_role("status")
    status.wait_for()
    assert "aguardando resposta da plataforma" in status.inner_text().lower()
    assert code not in page.url
    with tenant(m):
        c = Complaint.objects.get(protocol=protocol)
    expect(page.get_by_text(c.deadline.strftime("%d/%m/%Y")).first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"citizen-complaint-open-{width}px.png"), full_page=True)

    complaint_answer(
        actor=platform_actor(),
        municipality=m,
        complaint=c,
        answer="Diferença estornada ao passageiro e motorista orientado.",
    )

    # Days later, by hand: the protocol and the code typed into the tracking form.
    page.goto(f"{demo_site.url}/reclamacao/acompanhar/?municipio=barra-do-garcas")
    page.get_by_label("Protocolo").fill(protocol)
    page.get_by_label("Código de acompanhamento").fill(code)
    page.get_by_role("button", name="Acompanhar").click()
    page.get_by_text("Diferença estornada ao passageiro").wait_for()
    assert "respondida no prazo" in page.get_by_role("status").inner_text().lower()
    body = page.locator("main").inner_text()
    assert platform.name in body and "art. 15" in body and DATE.search(body)
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"citizen-complaint-answered-{width}px.png"), full_page=True
    )

    # A wrong code: the same "not found" as a wrong protocol.
    page.get_by_label("Protocolo").fill(protocol)
    page.get_by_label("Código de acompanhamento").fill(code[:-1] + "x")
    page.get_by_role("button", name="Acompanhar").click()
    assert "não encontrada" in page.get_by_role("alert").inner_text().lower()
    assert "Diferença estornada" not in page.locator("main").inner_text()
