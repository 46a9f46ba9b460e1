"""The facts of a vehicle the mototaxi/motofrete rules read (art. 3, 5, 6 §2, 19, 24), as the
``vehicle_eligibility`` question's schema (:data:`.vehicles.VEHICLE_SCHEMA`) admits them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ._common import SERVICES, Service, opt_day, record_of


@dataclass(frozen=True)
class CargoFacts:
    device: str | None
    within_contran_limits: bool
    mirrors_unobstructed: bool
    sidecar: bool
    semi_trailer: bool
    retroreflective_strips: bool


@dataclass(frozen=True)
class VehicleFacts:
    service: Service
    kind: str
    engine_cc: int
    manufacture_year: int
    registration_uf: str
    registration_category: str
    red_plate: bool
    crlv_updated_in_ipatinga: bool
    dpvat: bool
    vistoria_report: bool
    inspection_report_on: dt.date | None
    in_holders_name: Mapping[str, bool]
    equipment: frozenset[str]
    cargo: CargoFacts | None
    insurance_policy: bool | None
    insurance_copy_filed: bool | None
    insurance_coverage_cents: int | None
    authorized_services: frozenset[str]
    other_vehicles_on_permit: int
    other_permits: tuple[tuple[str, str], ...]  # (service, number) of other permits binding it

    @classmethod
    def from_json(cls, f: Mapping[str, Any]) -> VehicleFacts:
        """The facts as the question's schema admitted them: its booleans and integers are read
        as they are."""
        docs = f["documents"]
        cargo = f.get("cargo")
        ins = f.get("insurance") or {}
        permits = f.get("other_permits") or ()
        authorized = frozenset((*f.get("authorized_services", ()), f["service"]))
        return record_of(
            cls,
            {
                "service": SERVICES.get(f["service"]) or Service(f["service"]),
                "kind": f["kind"],
                "engine_cc": f["engine_cc"],
                "manufacture_year": f["manufacture_year"],
                "registration_uf": f["registration_uf"].upper(),
                "registration_category": f["registration_category"],
                "red_plate": f["red_plate"],
                "crlv_updated_in_ipatinga": docs["crlv_updated_in_ipatinga"],
                "dpvat": docs["dpvat"],
                "vistoria_report": docs["vistoria_report"],
                "inspection_report_on": opt_day(docs.get("inspection_report_on")),
                "in_holders_name": dict(f["in_holders_name"]),
                "equipment": frozenset(f.get("equipment", ())),
                "cargo": None
                if cargo is None
                else CargoFacts(
                    cargo.get("device"),
                    bool(cargo.get("within_contran_limits", False)),
                    bool(cargo.get("mirrors_unobstructed", False)),
                    bool(cargo.get("sidecar", False)),
                    bool(cargo.get("semi_trailer", False)),
                    bool(cargo.get("retroreflective_strips", False)),
                ),
                "insurance_policy": ins.get("policy_in_force"),
                "insurance_copy_filed": ins.get("copy_filed"),
                "insurance_coverage_cents": ins.get("coverage_cents"),
                "authorized_services": authorized | {p["service"] for p in permits}
                if permits
                else authorized,
                "other_vehicles_on_permit": f.get("other_vehicles_on_permit", 0),
                "other_permits": tuple([(p["service"], p["number"]) for p in permits])
                if permits
                else (),
            },
        )
