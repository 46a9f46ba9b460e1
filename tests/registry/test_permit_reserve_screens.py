"""The permit page's reserve (mototaxi art. 2 XXI) and its end, the renúncia citing the permit's own
law (mototaxi art. 6 §6; taxi art. 15 V), the transfer refusal in plain Portuguese (taxi art. 13
§único) and the taxi vehicle's Cadastro number (taxi art. 4 I, 20) on the permit and vehicle pages."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from registry_factories import (
    DECLARATIONS,
    EQUIPMENT,
    actor,
    grant,
    make_applicant,
    person,
    taxi_documents,
    taxi_holder,
)
from registry_factories import TAXI_ON as ON

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, PermitStatusChange
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.permit_status import (
    permit_renounce,
    permit_reserve,
    permit_reserve_end,
)
from outorga.registry.services.permits import permit_grant

C = "/cadastro/permissoes"
API = "/api/v1/registry/permits"
MOTO_LAW = "Lei de mototáxi de Ipatinga (2013)"
TAXI_LAW = "Lei do táxi de Ipatinga (2017)"
XXI = f"{MOTO_LAW}, art. 2, XXI"


@pytest.fixture
def moto_permit(ipatinga_m, tender) -> Permit:  # type: ignore[no-untyped-def]
    m = ipatinga_m
    clerk = actor(m.slug, Role.ATENDENTE)
    holder, vehicle = make_applicant(m, clerk, n=941, plate="MRS9D41")
    return permit_grant(
        actor=clerk,
        municipality=m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=dt.date(2026, 3, 10),
        term_years=10,
        decree="Decreto 41/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


@pytest.fixture
def taxi_permit(ipatinga_m) -> Permit:  # type: ignore[no-untyped-def]
    holder, vehicle = taxi_holder(ipatinga_m, ON)
    return grant(ipatinga_m, holder, vehicle)


def last_act(m, action: str, permit: Permit) -> Act:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.filter(action=action, object_id=str(permit.pk)).latest("seq")


def status_of(m, permit: Permit) -> str:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Permit.objects.get(pk=permit.pk).status


# Reserve (mototaxi art. 2 XXI) ----------------------------------------------------------------------


def test_art_2_xxi_reserve_and_its_end_from_the_permit_page(ipatinga_m, user_of, moto_permit):
    m, p = ipatinga_m, moto_permit
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/{p.pk}/").content.decode()
    assert "Colocar em reserva (art. 2, XXI)" in page and "Encerrar a reserva" not in page
    assert XXI in c.get(f"{C}/{p.pk}/reserva/").content.decode()
    r = c.post(f"{C}/{p.pk}/reserva/", {"on": "2026-04-01", "reason": "motocicleta sinistrada"})
    assert r.status_code == 302 and status_of(m, p) == Permit.Status.RESERVE
    assert XXI in last_act(m, "permit.reserve", p).record["basis"]["citations"]
    page = c.get(f"{C}/{p.pk}/").content.decode()
    assert "Encerrar a reserva (art. 2, XXI)" in page and "Colocar em reserva" not in page

    # The reserve cannot end before it began.
    url = f"{C}/{p.pk}/reserva/encerrar/"
    early = c.post(url, {"on": "2026-03-31", "reason": "veículo substituído"}).content.decode()
    assert "a reserva começou em 01/04/2026" in early and XXI in early
    assert status_of(m, p) == Permit.Status.RESERVE
    r = c.post(url, {"on": "2026-04-20", "reason": "veículo substituído"})
    assert r.status_code == 302 and status_of(m, p) == Permit.Status.ACTIVE
    act = last_act(m, "permit.reserve.end", p)
    assert XXI in act.record["basis"]["citations"]
    assert act.record["payload"]["reserve_began_on"] == "2026-04-01"
    with tenant(m):
        steps = list(
            PermitStatusChange.objects.filter(permit=p).values_list("to_status", "effective_on")
        )
    assert steps[-2:] == [("reserve", dt.date(2026, 4, 1)), ("active", dt.date(2026, 4, 20))]


def test_art_2_xxi_only_a_permit_in_reserve_has_a_reserve_to_end(ipatinga_m, user_of, moto_permit):
    c = client_as(user_of, Role.ATENDENTE)
    text = c.post(
        f"{C}/{moto_permit.pk}/reserva/encerrar/", {"on": "2026-04-01", "reason": "x"}
    ).content.decode()
    assert "não em reserva" in text and XXI in text
    assert status_of(ipatinga_m, moto_permit) == Permit.Status.ACTIVE
    with pytest.raises(InvalidTransition, match="não há reserva a encerrar"):
        permit_reserve_end(
            actor=actor("ipatinga", Role.ATENDENTE),
            municipality=ipatinga_m,
            permit=moto_permit,
            on=dt.date(2026, 4, 1),
            reason="x",
        )


def test_an_inspector_can_neither_put_in_reserve_nor_end_it(ipatinga_m, user_of, moto_permit):
    m = ipatinga_m
    fiscal = client_as(user_of, Role.FISCAL)
    body = {"on": "2026-04-01", "reason": "x"}
    r = fiscal.post(f"{C}/{moto_permit.pk}/reserva/", body)
    assert r.status_code == 403 and "Sem competência" in r.content.decode()
    assert status_of(m, moto_permit) == Permit.Status.ACTIVE
    permit_reserve(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=m,
        permit=moto_permit,
        on=dt.date(2026, 4, 1),
        reason="sinistro",
    )
    r = fiscal.post(f"{C}/{moto_permit.pk}/reserva/encerrar/", body)
    assert r.status_code == 403 and status_of(m, moto_permit) == Permit.Status.RESERVE


def test_the_taxi_law_has_no_permit_reserve_but_a_reserve_vehicle(ipatinga_m, user_of, taxi_permit):
    c = client_as(user_of, Role.ATENDENTE)
    assert "Colocar em reserva" not in c.get(f"{C}/{taxi_permit.pk}/").content.decode()
    assert c.get(f"{C}/{taxi_permit.pk}/reserva/").status_code == 404
    with pytest.raises(InvalidTransition, match="art. 30"):
        permit_reserve(
            actor=actor("ipatinga", Role.ATENDENTE),
            municipality=ipatinga_m,
            permit=taxi_permit,
            on=ON,
            reason="x",
        )


def test_art_2_xxi_reserve_through_the_api(ipatinga_m, user_of, moto_permit):
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{API}/{moto_permit.pk}"
    body = {"on": "2026-04-01", "text": "sinistro"}
    r = c.post(f"{url}/reserve", body, content_type="application/json")
    assert r.status_code == 200 and r.json()["status"] == "reserve"
    r = c.post(f"{url}/reserve/end", body, content_type="application/json")
    assert r.status_code == 200 and r.json()["status"] == "active"
    r = c.post(f"{url}/reserve/end", body, content_type="application/json")
    assert r.status_code == 409 and "art. 2, XXI" in r.content.decode()
    fiscal = client_as(user_of, Role.FISCAL)
    assert fiscal.post(f"{url}/reserve", body, content_type="application/json").status_code == 403


# Renúncia: the permit's own law ------------------------------------------------------------------


def test_taxi_art_15_v_renuncia_cites_the_taxi_law(ipatinga_m, user_of, taxi_permit):
    m = ipatinga_m
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(
        f"{C}/{taxi_permit.pk}/renunciar/",
        {"on": "2026-04-01", "request": "prot. 9", "confirmado": "1"},
    )
    assert r.status_code == 302 and status_of(m, taxi_permit) == Permit.Status.RENOUNCED
    act = last_act(m, "permit.renounced", taxi_permit)
    assert act.record["basis"]["citations"] == [f"{TAXI_LAW}, art. 15, V"]
    with tenant(m):
        change = PermitStatusChange.objects.filter(permit=taxi_permit).latest("id")
    assert "art. 15, V" in change.reason and "mototáxi" not in change.reason
    assert "art. 15, V" in c.get(f"{C}/{taxi_permit.pk}/").content.decode()


def test_mototaxi_art_6_par_6_renuncia_cites_the_mototaxi_law(ipatinga_m, moto_permit):
    m = ipatinga_m
    permit_renounce(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=m,
        permit=moto_permit,
        on=dt.date(2026, 4, 1),
        request="protocolo 10",
    )
    citations = last_act(m, "permit.renounced", moto_permit).record["basis"]["citations"]
    assert set(citations) == {f"{MOTO_LAW}, art. 6, §6", f"{MOTO_LAW}, art. 2, XX"}


# Transfer refusal wording (taxi art. 13 §único) ---------------------------------------------------


def test_art_13_par_unico_transfer_for_another_reason_is_refused_in_plain_words(
    ipatinga_m, user_of, taxi_permit
):
    m = ipatinga_m
    on = ON + dt.timedelta(days=60)
    heir = person(m, name="Sucessora Exemplo")
    taxi_documents(heir, on)
    body = {
        "successor": heir.document,
        "event": "outro",
        "proof": "contrato de venda",
        "on": on.isoformat(),
        "declarations": list(DECLARATIONS),
        "inspection_approved": "on",
        "inspection_accredited_inmetro": "on",
        "taximeter_approved_by": "INMETRO",
        "roof_sign_taxi": "on",
        "ctb_equipment_ok": "on",
    }
    r = client_as(user_of, Role.ATENDENTE).post(f"{C}/{taxi_permit.pk}/transferir/", body)
    text = r.content.decode()
    refused = text.split('aria-label="Recusado pela lei"', 1)[1]
    assert "Transferência não admitida pelo motivo informado" in refused
    assert "pelo art. 13, parágrafo único, da Lei do táxi" in refused
    assert "por outro" not in refused
    with tenant(m):
        assert Permit.objects.get(pk=taxi_permit.pk).holder_id == taxi_permit.holder_id


# Cadastro number of the taxi vehicle (art. 4 I, 20) ----------------------------------------------


def test_art_20_the_vehicles_cadastro_number_on_the_permit_and_vehicle_pages(
    ipatinga_m, user_of, taxi_permit
):
    vehicle = taxi_permit.vehicle
    with tenant(ipatinga_m):
        vehicle.refresh_from_db()
    assert vehicle.cadastro_number is not None
    c = client_as(user_of, Role.ATENDENTE)
    permit_page = c.get(f"{C}/{taxi_permit.pk}/").content.decode()
    label = "Nº do veículo no Cadastro Municipal de Taxistas</dt><dd>"
    assert f"{label}{vehicle.cadastro_number} (inscrito em" in permit_page
    vehicle_page = c.get(f"/cadastro/veiculos/{vehicle.pk}/").content.decode()
    assert f"Nº no Cadastro Municipal de Taxistas</dt><dd>{vehicle.cadastro_number}" in vehicle_page
    assert "art. 4, I; art. 20" in vehicle_page


def test_a_mototaxi_permit_page_shows_no_taxi_cadastro(ipatinga_m, user_of, moto_permit):
    page = client_as(user_of, Role.ATENDENTE).get(f"{C}/{moto_permit.pk}/").content.decode()
    assert "Cadastro Municipal de Taxistas" not in page
