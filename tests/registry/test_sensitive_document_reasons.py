"""What is written about a health or criminal document — the desk's reason to refuse one sent
from the portal, the reason of a correction — is read only by who may open its file: the desk
that keeps the register (mototaxi art. 4; taxi art. 20: ``registry.record``). Every other staff
role opens the page and reads that a reason exists, not what it says (Standard 5; LGPD, Lei
13.709/2018, art. 6º, III; art. 11: health data). An ordinary document's reason is everyone's."""

from __future__ import annotations

import datetime as dt

import pytest
from auth_factories import client_as
from portal_factories import make_applicant_account
from registry_factories import MOTO, actor, person

from outorga.core.acts import Actor
from outorga.law.competence import Role
from outorga.registry.models import Document
from outorga.registry.services.documents import document_correct, document_record
from outorga.registry.services.submissions import submission_refuse, submission_send

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n% documento de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
HEALTH = "atestado cita CID F32 e uso de medicação controlada"
RESERVED = "Motivo reservado"
WITHOUT_NEED = [Role.FISCAL, Role.AUTORIDADE, Role.JARI, Role.CHEFE_EXECUTIVO, Role.FINANCAS]


def refused(m, doc_type: str, reason: str):  # type: ignore[no-untyped-def]
    ana = make_applicant_account(m)
    sub = submission_send(
        actor=Actor.of(ana.user),
        municipality=m,
        person=ana,
        service="mototaxi",
        doc_type=doc_type,
        issued_on=dt.date(2026, 1, 10),
        content=PDF,
    )
    return submission_refuse(
        actor=actor("ipatinga", Role.ATENDENTE), municipality=m, submission=sub, reason=reason
    )


@pytest.mark.parametrize("role", WITHOUT_NEED)
def test_lgpd_art_11_a_medical_certificate_s_refusal_reason_is_not_read_without_need(
    ipatinga_m, user_of, role
):
    sub = refused(ipatinga_m, Document.Type.MEDICAL, HEALTH)
    html = client_as(user_of, role).get(f"/cadastro/envios/{sub.pk}/").content.decode()
    assert HEALTH not in html and RESERVED in html


def test_mototaxi_art_4_the_desk_reads_the_medical_certificate_s_refusal_reason(
    ipatinga_m, user_of
):
    sub = refused(ipatinga_m, Document.Type.MEDICAL, HEALTH)
    html = client_as(user_of, Role.ATENDENTE).get(f"/cadastro/envios/{sub.pk}/").content.decode()
    assert HEALTH in html and RESERVED not in html


def test_an_rg_s_refusal_reason_is_read_by_every_staff_role(ipatinga_m, user_of):
    sub = refused(ipatinga_m, Document.Type.RG, "foto ilegível, envie de novo")
    html = client_as(user_of, Role.FINANCAS).get(f"/cadastro/envios/{sub.pk}/").content.decode()
    assert "foto ilegível" in html


def corrected_medical(m):  # type: ignore[no-untyped-def]
    holder = person(m, name="Titular")
    desk = actor("ipatinga", Role.ATENDENTE)
    first = document_record(
        actor=desk,
        municipality=m,
        law=MOTO,
        doc_type=Document.Type.MEDICAL,
        issued_on=dt.date(2026, 1, 5),
        person=holder,
        number="AT-1",
        content=PDF,
    )
    return document_correct(
        actor=desk,
        municipality=m,
        law=MOTO,
        doc=first,
        reason=HEALTH,
        issued_on=dt.date(2026, 1, 10),
        number="AT-1",
    )


@pytest.mark.parametrize("role", [Role.FINANCAS, Role.JARI])
def test_lgpd_art_11_a_medical_certificate_s_correction_reason_is_not_read_without_need(
    ipatinga_m, user_of, role
):
    doc = corrected_medical(ipatinga_m)
    c = client_as(user_of, role)
    html = c.get(f"/cadastro/documentos/{doc.pk}/").content.decode()
    assert HEALTH not in html and RESERVED in html
    r = c.get(f"/api/v1/registry/documents/{doc.pk}/versions")
    assert r.status_code == 200 and HEALTH not in r.content.decode()
    assert r.json()["items"][0]["correction_reason"].startswith(RESERVED)


def test_mototaxi_art_4_the_desk_reads_the_correction_reason(ipatinga_m, user_of):
    doc = corrected_medical(ipatinga_m)
    c = client_as(user_of, Role.ATENDENTE)
    assert HEALTH in c.get(f"/cadastro/documentos/{doc.pk}/").content.decode()
    r = c.get(f"/api/v1/registry/documents/{doc.pk}/versions")
    assert r.json()["items"][0]["correction_reason"] == HEALTH
