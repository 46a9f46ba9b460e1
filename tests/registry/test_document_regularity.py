"""Recording a valid document lifts, at once and in the same transaction, the irregularity the
daily sweep found for an expired one (mototaxi art. 4 §1 and the semiannual inspection report;
taxi art. 19 IV) — with its act — instead of waiting for the next sweep."""

from __future__ import annotations

import datetime as dt

import pytest
from registry_factories import MOTO, make_applicant, moto_grant
from registry_factories import MOTO_ON as ON

from outorga.core.models import Act
from outorga.core.sweep import NoProgress
from outorga.core.tenancy import tenant
from outorga.registry import sweep as registry_sweep
from outorga.registry.models import Document, Notification, Permit
from outorga.registry.services import documents as document_services
from outorga.registry.services.documents import document_record


@pytest.fixture
def permit(ipatinga_m, clerk, tender):  # type: ignore[no-untyped-def]
    person, vehicle = make_applicant(ipatinga_m, clerk, n=1)
    return moto_grant(ipatinga_m, clerk, person, vehicle, tender)


def expired_on(m, permit) -> dt.date:  # type: ignore[no-untyped-def]
    """The first day the permit's inspection report is expired."""
    with tenant(m):
        doc = Document.objects.get(vehicle=permit.vehicle, doc_type=Document.Type.INSPECTION)
    assert doc.valid_until is not None
    return doc.valid_until + dt.timedelta(days=1)


def sweep(m, on) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        registry_sweep.registry_sweep(m, on, NoProgress())


def new_inspection(m, clerk, permit, on, presented_on=None):  # type: ignore[no-untyped-def]
    with tenant(m):
        return document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.INSPECTION,
            vehicle=permit.vehicle,
            issued_on=on,
            presented_on=presented_on or on,
        )


def reload(m, permit) -> Permit:  # type: ignore[no-untyped-def]
    with tenant(m):
        return Permit.objects.get(pk=permit.pk)


def test_a_valid_document_makes_the_permit_regular_at_once_with_an_act(ipatinga_m, clerk, permit):
    m = ipatinga_m
    on = expired_on(m, permit)
    sweep(m, on)
    assert reload(m, permit).irregular
    new_inspection(m, clerk, permit, on)
    p = reload(m, permit)  # no sweep in between
    assert not p.irregular and p.irregular_reason == ""
    with tenant(m):
        lifted = Act.objects.get(action="permit.regular", object_id=str(p.pk))
        recorded = Act.objects.filter(action="document.record").latest("seq")
        assert Notification.objects.filter(kind=Notification.Kind.PERMIT_REGULAR, permit=p).exists()
    assert lifted.seq == recorded.seq + 1  # right after the document, in its transaction
    assert lifted.record["payload"]["effective_on"] == on.isoformat()


def test_on_the_last_valid_day_nothing_is_irregular_and_nothing_is_written(
    ipatinga_m, clerk, permit
):
    m = ipatinga_m
    last_valid = expired_on(m, permit) - dt.timedelta(days=1)
    sweep(m, last_valid)
    assert not reload(m, permit).irregular
    with tenant(m):
        before = Act.objects.filter(action__startswith="permit.").count()
    new_inspection(m, clerk, permit, last_valid)
    with tenant(m):
        assert Act.objects.filter(action__startswith="permit.").count() == before


def test_an_already_expired_document_recorded_marks_the_permit_irregular(ipatinga_m, clerk, permit):
    """The refresh is the sweep's own judgement on the presentation date, both ways."""
    m = ipatinga_m
    on = expired_on(m, permit)
    with tenant(m):
        Document.objects.filter(vehicle=permit.vehicle, doc_type=Document.Type.INSPECTION).delete()
    # A report issued so long ago that it had lapsed when it was presented.
    new_inspection(m, clerk, permit, ON - dt.timedelta(days=400), presented_on=on)
    p = reload(m, permit)
    assert p.irregular and p.irregular_reason.startswith(registry_sweep.PREFIX)


def test_the_document_and_the_lifted_irregularity_are_one_transaction(
    ipatinga_m, clerk, permit, monkeypatch
):
    m = ipatinga_m
    on = expired_on(m, permit)
    sweep(m, on)

    def broken(**kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("falha simulada")

    monkeypatch.setattr(document_services, "permit_regularity_refresh", broken)
    with tenant(m):
        count = Document.objects.count()
    with pytest.raises(RuntimeError):
        new_inspection(m, clerk, permit, on)
    with tenant(m):
        assert Document.objects.count() == count  # the document was rolled back with it
    assert reload(m, permit).irregular


def test_an_irregularity_set_by_a_person_is_not_lifted_by_a_document(ipatinga_m, clerk, permit):
    m = ipatinga_m
    with tenant(m):
        Permit.objects.filter(pk=permit.pk).update(
            irregular=True, irregular_reason="vistoria extraordinária reprovada"
        )
    new_inspection(m, clerk, permit, ON + dt.timedelta(days=1))
    p = reload(m, permit)
    assert p.irregular and p.irregular_reason == "vistoria extraordinária reprovada"


def test_a_document_of_the_holder_refreshes_only_the_holders_permits(ipatinga_m, clerk, permit):
    m = ipatinga_m
    on = expired_on(m, permit)
    sweep(m, on)
    other, _ = make_applicant(m, clerk, n=2, plate="OUT1A23")
    with tenant(m):
        document_record(
            actor=clerk,
            municipality=m,
            law=MOTO,
            doc_type=Document.Type.RESIDENCE,
            person=other,
            issued_on=on,
            presented_on=on,
        )
    assert reload(m, permit).irregular
