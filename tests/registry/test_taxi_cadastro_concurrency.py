"""On PostgreSQL, vehicles inscribed in the Cadastro Municipal de Taxistas at the same time get
sequential, gapless, unique numbers (taxi art. 4 I, 20) — the counter row is locked in the
inscribing transaction, never a database sequence — and a vehicle inscribed twice at once gets
one number."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from demo_factories import demo_fresh
from django.db import connection, transaction
from registry_factories import TAXI_ON as ON
from registry_factories import actor, person, taxi_vehicle

from outorga.core.acts import verify_chain
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.registry.models import RegisterCounter, Vehicle
from outorga.registry.services.vehicles import taxi_vehicle_inscribe

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_12_vehicles_each_inscribed_by_two_requests_at_once_get_numbers_1_to_12():
    demo_fresh()
    m = Municipality.objects.get(slug="ipatinga")
    clerk = actor("ipatinga", Role.ATENDENTE)
    owner = person(m)
    vehicles = [taxi_vehicle(m, owner) for _ in range(12)]
    jobs = [v for v in vehicles for _ in range(2)]
    barrier = threading.Barrier(len(jobs))
    errors: list[str] = []

    def inscribe(vehicle: Vehicle) -> None:
        try:
            barrier.wait()
            with transaction.atomic():
                taxi_vehicle_inscribe(
                    actor=clerk, municipality=m, vehicle=vehicle, on=ON + dt.timedelta(days=1)
                )
        except Exception as exc:  # noqa: BLE001 - any failure must show in the test
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=inscribe, args=(v,)) for v in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with tenant(m):
        numbers = sorted(
            Vehicle.objects.filter(pk__in=[v.pk for v in vehicles]).values_list(
                "cadastro_number", flat=True
            )
        )
        counter = RegisterCounter.objects.get(series="register:taxi").last_number
        acts = Act.objects.filter(action="vehicle.cadastro").count()
    assert numbers == list(range(1, 13))  # sequential, gapless, unique
    assert counter == 12 and acts == 12  # the second request of each vehicle changed nothing
    assert verify_chain(m).ok
