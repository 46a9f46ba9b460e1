"""Municipal staff's routes on the platforms themselves: the list, credentialing, a platform's
detail and roster, its API tokens (art. 3 §1, art. 19 §2)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate, acting, respond, staff
from outorga.core.apipages import Rows, paged
from outorga.core.models import ApiToken
from outorga.platforms.services import credentialing as credentialing_services
from outorga.platforms.services.credentialing import PlatformData
from outorga.platforms.services.drivers import enabled_roster
from outorga.platforms.tokens import api_token_issue, api_token_revoke

from .. import selectors
from ..models import Platform, PlatformDriver
from .common import viewer
from .drivers import DriverOut, driver_out

router = Router()


class PlatformOut(Schema):
    id: int
    cnpj: str
    name: str
    status: str


class DocumentIn(Schema):
    kind: Literal[
        "articles",
        "cnpj_card",
        "cadastro_mobiliario",
        "tax_clearance",
        "power_of_attorney",
        "other",
    ]
    number: str = ""
    issued_on: IsoDate | None = None
    valid_until: IsoDate | None = None
    notes: str = ""


class PlatformIn(Schema):
    cnpj: str = Field(..., examples=["11222333000181"])
    name: str = Field(..., examples=["Plataforma Exemplo"])
    cadastro_mobiliario: str = Field("", description="inscrição municipal (art. 19 §2)")
    complaint_channel: str = Field("", description="canal de reclamações (art. 11, III)")
    contact_name: str = ""
    contact_email: str = ""
    contact_phone: str = ""
    address: str = ""
    documents: list[DocumentIn] = []


class StatusChangeOut(Schema):
    old_status: str
    new_status: str
    changed_at: dt.datetime
    reason: str


class PlatformDetailOut(PlatformOut):
    cadastro_mobiliario: str
    complaint_channel: str
    contact_name: str
    contact_email: str
    contact_phone: str
    address: str
    credentialed_at: dt.datetime | None
    suspended_until: IsoDate | None
    enabled_drivers: int
    status_history: list[StatusChangeOut]

    @staticmethod
    def resolve_enabled_drivers(p: Platform) -> int:
        return enabled_roster(p)

    @staticmethod
    def resolve_status_history(p: Platform) -> list[Any]:
        return list(p.status_changes.all())


@router.get(
    "/platforms",
    response=list[PlatformOut],
    auth=staff,
    summary="Plataformas",
    operation_id="outorga_platforms_api_platforms",
)
@paged("name")
def platforms(request: HttpRequest) -> Any:
    viewer(request, "ver as plataformas")
    return Platform.objects.all()


@router.post(
    "/platforms",
    auth=staff,
    response={201: PlatformDetailOut, 409: Error, 422: Error},
    summary="Credenciar plataforma (art. 3 §1: até 10; art. 19 §2; art. 11, III)",
    operation_id="outorga_platforms_api_platform_credential",
)
def platform_credential(request: HttpRequest, payload: PlatformIn) -> Any:
    data = payload.dict()
    docs = tuple(data.pop("documents"))
    p, _ = credentialing_services.platform_credential(
        **acting(request),
        data=PlatformData(**data, documents=docs),
    )
    return Status(201, p)


@router.get(
    "/platforms/{platform_id}",
    auth=staff,
    response=PlatformDetailOut,
    summary="Uma plataforma, com o histórico de situação",
    operation_id="outorga_platforms_api_platform_detail",
)
def platform_detail(request: HttpRequest, platform_id: int) -> Any:
    viewer(request, "ver os dados de uma plataforma")
    return get_object_or_404(Platform.objects.all(), pk=platform_id)


@router.get(
    "/platforms/{platform_id}/drivers",
    auth=staff,
    response=list[DriverOut],
    summary="Motoristas da plataforma (CPF mascarado exceto para autoridade e finanças)",
    operation_id="outorga_platforms_api_platform_roster",
)
@paged("name")
def platform_roster(request: HttpRequest, platform_id: int) -> Rows:
    user = viewer(request, "ver os motoristas de uma plataforma")
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    return Rows(
        PlatformDriver.objects.filter(platform=p),
        lambda d: driver_out(d, selectors.cpf_for(user.role, d.cpf)),
    )


class TokenIn(Schema):
    name: str


@router.post(
    "/platforms/{platform_id}/tokens",
    auth=staff,
    summary="Emitir token de API (mostrado uma única vez)",
    operation_id="outorga_platforms_api_token_issue",
)
def token_issue(request: HttpRequest, platform_id: int, payload: TokenIn) -> Any:
    platform = get_object_or_404(Platform.objects.all(), pk=platform_id)
    token, secret = api_token_issue(
        **acting(request),
        platform=platform,
        name=payload.name,
    )
    return respond(request, {"id": token.pk, "prefix": token.prefix, "token": secret}, 201)


@router.post(
    "/tokens/{token_id}/revoke",
    auth=staff,
    summary="Revogar token",
    operation_id="outorga_platforms_api_token_revoke",
)
def token_revoke(request: HttpRequest, token_id: int) -> Any:
    token = get_object_or_404(ApiToken.objects.all(), pk=token_id)
    token = api_token_revoke(**acting(request), token=token)
    return {"id": token.pk, "active": token.active}
