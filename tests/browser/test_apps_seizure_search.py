"""Apps law art. 23, II and art. 26, III in a real browser, at 390 px and 1280 px: the inspector of
Barra do Garças searches a plate, sees the platform driver registered with it and that the
platform's credential is suspended, and opens the auto that seizes the vehicle (art. 26, III)."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login
from platforms_factories import make_platform, new_cpf
from playwright.sync_api import expect

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import PlatformDriver

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLATE = "APP1B23"


@pytest.mark.parametrize("width", [390, 1280])
def test_art_26_iii_the_inspector_finds_the_driver_of_a_suspended_platform_and_opens_the_auto(
    page, demo_site, artifacts, width
):
    m = Municipality.objects.get(slug="barra-do-garcas")
    p = make_platform(
        m, "Plataforma Suspensa", status="suspended", suspended_until=dt.date(2027, 1, 10)
    )
    with tenant(m):
        PlatformDriver.objects.create(
            platform=p,
            cpf=new_cpf(),
            name="Motorista da Suspensa",
            cnh_number="1",
            cnh_category="B",
            vehicle_plate=PLATE,
            vehicle_kind="car",
            vehicle_manufacture_year=2022,
            status="enabled",
        )
    page.set_viewport_size({"width": width, "height": 900})
    login(page, demo_site.url, Role.FISCAL, slug="barra-do-garcas")
    page.goto(f"{demo_site.url}/fiscalizacao/")
    page.get_by_label("Placa, número da permissão").fill(PLATE)
    page.get_by_role("button", name="Buscar").click()
    listed = page.get_by_text("Motorista da Suspensa")
    expect(listed).to_be_visible()
    assert "suspensa até 10/01/2027" in listed.inner_text()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"apps-search-{width}.png"), full_page=True)
    page.get_by_role("link", name="Lavrar auto sem permissão — transporte por aplicativo").click()
    page.wait_for_url("**/fiscalizacao/autos/novo/**")
    assert "art. 26, III" in page.content()
    fits(page, width)
    page.screenshot(path=str(artifacts / f"apps-auto-form-{width}.png"), full_page=True)
