"""Penalties decided on a permit: the suspension proposed by repetition (mototaxi art. 32 I), the
cassação proposal (D-3), and the taxi suspensions of the permission and of the register (art. 42
IV–V)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import IsoDate
from outorga.registry.models import Auxiliary, Permit

from ..models import Escalation, InfractionNotice
from ..services.proposals import proposal_open_cassacao
from ..services.suspensions import suspension_impose as suspension_impose_service
from ..services.taxi_suspensions import taxi_register_suspension_impose, taxi_suspension_impose
from .common import (
    CaseOut,
    act,
    acting,
    named,
    one,
    today,
)

router = Router()


class ImposeIn(Schema):
    start: IsoDate


@router.post(
    "/escalations/{escalation_id}/impose",
    summary="Aplicar a suspensão proposta pela reincidência",
    operation_id="outorga_enforcement_api_suspension_impose",
)
def suspension_impose(request: HttpRequest, escalation_id: int, payload: ImposeIn) -> Any:
    esc = one(Escalation, escalation_id)
    esc = act(request, suspension_impose_service, payload, escalation=esc)
    return {"id": esc.pk, "status": esc.status, "starts_on": esc.starts_on, "ends_on": esc.ends_on}


class CassacaoIn(Schema):
    #: Mototaxi: the causes of art. 32 III / art. 47 — with ``auxiliary_id``, those of art. 32 IV
    #: against that auxiliary's credential.
    causes: dict[str, Any] = {}
    #: Mototaxi art. 32 IV: the permit's active auxiliary whose credential is to be cassado.
    auxiliary_id: int | None = None
    #: Taxi: the final infraction and what it cassates, "cadastro" (art. 41 IV, §3) or
    #: "permissao" (art. 41 V, §4).
    auto_id: int | None = None
    target: str = ""
    on: IsoDate | None = None


class TaxiSuspensionIn(Schema):
    auto_id: int
    days: int
    start: IsoDate
    reason: str = ""


@router.post(
    "/permits/{permit_id}/cassacao-proposal",
    summary="Propor cassação da permissão",
    response={201: CaseOut},
    operation_id="outorga_enforcement_api_cassacao_propose",
)
def cassacao_propose(request: HttpRequest, permit_id: int, payload: CassacaoIn) -> Any:
    """Open a cassação proposal under the permit's law — mototaxi: the causes of art. 32 III /
    art. 47; taxi: a final infraction and the target (art. 41 §3–4) — decided by the Chief
    Executive after the defence (D-3)."""
    permit = one(Permit, permit_id)
    case = proposal_open_cassacao(
        **acting(request),
        permit=permit,
        causes=payload.causes,
        auto=named(InfractionNotice, payload.auto_id),
        target=payload.target,
        on=payload.on or today(),
        auxiliary=named(Auxiliary, payload.auxiliary_id),
    )
    return Status(201, case)


def _suspension_of(
    permit_id: int, payload: TaxiSuspensionIn
) -> tuple[Permit, InfractionNotice, dict[str, Any]]:
    """What a taxi suspension (art. 42 IV–V) acts on: the permit and the final auto the body
    names, each of this municipality (404 otherwise), and the days from the start, with the
    reason."""
    permit = one(Permit, permit_id)
    auto = one(InfractionNotice, payload.auto_id)
    return permit, auto, payload.dict(include={"days", "start", "reason"})


@router.post(
    "/permits/{permit_id}/taxi-suspension",
    summary="Suspender a permissão de táxi (art. 42, V)",
    operation_id="outorga_enforcement_api_taxi_suspension",
)
def taxi_suspension(request: HttpRequest, permit_id: int, payload: TaxiSuspensionIn) -> Any:
    """Taxi art. 42 V: suspension of the permission, at most 90 days (D-10), on a final auto of
    the permission (D-1; art. 41 caput)."""
    permit, auto, span = _suspension_of(permit_id, payload)
    p = taxi_suspension_impose(**acting(request), permit=permit, auto=auto, **span)
    return {"permit": p.number, "status": p.status, "suspended_until": p.suspended_until}


class TaxiRegisterSuspensionIn(TaxiSuspensionIn):
    auxiliary_id: int | None = Field(
        None, description="auxiliar desta permissão; sem ele, suspende-se o cadastro do titular"
    )


class RegisterSuspensionOut(Schema):
    penalty_id: int
    permit: str
    status: str


@router.post(
    "/permits/{permit_id}/taxi-register-suspension",
    summary="Suspender a inscrição no Cadastro Municipal de Taxistas (art. 42, IV)",
    response={201: RegisterSuspensionOut},
    operation_id="outorga_enforcement_api_taxi_register_suspension",
)
def taxi_register_suspension(
    request: HttpRequest, permit_id: int, payload: TaxiRegisterSuspensionIn
) -> Any:
    """Taxi art. 42 IV: suspension of the holder's or an auxiliary's inscription in the Cadastro
    Municipal de Taxistas, at most 90 days (D-10), on a final auto committed by that person
    (D-1; art. 41 caput). The permission itself is not touched."""
    permit, auto, span = _suspension_of(permit_id, payload)
    auxiliary = (
        get_object_or_404(Auxiliary.objects.all(), pk=payload.auxiliary_id, permit=permit)
        if payload.auxiliary_id is not None
        else None
    )
    penalty = taxi_register_suspension_impose(
        **acting(request),
        permit=permit,
        infraction=auto,
        auxiliary=auxiliary,
        **span,
    )
    return Status(201, {"penalty_id": penalty.pk, "permit": permit.number, "status": permit.status})
