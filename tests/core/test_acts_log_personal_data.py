"""The acts log's record, as each reader reads it (Standard 5; LGPD, Lei 13.709/2018, art. 6º, III
— necessity; ADR 0052 and 0063).

A portal account's user name is ``<slug>-<CPF>`` and a payload may hold CPFs (a person
registered): the record as signed is read on the act's page (``/atos/<id>/``) and in the API
(``/api/v1/acts``) only by a reader of the municipality in ``SEES_DOCUMENT`` (the authority and
the administrator who audit it); the system administrator — of no municipality — and any role
outside ``SEES_DOCUMENT`` read every CPF or CNPJ in it masked. What is stored never changes: the
chain verifies on the stored records, and the municipality's own auditors can still recompute
every hash from the API. The system administrator's reading of a municipality's log is an act of
that municipality, which its log shows (ADR 0063)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dbrole_factories import across_tenants
from django.test import Client
from registry_factories import person

from outorga.core.actlabels import act_label
from outorga.core.acts import Actor, canonical_json, chain_hash, record_act, verify_chain
from outorga.core.identifiers import format_cpf, mask_document
from outorga.core.listing import TYPED_WITHHELD
from outorga.core.models import Act, Municipality, User
from outorga.core.selectors import ACCESS_EVENTS
from outorga.core.tenancy import tenant
from outorga.law.competence import SYSTEM_COMPETENCES, Role
from outorga.portal.accounts import account_username

READ = "audit.read"


def client_as(user: Any) -> Client:
    c = Client()
    c.force_login(user)
    return c


def system_admin(username: str = "admin.leitura") -> User:
    with across_tenants("um administrador do sistema, de nenhum município"):
        return User.objects.create_user(username=username, role=Role.ADMIN, municipality=None)


@pytest.fixture
def act_with_cpfs(ipatinga_m: Municipality) -> tuple[str, str, Act]:
    """An act by a portal account whose payload names a CPF bare and another formatted."""
    holder, other = person(ipatinga_m, name="Titular"), person(ipatinga_m, name="Indicado")
    with tenant(ipatinga_m):
        act = record_act(
            municipality=ipatinga_m,
            actor=Actor(None, Role.PERMISSIONARIO, account_username(ipatinga_m, holder.document)),
            action="person.create",
            obj=other,
            new={"document": other.document, "nota": f"indicado {format_cpf(holder.document)}"},
        )
    return holder.document, other.document, act


def assert_masked(text: str, *cpfs: str) -> None:
    for cpf in cpfs:
        assert cpf not in text and format_cpf(cpf) not in text
        assert mask_document(cpf) in text


def assert_whole(text: str, *cpfs: str) -> None:
    for cpf in cpfs:
        assert cpf in text


@pytest.mark.django_db
def test_lgpd_art_6_iii_the_system_administrator_reads_an_act_with_every_cpf_masked(
    ipatinga_m, act_with_cpfs
):
    holder, other, act = act_with_cpfs
    c = client_as(system_admin())
    page = c.get(f"/atos/{act.pk}/", {"municipio": "ipatinga"})
    assert page.status_code == 200
    html = page.content.decode()
    assert_masked(html, holder, other)
    assert "CPF e CNPJ mascarados" in html and "outorga audit verify" in html
    # Nor on the list of the log.
    assert_masked(c.get("/atos/", {"municipio": "ipatinga"}).content.decode(), holder)
    # Only what is read changed: the stored act is as signed and the chain verifies.
    with tenant(ipatinga_m):
        stored = Act.objects.get(pk=act.pk)
    assert stored.canonical == act.canonical and holder in stored.actor_name
    assert verify_chain(ipatinga_m).ok


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.AUTORIDADE, Role.ADMIN])
def test_adr_0052_the_municipality_s_auditors_read_the_act_as_signed_and_recompute_its_hash(
    ipatinga_m, user_of, act_with_cpfs, role
):
    """The authority and the administrator (``SEES_DOCUMENT`` and ``system.audit.read``) read
    the record whole, on the page and in the API, where it still hashes to the chain."""
    holder, other, act = act_with_cpfs
    c = client_as(user_of("ipatinga", role))
    assert_whole(c.get(f"/atos/{act.pk}/").content.decode(), holder, other)
    body = c.get(f"/api/v1/acts/{act.pk}").json()
    assert body["record_masked"] is False
    assert holder in body["actor_name"] and body["record"]["payload"]["new"]["document"] == other
    assert chain_hash(body["prev_hash"], canonical_json(body["record"])) == body["hash"]
    items = c.get("/api/v1/acts", {"limit": 200}).json()["items"]
    listed = next(i for i in items if i["id"] == act.pk)
    assert listed["record"] == json.loads(act.canonical) and listed["record_masked"] is False


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_adr_0052_a_role_outside_sees_document_given_the_log_reads_it_masked(
    ipatinga_m, user_of, act_with_cpfs, role, monkeypatch
):
    """Were the log given to a role that reads CPFs masked (JARI, Chief Executive), its page and
    the API mask them in the actor and the payload, and say the record is not the one signed."""
    monkeypatch.setitem(
        SYSTEM_COMPETENCES,
        "system.audit.read",
        SYSTEM_COMPETENCES["system.audit.read"] | {role},
    )
    holder, other, act = act_with_cpfs
    c = client_as(user_of("ipatinga", role))
    assert_masked(c.get(f"/atos/{act.pk}/").content.decode(), holder, other)
    r = c.get(f"/api/v1/acts/{act.pk}")
    assert r.status_code == 200
    assert_masked(r.content.decode(), holder, other)
    assert r.json()["record_masked"] is True
    assert r.json()["hash"] == act.hash  # the hash as stored; the record shown no longer fits it
    listed = c.get("/api/v1/acts", {"limit": 200})
    assert_masked(listed.content.decode(), holder, other)
    assert verify_chain(ipatinga_m).ok


@pytest.mark.django_db
def test_adr_0063_the_system_administrator_s_reading_is_an_act_of_the_municipality_read(
    ipatinga_m, barra_m, user_of, act_with_cpfs
):
    holder, _, act = act_with_cpfs
    admin = system_admin("admin.leitor")
    c = client_as(admin)
    with tenant(barra_m):
        barra_before = Act.objects.count()
    with tenant(ipatinga_m):
        last = Act.objects.order_by("-seq").first()
    assert last is not None
    asked = {"municipio": "ipatinga", "tipo": "pessoa", "quem": holder}
    assert c.get("/atos/", asked).status_code == 200
    assert c.get(f"/atos/{act.pk}/", {"municipio": "ipatinga"}).status_code == 200
    with tenant(ipatinga_m):
        reads = list(Act.objects.filter(seq__gt=last.seq).order_by("seq"))
    assert [a.action for a in reads] == [READ, READ]
    assert all(a.actor_id == admin.pk and a.role == Role.ADMIN for a in reads)
    listed, opened = (json.loads(a.canonical)["payload"]["new"] for a in reads)
    # The filters, a CPF typed in them masked, any other text typed withheld (ADR 0077): the
    # read act holds no CPF either.
    assert listed["filtros"] == {**asked, "tipo": TYPED_WITHHELD, "quem": mask_document(holder)}
    assert all(holder not in a.canonical for a in reads)
    assert reads[1].object_type == "core.act" and reads[1].object_id == str(act.pk)
    assert opened["ato"] == act.seq
    with tenant(barra_m):
        assert Act.objects.count() == barra_before
    # The municipality reads it in its own log, named in Portuguese; an access, not work.
    assert act_label(READ) != READ and READ in ACCESS_EVENTS
    log = client_as(user_of("ipatinga", Role.AUTORIDADE)).get("/atos/").content.decode()
    assert act_label(READ) in log and "admin.leitor" in log
    assert verify_chain(ipatinga_m).ok


@pytest.mark.django_db
def test_adr_0063_the_municipality_s_own_reading_of_its_log_leaves_no_act(ipatinga_m, user_of):
    c = client_as(user_of("ipatinga", Role.AUTORIDADE))
    with tenant(ipatinga_m):
        before = Act.objects.count()
        first = Act.objects.order_by("seq").first()
    assert first is not None
    assert c.get("/atos/").status_code == 200
    assert c.get(f"/atos/{first.pk}/").status_code == 200
    with tenant(ipatinga_m):
        assert Act.objects.count() == before
