"""Routes for stands (pontos de táxi e de mototáxi, /stands), fixed and changed by executive act."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.apikit import IsoDate, acting
from outorga.core.apipages import paged

from ..models import Stand
from ..services.stands import stand_set
from .common import READ_ERRORS, WRITE_ERRORS, created, filtered
from .router import stands_router

# Stands ------------------------------------------------------------------------------------------


class StandOut(Schema):
    id: int
    service: str = Field(..., examples=["taxi"])
    name: str = Field(..., description="nome do ponto")
    place: str = Field(..., description="local")
    category: str = Field(
        ..., validation_alias="taxi_category", description="categoria do táxi; vazio para mototáxi"
    )
    capacity: int = Field(..., description="vagas")
    act_reference: str = Field(..., description="ato do Executivo que o fixou")


class StandIn(Schema):
    service: str
    name: str
    place: str
    capacity: int
    act_reference: str
    on: IsoDate
    taxi_category: str = ""
    at: list[str] = []
    near: list[str] = []
    signposted: bool = True


@stands_router.get(
    "",
    response={200: list[StandOut], **READ_ERRORS},
    summary="Pontos de táxi e de mototáxi",
    operation_id="outorga_registry_api_taxi_stands",
)
@paged("service", "name")
def stands(request: HttpRequest, service: str = "") -> QuerySet[Stand]:
    return filtered(Stand.objects.all(), service=service)


def _stand_set(request: HttpRequest, payload: StandIn, stand: Stand | None) -> Stand:
    return stand_set(**acting(request), **payload.dict(), stand=stand)


@stands_router.post(
    "",
    response={201: StandOut, **WRITE_ERRORS},
    summary="Fixar ponto (ato do Executivo)",
    operation_id="outorga_registry_api_taxi_stand_create",
)
def stand_create(request: HttpRequest, payload: StandIn) -> Any:
    return created(request, _stand_set(request, payload, None))


@stands_router.put(
    "/{stand_id}",
    response={200: StandOut, **WRITE_ERRORS},
    summary="Alterar ponto (ato do Executivo)",
    operation_id="outorga_registry_api_taxi_stand_update",
)
def stand_update(request: HttpRequest, stand_id: int, payload: StandIn) -> Stand:
    stand = get_object_or_404(Stand.objects.all(), pk=stand_id)
    return _stand_set(request, payload, stand)
