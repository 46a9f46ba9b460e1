"""ADR 0047 in the browser: the confirmed responsible person of a taxi company (taxi law 2017,
art. 3; art. 23, VIII) finds the company's debts beside their own, downloads the company's slip
and sees it paid once the bank's PIX arrives; opens the company's case and files its defence —
on a desktop (1280 px) and on a phone (390 px)."""

from __future__ import annotations

import pytest
from browser_factories import fits, login_as
from company_factories import Company
from playwright.sync_api import expect

from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Filing
from outorga.finance.models import Debt
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

PASSWORD = "Senha-de-teste-2026"  # make_applicant_account's


def staff(m: Municipality, role: Role) -> User:
    return User.objects.get(username=demo_username(m.slug, role))


@pytest.mark.parametrize("width", [1280, 390])
def test_the_representative_pays_the_company_s_debt_and_files_its_defence(
    page, demo_site, artifacts, width
):
    page.set_default_timeout(45_000)
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    co = Company(m, staff(m, Role.FISCAL), staff(m, Role.FINANCAS))
    case = co.case()
    page.set_viewport_size({"width": width, "height": 900})
    login_as(page, base, co.rita.user.username, PASSWORD)

    # Her home lists the company's debt among hers; its page: Rita's own, then the company's
    # under its own heading, each with its PIX.
    page.get_by_role("link", name="(empresa Táxi Rita Ltda)").click()
    page.wait_for_url(f"{base}/portal/debitos/")
    company = page.get_by_role("list", name="Débitos da empresa Táxi Rita Ltda")
    expect(company.get_by_text(co.debt.reference, exact=True)).to_be_visible()
    expect(company.get_by_label(f"PIX copia e cola do débito {co.debt.reference}")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-company-debts-{width}px.png"), full_page=True)
    href = company.get_by_role(
        "link", name=f"Baixar (PDF) do débito {co.debt.reference}"
    ).get_attribute("href")
    assert href
    slip = page.request.get(f"{base}{href}")
    assert slip.status == 200 and slip.body().startswith(b"%PDF")
    # The bank's PIX arrives (reconciled by the slip's txid): the debt shows paid, no slip.
    co.pay_by_pix(co.debt)
    page.reload()
    expect(company.get_by_text("pago", exact=True)).to_be_visible()
    assert (
        company.get_by_role("link", name=f"Baixar (PDF) do débito {co.debt.reference}").count() == 0
    )
    with tenant(m):
        assert Debt.objects.get(pk=co.debt.pk).status == Debt.Status.PAID

    # The company's case: its defence, filed by Rita.
    page.goto(f"{base}/portal/infracoes/")
    page.get_by_role("link", name=f"Processo {case.number}").click()
    page.get_by_text("Processo da empresa").wait_for()
    page.get_by_label("Razões").fill("A empresa contesta o auto: o passageiro não foi recusado.")
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-company-case-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Enviar").click()
    page.get_by_text("Peça enviada").wait_for()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-company-defence-{width}px.png"), full_page=True)
    with tenant(m):
        filing = Filing.objects.get(case=case)
    assert filing.filed_by_id == co.rita.user.pk
