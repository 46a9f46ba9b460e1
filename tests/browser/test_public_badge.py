"""An inspector opens a badge's verification page on a phone (real chromium, 390 px)."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect
from registry_factories import make_permit

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.law.competence import Role
from outorga.public import services
from outorga.registry.services.permit_status import permit_cassar

pytestmark = pytest.mark.browser


def test_an_inspector_sees_a_valid_badge_on_a_phone(page, demo_site, artifacts, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    permit = make_permit(m, "NAVEGADOR")
    badge = services.badge_issue(actor=clerk, municipality=m, permit=permit)

    page.goto(f"{demo_site.url}/v/{badge.token}")
    status = page.get_by_role("status")
    assert "válido" in status.inner_text().lower()
    expect(page.get_by_role("heading", name=permit.holder.name)).to_be_visible()
    photo = page.get_by_role("img", name=f"Foto de {permit.holder.name}")
    expect(photo).to_be_visible()
    assert page.evaluate("(img) => img.naturalWidth", photo.element_handle()) > 0
    expect(page.get_by_text(permit.vehicle.plate)).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "public-badge-390px.png"), full_page=True)

    page.goto(f"{demo_site.url}/v/{'A' * 106}")
    assert "não reconhecido" in page.get_by_role("alert").inner_text().lower()
    page.screenshot(path=str(artifacts / "public-badge-unknown-390px.png"), full_page=True)


def test_an_inspector_sees_a_cassated_badge_is_not_valid_on_a_phone(
    page, demo_site, artifacts, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    mayor = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.CHEFE_EXECUTIVO)))
    permit = make_permit(m, "CASSADO")
    badge = services.badge_issue(actor=clerk, municipality=m, permit=permit)
    printed = badge.valid_until.strftime("%d/%m/%Y")
    permit_cassar(
        actor=mayor,
        municipality=m,
        permit=permit,
        on=dt.date(2026, 3, 2),
        reason="cassação após o devido processo",
    )

    page.goto(f"{demo_site.url}/v/{badge.token}")
    status = page.get_by_role("status")
    assert "sem efeito — não vale mais" in status.inner_text().lower()
    assert "cassada em 02/03/2026" in status.inner_text()
    expect(page.get_by_text("sem efeito desde 02/03/2026")).to_be_visible()
    assert printed not in page.content()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "public-badge-cassated-390px.png"), full_page=True)


@pytest.mark.parametrize("width", [1280, 390])
def test_mototaxi_art_2_ii_the_desk_prints_a_cassada_permit_s_badge_only_as_a_copy_sem_validade(
    page, demo_site, artifacts, settings, tmp_path, width
):
    """At the desk, desktop and phone: a badge whose permit was cassada (mototaxi art. 2 II, art.
    5 §4) shows its status, and the desk is offered only a copy for the case file (ADR 0054): the
    link says "Cópia sem validade", and the PDF it gives carries "SEM VALIDADE" across the card
    with the day and the article."""
    import pypdfium2
    from browser_factories import fits, login

    settings.MEDIA_ROOT = tmp_path / "media"
    page.set_viewport_size({"width": width, "height": 900})
    m = Municipality.objects.get(slug="ipatinga")
    clerk = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE)))
    mayor = Actor.of(User.objects.get(username=demo_username("ipatinga", Role.CHEFE_EXECUTIVO)))
    permit = make_permit(m, f"BALCAO{width}")
    badge = services.badge_issue(actor=clerk, municipality=m, permit=permit)
    permit_cassar(
        actor=mayor, municipality=m, permit=permit, on=dt.date(2026, 3, 2), reason="processo"
    )

    login(page, demo_site.url, Role.ATENDENTE)
    page.goto(f"{demo_site.url}/crachas/")
    row = page.get_by_role("row").filter(has_text=badge.serial)
    assert "cassad" in row.inner_text().lower()
    copy = row.get_by_role("link", name="Cópia sem validade (PDF)")
    assert copy.count() == 1
    assert row.get_by_role("link", name="PDF", exact=True).count() == 0
    fits(page, width)
    page.screenshot(path=str(artifacts / f"desk-badge-cassada-{width}px.png"), full_page=True)
    response = page.request.get(f"{demo_site.url}{copy.get_attribute('href')}")
    assert response.ok and response.headers["content-type"] == "application/pdf"
    text = pypdfium2.PdfDocument(response.body())[0].get_textpage().get_text_range()
    assert "SEM VALIDADE" in text and "NÃO VALE COMO IDENTIFICAÇÃO" in text
    assert "cassada em 02/03/2026" in text and "art. 5, §4" in text
