"""The import's validation and the bulk import's records built on worker processes (issue #23,
ADR 0050, ``outorga import registry --processes N``): the same records, acts and report as in
one process; a worker that dies leaves its work to the importing process. Real forked
processes on PostgreSQL, outside any test transaction (a worker's connection sees only what is
committed)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.db import transaction
from test_import import to_csv
from test_import_bulk import every_column, registry_file, registry_state

from outorga.core.acts import Actor, canonical_json, verify_chain
from outorga.core.demo import demo_username
from outorga.core.models import Act, Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer import bulk, run, workers
from outorga.registry.importer.bulk import BATCH_ACTION
from outorga.registry.importer.run import import_registry
from outorga.registry.importer.writing import imported_permit_snapshot
from outorga.registry.models import DrivingLicence, Permit, Person, Vehicle
from outorga.registry.services.common import snapshot
from outorga.registry.services.people import LICENCE_FIELDS, PERSON_FIELDS
from outorga.registry.services.vehicles import VEHICLE_FIELDS

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

#: Rows per validation chunk in these tests: the 10 rows of the file make 3 chunks.
CHUNK = 4


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> tuple[Municipality, Actor]:
    demo_fresh()
    monkeypatch.setattr(run, "VALIDATION_CHUNK", CHUNK)
    m = Municipality.objects.get(slug="ipatinga")
    clerk = User.objects.get(username=demo_username("ipatinga", Role.ATENDENTE))
    return m, Actor.of(clerk)


def where_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Record the process id of each chunk checked and each batch built (a line each)."""
    log = tmp_path / "pids"
    check, build = workers.check_chunk, bulk._build

    def checking(*args: Any) -> Any:
        with log.open("a") as fh:
            fh.write(f"check {os.getpid()}\n")
        return check(*args)

    def building(*args: Any, **kwargs: Any) -> Any:
        with log.open("a") as fh:
            fh.write(f"build {os.getpid()}\n")
        return build(*args, **kwargs)

    # Read by the forked workers as module globals: patched before the import forks them.
    monkeypatch.setattr(workers, "check_chunk", checking)
    monkeypatch.setattr(bulk, "_build", building)
    return log


def imported(m: Municipality, actor: Actor, raw: bytes, processes: int) -> Any:
    return import_registry(
        municipality=m,
        raw=raw,
        filename="cadastro.csv",
        actor=actor,
        dry_run=False,
        batch_size=4,
        processes=processes,
    )


def batch_acts(m: Municipality) -> list[dict[str, Any]]:
    """What each batch's act recorded, but the records' keys and the digest of their values,
    which name keys (another run, other keys): the digest is checked by :func:`digests_hold`."""
    with tenant(m):
        payloads = [
            a.record["payload"] for a in Act.objects.filter(action=BATCH_ACTION).order_by("seq")
        ]
    return [
        {k: v for k, v in p["new"].items() if k not in ("registros", "valores_sha256")}
        | {"lines": [r[0] for r in p["new"]["registros"]], "basis": p.get("basis")}
        for p in payloads
    ]


def digests_hold(m: Municipality) -> bool:
    """Each batch act's digest is that of the values of the records it names, as stored."""
    with tenant(m):
        for act in Act.objects.filter(action=BATCH_ACTION):
            new = act.record["payload"]["new"]
            values = []
            for _, person, lic, vehicle, permit in new["registros"]:
                p = Permit.objects.get(pk=permit) if permit else None
                values.append(
                    {
                        "pessoa": snapshot(Person.objects.get(pk=person), PERSON_FIELDS),
                        "cnh": snapshot(DrivingLicence.objects.get(pk=lic), LICENCE_FIELDS)
                        if lic
                        else None,
                        "veículo": snapshot(Vehicle.objects.get(pk=vehicle), VEHICLE_FIELDS)
                        if vehicle
                        else None,
                        "permissão": imported_permit_snapshot(p) if p else None,
                    }
                )
            digest = hashlib.sha256(canonical_json({"valores": values}).encode()).hexdigest()
            if digest != new["valores_sha256"]:
                return False
    return True


def test_workers_write_the_same_records_acts_and_report_as_one_process(
    world: tuple[Municipality, Actor], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    m, actor = world
    raw = to_csv(*registry_file())
    with transaction.atomic():  # one process (no worker can see this transaction): undone
        assert not workers.usable(2)
        alone = imported(m, actor, raw, 1)
        assert alone.ok, [e.render() for e in alone.errors]
        expected = (registry_state(m), every_column(m), batch_acts(m))
        assert digests_hold(m)
        transaction.set_rollback(True)
    assert not batch_acts(m)

    log = where_run(monkeypatch, tmp_path)
    assert workers.usable(2)
    report = imported(m, actor, raw, 2)

    assert report.ok, [e.render() for e in report.errors]
    assert [b.status for b in report.batches] == [b.status for b in alone.batches]
    assert report.written == alone.written
    assert report.warnings == alone.warnings
    assert (registry_state(m), every_column(m), batch_acts(m)) == expected
    assert digests_hold(m)
    assert verify_chain(m).ok
    runs = [line.split() for line in log.read_text().splitlines()]
    # Three chunks checked and every new row's records built (all but the taxi row, written
    # row by row), none in this process.
    assert [what for what, _ in runs].count("check") == 3
    assert [what for what, _ in runs].count("build") == sum(
        len(b.written) and b.written["pessoas"] for b in report.batches
    )
    assert str(os.getpid()) not in {pid for _, pid in runs}


def test_a_row_refused_by_the_law_is_reported_the_same_from_a_worker(
    world: tuple[Municipality, Actor],
) -> None:
    """Mototaxi art. 5, I: a holder under 21 is refused — the worker's report is the one
    process's, line, column, message and article."""
    m, actor = world
    header, rows = registry_file()
    rows[5] = dict(rows[5], data_nascimento="01/01/2015")
    raw = to_csv(header, rows)
    with transaction.atomic():
        alone = imported(m, actor, raw, 1)
        transaction.set_rollback(True)
    report = imported(m, actor, raw, 2)
    assert report.errors == alone.errors
    assert [e.column for e in report.errors] == ["data_nascimento"]
    assert "art. 5" in report.errors[0].citation
    assert [b.status for b in report.batches] == [b.status for b in alone.batches]
    assert "recusado" in [b.status for b in report.batches]


def test_a_worker_that_dies_leaves_its_chunk_and_its_batch_to_the_importing_process(
    world: tuple[Municipality, Actor], monkeypatch: pytest.MonkeyPatch
) -> None:
    m, actor = world
    raw = to_csv(*registry_file())
    with transaction.atomic():
        alone = imported(m, actor, raw, 1)
        expected = registry_state(m)
        transaction.set_rollback(True)
    parent = os.getpid()
    check, build = workers.check_chunk, bulk._build

    def dying_check(*args: Any) -> Any:
        if os.getpid() != parent:
            os._exit(1)
        return check(*args)

    def dying_build(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent:
            os._exit(1)
        return build(*args, **kwargs)

    monkeypatch.setattr(workers, "check_chunk", dying_check)
    monkeypatch.setattr(bulk, "_build", dying_build)
    report = imported(m, actor, raw, 2)
    assert report.ok, [e.render() for e in report.errors]
    assert report.written == alone.written
    assert registry_state(m) == expected
