"""Lei 9.784/1999 art. 53 in a real browser, under the apps law (art. 26 I–II, D-17): the authority
opens a warning imposed on the wrong platform, tries to annul it without grounds (the law refuses,
art. 50), then with them; the confirmation says what the annulment does before the click, and the
warning closes annulled. At phone (390 px) and desktop (1280 px) widths, nothing wider than the
screen."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import a_warning, fits, login, user
from django.utils import timezone
from playwright.sync_api import expect
from validate_docbr import CNPJ

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformPenalty
from outorga.platforms.services.cases import platform_case_decide, platform_case_open

pytestmark = pytest.mark.browser

GROUNDS = "O relatório faltante é de outra plataforma: a advertência foi lavrada contra a errada."


def test_lei_9784_art_53_the_authority_annuls_a_platform_s_warning_on_its_page(
    page, demo_site, artifacts
):
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    today = today_of(m)
    with tenant(m):
        p = Platform.objects.create(
            cnpj=CNPJ().generate(), name="Plataforma Trocada", credentialed_at=timezone.now()
        )
        warning = a_warning(m, p, today)

    login(page, base, Role.AUTORIDADE, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/penalidades/{warning.pk}/")
    page.get_by_role(
        "heading", name="Anular de ofício (Lei Federal 9.784/1999, art. 53)"
    ).wait_for()
    # Blank grounds (spaces): the law refuses, naming the article.
    page.get_by_label("Fundamentos (vício de legalidade)").fill("   ")
    page.get_by_role("button", name="Anular de ofício").click()
    body = page.locator("main").inner_text()
    assert "vício de legalidade" in body and "art. 50" in body
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(
            path=str(artifacts / f"platform-annul-refused-{width}px.png"), full_page=True
        )

    page.get_by_label("Fundamentos (vício de legalidade)").fill(GROUNDS)
    page.get_by_role("button", name="Anular de ofício").click()
    consequence = page.locator(".confirm-consequence").inner_text()
    assert "A anulação de ofício da advertência escrita é definitiva" in consequence
    assert "deixa de contar como ocorrência (art. 26, I)" in consequence
    with tenant(m):
        assert PlatformPenalty.objects.get(pk=warning.pk).status != PlatformPenalty.Status.ANNULLED
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(
            path=str(artifacts / f"platform-annul-confirm-{width}px.png"), full_page=True
        )
    page.get_by_role("button", name="Confirmar a anulação").click()
    page.get_by_text("Penalidade anulada de ofício (Lei Federal 9.784/1999, art. 53).").wait_for()
    with tenant(m):
        assert PlatformPenalty.objects.get(pk=warning.pk).status == PlatformPenalty.Status.ANNULLED
    assert (
        page.get_by_role(
            "heading", name="Anular de ofício (Lei Federal 9.784/1999, art. 53)"
        ).count()
        == 0
    )
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"platform-annul-done-{width}px.png"), full_page=True)


def test_lei_9784_art_53_the_chief_executive_annuls_a_platform_s_suspension_on_its_page(
    page, demo_site, artifacts
):
    """Art. 26 IV (D-3): the Chief Executive, who suspended the credential, annuls the
    suspension of its own motion; the confirmation says the credential comes back."""
    base = demo_site.url
    m = Municipality.objects.get(slug="barra-do-garcas")
    today = today_of(m)
    authority = Actor.of(user(Role.AUTORIDADE, m.slug))
    mayor = Actor.of(user(Role.CHEFE_EXECUTIVO, m.slug))
    with tenant(m):
        p = Platform.objects.create(
            cnpj=CNPJ().generate(), name="Plataforma Suspensa", credentialed_at=timezone.now()
        )
        # An earlier occurrence (art. 26, I), final before the case's fact (ADR 0082).
        a_warning(m, p, today - dt.timedelta(days=60), final=True)
        case = platform_case_open(
            actor=authority,
            municipality=m,
            platform=p,
            kind="credential_suspension",
            infraction_on=today - dt.timedelta(days=25),
            grounds="Relatórios mensais entregues fora do prazo em dois meses seguidos.",
            suspension_days=10,
            notice_on=today - dt.timedelta(days=20),  # the defence period over by today
        )
        platform_case_decide(
            actor=mayor, municipality=m, case=case, uphold=True, text="Reincidência.", on=today
        )
        assert Platform.objects.get(pk=p.pk).status == Platform.Status.SUSPENDED

    login(page, base, Role.CHEFE_EXECUTIVO, slug="barra-do-garcas")
    page.goto(f"{base}/plataformas/processos/{case.pk}/")
    page.get_by_role(
        "heading", name="Anular de ofício (Lei Federal 9.784/1999, art. 53)"
    ).wait_for()
    page.get_by_label("Fundamentos (vício de legalidade)").fill(
        "A defesa foi notificada a outra empresa: o processo correu sem contraditório."
    )
    page.get_by_role("button", name="Anular de ofício").click()
    consequence = page.locator(".confirm-consequence").inner_text()
    assert "Plataforma Suspensa deixa de estar suspensa e o credenciamento volta" in consequence
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"case-annul-confirm-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Confirmar a anulação").click()
    page.get_by_text("Processo anulado de ofício (Lei Federal 9.784/1999, art. 53).").wait_for()
    expect(page.get_by_text("anulado de ofício em")).to_be_visible()
    with tenant(m):
        assert Platform.objects.get(pk=p.pk).status == Platform.Status.CREDENTIALED
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"case-annul-done-{width}px.png"), full_page=True)
