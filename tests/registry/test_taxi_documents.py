"""Typed documents of the taxi law (Lei do táxi de Ipatinga, 2017): the self-declarations of
art. 22 IX–X and 23 VIII, the company's licence and certificates of art. 23 III and V–VII, and
the category of the mandatory insurance of art. 22 XI — recorded through the registry and seen by
the law core's questions at the grant."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import TAXI_ON as ON
from registry_factories import actor, grant, person, taxi_holder, taxi_vehicle

from outorga.core.errors import Refused
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.law.decisions import Decision
from outorga.registry.models import Document, Permit
from outorga.registry.services.documents import document_record
from outorga.registry.services.eligibility import taxi_eligibility

LAW = "ipatinga.taxi-2017"


def record(m, doc_type, *, person=None, vehicle=None, issued_on=ON, category=""):  # type: ignore[no-untyped-def]
    with tenant(m):
        return document_record(
            actor=actor(m.slug, Role.ATENDENTE),
            municipality=m,
            law=LAW,
            doc_type=doc_type,
            issued_on=issued_on,
            presented_on=ON,
            person=person,
            vehicle=vehicle,
            category=category,
        )


def citing(decision: Decision, article: int, inciso: str) -> list:  # type: ignore[type-arg]
    """The reasons citing ``art. article, inciso`` of the taxi law (presence, then condition)."""
    return [
        r
        for r in decision.reasons
        if any(
            c.law == LAW and c.article == str(article) and c.inciso == inciso for c in r.citations
        )
    ]


def refused(decision: Decision, article: int, inciso: str) -> bool:
    return any(r.verdict.value == "refused" for r in citing(decision, article, inciso))


def met(decision: Decision, article: int, inciso: str) -> bool:
    reasons = citing(decision, article, inciso)
    return bool(reasons) and all(r.verdict.value == "ok" for r in reasons)


def documents_decision(m, holder, vehicle) -> Decision:  # type: ignore[no-untyped-def]
    with tenant(m):
        _, docs = taxi_eligibility(
            person=holder, category="convencional", on=ON, awarded_in_tender=True, vehicle=vehicle
        )
    assert docs.question == "ipatinga.taxi-2017.registration_documents"
    return docs


# Art. 22 IX–X: self-declarations of the natural person --------------------------------------------


def test_art_22_ix_and_x_declarations_recorded_as_documents_are_enough_for_the_grant(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    record(m, Document.Type.DECL_NO_OTHER_GRANT, person=holder)
    record(m, Document.Type.DECL_NO_PUBLIC_JOB, person=holder)
    permit = grant(m, holder, vehicle, declarations=())
    assert permit.status == Permit.Status.ACTIVE


def test_art_22_ix_without_the_declaration_of_no_other_grant_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    record(m, Document.Type.DECL_NO_PUBLIC_JOB, person=holder)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, declarations=())
    assert refused(exc.value.decision, 22, "IX")
    assert not refused(exc.value.decision, 22, "X")


def test_art_22_x_without_the_declaration_of_no_public_job_is_refused(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    record(m, Document.Type.DECL_NO_OTHER_GRANT, person=holder)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle, declarations=())
    assert refused(exc.value.decision, 22, "X")
    assert not refused(exc.value.decision, 22, "IX")


def test_a_declaration_of_another_person_does_not_count(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    other = person(m)
    record(m, Document.Type.DECL_NO_OTHER_GRANT, person=other)
    record(m, Document.Type.DECL_NO_PUBLIC_JOB, person=other)
    docs = documents_decision(m, holder, vehicle)
    assert refused(docs, 22, "IX") and refused(docs, 22, "X")


# Art. 22 XI: the insurance of category 3 ------------------------------------------------------------


def _insurance(m, vehicle):  # type: ignore[no-untyped-def]
    with tenant(m):
        Document.objects.filter(vehicle=vehicle, doc_type=Document.Type.DPVAT).delete()


def test_art_22_xi_insurance_of_category_3_is_accepted(ipatinga_m):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    _insurance(m, vehicle)
    doc = record(m, Document.Type.DPVAT, vehicle=vehicle, category=" 3 ")
    assert doc.category == "3"
    docs = documents_decision(m, holder, vehicle)
    assert met(docs, 22, "XI")
    assert any("categoria 3" in r.message for r in citing(docs, 22, "XI"))


@pytest.mark.parametrize("category", ["1", "2", "4"])
def test_art_22_xi_insurance_of_another_category_is_refused(ipatinga_m, category):
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    _insurance(m, vehicle)
    record(m, Document.Type.DPVAT, vehicle=vehicle, category=category)
    with pytest.raises(Refused) as exc:
        grant(m, holder, vehicle)
    assert refused(exc.value.decision, 22, "XI")


def test_art_22_xi_insurance_without_its_category_recorded_is_refused(ipatinga_m):
    """The category is what the document says: a red plate does not stand for it."""
    m = ipatinga_m
    holder, vehicle = taxi_holder(m, ON)
    assert vehicle.rental_category
    _insurance(m, vehicle)
    record(m, Document.Type.DPVAT, vehicle=vehicle)
    docs = documents_decision(m, holder, vehicle)
    assert refused(docs, 22, "XI")
    assert any("não informada" in r.message for r in docs.refusals)


def test_the_category_is_recorded_in_the_act(ipatinga_m):
    m = ipatinga_m
    _, vehicle = taxi_holder(m, ON)
    doc = record(m, Document.Type.DPVAT, vehicle=vehicle, category="3")
    with tenant(m):
        act = Act.objects.get(action="document.record", object_id=str(doc.pk))
    assert act.record["payload"]["new"]["category"] == "3"


# Art. 23: the legal person ------------------------------------------------------------------------

PJ_TYPED = {
    ("III", Document.Type.OPERATING_LICENCE),
    ("V", Document.Type.TAX_CLEARANCE),
    ("VI", Document.Type.LABOUR_CLEARANCE),
    ("VII", Document.Type.INSS_FGTS_CLEARANCE),
    ("VIII", Document.Type.DECL_PARTNERS),
}


def _company(m):  # type: ignore[no-untyped-def]
    company = person(m, legal=True, name="Táxi Documentos Ltda")
    vehicle = taxi_vehicle(m, company)
    record(m, Document.Type.COMPANY, person=company)
    return company, vehicle


def test_art_23_every_document_of_a_company_recorded_as_typed_documents(ipatinga_m):
    m = ipatinga_m
    company, vehicle = _company(m)
    for _, doc_type in PJ_TYPED:
        record(m, doc_type, person=company)
    docs = documents_decision(m, company, vehicle)
    assert not docs.refusals, [r.message for r in docs.refusals]
    for inciso, _ in PJ_TYPED:
        assert met(docs, 23, inciso), inciso


@pytest.mark.parametrize(("inciso", "doc_type"), sorted(PJ_TYPED))
def test_art_23_a_company_missing_one_document_is_refused_for_it(ipatinga_m, inciso, doc_type):
    m = ipatinga_m
    company, vehicle = _company(m)
    for _, t in PJ_TYPED - {(inciso, doc_type)}:
        record(m, t, person=company)
    docs = documents_decision(m, company, vehicle)
    assert refused(docs, 23, inciso)
    assert all(r in citing(docs, 23, inciso) for r in docs.refusals)


def test_art_23_iii_an_other_document_is_not_the_operating_licence(ipatinga_m):
    m = ipatinga_m
    company, vehicle = _company(m)
    for _, t in PJ_TYPED - {("III", Document.Type.OPERATING_LICENCE)}:
        record(m, t, person=company)
    record(m, Document.Type.OTHER, person=company)
    docs = documents_decision(m, company, vehicle)
    assert refused(docs, 23, "III")


def test_art_23_a_company_grant_with_its_typed_documents(ipatinga_m):
    m = ipatinga_m
    company, vehicle = _company(m)
    for _, t in PJ_TYPED:
        record(m, t, person=company)
    permit = grant(m, company, vehicle, declarations=())
    assert permit.holder_id == company.pk


def test_the_new_types_have_no_validity_the_law_does_not_give(ipatinga_m):
    """The taxi law fixes no validity for these documents: nothing for the sweep to expire."""
    m = ipatinga_m
    holder, _ = taxi_holder(m, ON)
    for t in (Document.Type.DECL_NO_OTHER_GRANT, Document.Type.DECL_NO_PUBLIC_JOB):
        assert (
            record(m, t, person=holder, issued_on=ON - dt.timedelta(days=900)).valid_until is None
        )
