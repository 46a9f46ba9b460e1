"""Routes for the permit's term: the yearly certificate and the extension (mototaxi and motofrete,
/registry), the taxi Termo de Permissão, its renewal and the debts that block it (/taxi)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.apikit import acting
from outorga.law.money import brl

from ..models import PermitTerm
from ..ports import ledger
from ..services import termos as termo_services
from ..services.termos import taxi_term_renew
from .common import (
    READ_ERRORS,
    WRITE_ERRORS,
    OnIn,
    TermOut,
    permit_act_route,
    taxi_permit,
    term_out,
)
from .router import taxi_router


@permit_act_route("renew", termo_services.permit_renew, "Renovar o certificado anual (art. 4 §1)")
def permit_renew(payload: OnIn) -> dict[str, Any]:
    return payload.dict()


class ExtendIn(Schema):
    on: dt.date
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
    term = taxi_term_renew(**acting(request), permit=permit, on=payload.on)
    return term_out(term)
