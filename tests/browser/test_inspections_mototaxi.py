"""A fiscal inspects a mototaxi on a phone-width screen (390 px, real chromium): the queue shows the
overdue semiannual inspection, the checklist fails on a mirror (art. 19, VI) with a photo, and the
result withdraws the vehicle from service."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from inspections_factories import JPEG, grant_mototaxi
from playwright.sync_api import expect

from outorga.core.acts import Actor
from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.inspections.checklists import checklist
from outorga.registry.models import Permit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"


def test_a_fiscal_fails_a_mototaxi_on_a_mirror_and_it_leaves_service(
    page, demo_site, artifacts, tmp_path
):
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    # Granted in March with a report of 05/03/2026: the semiannual inspection is overdue now.
    permit = grant_mototaxi(m, clerk, n=77, on=dt.date(2026, 3, 10))
    plate = permit.vehicle.plate

    username = demo_username("ipatinga", Role.FISCAL)
    page.goto(f"{demo_site.url}/entrar/?next=/vistorias/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{demo_site.url}/vistorias/")
    expect(page.get_by_role("heading", name="Vistorias", exact=True)).to_be_visible()
    fits(page)
    page.get_by_role("link", name=f"Vistoriar {plate}").click()
    expect(page.get_by_role("heading", name=f"Vistoria — placa {plate}")).to_be_visible()
    fits(page)
    page.screenshot(path=str(artifacts / "inspection-checklist-390px.png"), full_page=True)

    photo = tmp_path / "retrovisor.jpg"
    photo.write_bytes(JPEG)
    for item in checklist("mototaxi", timezone.localdate()).items:
        value = "not_ok" if item.code == "retrovisores_ambos_lados" else "ok"
        page.locator(f"input[name=r_{item.code}][value={value}]").check()
    page.get_by_label("Observação").nth(
        [i.code for i in checklist("mototaxi", timezone.localdate()).items].index(
            "retrovisores_ambos_lados"
        )
    ).fill("retrovisor esquerdo ausente")
    page.locator("#foto_retrovisores_ambos_lados").set_input_files(str(photo))
    page.get_by_role("button", name="Registrar vistoria").click()

    page.wait_for_url("**/vistorias/*/")
    expect(page.get_by_text("Resultado: reprovado")).to_be_visible()
    expect(page.get_by_text("retirado de circulação", exact=False).first).to_be_visible()
    fits(page)
    page.screenshot(path=str(artifacts / "inspection-failed-390px.png"), full_page=True)
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).irregular
