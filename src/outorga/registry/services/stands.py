"""Stands (pontos): fixed by the Executive with category, place and maximum vehicles (taxi art.
33–36); mototaxi stands by decree with a maximum of places, never at bus or taxi stops (mototaxi
art. 17–18, 21)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.interfaces import citation, cited

from ..models import Service, Stand, TaxiCategory
from ..validation import FieldError
from .common import bound_law

FIELDS = ["service", "name", "place", "taxi_category", "capacity", "act_reference"]


def stand_set(
    *,
    actor: Actor,
    municipality: Municipality,
    service: str,
    name: str,
    place: str,
    capacity: int,
    act_reference: str,
    on: Any,
    taxi_category: str = "",
    at: Iterable[str] = (),
    near: Iterable[str] = (),
    signposted: bool = True,
    stand: Stand | None = None,
) -> Stand:
    """Create or update a stand. ``act_reference`` is the executive act (decree) that fixes it;
    for mototaxi, ``at``/``near`` say what is at or next to the place (onibus, taxi, emergencia,
    carro_forte, particulares), judged by the ``mototaxi.stand`` question."""
    if service not in Service.values:
        raise FieldError("serviço", "use mototaxi, motofrete ou taxi")
    bound = bound_law(municipality, service, on)
    law = bound.law
    authorize(actor=actor, municipality=municipality, action="stand.set", law=law)
    if not name.strip() or not place.strip():
        raise FieldError("local", "informe o nome e o local do ponto")
    if capacity < 1:
        raise FieldError("vagas", "informe a quantidade máxima de veículos (ao menos 1)")
    if not act_reference.strip():
        raise FieldError("ato", "informe o ato do Executivo que fixa o ponto", cited(law, "stand"))
    if service == Service.TAXI:
        if taxi_category not in TaxiCategory.values:
            raise FieldError(
                "categoria", "o ponto de táxi especifica a categoria", cited(law, "stand")
            )
    else:
        taxi_category = ""
    with transaction.atomic(), tenant(municipality):
        decision = None
        if service == Service.MOTOTAXI and bound.answers("stand"):
            decision = bound.ask(
                "stand",
                {
                    "by_decree": True,
                    "places": capacity,
                    "at": sorted(set(at)),
                    "near": sorted(set(near)),
                    "signposted": signposted,
                },
            )
            if decision.refusals:
                raise Refused(decision)
        old: dict[str, Any] = {}
        if stand is not None:
            stand = Stand.objects.select_for_update().get(pk=stand.pk)
            if stand.service != service:
                raise FieldError("serviço", "o serviço de um ponto não muda")
            old = {f: getattr(stand, f) for f in FIELDS}
        else:
            stand = Stand(service=service)
        stand.name, stand.place, stand.capacity = name.strip(), place.strip(), capacity
        stand.taxi_category, stand.act_reference = taxi_category, act_reference.strip()
        stand.save()
        citations = (
            [c for c in (citation(law, "stand"), citation(law, "stand_rules")) if c]
            if service == Service.TAXI
            else []
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="stand.update" if old else "stand.create",
            obj=stand,
            old=old,
            new={f: getattr(stand, f) for f in FIELDS},
            basis=basis_of(decision, citations),
        )
    return stand
