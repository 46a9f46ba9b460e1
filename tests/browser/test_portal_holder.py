"""A permit holder opens the portal on a phone (390 px): own permit with status and validity,
documents with their expiry in words and colour, avisos of the daily sweep; marks one as read."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect
from validate_docbr import CPF, RENAVAM

from outorga.core.demo import demo_password, demo_username
from outorga.core.models import Municipality, User
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Permit, Person, Vehicle
from outorga.registry.sweep import registry_sweep

pytestmark = pytest.mark.browser


def make_holder(user: User) -> Permit:
    """A holder with a mototaxi permit and two documents (call inside ``tenant(m)``)."""
    person = Person.objects.filter(user=user).first() or Person.objects.create(
        document=CPF().generate(), name="Ana", birth_date=dt.date(1985, 6, 1), user=user
    )
    vehicle = Vehicle.objects.create(
        plate="ANA1A11",
        renavam=RENAVAM().generate(),
        kind=Vehicle.Kind.MOTOCICLETA,
        make_model="Moto Exemplo 150",
        manufacture_year=2022,
        engine_cc=150,
        colour="vermelha",
        rental_category=True,
        registration_uf="MG",
        owner=person,
    )
    Document.objects.create(
        doc_type=Document.Type.INSPECTION,
        vehicle=vehicle,
        issued_on=dt.date(2025, 7, 1),
        valid_until=dt.date(2026, 1, 1),
    )
    Document.objects.create(
        doc_type=Document.Type.MEDICAL,
        person=person,
        issued_on=dt.date(2025, 3, 1),
        valid_until=dt.date(2026, 3, 1),
    )
    return Permit.objects.create(
        service="mototaxi",
        holder=person,
        number="MT-0001",
        registration_number=1,
        granted_on=dt.date(2025, 1, 10),
        term_start=dt.date(2025, 1, 10),
        term_end=dt.date(2035, 1, 10),
        certificate_valid_until=dt.date(2026, 1, 10),
        vehicle=vehicle,
    )


def test_a_holder_sees_permit_documents_and_avisos_on_a_phone(page, demo_site, artifacts):
    m = Municipality.objects.get(slug="ipatinga")
    username = demo_username("ipatinga", Role.PERMISSIONARIO)
    with tenant(m):
        permit = make_holder(User.objects.get(username=username))
        # The sweep on the day before the inspection report expires: the 7-day aviso.
        registry_sweep(m, dt.date(2025, 12, 31), NoProgress())
    page.goto(f"{demo_site.url}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(demo_password(username))
    page.get_by_role("button", name="Entrar").click()
    page.goto(f"{demo_site.url}/portal/")
    expect(page.get_by_role("heading", name="Portal do permissionário")).to_be_visible()
    expect(page.get_by_role("link", name="Meu portal")).to_be_visible()
    expect(page.get_by_role("link", name="Permissão MT-0001")).to_be_visible()
    expect(page.get_by_text("Prazo: 10/01/2025 a 10/01/2035")).to_be_visible()
    avisos = page.get_by_role("list", name="Avisos")
    assert avisos.get_by_text("Laudo de inspeção do veículo ANA1A11 vence em 01/01/2026").count()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página transborda a largura do telefone ({width}px)"
    page.screenshot(path=str(artifacts / "portal-holder-390px.png"), full_page=True)
    avisos.get_by_role("button", name="Marcar como lido").first.click()
    expect(page.get_by_text("Aviso marcado como lido.")).to_be_visible()
    page.get_by_role("link", name="Permissão MT-0001").click()
    expect(page.get_by_role("heading", name="Permissão MT-0001")).to_be_visible()
    expect(page.get_by_text("ANA1A11").first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"a página da permissão transborda ({width}px)"
    assert permit.pk
