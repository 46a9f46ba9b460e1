"""An applicant from account creation to a granted mototaxi permit and a paid fee (issue #18): signs
up in Ipatinga's public area (1280 px), activates the account from the email a real SMTP server
received, enrols in the open tender, sends each document the law asks (390 px); the clerk refuses
one with a reason and accepts the rest; the applicant sends it again and it is accepted; the law's
list of what is missing shrinks as documents are accepted; the permit is granted; the Cadastro fee
is charged, the holder downloads its PIX slip, and the bank statement pays it."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from browser_factories import fits, login, sign_up_filled
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect
from registry_factories import EQUIPMENT, moto_vehicle
from validate_docbr import CNH, CPF

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, ParameterOverride, User
from outorga.core.tenancy import tenant
from outorga.finance import pix
from outorga.finance.fees import fee_charge
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.facts import MOTOTAXI_PERSON_RECORDS, MOTOTAXI_VEHICLE_RECORDS
from outorga.registry.models import Document, Permit, Person, Tender, TenderApplicant
from outorga.registry.services.documents import document_record
from outorga.registry.services.people import licence_record, person_update
from outorga.registry.services.tender_grants import tender_grant
from outorga.registry.services.tenders import tender_evaluate, tender_homologate, tender_rank

pytestmark = pytest.mark.browser

LAW = "ipatinga.mototaxi-2013"
PASSWORD = "Candidata-mototaxi-2026"
PDF = b"%PDF-1.4\n% documento enviado pelo portal\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def staff(m, role):  # type: ignore[no-untyped-def]
    return Actor.of(User.objects.get(username=demo_username(m.slug, role)))


def worker() -> None:
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def applicant_login(page, base: str, username: str) -> None:  # type: ignore[no-untyped-def]
    page.context.clear_cookies()
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")


def send_document(page, label: str, issued: dt.date, content: bytes = PDF) -> None:  # type: ignore[no-untyped-def]
    # Open where nothing is on file yet (the refused document's row included).
    form = page.get_by_role("form", name=f"Enviar {label}", exact=True)
    form.get_by_label("Data de emissão").fill(issued.isoformat())
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "documento.pdf", "mimeType": "application/pdf", "buffer": content}]
    )
    form.get_by_role("button", name=f"Enviar {label}").click()
    page.get_by_text(f"{label}: enviado; aguarda a conferência do atendimento.").wait_for()


def test_an_applicant_goes_from_sign_up_to_a_granted_permit_and_a_paid_fee(
    page, demo_site, artifacts, smtp, settings
):
    _, box = smtp
    settings.OUTORGA_BASE_URL = demo_site.url
    page.set_default_timeout(45_000)  # a long walk on a machine shared with other test runs
    m = Municipality.objects.get(slug="ipatinga")
    today = timezone.localdate()
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi", number="MT-PORTAL/2026", places=1, opened_on=today
        )
    cpf = CPF().generate()

    # 1. Sign-up in the public area, on a desktop.
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up_filled(
        page,
        demo_site.url,
        name="Joana Candidata",
        cpf=cpf,
        email="joana@exemplo.com.br",
        password=PASSWORD,
    )
    page.screenshot(path=str(artifacts / "applicant-signup-1280px.png"), full_page=True)
    page.get_by_role("button", name="Criar conta").click()
    page.get_by_role("heading", name="Pedido de conta recebido").wait_for()
    assert box.messages == []  # nothing sent inside the request

    # 2. The worker sends the activation email; its link opens the account.
    worker()
    (msg,) = box.to("joana@exemplo.com.br")
    body = msg.get_content()
    username = f"ipatinga-{cpf}"
    assert f"Seu usuário: {username}" in body
    link = re.search(r"https?://\S+/conta/ativar/\S+", body)
    assert link is not None
    page.goto(link.group(0))
    page.get_by_role("button", name="Ativar minha conta").click()
    page.get_by_text(f"Conta ativada. Entre com o seu usuário {username}").wait_for()
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/")

    # 3. Enrols in the open tender and reads what the law still requires.
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Candidatura"
    ).click()
    page.get_by_role("button", name="Inscrever-me na licitação MT-PORTAL/2026").click()
    page.get_by_text("Inscrição na licitação MT-PORTAL/2026 registrada.").wait_for()
    required = page.get_by_role("list", name="O que a lei ainda exige na licitação MT-PORTAL/2026")
    expect(required.get_by_text("Falta o documento: documento de identidade (RG).")).to_be_visible()
    expect(
        required.get_by_text("Lei de mototáxi de Ipatinga (2013), art. 5, V").first
    ).to_be_visible()
    before = required.get_by_role("listitem").count()
    page.screenshot(path=str(artifacts / "applicant-requirements-1280px.png"), full_page=True)

    # 4. On a phone: every document the law asks (the guided grant's list), one by one.
    page.set_viewport_size({"width": 390, "height": 844})
    labels = [str(Document.Type(t).label) for t in MOTOTAXI_PERSON_RECORDS]
    for label in labels:
        send_document(page, label, today - dt.timedelta(days=3))
    fits(page, 390)
    page.screenshot(path=str(artifacts / "applicant-documents-sent-390px.png"), full_page=True)

    # 5. The clerk: the home queue, one refusal with its reason, the rest accepted.
    login(page, demo_site.url, Role.ATENDENTE)
    expect(page.get_by_role("heading", name="Documentos enviados pelo portal")).to_be_visible()
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Documentos enviados"
    ).click()
    page.get_by_role("link", name="Conferir RG de Joana Candidata").click()
    page.get_by_label("Motivo da recusa").fill("Foto ilegível: envie a frente e o verso do RG.")
    page.get_by_role("button", name="Recusar o documento").click()
    page.get_by_text("RG de Joana Candidata: recusado.").wait_for()
    for label in labels[1:]:
        page.get_by_role("link", name=f"Conferir {label} de Joana Candidata").click()
        page.get_by_role("button", name="Aceitar o documento").click()
        page.get_by_text(f"{label} de Joana Candidata: aceito e registrado.").wait_for()
    fits(page, 390)

    # 6. The applicant reads the refusal, sends the RG again; the clerk accepts it.
    applicant_login(page, demo_site.url, username)
    page.goto(f"{demo_site.url}/portal/candidatura/")
    expect(page.get_by_text("Foto ilegível: envie a frente e o verso do RG.")).to_be_visible()
    expect(page.get_by_text("Enviar de novo")).to_be_visible()
    send_document(page, "RG", today - dt.timedelta(days=1), PDF + b"% frente e verso\n")
    page.screenshot(path=str(artifacts / "applicant-refused-and-resent-390px.png"), full_page=True)
    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/cadastro/envios/")
    page.get_by_role("link", name="Conferir RG de Joana Candidata").click()
    page.get_by_role("button", name="Aceitar o documento").click()
    page.get_by_text("RG de Joana Candidata: aceito e registrado.").wait_for()
    with tenant(m):
        joana = Person.objects.get(document=cpf)
        assert Document.objects.current().filter(person=joana).count() == len(labels)

    # 7. What only the desk records (birth date, CNH, the motorcycle and its records), the
    #    commission's evaluation and ranking, the homologation, the grant.
    clerk, authority = staff(m, Role.ATENDENTE), staff(m, Role.AUTORIDADE)
    person_update(
        actor=clerk,
        municipality=m,
        law=LAW,
        person=joana,
        data={
            "document": cpf,
            "name": "Joana Candidata",
            "email": "joana@exemplo.com.br",
            "birth_date": dt.date(1990, 5, 1),
            "city": "Ipatinga",
            "blood_type": "A+",
        },
        reason="dados conferidos no atendimento com o RG",
    )
    licence_record(
        actor=clerk,
        municipality=m,
        law=LAW,
        person=joana,
        data={
            "number": CNH().generate(),
            "categories": "AB",
            "first_licence_on": dt.date(2012, 1, 1),
            "category_a_since": dt.date(2012, 1, 1),
            "expires_on": today.replace(year=today.year + 4),
            "ear": True,
        },
    )
    vehicle = moto_vehicle(m, joana)
    for doc_type in MOTOTAXI_VEHICLE_RECORDS:  # this year's, recorded by the desk
        document_record(
            actor=clerk,
            municipality=m,
            law=LAW,
            doc_type=doc_type,
            vehicle=vehicle,
            issued_on=today - dt.timedelta(days=3),
            # Art. 19 §1: the policy's end of cover; art. 5 §1 I: the licensing's validity —
            # each printed on it.
            valid_until=today + dt.timedelta(days=362)
            if doc_type in (Document.Type.INSURANCE, Document.Type.CRLV)
            else None,
        )
    applicant_login(page, demo_site.url, username)
    page.goto(f"{demo_site.url}/portal/candidatura/")
    required = page.get_by_role("list", name="O que a lei ainda exige na licitação MT-PORTAL/2026")
    after = required.get_by_role("listitem").count() if required.count() else 0
    assert after < before
    assert page.get_by_text("Falta o documento: documento de identidade (RG).").count() == 0
    page.screenshot(path=str(artifacts / "applicant-requirements-met-390px.png"), full_page=True)

    with tenant(m):
        applicant = TenderApplicant.objects.get(tender=tender, person=joana)
    (evaluated,) = tender_evaluate(actor=authority, municipality=m, tender=tender, on=today)
    assert evaluated.eligible, evaluated.decision
    tender_rank(actor=authority, municipality=m, tender=tender, ranking=[applicant.pk])
    tender_homologate(actor=authority, municipality=m, tender=tender, on=today)
    (done,) = tender_grant(
        actor=authority,
        municipality=m,
        tender=tender,
        on=today,
        grants={
            applicant.pk: {
                "vehicle": vehicle.pk,
                "term_years": 10,
                "decree": "Decreto 77/2026",
                "equipment": EQUIPMENT,
            }
        },
    )
    grant = done.decision["grant"]
    assert grant["granted"] is True, [
        r["message"] for r in grant["decision"]["reasons"] if r["verdict"] == "refused"
    ]
    with tenant(m):
        permit = Permit.objects.get(holder=joana)

    # 8. The Cadastro fee (the municipality's example value) charged; the holder sees the permit
    #    and the debt, and downloads the PIX slip.
    with tenant(m):
        ParameterOverride.objects.create(
            name="mototaxi_2013.fees.registration_ufpi",
            effective=dt.date(2025, 1, 1),
            value=10,
            legal_reference="Decreto de exemplo (valor de demonstração)",
            example=True,
        )
    fee = fee_charge(
        actor=staff(m, Role.FINANCAS),
        municipality=m,
        person=joana,
        permit=permit,
        fee=f"{LAW}:registration",
        on=today,
    )
    page.goto(f"{demo_site.url}/portal/")
    expect(page.get_by_role("link", name=f"Permissão {permit.number}")).to_be_visible()
    page.goto(f"{demo_site.url}/portal/debitos/")
    # Paid from the phone itself: the PIX copia e cola on the page, the slip's own payload.
    code = page.get_by_label(f"PIX copia e cola do débito {fee.reference}").input_value()
    assert pix.is_valid(code) and pix.txid_of(fee.reference) in code
    href = page.get_by_role("link", name=f"Baixar (PDF) do débito {fee.reference}").get_attribute(
        "href"
    )
    slip = page.request.get(f"{demo_site.url}{href}")
    assert slip.status == 200 and slip.body().startswith(b"%PDF")
    fits(page, 390)
    page.screenshot(path=str(artifacts / "applicant-fee-390px.png"), full_page=True)

    # 9. The bank statement pays it by the PIX txid; the holder sees it paid.
    login(page, demo_site.url, Role.FINANCAS)
    page.goto(f"{demo_site.url}/financas/importar/")
    amount = f"{fee.amount_cents // 100},{fee.amount_cents % 100:02d}"
    csv = f"data;valor;referencia\n{today:%d/%m/%Y};{amount};{pix.txid_of(fee.reference)}\n"
    page.get_by_label("Arquivo do banco").set_input_files(
        files=[{"name": "extrato.csv", "mimeType": "text/csv", "buffer": csv.encode()}]
    )
    page.get_by_role("button", name="Ver prévia").click()
    page.get_by_text("conciliado (débito pago)").first.wait_for()
    page.get_by_role("button", name="Importar 1 linha").click()
    page.wait_for_url("**/financas/importacoes/*/")
    with tenant(m):
        fee.refresh_from_db()
    assert fee.status == Debt.Status.PAID
    applicant_login(page, demo_site.url, username)
    page.goto(f"{demo_site.url}/portal/debitos/")
    expect(page.get_by_text("pago", exact=True).first).to_be_visible()
    page.screenshot(path=str(artifacts / "applicant-fee-paid-390px.png"), full_page=True)
