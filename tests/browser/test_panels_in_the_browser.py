"""The dashboards in chromium at desktop and phone width: every chart draws (an SVG inside the
column, never wider than the page), its numbers open under "Ver os números", and the page fits
the screen. Screenshots go to the artifacts folder."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from browser_factories import login
from django.utils import timezone
from enforcement_factories import issue, make_world
from finance_factories import make_debt, make_person
from platforms_factories import make_platform
from playwright.sync_api import expect
from registry_factories import make_permit, person

from outorga.core.charts import last_months
from outorga.core.demo import demo_username
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant, unscoped
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.tripdata.models import PlatformMonth

pytestmark = pytest.mark.browser

WIDTHS = (1280, 390)


def records() -> None:
    """A few months of work in each demo municipality, so the pictures have something to show."""
    from outorga.core.models import User

    with unscoped():
        ipatinga = Municipality.objects.get(slug="ipatinga")
        barra = Municipality.objects.get(slug="barra-do-garcas")
    today = timezone.localdate()
    holder = person(ipatinga)
    for status in ["active"] * 5 + ["suspended", "cassada", "renounced"]:
        make_permit(ipatinga, holder=holder, service="mototaxi", status=status)
    for status in ("active", "active", "extinct"):
        make_permit(ipatinga, holder=holder, service="taxi", status=status)

    def user_of(slug: str, role: Role) -> Any:
        return User.objects.get(username=demo_username(slug, role))

    w = make_world(ipatinga, user_of)
    months = last_months(today)
    for i, code in enumerate(("art38-II", "art38-I", "art38-IV", "art38-II", "art38-I")):
        issue(w, on=min(today, months[-1 - i % 4] + dt.timedelta(days=2 + i)), code=code)
    debtor = make_person(ipatinga)
    for days, cents, status in (
        (10, 25_000, Debt.Status.OPEN),
        (40, 180_050, Debt.Status.UNDER_APPEAL),
        (75, 32_000, Debt.Status.FINAL),
        (120, 64_000, Debt.Status.FINAL),
        (300, 128_000, Debt.Status.FINAL),
    ):
        make_debt(ipatinga, debtor, cents, due_on=today - dt.timedelta(days=days), status=status)
    a, b = make_platform(barra, "Rodavia"), make_platform(barra, "Leva Já")
    with tenant(barra):
        for i, mo in enumerate(months[-6:]):
            PlatformMonth.objects.create(
                platform=a, month=mo, trips=1_200 + 150 * i, gross_cents=2_400_000 + 90_000 * i
            )
            PlatformMonth.objects.create(
                platform=b, month=mo, trips=700 + 80 * i, gross_cents=1_300_000 + 40_000 * i
            )


@pytest.mark.parametrize(
    ("slug", "role", "panels"),
    [
        ("ipatinga", Role.AUTORIDADE, ("Permissões", "Fiscalização", "Finanças")),
        ("barra-do-garcas", Role.FINANCAS, ("Plataformas",)),
    ],
)
def test_the_panels_draw_their_charts_and_fit_the_screen(
    page: Any, demo_site: Any, artifacts: Any, slug: str, role: Role, panels: tuple[str, ...]
) -> None:
    records()
    login(page, demo_site.url, role, slug=slug)
    page.get_by_role("navigation", name="Navegação principal").get_by_role(
        "link", name="Painéis"
    ).click()
    names = [t.strip() for t in page.locator(".panel-list a").all_inner_texts()]
    for title in panels:
        assert title in names
        page.goto(f"{demo_site.url}/paineis/")
        page.locator(".panel-list").get_by_role("link", name=title, exact=True).click()
        page.get_by_role("heading", name=f"Painel: {title}").wait_for()  # the page it opens
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            figures = page.locator("figure.chart")
            assert figures.count() >= 1
            drawn = page.locator("figure.chart svg[role=img]")
            assert drawn.count() >= 1, f"{title}: nenhum gráfico desenhado"
            for i in range(drawn.count()):
                svg = drawn.nth(i)
                box = svg.bounding_box()
                assert box is not None and box["width"] > 200 and box["height"] > 100
                assert box["x"] + box["width"] <= width
                label = svg.get_attribute("aria-labelledby") or ""
                assert page.locator(f"[id='{label}']").inner_text().strip()
            page.locator("details.chart-numbers summary").first.click()
            expect(page.locator("details.chart-numbers table").first).to_be_visible()
            overflow = page.evaluate("document.documentElement.scrollWidth")
            assert overflow <= width, f"{title} transborda a largura de {width}px ({overflow}px)"
            shot = f"panel-{slug}-{title.lower().replace('ç', 'c').replace('õ', 'o').replace('ã', 'a')}-{width}px"
            page.screenshot(path=str(artifacts / f"{shot}.png"), full_page=True)
            page.locator("details.chart-numbers summary").first.click()
