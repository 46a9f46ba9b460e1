"""A service no law of the municipality governs does not exist there (ADR on law bindings): the
registry offers no grant of it, counts no permits of it, and its grant pages answer 404."""

from __future__ import annotations

from typing import Any

import pytest
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


@pytest.mark.parametrize("name", ["registry:permit_new", "registry:taxi_permit_new"])
def test_a_grant_page_of_a_service_without_a_law_is_not_found(user_of: Any, name: str) -> None:
    client = _client(user_of("barra-do-garcas", Role.ATENDENTE))
    assert client.get(reverse(name)).status_code == 404
    assert client.post(reverse(name), {"holder": "000.000.001-91"}).status_code == 404
