"""Issue #18, a company in the browser (taxi law 2017, art. 23; art. 4, III, XIII, XIV): the
company's confirmed representative reads what the law still asks of the company and sends its
documents (1280 px); the clerk accepts one and refuses one with a reason; on a phone (390 px) the
representative reads the refusal, sends it again, and downloads the badge of the company
permit's driver that the desk issued."""

from __future__ import annotations

import re

import pytest
from browser_factories import fits, login, login_as
from portal_factories import company_of, company_taxi_permit, make_applicant_account, open_tender
from registry_factories import actor, make_permit

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public.services import badge_issue
from outorga.registry.models import DocumentSubmission, Permit, Person

pytestmark = pytest.mark.browser

PASSWORD = "Senha-de-teste-2026"
PDF = b"%PDF-1.4\n% documento da empresa\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
COMPANY = "Táxi Vale do Aço Ltda"
ART_23 = "Lei do táxi de Ipatinga (2017), art. 23"


def shot(page, artifacts, name: str) -> None:  # type: ignore[no-untyped-def]
    page.screenshot(path=str(artifacts / name), full_page=True)


def send(page, label: str, content: bytes) -> None:  # type: ignore[no-untyped-def]
    form = page.get_by_role("form", name=f"Enviar {label} da empresa {COMPANY}", exact=True)
    form.get_by_label("Data de emissão").fill("2026-11-20")
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "empresa.pdf", "mimeType": "application/pdf", "buffer": content}]
    )
    form.get_by_role("button", name=f"Enviar {label} da empresa").click()
    page.get_by_text(f"{label} ({COMPANY}): enviado; aguarda a conferência").wait_for()


def company_permit_with_a_badge(m, company: Person) -> tuple[Permit, str]:  # type: ignore[no-untyped-def]
    """The company's taxi permit, its auxiliary driver and the badge the desk issued them."""
    driver = make_permit(m, "MOTORISTA").holder
    permit, aux = company_taxi_permit(m, company, driver, number=8801, plate="TXV4C56")
    badge_issue(actor=actor(m.slug, Role.ATENDENTE), municipality=m, permit=permit, auxiliary=aux)
    return permit, driver.name


def test_a_companys_representative_sends_its_documents_and_downloads_its_drivers_badge(
    page, demo_site, artifacts
):
    page.set_default_timeout(45_000)
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    ana = make_applicant_account(m, name="Ana Responsável")
    company = company_of(m, ana, name=COMPANY)
    tender = open_tender(m, service="taxi", number="TX-EMPRESA-1")
    permit, driver = company_permit_with_a_badge(m, company)

    # 1. At the desk's width: the company enrolled, what the law asks of it, two documents sent.
    page.set_viewport_size({"width": 1280, "height": 900})
    login_as(page, base, ana.user.username, PASSWORD)
    page.goto(f"{base}/portal/candidatura/")
    page.get_by_role("button", name=f"Inscrever {COMPANY} na licitação {tender.number}").click()
    page.get_by_text(f"registrada em nome de {COMPANY}.").wait_for()
    unmet = page.get_by_role(
        "list", name=f"O que a lei ainda exige de {COMPANY} na licitação {tender.number}"
    )
    assert re.search(rf"{re.escape(ART_23)}, I\b", unmet.inner_text())
    assert f"{ART_23}, III" in unmet.inner_text()
    send(page, "atos constitutivos", PDF)
    send(page, "licença para localização e funcionamento (alvará)", PDF + b"% alvara\n")
    fits(page, 1280)
    shot(page, artifacts, "company-documents-sent-1280px.png")

    # 2. The clerk accepts the contrato social and refuses the alvará with a reason.
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/envios/")
    page.get_by_role("link", name=f"Conferir atos constitutivos de {COMPANY}").click()
    page.get_by_role("button", name="Aceitar o documento").click()
    page.get_by_text(f"atos constitutivos de {COMPANY}: aceito e registrado.").wait_for()
    page.get_by_role(
        "link", name=f"Conferir licença para localização e funcionamento (alvará) de {COMPANY}"
    ).click()
    page.get_by_label("Motivo da recusa").fill("Alvará vencido: envie o alvará em vigor.")
    page.get_by_role("button", name="Recusar o documento").click()
    page.get_by_text("recusado.").first.wait_for()
    fits(page, 1280)

    # 3. On a phone: the refusal read, the alvará sent again.
    page.set_viewport_size({"width": 390, "height": 844})
    login_as(page, base, ana.user.username, PASSWORD)
    page.goto(f"{base}/portal/candidatura/#empresa-{company.pk}")
    page.get_by_text("Alvará vencido: envie o alvará em vigor.").wait_for()
    assert f"{ART_23}, III" in unmet.inner_text()
    fits(page, 390)
    shot(page, artifacts, "company-document-refused-390px.png")
    send(page, "licença para localização e funcionamento (alvará)", PDF + b"% em vigor\n")
    fits(page, 390)
    shot(page, artifacts, "company-document-resent-390px.png")
    with tenant(m):
        statuses = sorted(
            DocumentSubmission.objects.filter(person=company).values_list("status", flat=True)
        )
    assert statuses == ["accepted", "pending", "refused"]

    # 4. The company permit: no badge of the company's own, its driver's badge downloaded.
    page.goto(f"{base}/portal/permissoes/{permit.pk}/")
    page.get_by_text("A empresa não tem crachá próprio").wait_for()
    assert "art. 4, III" in page.content()
    link = page.get_by_role("link", name=f"Baixar o crachá de {driver} (PDF)")
    fits(page, 390)
    shot(page, artifacts, "company-permit-drivers-badge-390px.png")
    response = page.request.get(base + link.get_attribute("href"))
    assert response.status == 200 and response.body().startswith(b"%PDF")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/portal/")
    page.get_by_role("link", name=f"Baixar o crachá de {driver} (PDF)").wait_for()
    fits(page, 1280)
    shot(page, artifacts, "company-permit-drivers-badge-home-1280px.png")
