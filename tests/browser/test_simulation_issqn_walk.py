"""Barra do Garças' administrator simulates a proposed ISSQN rate for autônomo drivers (apps
art. 20; D-14) in a real chromium, at desktop and phone width: the page lists each platform's
statement of the last months under the law in force and the proposal, and nothing is written."""

from __future__ import annotations

import pytest
from browser_factories import fits, login
from playwright.sync_api import expect

from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.tripdata.models import IssqnStatement

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1280, 390])
def test_the_administrator_sees_the_platforms_issqn_under_a_proposed_rate(
    page, demo_site, artifacts, width
):
    m = Municipality.objects.get(slug="barra-do-garcas")
    page.set_viewport_size({"width": width, "height": 900})
    login(page, demo_site.url, Role.ADMIN, "barra-do-garcas")
    with tenant(m):  # counted once logged in (the login is an act of its own)
        statements = IssqnStatement.objects.count()
        acts = Act.objects.count()
    assert statements, "the demo processes the last closed month's trips of each platform"
    page.get_by_role("link", name="Simular alteração da lei").first.click()
    page.wait_for_url("**/cadastro/simulacao/")
    page.get_by_label("Proposta").fill("Projeto de Lei Complementar 3/2026 (minuta)")
    page.get_by_label("Parâmetro 1").select_option("apps_2025.issqn_rate_autonomo")
    page.get_by_label("Valor proposto 1").fill("0,03")
    page.get_by_label("Em vigor desde 1").fill("2026-01-01")
    page.get_by_role("button", name="Simular").click()
    table = page.get_by_role("table", name="ISSQN por declaração")
    table.wait_for()
    assert table.get_by_role("row").count() == statements + 1  # the header and each statement
    expect(page.get_by_text("pela proposta", exact=False).first).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"simulation-issqn-{width}px.png"), full_page=True)
    with tenant(m):
        assert (IssqnStatement.objects.count(), Act.objects.count()) == (statements, acts)
