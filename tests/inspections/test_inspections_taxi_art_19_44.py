"""Taxi vistoria through the service from 2027-01-01: advertising outside the top and rear (art. 44)
and the vehicle's documents out of date (art. 19, IV) are remarks citing their articles, with a
deadline, the vehicle staying in service; a vistoria before that date keeps the older checklist
(ADR 0031)."""

from __future__ import annotations

import datetime as dt

from inspections_factories import answers
from registry_factories import licensed_taxi_permit

from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection, InspectionItem

NEW = dt.date(2027, 1, 4)


def _permit(m, n):  # type: ignore[no-untyped-def]
    return licensed_taxi_permit(
        m,
        n,
        document=f"3904427603{n}",
        plate=f"PUB{n}C{n}{n}",
        renavam="00000000000",
        number=f"TX-{n + 10:04d}",
        registration_number=n + 10,
    )


def test_art_44_and_art_19_iv_not_ok_are_remarks_citing_their_articles(
    ipatinga_m, fiscal, in_ipatinga
):
    permit = _permit(in_ipatinga, 4)
    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=permit,
        kind="renovacao",
        inspected_on=NEW,
        answers=answers(
            "taxi_convencional", NEW, publicidade="not_ok", documentacao_veiculo="not_ok"
        ),
    )
    assert insp.result == Inspection.Result.APPROVED_WITH_REMARKS and not insp.withdraws
    with tenant(ipatinga_m):
        ad = InspectionItem.objects.get(inspection=insp, code="publicidade")
        docs = InspectionItem.objects.get(inspection=insp, code="documentacao_veiculo")
    assert ad.result == "not_ok" and "art. 44" in ad.citation
    assert "parte superior" in ad.label
    assert docs.result == "not_ok" and "art. 19, IV" in docs.citation


def test_a_vistoria_of_2026_has_neither_item(ipatinga_m, fiscal, in_ipatinga):
    on = dt.date(2026, 12, 30)
    permit = _permit(in_ipatinga, 5)
    insp = services.inspection_record(
        actor=fiscal,
        municipality=ipatinga_m,
        permit=permit,
        kind="renovacao",
        inspected_on=on,
        answers=answers("taxi_convencional", on),
    )
    with tenant(ipatinga_m):
        codes = set(InspectionItem.objects.filter(inspection=insp).values_list("code", flat=True))
    assert insp.result == Inspection.Result.APPROVED
    assert not codes & {"publicidade", "documentacao_veiculo"}
