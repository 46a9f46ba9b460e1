"""Taxi art. 48 on the tender page, in chromium at desktop and phone width: the authority gives
each applicant's score on the edital's other criteria, with a decimal comma; the law adds the
points of the current taxista (an auxiliary inscribed in the Cadastro, from the records) and ranks
them; the page shows score + points = total for each, and fits the screen (ADR 0031)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from browser_factories import fits, login
from registry_factories import person, taxi_permit

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Tender, TenderApplicant
from outorga.registry.services.tenders import tender_evaluate

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}
OPEN = dt.date(2026, 11, 2)


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_art_48_the_commission_scores_and_the_current_taxista_gets_the_points(
    page: Any, demo_site: Any, artifacts: Any, screen: str
) -> None:
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    newcomer = person(m, name="Nova Candidata")
    current = person(m, name="Auxiliar Atual")
    with tenant(m):
        Auxiliary.objects.create(
            permit=taxi_permit(m), person=current, added_on=dt.date(2023, 11, 2)
        )
        tender = Tender.objects.create(
            service="taxi",
            taxi_category="convencional",
            number=f"A48-{screen}",
            places=1,
            opened_on=OPEN,
            status=Tender.Status.OPEN,
        )
        for p in (newcomer, current):
            TenderApplicant.objects.create(tender=tender, person=p, taxi_category="convencional")
    authority = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.AUTORIDADE)))
    tender_evaluate(actor=authority, municipality=m, tender=tender, on=OPEN)
    with tenant(m):
        apps = {a.person_id: a for a in TenderApplicant.objects.filter(tender=tender)}
    assert all(a.eligible for a in apps.values())

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/licitacoes/{tender.pk}/")
    assert "atuais taxistas" in page.locator("#criterio-atuais-taxistas").inner_text()
    page.locator(f"#score_{apps[newcomer.pk].pk}").fill("10,5")
    page.locator(f"#rank_{apps[newcomer.pk].pk}").fill("1")
    page.locator(f"#score_{apps[current.pk].pk}").fill("4")
    page.locator(f"#rank_{apps[current.pk].pk}").fill("2")
    with page.expect_navigation():
        page.get_by_role("button", name="Registrar classificação").click()
    body = page.locator("main").inner_text()
    # 4 + (5 + 1 × 3 full years) = 12 > 10,5: the current auxiliary comes first.
    assert "Nota 4 + 8 ponto(s) de atual taxista (sim; art. 48) = 12" in body
    assert "Nota 10,5 + 0 ponto(s) de atual taxista (não; art. 48) = 10,5" in body
    rows = page.locator("tbody tr")
    assert "Auxiliar Atual" in rows.nth(0).inner_text() and "1º" in rows.nth(0).inner_text()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"tender-art-48-{screen}.png"), full_page=True)
