"""Mototaxi art. 4 §2 through the product: the holder asks in the portal to update the address;
the clerk applies it only once the holder appeared in person (art. 13 XX a); a cancellation is
the renúncia on the written request (art. 6 §6)."""

from __future__ import annotations

from django.test import Client
from django.utils import timezone
from enforcement_factories import make_world

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Permit, RegistrationRequest


def _c(user) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    c.force_login(user)
    return c


def test_art_4_par2_the_holders_new_address_is_applied_after_appearing_in_person(
    ipatinga_m, user_of
):
    w = make_world(ipatinga_m, user_of)
    holder = _c(w.holder_user)
    assert "Atualizar o cadastro (art. 4, §2)" in holder.get("/portal/").content.decode()
    r = holder.post(
        "/portal/cadastro/",
        {"kind": "update", "address": "Rua Nova, 77", "text": "Mudei de casa."},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        req = RegistrationRequest.objects.get(person=w.permit.holder)
    assert req.changes == {"address": "Rua Nova, 77"}
    clerk = _c(user_of("ipatinga", Role.ATENDENTE))
    listed = clerk.get("/cadastro/pedidos-de-cadastro/").content.decode()
    assert f"{w.permit.holder.name}: atualização do cadastro" in listed
    page = f"/cadastro/pedidos-de-cadastro/{req.pk}/"
    # Without the in-person appearance the law refuses it, citing art. 13, XX, a.
    r = clerk.post(page, {"decisao": "aplicar", "appeared_on": ""})
    assert r.status_code == 422 and "art. 13, XX, a" in r.content.decode()
    with tenant(ipatinga_m):
        req.refresh_from_db()
        assert req.status == RegistrationRequest.Status.PENDING
    today = timezone.localdate().isoformat()
    r = clerk.post(page, {"decisao": "aplicar", "appeared_on": today})
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        req.refresh_from_db()
        holder_person = w.permit.holder
        holder_person.refresh_from_db()
        assert Act.objects.filter(action="registration.request.apply").exists()
    assert req.status == RegistrationRequest.Status.APPLIED
    assert holder_person.address == "Rua Nova, 77"


def test_art_4_par2_a_cancellation_is_the_renuncia_on_the_written_request(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    r = _c(w.holder_user).post("/portal/cadastro/", {"kind": "cancel", "text": "Deixo o serviço."})
    assert r.status_code == 302
    with tenant(ipatinga_m):
        req = RegistrationRequest.objects.get(person=w.permit.holder)
    r = _c(user_of("ipatinga", Role.ATENDENTE)).post(
        f"/cadastro/pedidos-de-cadastro/{req.pk}/",
        {"decisao": "aplicar", "appeared_on": timezone.localdate().isoformat()},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        w.permit.refresh_from_db()
    assert w.permit.status == Permit.Status.RENOUNCED


def test_art_4_par2_an_update_that_changes_nothing_is_refused(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    r = _c(w.holder_user).post("/portal/cadastro/", {"kind": "update", "text": "nada"})
    assert r.status_code == 422 and "informe o que mudou" in r.content.decode()


def test_art_4_par2_sending_the_same_request_twice_files_it_once(ipatinga_m, user_of):
    w = make_world(ipatinga_m, user_of)
    holder = _c(w.holder_user)
    data = {"kind": "update", "phone": "31 98888-7777", "text": "Telefone novo."}
    assert holder.post("/portal/cadastro/", data).status_code == 302
    assert holder.post("/portal/cadastro/", data).status_code == 302
    with tenant(ipatinga_m):
        assert RegistrationRequest.objects.filter(person=w.permit.holder).count() == 1
        assert Act.objects.filter(action="registration.request").count() == 1


def test_art_4_par2_the_clerk_finds_the_request_on_the_home_page_and_the_holder_is_told(
    ipatinga_m, user_of
):
    from outorga.registry.models import Notification

    w = make_world(ipatinga_m, user_of)
    r = _c(w.holder_user).post(
        "/portal/cadastro/", {"kind": "update", "city": "Coronel Fabriciano", "text": "Mudei."}
    )
    assert r.status_code == 302
    with tenant(ipatinga_m):
        req = RegistrationRequest.objects.get(person=w.permit.holder)
    clerk = _c(user_of("ipatinga", Role.ATENDENTE))
    home = clerk.get("/").content.decode()
    assert "Pedidos de atualização" in home and f"/cadastro/pedidos-de-cadastro/{req.pk}/" in home
    r = clerk.post(
        f"/cadastro/pedidos-de-cadastro/{req.pk}/",
        {"decisao": "recusar", "refusal_reason": "Documento de residência ilegível."},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        aviso = Notification.objects.get(key=f"cadastro:{req.pk}:refused")
    assert aviso.person_id == w.permit.holder.pk
    assert "recusado" in aviso.message and "ilegível" in aviso.message


def test_art_6_par6_a_holder_of_two_permits_names_the_one_to_cancel(ipatinga_m, user_of):
    from registry_factories import make_permit

    w = make_world(ipatinga_m, user_of)
    with tenant(ipatinga_m):
        other = make_permit(ipatinga_m, holder=w.permit.holder, service="motofrete")
    holder = _c(w.holder_user)
    r = holder.post("/portal/cadastro/", {"kind": "cancel", "text": "Deixo o motofrete."})
    assert r.status_code == 422 and "escolha a permissão" in r.content.decode()
    r = holder.post(
        "/portal/cadastro/", {"kind": "cancel", "permit": other.pk, "text": "Deixo o motofrete."}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(ipatinga_m):
        req = RegistrationRequest.objects.get(person=w.permit.holder)
    assert req.permit_id == other.pk


def test_art_4_par2_the_portal_offers_the_update_only_where_the_law_answers_it(ipatinga_m, user_of):
    from registry_factories import make_permit

    w = make_world(ipatinga_m, user_of)
    with tenant(ipatinga_m):
        w.permit.status = Permit.Status.RENOUNCED
        w.permit.save(update_fields=["status"])
    assert "Atualizar o cadastro" not in _c(w.holder_user).get("/portal/").content.decode()
    with tenant(ipatinga_m):
        make_permit(ipatinga_m, holder=w.permit.holder, service="taxi")
    assert "Atualizar o cadastro" not in _c(w.holder_user).get("/portal/").content.decode()
