"""Checks across the rows of the file and against what the database already holds: repeated
numbers, plates and holders, one vehicle for one permission (the law's ``one_vehicle``, as the
desk asks it) and the one register of the taxi Cadastro.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from outorga.core.errors import FieldRefused
from outorga.core.lawseam import Asker
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..facts import ACTIVE_STATUSES, one_vehicle_of
from ..models import (
    Auxiliary,
    Permit,
    Service,
    Vehicle,
    VehicleChange,
)
from .rows import Row, RowError, chunked, law_cites


def cross_checks(rows: list[Row], m: Municipality, *, asker: Asker, on: dt.date) -> list[RowError]:
    """The errors of ``rows`` across the file and against the records; one vehicle for one
    permission is the ``one_vehicle`` answer of the law bound to the row's service on ``on``
    (today, as at the desk), asked through ``asker``."""
    errors: list[RowError] = []
    seen_number: dict[str, int] = {}
    seen_reg: dict[tuple[str, int], int] = {}
    seen_plate: dict[str, tuple[int, str]] = {}
    holders: dict[str, tuple[int, str]] = {}
    for row in rows:
        cpf = row.person.get("document", "")
        v, p = row.vehicle, row.permit
        if v is not None:
            first = seen_plate.get(v["plate"])
            if first is not None and first[1] != cpf:
                errors.append(
                    RowError(
                        row.line, "placa", f"placa já usada na linha {first[0]} por outra pessoa"
                    )
                )
            seen_plate.setdefault(v["plate"], (row.line, cpf))
        if p is None:
            continue
        if p["number"] in seen_number:
            errors.append(
                RowError(
                    row.line, "numero_permissao", f"repetido (linha {seen_number[p['number']]})"
                )
            )
        seen_number.setdefault(p["number"], row.line)
        reg = (p["service"], p["registration_number"])
        if reg in seen_reg:
            errors.append(
                RowError(
                    row.line, "numero_registro", f"repetido no serviço (linha {seen_reg[reg]})"
                )
            )
        seen_reg.setdefault(reg, row.line)
        if cpf in holders:
            errors.append(
                RowError(
                    row.line,
                    "cpf",
                    f"a mesma pessoa já tem a permissão da linha {holders[cpf][0]}",
                    # Under the taxi law when either permit is a taxi's (art. 6), else the
                    # mototaxi law's rule on holding another permission.
                    law_cites(
                        m,
                        Service.TAXI
                        if Service.TAXI in (p["service"], holders[cpf][1])
                        else p["service"],
                        p["granted_on"],
                        "one_permission",
                    ),
                )
            )
        holders.setdefault(cpf, (row.line, p["service"]))
    # Against what is already recorded (a re-import of the same permit is fine), read in a few
    # queries for the whole file rather than a few per row.
    with tenant(m):
        recorded = _Recorded.read(rows)
        file_holders: dict[str, list[str]] = {}  # plate → the file's permits so far holding it
        for row in rows:
            p = row.permit
            cpf = row.person.get("document", "")
            if row.vehicle is not None:
                owner = recorded.owners.get(row.vehicle["plate"])
                if owner is not None and owner != cpf:
                    errors.append(
                        RowError(row.line, "placa", "placa já cadastrada em nome de outra pessoa")
                    )
            if p is None:
                continue
            if row.vehicle is not None:
                refused = _one_vehicle(
                    row.line, row.vehicle["plate"], p, recorded, file_holders, asker, on
                )
                if refused is not None:
                    errors.append(refused)
                # The file's permits are recorded in its order: this one then holds the vehicle
                # for the rows after it, unless the records already hold that permit.
                if p["number"] not in recorded.permits:
                    file_holders.setdefault(row.vehicle["plate"], []).append(p["number"])
            existing = recorded.permits.get(p["number"])
            if existing is not None and existing != (cpf, p["service"]):
                errors.append(
                    RowError(
                        row.line,
                        "numero_permissao",
                        "número já cadastrado para outro permissionário ou serviço",
                    )
                )
            numbers = recorded.registrations.get((p["service"], p["registration_number"]), set())
            if numbers - {p["number"]}:
                errors.append(
                    RowError(row.line, "numero_registro", "número de registro já usado no serviço")
                )
            if p["service"] == Service.TAXI and p["registration_number"] in recorded.taxi_numbers:
                # One register for holders, auxiliaries and vehicles (taxi art. 4 I, 20).
                errors.append(
                    RowError(
                        row.line,
                        "numero_registro",
                        "número já usado no Cadastro Municipal de Taxistas por um auxiliar ou "
                        "um veículo",
                        law_cites(m, Service.TAXI, p["granted_on"], "cadastro"),
                    )
                )
    return errors


def _one_vehicle(
    line: int,
    plate: str,
    permit: dict[str, Any],
    recorded: _Recorded,
    file_holders: dict[str, list[str]],
    asker: Asker,
    on: dt.date,
) -> RowError | None:
    """The law's ``one_vehicle`` on the row's vehicle (``plate``) for the row's ``permit``, the
    facts as the desk reads them (``registry.facts.one_vehicle_facts``), from the records and
    the file's rows before this one: the other permits in force that hold the vehicle, and those
    in force whose own vehicle it is, away. The refusal is the desk's, under the column
    ``placa``."""
    service, number = permit["service"], permit["number"]
    if not asker.answers(service, "one_vehicle", on):
        return None
    held = [n for n in recorded.held.get(plate, []) + file_holders.get(plate, []) if n != number]
    away = [n for n in recorded.away.get(plate, []) if n != number]
    d = asker.ask(service, "one_vehicle", one_vehicle_of(plate, held, away), on)
    if not d.refusals:
        return None
    refused = FieldRefused("placa", d)
    return RowError(line, refused.field, refused.message, refused.citation)


@dataclass
class _Recorded:
    """What the database holds under the file's plates and numbers."""

    owners: dict[str, str] = field(default_factory=dict)  # plate → owner's CPF
    permits: dict[str, tuple[str, str]] = field(default_factory=dict)  # number → (CPF, service)
    registrations: dict[tuple[str, int], set[str]] = field(default_factory=dict)
    taxi_numbers: set[int] = field(default_factory=set)  # taken by a vehicle or an auxiliary
    held: dict[str, list[str]] = field(default_factory=dict)  # plate → permits in force
    away: dict[str, list[str]] = field(default_factory=dict)  # plate → permits it is away from

    @classmethod
    def read(cls, rows: list[Row]) -> _Recorded:
        out = cls()
        plates = list(dict.fromkeys(r.vehicle["plate"] for r in rows if r.vehicle is not None))
        permits = [r.permit for r in rows if r.permit is not None]
        for part in chunked(plates):
            out.owners.update(
                Vehicle.objects.filter(plate__any=part).values_list("plate", "owner__document")
            )
            # What ``registry.facts.one_vehicle_facts`` reads of one vehicle, for the file's.
            for plate, number in (
                Permit.objects.filter(vehicle__plate__any=part, status__in=ACTIVE_STATUSES)
                .order_by("id")
                .values_list("vehicle__plate", "number")
            ):
                out.held.setdefault(plate, []).append(number)
            for plate, number in (
                VehicleChange.objects.filter(
                    from_vehicle__plate__any=part,
                    status=VehicleChange.Status.ACTIVE,
                    permit__status__in=ACTIVE_STATUSES,
                )
                .order_by("permit_id")
                .values_list("from_vehicle__plate", "permit__number")
            ):
                out.away.setdefault(plate, []).append(number)
        for part in chunked([p["number"] for p in permits]):
            for number, cpf, service in Permit.objects.filter(number__any=part).values_list(
                "number", "holder__document", "service"
            ):
                out.permits[number] = (cpf, service)
        for service in {p["service"] for p in permits}:
            wanted = [p["registration_number"] for p in permits if p["service"] == service]
            for part in chunked(wanted):
                for reg, number in Permit.objects.filter(
                    service=service, registration_number__any=part
                ).values_list("registration_number", "number"):
                    out.registrations.setdefault((service, reg), set()).add(number)
        taxi = [p["registration_number"] for p in permits if p["service"] == Service.TAXI]
        for part in chunked(taxi):
            out.taxi_numbers.update(
                Vehicle.objects.filter(cadastro_number__any=part).values_list(
                    "cadastro_number", flat=True
                )
            )
            out.taxi_numbers.update(
                Auxiliary.objects.filter(
                    permit__service=Service.TAXI, registration_number__any=part
                ).values_list("registration_number", flat=True)
            )
        return out
