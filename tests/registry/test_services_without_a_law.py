"""A service no law of the municipality governs does not exist there: the registry offers no
grant of it and counts no permits of it (a grant page reached by its address says the service is
not regulated here: tests/registry/test_registry_service_screens.py)."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from outorga.law.competence import Role


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
