"""A service whose binding ended (``valid_until`` in the past, no other in force): every decision
is judged by the law in force on the date of the fact (D-15, ADR 0062). A fact dated while the
binding was in force is still judged by it; a new act dated after its end — a renewal, a badge,
an auto for a fact of that day, a grant — is refused naming the service and since when; the old
records are still read (the permit's page, the portal, the public verification, which no longer
confirms the permit valid), and the daily sweep skips them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from registry_factories import make_permit, portal_login

from outorga.core import lawseam
from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import LawBinding
from outorga.core.sweep import run as sweep_run
from outorga.core.tenancy import tenant, unscoped
from outorga.enforcement.services.autos import infraction_issue
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.public import services as public_services
from outorga.registry.models import Permit
from outorga.registry.validation import FieldError

MOTO = "ipatinga.mototaxi-2013"
TZ = dt.timezone(dt.timedelta(hours=-3))


def since(end: dt.date) -> str:
    return (
        f"Nenhuma lei rege o serviço de mototáxi em Ipatinga desde {end + dt.timedelta(1):%d/%m/%Y}"
    )


@pytest.fixture
def ended(ipatinga_m: Any, badge_clerk: Any) -> tuple[Permit, Any, dt.date]:
    """A mototaxi permit granted 100 days ago, its badge issued, and Ipatinga's mototaxi binding
    ended 30 days ago with none after it."""
    permit = make_permit(ipatinga_m, "FIMLEI")
    badge = public_services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    end = today_of(ipatinga_m) - dt.timedelta(days=30)
    with unscoped():
        LawBinding.objects.filter(municipality=ipatinga_m, service=Service.MOTOTAXI).update(
            valid_until=end
        )
    ipatinga_m.forget_bindings()
    return permit, badge, end


def test_d15_a_fact_dated_while_the_binding_was_in_force_is_judged_by_it(ipatinga_m, ended):
    _, _, end = ended
    assert lawseam.law_of(ipatinga_m, Service.MOTOTAXI, end) == MOTO
    assert lawseam.law_of(ipatinga_m, Service.MOTOTAXI, end, nearest=True) == MOTO


def test_d15_a_day_after_the_end_is_judged_by_no_law_even_nearest(ipatinga_m, ended):
    _, _, end = ended
    after = end + dt.timedelta(days=1)
    with pytest.raises(lawseam.LawEnded) as refused:
        lawseam.law_of(ipatinga_m, Service.MOTOTAXI, after, nearest=True)
    assert str(refused.value).startswith(since(end))
    assert "vigorou até" in str(refused.value)
    # Reading an old record on that day: the law that governed last.
    assert lawseam.law_of(ipatinga_m, Service.MOTOTAXI, after, nearest=True, ended=True) == MOTO
    assert lawseam.out_of_force(ipatinga_m, Service.MOTOTAXI, end) is None


def test_d15_the_permits_page_renders_saying_since_when_and_offers_no_act(ended, ipatinga_client):
    permit, _, end = ended
    for role in (Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL):
        response = ipatinga_client(role).get(f"/cadastro/permissoes/{permit.pk}/")
        assert response.status_code == 200, role
        text = response.content.decode()
        assert since(end) in text and "nenhum ato previsto em lei" in text
        assert f"/cadastro/permissoes/{permit.pk}/renovar/" not in text


def test_d15_a_renewal_after_the_end_is_refused_naming_the_service(ended, ipatinga_client):
    permit, _, end = ended
    on = today_of(permit.municipality).isoformat()
    response = ipatinga_client(Role.ATENDENTE).post(
        f"/api/v1/registry/permits/{permit.pk}/renew",
        {"on": on, "safety_gear": True},
        content_type="application/json",
    )
    assert response.status_code == 422
    answer = response.json()
    assert answer["codigo"] == "campo_invalido"
    (error,) = answer["erros"]
    assert error["campo"] == "serviço" and since(end) in error["erro"]


def test_d15_a_badge_issued_after_the_end_is_refused_naming_the_service(
    ended, ipatinga_m, badge_clerk
):
    permit, _, end = ended
    with pytest.raises(FieldError) as refused:
        public_services.badge_issue(actor=badge_clerk, municipality=ipatinga_m, permit=permit)
    assert refused.value.field == "serviço" and since(end) in refused.value.message


def _auto(permit: Permit, user_of: Any, day: dt.date) -> Any:
    return infraction_issue(
        actor=Actor.of(user_of("ipatinga", Role.FISCAL)),
        municipality=permit.municipality,
        code="art38-II",
        committed_at=dt.datetime(day.year, day.month, day.day, 10, tzinfo=TZ),
        place="Av. 28 de Abril, 100, Centro",
        description="Condutor em serviço em condições inadequadas de asseio.",
        agent_registration="F-0042",
        offender_signed=True,
        permit=permit,
    )


def test_d15_an_auto_for_a_fact_after_the_end_is_refused_one_before_is_judged_by_it(ended, user_of):
    permit, _, end = ended
    with pytest.raises(FieldError) as refused:
        _auto(permit, user_of, end + dt.timedelta(days=1))
    assert refused.value.field == "serviço" and since(end) in refused.value.message
    auto = _auto(permit, user_of, end)
    assert auto.law == MOTO


def test_d15_the_public_verification_no_longer_confirms_the_permit_valid(ended):
    permit, badge, end = ended
    response = Client().get(f"/v/{badge.token}")
    assert response.status_code == 200
    assert "validade não confirmada" in response.content.decode()
    page = Client().get("/publico/ipatinga/placa/", {"placa": permit.vehicle.plate})
    assert page.status_code == 200
    text = page.content.decode()
    assert "validade não confirmada" in text and f"desde {end + dt.timedelta(1):%d/%m/%Y}" in text


def test_d15_the_holders_portal_reads_the_permit_and_offers_no_request(ended, ipatinga_m):
    permit, _, end = ended
    with tenant(ipatinga_m):
        person = permit.holder
    client = Client(raise_request_exception=False)
    client.force_login(portal_login(ipatinga_m, person))
    response = client.get(f"/portal/permissoes/{permit.pk}/")
    assert response.status_code == 200
    text = response.content.decode()
    assert since(end) in text and "pedidos/renovacao/" not in text


def test_d15_the_guided_grant_refuses_a_service_whose_binding_ended(ended, ipatinga_client):
    _, _, end = ended
    response = ipatinga_client(Role.ATENDENTE).get(
        "/cadastro/outorga-guiada/", {"servico": "mototaxi"}, follow=True
    )
    assert response.status_code == 200
    assert since(end) in response.content.decode()


def test_d15_the_daily_sweep_skips_the_permits_of_a_service_whose_binding_ended(ended, ipatinga_m):
    permit, _, _ = ended
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=permit.pk).update(certificate_valid_until=dt.date(2020, 1, 1))
    on = today_of(ipatinga_m)
    runs = {r.step: r.result for r in sweep_run(on, ipatinga_m)}
    assert {"registry", "inspections"} <= set(runs)
    skipped = [line for line in runs["registry"].lines if "não verificadas" in line]
    assert skipped and all(f"nenhuma lei rege o serviço em {on:%d/%m/%Y}" in s for s in skipped)
    assert any("de mototáxi não verificadas" in line for line in skipped)
    with tenant(ipatinga_m):
        permit.refresh_from_db()
    assert not permit.irregular
