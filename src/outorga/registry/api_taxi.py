"""API for tenders (/tenders), taxi permits, Termo, auxiliaries, vehicles, transfer and extinction
(/taxi) and stands (/stands). Thin: parse, call one service, answer; the errors (FieldError 422,
Refused 422 with the decision, InvalidTransition 409) are mapped in ``registry.api``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema, Status

from outorga.core.apikit import staff
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.money import brl

from .api import READ_ERRORS, WRITE_ERRORS
from .models import (
    ExtinctionCase,
    Permit,
    PermitTerm,
    Person,
    Stand,
    Tender,
    TenderApplicant,
    Vehicle,
    VehicleChange,
)
from .ports import ledger
from .services import extinctions as extinction_services
from .services import tenders as tender_services
from .services import vehicle_changes as vehicle_change_services
from .services.auxiliaries import taxi_auxiliary_add
from .services.extinctions import extinction_defence_file
from .services.permits import taxi_permit_grant, taxi_permit_transfer
from .services.stands import stand_set
from .services.termos import taxi_term_renew
from .services.vehicle_changes import taxi_reserve_vehicle, taxi_vehicle_swap

tenders_router = Router(tags=["licitações"], auth=staff)
taxi_router = Router(tags=["táxi"], auth=staff)
stands_router = Router(tags=["pontos"], auth=staff)


def _created(request: HttpRequest, body: dict[str, Any]) -> Any:
    return Status(201, body)


# Tenders -----------------------------------------------------------------------------------------


class TenderApplicantRow(Schema):
    id: int
    person: int = Field(..., description="id da pessoa")
    name: str
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
    opened_on: dt.date = Field(..., description="abertura")
    homologated_on: dt.date | None = Field(..., description="homologação")
    status: str = Field(..., examples=["open"])
    status_label: str = Field(..., examples=["aberta"])
    applicants: list[TenderApplicantRow] = Field(..., description="candidatos")


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


def tender_out(t: Tender) -> dict[str, Any]:
    return {
        "id": t.pk,
        "service": t.service,
        "taxi_category": t.taxi_category,
        "number": t.number,
        "places": t.places,
        "opened_on": t.opened_on,
        "homologated_on": t.homologated_on,
        "status": t.status,
        "status_label": t.get_status_display(),
        "applicants": [
            {
                "id": a.pk,
                "person": a.person_id,
                "name": a.person.name,
                "taxi_category": a.taxi_category,
                "eligible": a.eligible,
                "rank": a.rank,
                "decision": a.decision,
            }
            for a in TenderApplicant.objects.filter(tender=t).select_related("person")
        ],
    }


class TenderIn(Schema):
    service: str
    number: str
    places: int
    opened_on: dt.date
    taxi_category: str = Field("", description="táxi: convencional, especial ou executivo")


@tenders_router.get("", response={200: list[TenderRow], **READ_ERRORS}, summary="Licitações")
def tenders(request: HttpRequest, service: str = "") -> list[dict[str, Any]]:
    qs = Tender.objects.order_by("-opened_on", "-id")
    if service:
        qs = qs.filter(service=service)
    return [
        {
            "id": t.pk,
            "service": t.service,
            "number": t.number,
            "places": t.places,
            "status": t.status,
        }
        for t in qs[:500]
    ]


@tenders_router.post(
    "",
    response={201: TenderOut, **WRITE_ERRORS},
    summary="Abrir licitação (vagas dentro da cota livre)",
)
def tender_create(request: HttpRequest, payload: TenderIn) -> Any:
    t = tender_services.tender_create(
        actor=actor_of(request),
        municipality=current_municipality(),
        service=payload.service,
        number=payload.number,
        places=payload.places,
        opened_on=payload.opened_on,
        taxi_category=payload.taxi_category,
    )
    return _created(request, tender_out(t))


@tenders_router.get(
    "/{tender_id}",
    response={200: TenderOut, **READ_ERRORS},
    summary="Uma licitação, com candidatos e fundamentos",
)
def tender_detail(request: HttpRequest, tender_id: int) -> dict[str, Any]:
    return tender_out(get_object_or_404(Tender.objects.all(), pk=tender_id))


class ApplicantIn(Schema):
    person_id: int
    taxi_category: str = Field("", description="só para licitação de táxi registrada sem categoria")


@tenders_router.post(
    "/{tender_id}/applicants",
    response={201: TenderApplicationOut, **WRITE_ERRORS},
    summary="Inscrever candidato",
)
def tender_apply(request: HttpRequest, tender_id: int, payload: ApplicantIn) -> Any:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    person = get_object_or_404(Person.objects.all(), pk=payload.person_id)
    a = tender_services.tender_apply(
        actor=actor_of(request),
        municipality=current_municipality(),
        tender=tender,
        person=person,
        taxi_category=payload.taxi_category,
    )
    return _created(
        request,
        {
            "id": a.pk,
            "tender": tender.pk,
            "person": person.pk,
            "taxi_category": a.taxi_category,
        },
    )


class EvaluateIn(Schema):
    on: dt.date
    taxi_category: str = Field("", description="só para licitação registrada sem categoria")


@tenders_router.post(
    "/{tender_id}/evaluate",
    response={200: TenderOut, **WRITE_ERRORS},
    summary="Habilitação de cada candidato, com artigos",
)
def tender_evaluate(request: HttpRequest, tender_id: int, payload: EvaluateIn) -> dict[str, Any]:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    tender_services.tender_evaluate(
        actor=actor_of(request),
        municipality=current_municipality(),
        tender=tender,
        on=payload.on,
        taxi_category=payload.taxi_category,
    )
    return tender_out(tender)


class RankingIn(Schema):
    ranking: list[int]


@tenders_router.post(
    "/{tender_id}/ranking",
    response={200: TenderOut, **WRITE_ERRORS},
    summary="Classificação pela comissão",
)
def tender_rank(request: HttpRequest, tender_id: int, payload: RankingIn) -> dict[str, Any]:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    tender_services.tender_rank(
        actor=actor_of(request),
        municipality=current_municipality(),
        tender=tender,
        ranking=payload.ranking,
    )
    return tender_out(tender)


class OnIn(Schema):
    on: dt.date


@tenders_router.post(
    "/{tender_id}/homologate",
    response={200: TenderOut, **WRITE_ERRORS},
    summary="Homologar o resultado",
)
def tender_homologate(request: HttpRequest, tender_id: int, payload: OnIn) -> dict[str, Any]:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    tender_services.tender_homologate(
        actor=actor_of(request), municipality=current_municipality(), tender=tender, on=payload.on
    )
    tender.refresh_from_db()
    return tender_out(tender)


class GrantsIn(Schema):
    on: dt.date
    grants: dict[int, dict[str, Any]]


@tenders_router.post(
    "/{tender_id}/grants",
    response={200: TenderOut, **WRITE_ERRORS},
    summary="Outorgar na ordem da classificação",
)
def tender_grant(request: HttpRequest, tender_id: int, payload: GrantsIn) -> dict[str, Any]:
    tender = get_object_or_404(Tender.objects.all(), pk=tender_id)
    tender_services.tender_grant(
        actor=actor_of(request),
        municipality=current_municipality(),
        tender=tender,
        on=payload.on,
        grants=payload.grants,
    )
    tender.refresh_from_db()
    return tender_out(tender)


# Taxi permits ------------------------------------------------------------------------------------


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


class TaxiPermitOut(Schema):
    id: int
    number: str = Field(..., description="número da permissão")
    registration_number: int = Field(..., description="número de registro")
    category: str = Field(..., description="categoria do táxi", examples=["convencional"])
    holder: int = Field(..., description="id do permissionário")
    vehicle: str | None = Field(..., description="placa do veículo vinculado")
    status: str = Field(..., examples=["active"])
    term_end: dt.date = Field(..., description="fim do prazo")


class TaxiGrantOut(TaxiPermitOut):
    term: TermOut


class RenewalDebtOut(Schema):
    reference: str
    description: str
    amount: str = Field(..., examples=["R$ 150,00"])
    due_on: dt.date = Field(..., description="vencimento")
    status: str


class RenewalDebtsOut(Schema):
    blocking: list[RenewalDebtOut] = Field(..., description="débitos que bloqueiam a renovação")
    under_review: list[RenewalDebtOut] = Field(..., description="débitos em análise")


class TaxiAuxiliaryOut(Schema):
    id: int
    registration_number: int | None = Field(..., description="nº no Cadastro (art. 20)")


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


def taxi_permit_out(p: Permit) -> dict[str, Any]:
    return {
        "id": p.pk,
        "number": p.number,
        "registration_number": p.registration_number,
        "category": p.taxi_category,
        "holder": p.holder_id,
        "vehicle": p.vehicle.plate if p.vehicle else None,
        "status": p.status,
        "term_end": p.term_end,
    }


class TaxiGrantIn(Schema):
    holder_id: int
    vehicle_id: int
    category: str = "convencional"
    signed_on: dt.date
    option: str = "I"
    mode: str = "pagamento"
    instalments: int = 1
    tender_id: int | None = None
    decree: str = ""
    checks: dict[str, Any] = {}
    declarations: list[str] = []


def _taxi_permit(permit_id: int) -> Permit:
    return get_object_or_404(Permit.objects.filter(service="taxi"), pk=permit_id)


@taxi_router.post(
    "/permits",
    response={201: TaxiGrantOut, **WRITE_ERRORS},
    summary="Outorgar permissão de táxi e assinar o Termo (art. 3, 10)",
)
def taxi_grant(request: HttpRequest, payload: TaxiGrantIn) -> Any:
    holder = get_object_or_404(Person.objects.all(), pk=payload.holder_id)
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=payload.vehicle_id)
    tender = (
        get_object_or_404(Tender.objects.all(), pk=payload.tender_id) if payload.tender_id else None
    )
    permit = taxi_permit_grant(
        actor=actor_of(request),
        municipality=current_municipality(),
        holder=holder,
        vehicle=vehicle,
        category=payload.category,
        signed_on=payload.signed_on,
        option=payload.option,
        mode=payload.mode,
        instalments=payload.instalments,
        tender=tender,
        decree=payload.decree,
        checks=payload.checks,
        declarations=payload.declarations,
    )
    return _created(request, {**taxi_permit_out(permit), "term": term_out(permit.term)})


@taxi_router.get(
    "/permits/{permit_id}/term",
    response={200: TermOut, **READ_ERRORS},
    summary="Termo de Permissão e renovações",
)
def taxi_term(request: HttpRequest, permit_id: int) -> dict[str, Any]:
    permit = _taxi_permit(permit_id)
    return term_out(get_object_or_404(PermitTerm.objects.all(), permit=permit))


@taxi_router.get(
    "/permits/{permit_id}/renewal-debts",
    response={200: RenewalDebtsOut, **READ_ERRORS},
    summary="Débitos que bloqueiam a renovação (D-11)",
)
def taxi_renewal_debts(request: HttpRequest, permit_id: int, on: dt.date) -> dict[str, Any]:
    permit = _taxi_permit(permit_id)

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
)
def taxi_renew(request: HttpRequest, permit_id: int, payload: OnIn) -> dict[str, Any]:
    permit = _taxi_permit(permit_id)
    term = taxi_term_renew(
        actor=actor_of(request), municipality=current_municipality(), permit=permit, on=payload.on
    )
    return term_out(term)


class TaxiAuxiliaryIn(Schema):
    person_id: int
    on: dt.date
    declarations: list[str] = []
    checks: dict[str, Any] = {}
    work_schedule: str = ""


@taxi_router.post(
    "/permits/{permit_id}/auxiliaries",
    response={201: TaxiAuxiliaryOut, **WRITE_ERRORS},
    summary="Cadastrar taxista auxiliar (art. 20)",
)
def taxi_auxiliary(request: HttpRequest, permit_id: int, payload: TaxiAuxiliaryIn) -> Any:
    permit = _taxi_permit(permit_id)
    person = get_object_or_404(Person.objects.all(), pk=payload.person_id)
    aux = taxi_auxiliary_add(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        person=person,
        on=payload.on,
        declarations=payload.declarations,
        checks=payload.checks,
        work_schedule=payload.work_schedule,
    )
    return _created(request, {"id": aux.pk, "registration_number": aux.registration_number})


class VehicleChangeOut(Schema):
    id: int
    permit: int = Field(..., description="id da permissão")
    kind: str = Field(..., description="reserva, permuta ou substituição")
    from_: str | None = Field(..., alias="from", description="placa do veículo que sai")
    to: str = Field(..., description="placa do veículo que entra", examples=["QBG1A23"])
    started_on: dt.date = Field(..., description="início")
    until: dt.date | None = Field(..., description="até (veículo temporário)")
    status: str


class SwapOut(Schema):
    changes: list[VehicleChangeOut] = Field(..., description="as duas trocas da permuta")


def change_out(c: VehicleChange) -> dict[str, Any]:
    return {
        "id": c.pk,
        "permit": c.permit_id,
        "kind": c.kind,
        "from": c.from_vehicle.plate if c.from_vehicle else None,
        "to": c.to_vehicle.plate,
        "started_on": c.started_on,
        "until": c.until,
        "status": c.status,
    }


class ReserveIn(Schema):
    vehicle_id: int
    on: dt.date
    until: dt.date
    cause: str


@taxi_router.post(
    "/permits/{permit_id}/reserve-vehicle",
    response={201: VehicleChangeOut, **WRITE_ERRORS},
    by_alias=True,
    summary="Veículo reserva (art. 30)",
)
def taxi_reserve(request: HttpRequest, permit_id: int, payload: ReserveIn) -> Any:
    permit = _taxi_permit(permit_id)
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=payload.vehicle_id)
    change = taxi_reserve_vehicle(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        vehicle=vehicle,
        on=payload.on,
        until=payload.until,
        cause=payload.cause,
    )
    return _created(request, change_out(change))


class SwapIn(Schema):
    other_permit_id: int
    on: dt.date
    checks: dict[str, Any] = {}
    other_checks: dict[str, Any] = {}


@taxi_router.post(
    "/permits/{permit_id}/swap",
    response={201: SwapOut, **WRITE_ERRORS},
    by_alias=True,
    summary="Permuta de veículos (art. 32)",
)
def taxi_swap(request: HttpRequest, permit_id: int, payload: SwapIn) -> Any:
    permit = _taxi_permit(permit_id)
    other = _taxi_permit(payload.other_permit_id)
    a, b = taxi_vehicle_swap(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        other=other,
        on=payload.on,
        checks=payload.checks,
        other_checks=payload.other_checks,
    )
    return _created(request, {"changes": [change_out(a), change_out(b)]})


class SubstituteIn(Schema):
    vehicle_id: int
    on: dt.date
    emergency_until: dt.date | None = None
    cause: str = ""
    checks: dict[str, Any] = {}
    equipment: list[str] = []


@taxi_router.post(
    "/permits/{permit_id}/substitute",
    response={201: VehicleChangeOut, **WRITE_ERRORS},
    by_alias=True,
    summary="Substituir o veículo (táxi art. 29; mototáxi art. 2 XXII–XXIII)",
)
def vehicle_substitute(request: HttpRequest, permit_id: int, payload: SubstituteIn) -> Any:
    # Every service's permit: the mototaxi substitution goes through the same service.
    permit = get_object_or_404(Permit.objects.all(), pk=permit_id)
    vehicle = get_object_or_404(Vehicle.objects.all(), pk=payload.vehicle_id)
    change = vehicle_change_services.vehicle_substitute(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        vehicle=vehicle,
        on=payload.on,
        emergency_until=payload.emergency_until,
        cause=payload.cause,
        checks=payload.checks,
        equipment=payload.equipment,
    )
    return _created(request, change_out(change))


@taxi_router.post(
    "/vehicle-changes/{change_id}/end",
    response={200: VehicleChangeOut, **WRITE_ERRORS},
    by_alias=True,
    summary="Encerrar veículo temporário",
)
def vehicle_change_end(request: HttpRequest, change_id: int, payload: OnIn) -> dict[str, Any]:
    change = get_object_or_404(VehicleChange.objects.all(), pk=change_id)
    change = vehicle_change_services.vehicle_change_end(
        actor=actor_of(request), municipality=current_municipality(), change=change, on=payload.on
    )
    return change_out(change)


class TransferIn(Schema):
    successor_id: int
    event: str
    on: dt.date
    proof: str
    declarations: list[str] = []
    checks: dict[str, Any] = {}


@taxi_router.post(
    "/permits/{permit_id}/transfer",
    response={200: TaxiPermitOut, **WRITE_ERRORS},
    summary="Transferir por falecimento ou incapacidade (art. 13)",
)
def taxi_transfer(request: HttpRequest, permit_id: int, payload: TransferIn) -> dict[str, Any]:
    permit = _taxi_permit(permit_id)
    successor = get_object_or_404(Person.objects.all(), pk=payload.successor_id)
    permit = taxi_permit_transfer(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        successor=successor,
        event=payload.event,
        on=payload.on,
        proof=payload.proof,
        declarations=payload.declarations,
        checks=payload.checks,
    )
    return taxi_permit_out(permit)


class ExtinctionCaseOut(Schema):
    """Processo de extinção da permissão de táxi (art. 15)."""

    id: int
    number: int = Field(..., description="número do processo")
    permit: int = Field(..., description="id da permissão")
    cause: str = Field(..., description="causa (art. 15)")
    inciso: str = Field(..., description="inciso do art. 15", examples=["III"])
    facts: str = Field(..., description="fatos constatados")
    opened_on: dt.date = Field(..., description="instaurado em")
    notified_on: dt.date | None = Field(..., description="notificado em")
    defence_deadline: dt.date | None = Field(..., description="prazo de defesa")
    defence_filed_on: dt.date | None = Field(..., description="defesa apresentada em")
    status: str
    status_label: str
    decided_on: dt.date | None = Field(..., description="decidido em")
    grounds: str = Field(..., description="fundamentação da decisão")
    decision: dict[str, Any] = Field(..., description="fundamentos, com os artigos")


def case_out(c: ExtinctionCase) -> dict[str, Any]:
    return {
        "id": c.pk,
        "number": c.number,
        "permit": c.permit_id,
        "cause": c.cause,
        "inciso": c.inciso,
        "facts": c.facts,
        "opened_on": c.opened_on,
        "notified_on": c.notified_on,
        "defence_deadline": c.defence_deadline,
        "defence_filed_on": c.defence_filed_on,
        "status": c.status,
        "status_label": c.get_status_display(),
        "decided_on": c.decided_on,
        "grounds": c.grounds,
        "decision": c.decision,
    }


class ExtinctionIn(Schema):
    cause: str
    facts: str
    on: dt.date
    notified_on: dt.date | None = None


@taxi_router.post(
    "/permits/{permit_id}/extinction-cases",
    response={201: ExtinctionCaseOut, **WRITE_ERRORS},
    summary="Instaurar processo de extinção (art. 15)",
)
def extinction_open(request: HttpRequest, permit_id: int, payload: ExtinctionIn) -> Any:
    permit = _taxi_permit(permit_id)
    case = extinction_services.extinction_open(
        actor=actor_of(request),
        municipality=current_municipality(),
        permit=permit,
        cause=payload.cause,
        facts=payload.facts,
        on=payload.on,
        notified_on=payload.notified_on,
    )
    return _created(request, case_out(case))


@taxi_router.get(
    "/extinction-cases/{case_id}",
    response={200: ExtinctionCaseOut, **READ_ERRORS},
    summary="Um processo de extinção",
)
def extinction_detail(request: HttpRequest, case_id: int) -> dict[str, Any]:
    return case_out(get_object_or_404(ExtinctionCase.objects.all(), pk=case_id))


class NotifyIn(Schema):
    notified_on: dt.date


@taxi_router.post(
    "/extinction-cases/{case_id}/notify",
    response={200: ExtinctionCaseOut, **WRITE_ERRORS},
    summary="Registrar a notificação",
)
def extinction_notify(request: HttpRequest, case_id: int, payload: NotifyIn) -> dict[str, Any]:
    case = get_object_or_404(ExtinctionCase.objects.all(), pk=case_id)
    case = extinction_services.extinction_notify(
        actor=actor_of(request),
        municipality=current_municipality(),
        case=case,
        notified_on=payload.notified_on,
    )
    return case_out(case)


class DefenceIn(Schema):
    text: str
    on: dt.date


@taxi_router.post(
    "/extinction-cases/{case_id}/defence",
    response={200: ExtinctionCaseOut, **WRITE_ERRORS},
    summary="Apresentar defesa",
)
def extinction_defence(request: HttpRequest, case_id: int, payload: DefenceIn) -> dict[str, Any]:
    case = get_object_or_404(ExtinctionCase.objects.all(), pk=case_id)
    case = extinction_defence_file(
        actor=actor_of(request),
        municipality=current_municipality(),
        case=case,
        text=payload.text,
        on=payload.on,
    )
    return case_out(case)


class DecisionIn(Schema):
    extinguish: bool
    grounds: str
    on: dt.date


@taxi_router.post(
    "/extinction-cases/{case_id}/decision",
    response={200: ExtinctionCaseOut, **WRITE_ERRORS},
    summary="Decidir (autoridade competente, D-3)",
)
def extinction_decide(request: HttpRequest, case_id: int, payload: DecisionIn) -> dict[str, Any]:
    case = get_object_or_404(ExtinctionCase.objects.all(), pk=case_id)
    case = extinction_services.extinction_decide(
        actor=actor_of(request),
        municipality=current_municipality(),
        case=case,
        extinguish=payload.extinguish,
        grounds=payload.grounds,
        on=payload.on,
    )
    return case_out(case)


# Stands ------------------------------------------------------------------------------------------


class StandOut(Schema):
    id: int
    service: str = Field(..., examples=["taxi"])
    name: str = Field(..., description="nome do ponto")
    place: str = Field(..., description="local")
    category: str = Field(..., description="categoria do táxi; vazio para mototáxi")
    capacity: int = Field(..., description="vagas")
    act_reference: str = Field(..., description="ato do Executivo que o fixou")


def stand_out(s: Stand) -> dict[str, Any]:
    return {
        "id": s.pk,
        "service": s.service,
        "name": s.name,
        "place": s.place,
        "category": s.taxi_category,
        "capacity": s.capacity,
        "act_reference": s.act_reference,
    }


class StandIn(Schema):
    service: str
    name: str
    place: str
    capacity: int
    act_reference: str
    on: dt.date
    taxi_category: str = ""
    at: list[str] = []
    near: list[str] = []
    signposted: bool = True


@stands_router.get(
    "", response={200: list[StandOut], **READ_ERRORS}, summary="Pontos de táxi e de mototáxi"
)
def stands(request: HttpRequest, service: str = "") -> list[dict[str, Any]]:
    qs = Stand.objects.order_by("service", "name")
    if service:
        qs = qs.filter(service=service)
    return [stand_out(s) for s in qs[:1000]]


def _stand_set(request: HttpRequest, payload: StandIn, stand: Stand | None) -> Stand:
    return stand_set(
        actor=actor_of(request),
        municipality=current_municipality(),
        service=payload.service,
        name=payload.name,
        place=payload.place,
        capacity=payload.capacity,
        act_reference=payload.act_reference,
        on=payload.on,
        taxi_category=payload.taxi_category,
        at=payload.at,
        near=payload.near,
        signposted=payload.signposted,
        stand=stand,
    )


@stands_router.post(
    "", response={201: StandOut, **WRITE_ERRORS}, summary="Fixar ponto (ato do Executivo)"
)
def stand_create(request: HttpRequest, payload: StandIn) -> Any:
    return _created(request, stand_out(_stand_set(request, payload, None)))


@stands_router.put(
    "/{stand_id}",
    response={200: StandOut, **WRITE_ERRORS},
    summary="Alterar ponto (ato do Executivo)",
)
def stand_update(request: HttpRequest, stand_id: int, payload: StandIn) -> dict[str, Any]:
    stand = get_object_or_404(Stand.objects.all(), pk=stand_id)
    return stand_out(_stand_set(request, payload, stand))
