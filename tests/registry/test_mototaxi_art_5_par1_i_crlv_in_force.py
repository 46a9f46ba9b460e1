"""Mototaxi law (2013), art. 5 §1 I: the vehicle is registered on its "Certificado de Registro e
Licenciamento do Veículo (CRLV), atualizado no Município de Ipatinga" — atualizado on the date of
the fact: the CRLV of that day is in force then, as the validity of its licensing printed on it
says. The desk records the mototaxi CRLV with that validity (as the taxi's, art. 24 I, art. 28 I),
and the grant, the yearly renewal of the cadastro (art. 4 §1), the substitution (art. 2 XXII)
and the daily sweep judge it on their own date. A CRLV on record without its validity proves no
licensing: the law does not count it, and the sweep asks the desk to correct it."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import EQUIPMENT, MOTO, make_applicant, moto_vehicle
from registry_factories import MOTO_ON as ON
from registry_factories import moto_grant as grant

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.registry.models import Document, Permit, Vehicle
from outorga.registry.services.documents import document_record
from outorga.registry.services.termos import permit_renew
from outorga.registry.services.vehicle_changes import vehicle_substitute
from outorga.registry.validation import FieldError

RENEW_ON = dt.date(2027, 3, 1)
#: A day within the semiannual laudo de inspeção (art. 5 §1 III) of the factories' motorcycles.
CHANGE_ON = dt.date(2026, 6, 30)
DAY = dt.timedelta(days=1)
ISSUED_ON = ON - dt.timedelta(days=5)


def record_crlv(m, clerk, vehicle: Vehicle, valid_until: dt.date | None) -> Document:
    """A mototaxi CRLV recorded by the desk with the validity printed on it."""
    return document_record(
        actor=clerk,
        municipality=m,
        law=MOTO,
        doc_type=Document.Type.CRLV,
        issued_on=ISSUED_ON,
        vehicle=vehicle,
        number="CRLV-MOTO-1",
        presented_on=ISSUED_ON,
        valid_until=valid_until,
    )


def crlv_until(m, clerk, vehicle: Vehicle, valid_until: dt.date | None) -> None:
    """The motorcycle's only CRLV, valid until ``valid_until`` (None: recorded without it, as
    the records kept before the desk asked for it)."""
    with tenant(m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.CRLV).delete()
        if valid_until is None:
            Document.objects.create(
                doc_type=Document.Type.CRLV, vehicle=vehicle, issued_on=ISSUED_ON
            )
            return
    record_crlv(m, clerk, vehicle, valid_until)


def cites_art_5_par1_i(exc: Refused) -> bool:
    return any(
        c.article == "5" and c.paragraph == "1" and c.inciso == "I"
        for r in exc.decision.refusals
        for c in r.citations
    )


# --- the desk records the CRLV's validity -------------------------------------------------------


def test_art_5_par1_i_a_mototaxi_crlv_is_recorded_with_the_validity_of_its_licensing(
    ipatinga_m, clerk
):
    m = ipatinga_m
    _, moto = make_applicant(m, clerk, n=61)
    doc = record_crlv(m, clerk, moto, dt.date(2027, 3, 31))
    assert doc.valid_until == dt.date(2027, 3, 31)
    assert "art. 5, §1, I" in " ".join(doc.validity_basis["citations"])
    with pytest.raises(FieldError) as exc:
        record_crlv(m, clerk, moto, None)
    assert exc.value.field == "fim da vigência"
    assert "CRLV" in exc.value.message and "art. 5, §1, I" in str(exc.value.citation)


# --- the grant ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "granted"),
    [(ON - DAY, False), (ON, True), (ON + DAY, True), (None, False)],
)
def test_art_5_par1_i_the_grant_needs_a_crlv_in_force_on_its_date(
    ipatinga_m, clerk, tender, valid_until, granted
):
    """A CRLV that expired the day before the grant is refused, as is one on record without its
    validity; one valid until that very day, or later, is "atualizado"."""
    m = ipatinga_m
    person, moto = make_applicant(m, clerk, n=62)
    crlv_until(m, clerk, moto, valid_until)
    if granted:
        assert grant(m, clerk, person, moto, tender).vehicle_id == moto.pk
        return
    with pytest.raises(Refused) as exc:
        grant(m, clerk, person, moto, tender)
    assert cites_art_5_par1_i(exc.value)
    with tenant(m):
        assert not Permit.objects.filter(holder=person).exists()


# --- the yearly renewal of the cadastro (art. 4 §1) -----------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "renewed"),
    [(RENEW_ON - DAY, False), (RENEW_ON, True), (None, False)],
)
def test_art_5_par1_i_the_yearly_renewal_needs_a_crlv_in_force_on_the_day_it_is_made(
    ipatinga_m, clerk, tender, valid_until, renewed
):
    m = ipatinga_m
    person, moto = make_applicant(m, clerk, n=63)
    permit = grant(m, clerk, person, moto, tender)
    crlv_until(m, clerk, moto, valid_until)
    renew = dict(actor=clerk, municipality=m, permit=permit, on=RENEW_ON, safety_gear=True)
    if renewed:
        assert permit_renew(**renew).certificate_valid_until == dt.date(2028, 3, 1)
        return
    with pytest.raises(Refused) as exc:
        permit_renew(**renew)
    assert cites_art_5_par1_i(exc.value)


# --- the substitution ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "substituted"),
    [(CHANGE_ON - DAY, False), (CHANGE_ON, True)],
)
def test_art_5_par1_i_the_substitute_motorcycle_needs_a_crlv_in_force_on_the_day_of_the_change(
    ipatinga_m, clerk, tender, valid_until, substituted
):
    m = ipatinga_m
    person, moto = make_applicant(m, clerk, n=64)
    permit = grant(m, clerk, person, moto, tender)
    new_moto = moto_vehicle(m, person)
    crlv_until(m, clerk, new_moto, valid_until)
    change = dict(
        actor=clerk,
        municipality=m,
        permit=permit,
        vehicle=new_moto,
        on=CHANGE_ON,
        equipment=EQUIPMENT,
    )
    if substituted:
        assert vehicle_substitute(**change).to_vehicle_id == new_moto.pk
        return
    with pytest.raises(Refused) as exc:
        vehicle_substitute(**change)
    assert cites_art_5_par1_i(exc.value)
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == moto.pk


# --- the daily sweep ----------------------------------------------------------------------------


def test_art_5_par1_i_the_sweep_marks_the_mototaxi_irregular_the_day_after_its_crlv_expires(
    ipatinga_m, clerk, tender
):
    from outorga.core.sweep import NoProgress
    from outorga.registry.sweep import registry_sweep

    m = ipatinga_m
    person, moto = make_applicant(m, clerk, n=65)
    permit = grant(m, clerk, person, moto, tender)
    crlv_until(m, clerk, moto, CHANGE_ON)
    for on, irregular in ((CHANGE_ON, False), (CHANGE_ON + DAY, True)):
        with tenant(m):
            registry_sweep(m, on, NoProgress())
            permit.refresh_from_db()
        assert permit.irregular is irregular, permit.irregular_reason
    assert "CRLV" in permit.irregular_reason and "30/06/2026" in permit.irregular_reason


# --- every place the desk, the portal and the API record a mototaxi CRLV -------------------------


def test_art_5_par1_i_the_vehicle_page_the_portal_and_the_api_ask_the_crlv_s_validity(
    ipatinga_m, clerk, user_of
):
    from django.test import Client

    from outorga.law.competence import Role
    from outorga.portal.selectors import record_rows

    m = ipatinga_m
    person, moto = make_applicant(m, clerk, n=66)
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    assert (
        "Válido até (licenciamento impresso no CRLV)"
        in c.get(f"/cadastro/veiculos/{moto.pk}/").content.decode()
    )
    with tenant(m):
        rows = {(r.doc_type, r.vehicle): r for r in record_rows(person, "mototaxi")}
    crlv_row = rows[(Document.Type.CRLV, moto)]
    assert crlv_row.cover_end and not crlv_row.cover_amount
    sent = {"doc_type": "crlv", "issued_on": "2026-03-02", "vehicle_id": moto.pk}
    r = c.post("/api/v1/registry/documents", sent)
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == "fim da vigência"
    assert "art. 5, §1, I" in r.json()["erros"][0]["fundamento"]
    r = c.post("/api/v1/registry/documents", {**sent, "valid_until": "2027-03-31"})
    assert r.status_code == 201 and r.json()["valid_until"] == "2027-03-31"
