"""Mototaxi art. 5 IV: "usar colete de segurança e capacete dotados de dispositivos
retrorrefletivos". The grant's form asks the desk whether it saw them; before, nothing carried the
fact, the law answered "não verificados" (pending) and the grant went through either way."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    EQUIPMENT,
    actor,
    make_applicant,
    person,
    taxi_documents,
    taxi_vehicle,
)
from registry_factories import MOTO_ON as ON
from test_permit_grant import grant, grant_form
from test_tenders import GRANT, _open_tender, _ranked_and_homologated, boss

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.decisions import Verdict
from outorga.registry.models import Permit, Tender, TenderApplicant
from outorga.registry.services.tenders import (
    tender_apply,
    tender_create,
    tender_evaluate,
    tender_homologate,
    tender_rank,
)

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
    """A caller of the service that does not say gets the law's "não verificados", kept with the
    grant's decisions (the API and the screens always say: see below)."""
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


# The API as strict as the grant's form: a body that leaves ``safety_gear`` out (or sends null)
# is refused naming the field and the article, and nothing is written; before, the law recorded
# "não verificados" (pending) and the permit was granted.

ART_5_IV = "Lei de mototáxi de Ipatinga (2013), art. 5, IV"
GEAR_ASKED = "informe se o colete e o capacete com dispositivos retrorrefletivos foram verificados"


def _gear_left_out(r, who: str = "") -> None:  # type: ignore[no-untyped-def]
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "campo_invalido"
    assert body["erros"] == [
        {"campo": "safety_gear", "erro": f"{who}{GEAR_ASKED}", "fundamento": ART_5_IV}
    ]


def _acts(m) -> int:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Act.objects.count()


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


@pytest.mark.parametrize("service", ["mototaxi", "motofrete"])
def test_art_5_iv_the_api_refuses_a_grant_whose_gear_it_does_not_say(
    ipatinga_m, clerk, tender, service
):
    m = ipatinga_m
    holder, vehicle = make_applicant(m, clerk, n=75 if service == "mototaxi" else 76)
    c = _client(clerk.user)
    body = {
        "service": service,
        "holder_id": holder.pk,
        "vehicle_id": vehicle.pk,
        "granted_on": ON.isoformat(),
        "term_years": 10,
        "decree": "Decreto 1.241/2026",
        "equipment": EQUIPMENT if service == "mototaxi" else [],
    }
    if service == "mototaxi":
        body["tender_id"] = tender.pk
    acts = _acts(m)
    for left_out in ({}, {"safety_gear": None}):
        r = c.post(
            "/api/v1/registry/permits", {**body, **left_out}, content_type="application/json"
        )
        _gear_left_out(r)
    assert _acts(m) == acts
    with tenant(m):
        assert not Permit.objects.filter(holder=holder).exists()
    if service == "motofrete":
        return  # the rest of a motofrete grant (its tender, its cargo box) is tested elsewhere
    r = c.post(
        "/api/v1/registry/permits", {**body, "safety_gear": True}, content_type="application/json"
    )
    assert r.status_code == 201, r.content
    with tenant(m):
        assert _verdict(Permit.objects.get(pk=r.json()["id"])) == Verdict.OK.value


def _moto_tender_ranked(m, clerk, people):  # type: ignore[no-untyped-def]
    """A mototaxi tender of 2 places, ``people`` ranked in that order and homologated within 30
    days of their medical certificate (art. 5 §2)."""
    tender = tender_create(
        actor=boss(m),
        municipality=m,
        service="mototaxi",
        number="M-GEAR",
        places=2,
        opened_on=dt.date(2026, 1, 5),
    )
    apps = [tender_apply(actor=clerk, municipality=m, tender=tender, person=p) for p in people]
    tender_evaluate(actor=boss(m), municipality=m, tender=tender, on=GRANT)
    tender_rank(actor=boss(m), municipality=m, tender=tender, ranking=[a.pk for a in apps])
    tender_homologate(actor=boss(m), municipality=m, tender=tender, on=dt.date(2026, 2, 4))
    return tender, apps


def test_art_5_iv_the_api_refuses_a_tender_s_grants_if_one_does_not_say_the_gear(
    ipatinga_m, user_of
):
    """Every applicant's grant is checked before anyone is granted: the first one saying it and
    the second not, nobody is granted and nothing is written."""
    m = ipatinga_m
    clerk = actor(m.slug, Role.ATENDENTE)
    (first, v1), (second, v2) = (
        make_applicant(m, clerk, n=911, plate="MTG9A11"),
        make_applicant(m, clerk, n=912, plate="MTG9A12"),
    )
    tender, apps = _moto_tender_ranked(m, clerk, [first, second])
    data = {"term_years": 10, "decree": "Decreto 11/2026", "equipment": EQUIPMENT}
    grants = {
        str(apps[0].pk): {**data, "vehicle": v1.pk, "safety_gear": True},
        str(apps[1].pk): {**data, "vehicle": v2.pk},
    }
    c = _client(user_of("ipatinga", Role.AUTORIDADE))
    url = f"/api/v1/tenders/{tender.pk}/grants"
    acts = _acts(m)
    r = c.post(url, {"on": GRANT.isoformat(), "grants": grants}, content_type="application/json")
    _gear_left_out(r, f"candidato {apps[1].pk}: ")
    assert _acts(m) == acts
    with tenant(m):
        assert not Permit.objects.filter(tender=tender).exists()
        assert not any(a.decision.get("grant") for a in TenderApplicant.objects.all())
        assert Tender.objects.get(pk=tender.pk).status == Tender.Status.HOMOLOGATED
    grants[str(apps[1].pk)]["safety_gear"] = True
    r = c.post(url, {"on": GRANT.isoformat(), "grants": grants}, content_type="application/json")
    assert r.status_code == 200, r.content
    with tenant(m):
        holders = set(Permit.objects.filter(tender=tender).values_list("holder_id", flat=True))
    assert holders == {first.pk, second.pk}


def test_a_taxi_tender_s_grants_through_the_api_are_not_asked_the_gear(ipatinga_m, user_of):
    """The taxi law has no art. 5 IV: a taxi tender's grant is made without ``safety_gear``."""
    m = ipatinga_m
    tender = _open_tender(m, "taxi", "T-GEAR")
    winner = person(m)
    apps = _ranked_and_homologated(m, tender, [winner])
    taxi_documents(winner, GRANT)
    grants = {
        str(apps[0].pk): {
            "vehicle": taxi_vehicle(m, winner).pk,
            "checks": CHECKS,
            "declarations": list(DECLARATIONS),
        }
    }
    r = _client(user_of("ipatinga", Role.AUTORIDADE)).post(
        f"/api/v1/tenders/{tender.pk}/grants",
        {"on": GRANT.isoformat(), "grants": grants},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    with tenant(m):
        assert Permit.objects.get(tender=tender).holder_id == winner.pk
