"""In chromium at desktop and phone width: the desk finds a failed email on "E-mails enviados" with
each try and the server's answer, and sends it again ("Reenviar", ADR 0034) — back in the queue,
for the worker."""

from __future__ import annotations

import pytest
from browser_factories import fits, login
from django.utils import timezone
from playwright.sync_api import expect

from outorga.core.models import Municipality, OutboundEmail, OutboundEmailAttempt
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
REFUSAL = "554 5.1.1 <joana.titular@exemplo.com.br>: caixa postal inexistente"


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_the_desk_resends_a_failed_email(page, demo_site, artifacts, screen):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    with tenant(m):
        email = OutboundEmail.objects.create(
            to="joana.titular@exemplo.com.br",
            subject="Aviso de Ipatinga: documento a vencer — prazo até 15/01/2027",
            body="Texto.",
            status=OutboundEmail.Status.FAILED,
            attempts=3,
            last_error=REFUSAL,
        )
        for n in (1, 2, 3):
            OutboundEmailAttempt.objects.create(
                email=email, number=n, at=timezone.now(), ok=False, error=REFUSAL
            )

    login(page, base, Role.ATENDENTE)
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="E-mails enviados"
    ).click()
    page.wait_for_url(f"{base}/municipio/emails/")
    page.get_by_label("Situação").select_option("failed")
    page.get_by_label("Destinatário").fill("joana")
    page.get_by_role("button", name="Filtrar").click()
    page.wait_for_url(f"{base}/municipio/emails/?situacao=failed&para=joana")
    row = page.locator(f"#email-{email.pk}")
    expect(row.get_by_text("falhou")).to_be_visible()
    assert row.inner_text().count("caixa postal inexistente") == 3
    fits(page, width)
    page.screenshot(path=str(artifacts / f"outbox-failed-{width}px.png"), full_page=True)

    row.get_by_role("button", name="Reenviar").click()
    page.wait_for_url(f"{base}/municipio/emails/?para=joana.titular@exemplo.com.br")
    expect(page.get_by_text("de volta à fila")).to_be_visible()
    expect(page.locator(f"#email-{email.pk}").get_by_text("na fila")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"outbox-resent-{width}px.png"), full_page=True)
    with tenant(m):
        email.refresh_from_db()
    assert email.status == OutboundEmail.Status.QUEUED
