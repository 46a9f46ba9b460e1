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
from .common import READ_ERRORS, WRITE_ERRORS, OnIn, PermitOut, permit_act, taxi_permit
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


class TermRenewalOut(Schema):
    renewed_on: dt.date = Field(..., description="renovado em")
    valid_until: dt.date = Field(..., description="vigente até")


class TermOut(Schema):
    """Termo de Permissão (táxi art. 10) e suas renovações (art. 13, 21)."""

    permit: int = Field(..., description="id da permissão")
    option: str = Field(..., description="opção de prazo", examples=["I"])
    mode: str = Field(..., description="contrapartida", examples=["pagamento"])
    instalments: int | None = Field(..., description="parcelas")
    total: str = Field(..., description="valor da contrapartida", examples=["R$ 1.234,56"])
    total_cents: int = Field(..., description="valor da contrapartida em centavos")
    signed_on: dt.date = Field(..., description="assinatura do Termo")
    term_ends_on: dt.date = Field(..., description="termo final")
    valid_until: dt.date = Field(..., description="Termo vigente até")
    renewals: list[TermRenewalOut]


class RenewalDebtOut(Schema):
    reference: str
    description: str
    amount: str = Field(..., examples=["R$ 150,00"])
    due_on: dt.date = Field(..., description="vencimento")
    status: str


class RenewalDebtsOut(Schema):
    blocking: list[RenewalDebtOut] = Field(..., description="débitos que bloqueiam a renovação")
    under_review: list[RenewalDebtOut] = Field(..., description="débitos em análise")


def term_out(term: PermitTerm) -> dict[str, Any]:
    return {
        "permit": term.permit_id,
        "option": term.option,
        "mode": term.mode,
        "instalments": term.instalments,
        "total": brl(term.total_cents),
        "total_cents": term.total_cents,
        "signed_on": term.signed_on,
        "term_ends_on": term.term_ends_on,
        "valid_until": term.valid_until,
        "renewals": [
            {"renewed_on": r.renewed_on, "valid_until": r.valid_until} for r in term.renewals.all()
        ],
    }


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
