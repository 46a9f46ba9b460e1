"""CTB points are entered on the clerk's CNH form as in the API (mototaxi art. 32 III: 20 points),
and a person without a birth date on record never passes the age requirement (art. 5 I)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import EQUIPMENT, make_applicant
from registry_factories import MOTO_ON as ON

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import DrivingLicence, Permit, Person
from outorga.registry.services.eligibility import person_eligibility
from outorga.registry.services.permits import permit_grant

CNH = {
    "cnh-number": "02650306461",
    "cnh-categories": "AB",
    "cnh-first_licence_on": "2010-01-01",
    "cnh-category_a_since": "2010-01-01",
    "cnh-expires_on": "2030-01-01",
    "cnh-ear": "on",
}


def clerk_client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def test_the_cnh_form_records_the_ctb_points_with_their_date(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=61)
    c = clerk_client(user_of)
    url = f"/cadastro/pessoas/{person.pk}/"
    assert "Pontos no CTB (último informado)" in c.get(url).content.decode()
    r = c.post(url, {**CNH, "cnh-points": "14", "cnh-points_reported_on": "2026-03-01"})
    assert r.status_code == 302, r.content.decode()[-2000:]
    with tenant(ipatinga_m):
        lic = DrivingLicence.objects.get(person=person)
        assert (lic.points, lic.points_reported_on) == (14, dt.date(2026, 3, 1))
        act = Act.objects.filter(action="licence.record", object_id=str(lic.pk)).last()
    assert act is not None and act.record["payload"]["new"]["points"] == 14
    assert "14 pontos no CTB (informados em 01/03/2026)" in c.get(url).content.decode()


def test_negative_points_are_refused_on_the_field(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=62)
    r = clerk_client(user_of).post(f"/cadastro/pessoas/{person.pk}/", {**CNH, "cnh-points": "-1"})
    assert r.status_code == 200
    with tenant(ipatinga_m):
        assert DrivingLicence.objects.get(person=person).points == 0


def test_the_api_records_when_the_points_were_reported(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=63)
    r = clerk_client(user_of).post(
        f"/api/v1/registry/people/{person.pk}/licence",
        {
            "number": "02650306461",
            "categories": "AB",
            "first_licence_on": "2010-01-01",
            "category_a_since": "2010-01-01",
            "expires_on": "2030-01-01",
            "points": 20,
            "points_reported_on": "2026-02-15",
        },
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    assert r.json()["points"] == 20 and r.json()["points_reported_on"] == "2026-02-15"


def forget_birth_date(m, person: Person) -> None:  # type: ignore[no-untyped-def]
    """A record kept from before the rule (the service now asks for it on every new person)."""
    with tenant(m):
        Person.objects.filter(pk=person.pk).update(birth_date=None)
        person.refresh_from_db()


def test_art_5_i_a_person_without_birth_date_is_refused_at_the_grant(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=64)
    forget_birth_date(ipatinga_m, person)
    with pytest.raises(Refused) as exc:
        permit_grant(
            actor=clerk,
            municipality=ipatinga_m,
            holder=person,
            service="mototaxi",
            vehicle=vehicle,
            granted_on=ON,
            term_years=10,
            decree="Decreto 1.234/2026",
            equipment=EQUIPMENT,
            tender=tender,
        )
    (age,) = [r for r in exc.value.decision.refusals if r.rule.endswith("art_5_i_minimum_age")]
    assert age.message.startswith("Data de nascimento não informada")
    assert {(c.article, c.inciso) for c in age.citations} == {("5", "I")}
    assert "art. 5, I" in str(exc.value)
    with tenant(ipatinga_m):
        assert not Permit.objects.exists()


def test_art_5_i_the_clerk_sees_the_missing_birth_date_with_its_article(ipatinga_m, user_of, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=65)
    forget_birth_date(ipatinga_m, person)
    c = clerk_client(user_of)
    page = c.get(f"/cadastro/pessoas/{person.pk}/?servico=mototaxi").content.decode()
    assert "Data de nascimento não informada" in page
    r = c.get(f"/api/v1/registry/people/{person.pk}/eligibility?service=motofrete&on={ON}")
    d = r.json()
    assert d["outcome"]["eligible"] is False
    (age,) = [x for x in d["reasons"] if x["rule"].endswith("art_5_i_minimum_age")]
    assert age["verdict"] == "refused" and "21 anos" in age["message"]


def test_art_5_i_with_the_birth_date_entered_the_person_is_eligible_again(ipatinga_m, clerk):
    person, _ = make_applicant(ipatinga_m, clerk, n=66)
    forget_birth_date(ipatinga_m, person)
    with tenant(ipatinga_m):
        assert person_eligibility(person, "mototaxi", ON).outcome["eligible"] is False
        Person.objects.filter(pk=person.pk).update(birth_date=dt.date(2005, 3, 10))
        person.refresh_from_db()
        # 21 on the very day (art. 5 I): the age rule is met again.
        d = person_eligibility(person, "mototaxi", ON)
    assert not [r for r in d.refusals if r.rule.endswith("art_5_i_minimum_age")]
