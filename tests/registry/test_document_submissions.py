"""Documents an applicant sends from the portal (mototaxi art. 5, 6): each waits for the clerk's
review; only an accepted one is a record the law's facts read (art. 4: the register is SESUMA's);
a refused one carries its reason and may be sent again; every step is an act."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from portal_factories import make_applicant_account, open_tender
from registry_factories import actor, image

from outorga.core.acts import Actor
from outorga.core.errors import FieldError
from outorga.core.models import Act, OutboundEmail
from outorga.core.tenancy import tenant
from outorga.core.uploads import BadFile
from outorga.law.competence import NotCompetent, Role
from outorga.law.decisions import Verdict
from outorga.registry.home import submissions_waiting
from outorga.registry.models import Document, DocumentSubmission, TenderApplicant
from outorga.registry.services.common import InvalidTransition
from outorga.registry.services.eligibility import person_eligibility
from outorga.registry.services.submissions import (
    submission_accept,
    submission_refuse,
    submission_send,
)
from outorga.registry.services.tenders import tender_apply

pytestmark = pytest.mark.django_db

ISSUED = dt.date(2026, 1, 10)
PDF = b"%PDF-1.4\n% documento de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def own(person) -> Actor:  # type: ignore[no-untyped-def]
    return Actor.of(person.user)


def send(m, person, doc_type="rg", content=PDF, **kw):  # type: ignore[no-untyped-def]
    return submission_send(
        actor=kw.pop("actor", own(person)),
        municipality=m,
        person=person,
        service="mototaxi",
        doc_type=doc_type,
        issued_on=kw.pop("issued_on", ISSUED),
        content=content,
        **kw,
    )


def rg_reason(m, person):  # type: ignore[no-untyped-def]
    with tenant(m):
        d = person_eligibility(person, "mototaxi", dt.date(2026, 2, 1))
    (r,) = [r for r in d.reasons if r.rule.endswith("art_5_v_rg")]
    return r


def test_art_5_v_an_rg_sent_counts_only_once_the_clerk_accepts_it(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m)
    assert rg_reason(m, ana).verdict is Verdict.REFUSED
    sub = send(m, ana)
    assert sub.status == DocumentSubmission.Status.PENDING
    # Waiting for review: the law still finds it missing.
    assert rg_reason(m, ana).verdict is Verdict.REFUSED
    with tenant(m):
        assert not Document.objects.filter(person=ana).exists()
    sub = submission_accept(actor=actor("ipatinga", Role.ATENDENTE), municipality=m, submission=sub)
    r = rg_reason(m, ana)
    assert r.verdict is Verdict.OK and any(c.article == "5" for c in r.citations)
    with tenant(m):
        doc = Document.objects.get(person=ana, doc_type="rg")
        assert sub.document_id == doc.pk and doc.sha256 == sub.sha256
        assert doc.presented_on == timezone.localtime(sub.submitted_at).date()
        acts = list(Act.objects.order_by("seq").values_list("action", "role"))
    assert ("document.submit", "permissionario") in acts
    assert acts[-2:] == [
        ("document.record", "atendente"),
        ("document.submission.accept", "atendente"),
    ]


def test_art_5_vii_a_medical_certificate_accepted_gets_its_validity_from_the_law(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m)
    sub = send(m, ana, "medical_certificate")
    submission_accept(actor=actor("ipatinga", Role.ATENDENTE), municipality=m, submission=sub)
    with tenant(m):
        doc = Document.objects.get(person=ana, doc_type="medical_certificate")
    assert doc.valid_until is not None and doc.validity_basis["citations"]


def test_the_same_file_twice_is_one_submission_until_it_is_refused(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m)
    first = send(m, ana)
    assert send(m, ana).pk == first.pk
    with tenant(m):
        assert DocumentSubmission.objects.count() == 1
        assert Act.objects.filter(action="document.submit").count() == 1
    submission_refuse(
        actor=actor("ipatinga", Role.ATENDENTE),
        municipality=m,
        submission=first,
        reason="Documento ilegível: envie uma cópia nítida da frente e do verso.",
    )
    again = send(m, ana)
    assert again.pk != first.pk and again.status == DocumentSubmission.Status.PENDING


def test_a_refusal_says_why_tells_the_applicant_and_the_document_may_be_sent_again(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m, email="ana@exemplo.com.br")
    clerk = actor("ipatinga", Role.ATENDENTE)
    sub = send(m, ana)
    with pytest.raises(FieldError) as exc:
        submission_refuse(actor=clerk, municipality=m, submission=sub, reason="ruim")
    assert exc.value.field == "motivo"
    refused = submission_refuse(
        actor=clerk,
        municipality=m,
        submission=sub,
        reason="Documento vencido: envie o RG atual.",
        portal_path="/portal/candidatura/",
    )
    assert refused.status == DocumentSubmission.Status.REFUSED
    with pytest.raises(InvalidTransition):
        submission_accept(actor=clerk, municipality=m, submission=refused)
    with tenant(m):
        (mail,) = OutboundEmail.objects.filter(to="ana@exemplo.com.br")
        assert not Document.objects.filter(person=ana).exists()
        assert Act.objects.filter(action="document.submission.refuse").count() == 1
    assert "Documento vencido: envie o RG atual." in mail.body
    assert "/portal/candidatura/" in mail.body
    resent = send(m, ana, content=image("PNG"))
    submission_accept(actor=clerk, municipality=m, submission=resent)
    assert rg_reason(m, ana).verdict is Verdict.OK


def test_an_applicant_sends_only_their_own_documents(ipatinga_m):
    m = ipatinga_m
    ana, bruno = make_applicant_account(m), make_applicant_account(m, name="Bruno")
    with pytest.raises(FieldError):
        send(m, bruno, actor=own(ana))
    # The desk records documents itself; sending as an applicant is the applicant's act.
    with pytest.raises(NotCompetent):
        send(m, ana, actor=actor("ipatinga", Role.ATENDENTE))
    with pytest.raises(FieldError) as exc:
        send(m, ana, "crlv")  # a vehicle's document without the vehicle
    assert exc.value.field == "tipo"


def test_a_file_is_judged_by_its_bytes_and_a_future_date_is_refused(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m)
    with pytest.raises(BadFile):
        send(m, ana, content=b"%PDF-1.4 <html><script>alert(1)</script>")
    with pytest.raises(FieldError) as exc:
        send(m, ana, issued_on=dt.date(2999, 1, 1))
    assert exc.value.field == "emissão"
    with tenant(m):
        assert not DocumentSubmission.objects.exists()


def test_only_the_clerk_reviews(ipatinga_m):
    m = ipatinga_m
    ana = make_applicant_account(m)
    sub = send(m, ana)
    with pytest.raises(NotCompetent):
        submission_accept(actor=own(ana), municipality=m, submission=sub)
    with pytest.raises(NotCompetent):
        submission_accept(actor=actor("ipatinga", Role.FISCAL), municipality=m, submission=sub)


def test_the_clerks_home_lists_each_document_waiting_since_it_was_sent(ipatinga_m, user_of):
    m = ipatinga_m
    ana = make_applicant_account(m, name="Ana Fila")
    sub = send(m, ana)
    with tenant(m):
        (task,) = submissions_waiting(user_of("ipatinga", Role.ATENDENTE), dt.date(2026, 2, 1))
    assert task.text == "RG de Ana Fila" and task.url == f"/cadastro/envios/{sub.pk}/"
    assert task.due_label == "desde"
    submission_accept(actor=actor("ipatinga", Role.ATENDENTE), municipality=m, submission=sub)
    with tenant(m):
        assert submissions_waiting(user_of("ipatinga", Role.ATENDENTE), dt.date(2026, 2, 1)) == []


def test_art_6_the_applicant_enrols_themself_in_an_open_mototaxi_tender(ipatinga_m):
    m = ipatinga_m
    ana, bruno = make_applicant_account(m), make_applicant_account(m, name="Bruno")
    tender = open_tender(m)
    applicant = tender_apply(actor=own(ana), municipality=m, tender=tender, person=ana)
    with tenant(m):
        act = Act.objects.filter(action="tender.apply").latest("seq")
        assert TenderApplicant.objects.filter(tender=tender, person=ana).exists()
    assert act.role == "permissionario" and act.object_id == str(applicant.pk)
    # Never someone else.
    with pytest.raises(NotCompetent):
        tender_apply(actor=own(ana), municipality=m, tender=tender, person=bruno)


def test_art_3_the_taxi_law_gives_self_enrolment_only_for_oneself(ipatinga_m):
    """ADR 0033: the taxi law's own ``application.submit`` (art. 3, 20, 22–24)."""
    m = ipatinga_m
    ana = make_applicant_account(m)
    bruno = make_applicant_account(m, name="Bruno")
    tender = open_tender(m, service="taxi", number="TX-2026/1")
    applicant = tender_apply(actor=own(ana), municipality=m, tender=tender, person=ana)
    assert applicant.taxi_category == "convencional"
    with pytest.raises(NotCompetent):
        tender_apply(actor=own(ana), municipality=m, tender=tender, person=bruno)


#: 00:30 of 01/07/2026 in Brasília, still 23:30 of 30/06 on Cuiabá's clock (UTC−4).
AT_BRASILIAS_MIDNIGHT = dt.datetime(2026, 7, 1, 3, 30, tzinfo=dt.UTC)


def on_cuiabas_clock(m):  # type: ignore[no-untyped-def]
    """The municipality as if it lay in Mato Grosso (Barra do Garças' clock) under the same law:
    its day is read from its state, whatever the server's time zone (D-4)."""
    m.uf = "MT"
    return m


def test_d_4_a_document_issued_on_the_municipalitys_tomorrow_is_refused_at_brasilias_midnight(
    ipatinga_m, monkeypatch
):
    ana = make_applicant_account(ipatinga_m)
    m = on_cuiabas_clock(ipatinga_m)
    monkeypatch.setattr("django.utils.timezone.now", lambda: AT_BRASILIAS_MIDNIGHT)
    with pytest.raises(FieldError) as exc:
        send(m, ana, issued_on=dt.date(2026, 7, 1))
    assert exc.value.field == "emissão"
    sub = send(m, ana, issued_on=dt.date(2026, 6, 30))
    submission_accept(actor=actor("ipatinga", Role.ATENDENTE), municipality=m, submission=sub)
    with tenant(m):
        doc = Document.objects.get(person=ana, doc_type="rg")
    # Presented when it was sent, on the municipality's day (art. 5 V: the document counts from it).
    assert doc.presented_on == dt.date(2026, 6, 30)
