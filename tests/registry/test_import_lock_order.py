"""On PostgreSQL, a registry import and a taxi grant of a vehicle in the file, at the same time,
both complete: the import locks the file's vehicles before the Cadastro counter and its first
act, as the grant does (registry/locking.py), so neither waits for a lock the other holds.

The interleaving that deadlocked is forced: the grant holds the vehicle and waits until the
import has moved the counter; the import, row by row, moved the counter on its first permit and
then asked for that vehicle on a later row. With the lock order kept, the import waits for the
vehicle before anything else, the grant's wait times out and it completes, then the import."""

from __future__ import annotations

import csv
import datetime as dt
import io
import threading
from pathlib import Path
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.db import connection
from registry_factories import TAXI_ON as ON
from registry_factories import actor, awarded_tender, grant, taxi_holder

from outorga.core.acts import verify_chain
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.importer import writing as import_writing
from outorga.registry.importer.run import import_registry
from outorga.registry.models import Permit, Vehicle
from outorga.registry.services import permits as permit_services
from outorga.registry.services.permits import taxi_grant_decisions

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "samples" / "registry-sample.csv"
TODAY = dt.date(2026, 11, 30)
WAIT = 4  # seconds each side waits for the other's lock before going on


def _file(holder: Any, vehicle: Vehicle) -> bytes:
    """The sample's taxi row (a new permit: the counter moves), then a row updating the vehicle
    the grant takes."""
    with SAMPLE.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=";")
        header = list(reader.fieldnames or [])
        (taxi,) = [r for r in reader if r["servico"] == "taxi"]
    again = dict.fromkeys(header, "")
    again.update(
        cpf=holder.document,
        nome=holder.name,
        data_nascimento="01/01/1980",
        placa=vehicle.plate,
        renavam=vehicle.renavam,
        especie="automovel",
        marca_modelo=vehicle.make_model,
        ano_fabricacao=str(vehicle.manufacture_year),
        cor=vehicle.colour,
        portas="5",
        lugares="5",
        aluguel="sim",
        uf_registro="MG",
        municipio_registro="Ipatinga",
    )
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, delimiter=";", lineterminator="\n")
    w.writeheader()
    w.writerow(taxi)
    w.writerow(again)
    return out.getvalue().encode("utf-8")


def test_an_import_and_a_grant_of_the_same_vehicle_both_complete(monkeypatch):
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    holder, vehicle = taxi_holder(m, ON)
    tender = awarded_tender(m, holder)
    raw = _file(holder, vehicle)
    clerk = actor("ipatinga", Role.ATENDENTE)
    assert import_registry(municipality=m, raw=raw, today=TODAY).ok  # the file is valid

    grant_has_vehicle, import_moved_counter = threading.Event(), threading.Event()
    decisions, permit_import = taxi_grant_decisions, import_writing.permit_import

    def decisions_after_the_import_moved_the_counter(**kw: Any) -> Any:
        grant_has_vehicle.set()  # the grant locked the vehicle just before
        import_moved_counter.wait(WAIT)
        return decisions(**kw)

    def permit_import_then_the_next_row(**kw: Any) -> Any:
        done = permit_import(**kw)
        import_moved_counter.set()
        grant_has_vehicle.wait(WAIT)
        return done

    monkeypatch.setattr(
        permit_services, "taxi_grant_decisions", decisions_after_the_import_moved_the_counter
    )
    monkeypatch.setattr(import_writing, "permit_import", permit_import_then_the_next_row)
    errors: list[str] = []
    results: dict[str, Any] = {}

    def run(name: str, job: Any) -> None:
        try:
            with connection.cursor() as cur:
                cur.execute("SET lock_timeout = '30s'")
            results[name] = job()
        except Exception as exc:  # noqa: BLE001 - a deadlock must show in the test
            errors.append(f"{name}: {exc!r}")
        finally:
            connection.close()

    granting = threading.Thread(
        target=run, args=("grant", lambda: grant(m, holder, vehicle, tender=tender))
    )
    importing = threading.Thread(
        target=run,
        args=(
            "import",
            lambda: import_registry(
                municipality=m, raw=raw, actor=clerk, dry_run=False, today=TODAY
            ),
        ),
    )
    granting.start()
    assert grant_has_vehicle.wait(WAIT)
    importing.start()
    granting.join(60)
    importing.join(60)
    assert errors == []
    assert results["import"].ok, [e.render() for e in results["import"].errors]
    with tenant(m):
        permit = Permit.objects.get(pk=results["grant"].pk)
        imported = Permit.objects.get(number="TX-0007")
        numbers = sorted(
            Vehicle.objects.filter(pk__in=[vehicle.pk, imported.vehicle_id]).values_list(
                "cadastro_number", flat=True
            )
        )
    assert permit.vehicle_id == vehicle.pk
    assert len(set(numbers)) == 2 and None not in numbers  # each inscribed once, no collision
    assert verify_chain(m).ok
