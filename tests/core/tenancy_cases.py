"""Core routes of the municipality's dated data for the route-walking tenancy test
(tests/core/test_tenancy_routes.py): A's administrator never sees B's population, fiscal unit
values, calendar days or parameter values, and what A records lands in A only."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.core.models import CalendarDay, FiscalUnitValue, ParameterOverride, PopulationFigure
from outorga.law import parameter_input

ADMIN = "admin"
API = "/api/v1/municipality"


def build(m: Any, user_of: Any, marker: str) -> dict[str, Any]:
    unit = parameter_input.fiscal_units_for(m.laws)[0]
    PopulationFigure.objects.get_or_create(
        reference_year=2024,
        effective=dt.date(2024, 12, 1),
        defaults={"value": 123_456, "source": f"IBGE {marker}"},
    )
    FiscalUnitValue.objects.get_or_create(
        name=unit,
        valid_from=dt.date(2024, 12, 1),
        defaults={"value": "7.7777", "legal_reference": f"Decreto {marker}"},
    )
    CalendarDay.objects.get_or_create(
        date=dt.date(2027, 3, 10),
        defaults={
            "kind": CalendarDay.Kind.HOLIDAY,
            "description": f"Feriado {marker}",
            "legal_reference": f"Lei {marker}",
        },
    )
    ParameterOverride.objects.get_or_create(
        name="payment.fine_due_days",
        effective=dt.date(2027, 1, 1),
        defaults={"value": 40, "legal_reference": f"Decreto {marker}"},
    )
    return {"fiscal_unit": unit}


ROUTES = {
    # The page lists only A's rows; B's markers never show.
    "municipio/dados/": lambda b: ("get", "/municipio/dados/", {200}, None, ADMIN),
    # Writes land in A: B's snapshot is unchanged. B's own fiscal unit is no unit of A's laws.
    "api/v1/municipality/population": lambda b: (
        "post",
        f"{API}/population",
        {201},
        {"value": 1000, "reference_year": 2025, "effective": "2025-12-01", "source": "IBGE"},
        ADMIN,
    ),
    "api/v1/municipality/fiscal-units": lambda b: (
        "post",
        f"{API}/fiscal-units",
        {422},
        {
            "name": b.extra["fiscal_unit"],
            "value": "1.00",
            "valid_from": "2024-12-01",
            "legal_reference": "invasão",
        },
        ADMIN,
    ),
    "api/v1/municipality/calendar": lambda b: (
        "post",
        f"{API}/calendar",
        {201},
        {"date": "2027-03-11", "kind": "closed", "description": "x", "legal_reference": "y"},
        ADMIN,
    ),
    "api/v1/municipality/parameters": lambda b: (
        "post",
        f"{API}/parameters",
        {201},
        {
            "name": "payment.fine_due_days",
            "value": 20,
            "effective": "2027-02-01",
            "legal_reference": "Decreto de A",
        },
        ADMIN,
    ),
    # A's binding lands in A (a new law for mototaxi from 2027): B's bindings are untouched.
    "api/v1/municipality/law-bindings": lambda b: (
        "post",
        f"{API}/law-bindings",
        {201},
        {
            "service": "mototaxi",
            "law": "ipatinga.mototaxi-2013",
            "valid_from": "2027-01-01",
            "reference": "Lei de A",
        },
        ADMIN,
    ),
    "api/v1/municipality/parameters/declared": lambda b: (
        "get",
        f"{API}/parameters/declared",
        {200},
        None,
        ADMIN,
    ),
}
