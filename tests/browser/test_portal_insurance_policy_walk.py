"""Mototaxi art. 13 XXI and art. 19 §1, in the browser: an applicant sends their motorcycle's
insurance policy from the portal with the end and amount of cover printed on it, and the clerk
confirms them on the file — correcting the end the applicant typed a day wrong — when accepting."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, login_as
from playwright.sync_api import expect
from portal_factories import make_applicant_account, open_tender
from registry_factories import moto_vehicle

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, DocumentSubmission

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n% apolice enviada pelo portal\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


@pytest.mark.parametrize("width", [390, 1280])
def test_art_19_par1_a_policy_sent_from_the_portal_is_accepted_with_its_end_and_cover(
    page, demo_site, artifacts, width
):
    page.set_default_timeout(45_000)
    page.set_viewport_size({"width": width, "height": 900})
    m = Municipality.objects.get(slug="ipatinga")
    ana = make_applicant_account(m, name=f"Ana Apólice {width}")
    vehicle = moto_vehicle(m, ana)
    with tenant(m):  # the policy is the one record still missing: its form is open
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.INSURANCE).delete()
    tender = open_tender(m, number=f"MT-APOLICE/{width}")
    login_as(page, demo_site.url, ana.user.username, "Senha-de-teste-2026")
    page.goto(f"{demo_site.url}/portal/candidatura/")
    page.get_by_role("button", name=f"Inscrever-me na licitação {tender.number}").click()
    form = page.get_by_role("form", name=f"Enviar apólice de seguro do veículo {vehicle.plate}")
    form.get_by_label("Data de emissão").fill("2026-01-10")
    form.get_by_label("Fim da vigência impresso na apólice").fill("2027-01-10")
    form.get_by_label("Valor da cobertura, R$").fill("12.000,00")
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "apolice.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    fits(page, width)
    form.screenshot(path=str(artifacts / f"portal-policy-send-{width}px.png"))
    form.get_by_role("button", name="Enviar apólice de seguro").click()
    page.get_by_text("apólice de seguro: enviado; aguarda a conferência do atendimento.").wait_for()
    with tenant(m):
        sub = DocumentSubmission.objects.get(person=ana, doc_type=Document.Type.INSURANCE)
    assert (sub.valid_until, sub.coverage_cents) == (dt.date(2027, 1, 10), 1_200_000)

    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/cadastro/envios/{sub.pk}/")
    expect(page.get_by_text("10/01/2027").first).to_be_visible()
    end = page.get_by_label("Fim da vigência (apólice de seguro", exact=False)
    assert end.input_value() == "2027-01-10"
    assert page.get_by_label("Valor da cobertura, R$", exact=False).input_value() == (
        "R$ 12.000,00"
    )
    end.fill("2027-01-09")  # as printed on the file
    fits(page, width)
    page.screenshot(path=str(artifacts / f"portal-policy-accept-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Aceitar o documento").click()
    page.get_by_text("aceito e registrado").wait_for()
    with tenant(m):
        doc = Document.objects.get(pk=DocumentSubmission.objects.get(pk=sub.pk).document_id)
    assert (doc.valid_until, doc.coverage_cents) == (dt.date(2027, 1, 9), 1_200_000)
