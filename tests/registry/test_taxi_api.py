"""The taxi, tender and stand routes serve the user's own municipality, in Portuguese, with the
decision and its articles on a refusal."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from registry_factories import CHECKS, DECLARATIONS, awarded_tender, taxi_holder
from registry_factories import TAXI_ON as ON

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role

API = "/api/v1"


def test_grant_term_and_renewal_blocked_by_a_named_debt(ipatinga_m, user_of):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    clerk = client_as(user_of, Role.ATENDENTE)
    r = clerk.post(
        f"{API}/taxi/permits",
        {
            "holder_id": holder.pk,
            "vehicle_id": vehicle.pk,
            "signed_on": ON.isoformat(),
            "option": "I",
            "instalments": 19,
            "tender_id": tender.pk,
            "checks": CHECKS,
            "declarations": list(DECLARATIONS),
        },
        content_type="application/json",
    )
    assert r.status_code == 422
    assert "art. 10" in str(r.json()["decisao"]["citations"])
    r = clerk.post(
        f"{API}/taxi/permits",
        {
            "holder_id": holder.pk,
            "vehicle_id": vehicle.pk,
            "signed_on": ON.isoformat(),
            "option": "I",
            "mode": "servicos",
            "tender_id": tender.pk,
            "checks": CHECKS,
            "declarations": list(DECLARATIONS),
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    permit_id = r.json()["id"]
    assert clerk.get(f"{API}/taxi/permits/{permit_id}/term").json()["total"] == "R$ 4.000,00"
    with tenant(m):
        debt = Debt.objects.create(
            person=holder,
            origin=Debt.Origin.FINE,
            description="multa definitiva",
            amount_cents=12_345,
            due_on=dt.date(2026, 9, 1),
            status=Debt.Status.FINAL,
            reference="TESTE-API-1",
        )
    r = clerk.get(f"{API}/taxi/permits/{permit_id}/renewal-debts?on=2027-01-20")
    assert [d["reference"] for d in r.json()["blocking"]] == [debt.reference]
    r = clerk.post(
        f"{API}/taxi/permits/{permit_id}/renew",
        {"on": "2027-01-20"},
        content_type="application/json",
    )
    assert r.status_code == 422
    assert debt.reference in r.content.decode()
    assert "R$ 123,45" in r.content.decode()
    # D-18: paid in part, the debt still blocks, named for what is left to pay — on the API and
    # on the Termo's screen alike.
    from outorga.finance.payments import payment_record

    payment_record(
        actor=Actor.of(user_of("ipatinga", Role.FINANCAS)),
        municipality=m,
        reference=debt.reference,
        amount_cents=2_345,
        paid_on=dt.date(2026, 10, 1),
    )
    r = clerk.get(f"{API}/taxi/permits/{permit_id}/renewal-debts?on=2027-01-20")
    assert [d["amount"] for d in r.json()["blocking"]] == ["R$ 100,00"]
    page = clerk.get(f"/termos/{permit_id}/").content.decode()
    assert "TESTE-API-1" in page and "R$ 100,00" in page and "R$ 123,45" not in page


def test_stand_and_tender_routes(ipatinga_m, user_of):
    mayor = client_as(user_of, Role.CHEFE_EXECUTIVO)
    r = mayor.post(
        f"{API}/stands",
        {
            "service": "mototaxi",
            "name": "Ponto do Terminal",
            "place": "Terminal rodoviário",
            "capacity": 4,
            "act_reference": "Decreto 20/2026",
            "on": "2026-04-01",
            "at": ["onibus"],
        },
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 18" in str(r.json()["decisao"]["citations"])
    boss = client_as(user_of, Role.AUTORIDADE)
    r = boss.post(
        f"{API}/tenders",
        {
            "service": "taxi",
            "taxi_category": "convencional",
            "number": "API-1",
            "places": 100_000,
            "opened_on": "2026-02-01",
        },
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 3, §1" in str(r.json()["decisao"]["citations"])
    r = boss.post(
        f"{API}/tenders",
        {"service": "taxi", "number": "API-0", "places": 1, "opened_on": "2026-02-01"},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 5" in str(r.json())
    r = boss.post(
        f"{API}/tenders",
        {"service": "motofrete", "number": "API-2", "places": 10, "opened_on": "2026-02-01"},
        content_type="application/json",
    )
    assert r.status_code == 201
    assert boss.get(f"{API}/tenders/{r.json()['id']}").json()["number"] == "API-2"
    r = client_as(user_of, Role.ATENDENTE).post(
        f"{API}/tenders",
        {"service": "motofrete", "number": "API-3", "places": 10, "opened_on": "2026-02-01"},
        content_type="application/json",
    )
    assert r.status_code == 403


def test_art_42_v_the_registry_never_suspends_a_taxi_permission_over_90_days(ipatinga_m, user_of):
    """Taxi art. 42 V (D-10): the suspension of the permission is limited to 90 calendar days,
    whoever suspends it. On the permit's own route it is refused before: it names no final auto
    (art. 41 caput, D-1), which only the enforcement's suspension gives."""
    from registry_factories import taxi_permit

    from outorga.core.errors import Refused
    from outorga.registry.models import Permit
    from outorga.registry.services.permit_status import permit_suspend

    permit = taxi_permit(ipatinga_m)
    authority = client_as(user_of, Role.AUTORIDADE)
    url = f"{API}/registry/permits/{permit.pk}/suspend"
    body = {"days": 90, "start": "2026-03-02", "reason": "suspensão da permissão"}
    r = authority.post(url, body, content_type="application/json")
    assert r.status_code == 422, r.content
    err = r.json()["erros"][0]
    assert err["campo"] == "auto" and "art. 42, V" in err["fundamento"]
    r = authority.post(url, {**body, "days": 0}, content_type="application/json")
    assert r.status_code == 422 and "dias" in r.content.decode()
    with tenant(ipatinga_m):
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE
    suspend = {
        "actor": Actor.of(user_of("ipatinga", Role.AUTORIDADE)),
        "municipality": ipatinga_m,
        "permit": permit,
        "start": dt.date(2026, 3, 2),
        "reason": "recusa de passageiro",
        "grounds": {"kind": "auto", "auto": "AI-1", "final": True, "final_on": "2026-03-01"},
    }
    with pytest.raises(Refused) as exc:
        permit_suspend(**suspend, days=91)
    assert "art. 42, V" in str(exc.value.decision.to_json()["citations"])
    p = permit_suspend(**suspend, days=90)
    assert p.suspended_until == dt.date(2026, 5, 30)
