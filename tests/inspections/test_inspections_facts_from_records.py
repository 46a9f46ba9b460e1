"""The inspections facts builder reads the registry: change one record of the vehicle, and the
law's judgement of the next vistoria changes (issue "law bindings", point 3; ADR 0012 §6). The
tests record the inspection through ``services.inspection_record``, as the inspector's screen and
the API do.

=================================================  ==================================  ============================================================
builder (fact it reads)                            question                            test
=================================================  ==================================  ============================================================
selectors.vehicle_facts, taxi (colour)             inspection result → taxi vehicle    test_art_27_a_taxi_repainted_on_record_fails_the_next_vistoria
selectors.vehicle_facts, taxi (state of registry)  inspection result → taxi vehicle    test_art_28_i_a_taxi_registered_in_another_state_fails_the_vistoria
selectors.vehicle_facts, mototaxi (registry        inspection result → mototaxi        test_art_3_ii_a_motorcycle_whose_year_is_corrected_on_record_fails
facts.mototaxi_vehicle: manufacture year)
=================================================  ==================================  ============================================================

Already covered by an existing test that changes the record and sees the decision change:

- ``selectors.last_passed_on`` → inspection_due: ``test_inspections_taxi.py::
  test_art_29_the_registry_vistoria_report_counts_as_the_last_vistoria`` (a vistoria report
  recorded → due at the yearly renewal, no longer overdue).
"""

from __future__ import annotations

import datetime as dt

from inspections_factories import answers
from registry_factories import licensed_taxi_permit

from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection, InspectionItem
from outorga.registry.models import Document, Permit, Vehicle

ON = dt.date(2026, 3, 10)
NEXT = ON + dt.timedelta(days=7)


def taxi_permit(m, n: int) -> Permit:  # type: ignore[no-untyped-def]
    return licensed_taxi_permit(m, n)


def vistoria(m, fiscal, permit: Permit, on: dt.date, checklist: str) -> Inspection:  # type: ignore[no-untyped-def]
    return services.inspection_record(
        actor=fiscal,
        municipality=m,
        permit=permit,
        kind="renovacao" if permit.service == "taxi" else "semestral",
        inspected_on=on,
        answers=answers(checklist, on),
    )


def item(m, insp: Inspection, code: str) -> InspectionItem:  # type: ignore[no-untyped-def]
    with tenant(m):
        return InspectionItem.objects.get(inspection=insp, code=code)


def change(m, vehicle: Vehicle, **fields: object) -> None:  # type: ignore[no-untyped-def]
    with tenant(m):
        for k, v in fields.items():
            setattr(vehicle, k, v)
        vehicle.save(update_fields=list(fields))


def test_art_27_a_taxi_repainted_on_record_fails_the_next_vistoria(ipatinga_m, fiscal):
    permit = taxi_permit(ipatinga_m, 1)
    first = vistoria(ipatinga_m, fiscal, permit, ON, "taxi_convencional")
    assert first.result == Inspection.Result.APPROVED
    # The one change: the car's colour on record.
    change(ipatinga_m, permit.vehicle, colour="branca")
    second = vistoria(ipatinga_m, fiscal, permit, NEXT, "taxi_convencional")
    assert second.result == Inspection.Result.FAILED
    colour = item(ipatinga_m, second, "cor_prata")
    assert colour.result == "not_ok" and colour.automatic
    assert "art. 27" in colour.citation and "prata" in colour.message


def test_art_28_i_a_taxi_registered_in_another_state_fails_the_vistoria(ipatinga_m, fiscal):
    permit = taxi_permit(ipatinga_m, 2)
    first = vistoria(ipatinga_m, fiscal, permit, ON, "taxi_convencional")
    assert first.result == Inspection.Result.APPROVED
    # The one change: the state of the car's registration (a town of the same name elsewhere).
    change(ipatinga_m, permit.vehicle, registration_uf="SP")
    second = vistoria(ipatinga_m, fiscal, permit, NEXT, "taxi_convencional")
    assert second.result == Inspection.Result.FAILED
    registered = item(ipatinga_m, second, "registro_ipatinga")
    assert registered.result == "not_ok" and registered.automatic
    assert "art. 28, I" in registered.citation


def test_art_28_i_a_taxi_whose_crlv_is_withdrawn_from_the_record_fails_the_vistoria(
    ipatinga_m, fiscal
):
    """Licensed in the municipality (art. 28 I) is read from the record: the CRLV on file."""
    permit = taxi_permit(ipatinga_m, 3)
    first = vistoria(ipatinga_m, fiscal, permit, ON, "taxi_convencional")
    assert first.result == Inspection.Result.APPROVED
    # The one change: the vehicle's CRLV no longer on record (no factory invoice either).
    with tenant(ipatinga_m):
        Document.objects.filter(vehicle=permit.vehicle, doc_type=Document.Type.CRLV).delete()
    second = vistoria(ipatinga_m, fiscal, permit, NEXT, "taxi_convencional")
    assert second.result == Inspection.Result.FAILED
    registered = item(ipatinga_m, second, "registro_ipatinga")
    assert registered.result == "not_ok" and registered.automatic
    assert "art. 28, I" in registered.citation


def test_art_3_ii_a_motorcycle_whose_year_is_corrected_on_record_fails(
    ipatinga_m, fiscal, moto_permit
):
    first = vistoria(ipatinga_m, fiscal, moto_permit, ON, "mototaxi")
    assert first.result == Inspection.Result.APPROVED
    # The one change: the manufacture year corrected on record — 12 years of use in 2026.
    change(ipatinga_m, moto_permit.vehicle, manufacture_year=2014)
    second = vistoria(ipatinga_m, fiscal, moto_permit, NEXT, "mototaxi")
    assert second.result == Inspection.Result.FAILED
    age = item(ipatinga_m, second, "idade_veiculo")
    assert age.result == "not_ok" and age.automatic
    assert "art. 3, II" in age.citation
