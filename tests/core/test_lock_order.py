"""The one lock order (docs/decisions/0015-one-lock-order.md), checked on PostgreSQL: the guard
sees a break, and the writes that count against the municipality's caps keep the order (a trip
file's: tests/tripdata/test_tripdata_resume.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from platforms_factories import driver_data, new_cnpj, platform_actor

from outorga.core.acts import Actor, record_act
from outorga.core.locking import lock_municipality, lock_order_guard
from outorga.law.competence import Role
from outorga.platforms.services.credentialing import PlatformData, platform_credential
from outorga.platforms.services.drivers import platform_driver_register

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_guard_sees_the_municipality_locked_after_an_act(barra_m: Any) -> None:
    with lock_order_guard() as guard, transaction.atomic():
        record_act(municipality=barra_m, actor=Actor.system(), action="teste.ordem")
        lock_municipality(barra_m)
    assert any("depois do primeiro ato" in v for v in guard.violations), guard.violations


def test_the_guard_accepts_the_municipality_then_the_act(barra_m: Any) -> None:
    with lock_order_guard() as guard, transaction.atomic():
        lock_municipality(barra_m)
        record_act(municipality=barra_m, actor=Actor.system(), action="teste.ordem")
    assert guard.violations == []


def test_credentialing_and_registering_a_driver_keep_the_order(
    barra_m: Any, user_of: Any, lock_order: Any
) -> None:
    authority = Actor.of(user_of(barra_m.slug, Role.AUTORIDADE))
    platform, _ = platform_credential(
        actor=authority,
        municipality=barra_m,
        data=PlatformData(
            cnpj=new_cnpj(),
            name="Em ordem",
            cadastro_mobiliario="CM-9",
            complaint_channel="sac@example.com",
        ),
    )
    driver, _ = platform_driver_register(
        actor=platform_actor(), municipality=barra_m, platform=platform, data=driver_data()
    )
    assert driver.status == "enabled"
