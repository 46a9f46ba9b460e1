"""The whole due process in a real browser at phone width (390 px), each step as its user takes it:
the inspector writes an auto → notice → the holder files a defence in the portal → the authority
dismisses it → JARI appeal → final → the fine paid by PIX (the payload read from the slip's QR code,
the bank statement imported by the finance staff and reconciled by the txid) → a third final
infraction → the authority imposes the suspension with one click → the badge page shows it."""

from __future__ import annotations

import datetime as dt
import re

import pypdfium2 as pdfium
import pytest
import zxingcpp
from browser_factories import a_permit, case_of, final_by_services, fits, login
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect
from registry_factories import png

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, Escalation, InfractionNotice, Notice, Penalty
from outorga.finance import pix
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.registry.models import Permit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PDF = b"%PDF-1.4\n% defesa\n"


def payload_of_slip(pdf: bytes) -> str:
    """The PIX "copia e cola" as a payer's banking app gets it: the QR code read off the slip
    (beside it, the FEBRABAN barcode is another reading)."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=3).to_pil()
    found = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.clock("2026-12-05T12:00:00-03:00")
def test_inspector_to_suspension_in_the_browser(page, demo_site, artifacts, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    permit = a_permit(m)
    today = timezone.localdate()

    # 0. The clerk uploads the holder's photo on the person page (the badge prints it, art. 2
    # VIII), issues the badge, and its public page says valid.
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/pessoas/{permit.holder_id}/")
    page.get_by_label("Foto (JPEG ou PNG, até 5 MB)", exact=True).set_input_files(
        {"name": "titular.png", "mimeType": "image/png", "buffer": png()}
    )
    page.get_by_role("button", name="Enviar foto").click()
    expect(page.get_by_text("Foto registrada.")).to_be_visible()
    photo = page.get_by_role("img", name=f"Foto de {permit.holder.name}")
    photo.wait_for(state="visible")
    assert photo.evaluate("img => img.complete && img.naturalWidth") == 90  # served, not broken
    page.goto(f"{base}/crachas/")
    page.get_by_label("Número da permissão").fill(permit.number)
    page.get_by_role("button", name="Emitir").click()
    expect(page.get_by_text(f"emitido para {permit.number}")).to_be_visible()
    badge_page = (
        page.get_by_role("row")
        .filter(has_text=permit.number)
        .get_by_role("link", name="Página pública")
    )
    badge_url = badge_page.first.get_attribute("href")
    assert badge_url
    page.context.clear_cookies()
    page.goto(f"{base}{badge_url}")
    assert "válido" in page.get_by_role("status").inner_text().lower()

    # 1. The inspector, on the phone: search the plate, pick the infraction, save.
    login(page, base, Role.FISCAL)
    page.get_by_role("link", name="Fiscalização").first.click()
    page.get_by_label(
        "Placa, número da permissão, CPF/CNPJ, código do crachá (QR) ou série impressa no crachá"
    ).fill("PHN-7E77")
    page.get_by_role("button", name="Buscar").click()
    expect(page.get_by_text(permit.holder.name)).to_be_visible()
    fits(page, 390)
    page.get_by_role("link", name="Lavrar auto").click()
    page.get_by_label("Filtrar por artigo, palavra ou natureza").fill("asseio")
    page.get_by_role("radio", name=re.compile(r"^art\. 38, II —")).check()
    page.get_by_label("Local", exact=True).fill("Av. 28 de Abril, 300")
    page.get_by_label("Descrição sucinta").fill("Condutor em serviço sem asseio.")
    page.get_by_label("Sua matrícula").fill("F-0042")
    page.get_by_label("assinou (notificado na hora)").check()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "enforcement-auto-form-390px.png"), full_page=True)
    page.get_by_role("button", name="Salvar auto").click()
    page.wait_for_url("**/fiscalizacao/processos/*/")
    expect(page.get_by_text("prazo em curso").first).to_be_visible()
    fits(page, 390)
    with tenant(m):
        auto = InfractionNotice.objects.get(permit=permit)
    case = case_of(m, auto.pk)
    assert case.waiting == Case.Waiting.DEADLINE  # signed on the spot: notified (art. 30 X, D-4)

    # 2. The holder files the defence in the portal, with an attachment.
    login(page, base, Role.PERMISSIONARIO)
    page.get_by_role("link", name="Minhas infrações").first.click()
    page.get_by_role("link", name=f"Processo {case.number}").click()
    page.get_by_label("Razões").fill("Eu estava de folga; anexo a escala.")
    page.get_by_label("Anexos (PDF, JPEG ou PNG, até 5 MB)").set_input_files(
        files=[{"name": "escala.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    page.get_by_role("button", name="Enviar").click()
    page.get_by_text("aguardando julgamento").first.wait_for()  # after the upload (upload.js)
    fits(page, 390)

    # 3. The authority dismisses it from the work queue, and notifies the decision in person.
    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/fila/")
    page.get_by_role("link", name=case.number).click()
    page.get_by_label("improcedente (mantém a penalidade)").check()
    page.get_by_label("Fundamentação").fill("A escala não cobre o dia da autuação.")
    page.get_by_role("button", name="Julgar").click()
    assert page.locator("#case-stage").inner_text() == "recurso à JARI"
    page.get_by_role("button", name="Registrar notificação").click()
    expect(page.get_by_text("prazo em curso").first).to_be_visible()

    # 4. The holder appeals to the JARI online.
    login(page, base, Role.PERMISSIONARIO)
    page.goto(f"{base}/portal/processos/{case.pk}/")
    page.get_by_label("Razões").fill("Recorro à JARI.")
    page.get_by_role("button", name="Enviar").click()
    page.get_by_text("aguardando julgamento").first.wait_for()  # after the upload (upload.js)

    # 5. The JARI dismisses the appeal; the clerk notifies the decision.
    login(page, base, Role.JARI)
    page.goto(f"{base}/fiscalizacao/fila/")
    page.get_by_role("link", name=case.number).click()
    page.get_by_label("Fundamentação").fill("Mantida a decisão de primeira instância.")
    page.get_by_role("button", name="Julgar").click()
    assert page.locator("#case-stage").inner_text() == "recurso ao Chefe do Executivo"
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/fiscalizacao/processos/{case.pk}/")
    page.get_by_role("button", name="Registrar notificação").click()
    case = case_of(m, auto.pk)
    assert case.deadline is not None

    # Two earlier infractions within 12 months, made final by the services in the past (no notice
    # is dated after today, D-4): this case, once final, is the third (art. 32 I).
    final_by_services(m, permit, "art38-III", today - dt.timedelta(days=120))
    final_by_services(m, permit, "art38-VI", today - dt.timedelta(days=110))

    # 6. No appeal to the Chief Executive by the deadline: the sweep makes it final (D-1).
    call_command("enforcement_sweep", on=(case.deadline + dt.timedelta(days=1)).isoformat())
    case = case_of(m, auto.pk)
    assert case.stage == Case.Stage.FINAL
    with tenant(m):
        fine = Penalty.objects.get(case=case, kind=Penalty.Kind.FINE).debt
    assert fine is not None and fine.status == Debt.Status.FINAL  # D-18: final with its case

    # 7. The holder downloads the fine's slip from the portal and pays its PIX at the bank.
    login(page, base, Role.PERMISSIONARIO)
    page.goto(f"{base}/portal/")
    page.get_by_role("link", name="Meus débitos").first.click()
    expect(page.get_by_text(fine.reference, exact=True)).to_be_visible()
    fits(page, 390)
    href = page.get_by_role("link", name=f"Baixar (PDF) do débito {fine.reference}").get_attribute(
        "href"
    )
    assert href
    slip = page.request.get(f"{base}{href}")
    assert slip.status == 200 and slip.headers["content-type"] == "application/pdf"
    payload = payload_of_slip(slip.body())
    assert pix.is_valid(payload)  # the CRC16 of field 63 matches (BR Code)
    fields = pix.parse(payload)
    txid = pix.parse_template(fields["62"])["05"]
    assert txid == pix.txid_of(fine.reference)
    assert fields["54"] == pix.amount_text(fine.amount_cents)
    reais = fields["54"].replace(".", ",")

    # 8. Finance imports the bank statement: the line is reconciled by the txid, the fine is paid.
    login(page, base, Role.FINANCAS)
    page.goto(f"{base}/financas/")
    page.get_by_role("link", name="Importar extrato").click()
    statement = f"data;valor;referencia\n{today:%d/%m/%Y};{reais};{txid}\n"
    page.get_by_label("Arquivo do banco").set_input_files(
        files=[{"name": "extrato.csv", "mimeType": "text/csv", "buffer": statement.encode()}]
    )
    page.get_by_role("button", name="Ver prévia").click()
    # Sent with a progress bar (upload.js): the preview replaces the page when the upload ends.
    page.get_by_text("conciliado (débito pago)").first.wait_for()
    page.get_by_role("button", name="Importar 1 linha").click()
    page.wait_for_url("**/financas/importacoes/*/")
    expect(page.get_by_text("conciliado (débito pago)").first).to_be_visible()
    fits(page, 390)
    with tenant(m):
        assert Debt.objects.get(pk=fine.pk).status == Debt.Status.PAID
    login(page, base, Role.PERMISSIONARIO)
    page.goto(f"{base}/portal/debitos/")
    assert page.get_by_role("link", name=f"Baixar (PDF) do débito {fine.reference}").count() == 0

    # 9. With two earlier final infractions within 12 months (made final before step 6), this
    # third one, final in step 6, triggered the suspension (art. 32 I, D-1, D-2).
    with tenant(m):
        esc = Escalation.objects.get(permit=permit, status=Escalation.Status.PENDING)
        assert esc.days == 15

    # 10. The authority sees the counted infractions and citations and imposes it with one click.
    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/fila/")
    expect(page.get_by_text(auto.number).first).to_be_visible()
    expect(page.get_by_text("art. 32").first).to_be_visible()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "enforcement-suspension-queue-390px.png"), full_page=True)
    # The count became final on the sweep's day (step 6, D-1) and the authority decides today:
    # the suspension starts on the later of the two at the earliest (art. 32 I; art. 2 XXIV with
    # art. 34 and 43, ADR 0085), so the authority sets its first day to it.
    assert case.final_on is not None
    page.get_by_label("Início").fill(max(case.final_on, today).isoformat())
    page.get_by_role("button", name="Aplicar suspensão de 15 dias").click()
    expect(page.get_by_text("Suspensão de 15 dias aplicada")).to_be_visible()

    # 11. The permit shows suspended to the inspector on the street, and so does the badge's page.
    login(page, base, Role.FISCAL)
    page.goto(f"{base}/fiscalizacao/?q=PHN7E77")
    expect(page.get_by_text("suspensa").first).to_be_visible()
    page.context.clear_cookies()
    page.goto(f"{base}{badge_url}")
    status = page.get_by_role("status").inner_text().lower()
    assert "suspenso" in status and "válido" not in status
    fits(page, 390)
    page.screenshot(path=str(artifacts / "enforcement-badge-suspended-390px.png"), full_page=True)
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.SUSPENDED
        assert Notice.objects.filter(case=case).count() == 3
