"""A taxi tender offers places of one category (taxi art. 5–6) and its grants take that category
(art. 3: bound to the call for tenders). The law sets one quota for the three categories together
(art. 3 §1: one vehicle per 1 200 inhabitants), so places of every category count against it."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    actor,
    awarded_tender,
    grant,
    person,
    taxi_documents,
    taxi_holder,
    taxi_vehicle,
)
from registry_factories import TAXI_ON as ON

from outorga.core.errors import Refused
from outorga.core.models import Act, PopulationFigure
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.tender_grants import tender_grant
from outorga.registry.services.tenders import (
    applicant_eligibility,
    tender_apply,
    tender_create,
    tender_evaluate,
    tender_homologate,
    tender_rank,
)
from outorga.registry.validation import FieldError

OPEN = dt.date(2026, 1, 5)
HOMOLOGATION = dt.date(2026, 1, 20)
ESPECIAL_CHECKS = {**CHECKS, "adapted": True, "lift_platform": True, "detran_mg_approved": True}


def boss(m):  # type: ignore[no-untyped-def]
    return actor(m.slug, Role.AUTORIDADE)


def clerk(m):  # type: ignore[no-untyped-def]
    return actor(m.slug, Role.ATENDENTE)


def free_places(m, free):  # type: ignore[no-untyped-def]
    """A later IBGE figure leaving ``free`` places in the quota (D-7)."""
    with tenant(m):
        active = Permit.objects.filter(service="taxi", status="active").count()
        PopulationFigure.objects.create(
            value=1200 * (active + free),
            reference_year=2025,
            effective=dt.date(2025, 12, 1),
            source="t",
        )


def open_tender(m, number, places, category):  # type: ignore[no-untyped-def]
    return tender_create(
        actor=boss(m),
        municipality=m,
        service="taxi",
        taxi_category=category,
        number=number,
        places=places,
        opened_on=OPEN,
    )


def test_art_5_a_taxi_tender_without_a_category_is_refused(ipatinga_m):
    m = ipatinga_m
    with pytest.raises(FieldError) as exc:
        open_tender(m, "C-0", 1, "")
    assert exc.value.field == "categoria" and "art. 5" in exc.value.citation
    with pytest.raises(FieldError):
        open_tender(m, "C-00", 1, "luxo")
    with tenant(m):
        assert not Tender.objects.filter(number__in=["C-0", "C-00"]).exists()


def test_a_mototaxi_tender_has_no_taxi_category(ipatinga_m):
    with pytest.raises(FieldError):
        tender_create(
            actor=boss(ipatinga_m),
            municipality=ipatinga_m,
            service="mototaxi",
            taxi_category="convencional",
            number="M-C",
            places=1,
            opened_on=OPEN,
        )


def test_the_category_is_recorded_on_the_tender_its_act_and_each_applicant(ipatinga_m):
    m = ipatinga_m
    free_places(m, 3)
    tender = open_tender(m, "C-1", 1, "executivo")
    applicant = tender_apply(actor=clerk(m), municipality=m, tender=tender, person=person(m))
    assert tender.taxi_category == "executivo" and applicant.taxi_category == "executivo"
    with tenant(m):
        act = Act.objects.get(action="tender.create", object_id=str(tender.pk))
    assert act.record["payload"]["new"]["taxi_category"] == "executivo"


def test_art_3_par_1_one_quota_for_every_category(ipatinga_m):
    """Places promised to the especial category are not free for an executivo tender."""
    m = ipatinga_m
    free_places(m, 3)
    open_tender(m, "C-2", 2, "especial")
    with pytest.raises(Refused) as exc:
        open_tender(m, "C-3", 2, "executivo")
    assert any(c.article == "3" and c.paragraph == "1" for c in exc.value.decision.citations)
    assert open_tender(m, "C-4", 1, "executivo").places == 1


def test_applicants_are_judged_in_the_tenders_category(ipatinga_m):
    m = ipatinga_m
    free_places(m, 3)
    tender = open_tender(m, "C-5", 1, "especial")
    tender_apply(actor=clerk(m), municipality=m, tender=tender, person=person(m))
    with pytest.raises(FieldError):  # another category than the tender's is refused
        tender_evaluate(
            actor=boss(m), municipality=m, tender=tender, on=OPEN, taxi_category="convencional"
        )
    (evaluated,) = tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    facts = evaluated.decision["eligibility"]
    assert "especial" in str(facts)


def test_art_6_a_grant_in_another_category_than_the_tenders_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder, category="convencional")
    with pytest.raises(FieldError) as exc:
        grant(m, holder, vehicle, tender=tender, category="executivo")
    assert "art. 3" in exc.value.citation and "art. 6" in exc.value.citation
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
    assert grant(m, holder, vehicle, tender=tender).taxi_category == "convencional"


def test_tender_grants_take_the_tenders_category(ipatinga_m):
    m = ipatinga_m
    free_places(m, 3)
    tender = open_tender(m, "C-6", 1, "especial")
    holder = person(m)
    taxi_documents(holder, ON)
    applicant = tender_apply(actor=clerk(m), municipality=m, tender=tender, person=holder)
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=OPEN)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[applicant.pk])
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=HOMOLOGATION)
    vehicle = taxi_vehicle(m, holder)
    params = {"vehicle": vehicle.pk, "checks": ESPECIAL_CHECKS, "declarations": DECLARATIONS}
    with pytest.raises(FieldError):  # data naming another category stops the run first
        tender_grant(
            actor=boss(m),
            municipality=m,
            tender=tender,
            on=ON,
            grants={applicant.pk: {**params, "category": "convencional"}},
        )
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
    (done,) = tender_grant(
        actor=boss(m), municipality=m, tender=tender, on=ON, grants={applicant.pk: params}
    )
    assert done.decision["grant"]["granted"], done.decision
    with tenant(m):
        permit = Permit.objects.get(tender=tender)
    assert permit.taxi_category == "especial"


def test_a_tender_recorded_before_categories_takes_the_one_given(ipatinga_m):
    """A tender without a recorded category (older data) is judged in the category the caller
    names; none named is refused rather than guessed."""
    m = ipatinga_m
    with tenant(m):
        tender = Tender.objects.create(service="taxi", number="C-OLD", places=1, opened_on=OPEN)
        applicant = TenderApplicant.objects.create(tender=tender, person=person(m))
    with tenant(m):
        with pytest.raises(FieldError):
            applicant_eligibility(applicant, OPEN)
        d = applicant_eligibility(applicant, OPEN, "executivo")
    assert "executivo" in str(d.to_json())
