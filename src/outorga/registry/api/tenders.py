"""Routes for tenders (licitações, /tenders): opened, applicants, evaluation, ranking, homologation
and the grants in order."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Schema

from outorga.core.apikit import IsoDate, acting
from outorga.core.apipages import paged

from ..models import Person, Tender, TenderApplicant
from ..services import tender_grants
from ..services import tenders as tender_services
from .common import (
    READ_ERRORS,
    WRITE_ERRORS,
    OnIn,
    Route,
    act_route,
    created,
    filtered,
    safety_gear_said,
    with_records,
)
from .router import tenders_router

# Tenders -----------------------------------------------------------------------------------------


class TenderApplicantRow(Schema):
    id: int
    person: int = Field(..., validation_alias="person_id", description="id da pessoa")
    name: str = Field(..., validation_alias="person.name")
    taxi_category: str
    eligible: bool | None = Field(..., description="habilitado; null antes da habilitação")
    rank: int | None = Field(..., description="classificação pela comissão")
    decision: dict[str, Any] = Field(..., description="decisão da habilitação, com fundamentos")


class TenderOut(Schema):
    id: int
    service: str = Field(..., examples=["taxi"])
    taxi_category: str = Field(..., description="táxi: convencional, especial ou executivo")
    number: str = Field(..., description="número da licitação", examples=["001/2026"])
    places: int = Field(..., description="vagas oferecidas")
    opened_on: IsoDate = Field(..., description="abertura")
    homologated_on: IsoDate | None = Field(..., description="homologação")
    status: str = Field(..., examples=["open"])
    status_label: str = Field(..., validation_alias="get_status_display", examples=["aberta"])
    applicants: list[TenderApplicantRow] = Field(..., description="candidatos")

    @staticmethod
    def resolve_applicants(tender: Tender) -> QuerySet[TenderApplicant]:
        return TenderApplicant.objects.filter(tender=tender).select_related("person")


class TenderRow(Schema):
    id: int
    service: str
    number: str
    places: int
    status: str


class TenderApplicationOut(Schema):
    id: int
    tender: int
    person: int
    taxi_category: str


def _tender_act(
    request: HttpRequest,
    tender_id: int,
    act: Callable[..., Any],
    *,
    refresh: bool = False,
    check: Callable[[Tender], None] | None = None,
    **fields: Any,
) -> Tender:
    """The step on the tender by the servant asking here, answered with the tender (read again
    from the database when the step changes its own row); ``check`` refuses first what the body
    left out for this tender."""
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    if check is not None:
        check(tender)
    act(**acting(request), tender=tender, **fields)
    if refresh:
        tender.refresh_from_db()
    return tender


def _tender_step(step: str, summary: str, name: str) -> Callable[[Route], Route]:
    """A step of the tender posted to ``/{tender_id}/<step>``, answered with the tender."""
    path = f"/{{tender_id}}/{step}"
    return act_route(tenders_router, path, TenderOut, summary, f"taxi_tender_{name}")


class TenderIn(Schema):
    service: str
    number: str
    places: int
    opened_on: IsoDate
    taxi_category: str = Field("", description="táxi: convencional, especial ou executivo")


@tenders_router.get(
    "",
    response={200: list[TenderRow], **READ_ERRORS},
    summary="Licitações",
    operation_id="outorga_registry_api_taxi_tenders",
)
@paged("-opened_on", "-id")
def tenders(request: HttpRequest, service: str = "") -> QuerySet[Tender]:
    return filtered(Tender.objects.all(), service=service)


@tenders_router.post(
    "",
    response={201: TenderOut, **WRITE_ERRORS},
    summary="Abrir licitação (vagas dentro da cota livre)",
    operation_id="outorga_registry_api_taxi_tender_create",
)
def tender_create(request: HttpRequest, payload: TenderIn) -> Any:
    t = tender_services.tender_create(**acting(request), **payload.dict())
    return created(request, t)


@tenders_router.get(
    "/{tender_id}",
    response={200: TenderOut, **READ_ERRORS},
    summary="Uma licitação, com candidatos e fundamentos",
    operation_id="outorga_registry_api_taxi_tender_detail",
)
def tender_detail(request: HttpRequest, tender_id: int) -> Tender:
    return get_object_or_404(Tender.objects.all(), pk=tender_id)


class ApplicantIn(Schema):
    person_id: int
    taxi_category: str = Field("", description="só para licitação de táxi registrada sem categoria")


@tenders_router.post(
    "/{tender_id}/applicants",
    response={201: TenderApplicationOut, **WRITE_ERRORS},
    summary="Inscrever candidato",
    operation_id="outorga_registry_api_taxi_tender_apply",
)
def tender_apply(request: HttpRequest, tender_id: int, payload: ApplicantIn) -> Any:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    a = tender_services.tender_apply(
        **acting(request), tender=tender, **with_records(payload, person=Person)
    )
    return created(
        request,
        {"id": a.pk, "tender": tender.pk, "person": a.person_id, "taxi_category": a.taxi_category},
    )


class EvaluateIn(Schema):
    on: IsoDate
    taxi_category: str = Field("", description="só para licitação registrada sem categoria")


@_tender_step("evaluate", "Habilitação de cada candidato, com artigos", "evaluate")
def tender_evaluate(request: HttpRequest, tender_id: int, payload: EvaluateIn) -> Tender:
    return _tender_act(request, tender_id, tender_services.tender_evaluate, **payload.dict())


class RankingIn(Schema):
    ranking: list[int]
    scores: dict[int, Decimal] = Field(
        default_factory=dict,
        description="táxi (art. 48): nota de cada candidato (id) nos demais critérios do edital; "
        "a lei soma os pontos dos atuais taxistas e ordena, a ordem de ranking só desempata",
    )


@_tender_step("ranking", "Classificação pela comissão", "rank")
def tender_rank(request: HttpRequest, tender_id: int, payload: RankingIn) -> Tender:
    return _tender_act(request, tender_id, tender_services.tender_rank, **payload.dict())


@_tender_step("homologate", "Homologar o resultado", "homologate")
def tender_homologate(request: HttpRequest, tender_id: int, payload: OnIn) -> Tender:
    return _tender_act(
        request, tender_id, tender_services.tender_homologate, refresh=True, **payload.dict()
    )


class GrantsIn(Schema):
    on: IsoDate
    grants: dict[int, dict[str, Any]] = Field(
        ...,
        description="por id do candidato, o que a outorga pede: vehicle (id do veículo) e "
        "decree; táxi: category, option, mode, instalments, checks e declarations; mototáxi e "
        "motofrete: term_years, equipment e safety_gear (colete e capacete com dispositivos "
        "retrorrefletivos verificados, art. 5, IV), obrigatório: false, a lei recusa o candidato "
        "e chama o seguinte; ausente ou null em qualquer candidato, nenhuma outorga é feita (422, "
        "nomeando o campo, o candidato e o artigo)",
    )


@_tender_step("grants", "Outorgar na ordem da classificação", "grant")
def tender_grant(request: HttpRequest, tender_id: int, payload: GrantsIn) -> Tender:

    def every_gear_said(tender: Tender) -> None:  # every applicant's before anyone is granted
        for applicant, grant in payload.grants.items():
            said = grant.get("safety_gear")
            safety_gear_said(service=tender.service, on=payload.on, said=said, applicant=applicant)

    return _tender_act(
        request,
        tender_id,
        tender_grants.tender_grant,
        refresh=True,
        check=every_gear_said,
        **payload.dict(),
    )
