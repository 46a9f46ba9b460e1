"""Lei 9.784/1999 art. 53 in a real browser: the authority opens a final case whose auto was
written on the wrong plate, tries to annul it without grounds (the law refuses, art. 50 VIII,
naming the field), then with them; the confirmation says what the annulment does before the
click, and the case closes annulled. At phone (390 px) and desktop
(1280 px) widths, nothing wider than the screen."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import a_permit, case_of, final_by_services, fits, login, user
from django.utils import timezone

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case, InfractionNotice
from outorga.law.competence import Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_lei_9784_art_53_the_authority_annuls_a_final_case_on_its_page(page, demo_site, artifacts):
    base = demo_site
    m = Municipality.objects.get(slug="ipatinga")
    permit = a_permit(m)
    final_by_services(m, permit, "art38-III", timezone.localdate() - dt.timedelta(days=120))
    with tenant(m):
        auto = InfractionNotice.objects.filter(permit=permit).latest("pk")
    case = case_of(m, auto.pk)
    assert case.stage == Case.Stage.FINAL
    assert user(Role.AUTORIDADE)

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/processos/{case.pk}/")
    page.get_by_role(
        "heading", name="Anular de ofício (Lei Federal 9.784/1999, art. 53)"
    ).wait_for()
    # Blank grounds (spaces pass the browser's "required"): the law refuses, naming the field.
    page.get_by_label("Fundamentos (vício de legalidade)").fill("   ")
    page.get_by_role("button", name="Anular de ofício").click()
    body = page.locator("main").inner_text()
    assert "fundamentos" in body.lower() and "art. 50" in body
    assert case_of(m, auto.pk).stage == Case.Stage.FINAL
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"annul-refused-{width}px.png"), full_page=True)

    page.get_by_label("Fundamentos (vício de legalidade)").fill(
        "Auto lavrado com a placa errada: o veículo autuado não é o do permissionário."
    )
    page.get_by_role("button", name="Anular de ofício").click()
    # An irreversible act: the page says what it does, read from the records, before the click.
    consequence = page.locator(".confirm-consequence").inner_text()
    assert f"A anulação de ofício do processo {case.number} é definitiva" in consequence
    assert f"o auto deixa de contar nas infrações da permissão {permit.number}" in consequence
    assert case_of(m, auto.pk).stage == Case.Stage.FINAL
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"annul-confirm-{width}px.png"), full_page=True)
    page.get_by_role("button", name="Confirmar a anulação").click()
    page.get_by_text("Processo anulado de ofício (Lei Federal 9.784/1999, art. 53).").wait_for()
    assert case_of(m, auto.pk).stage == Case.Stage.ANNULLED
    assert (
        page.get_by_role(
            "heading", name="Anular de ofício (Lei Federal 9.784/1999, art. 53)"
        ).count()
        == 0
    )
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"annul-done-{width}px.png"), full_page=True)
