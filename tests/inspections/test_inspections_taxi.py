"""Taxi vistoria through the service: the checklist refuses a non-silver car citing art. 27 and
withdraws it from circulation (art. 31); due dates at the yearly renewal (art. 29)."""

from __future__ import annotations

import datetime as dt

import pytest
from inspections_factories import answers
from registry_factories import licensed_taxi_permit

from outorga.core.lawctx import context
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection, InspectionItem
from outorga.inspections.selectors import checklist_of, due
from outorga.registry.models import Document, Permit

ON = dt.date(2026, 3, 10)


@pytest.fixture
def taxi_permit(in_ipatinga):  # type: ignore[no-untyped-def]
    def make(colour: str, category: str = "convencional", n: int = 1) -> Permit:
        return licensed_taxi_permit(
            in_ipatinga,
            n,
            colour=colour,
            category=category,
            document=f"3904427602{n}",
            plate=f"TAX{n}B{n}{n}",
            renavam="00000000000",
            number=f"TX-{n:04d}",
            registration_number=n,
        )

    return make


def test_art_27_a_white_taxi_fails_the_vistoria_citing_art_27_and_is_withdrawn(
    ipatinga_m, fiscal, taxi_permit
):
    permit = taxi_permit("branca")
    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=permit,
        kind="renovacao",
        inspected_on=ON,
        answers=answers("taxi_convencional", ON),
    )
    assert insp.result == Inspection.Result.FAILED and insp.withdraws
    with tenant(ipatinga_m):
        colour = InspectionItem.objects.get(inspection=insp, code="cor_prata")
        assert colour.result == "not_ok" and colour.automatic
        assert "art. 27" in colour.citation and "prata" in colour.message
        assert Permit.objects.get(pk=permit.pk).irregular
    assert any("art. 31" in c for c in insp.decision["citations"])


def test_art_27_a_silver_taxi_passes_and_its_next_vistoria_is_the_yearly_renewal(
    ipatinga_m, fiscal, taxi_permit
):
    permit = taxi_permit("Prata", n=2)
    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=permit,
        kind="renovacao",
        inspected_on=ON,
        answers=answers("taxi_convencional", ON),
    )
    assert insp.result == Inspection.Result.APPROVED
    with tenant(ipatinga_m):
        d = due(permit, context(ipatinga_m, ON))
    assert (d.outcome["kind"], d.outcome["due_on"]) == ("renovacao", dt.date(2026, 6, 1))


def test_art_8_an_especial_taxi_uses_the_especial_checklist(ipatinga_m, taxi_permit):
    permit = taxi_permit("prata", category="especial", n=3)
    codes = {i.code for i in checklist_of(permit, ON).items}
    assert "plataforma_elevatoria" in codes


def test_art_29_the_registry_vistoria_report_counts_as_the_last_vistoria(ipatinga_m, taxi_permit):

    permit = taxi_permit("prata", n=4)
    with tenant(ipatinga_m):
        d = due(permit, context(ipatinga_m, ON))
        assert (d.outcome["kind"], d.outcome["status"]) == ("vistoria", "vencida")
        Document.objects.create(
            doc_type=Document.Type.VISTORIA,
            vehicle=permit.vehicle,
            issued_on=dt.date(2025, 5, 30),
            presented_on=dt.date(2025, 5, 30),
        )
        d = due(permit, context(ipatinga_m, ON))
    # Registered on 01/06/2025 with the report of 30/05/2025: due at the first yearly renewal.
    assert (d.outcome["kind"], d.outcome["due_on"], d.outcome["status"]) == (
        "renovacao",
        dt.date(2026, 6, 1),
        "em_dia",
    )
