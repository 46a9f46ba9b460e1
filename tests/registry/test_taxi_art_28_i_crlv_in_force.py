"""Taxi art. 28 I: the car must be "registrado e licenciado" in the municipality — licensed on the
date of the fact: a CRLV in force that day is on record (art. 24 I, "CRLV vigente"). A CRLV on file
that expired before is no licence, nor is the new car's factory invoice once a CRLV was issued. The
desk records the CRLV with the validity of its licensing, and the grant (art. 3, 24), the yearly
renewal (art. 13, 21) and the substitution (art. 4 X, 24, 29) all ask the law with the facts
drawn from those records."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import CHECKS, actor, grant, taxi_holder, taxi_vehicle
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document, Permit, Vehicle
from outorga.registry.services.documents import document_record
from outorga.registry.services.termos import taxi_term_renew
from outorga.registry.services.vehicle_changes import vehicle_substitute
from outorga.registry.validation import FieldError

TAXI = "ipatinga.taxi-2017"
RENEW_ON = dt.date(2027, 1, 20)
DAY = dt.timedelta(days=1)


def clerk(m):
    return actor(m.slug, Role.ATENDENTE)


def record_crlv(m, vehicle: Vehicle, valid_until: dt.date | None) -> Document:
    """A CRLV recorded by the desk with the validity printed on it (``valid_until``)."""
    return document_record(
        actor=clerk(m),
        municipality=m,
        law=TAXI,
        doc_type=Document.Type.CRLV,
        issued_on=dt.date(2026, 1, 5),
        vehicle=vehicle,
        number="CRLV-1",
        presented_on=dt.date(2026, 1, 5),
        valid_until=valid_until,
    )


def crlv_until(m, vehicle: Vehicle, valid_until: dt.date) -> Document:
    """The car's only CRLV (:func:`record_crlv`)."""
    with tenant(m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.CRLV).delete()
    return record_crlv(m, vehicle, valid_until)


def cites_art_28_i(exc: Refused) -> bool:
    return any(
        c.article == "28" and c.inciso == "I" for r in exc.decision.refusals for c in r.citations
    )


# --- the desk records the CRLV's validity -------------------------------------------------------


def test_art_24_i_art_28_i_a_taxi_crlv_is_recorded_with_the_validity_of_its_licensing(ipatinga_m):
    m = ipatinga_m
    _, car = taxi_holder(m, ON)
    doc = crlv_until(m, car, dt.date(2027, 1, 31))
    assert doc.valid_until == dt.date(2027, 1, 31)
    cited = " ".join(doc.validity_basis["citations"])
    assert "art. 24, I" in cited and "art. 28, I" in cited
    with pytest.raises(FieldError) as exc:
        record_crlv(m, car, None)
    assert exc.value.field == "fim da vigência"
    assert "CRLV" in exc.value.message and "art. 28, I" in str(exc.value.citation)


# --- the grant ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "granted"),
    [(ON - DAY, False), (ON, True), (ON + DAY, True)],
)
def test_art_28_i_the_grant_needs_a_crlv_in_force_on_its_date(ipatinga_m, valid_until, granted):
    """The CRLV that expired the day before the Termo is signed is refused; one valid until that
    very day, or later, licenses the car (the car also has its factory invoice on record)."""
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    crlv_until(m, car, valid_until)
    if granted:
        assert grant(m, holder, car, mode="servicos").vehicle_id == car.pk
        return
    with pytest.raises(Refused) as exc:
        grant(m, holder, car, mode="servicos")
    assert cites_art_28_i(exc.value)
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()


# --- the yearly renewal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "renewed"),
    [(RENEW_ON - DAY, False), (RENEW_ON, True), (RENEW_ON + DAY, True)],
)
def test_art_28_i_the_renewal_needs_a_crlv_in_force_on_the_day_it_is_made(
    ipatinga_m, valid_until, renewed
):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    permit = grant(m, holder, car, mode="servicos")
    crlv_until(m, car, valid_until)
    renew = dict(actor=clerk(m), municipality=m, permit=permit, on=RENEW_ON, checks=CHECKS)
    if renewed:
        assert taxi_term_renew(**renew).valid_until == dt.date(2028, 2, 2)
        return
    with pytest.raises(Refused) as exc:
        taxi_term_renew(**renew)
    assert cites_art_28_i(exc.value)


# --- the substitution ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valid_until", "substituted"),
    [(RENEW_ON - DAY, False), (RENEW_ON, True)],
)
def test_art_28_i_the_substitute_car_needs_a_crlv_in_force_on_the_day_of_the_change(
    ipatinga_m, valid_until, substituted
):
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    permit = grant(m, holder, car, mode="servicos")
    new_car = taxi_vehicle(m, holder)
    crlv_until(m, new_car, valid_until)
    change = dict(
        actor=clerk(m), municipality=m, permit=permit, vehicle=new_car, on=RENEW_ON, checks=CHECKS
    )
    if substituted:
        assert vehicle_substitute(**change).to_vehicle_id == new_car.pk
        return
    with pytest.raises(Refused) as exc:
        vehicle_substitute(**change)
    assert cites_art_28_i(exc.value)
    with tenant(m):
        permit.refresh_from_db()
        assert permit.vehicle_id == car.pk


def test_art_28_i_an_expired_crlv_is_not_made_good_by_the_factory_invoice(ipatinga_m):
    """The invoice stands for the CRLV of a new car that has none yet (art. 24 I); once a CRLV is on
    record, its validity decides."""
    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    with tenant(m):
        assert Vehicle.objects.get(pk=car.pk).invoice_date is not None
        Document.objects.filter(vehicle=car, doc_type=Document.Type.CRLV).update(
            valid_until=ON - DAY
        )
    with pytest.raises(Refused) as exc:
        grant(m, holder, car, mode="servicos")
    assert cites_art_28_i(exc.value)


# --- the daily sweep ----------------------------------------------------------------------------


def test_art_28_i_the_sweep_marks_the_taxi_irregular_the_day_after_its_crlv_expires(ipatinga_m):
    from outorga.core.sweep import NoProgress
    from outorga.registry.sweep import registry_sweep

    m = ipatinga_m
    holder, car = taxi_holder(m, ON)
    permit = grant(m, holder, car, mode="servicos")
    crlv_until(m, car, RENEW_ON)
    for on, irregular in ((RENEW_ON, False), (RENEW_ON + DAY, True)):
        with tenant(m):
            registry_sweep(m, on, NoProgress())
            permit.refresh_from_db()
        assert permit.irregular is irregular
    assert "CRLV" in permit.irregular_reason and "20/01/2027" in permit.irregular_reason
