"""In chromium at desktop and phone width (ADR 0043): the platform's administrator, marked by the
authority, invites a colleague on the portal's "Equipe"; then joins a PDF to the platform's
defence, which the authority sees on the case page and downloads."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from browser_factories import fits, login
from django.utils import timezone
from playwright.sync_api import expect
from validate_docbr import CNPJ

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import OutboundEmail, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformAttachment, PlatformUser
from outorga.platforms.services.cases import platform_case_open
from outorga.platforms.services.staff import platform_staff_invite

pytestmark = pytest.mark.browser

PASSWORD = "Admin#Plataforma2026"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def test_the_platform_admin_invites_a_colleague_and_a_defence_file_reaches_the_staff(
    page, barra_screen, artifacts, tmp_path
):
    width, base, m, today, screen = barra_screen
    authority = Actor.of(User.objects.get(username=demo_username(m.slug, Role.AUTORIDADE)))
    cnpj = CNPJ().generate()
    with tenant(m):
        p = Platform.objects.create(
            cnpj=cnpj, name=f"Plataforma Anexa {screen}", credentialed_at=timezone.now()
        )
        admin = platform_staff_invite(
            actor=authority,
            municipality=m,
            platform=p,
            email=f"admin.{screen}@anexa.com.br",
            name="Alice Admin",
            admin=True,
        )
        user = User.objects.get(pk=admin.user_id)
        user.set_password(PASSWORD)
        user.save()
        case = platform_case_open(
            actor=authority,
            municipality=m,
            platform=p,
            kind="credential_suspension",
            infraction_on=today - dt.timedelta(days=10),
            grounds="Relatórios mensais entregues fora do prazo em dois meses seguidos.",
            suspension_days=10,
            notice_on=today,
        )

    # 1. The administrator logs in and opens "Equipe".
    page.context.clear_cookies()
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(user.username)
    page.get_by_label("Senha").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/plataforma/")
    page.get_by_role("navigation", name="Seções do portal da plataforma").get_by_role(
        "link", name="Equipe"
    ).click()
    page.wait_for_url(f"{base}/plataforma/equipe/")
    fits(page, width)

    # 2. Invites a colleague.
    address = f"paulo.{screen}@anexa.com.br"
    page.get_by_label("Nome da pessoa").fill("Paulo Reis")
    page.get_by_label("E-mail (o convite chega nele)").fill(address)
    page.get_by_role("button", name="Enviar convite").click()
    page.wait_for_url(f"{base}/plataforma/equipe/")
    expect(page.get_by_text(f"Convite enviado a Paulo Reis ({address})")).to_be_visible()
    assert "senha ainda não escolhida" in page.locator("#equipe li", has_text=address).inner_text()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-admin-invited-{width}px.png"), full_page=True)
    with tenant(m):
        colleague = PlatformUser.objects.get(user__email=address)
        assert colleague.platform_id == p.pk and not colleague.is_admin
        assert OutboundEmail.objects.filter(to=address).exists()

    # 3. The defence, with a PDF joined to it.
    page.goto(f"{base}/plataforma/processos/{case.pk}/")
    page.get_by_label("Defesa: fatos e fundamentos").fill(
        "Os relatórios foram enviados no prazo; o protocolo segue anexo."
    )
    page.get_by_role("button", name="Apresentar defesa").click()
    page.wait_for_url(re.compile(rf"{re.escape(base)}/plataforma/processos/{case.pk}/(#defesa)?$"))
    proof = tmp_path / "protocolo-envio.pdf"
    proof.write_bytes(PDF)
    page.get_by_label(re.compile("Juntar documentos")).set_input_files(str(proof))
    page.get_by_role("button", name="Juntar anexos").click()
    page.wait_for_url(f"{base}/plataforma/processos/{case.pk}/#defesa")
    expect(page.get_by_text("1 anexo juntado.")).to_be_visible()
    expect(page.get_by_role("link", name="protocolo-envio.pdf")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-defence-file-{width}px.png"), full_page=True)

    # 4. The authority sees it on the case page and downloads it.
    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/processos/{case.pk}/")
    link = page.get_by_role("link", name="protocolo-envio.pdf")
    expect(link).to_be_visible()
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"platform-defence-file-staff-{width}px.png"), full_page=True
    )
    with page.expect_download() as got:
        link.click()
    download = got.value
    with tenant(m):
        a = PlatformAttachment.objects.get(case=case)
    assert download.suggested_filename == f"anexo-{a.pk}.pdf"
    assert open(download.path(), "rb").read() == PDF
