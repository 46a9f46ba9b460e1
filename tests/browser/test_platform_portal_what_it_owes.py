"""A platform's staff open their portal in chromium, at desktop and phone width: at the top, "O
que a plataforma deve ao município" — its monthly reports not sent with their due date (apps
art. 16, D-8; "em atraso" once past) and its complaints to answer with their deadline (art. 15),
the late one marked; a row's link leads to where it is done."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login
from platforms_factories import platform_actor
from playwright.sync_api import expect

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform
from outorga.platforms.selectors import OWED_REPORT, report_statuses
from outorga.platforms.services.complaints import complaint_forward

pytestmark = pytest.mark.browser


def test_the_portal_s_landing_page_lists_what_the_platform_owes_the_municipality(
    page, barra_screen, artifacts
):
    width, base, m, today, _ = barra_screen
    with tenant(m):
        p = Platform.objects.get(name="Plataforma Exemplo (demo)")
        late = complaint_forward(
            actor=platform_actor(),
            municipality=m,
            platform=p,
            description="Cobrança em dobro",
            filed_on=today - dt.timedelta(days=21),
        )
        open_ = complaint_forward(
            actor=platform_actor(),
            municipality=m,
            platform=p,
            description="Motorista não esperou",
            filed_on=today,
        )

    login(page, base, Role.PLATAFORMA, slug="barra-do-garcas")
    page.goto(f"{base}/plataforma/")
    dues = page.locator("#deveres")
    expect(dues.get_by_role("heading", name="O que a plataforma deve ao município")).to_be_visible()
    # At the top: the block begins within the first screen.
    box = dues.bounding_box()
    assert box is not None and box["y"] < 900
    rows = dues.locator("li")
    late_row = rows.filter(has_text=late.protocol)
    open_row = rows.filter(has_text=open_.protocol)
    assert f"{late.deadline:%d/%m/%Y}" in late_row.inner_text()
    assert "em atraso" in late_row.inner_text() and "art. 15" in late_row.inner_text()
    assert f"{open_.deadline:%d/%m/%Y}" in open_row.inner_text()
    assert "em atraso" not in open_row.inner_text()
    # The demo platform's reports not sent, as the law judges them today (art. 16, D-8).
    with tenant(m):
        owed = [s for s in report_statuses(m, today, p) if s.status in OWED_REPORT]
    assert owed, "the demo platform owes a report"
    s = owed[-1]
    report_row = rows.filter(has_text=f"Relatório mensal de {s.label}")
    assert f"{s.due:%d/%m/%Y}" in report_row.inner_text() and "art. 16" in report_row.inner_text()
    assert ("em atraso" in report_row.inner_text()) == (s.status == "missing")
    fits(page, width)
    dues.screenshot(path=str(artifacts / f"portal-owes-{width}px.png"))
    page.screenshot(path=str(artifacts / f"portal-owes-page-{width}px.png"))

    # The report's link opens the form of that month.
    report_row.get_by_role("link").click()
    page.wait_for_url(f"{base}/plataforma/relatorios/?mes={s.year}-{s.month:02d}")
    expect(page.locator("p", has_text=f"Relatório de {s.label}").first).to_be_visible()
