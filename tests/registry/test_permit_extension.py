"""Prorrogação of a mototaxi/motofrete permission's term (mototaxi art. 6): one period of five
years at a time, up to three, at the Executive's discretion, while the term runs and only for a
permission not extinguished — on the permit page, the API, the history and the acts log."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from registry_factories import EQUIPMENT, TAXI_ON, actor, grant, make_applicant, taxi_holder

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Permit, PermitStatusChange
from outorga.registry.services.permit_status import permit_suspend
from outorga.registry.services.permits import permit_grant
from outorga.registry.services.termos import permit_extend

C = "/cadastro/permissoes"
API = "/api/v1/registry/permits"
ART_6 = "Lei de mototáxi de Ipatinga (2013), art. 6"
GRANTED = dt.date(2026, 3, 10)
TERM_END = dt.date(2036, 3, 10)


@pytest.fixture
def moto_permit(ipatinga_m, tender) -> Permit:  # type: ignore[no-untyped-def]
    clerk = actor(ipatinga_m.slug, Role.ATENDENTE)
    holder, vehicle = make_applicant(ipatinga_m, clerk, n=961, plate="PRG9D61")
    return permit_grant(
        actor=clerk,
        municipality=ipatinga_m,
        holder=holder,
        service="mototaxi",
        vehicle=vehicle,
        granted_on=GRANTED,
        term_years=10,
        decree="Decreto 61/2026",
        equipment=EQUIPMENT,
        tender=tender,
    )


def extend(m, permit, on, reference="Decreto 77/2035", role=Role.ATENDENTE):  # type: ignore[no-untyped-def]
    return permit_extend(
        actor=actor(m.slug, role),
        municipality=m,
        permit=permit,
        on=on,
        act_reference=reference,
    )


def fresh(m, permit) -> Permit:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Permit.objects.get(pk=permit.pk)


def extension_acts(m, permit):  # type: ignore[no-untyped-def]
    with tenant(m):
        return list(
            Act.objects.filter(action="permit.extend", object_id=str(permit.pk)).order_by("seq")
        )


def test_art_6_the_clerk_extends_the_term_by_five_years_from_the_permit_page(
    ipatinga_m, user_of, moto_permit
):
    m, p = ipatinga_m, moto_permit
    c = client_as(user_of, Role.ATENDENTE)
    page = c.get(f"{C}/{p.pk}/").content.decode()
    assert "Prorrogar o prazo (art. 6)" in page
    form = c.get(f"{C}/{p.pk}/prorrogar/").content.decode()
    assert ART_6 in form and "10/03/2036" in form
    r = c.post(f"{C}/{p.pk}/prorrogar/", {"on": "2035-11-03", "act_reference": "Decreto 77/2035"})
    assert r.status_code == 302
    p = fresh(m, p)
    assert (p.term_end, p.extensions, p.status) == (dt.date(2041, 3, 10), 1, "active")
    (act,) = extension_acts(m, p)
    assert ART_6 in act.record["basis"]["citations"]
    assert act.record["payload"]["act_reference"] == "Decreto 77/2035"
    with tenant(m):
        h = PermitStatusChange.objects.filter(permit=p).latest("id")
    assert h.act_id == act.pk and h.effective_on == dt.date(2035, 11, 3)
    assert "1ª prorrogação" in h.reason and "10/03/2036 para 10/03/2041" in h.reason
    assert "10/03/2041" in c.get(f"{C}/{p.pk}/").content.decode()


def test_art_6_three_extensions_reach_25_years_and_a_fourth_is_refused(ipatinga_m, moto_permit):
    m, p = ipatinga_m, moto_permit
    for expected in (dt.date(2041, 3, 10), dt.date(2046, 3, 10), dt.date(2051, 3, 10)):
        p = extend(m, p, TERM_END)
        assert p.term_end == expected
    with pytest.raises(Refused) as exc:
        extend(m, p, TERM_END)
    (refusal,) = exc.value.decision.refusals
    assert [c.render() for c in refusal.citations] == [ART_6]
    assert "até 3 períodos" in refusal.message
    p = fresh(m, p)
    assert (p.term_end, p.extensions) == (dt.date(2051, 3, 10), 3)
    assert len(extension_acts(m, p)) == 3


def test_art_6_extended_on_the_last_day_of_the_term_but_not_the_day_after(ipatinga_m, moto_permit):
    m = ipatinga_m
    with pytest.raises(Refused) as exc:
        extend(m, moto_permit, TERM_END + dt.timedelta(days=1))
    assert "terminou em 10/03/2036" in str(exc.value) and ART_6 in str(exc.value)
    assert fresh(m, moto_permit).term_end == TERM_END
    assert extension_acts(m, moto_permit) == []
    assert extend(m, moto_permit, TERM_END).term_end == dt.date(2041, 3, 10)


def test_art_6_without_the_executives_act_the_screen_shows_the_refusal_with_the_article(
    ipatinga_m, user_of, moto_permit
):
    c = client_as(user_of, Role.ATENDENTE)
    r = c.post(f"{C}/{moto_permit.pk}/prorrogar/", {"on": "2035-11-03", "act_reference": " "})
    text = r.content.decode()
    assert r.status_code == 200
    assert "a critério do Poder Executivo municipal" in text and ART_6 in text
    assert fresh(ipatinga_m, moto_permit).extensions == 0


@pytest.mark.parametrize(
    ("status", "article"),
    [
        (Permit.Status.REVOKED, "art. 31, IV"),
        (Permit.Status.CASSADA, "art. 2, II"),
        (Permit.Status.RENOUNCED, "art. 2, XX"),
    ],
)
def test_art_2_and_31_an_extinguished_permission_is_not_extended(
    ipatinga_m, moto_permit, status, article
):
    with tenant(ipatinga_m):
        Permit.objects.filter(pk=moto_permit.pk).update(status=status)
    with pytest.raises(Refused) as exc:
        extend(ipatinga_m, fresh(ipatinga_m, moto_permit), dt.date(2030, 1, 1))
    assert article in str(exc.value)
    assert fresh(ipatinga_m, moto_permit).term_end == TERM_END


def test_art_2_xxiv_a_suspended_permission_keeps_its_status_and_is_extended(
    ipatinga_m, moto_permit
):
    m = ipatinga_m
    p = permit_suspend(
        actor=actor(m.slug, Role.AUTORIDADE),
        municipality=m,
        permit=moto_permit,
        days=30,
        start=dt.date(2030, 1, 1),
        reason="art. 32, I",
        grounds={"kind": "escalation", "days": 30, "infractions": ["AI-1", "AI-2", "AI-3"]},
    )
    p = extend(m, p, dt.date(2030, 1, 10))
    assert (p.status, p.term_end) == (Permit.Status.SUSPENDED, dt.date(2041, 3, 10))
    with tenant(m):
        h = PermitStatusChange.objects.filter(permit=p).latest("id")
    assert (h.from_status, h.to_status) == ("suspended", "suspended")


def test_only_who_has_the_competence_extends(ipatinga_m, user_of, moto_permit):
    fiscal = client_as(user_of, Role.FISCAL)
    r = fiscal.post(
        f"{C}/{moto_permit.pk}/prorrogar/", {"on": "2030-01-01", "act_reference": "Decreto 1"}
    )
    assert r.status_code == 403
    assert "Prorrogar o prazo" not in fiscal.get(f"{C}/{moto_permit.pk}/").content.decode()
    with pytest.raises(NotCompetent):
        extend(ipatinga_m, moto_permit, dt.date(2030, 1, 1), role=Role.FISCAL)
    # The authority records the Executive's act too (as the grant's decree).
    assert extend(ipatinga_m, moto_permit, dt.date(2030, 1, 1), role=Role.AUTORIDADE).extensions


def test_the_api_extends_and_refuses_with_the_decision(ipatinga_m, user_of, moto_permit):
    c = client_as(user_of, Role.ATENDENTE)
    url = f"{API}/{moto_permit.pk}/extend"
    r = c.post(url, {"on": "2035-11-03"}, content_type="application/json")
    assert r.status_code == 422
    body = r.json()
    assert any(ART_6 in str(reason) for reason in body["decisao"]["reasons"])
    r = c.post(
        url,
        {"on": "2035-11-03", "act_reference": "Decreto 77/2035"},
        content_type="application/json",
    )
    assert r.status_code == 200
    assert (r.json()["term_end"], r.json()["extensions"]) == ("2041-03-10", 1)


def test_the_taxi_law_has_no_extension(ipatinga_m, user_of):
    holder, vehicle = taxi_holder(ipatinga_m, TAXI_ON)
    taxi = grant(ipatinga_m, holder, vehicle)
    c = client_as(user_of, Role.ATENDENTE)
    assert "Prorrogar o prazo" not in c.get(f"{C}/{taxi.pk}/").content.decode()
    assert c.get(f"{C}/{taxi.pk}/prorrogar/").status_code == 404
    r = c.post(
        f"{API}/{taxi.pk}/extend",
        {"on": "2027-01-01", "act_reference": "Decreto 1"},
        content_type="application/json",
    )
    assert r.status_code == 409 and "art. 10" in r.json()["detail"]
