"""The vehicle of a permit changed: substitution (and the mototaxi's emergency one), the taxi's
reserve vehicle and permuta, and the end of a temporary change.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import FieldRefused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.law.interfaces import cited_once

from ..facts import temporary_in_use, vehicle_documents_facts, vehicle_facts
from ..models import Permit, Person, Service, Vehicle, VehicleChange
from ..validation import FieldError
from .common import (
    InvalidTransition,
    authorize_taxi,
    bound_law,
    decision_citations,
    governed,
    locked_taxi_permit,
    refuse_if,
)
from .eligibility import one_vehicle_one_permit, vehicle_eligibility
from .vehicles import taxi_vehicle_inscribe


def _inspected(checks: Mapping[str, Any]) -> bool:
    return bool(checks.get("inspection_approved"))


def _taxi_change_decisions(
    municipality: Municipality,
    on: dt.date,
    change: dict[str, Any],
    vehicle: Vehicle,
    category: str,
    checks: Mapping[str, Any],
    holder: Person | None = None,
) -> list[Decision]:
    """The taxi law on a permit's new vehicle: the change itself (``change``: its facts) and the
    vehicle's eligibility in the permit's category, judged as a change (``troca``); a
    substitution's car, a new vehicle of ``holder``'s permission (art. 4 X), also with the
    documents of its inscription in the Cadastro (art. 20, 24)."""
    law = bound_law(municipality, Service.TAXI, on)
    decisions = [
        law.ask("vehicle_change", change),
        law.ask(
            "vehicle_eligibility",
            vehicle_facts(vehicle, category=category, on=on, occasion="troca", checks=checks),
        ),
    ]
    if holder is not None:
        decisions.append(
            law.ask(
                "registration_documents",
                vehicle_documents_facts(vehicle, holder, presented_on=on, checks=checks),
            )
        )
    return decisions


def no_temporary_change_in_course(permits: tuple[Permit, ...] | list[Permit]) -> None:
    """The records hold one vehicle change at a time while a temporary one (a reserve vehicle, an
    emergency substitution) stands in for a permit's own: its end gives the permit back the
    vehicle it replaced, which another change in the meantime would make wrong. The laws the
    product ships refuse such a change first, with their articles (``one_vehicle``, the taxi
    ``vehicle_change``); this keeps the records whole under a law silent on it."""
    active = (
        VehicleChange.objects.filter(permit__in=list(permits), status=VehicleChange.Status.ACTIVE)
        .select_related("permit", "to_vehicle")
        .first()
    )
    if active is not None:
        raise FieldError(
            "veículo",
            f"a permissão {active.permit.number} tem uma troca temporária em curso desde "
            f"{active.started_on:%d/%m/%Y} (veículo {active.to_vehicle.plate}): encerre-a antes "
            "de outra troca de veículo",
        )


def _vehicle_changed(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    vehicle: Vehicle,
    kind: str,
    on: dt.date,
    until: dt.date | None,
    cause: str,
    status: str,
    decision: dict[str, Any],
    basis: dict[str, Any] | None,
) -> VehicleChange:
    """The locked ``permit`` now serves with ``vehicle``: a taxi's vehicle inscribed in the
    Cadastro (art. 20), the change recorded (from the vehicle it had), the permit relinked and the
    act ``vehicle.<kind>`` with both plates."""
    if permit.service == Service.TAXI:
        vehicle = taxi_vehicle_inscribe(
            actor=actor, municipality=municipality, vehicle=vehicle, on=on
        )
    no_temporary_change_in_course([permit])
    change = VehicleChange.objects.create(
        permit=permit,
        kind=kind,
        from_vehicle=permit.vehicle,
        to_vehicle=vehicle,
        cause=cause,
        started_on=on,
        until=until,
        status=status,
        decision=decision,
    )
    old_plate = permit.vehicle.plate if permit.vehicle else None
    permit.vehicle = vehicle
    permit.save(update_fields=["vehicle"])
    record_act(
        municipality=municipality,
        actor=actor,
        action=f"vehicle.{kind}",
        obj=change,
        old={"vehicle": old_plate},
        new={"vehicle": vehicle.plate, "until": until},
        basis=basis,
        extra={"permit": permit.number, "cause": cause},
    )
    return change


def vehicle_substitute(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    vehicle: Vehicle,
    on: dt.date,
    emergency_until: dt.date | None = None,
    cause: str = "",
    checks: Mapping[str, Any] | None = None,
    equipment: list[str] | None = None,
) -> VehicleChange:
    """Change the vehicle of a permit (substituição; taxi art. 4 X, 29; mototaxi art. 2 XXII).

    ``emergency_until`` makes it a substituição emergencial (mototaxi art. 2 XXIII): for the period
    the SESUMA sets, on proven force majeure, after which the original vehicle returns."""
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=governed(permit).law
    )
    checks = checks or {}
    emergency = emergency_until is not None
    if emergency_until is not None:
        if emergency_until < on:
            raise FieldError("até", "o fim do período é anterior ao início")
        # The taxi law answers a substitution for a period itself (its vehicle_change).
        if permit.service != Service.TAXI and not cause.strip():
            raise FieldError(
                "causa",
                "descreva a força maior comprovada",
                cited_once(permit.law_on(on), "emergency_substitution"),
            )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status not in (Permit.Status.ACTIVE, Permit.Status.RESERVE):
            raise InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if permit.vehicle_id == vehicle.pk:
            raise FieldError("veículo", "é o veículo atual da permissão")
        # One vehicle at a time: the law refuses a new one while a temporary one stands in.
        one_vehicle_one_permit(vehicle, exclude=permit, service=permit.service, on=on, change=True)
        if permit.service == Service.TAXI:
            decisions = _taxi_change_decisions(
                municipality,
                on,
                {
                    "kind": "substituicao",
                    "new_vehicle_inspected": _inspected(checks),
                    "temporary": emergency,
                },
                vehicle,
                permit.taxi_category,
                checks,
                permit.holder,
            )
        else:
            decisions = [
                vehicle_eligibility(
                    vehicle,
                    permit.service,
                    on,
                    equipment or [],
                    holder=permit.holder,
                    permit=permit,
                )
            ]
        refuse_if("registry.vehicle_substitute", decisions, on, municipality, "troca recusada")
        return _vehicle_changed(
            actor=actor,
            municipality=municipality,
            permit=permit,
            vehicle=vehicle,
            kind=VehicleChange.Kind.EMERGENCIAL if emergency else VehicleChange.Kind.SUBSTITUICAO,
            on=on,
            until=emergency_until,
            cause=cause,
            status=VehicleChange.Status.ACTIVE if emergency else VehicleChange.Status.DONE,
            decision={"decisions": [d.to_json() for d in decisions]},
            basis=basis_of(None, decision_citations(decisions)),
        )


RESERVE_CAUSES = ("sinistro", "roubo", "furto")


def taxi_reserve_vehicle(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    vehicle: Vehicle,
    on: dt.date,
    until: dt.date,
    cause: str,
    checks: Mapping[str, Any] | None = None,
) -> VehicleChange:
    """Reserve vehicle after an accident, robbery or theft, for a set period (taxi art. 30)."""
    authorize_taxi(actor, municipality, "registry.record", on)
    if until < on:
        raise FieldError("até", "o fim do período é anterior ao início")
    days = (until - on).days + 1
    with transaction.atomic(), tenant(municipality):
        permit = locked_taxi_permit(permit)
        if permit.status != Permit.Status.ACTIVE:
            raise InvalidTransition(f"a permissão está {permit.get_status_display()}")
        # One vehicle at a time: the law refuses a new one while a temporary one stands in.
        one_vehicle_one_permit(vehicle, exclude=permit, service=permit.service, on=on, change=True)
        decision = bound_law(municipality, Service.TAXI, on).ask(
            "vehicle_change",
            {
                "kind": "reserva",
                "cause": cause if cause in RESERVE_CAUSES else "outro",
                "days": days,
            },
        )
        refuse_if("registry.taxi_reserve_vehicle", [decision], on, municipality, "reserva recusada")
        # The reserve vehicle also serves the taxi service: inscribed in the Cadastro (art. 20)
        # as the change is recorded.
        return _vehicle_changed(
            actor=actor,
            municipality=municipality,
            permit=permit,
            vehicle=vehicle,
            kind=VehicleChange.Kind.RESERVA,
            on=on,
            until=until,
            cause=cause,
            status=VehicleChange.Status.ACTIVE,
            decision=decision.to_json(),
            basis=basis_of(decision),
        )


def vehicle_change_end(
    *, actor: Actor, municipality: Municipality, change: VehicleChange, on: dt.date
) -> VehicleChange:
    """End a reserve or emergency vehicle: the permit's own vehicle returns to service."""
    permit = change.permit
    authorize(
        actor=actor, municipality=municipality, action="registry.record", law=governed(permit).law
    )
    with transaction.atomic(), tenant(municipality):
        change = VehicleChange.objects.select_for_update().get(pk=change.pk)
        if change.status != VehicleChange.Status.ACTIVE:
            raise InvalidTransition("a troca temporária já foi encerrada")
        if on < change.started_on:
            raise FieldError(
                "encerramento",
                f"a troca temporária começou em {change.started_on:%d/%m/%Y}; não termina antes",
            )
        permit = Permit.objects.select_for_update().get(pk=change.permit_id)
        if change.from_vehicle is not None:
            # The own vehicle returns only if no other permission took it meanwhile.
            one_vehicle_one_permit(
                change.from_vehicle, exclude=permit, service=permit.service, on=on
            )
        change.status, change.ended_on = VehicleChange.Status.ENDED, on
        change.save(update_fields=["status", "ended_on"])
        permit.vehicle = change.from_vehicle
        permit.save(update_fields=["vehicle"])
        if permit.service == Service.TAXI and change.from_vehicle is not None:
            taxi_vehicle_inscribe(
                actor=actor, municipality=municipality, vehicle=change.from_vehicle, on=on
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.change_end",
            obj=change,
            old={"vehicle": change.to_vehicle.plate},
            new={"vehicle": change.from_vehicle.plate if change.from_vehicle else None},
            extra={"permit": permit.number},
        )
    return change


#: The field of a permuta each refusal of the law's ``vehicle_change`` names, by its rule (the
#: others: the whole decision, ``core.errors.Refused``).
SWAP_FIELDS = {"art_30_art_32_no_permuta_while_the_reserve_is_in_use": "veículo"}


def taxi_vehicle_swap(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    other: Permit,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
    other_checks: Mapping[str, Any] | None = None,
) -> tuple[VehicleChange, VehicleChange]:
    """Permuta between two holders (taxi art. 32): both vehicles change in one act, so each new
    registration comes with the proof that the other vehicle went to the other permit. The law's
    ``vehicle_change`` is asked with whether a reserve vehicle serves either permit (art. 30), as
    the records hold it; its refusal names the vehicle (``core.errors.FieldRefused``)."""
    authorize_taxi(actor, municipality, "registry.record", on)
    checks, other_checks = checks or {}, other_checks or {}
    with transaction.atomic(), tenant(municipality):
        a, b = sorted([permit, other], key=lambda p: p.pk)
        a = Permit.objects.select_for_update().get(pk=a.pk)
        b = Permit.objects.select_for_update().get(pk=b.pk)
        if a.pk == b.pk or a.service != Service.TAXI or b.service != Service.TAXI:
            raise FieldError("permissão", "a permuta é entre duas permissões de táxi")
        if a.vehicle is None or b.vehicle is None:
            raise FieldError("veículo", "as duas permissões devem ter veículo")
        for p in (a, b):
            if p.status != Permit.Status.ACTIVE:
                raise InvalidTransition(
                    f"a permissão {p.number} está {p.get_status_display()}: a permuta é entre "
                    "duas permissões em vigor"
                )
        in_use = temporary_in_use((a, b))
        chk = {permit.pk: checks, other.pk: other_checks}
        decisions = []
        for p, new in ((a, b.vehicle), (b, a.vehicle)):
            decisions += _taxi_change_decisions(
                municipality,
                on,
                {
                    "kind": "permuta",
                    "reserve_in_use": in_use,
                    "counterpart_linked": True,
                    "new_vehicle_inspected": _inspected(chk[p.pk]),
                },
                new,
                p.taxi_category,
                chk[p.pk],
            )
        for d in decisions:
            # The law's refusal of a permuta while a reserve vehicle serves names the vehicle.
            if d.refusals and (refused := FieldRefused(SWAP_FIELDS, d)).field:
                raise refused
        refuse_if("registry.taxi_vehicle_swap", decisions, on, municipality, "permuta recusada")
        no_temporary_change_in_course([a, b])
        va, vb = a.vehicle, b.vehicle
        # Both vehicles before the counter and the first inscription's act (registry/locking.py).
        list(
            Vehicle.objects.select_for_update(no_key=True)
            .filter(pk__in=(va.pk, vb.pk))
            .order_by("pk")
        )
        for v in sorted((va, vb), key=lambda v: v.pk):
            taxi_vehicle_inscribe(actor=actor, municipality=municipality, vehicle=v, on=on)
        changes = []
        for p, old, new in ((a, va, vb), (b, vb, va)):
            changes.append(
                VehicleChange.objects.create(
                    permit=p,
                    kind=VehicleChange.Kind.PERMUTA,
                    from_vehicle=old,
                    to_vehicle=new,
                    started_on=on,
                    status=VehicleChange.Status.DONE,
                    decision={"decisions": [d.to_json() for d in decisions]},
                )
            )
        a.vehicle, b.vehicle = vb, va
        a.save(update_fields=["vehicle"])
        b.save(update_fields=["vehicle"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="vehicle.permuta",
            obj=changes[0],
            old={a.number: va.plate, b.number: vb.plate},
            new={a.number: vb.plate, b.number: va.plate},
            basis=basis_of(None, decision_citations(decisions)),
        )
    return changes[0], changes[1]
