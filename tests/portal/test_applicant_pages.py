"""The applicant's pages and the clerk's review screens: enrol, send a document, read what the law
still requires (the law core's reasons with their articles, never a list written by hand); the
clerk refuses with a reason and accepts; nobody reaches another applicant's rows, and an anonymous
caller reaches nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from portal_factories import make_applicant_account, open_tender

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, DocumentSubmission, TenderApplicant

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% documento de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def client_for(person) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(person.user)
    return c


def upload(c: Client, doc_type: str = "rg", content: bytes = PDF, **more: str):  # type: ignore[no-untyped-def]
    return c.post(
        "/portal/candidatura/enviar/",
        {
            "service": "mototaxi",
            "doc_type": doc_type,
            "issued_on": "2026-01-10",
            "number": "MG-12.345.678",
            "file": SimpleUploadedFile("doc.pdf", content, content_type="application/pdf"),
        }
        | more,
        follow=True,
    )


@pytest.fixture
def world(ipatinga_m):  # type: ignore[no-untyped-def]
    ana = make_applicant_account(ipatinga_m, name="Ana Candidata")
    bruno = make_applicant_account(ipatinga_m, name="Bruno Candidato")
    tender = open_tender(ipatinga_m)
    return ana, bruno, tender


def exists(model, **filters) -> bool:  # type: ignore[no-untyped-def]
    with tenant(model_m()):
        return bool(model.objects.filter(**filters).exists())


def one(model, **filters):  # type: ignore[no-untyped-def]
    with tenant(model_m()):
        return model.objects.get(**filters)


def model_m():  # type: ignore[no-untyped-def]
    from outorga.core.models import Municipality

    return Municipality.objects.get(slug="ipatinga")


def test_the_applicant_enrols_and_reads_what_the_law_still_requires_with_its_article(world):
    ana, _, tender = world
    c = client_for(ana)
    page = c.get("/portal/candidatura/").content.decode()
    assert f"Inscrever-me na licitação {tender.number}" in page
    r = c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", follow=True)
    page = r.content.decode()
    assert f"Inscrição na licitação {tender.number} registrada." in page
    assert exists(TenderApplicant, tender=tender, person=ana)
    # The law core's own reasons: art. 5, V (RG) missing, with the article.
    assert "O que a lei ainda exige" in page
    assert "Falta o documento: documento de identidade (RG)." in page
    assert "Lei de mototáxi de Ipatinga (2013), art. 5, V" in page
    # The documents asked are the guided grant's list (registry.facts).
    assert "Enviar RG" in page and "Enviar atestado médico" in page


def test_a_document_sent_waits_for_review_and_the_law_still_finds_it_missing(world):
    ana, _, tender = world
    c = client_for(ana)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    page = upload(c).content.decode()
    assert "RG: enviado; aguarda a conferência do atendimento." in page
    assert "aguardando conferência" in page
    assert "Falta o documento: documento de identidade (RG)." in page
    assert "Enviar RG" not in page  # nothing more to send while it waits


def test_a_bad_file_is_refused_naming_the_document_and_the_field(world):
    ana, _, tender = world
    c = client_for(ana)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    # Beside the field, in the RG's own form (the page comes back as typed, 422).
    page = upload(c, content=b"<html><script>x</script></html>").content.decode()
    form = page.split('aria-label="Enviar RG"')[1].split("</form>")[0]
    assert "Arquivo: tipo de arquivo não aceito" in form
    page = upload(c, issued_on="").content.decode()
    form = page.split('aria-label="Enviar RG"')[1].split("</form>")[0]
    assert "Data de emissão: Este campo é obrigatório." in form
    assert not exists(DocumentSubmission)


def test_a_document_type_the_page_no_longer_offers_is_refused_naming_the_field(world):
    """A page left open while the list of records changed posts a type that is no longer one: the
    message names the field in Portuguese, never "None"."""
    ana, _, _ = world
    r = upload(client_for(ana), doc_type="laudo_antigo")
    shown = [str(m) for m in r.context["messages"]]
    assert shown and all("None" not in m for m in shown), shown
    assert any("Tipo de documento:" in m for m in shown), shown


def test_an_applicant_never_sees_another_applicants_documents(world):
    ana, bruno, tender = world
    for p in (ana, bruno):
        client_for(p).post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    upload(client_for(ana), number="RG-DA-ANA-777")
    page = client_for(bruno).get("/portal/candidatura/").content.decode()
    assert "aguardando conferência" not in page and "Ana Candidata" not in page
    # Nor the clerk's screens.
    sub = one(DocumentSubmission, person=ana)
    assert client_for(bruno).get(f"/cadastro/envios/{sub.pk}/").status_code == 403
    assert client_for(bruno).get(f"/cadastro/envios/{sub.pk}/arquivo/").status_code == 403


def test_an_anonymous_caller_reaches_no_applicant_or_review_route(world):
    ana, _, tender = world
    c = Client()
    for url in ("/portal/candidatura/", "/portal/convites/", "/cadastro/envios/"):
        r = c.get(url)
        assert r.status_code == 302 and r["Location"].startswith("/entrar/")
    for url in (
        f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/",
        "/portal/candidatura/enviar/",
    ):
        r = c.post(url)
        assert r.status_code == 302 and r["Location"].startswith("/entrar/")
    assert not exists(TenderApplicant) and not exists(DocumentSubmission)


def test_the_clerk_refuses_with_a_reason_the_applicant_reads_it_and_sends_again(
    world, user_of, ipatinga_m
):
    ana, _, tender = world
    c = client_for(ana)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/")
    upload(c)
    sub = one(DocumentSubmission, person=ana)
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    queue = clerk.get("/cadastro/envios/").content.decode()
    assert f"Conferir RG de {ana.name}" in queue
    r = clerk.get(f"/cadastro/envios/{sub.pk}/arquivo/")
    assert r.status_code == 200 and r["Content-Disposition"].startswith("attachment")
    assert r.content == PDF
    r = clerk.post(f"/cadastro/envios/{sub.pk}/", {"reason": "curto"})
    assert r.status_code == 200 and "Motivo da recusa" in r.content.decode()
    reason = "Foto ilegível: envie a frente e o verso do RG."
    r = clerk.post(f"/cadastro/envios/{sub.pk}/", {"reason": reason})
    assert r.status_code == 302
    page = c.get("/portal/candidatura/").content.decode()
    assert "recusado" in page and reason in page and "Enviar de novo" in page
    upload(c, content=PDF + b"% segunda via\n")
    again = one(DocumentSubmission, person=ana, status="pending")
    r = clerk.post(f"/cadastro/envios/{again.pk}/aceitar/")
    assert r.status_code == 302
    with tenant(ipatinga_m):
        assert Document.objects.filter(person=ana, doc_type="rg").count() == 1
    page = c.get("/portal/candidatura/").content.decode()
    assert "Apresentou documento de identidade (RG)." not in page  # met: no longer listed
    assert "Falta o documento: documento de identidade (RG)." not in page
    assert "aceito" in page


def test_the_signup_page_is_linked_from_the_municipalitys_public_page(ipatinga_m):
    page = Client().get("/publico/ipatinga/").content.decode()
    assert 'href="/publico/ipatinga/conta/"' in page


def test_dates_are_shown_in_brazilian_format(world):
    ana, _, tender = world
    page = client_for(ana).get("/portal/candidatura/").content.decode()
    assert f"Aberta em {tender.opened_on:%d/%m/%Y}" in page
    assert dt.date(2026, 1, 5).isoformat() not in page
