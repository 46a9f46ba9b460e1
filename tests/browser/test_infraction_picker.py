"""The inspector picks the infraction on a phone (real chromium, 390 px): the 44 items grouped by
nature, filtered by any word typed without accents, the chosen one posted as before — and the
same list, unfiltered, works with the script off."""

from __future__ import annotations

import re

import pytest
from browser_factories import fits
from playwright.sync_api import expect
from registry_factories import make_permit

from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import InfractionNotice
from outorga.law.competence import Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _login(page, base: str) -> None:
    username = demo_username("ipatinga", Role.FISCAL)
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url(f"{base}/")


def _visible_radios(page) -> int:
    return page.locator("input[name=code]:visible").count()


def test_the_inspector_filters_and_picks_an_infraction_on_a_phone(page, demo_site, artifacts):
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    permit = make_permit(m, "PICKER")
    _login(page, base)
    page.goto(f"{base}/fiscalizacao/autos/novo/?permit={permit.pk}")

    picker = page.get_by_role("group", name="Infração (dispositivo infringido)")
    assert _visible_radios(page) >= 40
    expect(picker.get_by_role("group", name="Gravíssima")).to_be_visible()
    fits(page, 390)
    picker.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "auto-infraction-picker-390px.png"))

    search = page.get_by_label("Filtrar por artigo, palavra ou natureza")
    search.fill("asseio")
    assert _visible_radios(page) == 1
    expect(page.get_by_text("1 de")).to_be_visible()
    expect(picker.get_by_role("group", name="Gravíssima")).not_to_be_visible()
    search.fill("gravissima apreensao")  # no accents typed: the natures are found all the same
    shown = _visible_radios(page)
    assert 0 < shown < 20
    expect(picker.get_by_role("group", name="Gravíssima")).to_be_visible()
    expect(picker.get_by_role("group", name="Leve")).not_to_be_visible()
    search.fill("art. 38, II")
    search.press("Enter")  # filters; never sends the half-filled auto
    assert page.url.endswith(f"?permit={permit.pk}")
    choice = page.get_by_role("radio", name=re.compile(r"^art\. 38, II —"))
    choice.check()
    expect(page.get_by_text(re.compile(r"^Escolhida: art\. 38, II —"))).to_be_visible()
    fits(page, 390)
    page.screenshot(path=str(artifacts / "auto-infraction-picker-filtered-390px.png"))

    page.get_by_label("Local", exact=True).fill("Av. 28 de Abril, 300")
    page.get_by_label("Descrição sucinta").fill("Condutor em serviço sem asseio.")
    page.get_by_label("Sua matrícula").fill("F-0042")
    page.get_by_role("button", name="Salvar auto").click()
    page.wait_for_url("**/fiscalizacao/processos/*/")
    with tenant(m):
        assert InfractionNotice.objects.get(permit=permit).infraction_code == "art38-II"


def test_without_the_script_the_whole_list_still_posts(page, demo_site, artifacts):
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    permit = make_permit(m, "NOJS")
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, locale="pt-BR", java_script_enabled=False
    )
    try:
        nojs = context.new_page()
        _login(nojs, base)
        nojs.goto(f"{base}/fiscalizacao/autos/novo/?permit={permit.pk}")
        expect(nojs.get_by_label("Filtrar por artigo, palavra ou natureza")).not_to_be_visible()
        assert _visible_radios(nojs) >= 40
        fits(nojs, 390)
        nojs.get_by_role("radio", name=re.compile(r"^art\. 38, III —")).check()
        nojs.get_by_label("Local", exact=True).fill("Centro")
        nojs.get_by_label("Descrição sucinta").fill("Lavando a moto na rua.")
        nojs.get_by_label("Sua matrícula").fill("F-0042")
        nojs.get_by_role("button", name="Salvar auto").click()
        nojs.wait_for_url("**/fiscalizacao/processos/*/")
        with tenant(m):
            assert InfractionNotice.objects.get(permit=permit).infraction_code == "art38-III"
    finally:
        context.close()
