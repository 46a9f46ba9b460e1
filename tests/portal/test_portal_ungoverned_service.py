"""The holder's portal for a permit of a service no law of the municipality governs (its binding
removed, ``core.lawseam.governs``): the holder still sees their permit, told plainly that no law
governs its service, with no request to file nor badge to print under a law — never an internal
error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import portal_login

from outorga.core.tenancy import tenant
from outorga.registry.models import HolderRequest

NO_LAW = "Nenhuma lei rege o serviço de mototáxi em Ipatinga"


@pytest.fixture
def holder(ungoverned: Any, ipatinga_m: Any) -> Client:
    permit, _ = ungoverned
    with tenant(ipatinga_m):
        person = permit.holder
    client = Client(raise_request_exception=False)
    client.force_login(portal_login(ipatinga_m, person))
    return client


def test_the_holders_home_lists_the_permit(ungoverned, holder):
    permit, _ = ungoverned
    response = holder.get("/portal/")
    assert response.status_code == 200 and permit.number in response.content.decode()


def test_the_permit_page_says_no_law_governs_its_service_and_offers_no_request(ungoverned, holder):
    permit, _ = ungoverned
    response = holder.get(f"/portal/permissoes/{permit.pk}/")
    assert response.status_code == 200
    text = response.content.decode()
    assert NO_LAW in text
    for offer in ("pedidos/renovacao/", "pedidos/auxiliar/", "Baixar crachá"):
        assert offer not in text, offer


def test_a_request_posted_for_it_is_refused_saying_why(ungoverned, holder):
    permit, _ = ungoverned
    page = f"/portal/permissoes/{permit.pk}/"
    response = holder.post(f"{page}pedidos/renovacao/", {}, follow=True)
    assert response.redirect_chain == [(f"{page}#pedidos", 302)]
    assert NO_LAW in response.content.decode()
    with tenant(permit.municipality):
        assert not HolderRequest.objects.filter(permit=permit).exists()


def test_its_badge_is_not_printed_from_the_portal(ungoverned, holder):
    permit, _ = ungoverned
    page = f"/portal/permissoes/{permit.pk}/"
    response = holder.get(f"{page}cracha.pdf", follow=True)
    assert response.redirect_chain == [(page, 302)]
    assert NO_LAW in response.content.decode()
