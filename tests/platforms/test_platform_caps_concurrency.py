"""The caps of art. 3 hold under concurrent requests on PostgreSQL (row lock on the municipality)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from demo_factories import demo_fresh
from django.db import connection
from platforms_factories import (
    driver_data,
    enabled_drivers,
    make_platform,
    new_cnpj,
    new_cpf,
    platform_actor,
)

from outorga.core.acts import Actor
from outorga.core.demo import demo_username
from outorga.core.models import Municipality, User
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.credentialing import (
    PlatformData,
    _counted_platforms,
    platform_credential,
)
from outorga.platforms.services.drivers import enabled_roster, platform_driver_register

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def run_concurrently(n: int, fn: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def worker(i: int) -> None:
        try:
            barrier.wait()
            results[i] = fn(i)
        except Exception as exc:  # noqa: BLE001 - the result is the exception
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def barra() -> Municipality:
    demo_fresh()
    return Municipality.objects.get(slug="barra-do-garcas")


def test_20_concurrent_credentials_with_8_credentialed_exactly_2_succeed():
    m = barra()
    with tenant(m):
        have = _counted_platforms()
    assert have <= 8
    for i in range(8 - have):
        make_platform(m, f"Existente {i}")
    authority = Actor.of(User.objects.get(username=demo_username(m.slug, Role.AUTORIDADE)))

    def credential(i: int) -> Any:
        return platform_credential(
            actor=authority,
            municipality=m,
            data=PlatformData(
                cnpj=new_cnpj(),
                name=f"Concorrente {i}",
                cadastro_mobiliario=f"CM-{i}",
                complaint_channel="sac@example.com",
            ),
        )

    results = run_concurrently(20, credential)
    ok = [r for r in results if isinstance(r, tuple)]
    refused = [r for r in results if isinstance(r, PlatformError)]
    assert len(ok) == 2, results
    assert len(refused) == 18
    with tenant(m):
        assert _counted_platforms() == 10


def test_49_enabled_and_10_concurrent_registrations_exactly_1_succeeds():
    m = barra()
    p = make_platform(m, "Quase cheia")
    enabled_drivers(m, p, 49)

    def register(i: int) -> Any:
        return platform_driver_register(
            actor=platform_actor(), municipality=m, platform=p, data=driver_data()
        )[0].status

    results = run_concurrently(10, register)
    assert sorted(results) == ["enabled"] + ["refused"] * 9, results
    with tenant(m):
        assert enabled_roster(p) == 50


def test_499_in_the_municipality_and_concurrent_registrations_on_several_platforms_exactly_1():
    m = barra()
    with tenant(m):
        current = enabled_roster()
    need = 499 - current
    platforms = []
    while need > 0:
        p = make_platform(m, f"Lote {len(platforms)}")
        n = min(45, need)  # leave room in each platform: only the municipal cap binds
        enabled_drivers(m, p, n)
        need -= n
        platforms.append(p)
    with tenant(m):
        assert enabled_roster() == 499
    targets = platforms[:5] if len(platforms) >= 5 else platforms

    def register(i: int) -> Any:
        return platform_driver_register(
            actor=platform_actor(),
            municipality=m,
            platform=targets[i % len(targets)],
            data=driver_data(),
        )[0].status

    results = run_concurrently(10, register)
    assert sorted(results) == ["enabled"] + ["refused"] * 9, results
    with tenant(m):
        assert enabled_roster() == 500


def test_concurrent_retries_with_the_same_idempotency_key_make_one_report():
    from outorga.platforms.models import MonthlyReport
    from outorga.platforms.services.reports import monthly_report_submit

    m = barra()
    p = make_platform(m, "Reenvios")
    body = {
        "year": 2026,
        "month": 9,
        "intermediation_revenue_cents": 10_000,
        "drivers": [{"cpf": new_cpf(), "trips": 3, "trip_revenue_cents": 9_000}],
    }

    def submit(i: int) -> Any:
        report, created = monthly_report_submit(
            actor=platform_actor(),
            municipality=m,
            platform=p,
            idempotency_key="mesma-chave",
            body=body,
        )
        return report.response, created

    results = run_concurrently(8, submit)
    assert all(isinstance(r, tuple) for r in results), results
    assert sum(1 for _, created in results if created) == 1
    assert len({str(answer) for answer, _ in results}) == 1
    with tenant(m):
        assert MonthlyReport.objects.filter(platform=p).count() == 1
