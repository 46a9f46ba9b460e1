"""A mototaxi vehicle through vistoria, a semiannual inspection that fails on an item, withdrawal,
re-inspection and return to service — each step an act, visible on the permit."""

from __future__ import annotations

import datetime as dt

import pytest
from inspections_factories import JPEG, answers

from outorga.core.lawctx import context
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection, InspectionItem, Withdrawal
from outorga.inspections.selectors import due, due_queue
from outorga.law.competence import NotCompetent
from outorga.registry.models import Document, Permit

GRANT = dt.date(2026, 3, 10)


def record(m, actor, permit, kind, on, **override):  # type: ignore[no-untyped-def]
    return services.inspection_record(
        actor=actor,
        municipality=m,
        permit=permit,
        kind=kind,
        inspected_on=on,
        answers=answers("mototaxi", on, **override),
        photos={k: JPEG for k in override},
    )


def badge_page(m, clerk, permit):  # type: ignore[no-untyped-def]
    """The public badge page of the permit's holder (public app), fetched like a QR scan."""
    from django.test import Client

    from outorga.public import services as public_services
    from outorga.registry.models import Person

    with tenant(m):
        holder = Person.objects.get(pk=permit.holder_id)
        if not holder.photo:
            Person.objects.filter(pk=holder.pk).update(photo="photos/vistoria-teste.png")
    badge = public_services.badge_issue(
        actor=clerk, municipality=m, permit=permit, on=dt.date(2026, 3, 10)
    )
    return lambda: Client().get(f"/v/{badge.token}").content.decode()


@pytest.mark.clock("2026-12-05T12:00:00-03:00")  # the badge of a 2026 grant, read within its year
def test_vistoria_failed_semiannual_withdrawal_reinspection_and_return(
    ipatinga_m, fiscal, clerk, moto_permit
):
    m = ipatinga_m
    page = badge_page(m, clerk, moto_permit)
    assert "irregular" not in page()
    vistoria = record(m, fiscal, moto_permit, "vistoria", GRANT)
    assert vistoria.result == Inspection.Result.APPROVED
    assert vistoria.status == Inspection.Status.FINAL

    # Six months later the semiannual inspection finds a mirror missing (art. 19, VI).
    on = dt.date(2026, 9, 8)
    failed = record(m, fiscal, moto_permit, "semestral", on, retrovisores_ambos_lados="not_ok")
    assert failed.result == Inspection.Result.FAILED and failed.withdraws
    with tenant(m):
        permit = Permit.objects.get(pk=moto_permit.pk)
        assert permit.irregular and permit.irregular_reason.startswith(services.PREFIX)
        item = InspectionItem.objects.get(inspection=failed, code="retrovisores_ambos_lados")
        assert item.result == "not_ok" and item.photo_type == "image/jpeg"
        assert "art. 19, VI" in item.citation
        assert Withdrawal.objects.get(permit=permit).ended_on is None
        assert [r.status for r in due_queue(m, on)] == ["retirado"]
    assert "irregular" in page()  # the public badge page says so

    # Re-inspection passes: back to service.
    again = dt.date(2026, 9, 10)
    ok = record(m, fiscal, moto_permit, "reinspecao", again)
    assert ok.result == Inspection.Result.APPROVED
    with tenant(m):
        permit = Permit.objects.get(pk=moto_permit.pk)
        assert not permit.irregular and permit.irregular_reason == ""
        w = Withdrawal.objects.get(permit=permit)
        assert (w.ended_on, w.ended_by_id) == (again, ok.pk)
        actions = list(
            Act.objects.filter(action__startswith="inspection.").values_list("action", flat=True)
        )
        assert actions.count("inspection.record") == 3
        assert "inspection.withdraw" in actions and "inspection.return_to_service" in actions
        # The registry keeps the new semiannual report: the next one is due six months later.
        doc = Document.objects.filter(vehicle=permit.vehicle, doc_type="inspection_report").first()
        assert doc is not None and doc.issued_on == again
        assert doc.valid_until == dt.date(2027, 3, 10)
        d = due(permit, context(m, again))
        assert d.outcome["due_on"] == dt.date(2027, 3, 10)
    assert "irregular" not in page()


def test_a_remark_gives_a_deadline_and_keeps_the_vehicle_in_service(
    ipatinga_m, fiscal, moto_permit
):
    insp = record(ipatinga_m, fiscal, moto_permit, "semestral", GRANT, toucas_descartaveis="not_ok")
    assert insp.result == Inspection.Result.APPROVED_WITH_REMARKS
    assert insp.fix_deadline == dt.date(2026, 4, 9)
    with tenant(ipatinga_m):
        assert not Permit.objects.get(pk=moto_permit.pk).irregular


def test_only_a_fiscal_records_an_inspection(ipatinga_m, clerk, moto_permit):
    with pytest.raises(NotCompetent):
        record(ipatinga_m, clerk, moto_permit, "vistoria", GRANT)
    with tenant(ipatinga_m):
        assert not Inspection.objects.exists()
        assert Act.objects.filter(action="inspection.record", outcome="refused").exists()


def test_a_photo_that_is_not_an_image_is_refused_by_its_bytes(ipatinga_m, fiscal, moto_permit):
    with pytest.raises(services.FieldError):
        services.inspection_record(
            actor=fiscal,
            municipality=ipatinga_m,
            permit=moto_permit,
            kind="vistoria",
            inspected_on=GRANT,
            answers=answers("mototaxi", GRANT),
            photos={"conservacao": b"%PDF-1.4 not a photo"},
        )


def test_an_unanswered_item_is_refused_with_the_field(ipatinga_m, fiscal, moto_permit):
    partial = answers("mototaxi", GRANT)
    partial.pop("conservacao")
    from outorga.law.questions import FactsInvalid

    with pytest.raises(FactsInvalid) as exc:
        services.inspection_record(
            actor=fiscal,
            municipality=ipatinga_m,
            permit=moto_permit,
            kind="vistoria",
            inspected_on=GRANT,
            answers=partial,
        )
    assert exc.value.errors[0]["field"] == "items.conservacao"
