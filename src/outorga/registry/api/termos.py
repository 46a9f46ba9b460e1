"""Routes for the permit's term: the yearly certificate and the extension (mototaxi and motofrete,
/registry), the taxi Termo de Permissão, its renewal and the debts that block it (/taxi)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.money import brl

from ..models import PermitTerm
from ..ports import ledger
from ..services import termos as termo_services
from ..services.termos import taxi_term_renew
from .common import (
    READ_ERRORS,
    WRITE_ERRORS,
    OnIn,
    PermitOut,
    TermOut,
    permit_act,
    taxi_permit,
    term_out,
)
from .router import router, taxi_router


@router.post(
    "/permits/{permit_id}/renew",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Renovar o certificado anual (art. 4 §1)",
    operation_id="outorga_registry_api_permit_renew",
)
def permit_renew(request: HttpRequest, permit_id: int, payload: OnIn) -> Any:
    return permit_act(request, permit_id, termo_services.permit_renew, on=payload.on)


class ExtendIn(Schema):
    on: dt.date
    act_reference: str = ""


@router.post(
    "/permits/{permit_id}/extend",
    response={200: PermitOut, **WRITE_ERRORS},
    summary="Prorrogar o prazo por um período, a critério do Executivo (mototáxi art. 6)",
    operation_id="outorga_registry_api_permit_extend",
)
def permit_extend(request: HttpRequest, permit_id: int, payload: ExtendIn) -> Any:
    return permit_act(
        request,
        permit_id,
        termo_services.permit_extend,
        on=payload.on,
        act_reference=payload.act_reference,
    )


class RenewalDebtOut(Schema):
    reference: str
    description: str
    amount: str = Field(..., examples=["R$ 150,00"])
    due_on: dt.date = Field(..., description="vencimento")
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
def taxi_term(request: HttpRequest, permit_id: int) -> dict[str, Any]:
    permit = taxi_permit(permit_id)
    return term_out(get_object_or_404(PermitTerm.objects.all(), permit=permit))


@taxi_router.get(
    "/permits/{permit_id}/renewal-debts",
    response={200: RenewalDebtsOut, **READ_ERRORS},
    summary="Débitos que bloqueiam a renovação (D-11)",
    operation_id="outorga_registry_api_taxi_taxi_renewal_debts",
)
def taxi_renewal_debts(request: HttpRequest, permit_id: int, on: dt.date) -> dict[str, Any]:
    permit = taxi_permit(permit_id)

    def row(d: Any) -> dict[str, Any]:
        return {
            "reference": d.reference,
            "description": d.description,
            "amount": brl(d.amount_cents),
            "due_on": d.due_on,
            "status": d.status,
        }

    return {
        "blocking": [row(d) for d in ledger().debts_blocking(permit.holder, on)],
        "under_review": [row(d) for d in ledger().debts_under_review(permit.holder)],
    }


@taxi_router.post(
    "/permits/{permit_id}/renew",
    response={200: TermOut, **WRITE_ERRORS},
    summary="Renovar o Termo e o Cadastro (art. 13, 21)",
    operation_id="outorga_registry_api_taxi_taxi_renew",
)
def taxi_renew(request: HttpRequest, permit_id: int, payload: OnIn) -> dict[str, Any]:
    permit = taxi_permit(permit_id)
    term = taxi_term_renew(
        actor=actor_of(request), municipality=current_municipality(), permit=permit, on=payload.on
    )
    return term_out(term)
