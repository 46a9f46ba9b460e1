"""Mototaxi art. 13 XXI, art. 19 §1–§2: the grant and the substitution read the insurance policy
for driver and passenger from its copy on record; before, the facts never carried it, the law
answered "não informado" (pending) and the grant went through without a policy."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import EQUIPMENT, make_applicant, moto_vehicle
from registry_factories import MOTO_ON as ON
from test_permit_grant import grant

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.registry.facts import vehicle_records
from outorga.registry.models import Document, Permit
from outorga.registry.services.eligibility import vehicle_eligibility
from outorga.registry.services.vehicle_changes import vehicle_substitute

INSURANCE_RULE = "art_19_insurance"


def _drop_policy(m, vehicle) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.INSURANCE).delete()


def _insurance_refusal(exc: pytest.ExceptionInfo[Refused]):  # type: ignore[no-untyped-def]
    return next(r for r in exc.value.decision.refusals if r.rule == INSURANCE_RULE)


def test_art_19_par1_par2_a_mototaxi_grant_without_a_policy_on_record_is_refused(
    ipatinga_m, clerk, tender
):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=61)
    _drop_policy(ipatinga_m, vehicle)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    refusal = _insurance_refusal(exc)
    assert refusal.facts == {"apolice": False, "copia_entregue": False}
    cited = {(c.article, c.inciso, c.paragraph) for c in refusal.citations}
    assert {("13", "XXI", None), ("19", None, "1"), ("19", None, "2")} <= cited
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder=person).exists()


def test_art_19_par1_the_policy_on_record_lets_the_grant_through(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=62)
    permit = grant(ipatinga_m, clerk, person, vehicle, tender)
    reasons = {
        r["rule"]: r
        for d in permit.decision["decisions"]
        if d["question"].endswith("vehicle_eligibility")
        for r in d["reasons"]
    }
    # The minimum cover is left to an act of the Chief Executive (null): a policy on record is
    # the whole requirement until it is set.
    assert reasons[INSURANCE_RULE]["verdict"] == "ok"


def test_art_19_par1_a_policy_issued_after_the_grant_date_was_not_in_force_on_it(
    ipatinga_m, clerk, tender
):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=63)
    with tenant(ipatinga_m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.INSURANCE).update(
            issued_on=ON + dt.timedelta(days=1)
        )
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    assert _insurance_refusal(exc).facts == {"apolice": False, "copia_entregue": True}
    # The day it is issued, it is in force.
    later = grant(ipatinga_m, clerk, person, vehicle, tender, on=ON + dt.timedelta(days=1))
    assert later.status == Permit.Status.ACTIVE


def test_art_19_par1_a_policy_whose_record_says_it_lapsed_is_not_in_force(
    ipatinga_m, clerk, tender
):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=64)
    with tenant(ipatinga_m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.INSURANCE).update(
            valid_until=ON - dt.timedelta(days=1)
        )
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender)
    assert _insurance_refusal(exc).facts == {"apolice": False, "copia_entregue": True}


def test_art_19_par1_a_renewal_issued_later_does_not_hide_the_policy_of_the_day(
    ipatinga_m, clerk, tender
):
    """The policy in force on the grant's day is judged, not the newest on record: a renewal
    issued after it (recorded before the grant is decided) leaves the day's policy in force."""
    person, vehicle = make_applicant(ipatinga_m, clerk, n=67)
    with tenant(ipatinga_m):
        Document.objects.create(
            doc_type=Document.Type.INSURANCE, vehicle=vehicle, issued_on=ON + dt.timedelta(days=90)
        )
    permit = grant(ipatinga_m, clerk, person, vehicle, tender)
    assert permit.status == Permit.Status.ACTIVE


def test_art_19_par1_the_motorcycle_substituted_in_needs_its_own_policy(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=65)
    permit = grant(ipatinga_m, clerk, person, vehicle, tender)
    new = moto_vehicle(ipatinga_m, person)
    _drop_policy(ipatinga_m, new)
    with pytest.raises(Refused) as exc:
        vehicle_substitute(
            actor=clerk,
            municipality=ipatinga_m,
            permit=permit,
            vehicle=new,
            on=ON + dt.timedelta(days=30),
            cause="troca por motocicleta nova",
            equipment=EQUIPMENT,
        )
    assert _insurance_refusal(exc).facts == {"apolice": False, "copia_entregue": False}
    with tenant(ipatinga_m):
        permit.refresh_from_db()
        assert permit.vehicle_id == vehicle.pk


def test_art_19_is_mototaxi_s_own_the_motofrete_vehicle_is_not_asked_for_the_policy(
    ipatinga_m, clerk
):
    """The requirement is the mototaxi's ("mototaxi insurance policy for driver and passenger",
    rules.md; art. 19 §1–§2 is in the mototaxi chapter, and art. 13 XXI insures the passenger a
    motofrete does not carry): the motofrete's records and vehicle eligibility leave it out."""
    person, vehicle = make_applicant(ipatinga_m, clerk, n=66)
    _drop_policy(ipatinga_m, vehicle)
    assert Document.Type.INSURANCE in vehicle_records("mototaxi", vehicle)
    assert Document.Type.INSURANCE not in vehicle_records("motofrete", vehicle)
    with tenant(ipatinga_m):
        d = vehicle_eligibility(vehicle, "motofrete", ON, EQUIPMENT, holder=person)
    assert INSURANCE_RULE not in {r.rule for r in d.reasons}
