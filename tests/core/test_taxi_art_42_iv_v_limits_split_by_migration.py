"""Taxi art. 42, IV and V: one dated parameter held the limit of both suspensions; migration
core/0014 makes a municipality's dated value of it a value of each, and its reverse joins them."""

from __future__ import annotations

import datetime as dt
import importlib

from django.apps import apps

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant

migration = importlib.import_module(
    "outorga.core.migrations.0014_taxi_art_42_iv_v_suspension_limits"
)


def _rows(m):  # type: ignore[no-untyped-def]
    with tenant(m):
        return sorted(
            (o.name, o.effective, o.value, o.legal_reference, o.example)
            for o in ParameterOverride.objects.filter(name__startswith="taxi_2017.")
        )


def test_art_42_iv_v_a_dated_value_of_the_old_limit_becomes_one_of_each(ipatinga_m, barra_m):
    day = dt.date(2024, 3, 1)
    with tenant(ipatinga_m):
        ParameterOverride.objects.create(
            name=migration.OLD, effective=day, value=60, legal_reference="Lei 1/2024", example=True
        )
        ParameterOverride.objects.create(
            name="taxi_2017.vehicle_max_age_years", effective=day, value=8, legal_reference="x"
        )
    migration.split(apps, None)
    assert _rows(ipatinga_m) == [
        ("taxi_2017.permit_suspension_max_days", day, 60, "Lei 1/2024", True),
        ("taxi_2017.registration_suspension_max_days", day, 60, "Lei 1/2024", True),
        ("taxi_2017.vehicle_max_age_years", day, 8, "x", False),
    ]
    assert _rows(barra_m) == []

    migration.join(apps, None)
    assert _rows(ipatinga_m) == [
        (migration.OLD, day, 60, "Lei 1/2024", True),
        ("taxi_2017.vehicle_max_age_years", day, 8, "x", False),
    ]
