"""Finance on a phone-width screen (real chromium): the dashboard's charts, a bank CSV imported with
its preview and report, and the permit holder downloading the PIX slip from the portal."""

from __future__ import annotations

import pytest
from browser_factories import fits, login
from playwright.sync_api import expect

from outorga.core.demo import demo_username
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import Person

pytestmark = pytest.mark.browser


def test_finance_imports_a_statement_and_the_holder_downloads_the_slip(page, demo_site, artifacts):
    m = Municipality.objects.get(slug="ipatinga")
    with tenant(m):
        holder = Person.objects.get(user__username=demo_username("ipatinga", Role.PERMISSIONARIO))
        fine = Debt.objects.get(person=holder, origin=Debt.Origin.FINE)
        fee = Debt.objects.filter(person=holder, status=Debt.Status.FINAL).first()
    assert fee is not None

    login(page, demo_site.url, Role.FINANCAS)
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Débitos e pagamentos"
    ).click()
    page.wait_for_url(f"{demo_site.url}/financas/")
    chart = page.get_by_role("img", name="Valores por situação")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    fits(page, 390)
    page.screenshot(path=str(artifacts / "finance-dashboard-390px.png"), full_page=True)

    # The bank statement pays the fee exactly (by its PIX txid).
    page.get_by_role("link", name="Importar extrato").click()
    csv = f"data;valor;referencia\n20/03/2026;80,00;{pix.txid_of(fee.reference)}\n"
    page.get_by_label("Arquivo do banco").set_input_files(
        files=[{"name": "extrato.csv", "mimeType": "text/csv", "buffer": csv.encode()}]
    )
    page.get_by_role("button", name="Ver prévia").click()
    # Sent with a progress bar (upload.js): the preview replaces the page when the upload ends.
    page.get_by_text("conciliado (débito pago)").first.wait_for()
    fits(page, 390)
    page.get_by_role("button", name="Importar 1 linha").click()
    page.wait_for_url("**/financas/importacoes/*/")
    expect(page.get_by_text("conciliado (débito pago)").first).to_be_visible()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "finance-import-report-390px.png"), full_page=True)
    with tenant(m):
        fee.refresh_from_db()
    assert fee.status == Debt.Status.PAID

    # The holder sees the fine still open and downloads its slip.
    page.context.clear_cookies()
    login(page, demo_site.url, Role.PERMISSIONARIO)
    page.goto(f"{demo_site.url}/portal/debitos/")
    expect(page.get_by_role("heading", name="Meus débitos")).to_be_visible()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "portal-debts-390px.png"), full_page=True)
    link = page.get_by_role("link", name=f"Baixar (PDF) do débito {fine.reference}")
    href = link.get_attribute("href")
    assert href
    response = page.request.get(f"{demo_site.url}{href}")
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
    # The paid fee has no slip any more.
    assert page.get_by_role("link", name=f"Baixar (PDF) do débito {fee.reference}").count() == 0
