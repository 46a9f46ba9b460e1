"""Importing the registry spreadsheet: every row validated (registry validators and the law core),
errors per line and column in Portuguese with the article, nothing written on a dry run or when
any row fails — one transaction for the whole file."""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from outorga.core.acts import Actor
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer import writing as import_writing
from outorga.registry.importer.lawchecks import row_vehicle_documents
from outorga.registry.importer.parsing import parse_row
from outorga.registry.importer.run import import_registry
from outorga.registry.models import (
    Document,
    Permit,
    Person,
    RegisterCounter,
    Vehicle,
    VehicleChange,
)
from outorga.registry.services.eligibility import one_vehicle_one_permit
from outorga.registry.validation import FieldError

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"


def sample_rows() -> tuple[list[str], list[dict[str, str]]]:
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        return list(reader.fieldnames or []), list(reader)


def to_csv(header: list[str], rows: list[dict[str, str]], delimiter: str = ";") -> bytes:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=delimiter, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    return out.getvalue().encode("utf-8")


def state(m):  # type: ignore[no-untyped-def]
    with tenant(m):
        return (
            Person.objects.count(),
            Vehicle.objects.count(),
            Permit.objects.count(),
            Act.objects.count(),
        )


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def test_the_sample_file_is_valid_and_a_dry_run_writes_nothing(ipatinga_m):
    before = state(ipatinga_m)
    report = import_registry(municipality=ipatinga_m, raw=SAMPLE.read_bytes(), dry_run=True)
    assert report.ok, [e.render() for e in report.errors]
    assert report.rows == 4
    assert state(ipatinga_m) == before


def test_importing_records_people_vehicles_and_permits_with_their_numbers(ipatinga_m, clerk_actor):
    report = import_registry(
        municipality=ipatinga_m,
        raw=SAMPLE.read_bytes(),
        filename="registry-sample.csv",
        actor=clerk_actor,
        dry_run=False,
    )
    assert report.ok, [e.render() for e in report.errors]
    assert report.written["pessoas"] == 4 and report.written["permissões novas"] == 3
    with tenant(ipatinga_m):
        moto = Permit.objects.get(number="MT-0101")
        assert moto.registration_number == 101 and moto.vehicle.plate == "EXA1A11"
        assert moto.holder.name == "Exemplo Ana Mototaxista" and moto.holder.blood_type == "O+"
        assert moto.holder.licence.categories == "AB"
        taxi = Permit.objects.get(number="TX-0007")
        assert taxi.taxi_category == "convencional"
        # The register continues after the imported numbers (gapless from here on).
        assert RegisterCounter.objects.get(series="register:mototaxi").last_number == 101
        act = Act.objects.filter(action="permit.import", object_id=str(moto.pk)).get()
        assert act.record["payload"]["source"]["file"] == "registry-sample.csv"
        assert act.record["payload"]["source"]["line"] == 2
        assert moto.history.get().reason.startswith("importação da planilha")


def test_importing_the_same_file_again_adds_no_permit(ipatinga_m, clerk_actor):
    for _ in range(2):
        report = import_registry(
            municipality=ipatinga_m, raw=SAMPLE.read_bytes(), actor=clerk_actor, dry_run=False
        )
        assert report.ok
    assert report.written["permissões já existentes"] == 3
    with tenant(ipatinga_m):
        assert Permit.objects.filter(number__in=["MT-0101", "MF-0042", "TX-0007"]).count() == 3


def test_errors_name_line_column_and_article_and_nothing_is_written(ipatinga_m, clerk_actor):
    header, rows = sample_rows()
    rows[1]["cpf"] = "111.111.111-12"  # line 3
    rows[0]["cilindrada"] = "300"  # line 2: art. 3, I (125–250 cc)
    rows[0]["data_nascimento"] = "10/05/2002"  # 19 at the grant of 02/05/2022: art. 5, I
    rows[2]["portas"] = "3"  # line 4: taxi art. 27, five doors
    rows[3]["data_nascimento"] = "31/02/1990"  # line 5
    before = state(ipatinga_m)
    report = import_registry(
        municipality=ipatinga_m, raw=to_csv(header, rows), actor=clerk_actor, dry_run=False
    )
    found = {(e.line, e.column): e for e in report.errors}
    assert found[(3, "cpf")].message == "CPF inválido"
    assert "art. 3, I" in found[(2, "cilindrada")].citation
    assert "art. 5, I" in found[(2, "data_nascimento")].citation
    assert "art. 27" in found[(4, "portas")].citation
    assert "data inválida" in found[(5, "data_nascimento")].message
    assert found[(3, "cpf")].render() == "linha 3, coluna cpf: CPF inválido"
    assert state(ipatinga_m) == before


def test_a_failure_while_recording_rolls_the_whole_file_back(ipatinga_m, clerk_actor, monkeypatch):
    real = import_writing.permit_import
    calls = []

    def flaky(**kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs["data"]["number"])
        if len(calls) == 2:
            raise FieldError("numero_permissao", "falha simulada")
        return real(**kwargs)

    monkeypatch.setattr(import_writing, "permit_import", flaky)
    before = state(ipatinga_m)
    report = import_registry(
        municipality=ipatinga_m, raw=SAMPLE.read_bytes(), actor=clerk_actor, dry_run=False
    )
    assert [e.render() for e in report.errors] == [
        "linha 3, coluna numero_permissao: falha simulada"
    ]
    assert state(ipatinga_m) == before  # the first row, already recorded, was rolled back too


def test_repeated_plates_permits_and_holders_across_rows_are_errors(ipatinga_m):
    header, rows = sample_rows()
    twin = dict(rows[0], numero_permissao="MT-0102", numero_registro="102")
    report = import_registry(
        municipality=ipatinga_m, raw=to_csv(header, [rows[0], twin]), dry_run=True
    )
    messages = {(e.line, e.column): e for e in report.errors}
    # One vehicle per permission: the law's one_vehicle names the permit of line 2 that holds it.
    assert messages[(3, "placa")].message == (
        "O veículo EXA1A11 já está vinculado à permissão MT-0101: cada permissão tem o seu "
        "único veículo."
    )
    assert messages[(3, "placa")].citation == "Lei de mototáxi de Ipatinga (2013), art. 6, §2"
    assert (2, "placa") not in messages  # the first row takes the vehicle
    # Another permission of the same holder: the law bound to mototaxi names art. 32, III, f.
    assert (
        messages[(3, "cpf")].citation
        == "Lei de mototáxi de Ipatinga (2013), art. 32, III, alínea f"
    )


#: The day a row's vehicle documents are checked, within the CRLV's validity above.
CHECKED = dt.date(2026, 6, 1)


def test_a_row_s_vehicle_documents_come_from_the_records_and_its_columns(ipatinga_m, clerk_actor):
    """Without the CRLV's columns a new vehicle presents no document; one on record brings its
    documents, the CRLV counting as updated in the municipality only when in force on the day of
    the check and the row's ``municipio_registro`` names it (mototaxi art. 5 §1, I)."""
    header, rows = sample_rows()
    row, _ = parse_row(2, rows[0])
    assert row.vehicle is not None
    with tenant(ipatinga_m):
        new = row_vehicle_documents(ipatinga_m, row.vehicle, row.person["document"], on=CHECKED)
        assert not any(new["documents"].values()) and not any(new["in_holders_name"].values())
        import_registry(
            municipality=ipatinga_m, raw=to_csv(header, rows[:1]), actor=clerk_actor, dry_run=False
        )
        vehicle = Vehicle.objects.get(plate=row.vehicle["plate"])
        for kind in ("crlv", "crv", "dpvat"):
            Document.objects.create(
                doc_type=kind,
                vehicle=vehicle,
                issued_on=dt.date(2026, 1, 5),
                valid_until=dt.date(2027, 1, 31) if kind == "crlv" else None,
            )
        here = dict(row.vehicle, registration_city="IPATINGA")
        facts = row_vehicle_documents(ipatinga_m, here, row.person["document"], on=CHECKED)
        assert facts["documents"] == {
            "crlv_updated_in_ipatinga": True,
            "dpvat": True,
            "vistoria_report": False,
            "inspection_report_on": None,
        }
        assert facts["in_holders_name"] == {"crv": True, "crlv": True, "dpvat": True}
        elsewhere = dict(row.vehicle, registration_city="Coronel Fabriciano")
        facts = row_vehicle_documents(ipatinga_m, elsewhere, row.person["document"], on=CHECKED)
        assert facts["documents"]["crlv_updated_in_ipatinga"] is False
        # Documents of a vehicle another person owns are not in this row's holder's name.
        facts = row_vehicle_documents(ipatinga_m, here, "00000000191", on=CHECKED)
        assert not any(facts["in_holders_name"].values())


def test_a_spreadsheet_saved_on_windows_with_commas_is_read(ipatinga_m):
    header, rows = sample_rows()
    raw = to_csv(header, rows, delimiter=",").decode("utf-8").encode("cp1252")
    report = import_registry(municipality=ipatinga_m, raw=raw, dry_run=True)
    assert report.ok, [e.render() for e in report.errors]


def test_unknown_and_missing_columns_are_reported(ipatinga_m):
    report = import_registry(municipality=ipatinga_m, raw=b"nome;idade\nA;3\n", dry_run=True)
    rendered = [e.render() for e in report.errors]
    assert "linha 1, coluna idade: coluna desconhecida (veja as colunas com --columns)" in rendered
    assert "linha 1, coluna cpf: coluna obrigatória ausente do cabeçalho" in rendered


def test_the_command_dry_run_then_import(ipatinga_m, tmp_path):
    out = io.StringIO()
    call_command(
        "import", "registry", str(SAMPLE), municipality="ipatinga", dry_run=True, stdout=out
    )
    assert "Simulação: 4 linha(s) válida(s), nada gravado" in out.getvalue()
    with pytest.raises(CommandError, match="--user"):
        call_command("import", "registry", str(SAMPLE), municipality="ipatinga", stdout=out)
    out = io.StringIO()
    call_command(
        "import",
        "registry",
        str(SAMPLE),
        municipality="ipatinga",
        user="atendente.ipatinga",
        stdout=out,
    )
    assert "Importação concluída: 4 linha(s)" in out.getvalue()
    bad = tmp_path / "ruim.csv"
    header, rows = sample_rows()
    rows[0]["placa"] = "XX-1"
    bad.write_bytes(to_csv(header, rows))
    out = io.StringIO()
    with pytest.raises(CommandError, match="nada foi gravado"):
        call_command(
            "import", "registry", str(bad), municipality="ipatinga", dry_run=True, stdout=out
        )
    assert "erro: linha 2, coluna placa: placa inválida" in out.getvalue()


def test_a_municipality_without_registry_law_refuses_the_import(barra_m):
    report = import_registry(municipality=barra_m, raw=SAMPLE.read_bytes(), dry_run=True)
    assert not report.ok and "não aplica lei" in report.errors[0].message


def test_a_row_that_would_move_a_registered_plate_to_another_person_is_refused(
    ipatinga_m, clerk_actor
):
    """Registry integrity: a plate already registered for someone else is not reassigned by an
    import (it would move the vehicle and its permit to that person): the line is refused (the
    import's cross-check, and the vehicle service behind it) and nothing of the file is written."""
    assert import_registry(
        municipality=ipatinga_m, raw=SAMPLE.read_bytes(), actor=clerk_actor, dry_run=False
    ).ok
    header, rows = sample_rows()
    other = dict(rows[1])  # line 3 is somebody else…
    other["placa"] = rows[0]["placa"]  # …with the motorcycle of line 2's permit
    before = state(ipatinga_m)
    report = import_registry(
        municipality=ipatinga_m, raw=to_csv(header, [other]), actor=clerk_actor, dry_run=False
    )
    assert not report.ok
    # The registry's refusal, and the law's: the motorcycle serves MT-0101 (art. 6, §2).
    owner, law = report.errors
    assert owner.column == "placa" and "já cadastrada em nome de outra pessoa" in owner.message
    assert law.column == "placa" and "vinculado à permissão MT-0101" in law.message
    assert state(ipatinga_m) == before
    with tenant(ipatinga_m):
        assert Permit.objects.get(number="MT-0101").vehicle.owner.name == "Exemplo Ana Mototaxista"


def test_art_6_par2_a_row_giving_a_recorded_permit_s_vehicle_to_another_is_refused_as_at_the_desk(
    ipatinga_m, clerk_actor
):
    """Mototaxi art. 6 §2: the motorcycle MT-0101 holds serves no other permission. A row giving
    it to a new permit of the same holder is refused under its plate with the answer the desk
    gives (the law's ``one_vehicle``: message and article), and nothing is written."""
    assert import_registry(
        municipality=ipatinga_m, raw=SAMPLE.read_bytes(), actor=clerk_actor, dry_run=False
    ).ok
    header, rows = sample_rows()
    second = dict(rows[0], numero_permissao="MT-0102", numero_registro="102")
    before = state(ipatinga_m)
    report = import_registry(
        municipality=ipatinga_m, raw=to_csv(header, [second]), actor=clerk_actor, dry_run=False
    )
    [error] = report.errors
    with tenant(ipatinga_m), pytest.raises(FieldError) as desk:
        one_vehicle_one_permit(Vehicle.objects.get(plate="EXA1A11"), service="mototaxi")
    assert (error.line, error.column) == (2, "placa")
    assert error.message == desk.value.message
    assert error.message == (
        "O veículo EXA1A11 já está vinculado à permissão MT-0101: cada permissão tem o seu "
        "único veículo."
    )
    assert error.citation == desk.value.citation == "Lei de mototáxi de Ipatinga (2013), art. 6, §2"
    assert state(ipatinga_m) == before


def test_art_6_par2_with_art_2_xxiii_a_row_giving_a_motorcycle_away_on_a_substitution_is_refused(
    ipatinga_m, clerk_actor
):
    """Mototaxi art. 6 §2 with art. 2 XXIII: while an emergency substitution stands in for
    MT-0101's motorcycle, it is still MT-0101's — a row giving it to another permit (its
    permission now holding the substitute) is refused naming both articles, as at the desk."""
    assert import_registry(
        municipality=ipatinga_m, raw=SAMPLE.read_bytes(), actor=clerk_actor, dry_run=False
    ).ok
    header, rows = sample_rows()
    with tenant(ipatinga_m):
        permit = Permit.objects.get(number="MT-0101")
        own = permit.vehicle
        substitute = Vehicle.objects.get(plate=rows[1]["placa"])  # any other vehicle on record
        VehicleChange.objects.create(
            permit=permit,
            kind=VehicleChange.Kind.EMERGENCIAL,
            from_vehicle=own,
            to_vehicle=substitute,
            started_on=dt.date(2026, 3, 1),
            until=dt.date(2026, 3, 30),
            status=VehicleChange.Status.ACTIVE,
        )
        Permit.objects.filter(pk=permit.pk).update(vehicle=substitute)
    second = dict(rows[0], numero_permissao="MT-0102", numero_registro="102")
    report = import_registry(municipality=ipatinga_m, raw=to_csv(header, [second]), dry_run=True)
    [error] = report.errors
    with tenant(ipatinga_m), pytest.raises(FieldError) as desk:
        one_vehicle_one_permit(own, service="mototaxi")
    assert (error.line, error.column) == (2, "placa")
    assert error.message == desk.value.message
    assert "é o veículo da permissão MT-0101, substituído temporariamente" in error.message
    assert error.citation == desk.value.citation
    assert "art. 6, §2" in error.citation and "art. 2, XXIII" in error.citation
