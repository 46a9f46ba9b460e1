"""Taxi art. 24 I ("CRLV vigente") and art. 28 I ("licenciado") in the spreadsheet import: a row
gives its car's CRLV (``crlv_emissao``) with the validity of its licensing (``crlv_valido_ate``).
With it, the CRLV is recorded and licenses the car while in force; without it, the CRLV is still
imported, without a validity, counts as no licence and the row carries a warning naming its
line, the column and the article."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

import pytest

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.facts import licensed_on
from outorga.registry.importer.run import import_registry
from outorga.registry.models import Document, Vehicle

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"
TODAY = dt.date(2026, 11, 30)


def taxi_sheet(service: str = "taxi", **cells: str) -> tuple[bytes, str, int]:
    """The sample's (first) ``service`` row alone with ``cells`` set: the file, the vehicle's
    plate, its line."""
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        rows = list(reader)
        header = list(reader.fieldnames or [])
    row = next(r for r in rows if r["servico"] == service)
    header += [c for c in cells if c not in header]
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=";", lineterminator="\n")
    w.writeheader()
    w.writerow({**row, **cells})
    return out.getvalue().encode("utf-8"), row["placa"].replace("-", "").upper(), 2


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def run(m, raw, who=None):  # type: ignore[no-untyped-def]
    return import_registry(
        municipality=m, raw=raw, actor=who, dry_run=who is None, today=TODAY, filename="t.csv"
    )


def test_art_28_i_a_crlv_imported_with_its_validity_licenses_the_car_while_in_force(
    ipatinga_m, clerk_actor
):
    m = ipatinga_m
    raw, plate, _ = taxi_sheet(crlv_emissao="10/01/2026", crlv_valido_ate="31/12/2026")
    report = run(m, raw, clerk_actor)
    assert report.ok, [e.render() for e in report.errors]
    assert not [w for w in report.warnings if w.column.startswith("crlv")]
    with tenant(m):
        car = Vehicle.objects.get(plate=plate)
        crlv = Document.objects.current().get(vehicle=car, doc_type=Document.Type.CRLV)
        assert (crlv.issued_on, crlv.valid_until) == (dt.date(2026, 1, 10), dt.date(2026, 12, 31))
        assert "art. 28, I" in " ".join(crlv.validity_basis["citations"])
        assert licensed_on(car, dt.date(2026, 12, 31))
        assert not licensed_on(car, dt.date(2027, 1, 1))


def test_art_28_i_a_crlv_imported_without_its_validity_is_kept_but_licenses_nothing(
    ipatinga_m, clerk_actor
):
    m = ipatinga_m
    raw, plate, line = taxi_sheet(crlv_emissao="10/01/2026")
    report = run(m, raw)  # the dry run already names it
    (warning,) = [w for w in report.warnings if w.column == "crlv_valido_ate"]
    text = warning.render()
    assert f"linha {line}, coluna crlv_valido_ate" in text
    assert "não conta como licenciado" in text and "art. 28, I" in text
    report = run(m, raw, clerk_actor)
    assert report.ok, [e.render() for e in report.errors]
    with tenant(m):
        car = Vehicle.objects.get(plate=plate)
        crlv = Document.objects.current().get(vehicle=car, doc_type=Document.Type.CRLV)
        assert crlv.valid_until is None
        # Its factory invoice does not stand in for it either (art. 24 I: only for a car with
        # no CRLV).
        assert not licensed_on(car, TODAY)


def test_art_28_i_a_validity_without_the_crlv_s_issue_is_an_error_of_the_row(ipatinga_m):
    raw, _, line = taxi_sheet(crlv_valido_ate="31/12/2026")
    report = run(ipatinga_m, raw)
    assert [(e.line, e.column) for e in report.errors] == [(line, "crlv_emissao")]


def test_mototaxi_art_5_par1_i_the_bulk_import_records_the_row_s_crlv_and_warns_without_validity(
    ipatinga_m, clerk_actor
):
    """The same columns for a motorcycle (mototaxi art. 5 §1 I, "CRLV atualizado"), through the
    import in batches: the row with a CRLV is written by the desk's services, with its act."""
    m = ipatinga_m
    raw, plate, line = taxi_sheet("mototaxi", crlv_emissao="10/01/2026")
    report = import_registry(
        municipality=m, raw=raw, actor=clerk_actor, dry_run=False, today=TODAY, batch_size=10
    )
    (warning,) = [w for w in report.warnings if w.column == "crlv_valido_ate"]
    assert f"linha {line}" in warning.render() and "art. 5, §1, I" in warning.render()
    with tenant(m):
        crlv = Document.objects.current().get(vehicle__plate=plate, doc_type=Document.Type.CRLV)
    assert crlv.issued_on == dt.date(2026, 1, 10) and crlv.valid_until is None
