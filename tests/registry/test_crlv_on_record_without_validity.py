"""Taxi art. 24 I ("CRLV vigente") and art. 28 I ("licenciado"); mototaxi art. 5 §1 I ("CRLV
atualizado"): a CRLV recorded before the desk asked for its validity (or imported without it)
says nothing of the licensing in force. The law does not count it, the daily sweep marks the
permit irregular naming the CRLV to correct, the vehicle's page lists it as "CRLV sem data de
validade — corrigir", and the correction with the validity printed on it lifts the irregularity
at once."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import CHECKS, actor, grant, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Vehicle
from outorga.registry.services.documents import document_correct
from outorga.registry.services.termos import taxi_term_renew
from outorga.registry.sweep import registry_sweep

TAXI = "ipatinga.taxi-2017"
RENEW_ON = dt.date(2027, 1, 20)


def undated(m, vehicle: Vehicle) -> Document:
    """The car's CRLV as the records kept before the validity was asked: without it."""
    with tenant(m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.CRLV).update(
            valid_until=None, validity_basis={}
        )
        return Document.objects.current().get(vehicle=vehicle, doc_type=Document.Type.CRLV)


def test_art_28_i_a_crlv_without_its_validity_does_not_license_the_car_at_the_renewal(
    ipatinga_m,
):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    permit = grant(m, holder, car, mode="servicos")
    undated(m, car)
    clerk = actor(m.slug, Role.ATENDENTE)
    with pytest.raises(Refused) as exc:
        taxi_term_renew(actor=clerk, municipality=m, permit=permit, on=RENEW_ON, checks=CHECKS)
    assert any(
        c.article == "28" and c.inciso == "I"
        for r in exc.value.decision.refusals
        for c in r.citations
    )


def test_art_28_i_the_sweep_flags_a_crlv_without_validity_until_the_desk_corrects_it(ipatinga_m):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    permit = grant(m, holder, car, mode="servicos")
    crlv = undated(m, car)
    with tenant(m):
        registry_sweep(m, RENEW_ON, NoProgress())
        permit.refresh_from_db()
    assert permit.irregular
    assert "CRLV do veículo" in permit.irregular_reason
    assert "sem data de validade" in permit.irregular_reason
    assert "art. 28, I" in permit.irregular_reason
    document_correct(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        law=TAXI,
        doc=crlv,
        reason="validade do licenciamento lida no CRLV",
        issued_on=crlv.issued_on,
        valid_until=dt.date(2027, 12, 31),
    )
    with tenant(m):
        permit.refresh_from_db()
    assert not permit.irregular, permit.irregular_reason


def test_art_5_par1_i_the_sweep_flags_a_mototaxi_crlv_without_validity(ipatinga_m, clerk):
    from registry_factories import make_permit

    m = ipatinga_m
    permit = make_permit(m, clerk=clerk)
    with tenant(m):
        car = permit.vehicle
    undated(m, car)
    # A day within the semiannual laudo de inspeção (art. 5 §1 III): the CRLV is the only cause.
    with tenant(m):
        registry_sweep(m, dt.date(2026, 6, 30), NoProgress())
        permit.refresh_from_db()
    assert permit.irregular
    assert "sem data de validade" in permit.irregular_reason
    assert "art. 5, §1, I" in permit.irregular_reason
    assert "laudo" not in permit.irregular_reason


def test_the_vehicle_page_lists_a_crlv_without_validity_to_correct(ipatinga_m, user_of):
    from django.test import Client

    m = ipatinga_m
    _, car = taxi_holder(m, ON)
    crlv = undated(m, car)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    page = c.get(f"/cadastro/veiculos/{car.pk}/").content.decode()
    assert "CRLV sem data de validade — corrigir" in page
    assert f"/cadastro/documentos/{crlv.pk}/" in page
