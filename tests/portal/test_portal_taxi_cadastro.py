"""The taxi applicant on the portal (Ipatinga taxi law 2017): enrolment in an open taxi tender
(art. 3) under the law's own ``application.submit`` (art. 20, 22–24), the documents of the
cadastramento sent for review, and what the law still requires — the law core's reasons with
their articles (art. 22, 24), never a list written by hand."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from portal_factories import make_applicant_account, open_tender

from outorga.core.tenancy import tenant
from outorga.law.competence import Role, competence, is_allowed
from outorga.registry.models import DocumentSubmission, TenderApplicant

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% documento de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
TAXI = "ipatinga.taxi-2017"
ON = dt.date(2026, 6, 1)


def client_for(person) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(person.user)
    return c


@pytest.fixture
def world(ipatinga_m):  # type: ignore[no-untyped-def]
    ana = make_applicant_account(ipatinga_m, name="Ana Taxista")
    tender = open_tender(ipatinga_m, service="taxi", number="TX-2026/1")
    return ana, tender


def test_art_20_22_the_taxi_law_gives_the_interested_person_the_application():
    assert is_allowed(Role.PERMISSIONARIO, "application.submit", TAXI, ON)
    assert not is_allowed(Role.ATENDENTE, "application.submit", TAXI, ON)
    entry = competence(TAXI, "application.submit", ON)
    assert entry is not None
    cites = {c.render() for c in entry.citations}
    assert any("art. 22" in c for c in cites) and any("art. 3" in c for c in cites)


def test_art_3_the_applicant_enrols_in_an_open_taxi_tender_in_its_category(world, ipatinga_m):
    ana, tender = world
    c = client_for(ana)
    page = c.get("/portal/candidatura/").content.decode()
    assert f"Inscrever-me na licitação {tender.number}" in page
    page = c.post(
        f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", follow=True
    ).content.decode()
    assert f"Inscrição na licitação {tender.number} registrada." in page
    with tenant(ipatinga_m):
        applicant = TenderApplicant.objects.get(tender=tender, person=ana)
    assert applicant.taxi_category == "convencional"


def test_art_22_what_is_missing_is_the_law_cores_reasons_with_the_article(world):
    ana, tender = world
    c = client_for(ana)
    page = c.post(
        f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", follow=True
    ).content.decode()
    assert "O que a lei ainda exige" in page
    # Art. 22, II (the CNH) and VIII (the criminal certificate), with the taxi law's article.
    assert "Lei do táxi de Ipatinga (2017), art. 22, II" in page
    assert "Lei do táxi de Ipatinga (2017), art. 22, VIII" in page
    # The taxi records the law reads (registry.facts), not the mototaxi ones.
    assert "Enviar inscrição no INSS" in page
    assert "Enviar fotos 3x4" not in page


def test_art_22_vii_a_taxi_document_sent_waits_for_the_clerk(world, ipatinga_m):
    ana, tender = world
    c = client_for(ana)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    page = c.post(
        "/portal/candidatura/enviar/",
        {
            "service": "taxi",
            "doc_type": "residence_proof",
            "issued_on": "2026-01-10",
            "file": SimpleUploadedFile("r.pdf", PDF, content_type="application/pdf"),
        },
        follow=True,
    ).content.decode()
    assert "comprovante de residência: enviado" in page.lower()
    with tenant(ipatinga_m):
        sub = DocumentSubmission.objects.get(person=ana)
    assert sub.service == "taxi" and sub.status == "pending"
