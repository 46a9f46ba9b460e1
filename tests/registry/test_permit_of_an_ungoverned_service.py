"""A permit of a service no law of the municipality governs (its binding removed: the service does
not exist there, ``core.lawseam.governs``): the permit is still the municipality's record, so its
page, the lists and the API's reads answer; but no act under a law can be proposed for it. The
page says so and offers none; an act's screen reached by its address goes back to the permit
with the reason, and the API refuses the act (422, ``codigo``) — never an internal error."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit

NO_LAW = "Nenhuma lei rege o serviço de mototáxi em Ipatinga"
NO_ACT = "nenhum ato previsto em lei pode ser proposto"

#: The act screens the permit page offers a live mototaxi permit under its law.
ACT_SCREENS = (
    "registry:permit_renew",
    "registry:permit_extend",
    "registry:auxiliary_new",
    "registry:vehicle_substitute",
    "registry:permit_renounce",
    "registry:permit_reserve",
    "registry:permit_public_post",
    "registry:permit_contractor",
)


@pytest.fixture
def clerk(ipatinga_client: Any) -> Client:
    return ipatinga_client(Role.ATENDENTE)


def _status(permit: Permit) -> str:
    with tenant(permit.municipality):
        permit.refresh_from_db()
    return permit.status


@pytest.mark.parametrize("role", [Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL])
def test_its_page_renders_saying_no_law_governs_the_service(ungoverned, ipatinga_client, role):
    permit, _ = ungoverned
    response = ipatinga_client(role).get(f"/cadastro/permissoes/{permit.pk}/")
    assert response.status_code == 200
    text = response.content.decode()
    assert NO_LAW in text and NO_ACT in text
    assert permit.number in text and permit.holder.name in text


def test_its_page_offers_no_act_under_a_law(ungoverned, clerk):
    permit, _ = ungoverned
    text = clerk.get(f"/cadastro/permissoes/{permit.pk}/").content.decode()
    for name in ACT_SCREENS:
        assert f'href="{reverse(name, args=[permit.pk])}"' not in text, name
    assert "Emitir crachá" not in text and "Suspensão da permissão" not in text


def test_a_suspension_posted_on_its_page_is_refused_with_the_reason(ungoverned, ipatinga_client):
    permit, _ = ungoverned
    authority = ipatinga_client(Role.AUTORIDADE)
    url = f"/cadastro/permissoes/{permit.pk}/"
    response = authority.post(
        url,
        {
            "susp-days": "10",
            "susp-start": today_of(permit.municipality).isoformat(),
            "susp-reason": "teste",
        },
        follow=True,
    )
    assert response.redirect_chain == [(url, 302)]
    assert NO_LAW in response.content.decode()
    assert _status(permit) == Permit.Status.ACTIVE


@pytest.mark.parametrize("name", ACT_SCREENS)
def test_an_act_screen_reached_by_its_address_goes_back_to_the_permit_saying_why(
    ungoverned, clerk, name
):
    permit, _ = ungoverned
    url = reverse(name, args=[permit.pk])
    page = f"/cadastro/permissoes/{permit.pk}/"
    for response in (clerk.get(url, follow=True), clerk.post(url, {}, follow=True)):
        assert response.redirect_chain == [(page, 302)], url
        assert NO_LAW in response.content.decode()
    assert _status(permit) == Permit.Status.ACTIVE


def test_the_lists_and_the_api_read_it(ungoverned, clerk):
    permit, _ = ungoverned
    assert permit.number in clerk.get("/cadastro/permissoes/").content.decode()
    listed = clerk.get("/api/v1/registry/permits").json()["items"]
    assert permit.pk in [p["id"] for p in listed]
    detail = clerk.get(f"/api/v1/registry/permits/{permit.pk}")
    assert detail.status_code == 200 and detail.json()["number"] == permit.number


def test_the_api_refuses_an_act_on_it_with_a_field_error_naming_the_service(ungoverned, clerk):
    permit, _ = ungoverned
    on = today_of(permit.municipality).isoformat()
    acts = {
        "renew": {"on": on, "safety_gear": True},
        "extend": {"on": on},
        "renounce": {"on": on, "text": "pedido escrito"},
        "reserve": {"on": on, "text": "manutenção"},
        "suspend": {"days": 10, "start": on, "reason": "teste"},
    }
    for path, body in acts.items():
        response = clerk.post(
            f"/api/v1/registry/permits/{permit.pk}/{path}", body, content_type="application/json"
        )
        assert response.status_code == 422, (path, response.content)
        answer = response.json()
        assert answer["codigo"] == "campo_invalido", path
        (error,) = answer["erros"]
        assert error["campo"] == "serviço" and NO_LAW in error["erro"], path
    assert _status(permit) == Permit.Status.ACTIVE


@pytest.mark.parametrize("role", [Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL])
def test_the_home_and_the_registry_of_each_role_render(ungoverned, ipatinga_client, role):
    client = ipatinga_client(role)
    for url in ("/", "/cadastro/", "/crachas/"):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("role", [Role.FISCAL, Role.AUTORIDADE])
def test_the_auto_form_for_it_goes_back_to_the_permit_saying_why(ungoverned, ipatinga_client, role):
    permit, _ = ungoverned
    page = f"/cadastro/permissoes/{permit.pk}/"
    response = ipatinga_client(role).get(
        f"/fiscalizacao/autos/novo/?permit={permit.pk}", follow=True
    )
    assert response.redirect_chain == [(page, 302)]
    assert NO_LAW in response.content.decode()
