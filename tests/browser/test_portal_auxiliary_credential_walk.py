"""Issue #18 in the browser (1280 px): a mototaxi holder asks, on their permit's portal page, the
renewal of their auxiliary's credential (art. 14 §2), the clerk decides it from the requests'
queue with the desk's renewal, and the holder reads the aviso of the decision."""

from __future__ import annotations

import datetime as dt

import pytest
from browser_factories import fits, login, login_as
from registry_factories import moto_auxiliary, portal_login

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, HolderRequest, Tender

pytestmark = pytest.mark.browser

PASSWORD = "Senha-de-teste-2026"
ADDED = dt.date(2026, 3, 10)


def test_a_holder_asks_the_auxiliarys_renewal_the_clerk_renews_and_the_holder_is_told(
    page, demo_site, artifacts
):
    page.set_default_timeout(45_000)
    base = demo_site.url
    m = Municipality.objects.get(slug="ipatinga")
    with tenant(m):
        tender = Tender.objects.create(
            service="mototaxi",
            number="MT-AUX-1",
            places=2,
            opened_on=ADDED - dt.timedelta(days=60),
            homologated_on=ADDED - dt.timedelta(days=10),
            status=Tender.Status.HOMOLOGATED,
        )
    permit, aux = moto_auxiliary(m, tender, 981, prefix="AXW9D")
    holder, helper = permit.holder, aux.person
    user = portal_login(m, holder, PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 900})
    # The holder asks, on the permit's page.
    login_as(page, base, user.username, PASSWORD)
    page.goto(f"{base}/portal/permissoes/{permit.pk}/")
    form = page.get_by_role("form", name=f"Pedir a renovação da credencial de {helper.name}")
    form.get_by_role("button", name="Pedir a renovação da credencial").click()
    page.get_by_text("Pedido de renovação da credencial do auxiliar registrado").wait_for()
    fits(page, 1280)
    page.screenshot(
        path=str(artifacts / "holder-auxiliary-renewal-asked-1280px.png"), full_page=True
    )
    # The clerk decides it from the queue, with the desk's renewal.
    login(page, base, Role.ATENDENTE)
    page.goto(f"{base}/cadastro/pedidos/")
    page.get_by_role("link", name=f"Decidir o pedido de {holder.name}").click()
    page.get_by_text("Lei de mototáxi de Ipatinga (2013), art. 14, §2").first.wait_for()
    page.get_by_label("Data da renovação").fill("2027-02-20")
    # Art. 5 IV with art. 14 §2: the desk has not seen the vest and helmet, the law refuses.
    page.get_by_role("button", name="Renovar a credencial do auxiliar").click()
    page.get_by_text("Não dispõe de colete e capacete com dispositivos retrorrefletivos").wait_for()
    fits(page, 1280)
    page.get_by_text(
        "Colete e capacete com dispositivos retrorrefletivos verificados (art. 5, IV)", exact=True
    ).click()  # the desk saw them
    assert page.locator("input[name$=safety_gear]").is_checked()
    page.get_by_role("button", name="Renovar a credencial do auxiliar").click()
    page.get_by_text(
        f"Pedido deferido. Credencial de {helper.name} renovada até 10/03/2028."
    ).wait_for()
    with tenant(m):
        assert HolderRequest.objects.get(permit=permit).status == "granted"
        assert Auxiliary.objects.get(pk=aux.pk).credential_valid_until == dt.date(2028, 3, 10)
    # The holder reads the aviso of the decision.
    login_as(page, base, user.username, PASSWORD)
    page.goto(f"{base}/portal/permissoes/{permit.pk}/")
    page.get_by_text(
        "Seu pedido de renovação da credencial de condutor auxiliar da permissão "
        f"{permit.number} foi deferido. Credencial de {helper.name} renovada até 10/03/2028."
    ).first.wait_for()
    fits(page, 1280)
    page.screenshot(
        path=str(artifacts / "holder-auxiliary-renewal-aviso-1280px.png"), full_page=True
    )
