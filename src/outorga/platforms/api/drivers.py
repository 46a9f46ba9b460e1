"""The platform's roster through the API (art. 3 §2, art. 4, art. 17): the token's platform, its
drivers registered, read and disabled."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import Error, IsoDate, Reason
from outorga.platforms.services import drivers as driver_services
from outorga.platforms.services.common import citations_of, reasons_json
from outorga.platforms.services.drivers import DriverData, enabled_roster
from outorga.platforms.tokens import platform_token

from ..models import PlatformDriver
from .common import (
    in_status,
    own,
    own_list,
    own_one,
    own_step,
    platform_acting,
    refused_record,
    stored_reasons,
    token_of,
)

router = Router()

#: What a platform reads of a document's date it may leave out (ADR 0081).
_UNDATED = (
    "Sem ela, quando a lei em vigor mede por essa data se o documento está atualizado, o "
    "cadastro é recusado (422) com um fundamento pendente que nomeia o documento e o artigo."
)


class DriverIn(Schema):
    cpf: str = Field(..., description="CPF, 11 dígitos", examples=["52998224725"])
    name: str = Field(..., examples=["Maria da Silva"])
    cnh_number: str = Field(..., examples=["01234567890"])
    cnh_category: str = Field(..., description="ACC, A, B, C, D, E, AB…", examples=["B"])
    cnh_ear: bool = Field(..., description="CNH com a observação EAR (art. 4, II, b)")
    cnh_valid_until: IsoDate | None = Field(
        None,
        description="data de validade da CNH. " + _UNDATED,
        examples=["2029-05-31"],
    )
    vehicle_plate: str = Field(..., description="ABC1234 ou ABC1D23", examples=["QBG1A23"])
    vehicle_kind: Literal[
        "car", "utility", "motorcycle", "motoneta", "ciclomotor", "other_two_wheeler", "other"
    ] = Field(..., examples=["car"])
    vehicle_manufacture_year: int = Field(..., ge=1900, le=2100, examples=[2021])
    # Typed as text with the two values in the document: any other is refused by the service,
    # whose message cites the law's article (art. 20), not by a bare enum check.
    tax_regime: str = Field(
        ...,
        json_schema_extra={"enum": list(PlatformDriver.TaxRegime.values)},
        description=(
            "regime tributário do motorista para o ISSQN que a plataforma retém (art. 20; decisão "
            "D-14): `mei` (microempreendedor individual) ou `autonomo` (profissional autônomo "
            "pessoa física). Mudou de regime? Desative e cadastre de novo: cada mês usa o regime "
            "do cadastro vigente no mês."
        ),
        examples=["autonomo"],
    )
    crlv: bool = Field(False, description="CRLV em dia (art. 4, II, a)")
    crlv_valid_until: IsoDate | None = Field(None, description="validade do CRLV. " + _UNDATED)
    criminal_certificate: bool = Field(False, description="certidão negativa criminal (II, c)")
    criminal_certificate_date: IsoDate | None = Field(
        None, description="data de emissão da certidão criminal. " + _UNDATED
    )
    app_insurance: bool = Field(False, description="seguro APP (II, d)")
    app_insurance_policy: str = ""
    app_insurance_valid_until: IsoDate | None = Field(
        None, description="fim da vigência do seguro APP. " + _UNDATED
    )
    dpvat: bool = Field(False, description="seguro obrigatório DPVAT/SPVAT (II, d)")
    debt_clearance: bool = Field(False, description="certidão negativa de débitos municipais (e)")
    debt_clearance_date: IsoDate | None = Field(
        None, description="data de emissão da certidão de débitos municipais. " + _UNDATED
    )
    inss: bool = Field(False, description="inscrição no INSS como contribuinte individual (f)")
    inss_number: str = ""


class DriverOut(Schema):
    id: int
    cpf: str
    name: str
    cnh_category: str
    cnh_ear: bool
    vehicle_plate: str
    vehicle_kind: str
    vehicle_manufacture_year: int
    tax_regime: Literal["mei", "autonomo"]
    status: Literal["enabled", "disabled", "refused"]
    enabled_at: dt.datetime | None
    disabled_at: dt.datetime | None
    created_at: dt.datetime


class DriverDecisionOut(DriverOut):
    fundamentos: list[Reason]
    citacoes: list[str]


def driver_out(d: PlatformDriver, cpf: str | None = None) -> dict[str, Any]:
    """The driver as ``DriverOut`` shows it; ``cpf`` as the caller may see it (the roster)."""
    out = DriverOut.from_orm(d).dict()
    return out if cpf is None else {**out, "cpf": cpf}


@router.get(
    "/platform/me",
    auth=platform_token("read"),
    summary="A plataforma do token (autenticação Bearer)",
    operation_id="outorga_platforms_api_platform_me",
)
def platform_me(request: HttpRequest) -> dict[str, Any]:
    token = token_of(request)
    p = token.platform
    return {
        "platform": p.name,
        "cnpj": p.cnpj,
        "status": p.status,
        "municipality": token.municipality.slug,
        "token": token.prefix,
        "enabled_drivers": enabled_roster(p),
    }


@own_list(
    router,
    "/platform/drivers",
    list[DriverOut],
    "-pk",
    summary="Motoristas cadastrados pela plataforma",
    operation_id="outorga_platforms_api_platform_drivers",
)
def platform_drivers(
    request: HttpRequest, status: Literal["enabled", "disabled", "refused"] | None = None
) -> Any:
    return in_status(own(request, PlatformDriver.objects.all()), status)


@router.post(
    "/platform/drivers",
    auth=platform_token("roster"),
    response={201: DriverDecisionOut, 409: Error, 422: Error},
    summary="Cadastrar motorista e veículo (art. 4, art. 17, limites do art. 3 §2)",
    description=(
        "Outorga confere os requisitos com o núcleo jurídico e responde com os fundamentos. "
        "**201**: motorista habilitado. **422**: recusado — `fundamentos` traz cada requisito não "
        "atendido com o artigo (duas rodas: art. 17; veículo acima da idade máxima: art. 4, I; "
        "CNH abaixo de B ou sem EAR: art. 4, II, b; limites de motoristas por plataforma e no "
        "Município: art. 3 §2 — os números em vigor na data, que a recusa diz); o cadastro "
        "recusado fica registrado com `id`. **409**: CPF já habilitado nesta plataforma."
    ),
    operation_id="outorga_platforms_api_platform_driver_register",
)
def platform_driver_register(request: HttpRequest, payload: DriverIn) -> Any:
    token = token_of(request)
    driver, decisions = driver_services.platform_driver_register(
        **platform_acting(request),
        platform=token.platform,
        data=DriverData(**payload.dict()),
    )
    if driver.status != PlatformDriver.Status.ENABLED:
        return refused_record("Motorista recusado", decisions, driver.pk)
    return Status(
        201,
        {
            **driver_out(driver),
            "fundamentos": reasons_json(decisions),
            "citacoes": citations_of(decisions),
        },
    )


@router.get(
    "/platform/drivers/{driver_id}",
    auth=platform_token("read"),
    response=DriverDecisionOut,
    summary="Um motorista, com os fundamentos da verificação",
    operation_id="outorga_platforms_api_platform_driver_detail",
)
def platform_driver_detail(request: HttpRequest, driver_id: int) -> Any:
    d = own_one(request, PlatformDriver.objects.all(), driver_id)
    reasons = stored_reasons(r for dec in d.decision.get("decisions", []) for r in dec["reasons"])
    cites = sorted({c for dec in d.decision.get("decisions", []) for c in dec["citations"]})
    return {**driver_out(d), "fundamentos": reasons, "citacoes": cites}


@router.post(
    "/platform/drivers/{driver_id}/disable",
    auth=platform_token("roster_disable"),
    response={200: DriverOut, 409: Error},
    summary="Desativar motorista (libera a vaga)",
    operation_id="outorga_platforms_api_platform_driver_disable",
)
def platform_driver_disable(request: HttpRequest, driver_id: int) -> Any:
    disable = driver_services.platform_driver_disable
    return own_step(request, PlatformDriver.objects.all(), driver_id, disable, "driver")
