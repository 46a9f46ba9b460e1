"""The penalty screens of a permit whose service no law of the municipality governs (its binding
removed, ``core.lawseam.governs``): no penalty under a law can be proposed for it — the cassação
proposal and the taxi suspension screens, reached by their address or posted, go back to the
permit's page with the reason, never an internal error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from outorga.core.tenancy import tenant
from outorga.enforcement.models import Case
from outorga.law.competence import Role

NO_LAW = "Nenhuma lei rege o serviço de mototáxi em Ipatinga"


@pytest.fixture
def authority(ipatinga_client: Any) -> Client:
    return ipatinga_client(Role.AUTORIDADE)


@pytest.mark.parametrize("screen", ["cassacao", "suspensao"])
def test_a_penalty_screen_goes_back_to_the_permit_saying_no_law_governs_it(
    ungoverned, authority, screen
):
    permit, _ = ungoverned
    url = f"/fiscalizacao/permissoes/{permit.pk}/{screen}/"
    page = f"/cadastro/permissoes/{permit.pk}/"
    for response in (authority.get(url, follow=True), authority.post(url, {}, follow=True)):
        assert response.redirect_chain == [(page, 302)], url
        assert NO_LAW in response.content.decode()
    with tenant(permit.municipality):
        assert not Case.objects.filter(permit=permit).exists()


def test_the_api_refuses_a_cassacao_proposal_naming_the_service_never_an_internal_error(
    ungoverned, authority
):
    """ADR 0062/0071: the API's penalty on such a permit answers 422 naming "serviço"."""
    permit, _ = ungoverned
    response = authority.post(
        f"/api/v1/enforcement/permits/{permit.pk}/cassacao-proposal",
        {"on": "2026-06-01", "causes": {}},
        content_type="application/json",
    )
    assert response.status_code == 422, response.content
    (error,) = response.json()["erros"]
    assert error["campo"] == "serviço" and NO_LAW in error["erro"]
    with tenant(permit.municipality):
        assert not Case.objects.filter(permit=permit).exists()
