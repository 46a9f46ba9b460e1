"""In chromium at desktop and phone width: the platform appeals on its portal against the decision
suspending its credential (art. 26 IV, parágrafo único; Lei 9.784/1999 art. 59), and the Chief
Executive, who decided and has no superior, upholds it on the staff case screen (art. 56 §1)."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import a_warning, fits, login
from django.utils import timezone
from playwright.sync_api import expect

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformCaseAppeal
from outorga.platforms.services.cases import (
    platform_case_decide,
    platform_case_decision_notice_record,
    platform_case_open,
)
from outorga.platforms.services.credentialing import platform_user_link

pytestmark = pytest.mark.browser


def test_the_platform_appeals_on_the_portal_and_the_chief_executive_upholds(
    page, barra_screen, artifacts
):
    width, base, m, today, _ = barra_screen
    user = User.objects.get
    authority = Actor.of(user(username=demo_username(m.slug, Role.AUTORIDADE)))
    mayor = Actor.of(user(username=demo_username(m.slug, Role.CHEFE_EXECUTIVO)))
    with tenant(m):
        p = Platform.objects.create(
            cnpj="11444777000161", name="Plataforma Recorrente", credentialed_at=timezone.now()
        )
        platform_user_link(
            actor=authority,
            municipality=m,
            platform=p,
            user=user(username=demo_username(m.slug, Role.PLATAFORMA)),
        )
        # An earlier occurrence (art. 26, I): a warning for a fact 110 days ago, final before
        # the case's fact (ADR 0082).
        a_warning(m, p, today - dt.timedelta(days=90), final=True)
        case = platform_case_open(
            actor=authority,
            municipality=m,
            platform=p,
            kind="credential_suspension",
            infraction_on=today - dt.timedelta(days=60),
            grounds="Relatórios mensais não entregues em três meses seguidos.",
            suspension_days=30,
            notice_on=today - dt.timedelta(days=40),
        )
        case = platform_case_decide(
            actor=mayor,
            municipality=m,
            case=case,
            uphold=True,
            text="Falta grave e reiterada.",
            on=today - dt.timedelta(days=3),
        )
        platform_case_decision_notice_record(
            actor=authority, municipality=m, case=case, notice_on=today - dt.timedelta(days=2)
        )

    # 1. The platform appeals on its portal's case page.
    login(page, base, Role.PLATAFORMA, slug="barra-do-garcas")
    page.goto(f"{base}/plataforma/processos/{case.pk}/")
    page.get_by_label("Razões do recurso: fatos e fundamentos").fill(
        "Os relatórios foram enviados pela API; seguem os protocolos."
    )
    fits(page, width)
    page.screenshot(
        path=str(artifacts / f"platform-case-appeal-form-{width}px.png"), full_page=True
    )
    page.get_by_role("button", name="Apresentar recurso").click()
    expect(page.get_by_text(f"Recurso apresentado em {today:%d/%m/%Y}.")).to_be_visible()
    expect(page.get_by_text("aguardando decisão")).to_be_visible()
    fits(page, width)

    # 2. The Chief Executive upholds it on the staff case screen.
    login(page, base, Role.CHEFE_EXECUTIVO, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/processos/{case.pk}/")
    page.get_by_label(
        "Decisão do recurso (Lei Federal 9.784/1999, art. 56, §1; art. 64)"
    ).select_option("upheld")
    page.get_by_label("Fundamentação (Lei Federal 9.784/1999, art. 50, V)").fill(
        "Protocolos da API comprovam a entrega."
    )
    fits(page, width)
    page.screenshot(path=str(artifacts / f"staff-case-appeal-decide-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Registrar decisão do recurso").click()
    expect(page.get_by_text("Decisão do recurso registrada.")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"staff-case-appeal-upheld-{width}px.png"), full_page=True)
    with tenant(m):
        assert PlatformCaseAppeal.objects.get(case=case).result == "upheld"
        assert Platform.objects.get(pk=p.pk).status == Platform.Status.CREDENTIALED
