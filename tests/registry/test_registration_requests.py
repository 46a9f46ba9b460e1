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
