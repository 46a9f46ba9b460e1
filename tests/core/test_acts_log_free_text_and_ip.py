"""What a reader of the acts log who does not read the record as signed (the system
administrator; any role outside ``SEES_DOCUMENT``) still must not read in it: the text a person
wrote (a reason, grounds, a note) — above all what was written about a health or criminal
document — and the IP address the act came from (Standard 5; LGPD, Lei 13.709/2018, art. 6º, III
— necessity — and art. 11: health data; ADR 0052, 0063, 0070). The municipality's auditors (its
authority and administrator, ``reads_documents_of``) read the record as signed, IP included, and
recompute its hash — but for its health and criminal data, reserved to who keeps the register
(``test_acts_log_health_data_by_who_opens_the_file.py``, ADR 0077); what is stored never changes
and the chain verifies."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from test_acts_log_personal_data import client_as, system_admin
from test_sensitive_document_reasons import HEALTH, corrected_medical, refused

from outorga.core.acts import Actor, canonical_json, chain_hash, record_act, verify_chain
from outorga.core.models import Act, Municipality
from outorga.core.personaldata import NOTE_RESERVED, TEXT_RESERVED
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import Document

pytestmark = pytest.mark.django_db

IP = "203.0.113.77"
WRITTEN = "o titular relatou ao balcão que passou por cirurgia cardíaca"


def act_of(m: Municipality, action: str, object_id: Any) -> Act:
    with tenant(m):
        return Act.objects.get(action=action, object_id=str(object_id))


def page_and_api(c: Client, act: Act, **query: str) -> tuple[str, dict[str, Any]]:
    page = c.get(f"/atos/{act.pk}/", query)
    assert page.status_code == 200
    if query:  # the system administrator has no municipality for the API
        return page.content.decode(), {}
    r = c.get(f"/api/v1/acts/{act.pk}")
    assert r.status_code == 200
    return page.content.decode(), r.json()


def as_system_admin(act: Act) -> str:
    html, _ = page_and_api(client_as(system_admin()), act, municipio="ipatinga")
    return html


@pytest.mark.parametrize("action", ["document.submission.refuse", "document.correct"])
def test_lgpd_art_11_a_health_document_s_reason_is_reserved_in_the_log_for_a_masked_reader(
    ipatinga_m, action
):
    """A medical certificate's refusal reason and correction reason: the system administrator
    reads on the act's page that the reason is reserved, with the articles, not what it says."""
    if action == "document.submission.refuse":
        obj: Any = refused(ipatinga_m, Document.Type.MEDICAL, HEALTH)
    else:
        obj = corrected_medical(ipatinga_m)
    act = act_of(ipatinga_m, action, obj.pk)
    assert HEALTH in act.canonical
    html = as_system_admin(act)
    assert HEALTH not in html
    assert "Motivo reservado" in html and "art. 11" in html
    assert verify_chain(ipatinga_m).ok


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_lgpd_art_11_the_api_reserves_a_health_document_s_reason_for_a_masked_role(
    ipatinga_m, user_of, role, monkeypatch
):
    """Were the log given to a role outside ``SEES_DOCUMENT``, the API answers the reason
    reserved too (``record_masked``)."""
    from outorga.law.competence import SYSTEM_COMPETENCES

    monkeypatch.setitem(
        SYSTEM_COMPETENCES, "system.audit.read", SYSTEM_COMPETENCES["system.audit.read"] | {role}
    )
    sub = refused(ipatinga_m, Document.Type.MEDICAL, HEALTH)
    act = act_of(ipatinga_m, "document.submission.refuse", sub.pk)
    html, body = page_and_api(client_as(user_of("ipatinga", role)), act)
    assert HEALTH not in html
    assert body["record_masked"] is True
    assert body["record"]["payload"]["new"]["reason"] == NOTE_RESERVED
    listed = client_as(user_of("ipatinga", role)).get("/api/v1/acts", {"limit": 200})
    assert HEALTH not in listed.content.decode()


@pytest.fixture
def written_act(ipatinga_m: Municipality, user_of) -> Act:
    """An act of a clerk from ``IP`` whose payload carries text the clerk wrote about a person
    (a reason and a note) beside structured values."""
    with tenant(ipatinga_m):
        return record_act(
            municipality=ipatinga_m,
            actor=Actor.of(user_of("ipatinga", Role.ATENDENTE), IP),
            action="person.update",
            object_type="registry.person",
            object_id="1",
            old={"phone": "31 3333-0000"},
            new={"phone": "31 3333-1111", "note": WRITTEN},
            extra={"reason": WRITTEN, "effective_on": "2026-11-02"},
        )


def test_adr_0070_the_system_administrator_reads_no_written_text_nor_the_ip(
    ipatinga_m, written_act
):
    html = as_system_admin(written_act)
    assert WRITTEN not in html and IP not in html
    assert TEXT_RESERVED in html and "2026-11-02" in html  # what changed is still read
    assert "IP reservado" in html
    # Nor on the list of the log.
    listed = client_as(system_admin("admin.lista")).get("/atos/", {"municipio": "ipatinga"})
    assert IP not in listed.content.decode()
    assert verify_chain(ipatinga_m).ok


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_lgpd_art_6_iii_the_api_answers_no_ip_nor_written_text_to_a_masked_reader(
    ipatinga_m, user_of, written_act, role, monkeypatch
):
    from outorga.law.competence import SYSTEM_COMPETENCES

    monkeypatch.setitem(
        SYSTEM_COMPETENCES, "system.audit.read", SYSTEM_COMPETENCES["system.audit.read"] | {role}
    )
    c = client_as(user_of("ipatinga", role))
    html, body = page_and_api(c, written_act)
    assert IP not in html and WRITTEN not in html
    assert body["ip"] is None and body["record"]["ip"] is None
    assert body["record"]["payload"]["reason"] == TEXT_RESERVED
    assert body["record"]["payload"]["new"]["note"] == TEXT_RESERVED
    assert body["record"]["payload"]["new"]["phone"] == "31 3333-1111"
    listed = c.get("/api/v1/acts", {"limit": 200})
    assert IP not in listed.content.decode() and WRITTEN not in listed.content.decode()


@pytest.mark.parametrize("role", [Role.AUTORIDADE, Role.ADMIN])
def test_adr_0070_the_auditor_reads_the_ip_and_the_written_text(
    ipatinga_m, user_of, written_act, role
):
    html, body = page_and_api(client_as(user_of("ipatinga", role)), written_act)
    assert IP in html and WRITTEN in html
    assert body["ip"] == IP and body["record"]["ip"] == IP
    assert body["record"]["payload"]["reason"] == WRITTEN
    assert chain_hash(body["prev_hash"], canonical_json(body["record"])) == body["hash"]


def test_outorga_audit_verify_still_verifies_the_stored_chain(ipatinga_m, written_act):
    """The command exits 1 on a broken chain: the reading changed nothing stored."""
    as_system_admin(written_act)
    call_command("audit", "verify", "--municipality", "ipatinga")
