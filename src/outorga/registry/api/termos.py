"""Routes for the permit's term: the yearly certificate and the extension (mototaxi and motofrete,
/registry), the taxi Termo de Permissão, its renewal and the debts that block it (/taxi)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema
from pydantic import ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator

from outorga.core import api_errors
from outorga.core.apikit import IsoDate, acting
from outorga.law.money import brl

from ..models import Permit, PermitTerm
from ..selectors import renewal_debts
from ..services import termos as termo_services
from ..services.termos import taxi_term_renew
from .common import (
    READ_ERRORS,
    SAFETY_GEAR,
    WRITE_ERRORS,
    OnIn,
    TermOut,
    acted_permit,
    permit_act_route,
    safety_gear_said,
    taxi_permit,
)
from .router import taxi_router


class CertificateRenewIn(OnIn):
    safety_gear: bool | None = Field(None, description=SAFETY_GEAR)


def _gear_said(permit: Permit, payload: CertificateRenewIn) -> None:
    """The holder's vest and helmet, checked again with the certificate (art. 4 §1, art. 5 IV)."""
    safety_gear_said(service=permit.service, on=payload.on, said=payload.safety_gear)


@permit_act_route(
    "renew",
    termo_services.permit_renew,
    "Renovar o certificado anual (art. 4 §1)",
    check=_gear_said,
)
def permit_renew(payload: CertificateRenewIn) -> dict[str, Any]:
    return payload.dict()


class ExtendIn(Schema):
    on: IsoDate
    act_reference: str = ""


@permit_act_route(
    "extend",
    termo_services.permit_extend,
    "Prorrogar o prazo por um período, a critério do Executivo (mototáxi art. 6)",
)
def permit_extend(payload: ExtendIn) -> dict[str, Any]:
    return payload.dict()


class RenewalDebtOut(Schema):
    reference: str
    description: str
    amount: str = Field(..., examples=["R$ 150,00"])
    due_on: IsoDate = Field(..., description="vencimento")
    status: str


class RenewalDebtsOut(Schema):
    blocking: list[RenewalDebtOut] = Field(..., description="débitos que bloqueiam a renovação")
    under_review: list[RenewalDebtOut] = Field(..., description="débitos em análise")


@taxi_router.get(
    "/permits/{permit_id}/term",
    response={200: TermOut, **READ_ERRORS},
    summary="Termo de Permissão e renovações",
    operation_id="outorga_registry_api_taxi_taxi_term",
)
def taxi_term(request: HttpRequest, permit_id: int) -> PermitTerm:
    permit = taxi_permit(permit_id)
    return get_object_or_404(PermitTerm.objects.all(), permit=permit)


@taxi_router.get(
    "/permits/{permit_id}/renewal-debts",
    response={200: RenewalDebtsOut, **READ_ERRORS},
    summary="Débitos que bloqueiam a renovação (D-11)",
    operation_id="outorga_registry_api_taxi_taxi_renewal_debts",
)
def taxi_renewal_debts(request: HttpRequest, permit_id: int, on: IsoDate) -> dict[str, Any]:
    permit = taxi_permit(permit_id)
    blocking, under_review = renewal_debts(permit.holder, on)

    def row(d: Any, cents: int) -> dict[str, Any]:
        return {
            "reference": d.reference,
            "description": d.description,
            "amount": brl(cents),
            "due_on": d.due_on,
            "status": d.status,
        }

    return {
        "blocking": [row(d, cents) for d, cents in blocking],
        "under_review": [row(d, cents) for d, cents in under_review],
    }


#: Each finding of the yearly inspection and the article that asks it (the same fields as the
#: renewal screen's form).
FINDINGS = {
    "inspection_approved": "vistoria anual aprovada (art. 29)",
    "inspection_accredited_inmetro": "vistoria por empresa credenciada ao INMETRO (art. 29)",
    "taximeter_approved_by": "órgão que aprovou o taxímetro, INMETRO ou IPEM-MG (art. 28, IV)",
    "roof_sign_taxi": 'dispositivo luminoso "TÁXI" no teto (art. 28, V)',
    "ctb_equipment_ok": "equipamentos e sinalização conforme o CTB e o CONTRAN (art. 28, VI)",
}


class TaxiRenewIn(Schema):
    """The renewal's date and what the yearly inspection of the vehicle found (art. 28 IV–VI,
    art. 29): the law judges them, and a renewal without them is refused citing the article."""

    on: IsoDate = Field(..., description="data da renovação")
    inspection_approved: bool = Field(False, description=FINDINGS["inspection_approved"])
    inspection_accredited_inmetro: bool = Field(
        False, description=FINDINGS["inspection_accredited_inmetro"]
    )
    taximeter_approved_by: str = Field(
        "", description=FINDINGS["taximeter_approved_by"], examples=["INMETRO"]
    )
    roof_sign_taxi: bool = Field(False, description=FINDINGS["roof_sign_taxi"])
    ctb_equipment_ok: bool = Field(False, description=FINDINGS["ctb_equipment_ok"])

    @field_validator(*FINDINGS, mode="wrap")
    @classmethod
    def _cite(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        """A malformed finding is refused naming what it is and its article, in Portuguese."""
        try:
            return handler(value)
        except ValidationError as exc:
            raise ValueError(
                f"{api_errors.message(exc.errors()[0])}: {FINDINGS[str(info.field_name)]}"
            ) from None

    def checks(self) -> dict[str, Any]:
        """The findings as the renewal service takes them (an unnamed taxímetro body is left out,
        as the screen does)."""
        found = self.dict(exclude={"on"})
        if not found["taximeter_approved_by"].strip():
            del found["taximeter_approved_by"]
        return found


@taxi_router.post(
    "/permits/{permit_id}/renew",
    response={200: TermOut, **WRITE_ERRORS},
    summary="Renovar o Termo e o Cadastro (art. 13, 21) com a vistoria anual (art. 28, 29)",
    description=(
        "Envie a data e o que a vistoria anual do veículo constatou — os mesmos campos da tela de "
        "renovação. A lei os julga: sem vistoria aprovada por empresa credenciada ao INMETRO "
        "(art. 29), sem taxímetro aprovado pelo INMETRO ou IPEM-MG (art. 28, IV), sem o luminoso "
        '"TÁXI" (art. 28, V) ou com equipamentos em desacordo com o CTB (art. 28, VI), a '
        "renovação é recusada (**422**) com a decisão e os artigos. Débitos definitivos também a "
        "recusam, cada um nomeado (art. 21, §1º; decisões D-11 e D-18)."
    ),
    operation_id="outorga_registry_api_taxi_taxi_renew",
)
def taxi_renew(request: HttpRequest, permit_id: int, payload: TaxiRenewIn) -> PermitTerm:
    permit = acted_permit(permit_id, service="taxi")
    return taxi_term_renew(**acting(request), permit=permit, on=payload.on, checks=payload.checks())
