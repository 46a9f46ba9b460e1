"""The README's applicant path, step by step, on the demo as `make run` loads it (with its example
licitação): sign-up in Ipatinga's public area and the activation email printed on the console
(1280 px), then Candidatura, the enrolment in EXEMPLO-TX-1 with what the law still requires, and
one document sent (390 px)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from browser_factories import fits, login_as, sign_up_filled
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect
from validate_docbr import CPF

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.demo.loader import load_example_tender
from outorga.registry.demo import EXAMPLE_TENDER
from outorga.registry.models import DocumentSubmission, TenderApplicant

pytestmark = pytest.mark.browser

NUMBER = EXAMPLE_TENDER.number
PASSWORD = "Candidato-taxi-2026"
PDF = b"%PDF-1.4\n% RG enviado pelo portal\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def test_a_newcomer_follows_the_readme_from_sign_up_to_a_sent_candidatura(
    page, demo_site, artifacts, settings, capsys
):
    # `make run`: the demo's example tender, its worker printing every email on the console.
    load_example_tender()
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.OUTORGA_BASE_URL = demo_site.url
    base = demo_site.url
    cpf = CPF().generate()

    # 1. The public area → "Quero me candidatar: criar minha conta".
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_up_filled(
        page,
        base,
        name="Carlos Candidato",
        cpf=cpf,
        email="carlos@exemplo.com.br",
        password=PASSWORD,
    )
    page.get_by_role("button", name="Criar conta").click()
    page.get_by_role("heading", name="Pedido de conta recebido").wait_for()

    # 2. The activation email on the console: the username and the link.
    capsys.readouterr()
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    console = capsys.readouterr().out
    mail = console[console.index("To: carlos@exemplo.com.br") :]
    username = f"ipatinga-{cpf}"
    assert f"Seu usuário: {username}" in mail
    link = re.search(r"https?://\S+/conta/ativar/\S+", mail)
    assert link is not None and link.group(0).startswith(f"{base}/conta/ativar/")
    page.goto(link.group(0))
    page.get_by_role("button", name="Ativar minha conta").click()
    page.get_by_text(f"Conta ativada. Entre com o seu usuário {username}").wait_for()
    login_as(page, base, username, PASSWORD)

    # 3. Candidatura lists the example tender, open on the demo's today.
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Candidatura"
    ).click()
    tenders = page.get_by_role("list", name="Licitações abertas")
    tenders.get_by_role("heading", name=f"Licitação {NUMBER} — táxi").wait_for()
    fits(page, 1280)
    page.screenshot(path=str(artifacts / "readme-applicant-candidatura-1280px.png"))

    # 3–4 on a phone: the enrolment, what the law still requires, one document sent.
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name=f"Inscrever-me na licitação {NUMBER}").click()
    page.get_by_text(f"Inscrição na licitação {NUMBER} registrada.").wait_for()
    required = page.get_by_role("list", name=f"O que a lei ainda exige na licitação {NUMBER}")
    expect(required.get_by_text("Lei do táxi de Ipatinga (2017), art. 22, I").first).to_be_visible()
    form = page.get_by_role("form", name="Enviar RG", exact=True)
    form.get_by_label("Data de emissão").fill(
        (timezone.localdate() - dt.timedelta(days=3)).isoformat()
    )
    form.get_by_label("Arquivo").set_input_files(
        files=[{"name": "rg.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    form.get_by_role("button", name="Enviar RG").click()
    page.get_by_text("RG: enviado; aguarda a conferência do atendimento.").wait_for()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "readme-applicant-sent-390px.png"), full_page=True)

    m = Municipality.objects.get(slug="ipatinga")
    with tenant(m):
        applicant = TenderApplicant.objects.get(tender__number=NUMBER, person__document=cpf)
        assert applicant.taxi_category == "convencional"
        assert DocumentSubmission.objects.filter(person=applicant.person).count() == 1
