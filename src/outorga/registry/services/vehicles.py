"""Vehicles: the vehicle's record and its inscription in the Cadastro Municipal de Taxistas."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import service_citations
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law.interfaces import cited

from .. import validation
from ..facts import ACTIVE_STATUSES
from ..models import Person, Service, Vehicle
from ..validation import FieldError
from .common import (
    AlreadyRegistered,
    InvalidTransition,
    correction_reason,
    own_or_desk,
    reason_required,
    record_correction,
    snapshot,
)

VEHICLE_FIELDS = [
    "plate",
    "renavam",
    "chassis",
    "kind",
    "make_model",
    "manufacture_year",
    "model_year",
    "engine_cc",
    "colour",
    "doors",
    "seats",
    "fuel",
    "cng",
    "rental_category",
    "registration_uf",
    "registration_city",
    "invoice_date",
    *Vehicle.CARGO_FIELDS,
]


def vehicle_register(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    owner: Person,
    data: Mapping[str, Any],
) -> Vehicle:
    """Register a vehicle (plate and RENAVAM validated). A plate already registered is refused
    with the existing vehicle (``AlreadyRegistered``), whoever owns it: a registration never moves
    a vehicle nor overwrites it; its correction is :func:`vehicle_update`, its sale
    :func:`vehicle_owner_change`. The applicant registers a vehicle of their own from the portal
    (``application.submit``); its documents then go to the desk's review."""
    authorize(actor=actor, municipality=municipality, action=own_or_desk(actor, owner), law=law)
    values = vehicle_values(law, data)
    with transaction.atomic(), tenant(municipality):
        _refuse_taken(values["plate"], owner, None)
        vehicle = Vehicle(owner=owner, **values)
        vehicle.full_clean(exclude=["owner"])
        vehicle.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.create",
            obj=vehicle,
            new=snapshot(vehicle, VEHICLE_FIELDS),
        )
    return vehicle


def vehicle_update(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    vehicle: Vehicle,
    data: Mapping[str, Any],
    reason: str,
) -> Vehicle:
    """Correct a vehicle's record (a mistyped RENAVAM, the plate converted to the Mercosul
    pattern, the cargo equipment): one act with the values before and after and the reason. The
    plate may change only to one no other vehicle holds; the owner changes only by
    :func:`vehicle_owner_change`. A correction that changes nothing records nothing."""
    reason = correction_reason(actor, municipality, law, reason)
    values = vehicle_values(law, data)
    with transaction.atomic(), tenant(municipality):
        vehicle = Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        _refuse_taken(values["plate"], vehicle.owner, vehicle.pk)
        record_correction(
            actor=actor,
            municipality=municipality,
            obj=vehicle,
            values=values,
            snap=lambda v: snapshot(v, VEHICLE_FIELDS),
            exclude=["owner"],
            action="vehicle.update",
            extra={"reason": reason},
        )
    return vehicle


def vehicle_values(law: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A vehicle's fields from ``data``, validated (plate, RENAVAM, UF, cargo device)."""
    values = {f: data[f] for f in VEHICLE_FIELDS if f in data}
    values["plate"] = validation.plate(data.get("plate", ""))
    values["renavam"] = validation.renavam(data.get("renavam", ""))
    values["registration_uf"] = str(data.get("registration_uf", "")).upper()
    if values.get("cargo_device") and values["cargo_device"] not in Vehicle.CargoDevice.values:
        raise FieldError(
            "dispositivo de carga",
            "use baú, grelha, alforje, bolsa ou caixa lateral",
            cited(law, "cargo_device"),
        )
    return values


def _refuse_taken(plate: str, owner: Person, own_pk: int | None) -> None:
    """A plate is one vehicle: another vehicle holding it is offered, never moved (with any permit
    bound to it) nor overwritten."""
    taken = (
        Vehicle.objects.select_for_update(no_key=True)
        .filter(plate=plate)
        .exclude(pk=own_pk)
        .first()
    )
    if taken is None:
        return
    whose = (
        "para esta pessoa; abra o cadastro do veículo para corrigi-lo"
        if taken.owner_id == owner.pk
        else "em nome de outra pessoa; abra o cadastro desse veículo (a troca de proprietário "
        "é um ato próprio, no cadastro dele)"
    )
    raise AlreadyRegistered("placa", f"a placa {plate} já está cadastrada {whose}", taken.pk)


def vehicle_owner_change(
    *,
    actor: Actor,
    municipality: Municipality,
    law: str,
    vehicle: Vehicle,
    new_owner: Person,
    on: dt.date,
    reason: str,
) -> Vehicle:
    """A vehicle sold or transferred: its own act, with the owner before and after and the reason.
    Refused while the vehicle serves another holder's live permit (active, suspended or in
    reserve): that permit's vehicle is replaced first (substitution), never moved with the sale."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    reason = reason_required(reason, "informe o motivo da troca de proprietário (venda, doação…)")
    with transaction.atomic(), tenant(municipality):
        vehicle = Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        live = (
            vehicle.permits.filter(status__in=ACTIVE_STATUSES)
            .exclude(holder_id=new_owner.pk)
            .first()
        )
        if live is not None:
            raise InvalidTransition(
                f"o veículo serve à permissão {live.number}, {live.get_status_display()}: "
                "substitua o veículo dessa permissão antes de trocar o proprietário"
            )
        old_owner = vehicle.owner_id
        if old_owner == new_owner.pk:
            return vehicle
        vehicle.owner = new_owner
        vehicle.save(update_fields=["owner"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.owner_change",
            obj=vehicle,
            old={"owner": old_owner},
            new={"owner": new_owner.pk},
            extra={"reason": reason, "effective_on": on},
        )
    return vehicle


#: The Cadastro Municipal de Taxistas is one numeric, sequential register of holders, auxiliaries
#: and vehicles (taxi art. 4 I, 20): one series for the three.
TAXI_CADASTRO = "register:taxi"


def taxi_vehicle_inscribe(
    *, actor: Actor, municipality: Municipality, vehicle: Vehicle, on: dt.date
) -> Vehicle:
    """Inscribe a vehicle put in taxi service in the Cadastro Municipal de Taxistas (taxi art. 4 I,
    20, 25): the next number of the register, once — a vehicle already inscribed keeps its number.

    Runs inside the transaction of the service that puts the vehicle in service (grant,
    substitution, reserve vehicle, swap, yearly renewal, import), which checked competence: the
    vehicle row is locked before the counter, so the number is sequential, gapless and unique,
    and both before the caller's first act (the lock order of ``registry/locking.py``)."""
    with transaction.atomic(), tenant(municipality):
        vehicle = Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        if vehicle.cadastro_number is not None:
            return vehicle
        vehicle.cadastro_number = next_number(TAXI_CADASTRO)
        vehicle.cadastro_inscribed_on = on
        vehicle.save(update_fields=["cadastro_number", "cadastro_inscribed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.cadastro",
            obj=vehicle,
            new={
                "plate": vehicle.plate,
                "cadastro_number": vehicle.cadastro_number,
                "inscribed_on": on,
            },
            basis=basis_of(None, service_citations(municipality, Service.TAXI, "cadastro")),
        )
    return vehicle
