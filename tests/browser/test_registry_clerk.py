"""A clerk registers a person and a vehicle and grants a mototaxi permission, in a real browser
at phone width, seeing every reason with its article before granting."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits
from django.utils import timezone
from playwright.sync_api import expect
from validate_docbr import CPF, RENAVAM

from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender

pytestmark = pytest.mark.browser

PERSON_DOCS = [
    "RG",
    "quitação militar",
    "quitação eleitoral",
    "fotos 3x4",
    "comprovante de residência",
    "certidão criminal negativa",
    "certificado do curso especializado",
    "atestado médico",
]
#: With the insurance policy the mototaxi law asks (art. 13 XXI, art. 19 §1–§2).
VEHICLE_DOCS = [
    "CRLV",
    "CRV",
    "DPVAT",
    "laudo de vistoria",
    "laudo de inspeção",
    "apólice de seguro",
]


def _record_documents(page, labels, issued):  # type: ignore[no-untyped-def]
    for label in labels:
        page.get_by_label("Documento", exact=True).select_option(label=label)
        page.get_by_label("Data de emissão").fill(issued)
        # Art. 19 §1: the end of cover printed on the policy; art. 5 §1 I: the validity of the
        # licensing printed on the CRLV — the same field of the vehicle page.
        if label in ("apólice de seguro", "CRLV"):
            end = dt.date.fromisoformat(issued) + dt.timedelta(days=365)
            page.get_by_label("Fim da vigência (apólice", exact=False).fill(end.isoformat())
        page.get_by_role("button", name="Registrar documento").click()
        page.get_by_text("Documento registrado.").wait_for()


def test_a_clerk_registers_and_grants_a_mototaxi_permission(page, demo_site, artifacts):
    today = timezone.localdate()
    with tenant(Municipality.objects.get(slug="ipatinga")) as m:
        Tender.objects.create(
            service="mototaxi",
            number="05/2026",
            places=5,
            opened_on=today - dt.timedelta(days=60),
            homologated_on=today - dt.timedelta(days=5),
            status=Tender.Status.HOMOLOGATED,
        )
    username = demo_username("ipatinga", Role.ATENDENTE)
    page.goto(f"{demo_site.url}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.get_by_role("link", name="Cadastro").click()
    page.get_by_role("link", name="Cadastrar pessoa").click()

    # A wrong CPF is refused on the field, in Portuguese.
    page.get_by_label("CPF ou CNPJ").fill("111.111.111-12")
    page.get_by_label("Nome completo").fill("Maria das Graças Teste")
    page.get_by_label("Data de nascimento").fill("1990-05-20")
    page.get_by_label("Tipo sanguíneo e Rh").select_option("O+")
    page.get_by_role("button", name="Cadastrar").click()
    expect(page.locator(".feedback", has_text="CPF inválido")).to_be_visible()
    page.get_by_label("CPF ou CNPJ").fill(CPF().generate(mask=True))
    page.get_by_role("button", name="Cadastrar").click()
    page.get_by_role("heading", name="Maria das Graças Teste").wait_for()

    # Before any document, the requirements page lists what is missing, with the articles.
    expect(page.get_by_text("art. 5").first).to_be_visible()

    page.get_by_label("Número da CNH").fill("02650306461")
    page.get_by_label("Categorias (ex.: AB)").fill("AB")
    page.get_by_label("Primeira habilitação").fill("2012-01-10")
    page.get_by_label("Categoria A desde").fill("2012-01-10")
    page.get_by_label("Validade", exact=True).fill("2031-01-10")
    page.get_by_role("button", name="Registrar CNH").click()
    page.get_by_text("CNH registrada.").wait_for()
    issued = (today - dt.timedelta(days=3)).isoformat()
    _record_documents(page, PERSON_DOCS, issued)

    page.get_by_role("link", name="Cadastrar veículo").click()
    page.get_by_label("Placa", exact=True).fill("RST-2E45")
    page.get_by_label("RENAVAM").fill(RENAVAM().generate())
    page.get_by_label("Espécie").select_option("motocicleta")
    page.get_by_label("Marca/modelo").fill("Honda CG 160 Titan")
    page.get_by_label("Ano de fabricação").fill(str(today.year - 2))
    page.get_by_label("Cilindrada (cc)").fill("162")
    page.get_by_label("Cor", exact=True).fill("vermelha")
    page.locator('label[for="id_rental_category"]').click()
    page.get_by_label("UF de registro").fill("MG")
    page.get_by_label("Município de registro").fill("Ipatinga")
    page.get_by_role("button", name="Cadastrar").click()
    page.get_by_role("heading", name="Veículo RST2E45").wait_for()
    _record_documents(page, VEHICLE_DOCS, issued)

    page.get_by_role("link", name="Outorgar permissão com este veículo").click()
    page.get_by_label("Licitação").select_option(label="Licitação 05/2026")
    page.get_by_label("Decreto de outorga").fill("Decreto 9.999/2026")
    for label in page.locator('label[for^="id_equipment_"]').all():
        label.click()  # the clerk ticks each item of art. 5 §7 and art. 19 by its label
    assert page.locator('input[name="equipment"]:checked').count() == 8
    page.get_by_text(
        "Colete e capacete com dispositivos retrorrefletivos verificados (art. 5, IV)", exact=True
    ).click()  # art. 5 IV, seen at the desk
    assert page.locator("input[name$=safety_gear]").is_checked()
    page.get_by_role("button", name="Verificar requisitos").click()
    expect(page.get_by_text("Lei de mototáxi de Ipatinga (2013), art. 5, I").first).to_be_visible()
    assert page.locator(".reason.refused").count() == 0
    page.screenshot(path=str(artifacts / "clerk-grant-preview-390px.png"), full_page=True)
    page.get_by_role("button", name="Outorgar").click()
    page.get_by_text("outorgada").wait_for()
    expect(page.get_by_role("heading", name="Permissão MT-0001")).to_be_visible()
    with tenant(m):
        permit = Permit.objects.get()
    assert permit.status == Permit.Status.ACTIVE and permit.vehicle.plate == "RST2E45"
    fits(page, 390)

    # After the grant, the permit's acts are screens too: the yearly certificate shows the reasons
    # again before renewing (art. 4 §1), and an auxiliary must already be in the registry.
    page.get_by_role("link", name="Renovar certificado (art. 4, §1)").click()
    expect(page.get_by_text("Lei de mototáxi de Ipatinga (2013), art. 5, I").first).to_be_visible()
    page.get_by_text(
        "Colete e capacete com dispositivos retrorrefletivos verificados (art. 5, IV)", exact=True
    ).click()  # art. 5 IV, seen again at the yearly renewal
    page.get_by_role("button", name="Renovar certificado").click()
    page.get_by_text("Certificado renovado até").wait_for()
    page.get_by_role("link", name="Cadastrar auxiliar").click()
    page.get_by_label("CPF do condutor auxiliar").fill(CPF().generate(mask=True))
    page.get_by_role("button", name="Cadastrar auxiliar").click()
    expect(
        page.locator(".feedback", has_text="CPF/CNPJ não encontrado no cadastro")
    ).to_be_visible()
    page.screenshot(path=str(artifacts / "clerk-auxiliary-390px.png"), full_page=True)
    fits(page, 390)
