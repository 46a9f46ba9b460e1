"""The bulk import (``--batch-size``): the same records as the row-by-row import, written in
batches — each all or nothing, with one act naming every record it created — and resumed by
running the same file again, without duplicates."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError, transaction
from test_import import sample_rows, to_csv
from validate_docbr import CNH, CPF, RENAVAM

from outorga.core.acts import Actor, verify_chain
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer import bulk
from outorga.registry.importer.bulk import BATCH_ACTION
from outorga.registry.importer.run import import_registry
from outorga.registry.models import (
    DrivingLicence,
    Permit,
    PermitStatusChange,
    PermitTerm,
    Person,
    RegisterCounter,
    Vehicle,
)
from outorga.registry.services.people import LICENCE_FIELDS, PERSON_FIELDS
from outorga.registry.services.vehicles import VEHICLE_FIELDS


@pytest.fixture
def clerk_actor(user_of):  # type: ignore[no-untyped-def]
    return Actor.of(user_of("ipatinga", Role.ATENDENTE))


def registry_file(extra: int = 6) -> tuple[list[str], list[dict[str, str]]]:
    """The sample (a mototaxi, a motofrete, a taxi and a person without a permit) and ``extra``
    mototaxi rows like its first, each with its own CPF, CNH, RENAVAM, plate and numbers."""
    header, rows = sample_rows()
    rng = random.Random(23)
    random.seed(23)  # validate_docbr draws its digits from the module's generator
    for i in range(extra):
        rows.append(
            dict(
                rows[0],
                cpf=CPF().generate(),
                nome=f"Exemplo Mototaxista {i}",
                cnh_numero=CNH().generate(),
                renavam=RENAVAM().generate(),
                placa=f"EXM{i}A{rng.randrange(10)}{i}",
                numero_permissao=f"MT-02{i:02d}",
                numero_registro=str(200 + i),
            )
        )
    return header, rows


def registry_state(m: Any) -> dict[str, Any]:
    """Every record an import writes, by its natural key (CPF, plate, permit number)."""

    def fields(obj: Any, names: list[str]) -> tuple[Any, ...]:
        return tuple(getattr(obj, f) for f in names)

    with tenant(m):
        return {
            "people": {p.document: fields(p, PERSON_FIELDS) for p in Person.objects.all()},
            "licences": {
                lic.person.document: fields(lic, LICENCE_FIELDS)
                for lic in DrivingLicence.objects.select_related("person")
            },
            "vehicles": {
                v.plate: (*fields(v, VEHICLE_FIELDS), v.owner.document, v.cadastro_number)
                for v in Vehicle.objects.select_related("owner")
            },
            "permits": {
                p.number: (
                    p.service,
                    p.holder.document,
                    p.vehicle.plate if p.vehicle else None,
                    p.registration_number,
                    p.taxi_category,
                    p.decree,
                    p.granted_on,
                    p.term_start,
                    p.term_end,
                    p.extensions,
                    p.certificate_valid_until,
                    p.status,
                    p.suspended_until,
                )
                for p in Permit.objects.select_related("holder", "vehicle")
            },
            "statuses": sorted(
                (s.permit.number, s.to_status, s.effective_on, s.reason)
                for s in PermitStatusChange.objects.select_related("permit")
            ),
            "terms": {
                t.permit.number: (t.option, t.mode, t.instalments, t.total_cents, t.valid_until)
                for t in PermitTerm.objects.select_related("permit")
            },
            "counters": dict(RegisterCounter.objects.values_list("series", "last_number")),
        }


def imported(m: Any, actor: Actor, raw: bytes, batch_size: int | None) -> Any:
    return import_registry(
        municipality=m,
        raw=raw,
        filename="cadastro.csv",
        actor=actor,
        dry_run=False,
        batch_size=batch_size,
    )


def test_the_bulk_import_writes_the_same_records_as_the_row_by_row_import(ipatinga_m, clerk_actor):
    raw = to_csv(*registry_file())
    before = registry_state(ipatinga_m)
    with transaction.atomic():
        report = imported(ipatinga_m, clerk_actor, raw, None)
        assert report.ok, [e.render() for e in report.errors]
        by_row = registry_state(ipatinga_m)
        transaction.set_rollback(True)
    assert registry_state(ipatinga_m) == before
    report = imported(ipatinga_m, clerk_actor, raw, 4)
    assert report.ok, [e.render() for e in report.errors]
    assert [b.status for b in report.batches] == ["gravado"] * 3
    in_bulk = registry_state(ipatinga_m)
    assert in_bulk == by_row
    assert len(in_bulk["permits"]) - len(before["permits"]) == 9


def every_column(m: Any) -> dict[str, list[dict[str, Any]]]:
    """Every column of the records an import writes, as stored — but the keys and the times,
    which differ between two runs (the records are told apart by their CPF, plate, number)."""
    natural = {
        Person: "document",
        DrivingLicence: "number",
        Vehicle: "plate",
        Permit: "number",
        PermitStatusChange: "reason",
    }
    out: dict[str, list[dict[str, Any]]] = {}
    with tenant(m):
        for model, key in natural.items():
            rows = [
                {
                    k: v
                    for k, v in row.items()
                    if k not in ("id", "created_at", "at")
                    and not (k.endswith("_id") and k != "municipality_id")
                }
                for row in model.objects.values()
            ]
            out[model.__name__] = sorted(rows, key=lambda r, key=key: str(r[key]))
    return out


def test_the_records_written_at_once_have_every_column_as_the_services_write_it(
    ipatinga_m, clerk_actor
):
    """The new records of a batch are inserted without Django's ``bulk_create``
    (:func:`~outorga.core.bulkwrite.insert_rows`): every column, defaults and empty file fields
    included, holds what the row-by-row import stores."""
    raw = to_csv(*registry_file())
    with transaction.atomic():
        assert imported(ipatinga_m, clerk_actor, raw, None).ok
        by_row = every_column(ipatinga_m)
        transaction.set_rollback(True)
    report = imported(ipatinga_m, clerk_actor, raw, 4)
    assert report.ok, [e.render() for e in report.errors]
    assert sum(len(b.written) > 0 for b in report.batches) == 3
    assert every_column(ipatinga_m) == by_row


def test_each_batch_is_one_act_naming_every_record_it_created(ipatinga_m, clerk_actor):
    header, rows = registry_file()
    report = imported(ipatinga_m, clerk_actor, to_csv(header, rows), 4)
    assert report.ok
    with tenant(ipatinga_m):
        acts = list(Act.objects.filter(action=BATCH_ACTION).order_by("seq"))
        assert [a.record["payload"]["new"]["linhas"] for a in acts] == [[2, 5], [6, 9], [10, 11]]
        named: dict[int, list[int | None]] = {}
        for act in acts:
            assert act.record["payload"]["source"]["file"] == "cadastro.csv"
            for line, *ids in act.record["payload"]["new"]["registros"]:
                named[line] = ids
        # The taxi row (line 4) is written row by row: its Termo and Cadastro have their acts.
        assert 4 not in named and acts[0].record["payload"]["new"]["por_linha"] == [4]
        for line, row in enumerate(rows, start=2):
            if line == 4:
                continue
            person = Person.objects.get(document=row["cpf"].replace(".", "").replace("-", ""))
            permit = Permit.objects.filter(holder=person).first()
            assert named[line][0] == person.pk
            assert named[line][3] == (permit.pk if permit else None)
            if permit is not None:  # its first status is under its batch's act
                assert (
                    permit.history.get()
                    .act.record["payload"]["new"]["registros"]
                    .count([line, *named[line]])
                    == 1
                )
        # No per-record act for what the batches created, and the chain still holds.
        assert not Act.objects.filter(action="person.create", object_id=str(named[2][0])).exists()
    assert verify_chain(ipatinga_m).ok


def test_a_batch_with_a_wrong_row_is_not_written_and_the_others_are(ipatinga_m, clerk_actor):
    header, rows = registry_file()
    rows[5]["cpf"] = "111.111.111-12"  # line 7, in the second batch of four
    before = registry_state(ipatinga_m)
    report = imported(ipatinga_m, clerk_actor, to_csv(header, rows), 4)
    assert [b.status for b in report.batches] == ["gravado", "recusado", "gravado"]
    assert [e.render() for e in report.batches[1].errors] == ["linha 7, coluna cpf: CPF inválido"]
    after = registry_state(ipatinga_m)
    new_people = set(after["people"]) - set(before["people"])
    assert len(new_people) == 4 + 2  # lines 2–5 and 10–11
    assert rows[4]["cpf"].replace(".", "").replace("-", "") not in new_people  # line 6


def test_a_run_stopped_by_a_failure_is_resumed_without_duplicates(
    ipatinga_m, clerk_actor, monkeypatch
):
    raw = to_csv(*registry_file())
    real = bulk._create
    calls: list[int] = []

    def failing(rows, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(rows[0].line)
        if len(calls) == 2:
            raise OperationalError("conexão perdida (simulada)")
        return real(rows, **kwargs)

    monkeypatch.setattr(bulk, "_create", failing)
    before = registry_state(ipatinga_m)
    report = imported(ipatinga_m, clerk_actor, raw, 4)
    assert [b.status for b in report.batches] == ["gravado", "recusado", "não tentado"]
    assert "conexão perdida" in report.batches[1].errors[0].message
    first = registry_state(ipatinga_m)
    assert len(first["permits"]) - len(before["permits"]) == 3  # lines 2–5: the batch's permits

    monkeypatch.setattr(bulk, "_create", real)
    report = imported(ipatinga_m, clerk_actor, raw, 4)
    assert [b.status for b in report.batches] == ["já gravado", "gravado", "gravado"]
    resumed = registry_state(ipatinga_m)
    assert len(resumed["permits"]) - len(before["permits"]) == 9
    assert len(resumed["people"]) - len(before["people"]) == 10
    # A third run writes nothing at all.
    with tenant(ipatinga_m):
        acts = Act.objects.count()
    report = imported(ipatinga_m, clerk_actor, raw, 4)
    assert [b.status for b in report.batches] == ["já gravado"] * 3
    assert registry_state(ipatinga_m) == resumed
    with tenant(ipatinga_m):
        assert Act.objects.count() == acts


def test_the_command_reports_each_batch_not_written(ipatinga_m, clerk_actor, tmp_path: Path):
    header, rows = registry_file()
    rows[5]["cpf"] = "111.111.111-12"
    path = tmp_path / "cadastro.csv"
    path.write_bytes(to_csv(header, rows))
    out = io.StringIO()
    user = clerk_actor.user.username
    with pytest.raises(CommandError, match="lotes NÃO gravados"):
        call_command(
            "import", "registry", str(path), "--municipality", "ipatinga", "--user", user,
            "--batch-size", "4", "--no-progress", stdout=out,
        )  # fmt: skip
    text = out.getvalue()
    assert "lote linhas 6 a 9: NÃO gravado — linha 7, coluna cpf: CPF inválido" in text
    assert "3 lote(s) — 2 gravado, 1 recusado" in text
