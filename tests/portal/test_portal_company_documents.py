"""A company's own documents (Ipatinga taxi law 2017, art. 23) sent from the portal by its
responsible person, once the desk has confirmed the link (ADR 0042), and reviewed in the same
queue as anyone's; and the badges of a company-held permit, which are its drivers' (art. 4, III,
XIII, XIV): the desk's badges, downloaded by the representative (ADR 0046)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from portal_factories import company_of, company_taxi_permit, make_applicant_account, open_tender
from registry_factories import make_permit
from validate_docbr import RENAVAM

from outorga.core.acts import Actor
from outorga.core.models import Act, OutboundEmail
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.public import services as badges
from outorga.registry.models import (
    Auxiliary,
    Document,
    DocumentSubmission,
    Person,
    TenderApplicant,
    Vehicle,
)
from outorga.registry.services.submissions import submission_send
from outorga.registry.validation import FieldError

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% contrato social\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
SEND = "/portal/candidatura/enviar/"
APPLY = "/portal/candidatura/"
ART_23 = "Lei do táxi de Ipatinga (2017), art. 23"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path / "media"


def text(html: str) -> str:
    """The page's words, tags and runs of spaces taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def login(person: Person) -> Client:
    c = Client()
    c.force_login(person.user)
    return c


def send(c: Client, company: Person | None, doc_type: str, content: bytes = PDF, **extra):  # type: ignore[no-untyped-def]
    form = {
        "service": "taxi",
        "doc_type": doc_type,
        "issued_on": "2026-01-10",
        "file": SimpleUploadedFile("d.pdf", content, content_type="application/pdf"),
        **extra,
    }
    if company is not None:
        form["company"] = str(company.pk)
    return c.post(SEND, form, follow=True)


@pytest.fixture
def enrolled(ipatinga_m):  # type: ignore[no-untyped-def]
    """Ana, confirmed responsible for her company, which she enrolled in an open taxi tender."""
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    company = company_of(ipatinga_m, ana)
    tender = open_tender(ipatinga_m, service="taxi", number="TX-2026/5")
    c = login(ana)
    c.post(f"/portal/candidatura/licitacoes/{tender.pk}/inscrever/", {"company": company.pk})
    with tenant(ipatinga_m):
        assert TenderApplicant.objects.filter(tender=tender, person=company).exists()
    return ana, company, c


# The company's documents --------------------------------------------------------------------


def test_art_23_the_companys_pending_list_names_the_article_on_its_own_section(enrolled):
    ana, company, c = enrolled
    page = c.get(APPLY).content.decode()
    assert f'id="empresa-{company.pk}"' in page
    assert f"O que a lei ainda exige de {company.name} na licitação TX-2026/5" in page
    section = text(page[page.index(f'id="empresa-{company.pk}"') :])
    # The law core's reasons for a legal person, with art. 23's incisos.
    assert f"{ART_23}, I " in section and f"{ART_23}, III " in section
    # Its records are the types the code names for art. 23 (registry.facts), not a person's.
    assert "Enviar atos constitutivos da empresa" in section
    assert "Enviar inscrição no INSS" not in section
    assert f'name="company" value="{company.pk}"' in page


def test_art_23_i_the_representative_sends_the_companys_contrato_social_in_its_name(
    enrolled, ipatinga_m
):
    ana, company, c = enrolled
    page = send(c, company, "company_documents").content.decode()
    assert f"atos constitutivos ({company.name}): enviado" in page
    with tenant(ipatinga_m):
        sub = DocumentSubmission.objects.get(person=company)
        act = Act.objects.get(action="document.submit", object_id=str(sub.pk))
        assert not DocumentSubmission.objects.filter(person=ana).exists()
    assert (sub.doc_type, sub.status, sub.service) == ("company_documents", "pending", "taxi")
    # The company's act, done by its responsible person's login.
    assert (act.actor_id, act.role) == (ana.user.pk, "permissionario")
    # The same file again is the same submission (by its SHA-256).
    send(c, company, "company_documents")
    with tenant(ipatinga_m):
        assert DocumentSubmission.objects.filter(person=company).count() == 1
    page = c.get(APPLY).content.decode()
    section = page[page.index(f'id="empresa-{company.pk}"') :]
    assert "aguardando conferência" in section


def test_a_companys_file_is_judged_by_its_bytes(enrolled, ipatinga_m):
    _, company, c = enrolled
    page = send(c, company, "company_documents", content=b"MZ\x90\x00 not a pdf").content.decode()
    assert "tipo de arquivo não aceito" in page or "não aceito" in page
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.filter(person=company).exists()


def test_art_23_the_clerk_accepts_one_refuses_one_and_the_representative_sends_it_again(
    enrolled, ipatinga_m, user_of
):
    ana, company, c = enrolled
    send(c, company, "company_documents")
    send(c, company, "operating_licence", content=PDF + b"% alvara\n")
    with tenant(ipatinga_m):
        contract = DocumentSubmission.objects.get(person=company, doc_type="company_documents")
        licence = DocumentSubmission.objects.get(person=company, doc_type="operating_licence")
    clerk = Client()
    clerk.force_login(user_of("ipatinga", Role.ATENDENTE))
    queue = clerk.get("/cadastro/envios/").content.decode()
    assert f"de {company.name}" in queue
    assert clerk.post(f"/cadastro/envios/{contract.pk}/aceitar/").status_code == 302
    reason = "Alvará vencido: envie o alvará de localização em vigor."
    assert clerk.post(f"/cadastro/envios/{licence.pk}/", {"reason": reason}).status_code == 302
    with tenant(ipatinga_m):
        assert Document.objects.filter(person=company, doc_type="company_documents").count() == 1
        refusal = Act.objects.get(action="document.submission.refuse", object_id=str(licence.pk))
        email = OutboundEmail.objects.get(subject__startswith="Documento recusado")
    assert refusal.record["payload"]["new"]["reason"] == reason
    # The responsible person is told, naming the company.
    assert email.to == ana.user.email and company.name in email.body
    page = c.get(APPLY).content.decode()
    section = page[page.index(f'id="empresa-{company.pk}"') :]
    assert "recusado" in section and reason in section and "Enviar de novo" in section
    # The contrato social accepted: the law no longer lists art. 23, I as missing; III stays.
    assert f"{ART_23}, I " not in text(section) and f"{ART_23}, III " in text(section)
    send(c, company, "operating_licence", content=PDF + b"% alvara em vigor\n")
    with tenant(ipatinga_m):
        again = DocumentSubmission.objects.get(
            person=company, doc_type="operating_licence", status="pending"
        )
    assert again.pk != licence.pk


def test_a_company_awaiting_the_desk_is_not_reached(ipatinga_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    company = company_of(ipatinga_m, ana, confirmed=False)
    c = login(ana)
    page = c.get(APPLY).content.decode()
    assert f'id="empresa-{company.pk}"' not in page
    assert f'name="company" value="{company.pk}"' not in page
    assert send(c, company, "company_documents").status_code == 404
    # The service refuses it too: the link is only declared.
    with pytest.raises(FieldError, match="apenas os próprios documentos"):
        submission_send(
            actor=Actor.of(ana.user),
            municipality=ipatinga_m,
            person=company,
            service="taxi",
            doc_type="company_documents",
            issued_on=dt.date(2026, 1, 10),
            content=PDF,
        )
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.exists()


def test_another_holders_company_is_not_found(ipatinga_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    bia = make_applicant_account(ipatinga_m, name="Bia Outra")
    company = company_of(ipatinga_m, bia, name="Táxi Bia Ltda")
    c = login(ana)
    assert send(c, company, "company_documents").status_code == 404
    assert "Táxi Bia Ltda" not in c.get(APPLY).content.decode()
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.exists()


def test_a_vehicle_of_another_owner_is_not_sent_as_the_companys(enrolled, ipatinga_m):
    ana, company, c = enrolled
    with tenant(ipatinga_m):
        car = Vehicle.objects.create(
            plate="TAX1A23",
            renavam=RENAVAM().generate(),
            kind="automovel",
            make_model="Sedan",
            manufacture_year=2024,
            colour="prata",
            registration_uf="MG",
            owner=ana,
        )
    assert send(c, company, "crlv", vehicle=str(car.pk)).status_code == 404
    with tenant(ipatinga_m):
        assert not DocumentSubmission.objects.exists()


def test_mototaxi_art_6_par_1_a_company_sends_nothing_for_a_natural_persons_service(
    enrolled, ipatinga_m
):
    ana, company, _ = enrolled
    with pytest.raises(FieldError) as exc:
        submission_send(
            actor=Actor.of(ana.user),
            municipality=ipatinga_m,
            person=company,
            service="mototaxi",
            doc_type="company_documents",
            issued_on=dt.date(2026, 1, 10),
            content=PDF,
        )
    assert "Lei de mototáxi de Ipatinga (2013), art. 6, §1" in str(exc.value)


# The badges of a company-held permit --------------------------------------------------------


@pytest.fixture
def company_permit(ipatinga_m):  # type: ignore[no-untyped-def]
    """Ana's confirmed company holds an active taxi permit driven by an auxiliary with a photo,
    blood type and CNH."""
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    company = company_of(ipatinga_m, ana)
    driver = make_permit(ipatinga_m, "CONDUTOR").holder
    permit, aux = company_taxi_permit(ipatinga_m, company, driver, number=7001, plate="TXE2B34")
    return ana, company, permit, aux


def clerk_actor(user_of) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def test_art_4_iii_the_desk_issues_no_badge_to_the_company_itself(company_permit, user_of):
    """The identification names and pictures a person (art. 4, III): a company has no photo."""
    _, _, permit, _ = company_permit
    with pytest.raises(FieldError, match="foto"):
        badges.badge_issue(
            actor=clerk_actor(user_of), municipality=permit.municipality, permit=permit
        )


def test_art_4_iii_the_representative_downloads_each_drivers_badge(
    company_permit, ipatinga_m, user_of
):
    ana, company, permit, aux = company_permit
    c = login(ana)
    page = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "A empresa não tem crachá próprio" in page
    assert "Lei do táxi de Ipatinga (2017), art. 4, III" in page
    assert "Nenhum crachá de condutor emitido para esta permissão" in page
    badge = badges.badge_issue(
        actor=clerk_actor(user_of), municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    for url in ("/portal/", f"/portal/permissoes/{permit.pk}/"):
        page = c.get(url).content.decode()
        assert f"Baixar o crachá de {aux.person.name} (PDF)" in page
        assert f"/portal/permissoes/{permit.pk}/crachas/{badge.pk}.pdf" in page
    r = c.get(f"/portal/permissoes/{permit.pk}/crachas/{badge.pk}.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert b"".join(r.streaming_content).startswith(b"%PDF")
    with tenant(ipatinga_m):
        act = Act.objects.get(action="badge.print", object_id=str(badge.pk))
    assert act.actor_id == ana.user.pk
    assert act.record["payload"]["new"]["by"] == "portal do responsável pela empresa"
    # The applicant page's company section points at the permit's page for its renewal.
    page = c.get(APPLY).content.decode()
    assert f'href="/portal/permissoes/{permit.pk}/">permissão {permit.number}</a>' in page
    # The company has no holder's badge: the holder's route finds none.
    assert c.get(f"/portal/permissoes/{permit.pk}/cracha.pdf").status_code == 404


def test_a_revoked_badge_or_a_removed_drivers_is_not_offered(company_permit, ipatinga_m, user_of):
    ana, _, permit, aux = company_permit
    clerk = clerk_actor(user_of)
    badge = badges.badge_issue(actor=clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux)
    badges.badge_revoke(actor=clerk, municipality=ipatinga_m, badge=badge, reason="extravio")
    c = login(ana)
    assert c.get(f"/portal/permissoes/{permit.pk}/crachas/{badge.pk}.pdf").status_code == 404
    badge = badges.badge_issue(actor=clerk, municipality=ipatinga_m, permit=permit, auxiliary=aux)
    with tenant(ipatinga_m):
        Auxiliary.objects.filter(pk=aux.pk).update(status=Auxiliary.Status.REMOVED)
    assert c.get(f"/portal/permissoes/{permit.pk}/crachas/{badge.pk}.pdf").status_code == 404
    page = c.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert f"Baixar o crachá de {aux.person.name}" not in page


def test_the_drivers_badge_is_refused_to_a_pending_representative_and_another_holder(
    company_permit, ipatinga_m, user_of
):
    ana, company, permit, aux = company_permit
    badge = badges.badge_issue(
        actor=clerk_actor(user_of), municipality=ipatinga_m, permit=permit, auxiliary=aux
    )
    url = f"/portal/permissoes/{permit.pk}/crachas/{badge.pk}.pdf"
    bia = make_applicant_account(ipatinga_m, name="Bia Outra")
    assert login(bia).get(url).status_code == 404
    assert login(bia).get(f"/portal/permissoes/{permit.pk}/").status_code == 404
    # The driver's own permit's holder does not reach it through their own permit either.
    own = make_permit(ipatinga_m, "OUTRO")
    assert login(ana).get(f"/portal/permissoes/{own.pk}/crachas/{badge.pk}.pdf").status_code == 404
    with tenant(ipatinga_m):
        Person.objects.filter(pk=company.pk).update(representative_confirmed_on=None)
    assert login(ana).get(url).status_code == 404
    with tenant(ipatinga_m):
        assert not Act.objects.filter(action="badge.print", object_id=str(badge.pk)).exists()


def test_a_company_of_another_municipality_is_not_found(ipatinga_m, barra_m):
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    other = make_applicant_account(barra_m, name="Outra de Barra")
    company = company_of(barra_m, other, name="Empresa de Barra")
    assert send(login(ana), company, "company_documents").status_code == 404
    with tenant(barra_m):
        assert not DocumentSubmission.objects.exists()


def test_art_23_the_companys_own_documents_and_their_validity_are_on_the_representatives_home(
    ipatinga_m,
):
    """The company's documents (art. 23, V: the fiscal certificate expires) sit beside the
    representative's own in "Documentos e validade", named as the company's; a company still
    awaiting the desk shows nothing of its own."""
    ana = make_applicant_account(ipatinga_m, name="Ana Responsável")
    company = company_of(ipatinga_m, ana)
    pending = company_of(ipatinga_m, ana, confirmed=False, name="Táxi Pendente Ltda")
    today = timezone.localdate()
    with tenant(ipatinga_m):
        Document.objects.create(
            doc_type="tax_clearance",
            person=company,
            issued_on=today - dt.timedelta(days=170),
            valid_until=today + dt.timedelta(days=10),
        )
        Document.objects.create(
            doc_type="tax_clearance",
            person=pending,
            issued_on=today - dt.timedelta(days=170),
            valid_until=today + dt.timedelta(days=10),
        )
    page = text(login(ana).get("/portal/").content.decode())
    assert f"empresa {company.name}" in page and "a vencer" in page
    assert "Táxi Pendente Ltda" not in page
