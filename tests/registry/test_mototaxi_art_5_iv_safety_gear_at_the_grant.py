"""Mototaxi art. 5 IV: "usar colete de segurança e capacete dotados de dispositivos
retrorrefletivos". The grant's form asks the desk whether it saw them; before, nothing carried the
fact, the law answered "não verificados" (pending) and the grant went through either way."""

from __future__ import annotations

import pytest
from django.test import Client
from registry_factories import make_applicant
from test_permit_grant import grant, grant_form

from outorga.core.errors import Refused
from outorga.core.tenancy import tenant
from outorga.law.decisions import Verdict
from outorga.registry.models import Permit

RULE = "art_5_iv_safety_gear"


def _verdict(permit: Permit) -> str:
    return next(
        r["verdict"]
        for d in permit.decision["decisions"]
        if d["question"].endswith("person_eligibility")
        for r in d["reasons"]
        if r["rule"] == RULE
    )


def test_art_5_iv_the_gear_the_desk_did_not_find_refuses_the_grant(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=71)
    with pytest.raises(Refused) as exc:
        grant(ipatinga_m, clerk, person, vehicle, tender, safety_gear=False)
    refusal = next(r for r in exc.value.decision.refusals if r.rule == RULE)
    assert {(c.article, c.inciso) for c in refusal.citations} == {("5", "IV")}
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder=person).exists()


def test_art_5_iv_the_gear_seen_is_on_the_grant_s_record(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=72)
    permit = grant(ipatinga_m, clerk, person, vehicle, tender, safety_gear=True)
    assert _verdict(permit) == Verdict.OK.value


def test_art_5_iv_not_said_is_recorded_as_not_verified(ipatinga_m, clerk, tender):
    """A caller that does not say (the API's field left out) gets the law's "não verificados",
    kept with the grant's decisions."""
    person, vehicle = make_applicant(ipatinga_m, clerk, n=73)
    permit = grant(ipatinga_m, clerk, person, vehicle, tender)
    assert _verdict(permit) == Verdict.PENDING.value


def test_art_5_iv_the_grant_form_asks_the_desk(ipatinga_m, clerk, tender):
    person, vehicle = make_applicant(ipatinga_m, clerk, n=74)
    client = Client()
    client.force_login(clerk.user)
    form = grant_form(person, vehicle, tender, decree="Decreto 1.238/2026", outorgar="1")
    page = client.post("/cadastro/permissoes/nova/", form).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    with tenant(ipatinga_m):
        assert not Permit.objects.filter(holder=person).exists()
    r = client.post("/cadastro/permissoes/nova/", {**form, "safety_gear": "on"})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        assert Permit.objects.filter(holder=person).exists()
