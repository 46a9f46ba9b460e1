"""A service no law of the municipality governs does not exist there: the registry offers no
grant of it and counts no permits of it (a grant page reached by its address says the service is
not regulated here: tests/registry/test_registry_service_screens.py)."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Person


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_barra_registry_offers_no_mototaxi_nor_taxi_grant(user_of: Any) -> None:
    page = _client(user_of("barra-do-garcas", Role.ATENDENTE)).get("/cadastro/").content.decode()
    for name in ("registry:grant_guided", "registry:permit_new", "registry:taxi_permit_new"):
        assert f'href="{reverse(name)}"' not in page
    assert "mototáxi — permissões ativas" not in page


def test_ipatinga_registry_offers_both_grants(user_of: Any) -> None:
    page = _client(user_of("ipatinga", Role.ATENDENTE)).get("/cadastro/").content.decode()
    for name in ("registry:grant_guided", "registry:permit_new", "registry:taxi_permit_new"):
        assert f'href="{reverse(name)}"' in page
    assert "mototáxi — permissões ativas" in page and "táxi — permissões ativas" in page


def test_barra_person_page_offers_no_vehicle_registration(user_of: Any, barra_m: Any) -> None:
    """No taxi, mototaxi nor motofrete law here: a person's page does not link to the vehicle
    form, which would answer "not found"."""
    with tenant(barra_m):
        person = Person.objects.first()
    assert person is not None
    client = _client(user_of("barra-do-garcas", Role.ATENDENTE))
    page = client.get(f"/cadastro/pessoas/{person.pk}/").content.decode()
    link = reverse("registry:vehicle_new", args=[person.pk])
    assert client.get(link).status_code == 404
    assert f'href="{link}"' not in page


def test_ipatinga_person_page_offers_vehicle_registration(user_of: Any, ipatinga_m: Any) -> None:
    with tenant(ipatinga_m):
        person = Person.objects.first()
    assert person is not None
    page = _client(user_of("ipatinga", Role.ATENDENTE)).get(f"/cadastro/pessoas/{person.pk}/")
    assert f'href="{reverse("registry:vehicle_new", args=[person.pk])}"' in page.content.decode()
