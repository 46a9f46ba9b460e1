"""Facts builders shared by the inspection law tests."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.law.inspections.checklists import checklist


def all_ok(code: str, on: dt.date, **override: str) -> dict[str, Any]:
    items = {i.code: {"result": "ok"} for i in checklist(code, on).items}
    for k, v in override.items():
        items[k] = {"result": v}
    return items


def moto_vehicle(**more: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "service": "mototaxi",
        "kind": "motocicleta",
        "engine_cc": 150,
        "manufacture_year": 2022,
        "registration_uf": "MG",
        "registration_category": "aluguel",
        "red_plate": True,
        "documents": {"crlv_updated_in_ipatinga": True, "dpvat": True, "vistoria_report": True},
        "in_holders_name": {"crv": True, "crlv": True, "dpvat": True},
        "equipment": [],
    }
    facts.update(more)
    return facts


def taxi_vehicle(**more: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {
        "category": "convencional",
        "kind": "automovel",
        "colour": "prata",
        "doors": 5,
        "capacity": 5,
        "registered_municipality_ibge": "3131307",
        "licensed": True,
        "manufacture_year": 2023,
    }
    facts.update(more)
    return facts
