"""Issue #18, item 1, in the browser: a taxi applicant's Cadastro from the portal — enrols in an
open taxi tender (art. 3), keys in their birth date, CNH and car, reads what the taxi law still
requires with its articles (art. 22, 24) and sends a document (1280 px and 390 px); a taxi holder
asks the yearly renewal from a phone (390 px), the clerk renews the Termo from the request with
the yearly inspection's findings (1280 px), and the holder reads the decision and downloads the
Termo."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, login_as
from portal_factories import make_applicant_account
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    actor,
    awarded_tender,
    portal_login,
    taxi_holder,
)
from registry_factories import TAXI_ON as ON
from validate_docbr import CNH, RENAVAM

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import HolderRequest, PermitTerm, Tender
from outorga.registry.services.permits import taxi_permit_grant

pytestmark = pytest.mark.browser

PASSWORD = "Senha-de-teste-2026"
PDF = b"%PDF-1.4\n% documento enviado pelo portal\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def shot(page, artifacts, name: str) -> None:  # type: ignore[no-untyped-def]
    page.screenshot(path=str(artifacts / name), full_page=True)


def test_a_taxi_applicant_files_the_cadastro_from_the_portal(page, demo_site, artifacts):
    page.set_default_timeout(45_000)
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    ana = make_applicant_account(m, name="Ana Taxista")
    with tenant(m):
        ana.birth_date = None
        ana.save(update_fields=["birth_date"])
        tender = Tender.objects.create(
            service="taxi",
            taxi_category="convencional",
            number="TX-PORTAL-1",
            places=2,
            opened_on=dt.date(2026, 1, 5),
        )
    page.set_viewport_size({"width": 1280, "height": 900})
    login_as(page, base, ana.user.username, PASSWORD)
    page.goto(f"{base}/portal/candidatura/")
    page.get_by_role("button", name=f"Inscrever-me na licitação {tender.number}").click()
    page.get_by_text(f"Inscrição na licitação {tender.number} registrada.").wait_for()
    # The taxi law's own reasons, each with its article.
    unmet = page.get_by_role("list", name=f"O que a lei ainda exige na licitação {tender.number}")
    assert "Lei do táxi de Ipatinga (2017), art. 22, II" in unmet.inner_text()
    # Own data: birth date, CNH, the car.
    details = page.get_by_role("form", name="Meus dados pessoais")
    details.get_by_label("Data de nascimento", exact=True).fill("1988-04-02")
    details.get_by_label("Município de residência", exact=True).fill("Ipatinga")
    details.get_by_role("button", name="Salvar meus dados").click()
    page.get_by_text("Dados registrados.").wait_for()
    cnh = page.get_by_role("form", name="Minha CNH")
    cnh.get_by_label("Número da CNH", exact=True).fill(CNH().generate())
    cnh.get_by_label("Categorias (ex.: AB)", exact=True).fill("B")
    cnh.get_by_label("Primeira habilitação", exact=True).fill("2010-01-01")
    cnh.get_by_label("Validade", exact=True).fill("2030-01-01")
    cnh.get_by_role("button", name="Salvar CNH").click()
    page.get_by_text("CNH registrada.").wait_for()
    assert "habilitação na categoria B, C, D ou E" not in unmet.inner_text()
    car = page.get_by_role("form", name="Cadastrar veículo para táxi")
    car.get_by_label("Placa", exact=True).fill("TXA1B23")
    car.get_by_label("RENAVAM", exact=True).fill(RENAVAM().generate())
    car.get_by_label("Marca/modelo", exact=True).fill("Sedan Exemplo 1.6")
    car.get_by_label("Ano de fabricação", exact=True).fill("2024")
    car.get_by_label("Cor", exact=True).fill("prata")
    car.get_by_label("Portas (art. 27)", exact=True).fill("5")
    car.get_by_label("Lugares para passageiros (art. 2; art. 28, III)", exact=True).fill("5")
    car.get_by_label("UF de registro", exact=True).fill("MG")
    car.get_by_label("Município de registro", exact=True).fill("Ipatinga")
    car.get_by_role("button", name="Cadastrar veículo").click()
    page.get_by_text("Veículo TXA1B23 cadastrado; envie os documentos dele abaixo.").wait_for()
    fits(page, 1280)
    shot(page, artifacts, "taxi-applicant-cadastro-1280px.png")
    # On a phone: the residence proof sent for the desk's review.
    page.set_viewport_size({"width": 390, "height": 844})
    form = page.get_by_role("form", name="Enviar comprovante de residência", exact=True)
    form.get_by_label("Data de emissão").fill("2026-11-20")
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "residencia.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    form.get_by_role("button", name="Enviar comprovante de residência").click()
    page.get_by_text("comprovante de residência: enviado; aguarda a conferência").wait_for()
    fits(page, 390)
    shot(page, artifacts, "taxi-applicant-cadastro-390px.png")


def test_a_taxi_holder_asks_the_renewal_and_the_clerk_renews_the_termo(page, demo_site, artifacts):
    page.set_default_timeout(45_000)
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    holder, vehicle = taxi_holder(m, ON, name="Bruno Taxista")
    permit = taxi_permit_grant(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        holder=holder,
        vehicle=vehicle,
        category="convencional",
        signed_on=ON,
        option="I",
        mode="servicos",
        tender=awarded_tender(m, holder),
        checks=CHECKS,
        declarations=DECLARATIONS,
    )
    user = portal_login(m, holder, PASSWORD)
    # The holder, on a phone.
    login_as(page, base, user.username, PASSWORD)
    page.goto(f"{base}/portal/permissoes/{permit.pk}/")
    page.get_by_text("verificado na vistoria da renovação").first.wait_for()
    page.get_by_role("form", name="Pedir a renovação").get_by_role(
        "button", name="Pedir a renovação"
    ).click()
    page.get_by_text("Pedido de renovação registrado; aguarda a decisão do atendimento.").wait_for()
    fits(page, 390)
    shot(page, artifacts, "taxi-holder-renewal-asked-390px.png")
    # The clerk, at the desk.
    page.set_viewport_size({"width": 1280, "height": 900})
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/pedidos/")
    page.get_by_role("link", name="Decidir o pedido de Bruno Taxista").click()
    page.get_by_label("Data da renovação").fill("2027-01-20")
    for label in (
        "Vistoria do veículo aprovada (art. 22, XII; art. 29)",
        "Vistoria por empresa credenciada ao INMETRO (art. 24, II)",
        'Luminoso "TÁXI" no teto (art. 28, V)',
        "Equipamentos do CTB (art. 28, VI)",
    ):
        page.locator("label", has_text=label).first.click()  # the design system draws the box
    page.get_by_label("Taxímetro aferido por (art. 24, III)").select_option("INMETRO")
    shot(page, artifacts, "taxi-clerk-renewal-request-1280px.png")
    page.get_by_role("button", name="Renovar").click()
    page.get_by_text("Pedido deferido. Termo de Permissão renovado até 02/02/2028.").wait_for()
    fits(page, 1280)
    with tenant(m):
        assert HolderRequest.objects.get(permit=permit).status == "granted"
        assert PermitTerm.objects.get(permit=permit).valid_until == dt.date(2028, 2, 2)
    # The holder reads the decision and downloads the Termo.
    page.set_viewport_size({"width": 390, "height": 844})
    login_as(page, base, user.username, PASSWORD)
    page.goto(f"{base}/portal/permissoes/{permit.pk}/")
    page.get_by_text("Termo de Permissão renovado até 02/02/2028.", exact=True).wait_for()
    fits(page, 390)
    shot(page, artifacts, "taxi-holder-renewal-granted-390px.png")
    link = page.get_by_role("link", name="Baixar o Termo de Permissão (PDF)")
    response = page.request.get(base + link.get_attribute("href"))
    assert response.status == 200 and response.body().startswith(b"%PDF")
