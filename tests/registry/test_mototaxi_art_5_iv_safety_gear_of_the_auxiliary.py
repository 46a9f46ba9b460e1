"""Mototaxi art. 5 IV with art. 14 §2: the auxiliary meets the holder's requirements, the vest and
helmet with retroreflective devices among them, when credentialed and at each renewal. Before,
only the permit's grant asked the desk; an auxiliary's credential and its renewals carried no such
fact, so the law answered "não verificados" (pending) and the act went through either way."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    TAXI_ON,
    actor,
    grant,
    moto_permit,
    person,
    taxi_auxiliary,
    taxi_documents,
    taxi_holder,
)

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, HolderRequest, Permit
from outorga.registry.services.auxiliaries import auxiliary_add, auxiliary_renew

C = "/cadastro/permissoes"
API = "/api/v1/registry"
RULE = "art_5_iv_safety_gear"
ADDED = dt.date(2026, 3, 10)
RENEWED = dt.date(2027, 2, 20)
INDICATED = {"work_schedule": "seg a sex, 6h–14h", "indication": "Protocolo 1/2026"}


def _add(m, clerk, permit, helper, **kw):  # type: ignore[no-untyped-def]
    return auxiliary_add(
        actor=clerk, municipality=m, permit=permit, person=helper, on=ADDED, **INDICATED, **kw
    )


def _renewal_verdict(m, aux) -> str:  # type: ignore[no-untyped-def]
    """The verdict of art. 5 IV in the renewal's act, as it keeps the law's decisions."""
    with tenant(m):
        act = Act.objects.filter(action="auxiliary.renew", object_id=str(aux.pk)).get()
    return next(
        r["verdict"]
        for d in act.record["payload"]["decisions"]
        for r in d["reasons"]
        if r["rule"] == RULE
    )


def _holder_request(m, permit, kind: str, **fields) -> HolderRequest:  # type: ignore[no-untyped-def]
    """The holder's request of ``kind`` on ``permit``, filed now and waiting for the desk."""
    with tenant(m):
        return HolderRequest.objects.create(
            permit=permit, person=permit.holder, kind=kind, filed_at=timezone.now(), **fields
        )


ART_5_IV = ["Lei de mototáxi de Ipatinga (2013), art. 5, IV"]


def _refused(exc: pytest.ExceptionInfo[Refused]) -> list[tuple[str, list[str]]]:
    """Each refusal's rule and the articles it cites."""
    return [(r.rule, [c.render() for c in r.citations]) for r in exc.value.decision.refusals]


def _client(user_of) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user_of("ipatinga", Role.ATENDENTE))
    return c


def test_art_5_iv_art_14_par2_an_auxiliary_without_the_gear_is_not_credentialed(ipatinga_m, tender):
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 731)
    with pytest.raises(Refused) as refused:
        _add(m, clerk, permit, helper, safety_gear=False)
    assert _refused(refused) == [(RULE, ART_5_IV)]
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()
    aux = _add(m, clerk, permit, helper, safety_gear=True)
    assert aux.credential_valid_until == dt.date(2027, 3, 10)


def test_art_5_iv_art_14_par2_the_renewal_asks_the_gear_again(ipatinga_m, tender):
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 733)
    aux = _add(m, clerk, permit, helper, safety_gear=True)
    renew = {"actor": actor(m.slug, Role.ATENDENTE), "municipality": m, "on": RENEWED}
    with pytest.raises(Refused) as refused:
        auxiliary_renew(**renew, auxiliary=aux, safety_gear=False)
    assert _refused(refused) == [(RULE, ART_5_IV)]
    with tenant(m):
        aux = Auxiliary.objects.get(pk=aux.pk)
    assert aux.credential_valid_until == dt.date(2027, 3, 10)
    renewed = auxiliary_renew(**renew, auxiliary=aux, safety_gear=True)
    assert renewed.credential_valid_until == dt.date(2028, 3, 10)
    assert _renewal_verdict(m, aux) == "ok"


def test_art_5_iv_a_renewal_that_does_not_say_keeps_the_law_s_not_verified(ipatinga_m, tender):
    """A caller of the service that does not say renews, and the renewal's record keeps the
    law's "não verificados" (pending), not a requirement met (the API and the screens always say:
    see below)."""
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 735)
    aux = _add(m, clerk, permit, helper)
    auxiliary_renew(actor=actor(m.slug, Role.ATENDENTE), municipality=m, auxiliary=aux, on=RENEWED)
    assert _renewal_verdict(m, aux) == "pending"


def test_art_5_iv_the_clerk_s_forms_ask_the_desk(ipatinga_m, user_of, tender):
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 737)
    c = _client(user_of)
    url = f"{C}/{permit.pk}/auxiliares/novo/"
    assert "dispositivos retrorrefletivos verificados (art. 5, IV)" in c.get(url).content.decode()
    body = {"on": ADDED.isoformat(), "person": helper.document, **INDICATED}
    page = c.post(url, body).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    with tenant(m):
        assert not Auxiliary.objects.filter(permit=permit).exists()
    assert c.post(url, {**body, "safety_gear": "on"}).status_code == 302
    with tenant(m):
        aux = Auxiliary.objects.get(permit=permit)
    renew_url = f"{C}/{permit.pk}/auxiliares/{aux.pk}/renovar/"
    page = c.post(renew_url, {"on": RENEWED.isoformat()}).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    r = c.post(renew_url, {"on": RENEWED.isoformat(), "safety_gear": "on"})
    assert r.status_code == 302
    with tenant(m):
        assert Auxiliary.objects.get(pk=aux.pk).credential_valid_until == dt.date(2028, 3, 10)


def test_art_5_iv_a_taxi_auxiliary_s_forms_do_not_ask_it(ipatinga_m, user_of):
    """The taxi law has no such requirement: its auxiliary's forms do not show the box."""
    permit, aux = taxi_auxiliary(ipatinga_m)
    c = _client(user_of)
    for page in (
        f"{C}/{permit.pk}/auxiliares/novo/",
        f"{C}/{permit.pk}/auxiliares/{aux.pk}/renovar/",
    ):
        assert "retrorrefletivos" not in c.get(page).content.decode()


def test_art_5_iv_the_api_says_it(ipatinga_m, user_of, tender):
    m = ipatinga_m
    _, permit, helper = moto_permit(m, tender, 739)
    c = _client(user_of)
    body = {"person_id": helper.pk, "on": ADDED.isoformat(), **INDICATED}
    url = f"{API}/permits/{permit.pk}/auxiliaries"
    r = c.post(url, {**body, "safety_gear": False}, content_type="application/json")
    assert r.status_code == 422 and "art. 5, IV" in str(r.json()["decisao"])
    r = c.post(url, {**body, "safety_gear": True}, content_type="application/json")
    assert r.status_code == 201
    aux_id = r.json()["id"]
    r = c.post(
        f"{API}/auxiliaries/{aux_id}/renew",
        {"on": RENEWED.isoformat(), "safety_gear": False},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 5, IV" in str(r.json()["decisao"])


def test_art_5_iv_the_desk_deciding_a_holder_s_request_for_an_auxiliary_asks_it(
    ipatinga_m, user_of, tender
):
    """The holder's request for an auxiliary is decided on the desk's own auxiliary form: the box
    is there, and unticked the law refuses and the request keeps waiting."""
    m = ipatinga_m
    _, permit, helper = moto_permit(m, tender, 741)
    req = _holder_request(
        m,
        permit,
        HolderRequest.Kind.AUXILIARY,
        auxiliary_document=helper.document,
        auxiliary_name=helper.name,
    )
    c = _client(user_of)
    url = f"/cadastro/pedidos/{req.pk}/"
    assert "dispositivos retrorrefletivos verificados (art. 5, IV)" in c.get(url).content.decode()
    grant = {
        "step": "grant",
        "grant-on": ADDED.isoformat(),
        "grant-person": helper.document,
        "grant-indication": "Pedido pelo portal",
        "grant-work_schedule": "seg a sex, 6h–14h",
    }
    page = c.post(url, grant).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    with tenant(m):
        assert HolderRequest.objects.get(pk=req.pk).status == HolderRequest.Status.PENDING
    assert c.post(url, {**grant, "grant-safety_gear": "on"}).status_code == 302
    with tenant(m):
        assert HolderRequest.objects.get(pk=req.pk).status == HolderRequest.Status.GRANTED
        assert Auxiliary.objects.get(permit=permit).person_id == helper.pk


def test_art_5_iv_art_4_par1_the_holder_s_yearly_renewal_asks_it_too(ipatinga_m, tender, user_of):
    """The yearly certificate checks the holder again (art. 4 §1): the gear not found refuses it,
    through the service and the API; seen, the certificate is renewed for a year."""
    from outorga.registry.services.termos import permit_renew

    m = ipatinga_m
    clerk, permit, _ = moto_permit(m, tender, 743)
    renew = {"actor": clerk, "municipality": m, "permit": permit, "on": dt.date(2027, 3, 1)}
    with pytest.raises(Refused) as refused:
        permit_renew(**renew, safety_gear=False)
    assert _refused(refused) == [(RULE, ART_5_IV)]
    r = _client(user_of).post(
        f"{API}/permits/{permit.pk}/renew",
        {"on": "2027-03-01", "safety_gear": False},
        content_type="application/json",
    )
    assert r.status_code == 422 and "art. 5, IV" in str(r.json()["decisao"])
    assert permit_renew(**renew, safety_gear=True).certificate_valid_until == dt.date(2028, 3, 1)


def test_art_5_iv_art_4_par1_the_desk_deciding_a_holder_s_renewal_request_asks_it(
    ipatinga_m, user_of, tender
):
    m = ipatinga_m
    _, permit, _ = moto_permit(m, tender, 745)
    req = _holder_request(m, permit, HolderRequest.Kind.RENEWAL)
    c = _client(user_of)
    url = f"/cadastro/pedidos/{req.pk}/"
    grant = {"step": "grant", "grant-on": "2027-03-01"}
    page = c.post(url, grant).content.decode()
    assert "Não dispõe de colete e capacete" in page and "art. 5, IV" in page
    assert c.post(url, {**grant, "grant-safety_gear": "on"}).status_code == 302
    with tenant(m):
        assert Permit.objects.get(pk=permit.pk).certificate_valid_until == dt.date(2028, 3, 1)


def test_a_taxi_auxiliary_is_inscribed_through_the_api_without_the_mototaxi_s_box(
    ipatinga_m, user_of
):
    """Taxi art. 20: the taxi law has no art. 5 IV; its auxiliary's route takes the documents of
    art. 22 and is not asked about the vest and helmet."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, TAXI_ON)
    permit = grant(m, holder, vehicle, mode="servicos")
    helper = person(m)
    taxi_documents(helper, TAXI_ON)
    r = _client(user_of).post(
        f"/api/v1/taxi/permits/{permit.pk}/auxiliaries",
        {
            "person_id": helper.pk,
            "on": TAXI_ON.isoformat(),
            "declarations": list(DECLARATIONS),
            "checks": CHECKS,
        },
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    with tenant(m):
        assert Auxiliary.objects.get(pk=r.json()["id"]).person_id == helper.pk


# The API as strict as the forms: the box of the screens is always ticked or not, so a body that
# leaves ``safety_gear`` out (or sends null) is refused naming the field and the article, and
# nothing is written; before, the law recorded "não verificados" and the act went through.

ART_5_IV_14_2 = "Lei de mototáxi de Ipatinga (2013), art. 5, IV; art. 14, §2"


def _gear_left_out(r, fundamento: str, whose: str = "") -> None:  # type: ignore[no-untyped-def]
    """The 422 of a body that did not say whether the vest and helmet were seen."""
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["codigo"] == "campo_invalido"
    assert body["erros"] == [
        {
            "campo": "safety_gear",
            "erro": f"informe se o colete e o capacete {whose}com dispositivos retrorrefletivos "
            "foram verificados",
            "fundamento": fundamento,
        }
    ]


def _written(m, **filters) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The auxiliaries and the acts (any outcome, refusals too) on record."""
    with tenant(m):
        return Auxiliary.objects.filter(**filters).count(), Act.objects.count()


@pytest.mark.parametrize("left_out", [{}, {"safety_gear": None}])
def test_art_5_iv_art_14_par2_the_api_refuses_an_auxiliary_whose_gear_it_does_not_say(
    ipatinga_m, user_of, tender, left_out
):
    m = ipatinga_m
    _, permit, helper = moto_permit(m, tender, 747)
    c = _client(user_of)
    url = f"{API}/permits/{permit.pk}/auxiliaries"
    body = {"person_id": helper.pk, "on": ADDED.isoformat(), **INDICATED}
    before = _written(m, permit=permit)
    r = c.post(url, {**body, **left_out}, content_type="application/json")
    _gear_left_out(r, ART_5_IV_14_2, "do condutor auxiliar ")
    assert _written(m, permit=permit) == before == (0, before[1])
    r = c.post(url, {**body, "safety_gear": True}, content_type="application/json")
    assert r.status_code == 201, r.content
    assert r.json()["credential_valid_until"] == "2027-03-10"


def test_art_5_iv_art_14_par2_the_api_refuses_a_renewal_whose_gear_it_does_not_say(
    ipatinga_m, user_of, tender
):
    m = ipatinga_m
    clerk, permit, helper = moto_permit(m, tender, 749)
    aux = _add(m, clerk, permit, helper, safety_gear=True)
    c = _client(user_of)
    url = f"{API}/auxiliaries/{aux.pk}/renew"
    before = _written(m, permit=permit)
    for left_out in ({}, {"safety_gear": None}):
        r = c.post(url, {"on": RENEWED.isoformat(), **left_out}, content_type="application/json")
        _gear_left_out(r, ART_5_IV_14_2, "do condutor auxiliar ")
    assert _written(m, permit=permit) == before
    with tenant(m):
        assert Auxiliary.objects.get(pk=aux.pk).credential_valid_until == dt.date(2027, 3, 10)
        assert not Act.objects.filter(action="auxiliary.renew").exists()
    r = c.post(
        url, {"on": RENEWED.isoformat(), "safety_gear": True}, content_type="application/json"
    )
    assert r.status_code == 200, r.content
    assert r.json()["credential_valid_until"] == "2028-03-10"
    assert _renewal_verdict(m, aux) == "ok"


def test_art_5_iv_art_4_par1_the_api_refuses_a_certificate_whose_gear_it_does_not_say(
    ipatinga_m, user_of, tender
):
    """The holder's yearly certificate: art. 5 IV alone (art. 14 §2 is the auxiliary's)."""
    m = ipatinga_m
    _, permit, _ = moto_permit(m, tender, 751)
    c = _client(user_of)
    url = f"{API}/permits/{permit.pk}/renew"
    with tenant(m):
        acts = Act.objects.count()
    for left_out in ({}, {"safety_gear": None}):
        r = c.post(url, {"on": "2027-03-01", **left_out}, content_type="application/json")
        _gear_left_out(r, ART_5_IV[0])
    with tenant(m):
        assert Act.objects.count() == acts
        assert Permit.objects.get(pk=permit.pk).certificate_valid_until == dt.date(2027, 3, 10)
    r = c.post(url, {"on": "2027-03-01", "safety_gear": True}, content_type="application/json")
    assert r.status_code == 200, r.content
    assert r.json()["certificate_valid_until"] == "2028-03-01"


def test_a_taxi_auxiliary_s_renewal_through_the_api_is_not_asked_the_gear(ipatinga_m, user_of):
    """Taxi art. 21: the taxi law has no art. 5 IV, so the same renewal route renews a taxi
    auxiliary's inscription without ``safety_gear``, as before."""
    m = ipatinga_m
    _, aux = taxi_auxiliary(m)
    on = dt.date(2027, 1, 20)
    taxi_documents(aux.person, on)
    r = _client(user_of).post(
        f"{API}/auxiliaries/{aux.pk}/renew",
        {"on": on.isoformat(), "declarations": list(DECLARATIONS), "checks": CHECKS},
        content_type="application/json",
    )
    assert r.status_code == 200, r.content
    assert r.json()["credential_valid_until"] == "2028-02-02"
