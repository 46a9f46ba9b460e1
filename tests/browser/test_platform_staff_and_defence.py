"""In chromium at desktop and phone width: the authority invites a platform's staff member by
email, who follows the invitation's link, chooses a password and lands on that platform's portal
(ADR 0034); a platform's staff member files a defence against a proposed suspension and an appeal
against a warning on the portal's "Processos e recursos" (art. 26, parágrafo único)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from browser_factories import a_warning, fits, login
from django.utils import timezone
from playwright.sync_api import expect

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import OutboundEmail, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformCase, PlatformPenaltyAppeal, PlatformUser
from outorga.platforms.services.cases import platform_case_open
from outorga.platforms.services.credentialing import platform_user_link
from outorga.platforms.services.penalty_process import platform_penalty_notice_record

pytestmark = pytest.mark.browser

PASSWORD = "Equipe#Plataforma2026"


def test_the_authority_invites_a_staff_member_who_lands_on_the_platform_portal(
    page, barra_screen, artifacts
):
    width, base, m, _, screen = barra_screen
    with tenant(m):
        p = Platform.objects.get(name="Plataforma Exemplo (demo)")

    # 1. The authority opens the platform's page and its staff screen.
    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/{p.pk}/")
    page.get_by_role("link", name="convidar ou remover pessoas da equipe").click()
    page.wait_for_url(f"{base}/plataformas/{p.pk}/usuarios/")
    fits(page, width)

    # 2. Invites a person by email.
    address = f"marina.{screen}@exemplo.com.br"
    page.get_by_label("Nome da pessoa").fill("Marina Alves")
    page.get_by_label("E-mail (o convite chega nele)").fill(address)
    page.get_by_role("button", name="Enviar convite").click()
    page.wait_for_url(f"{base}/plataformas/{p.pk}/usuarios/")
    expect(page.get_by_text(f"Convite enviado a Marina Alves ({address})")).to_be_visible()
    row = page.locator("#equipe li", has_text=address)
    assert "senha ainda não escolhida" in row.inner_text()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-staff-invited-{width}px.png"), full_page=True)

    # 3. The invitation's email (queued; the worker would send it) carries the link.
    with tenant(m):
        email = OutboundEmail.objects.filter(to=address).latest("pk")
    link = re.search(r"https?://[^/\s]+(/conta/convite/\S+/)", email.body)
    assert link is not None, email.body
    page.context.clear_cookies()
    page.goto(f"{base}{link.group(1)}")
    page.get_by_label("Nova senha", exact=True).fill(PASSWORD)
    page.get_by_label("Repita a nova senha").fill(PASSWORD)
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-staff-password-{width}px.png"), full_page=True)
    page.get_by_role("button", name=re.compile("senha", re.I)).click()
    page.wait_for_url(f"{base}/senha/nova/concluido/")

    # 4. Logs in and lands on that platform's portal.
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(f"barra-do-garcas-{address}")
    page.get_by_label("Senha").fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Minha plataforma"
    ).click()
    page.wait_for_url(f"{base}/plataforma/")
    expect(page.get_by_role("heading", name=re.compile(re.escape(p.name))).first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-staff-portal-{width}px.png"), full_page=True)
    with tenant(m):
        user = User.objects.get(email=address)
        assert PlatformUser.objects.get(user=user).platform_id == p.pk
        assert user.has_usable_password()


def test_a_platform_files_a_defence_and_an_appeal_on_the_portal(page, barra_screen, artifacts):
    width, base, m, today, _ = barra_screen
    authority = Actor.of(User.objects.get(username=demo_username(m.slug, Role.AUTORIDADE)))
    login_user = User.objects.get(username=demo_username(m.slug, Role.PLATAFORMA))
    with tenant(m):
        # A platform with no record yet: the warning is its first occurrence (art. 26, I).
        p = Platform.objects.create(
            cnpj="11444777000161", name="Plataforma Recorrente", credentialed_at=timezone.now()
        )
        platform_user_link(actor=authority, municipality=m, platform=p, user=login_user)
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
        warning = a_warning(m, p, today)
        platform_penalty_notice_record(
            actor=authority,
            municipality=m,
            penalty=warning,
            notice_on=today,
            channel="personal",
            on=today,
        )

    # 1. The list of processes, with the deadlines.
    login(page, base, Role.PLATAFORMA, slug="barra-do-garcas")
    page.goto(f"{base}/plataforma/")
    page.get_by_role("navigation", name="Seções do portal da plataforma").get_by_role(
        "link", name="Processos e recursos"
    ).click()
    page.wait_for_url(f"{base}/plataforma/processos/")
    expect(page.locator("#processos").get_by_text(f"{case.defence_until:%d/%m/%Y}")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-processes-{width}px.png"), full_page=True)

    # 2. The defence.
    page.locator("#processos").get_by_role("link", name="apresentar defesa").click()
    page.wait_for_url(f"{base}/plataforma/processos/{case.pk}/#defesa")
    page.get_by_label("Defesa: fatos e fundamentos").fill(
        "Os relatórios foram enviados pela API dentro do prazo; seguem os protocolos."
    )
    page.get_by_role("button", name="Apresentar defesa").click()
    # The browser keeps the fragment through the redirect back to the page.
    page.wait_for_url(re.compile(rf"{re.escape(base)}/plataforma/processos/{case.pk}/(#defesa)?$"))
    expect(page.get_by_text("Defesa apresentada.", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Substituir a defesa")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-defence-filed-{width}px.png"), full_page=True)
    with tenant(m):
        case.refresh_from_db()
        assert case.defence_text.startswith("Os relatórios foram enviados")
        assert case.status == PlatformCase.Status.OPEN

    # 3. The appeal against the warning.
    page.goto(f"{base}/plataforma/processos/")
    page.locator("#penalidades").get_by_role("link", name="recorrer").click()
    page.wait_for_url(f"{base}/plataforma/penalidades/{warning.pk}/#recurso")
    page.get_by_label("Razões do recurso: fatos e fundamentos").fill(
        "O atraso decorreu de indisponibilidade do sistema municipal, comprovada no protocolo."
    )
    page.get_by_role("button", name="Apresentar recurso").click()
    page.wait_for_url(
        re.compile(rf"{re.escape(base)}/plataforma/penalidades/{warning.pk}/(#recurso)?$")
    )
    expect(page.get_by_text(f"Recurso apresentado em {today:%d/%m/%Y};")).to_be_visible()
    expect(page.get_by_text("aguardando julgamento").first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"platform-appeal-filed-{width}px.png"), full_page=True)
    with tenant(m):
        appeal = PlatformPenaltyAppeal.objects.get(penalty=warning)
        assert appeal.channel == PlatformPenaltyAppeal.Channel.WEB
