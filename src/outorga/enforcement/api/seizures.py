"""Seized vehicles: the seizure, its storage days charged, the release (mototaxi art. 35 §1; taxi
art. 42 §2)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router, Schema, Status

from outorga.core.apikit import IsoDate

from ..models import InfractionNotice, Seizure
from ..services.seizures import seizure_bill_storage
from ..services.seizures import seizure_create as seizure_create_service
from ..services.seizures import seizure_release as seizure_release_service
from .common import (
    act,
    acting,
    one,
)

router = Router()


class SeizureIn(Schema):
    auto_id: int
    depot: str
    entered_on: IsoDate
    removal_cents: int
    storage_daily_cents: int


class SeizureOut(Schema):
    id: int
    plate: str
    status: str
    depot: str
    entered_on: IsoDate
    storage_days: int
    released_on: IsoDate | None


class OnIn(Schema):
    on: IsoDate


@router.post(
    "/seizures",
    summary="Registrar apreensão de veículo",
    response={201: SeizureOut},
    operation_id="outorga_enforcement_api_seizure_create",
)
def seizure_create(request: HttpRequest, payload: SeizureIn) -> Any:
    auto = get_object_or_404(InfractionNotice.objects.select_related("permit"), pk=payload.auto_id)
    return Status(
        201,
        seizure_create_service(
            **acting(request),
            person=None,
            plate=auto.plate,
            depot=payload.depot,
            entered_on=payload.entered_on,
            removal_cents=payload.removal_cents,
            storage_daily_cents=payload.storage_daily_cents,
            auto=auto,
        ),
    )


@router.post(
    "/seizures/{seizure_id}/storage",
    summary="Cobrar as diárias de estadia ainda não cobradas do veículo apreendido (mototáxi art. 35 §1; táxi art. 42 §2)",
    operation_id="outorga_enforcement_api_seizure_storage",
)
def seizure_storage(request: HttpRequest, seizure_id: int, payload: OnIn) -> Any:
    s = one(Seizure, seizure_id)
    debt = seizure_bill_storage(**acting(request), seizure=s, through=payload.on)
    return {
        "debt": debt.reference if debt else None,
        "amount_cents": debt.amount_cents if debt else 0,
    }


@router.post(
    "/seizures/{seizure_id}/release",
    summary="Liberar veículo apreendido",
    response=SeizureOut,
    operation_id="outorga_enforcement_api_seizure_release",
)
def seizure_release(request: HttpRequest, seizure_id: int, payload: OnIn) -> Any:
    return act(request, seizure_release_service, payload, seizure=one(Seizure, seizure_id))
