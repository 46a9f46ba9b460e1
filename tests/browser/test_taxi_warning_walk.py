"""In chromium at desktop and phone width: the Autoridade of Ipatinga applies the written warning in
place of the fine on an open taxi case (taxi art. 41, I and §1; art. 46 with D-17, ADR 0067), from
the case page's "Advertência em lugar da multa" form (the day of the decision asked by that name),
and sees the result: the message, the form gone, and the auto's penalty shown as the warning on
the page from then on. Screenshots go to the artifacts folder."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, user
from enforcement_factories import case_of, make_world, taxi_auto
from playwright.sync_api import expect
from registry_factories import taxi_permit

from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.law.competence import Role

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.mark.parametrize("screen", list(WIDTHS))
def test_art_41_i_the_authority_applies_the_taxi_warning_on_the_case_page(
    page, demo_site, artifacts, screen
):
    width = WIDTHS[screen]
    page.set_viewport_size({"width": width, "height": 900})
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    today = today_of(m)
    world = make_world(m, lambda slug, role: user(role, slug))
    n = 9401 if screen == "desktop" else 9402
    permit = taxi_permit(m, n=n, name=f"Taxista {n}", plate=f"TAX9W{n % 100:02d}")
    fact = today - dt.timedelta(days=2)
    auto = taxi_auto(world, permit, "desobediencia_sem_risco", on=fact)
    case = case_of(world, auto)
    case_url = f"{base}/fiscalizacao/processos/{case.pk}/"

    login(page, base, Role.AUTORIDADE)
    page.goto(case_url)
    heading = page.get_by_role("heading", name="Advertência em lugar da multa")
    heading.scroll_into_view_if_needed()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"taxi-warning-form-{width}px.png"), full_page=True)
    assert page.get_by_label("Data da decisão").input_value() == today.isoformat()
    page.get_by_label("a conduta não afeta o conforto nem a segurança dos passageiros").check()
    page.get_by_role("button", name="Aplicar advertência").click()
    expect(page.get_by_text("Advertência aplicada em lugar da multa")).to_be_visible()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"taxi-warning-applied-{width}px.png"), full_page=True)
    assert page.get_by_role("heading", name="Advertência em lugar da multa").count() == 0
    # What stays on the page once the message is gone: the auto's penalty is the warning.
    page.reload()
    assert "advertência, em lugar da multa" in page.locator("dl.facts").inner_text()
    with tenant(m):
        assert InfractionNotice.objects.get(pk=auto.pk).penalty == InfractionNotice.Penalty.WARNING
