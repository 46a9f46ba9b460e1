"""The holder asks, from the portal, the renewal of one of their auxiliaries' credentials
(mototaxi art. 14 §2; taxi art. 21) and the clerk decides it with the desk's own renewal
(``auxiliary_renew``): the decision is an act and an aviso to the holder, the law's refusals cite
their article, and a request is taken only for the holder's own permit in force and its own
active auxiliary."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from registry_factories import (
    CHECKS,
    DECLARATIONS,
    actor,
    moto_auxiliary,
    portal_login,
    taxi_auxiliary,
    taxi_documents,
)

from outorga.core.acts import Actor
from outorga.core.errors import Refused
from outorga.core.lawseam import BoundLaw
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Auxiliary, Document, HolderRequest, Notification, Permit
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.holder_requests import (
    holder_request_file,
    holder_request_grant,
    holder_request_refuse,
)
from outorga.registry.validation import FieldError

ART_14_2 = "Lei de mototáxi de Ipatinga (2013), art. 14, §2"
ART_21 = "Lei do táxi de Ipatinga (2017), art. 21"
KIND = HolderRequest.Kind.AUXILIARY_RENEWAL


def moto_world(m, tender, n: int):  # type: ignore[no-untyped-def]
    """A mototaxi permit granted on 10/03/2026 with one auxiliary (credential until 10/03/2027),
    its holder with a portal login."""
    permit, aux = moto_auxiliary(m, tender, n, prefix="AQR9D")
    return permit, aux, portal_login(m, permit.holder)


@pytest.fixture
def moto(ipatinga_m, tender):  # type: ignore[no-untyped-def]
    return moto_world(ipatinga_m, tender, 951)


def file(m, user, permit, aux) -> HolderRequest:  # type: ignore[no-untyped-def]
    return holder_request_file(
        actor=Actor.of(user), municipality=m, permit=permit, kind=KIND, auxiliary=aux
    )


def decide(m, req, on: dt.date, **kw) -> HolderRequest:  # type: ignore[no-untyped-def]
    return holder_request_grant(
        actor=actor(m.slug, Role.ATENDENTE), municipality=m, request=req, on=on, **kw
    )


def login(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


# The service ---------------------------------------------------------------------------------


def test_art_14_par2_the_holders_request_is_granted_by_the_desks_renewal_with_act_and_aviso(
    ipatinga_m, moto
):
    m, (permit, aux, user) = ipatinga_m, moto
    req = file(m, user, permit, aux)
    assert (req.status, req.auxiliary_id, req.auxiliary_document) == (
        "pending",
        aux.pk,
        aux.person.document,
    )
    # Asking again while it waits files nothing more.
    assert file(m, user, permit, aux).pk == req.pk
    done = decide(m, req, dt.date(2027, 2, 20))
    assert done.status == "granted"
    assert done.outcome == f"Credencial de {aux.person.name} renovada até 10/03/2028."
    with tenant(m):
        assert Auxiliary.objects.get(pk=aux.pk).credential_valid_until == dt.date(2028, 3, 10)
        (renewal,) = Act.objects.filter(action="auxiliary.renew", object_id=str(aux.pk))
        assert ART_14_2 in renewal.record["basis"]["citations"]
        assert Act.objects.filter(action="request.grant", object_id=str(req.pk)).exists()
        aviso = Notification.objects.get(key=f"pedido:{req.pk}:granted")
    assert aviso.person_id == permit.holder_id
    assert aviso.message == (
        f"Seu pedido de renovação da credencial de condutor auxiliar da permissão "
        f"{permit.number} foi deferido. Credencial de {aux.person.name} renovada até 10/03/2028."
    )


def test_art_5_par2_the_laws_refusal_cites_the_article_and_the_request_still_waits(
    ipatinga_m, moto
):
    """The auxiliary's medical certificate of 05/03/2026 no longer valid on 20/03/2027 (art. 5
    VII, §2, the holder's requirements by art. 14 §2): the renewal is refused with its article;
    the desk then refuses the request with a reason the holder reads."""
    m, (permit, aux, user) = ipatinga_m, moto
    req = file(m, user, permit, aux)
    with pytest.raises(Refused) as refused:
        decide(m, req, dt.date(2027, 3, 20))
    cites = {c.render() for r in refused.value.decision.refusals for c in r.citations}
    assert "Lei de mototáxi de Ipatinga (2013), art. 5, §2" in cites
    with tenant(m):
        req.refresh_from_db()
        assert req.status == "pending"
        assert Auxiliary.objects.get(pk=aux.pk).credential_valid_until == dt.date(2027, 3, 10)
    holder_request_refuse(
        actor=actor(m.slug, Role.ATENDENTE),
        municipality=m,
        request=req,
        reason="Atestado médico vencido (art. 5, §2): envie um novo.",
    )
    with tenant(m):
        aviso = Notification.objects.get(key=f"pedido:{req.pk}:refused")
    assert aviso.message.endswith(
        "indeferido. Motivo: Atestado médico vencido (art. 5, §2): envie um novo."
    )


def test_a_holder_asks_only_for_their_own_permit(ipatinga_m, tender, moto):
    m, (permit, aux, _) = ipatinga_m, moto
    _, _, other = moto_world(m, tender, 961)
    with pytest.raises(FieldError, match="apenas da própria permissão"):
        file(m, other, permit, aux)
    with tenant(m):
        assert not HolderRequest.objects.filter(permit=permit).exists()


def test_an_auxiliary_of_another_permit_is_refused(ipatinga_m, tender, moto):
    m, (permit, _, user) = ipatinga_m, moto
    _, others_aux, _ = moto_world(m, tender, 965)
    with pytest.raises(FieldError, match="não está cadastrado nesta permissão"):
        file(m, user, permit, others_aux)
    with pytest.raises(FieldError, match="não está cadastrado nesta permissão"):
        file(m, user, permit, None)
    with tenant(m):
        assert not HolderRequest.objects.filter(permit=permit).exists()


@pytest.mark.parametrize("status", [Permit.Status.EXTINCT, Permit.Status.CASSADA])
def test_a_permit_no_longer_in_force_takes_no_request(ipatinga_m, moto, status):
    m, (permit, aux, user) = ipatinga_m, moto
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(status=status)
    with pytest.raises(InvalidTransition, match="não há pedido a fazer"):
        file(m, user, permit, aux)


def test_a_removed_auxiliary_has_no_credential_to_renew(ipatinga_m, moto):
    m, (permit, aux, user) = ipatinga_m, moto
    with tenant(m):
        Auxiliary.objects.filter(pk=aux.pk).update(status=Auxiliary.Status.REMOVED)
    with pytest.raises(InvalidTransition, match="desligado"):
        file(m, user, permit, aux)


def test_a_law_with_no_renewal_of_the_credential_takes_no_request_and_says_why(
    ipatinga_m, moto, monkeypatch
):
    """Where the bound law has no renewal question, the request is not taken and the portal
    says so with the article the law names for the auxiliary's credential."""
    m, (permit, aux, user) = ipatinga_m, moto
    real = BoundLaw.answers
    monkeypatch.setattr(
        BoundLaw,
        "answers",
        lambda self, name: name != "auxiliary_credential_renewal" and real(self, name),
    )
    with pytest.raises(InvalidTransition, match=r"não prevê a renovação .*art\. 14, §2"):
        file(m, user, permit, aux)
    page = login(user).get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "não prevê a renovação da credencial do condutor auxiliar" in page
    assert "Pedir a renovação da credencial" not in page


def test_art_21_a_taxi_auxiliarys_inscription_renewed_on_the_holders_request(ipatinga_m):
    m = ipatinga_m
    permit, aux = taxi_auxiliary(m)
    helper = aux.person
    user = portal_login(m, permit.holder)
    req = file(m, user, permit, aux)
    renew_on = dt.date(2027, 1, 20)
    taxi_documents(helper, renew_on)
    done = decide(m, req, renew_on, declarations=DECLARATIONS, checks=CHECKS)
    assert done.outcome == f"Credencial de {helper.name} renovada até 02/02/2028."
    with tenant(m):
        (act,) = Act.objects.filter(action="auxiliary.renew", object_id=str(aux.pk))
    assert ART_21 in act.record["basis"]["citations"]


# The portal and the desk's screen --------------------------------------------------------------


def test_the_portal_shows_the_laws_answer_and_files_the_request(ipatinga_m, moto, user_of):
    m, (permit, aux, user) = ipatinga_m, moto
    holder = login(user)
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert f"Renovar a credencial de {aux.person.name} (válida até 10/03/2027)" in page
    assert "Pedir a renovação da credencial" in page
    url = f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/{aux.pk}/renovacao/"
    page = holder.post(url, {f"aux-{aux.pk}-note": "escala mantida"}, follow=True)
    text = page.content.decode()
    assert "Pedido de renovação da credencial do auxiliar registrado" in text
    assert f"O pedido de renovação da credencial de {aux.person.name} aguarda" in text
    with tenant(m):
        req = HolderRequest.objects.get(permit=permit, kind=KIND)
    assert req.note == "escala mantida"
    desk = login(user_of("ipatinga", Role.ATENDENTE))
    page = desk.get(f"/cadastro/pedidos/{req.pk}/").content.decode()
    assert "Renovar a credencial do auxiliar" in page and ART_14_2 in page
    grant = {"step": "grant", "grant-on": "2027-02-20"}
    refused = desk.post(f"/cadastro/pedidos/{req.pk}/", grant).content.decode()
    assert "Não dispõe de colete e capacete" in refused and "art. 5, IV" in refused  # art. 14 §2
    r = desk.post(f"/cadastro/pedidos/{req.pk}/", {**grant, "grant-safety_gear": "on"})
    assert r.status_code == 302
    page = holder.get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "renovada até 10/03/2028" in page and "deferido" in page


def test_the_portal_refuses_another_permits_auxiliary_with_a_404(ipatinga_m, tender, moto):
    m, (permit, _, user) = ipatinga_m, moto
    other_permit, others_aux, _ = moto_world(m, tender, 975)
    holder = login(user)
    for url in (
        f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/{others_aux.pk}/renovacao/",
        f"/portal/permissoes/{other_permit.pk}/pedidos/auxiliar/{others_aux.pk}/renovacao/",
    ):
        assert holder.post(url, {}).status_code == 404
    with tenant(m):
        assert not HolderRequest.objects.exists()
    anonymous = Client().post(f"/portal/permissoes/{permit.pk}/pedidos/auxiliar/1/renovacao/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/entrar/")


def test_the_holder_sees_that_the_auxiliary_has_pendencies_never_which(ipatinga_m, moto):
    """What the law finds missing for the auxiliary's renewal is the auxiliary's own data
    (documents, eligibility; a taxi auxiliary's debts): the holder reads only that there is
    something, with the article, and that the auxiliary should go to the desk."""
    from django.utils import timezone

    from outorga.registry.services.holder_requests import (
        auxiliary_renewal_requirements,
        renewal_requirements,
    )

    m, (permit, aux, user) = ipatinga_m, moto
    today = timezone.localdate()
    with tenant(m):
        # The auxiliary's own certificates are missing from the register.
        Document.objects.filter(person=aux.person).delete()
        # The holder's own permit renewal is theirs to read; the auxiliary's reasons are not.
        own = {r.message for d in renewal_requirements(permit, today) for r in d.reasons}
        unmet = [
            r
            for d in auxiliary_renewal_requirements(aux, today)
            for r in d.reasons
            if r.verdict in ("refused", "pending") and r.message not in own
        ]
    assert unmet  # the auxiliary's documents are not in the register
    page = login(user).get(f"/portal/permissoes/{permit.pk}/").content.decode()
    assert "Há pendências do auxiliar; ele(a) deve procurar o atendimento" in page
    assert unmet[0].citations[0].render().split(", art.")[1].split(",")[0] in page
    for r in unmet:
        assert r.message not in page
    assert f"O que a lei ainda exige para renovar a credencial de {aux.person.name}" not in page
