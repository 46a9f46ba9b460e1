"""Health and criminal data in the acts log are read only by who may open the file they are
about: the desk that keeps the register (``registry.record``: mototaxi art. 4, taxi art. 20),
as on the registry's own pages (ADR 0052). The log's auditors — the authority and the
municipality's administrator, who read the record as signed (ADR 0063) — read the act, its CPFs,
its IP and its structure, but what was written about a medical certificate or a criminal record
(a refusal's or a correction's reason) and a person's blood type are reserved to them, and the
record is flagged as not the one signed (``record_masked``), as the masking does (Standard 5;
LGPD, Lei 13.709/2018, art. 6º, III — necessity; art. 11 — sensitive data). What is stored never
changes: the chain verifies."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from registry_factories import MOTO, actor
from test_acts_log_personal_data import client_as, system_admin
from test_sensitive_document_reasons import HEALTH, corrected_medical, refused
from validate_docbr import CPF

from outorga.core.acts import canonical_json, chain_hash, verify_chain
from outorga.core.models import Act, Municipality
from outorga.core.personaldata import HEALTH_RESERVED, NOTE_RESERVED
from outorga.core.tenancy import tenant
from outorga.law.competence import SYSTEM_COMPETENCES, Role
from outorga.registry.models import Document
from outorga.registry.services.people import person_register

pytestmark = pytest.mark.django_db

AUDITORS = [Role.AUTORIDADE, Role.ADMIN]
CRIME = "certidão aponta condenação por lesão corporal, processo em segredo"


def act_of(m: Municipality, action: str, object_id: Any) -> Act:
    with tenant(m):
        return Act.objects.get(action=action, object_id=str(object_id))


def read(c: Client, act: Act) -> tuple[str, dict[str, Any], str]:
    """The act's page, the API's act and the API's list, as ``c`` reads them."""
    page = c.get(f"/atos/{act.pk}/")
    one = c.get(f"/api/v1/acts/{act.pk}")
    listed = c.get("/api/v1/acts", {"limit": 200})
    assert page.status_code == one.status_code == listed.status_code == 200
    return page.content.decode(), one.json(), listed.content.decode()


def sensitive_act(m: Municipality, kind: str) -> tuple[Act, str]:
    if kind == "medical_refused":
        sub = refused(m, Document.Type.MEDICAL, HEALTH)
        return act_of(m, "document.submission.refuse", sub.pk), HEALTH
    if kind == "criminal_refused":
        sub = refused(m, Document.Type.CRIMINAL, CRIME)
        return act_of(m, "document.submission.refuse", sub.pk), CRIME
    doc = corrected_medical(m)
    return act_of(m, "document.correct", doc.pk), HEALTH


def the_log_given_to(role: Role, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        SYSTEM_COMPETENCES, "system.audit.read", SYSTEM_COMPETENCES["system.audit.read"] | {role}
    )


@pytest.mark.parametrize("kind", ["medical_refused", "criminal_refused", "medical_corrected"])
@pytest.mark.parametrize("role", AUDITORS)
def test_lgpd_art_11_the_auditor_who_may_not_open_the_file_reads_its_reason_reserved(
    ipatinga_m, user_of, role, kind
):
    act, written = sensitive_act(ipatinga_m, kind)
    assert written in act.canonical  # signed as written
    html, body, listed = read(client_as(user_of("ipatinga", role)), act)
    assert written not in html and written not in listed
    assert "Motivo reservado" in html and "não é o assinado" in html
    payload = body["record"]["payload"]
    reason = payload.get("reason") or payload["new"]["reason"]
    assert reason == NOTE_RESERVED
    assert body["record_masked"] is True
    # The rest is read as signed: the actor, the act, its IP.
    assert body["actor_name"] == act.actor_name and body["ip"] == act.ip
    assert body["action"] == act.action and body["hash"] == act.hash
    assert verify_chain(ipatinga_m).ok


@pytest.mark.parametrize("role", AUDITORS)
def test_adr_0063_the_auditor_reads_an_ordinary_document_s_reason_as_signed(
    ipatinga_m, user_of, role
):
    """Guard: an RG's refusal reason is no health data; the record is the signed one."""
    sub = refused(ipatinga_m, Document.Type.RG, "foto ilegível, envie de novo")
    act = act_of(ipatinga_m, "document.submission.refuse", sub.pk)
    _, body, _ = read(client_as(user_of("ipatinga", role)), act)
    assert body["record_masked"] is False
    assert body["record"]["payload"]["new"]["reason"] == "foto ilegível, envie de novo"
    assert chain_hash(body["prev_hash"], canonical_json(body["record"])) == body["hash"]


def test_mototaxi_art_4_the_desk_that_opens_the_file_reads_the_reason_as_signed(
    ipatinga_m, user_of, monkeypatch
):
    """Guard: were the log given to the desk, which keeps the register and opens the
    certificate's file, it would read the reason as written and the record as signed."""
    the_log_given_to(Role.ATENDENTE, monkeypatch)
    act, written = sensitive_act(ipatinga_m, "medical_refused")
    html, body, _ = read(client_as(user_of("ipatinga", Role.ATENDENTE)), act)
    assert written in html
    assert body["record_masked"] is False
    assert body["record"]["payload"]["new"]["reason"] == written
    assert chain_hash(body["prev_hash"], canonical_json(body["record"])) == body["hash"]


# --- the blood type (mototaxi art. 2, VIII: printed on the badge; LGPD art. 5º, II) ----------


@pytest.fixture
def registered(ipatinga_m: Municipality) -> Act:
    """A person registered by the desk with the blood type the badge prints."""
    with tenant(ipatinga_m):
        p = person_register(
            actor=actor("ipatinga", Role.ATENDENTE),
            municipality=ipatinga_m,
            law=MOTO,
            data={
                "document": CPF().generate(),
                "name": "Pessoa Com Tipo Sanguíneo",
                "birth_date": "1990-01-01",
                "blood_type": "AB-",
                "city": "Ipatinga",
            },
        )
    return act_of(ipatinga_m, "person.create", p.pk)


@pytest.mark.parametrize("role", AUDITORS)
def test_lgpd_art_11_the_auditor_reads_no_blood_type_in_the_log(
    ipatinga_m, user_of, role, registered
):
    assert '"AB-"' in registered.canonical
    html, body, listed = read(client_as(user_of("ipatinga", role)), registered)
    assert "AB-" not in html and '"AB-"' not in listed
    new = body["record"]["payload"]["new"]
    assert new["blood_type"] == HEALTH_RESERVED
    assert new["name"] == "Pessoa Com Tipo Sanguíneo"  # the rest as signed
    assert body["record_masked"] is True
    assert verify_chain(ipatinga_m).ok


def test_lgpd_art_11_the_system_administrator_reads_no_blood_type_in_the_log(
    ipatinga_m, registered
):
    c = client_as(system_admin())
    html = c.get(f"/atos/{registered.pk}/", {"municipio": "ipatinga"}).content.decode()
    assert "AB-" not in html and "Dado de saúde reservado" in html


@pytest.mark.parametrize("role", [Role.JARI, Role.CHEFE_EXECUTIVO])
def test_lgpd_art_11_a_masked_reader_reads_no_blood_type_either(
    ipatinga_m, user_of, role, registered, monkeypatch
):
    the_log_given_to(role, monkeypatch)
    _, body, listed = read(client_as(user_of("ipatinga", role)), registered)
    assert body["record"]["payload"]["new"]["blood_type"] == HEALTH_RESERVED
    assert '"AB-"' not in listed


def test_mototaxi_art_2_viii_the_desk_that_prints_the_badge_reads_the_blood_type(
    ipatinga_m, user_of, registered, monkeypatch
):
    """Guard: the desk records the blood type and prints it on the badge."""
    the_log_given_to(Role.ATENDENTE, monkeypatch)
    _, body, _ = read(client_as(user_of("ipatinga", Role.ATENDENTE)), registered)
    assert body["record"]["payload"]["new"]["blood_type"] == "AB-"
    assert body["record_masked"] is False
