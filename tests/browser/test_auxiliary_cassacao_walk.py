"""Mototaxi art. 32 IV in a real browser: the authority, on the permit's cassação page, follows the
link to one auxiliary's credential, posts a cause the law does not know (a sentence under two
years: refused, naming art. 32, IV), then one it knows; the case opens naming the auxiliary. At
phone (390 px) and desktop (1280 px) widths, nothing wider than the screen."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import a_permit, fits, login
from validate_docbr import CPF

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Person

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_art_32_iv_the_authority_proposes_an_auxiliary_s_cassacao(page, demo_site, artifacts):
    base = demo_site
    m = Municipality.objects.get(slug="ipatinga")
    permit = a_permit(m)
    with tenant(m):
        person = Person.objects.create(document=CPF().generate(), name="Joaquim Auxiliar")
        Auxiliary.objects.create(
            permit=permit, person=person, registration_number=12, added_on=dt.date(2025, 2, 1)
        )

    login(page, base, Role.AUTORIDADE)
    page.goto(f"{base}/fiscalizacao/permissoes/{permit.pk}/cassacao/")
    page.get_by_role("link", name="Joaquim Auxiliar").click()
    page.get_by_role(
        "heading", name="Proposta de cassação do credenciamento do condutor auxiliar"
    ).wait_for()
    page.get_by_label("b) condenação criminal — pena de reclusão (meses)").fill("18")
    page.get_by_role("button", name="Abrir proposta de cassação do credenciamento").click()
    page.get_by_role("alert").wait_for()
    alert = page.get_by_role("alert").inner_text()
    assert "Nenhuma causa de cassação do credenciamento reconhecida pela lei (art. 32, IV)" in alert
    with tenant(m):
        assert not Case.objects.filter(permit=permit, kind=Case.Kind.CASSACAO).exists()
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"aux-cassacao-refused-{width}px.png"), full_page=True)

    page.get_by_label("b) condenação criminal — pena de reclusão (meses)").fill("30")
    page.get_by_role("button", name="Abrir proposta de cassação do credenciamento").click()
    page.get_by_text("Proposta de cassação do credenciamento aberta").wait_for()
    body = page.locator("main").inner_text()
    assert "cassação do credenciamento do condutor auxiliar (art. 32, IV)" in body
    assert "condutor auxiliar: Joaquim Auxiliar" in body
    with tenant(m):
        case = Case.objects.get(permit=permit, kind=Case.Kind.CASSACAO)
    assert case.person_id == person.pk
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page, width)
        page.screenshot(path=str(artifacts / f"aux-cassacao-opened-{width}px.png"), full_page=True)
