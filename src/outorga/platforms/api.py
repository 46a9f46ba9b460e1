"""API of the platforms area.

* ``/platform/…`` — the platform itself, with ``Authorization: Bearer <token>`` (competence
  ``platform.data.submit`` / ``complaint.answer`` / ``defence.file``): drivers, fares, monthly
  reports, complaints, proposal cases, penalties and their appeals.
* ``/platforms/…``, ``/platform-…`` — municipal staff (session): credentialing, tokens, rosters,
  the cross-platform CPF view, late reports, overdue complaints.

Refusals answer 422 with the law core's reasons and citations (``fundamentos``, ``citacoes``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, Header, Router, Schema, Status

from outorga.core import selectors as core_selectors
from outorga.core import services as core_services
from outorga.core.acts import Actor
from outorga.core.apikit import platform_auth, respond, staff
from outorga.core.middleware import client_ip
from outorga.core.models import ApiToken, User
from outorga.core.requests import actor_of, user_of
from outorga.platforms.services import credentialing as credentialing_services
from outorga.platforms.services import drivers as driver_services
from outorga.platforms.services.cases import platform_case_defend
from outorga.platforms.services.common import citations_of, reasons_json, refusal_text, today
from outorga.platforms.services.complaints import complaint_answer, complaint_forward
from outorga.platforms.services.credentialing import PlatformData
from outorga.platforms.services.drivers import DriverData, enabled_roster
from outorga.platforms.services.fares import fare_table_publish
from outorga.platforms.services.penalties import platform_penalty_appeal_file
from outorga.platforms.services.reports import monthly_report_submit

from . import pdf, selectors
from .models import (
    Complaint,
    FareTable,
    InfractionCandidate,
    MonthlyReport,
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)

router = Router(tags=["plataformas"])


# --- who is calling -------------------------------------------------------------------------------


def _token(request: HttpRequest) -> ApiToken:
    token = getattr(request, "auth", None)
    assert isinstance(token, ApiToken)
    return token


def _platform_actor(request: HttpRequest) -> Actor:
    token = _token(request)
    return Actor(None, "plataforma", f"token:{token.prefix}", client_ip(request))


def _viewer(request: HttpRequest) -> User:
    user = user_of(request)
    selectors.require_viewer(user.role, user.municipality)
    return user


# --- schemas --------------------------------------------------------------------------------------


class Reason(Schema):
    regra: str
    resultado: str
    mensagem: str
    citacoes: list[str]


class DriverIn(Schema):
    cpf: str = Field(..., description="CPF, 11 dígitos", examples=["52998224725"])
    name: str = Field(..., examples=["Maria da Silva"])
    cnh_number: str = Field(..., examples=["01234567890"])
    cnh_category: str = Field(..., description="ACC, A, B, C, D, E, AB…", examples=["B"])
    cnh_ear: bool = Field(..., description="CNH com a observação EAR (art. 4, II, b)")
    cnh_valid_until: dt.date | None = Field(None, examples=["2029-05-31"])
    vehicle_plate: str = Field(..., description="ABC1234 ou ABC1D23", examples=["QBG1A23"])
    vehicle_kind: Literal[
        "car", "utility", "motorcycle", "motoneta", "ciclomotor", "other_two_wheeler", "other"
    ] = Field(..., examples=["car"])
    vehicle_manufacture_year: int = Field(..., ge=1900, le=2100, examples=[2021])
    tax_regime: Literal["mei", "autonomo"] = Field(
        ...,
        description=(
            "regime tributário do motorista para o ISSQN que a plataforma retém (art. 20; decisão "
            "D-14): `mei` (microempreendedor individual) ou `autonomo` (profissional autônomo "
            "pessoa física). Mudou de regime? Desative e cadastre de novo: cada mês usa o regime "
            "do cadastro vigente no mês."
        ),
        examples=["autonomo"],
    )
    crlv: bool = Field(False, description="CRLV em dia (art. 4, II, a)")
    crlv_valid_until: dt.date | None = None
    criminal_certificate: bool = Field(False, description="certidão negativa criminal (II, c)")
    criminal_certificate_date: dt.date | None = None
    app_insurance: bool = Field(False, description="seguro APP (II, d)")
    app_insurance_policy: str = ""
    app_insurance_valid_until: dt.date | None = None
    dpvat: bool = Field(False, description="seguro obrigatório DPVAT/SPVAT (II, d)")
    debt_clearance: bool = Field(False, description="certidão negativa de débitos municipais (e)")
    debt_clearance_date: dt.date | None = None
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


def _driver_out(d: PlatformDriver, cpf: str | None = None) -> dict[str, Any]:
    return {
        "id": d.pk,
        "cpf": cpf if cpf is not None else d.cpf,
        "name": d.name,
        "cnh_category": d.cnh_category,
        "cnh_ear": d.cnh_ear,
        "vehicle_plate": d.vehicle_plate,
        "vehicle_kind": d.vehicle_kind,
        "vehicle_manufacture_year": d.vehicle_manufacture_year,
        "tax_regime": d.tax_regime,
        "status": d.status,
        "enabled_at": d.enabled_at,
        "disabled_at": d.disabled_at,
        "created_at": d.created_at,
    }


class Error(Schema):
    detail: str
    erros: list[dict[str, str]] | None = None
    fundamentos: list[Reason] | None = None
    citacoes: list[str] | None = None
    id: int | None = None


class FareExtra(Schema):
    name: str = Field(..., examples=["bagagem"])
    amount_cents: int = Field(..., ge=0, examples=[300])


class FareIn(Schema):
    base_fare_cents: int = Field(..., ge=0, description="tarifa base (art. 6, I)", examples=[500])
    per_km_cents: int = Field(..., ge=0, description="por km (art. 6, II)", examples=[210])
    per_minute_cents: int = Field(..., ge=0, description="por minuto (art. 6, III)", examples=[35])
    extras: list[FareExtra] = Field(default_factory=list, description="taxas adicionais (IV)")
    dynamic_max_percent: Decimal | None = Field(
        None,
        ge=0,
        max_digits=6,
        decimal_places=2,
        description="acréscimo máximo da tarifa dinâmica em % (art. 9–10); 50 = até 1,5×",
        examples=["50"],
    )
    valid_from: dt.date | None = Field(None, description="vigência; padrão: hoje")


class FareOut(Schema):
    id: int
    base_fare_cents: int
    per_km_cents: int
    per_minute_cents: int
    extras: list[dict[str, Any]]
    dynamic_max_percent: Decimal | None
    valid_from: dt.date
    status: Literal["accepted", "pending", "refused"]
    published_at: dt.datetime
    summary: str = ""
    fundamentos: list[Reason] = []


def _fare_out(t: FareTable) -> dict[str, Any]:
    return {
        "id": t.pk,
        "base_fare_cents": t.base_fare_cents,
        "per_km_cents": t.per_km_cents,
        "per_minute_cents": t.per_minute_cents,
        "extras": t.extras,
        "dynamic_max_percent": t.dynamic_max_percent,
        "valid_from": t.valid_from,
        "status": t.status,
        "published_at": t.published_at,
        "summary": t.decision.get("summary", ""),
        "fundamentos": [
            {
                "regra": r["rule"],
                "resultado": r["verdict"],
                "mensagem": r["message"],
                "citacoes": [c["text"] for c in r["citations"]],
            }
            for r in t.decision.get("reasons", [])
        ],
    }


class ReportDriver(Schema):
    cpf: str = Field(..., examples=["52998224725"])
    trips: int = Field(0, ge=0, description="corridas no mês", examples=[212])
    trip_revenue_cents: int = Field(
        ..., ge=0, description="faturamento bruto das corridas (art. 16, III)", examples=[845000]
    )
    platform_retention_cents: int = Field(
        0, ge=0, description="valor retido pela plataforma (art. 20 §1)", examples=[211250]
    )


class ReportIn(Schema):
    year: int = Field(..., ge=2025, le=2100, examples=[2026])
    month: int = Field(..., ge=1, le=12, examples=[10])
    intermediation_revenue_cents: int = Field(
        ..., ge=0, description="faturamento da intermediação (art. 16, II)", examples=[1250000]
    )
    drivers: list[ReportDriver] = Field(
        ..., description="motoristas ativos no mês (art. 16, I) e faturamento de cada um (III)"
    )


class ReportOut(Schema):
    id: int
    year: int
    month: int
    version: int
    status: str
    due: dt.date
    complete: bool
    summary: str
    fundamentos: list[Reason]
    avisos: list[str]


class ReportRow(Schema):
    id: int
    year: int
    month: int
    version: int
    status: str
    active_drivers: int
    trips: int | None
    intermediation_revenue_cents: int
    trip_revenue_cents: int
    submitted_at: dt.datetime
    body_sha256: str


class ComplaintIn(Schema):
    description: str = Field(..., min_length=1, examples=["Motorista recusou a corrida."])
    filed_on: dt.date = Field(..., description="dia em que o usuário reclamou na plataforma")
    platform_reference: str = Field("", examples=["TCK-88812"])
    occurred_on: dt.date | None = None


class AnswerIn(Schema):
    answer: str = Field(..., min_length=1, examples=["Motorista orientado; valor estornado."])


class ComplaintOut(Schema):
    id: int
    protocol: str
    source: str
    platform_reference: str
    description: str
    occurred_on: dt.date | None
    filed_on: dt.date
    deadline: dt.date
    status: str
    answer: str
    answered_on: dt.date | None


def _complaint_out(c: Complaint) -> dict[str, Any]:
    return {
        "id": c.pk,
        "protocol": c.protocol,
        "source": c.source,
        "platform_reference": c.platform_reference,
        "description": c.description,
        "occurred_on": c.occurred_on,
        "filed_on": c.filed_on,
        "deadline": c.deadline,
        "status": c.status,
        "answer": c.answer,
        "answered_on": c.answered_on,
    }


class CaseOut(Schema):
    id: int
    kind: str
    status: str
    infraction_on: dt.date
    grounds: str
    suspension_days: int | None
    notice_on: dt.date
    defence_until: dt.date
    defence_filed_at: dt.datetime | None
    decision_text: str


class DefenceIn(Schema):
    text: str = Field(..., min_length=1)


class PenaltyDebtOut(Schema):
    reference: str = Field(..., description="referência do débito na Secretaria de Finanças")
    amount_cents: int
    due_on: dt.date
    status: Literal["open", "under_appeal", "final", "paid", "refunded", "cancelled"]


class AppealOut(Schema):
    id: int
    channel: Literal["api", "paper"] = Field(..., description="API da plataforma ou papel")
    text: str
    filed_on: dt.date
    deadline: dt.date | None = Field(
        None,
        description="último dia do prazo de recurso (nulo se apresentado antes da notificação)",
    )
    judge_until: dt.date | None = Field(
        None, description="julgamento até (regulamento ou Lei 9.784/1999, art. 59, §1º)"
    )
    result: Literal["pending", "upheld", "dismissed"]
    judged_on: dt.date | None
    reasoning: str = Field(..., description="fundamentação do julgamento")
    citacoes: list[str]


class PenaltyOut(Schema):
    id: int
    kind: Literal["warning", "fine"]
    infraction_on: dt.date
    description: str
    reasoning: str = Field(..., description="fundamentação da autoridade (art. 26)")
    fine_upfbg: Decimal | None = Field(None, description="multa em UPFBG (até 500, art. 26, II)")
    amount_cents: int | None = Field(
        None, description="multa em centavos, pela UPFBG em vigor na aplicação (decisão D-5)"
    )
    imposed_at: dt.datetime
    debt: PenaltyDebtOut | None
    citacoes: list[str]
    status: Literal["awaiting_notice", "appeal_period", "under_appeal", "final", "annulled"] = (
        Field(
            ...,
            description=(
                "aguardando notificação, prazo de recurso aberto, em recurso, definitiva ou anulada em "
                "recurso (decisão D-1)"
            ),
        )
    )
    decision_notice_on: dt.date | None = Field(None, description="notificação da decisão (D-4)")
    appeal_until: dt.date | None = Field(
        None, description="último dia para recorrer (regulamento ou 10 dias, Lei 9.784/1999)"
    )
    final_on: dt.date | None = Field(None, description="definitiva desde")
    appeal: AppealOut | None


def _appeal_out(a: PlatformPenaltyAppeal | None) -> dict[str, Any] | None:
    if a is None:
        return None
    cites = dict.fromkeys([*a.admission.get("citations", []), *a.judgment.get("citations", [])])
    return {
        "id": a.pk,
        "channel": a.channel,
        "text": a.text,
        "filed_on": a.filed_on,
        "deadline": a.deadline,
        "judge_until": a.judge_until,
        "result": a.result,
        "judged_on": a.judged_on,
        "reasoning": a.reasoning,
        "citacoes": list(cites),
    }


def _penalty_out(x: PlatformPenalty) -> dict[str, Any]:
    debt = x.debt
    appeal = PlatformPenaltyAppeal.objects.filter(penalty=x).first()
    return {
        "id": x.pk,
        "kind": x.kind,
        "infraction_on": x.infraction_on,
        "description": x.description,
        "reasoning": x.reasoning,
        "fine_upfbg": x.fine_upfbg,
        "amount_cents": x.amount_cents,
        "imposed_at": x.imposed_at,
        "debt": (
            {
                "reference": debt.reference,
                "amount_cents": debt.amount_cents,
                "due_on": debt.due_on,
                "status": debt.status,
            }
            if debt is not None
            else None
        ),
        "citacoes": list(x.decision.get("citations", [])),
        "status": x.status,
        "decision_notice_on": x.decision_notice_on,
        "appeal_until": x.appeal_until,
        "final_on": x.final_on,
        "appeal": _appeal_out(appeal),
    }


class AppealIn(Schema):
    text: str = Field(
        ...,
        min_length=1,
        description="razões do recurso (fatos e fundamentos)",
        examples=["O relatório de agosto foi entregue em 30/09, no prazo; segue o protocolo."],
    )


# --- platform (token) routes ----------------------------------------------------------------------


@router.get(
    "/platform/me",
    auth=platform_auth,
    summary="A plataforma do token (autenticação Bearer)",
)
def platform_me(request: HttpRequest) -> dict[str, Any]:
    token = _token(request)
    p = token.platform
    return {
        "platform": p.name,
        "cnpj": p.cnpj,
        "status": p.status,
        "municipality": token.municipality.slug,
        "token": token.prefix,
        "enabled_drivers": enabled_roster(p),
    }


@router.get(
    "/platform/drivers",
    auth=platform_auth,
    response=list[DriverOut],
    summary="Motoristas cadastrados pela plataforma",
)
def platform_drivers(
    request: HttpRequest, status: Literal["enabled", "disabled", "refused"] | None = None
) -> Any:
    qs = PlatformDriver.objects.filter(platform=_token(request).platform).order_by("-pk")
    if status:
        qs = qs.filter(status=status)
    return [_driver_out(d) for d in qs]


@router.post(
    "/platform/drivers",
    auth=platform_auth,
    response={201: DriverDecisionOut, 409: Error, 422: Error},
    summary="Cadastrar motorista e veículo (art. 4, art. 17, limites do art. 3 §2)",
    description=(
        "Outorga confere os requisitos com o núcleo jurídico e responde com os fundamentos. "
        "**201**: motorista habilitado. **422**: recusado — `fundamentos` traz cada requisito não "
        "atendido com o artigo (duas rodas: art. 17; veículo com mais de 10 anos: art. 4, I; CNH "
        "abaixo de B ou sem EAR: art. 4, II, b; limite de 50 por plataforma e 500 no Município: "
        "art. 3 §2); o cadastro recusado fica registrado com `id`. **409**: CPF já habilitado "
        "nesta plataforma."
    ),
)
def platform_driver_register(request: HttpRequest, payload: DriverIn) -> Any:
    token = _token(request)
    driver, decisions = driver_services.platform_driver_register(
        actor=_platform_actor(request),
        municipality=token.municipality,
        platform=token.platform,
        data=DriverData(**payload.dict()),
    )
    body = {
        **_driver_out(driver),
        "fundamentos": reasons_json(decisions),
        "citacoes": citations_of(decisions),
    }
    if driver.status != PlatformDriver.Status.ENABLED:
        return Status(
            422,
            {
                "detail": f"Motorista recusado: {refusal_text(decisions)}",
                "fundamentos": body["fundamentos"],
                "citacoes": body["citacoes"],
                "id": driver.pk,
            },
        )
    return Status(201, body)


@router.get(
    "/platform/drivers/{driver_id}",
    auth=platform_auth,
    response=DriverDecisionOut,
    summary="Um motorista, com os fundamentos da verificação",
)
def platform_driver_detail(request: HttpRequest, driver_id: int) -> Any:
    d = get_object_or_404(
        PlatformDriver.objects.filter(platform=_token(request).platform), pk=driver_id
    )
    reasons = [
        {
            "regra": r["rule"],
            "resultado": r["verdict"],
            "mensagem": r["message"],
            "citacoes": [c["text"] for c in r["citations"]],
        }
        for dec in d.decision.get("decisions", [])
        for r in dec["reasons"]
    ]
    cites = sorted({c for dec in d.decision.get("decisions", []) for c in dec["citations"]})
    return {**_driver_out(d), "fundamentos": reasons, "citacoes": cites}


@router.post(
    "/platform/drivers/{driver_id}/disable",
    auth=platform_auth,
    response={200: DriverOut, 409: Error},
    summary="Desativar motorista (libera a vaga)",
)
def platform_driver_disable(request: HttpRequest, driver_id: int) -> Any:
    token = _token(request)
    d = get_object_or_404(PlatformDriver.objects.filter(platform=token.platform), pk=driver_id)
    d = driver_services.platform_driver_disable(
        actor=_platform_actor(request), municipality=token.municipality, driver=d
    )
    return Status(200, _driver_out(d))


@router.get(
    "/platform/fares",
    auth=platform_auth,
    response=list[FareOut],
    summary="Histórico das tabelas de tarifas publicadas",
)
def platform_fares(request: HttpRequest) -> Any:
    return [_fare_out(t) for t in FareTable.objects.filter(platform=_token(request).platform)]


@router.post(
    "/platform/fares",
    auth=platform_auth,
    response={201: FareOut, 422: Error},
    summary="Publicar tabela de tarifas (art. 6, limites do art. 7, tarifa dinâmica art. 9)",
    description=(
        "**201** com `status` `accepted` (dentro dos limites) ou `pending` (o Executivo ainda não "
        "fixou os limites, art. 7). **422** quando falta item da tabela ou algum valor — inclusive "
        "com o acréscimo dinâmico máximo — passa do limite. Toda publicação fica no histórico."
    ),
)
def platform_fare_publish(request: HttpRequest, payload: FareIn) -> Any:
    token = _token(request)
    table, decision = fare_table_publish(
        actor=_platform_actor(request),
        municipality=token.municipality,
        platform=token.platform,
        base_fare_cents=payload.base_fare_cents,
        per_km_cents=payload.per_km_cents,
        per_minute_cents=payload.per_minute_cents,
        extras=[e.dict() for e in payload.extras],
        dynamic_max_percent=payload.dynamic_max_percent,
        valid_from=payload.valid_from,
    )
    if table.status == FareTable.Status.REFUSED:
        return Status(
            422,
            {
                "detail": f"Tabela recusada: {refusal_text([decision])}",
                "fundamentos": reasons_json([decision]),
                "citacoes": citations_of([decision]),
                "id": table.pk,
            },
        )
    return Status(201, _fare_out(table))


@router.post(
    "/platform/reports",
    auth=platform_auth,
    response={200: ReportOut, 201: ReportOut, 400: Error, 422: Error},
    summary="Enviar relatório mensal (art. 16), idempotente",
    description=(
        "Cabeçalho obrigatório `Idempotency-Key` (até 100 caracteres). Mesma chave e mesmo "
        "conteúdo: a mesma resposta (**200**) e um só registro. Mesma chave com outro conteúdo: "
        "**422**. Novo envio do mesmo mês com nova chave: nova versão (**201**); todas as versões "
        "ficam guardadas. O prazo é o último dia útil do mês seguinte (decisão D-8)."
    ),
)
def platform_report_submit(
    request: HttpRequest,
    payload: ReportIn,
    idempotency_key: str = Header("", alias="Idempotency-Key"),
) -> Any:
    token = _token(request)
    if not idempotency_key.strip():
        return Status(
            400,
            {
                "detail": "Cabeçalho Idempotency-Key obrigatório.",
                "erros": [{"campo": "Idempotency-Key", "erro": "ausente"}],
            },
        )
    report, created = monthly_report_submit(
        actor=_platform_actor(request),
        municipality=token.municipality,
        platform=token.platform,
        idempotency_key=idempotency_key,
        body=payload.dict(),
    )
    return Status((201 if created else 200), report.response)


@router.get(
    "/platform/reports",
    auth=platform_auth,
    response=list[ReportRow],
    summary="Relatórios enviados (todas as versões)",
)
def platform_reports(request: HttpRequest) -> Any:
    return MonthlyReport.objects.filter(platform=_token(request).platform)


@router.get(
    "/platform/reports/{report_id}",
    auth=platform_auth,
    response=ReportOut,
    summary="A resposta dada a um relatório",
)
def platform_report_detail(request: HttpRequest, report_id: int) -> Any:
    r = get_object_or_404(
        MonthlyReport.objects.filter(platform=_token(request).platform), pk=report_id
    )
    return r.response


@router.get(
    "/platform/complaints",
    auth=platform_auth,
    response=list[ComplaintOut],
    summary="Reclamações da plataforma (do formulário público e encaminhadas)",
)
def platform_complaints(
    request: HttpRequest, status: Literal["open", "answered"] | None = None
) -> Any:
    qs = Complaint.objects.filter(platform=_token(request).platform)
    if status:
        qs = qs.filter(status=status)
    return [_complaint_out(c) for c in qs]


@router.post(
    "/platform/complaints",
    auth=platform_auth,
    response={201: ComplaintOut, 422: Error},
    summary="Encaminhar reclamação recebida pelo canal da plataforma (art. 11, III)",
)
def platform_complaint_forward(request: HttpRequest, payload: ComplaintIn) -> Any:
    token = _token(request)
    c = complaint_forward(
        actor=_platform_actor(request),
        municipality=token.municipality,
        platform=token.platform,
        description=payload.description,
        filed_on=payload.filed_on,
        platform_reference=payload.platform_reference,
        occurred_on=payload.occurred_on,
    )
    return Status(201, _complaint_out(c))


@router.post(
    "/platform/complaints/{complaint_id}/answer",
    auth=platform_auth,
    response={200: ComplaintOut, 409: Error, 422: Error},
    summary="Responder reclamação (prazo de 5 dias úteis, art. 15)",
)
def platform_complaint_answer(request: HttpRequest, complaint_id: int, payload: AnswerIn) -> Any:
    token = _token(request)
    c = get_object_or_404(Complaint.objects.filter(platform=token.platform), pk=complaint_id)
    c, _ = complaint_answer(
        actor=_platform_actor(request),
        municipality=token.municipality,
        complaint=c,
        answer=payload.answer,
    )
    return Status(200, _complaint_out(c))


@router.get(
    "/platform/cases",
    auth=platform_auth,
    response=list[CaseOut],
    summary="Processos de suspensão ou cancelamento contra a plataforma",
)
def platform_cases(request: HttpRequest) -> Any:
    return PlatformCase.objects.filter(platform=_token(request).platform)


@router.post(
    "/platform/cases/{case_id}/defence",
    auth=platform_auth,
    response={200: CaseOut, 409: Error, 422: Error},
    summary="Apresentar defesa (art. 26, parágrafo único)",
)
def platform_case_defence(request: HttpRequest, case_id: int, payload: DefenceIn) -> Any:
    token = _token(request)
    case = get_object_or_404(PlatformCase.objects.filter(platform=token.platform), pk=case_id)
    case = platform_case_defend(
        actor=_platform_actor(request),
        municipality=token.municipality,
        case=case,
        text=payload.text,
    )
    return Status(200, case)


@router.get(
    "/platform/penalties",
    auth=platform_auth,
    response=list[PenaltyOut],
    summary="Advertências e multas aplicadas à plataforma, com o débito de cada multa (art. 26)",
    description=(
        "A multa (até 500 UPFBG, valor escolhido e fundamentado pela autoridade, art. 26, II) é "
        "convertida em reais pela UPFBG em vigor na data em que é aplicada (decisão D-5) e vira "
        "débito da plataforma (CNPJ) na Secretaria de Finanças: `debt` traz a referência, o "
        "valor, o vencimento e a situação. `status` diz em que ponto está a penalidade: "
        "aguardando a notificação da decisão, com prazo de recurso aberto até `appeal_until`, em "
        "recurso, definitiva (`final_on`) ou anulada em recurso; `appeal` traz o recurso e o "
        "seu julgamento (art. 26, parágrafo único; decisões D-1 e D-17)."
    ),
)
def platform_penalties(request: HttpRequest) -> Any:
    qs = PlatformPenalty.objects.filter(platform=_token(request).platform).select_related("debt")
    return [_penalty_out(x) for x in qs]


@router.post(
    "/platform/penalties/{penalty_id}/appeal",
    auth=platform_auth,
    response={201: PenaltyOut, 409: Error, 422: Error},
    summary="Recorrer de advertência ou multa (art. 26, parágrafo único)",
    description=(
        "Um recurso por penalidade, com as razões em `text`, apresentado na data da chamada. O "
        "prazo corre da notificação da decisão (`decision_notice_on`) até `appeal_until`: o "
        "fixado em regulamento ou, na falta, 10 dias (Lei 9.784/1999, art. 59; decisão D-17), "
        "contados sem o dia da notificação e prorrogado o último dia sem expediente para o "
        "próximo dia útil (decisão D-4). Recurso antes da notificação é aceito (o comparecimento "
        "supre a notificação, Lei 9.784/1999, art. 26, §5º). **201**: recebido — a penalidade "
        "fica `under_appeal` e o débito da multa `under_appeal`, sem se tornar definitivo até o "
        "julgamento pelo Chefe do Executivo (decisão D-1). **422**: fora do prazo, com o artigo "
        "(Lei 9.784/1999, art. 63, I). **409**: já há recurso contra esta penalidade."
    ),
)
def platform_penalty_appeal(request: HttpRequest, penalty_id: int, payload: AppealIn) -> Any:
    token = _token(request)
    x = get_object_or_404(PlatformPenalty.objects.filter(platform=token.platform), pk=penalty_id)
    platform_penalty_appeal_file(
        actor=_platform_actor(request),
        municipality=token.municipality,
        penalty=x,
        text=payload.text,
        channel=PlatformPenaltyAppeal.Channel.API,
    )
    x = PlatformPenalty.objects.select_related("debt").get(pk=x.pk)
    return Status(201, _penalty_out(x))


@router.get(
    "/platform/penalties/{penalty_id}/decision.pdf",
    auth=platform_auth,
    summary="Decisão da penalidade e do recurso, em PDF",
)
def platform_penalty_pdf(request: HttpRequest, penalty_id: int) -> HttpResponse:
    x = get_object_or_404(
        PlatformPenalty.objects.filter(platform=_token(request).platform).select_related(
            "platform", "debt", "imposed_by"
        ),
        pk=penalty_id,
    )
    response = HttpResponse(pdf.penalty_decision_pdf(x), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="penalidade-{x.pk}.pdf"'
    return response


# --- staff routes ---------------------------------------------------------------------------------


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
    issued_on: dt.date | None = None
    valid_until: dt.date | None = None
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
    suspended_until: dt.date | None
    enabled_drivers: int
    status_history: list[StatusChangeOut]


def _platform_detail(p: Platform) -> dict[str, Any]:
    return {
        "id": p.pk,
        "cnpj": p.cnpj,
        "name": p.name,
        "status": p.status,
        "cadastro_mobiliario": p.cadastro_mobiliario,
        "complaint_channel": p.complaint_channel,
        "contact_name": p.contact_name,
        "contact_email": p.contact_email,
        "contact_phone": p.contact_phone,
        "address": p.address,
        "credentialed_at": p.credentialed_at,
        "suspended_until": p.suspended_until,
        "enabled_drivers": enabled_roster(p),
        "status_history": list(p.status_changes.all()),
    }


@router.get("/platforms", response=list[PlatformOut], auth=staff, summary="Plataformas")
def platforms(request: HttpRequest) -> Any:
    return Platform.objects.all()


@router.post(
    "/platforms",
    auth=staff,
    response={201: PlatformDetailOut, 409: Error, 422: Error},
    summary="Credenciar plataforma (art. 3 §1: até 10; art. 19 §2; art. 11, III)",
)
def platform_credential(request: HttpRequest, payload: PlatformIn) -> Any:
    data = payload.dict()
    docs = tuple(data.pop("documents"))
    p, _ = credentialing_services.platform_credential(
        actor=actor_of(request),
        municipality=core_selectors.require_municipality(),
        data=PlatformData(**data, documents=docs),
    )
    return Status(201, _platform_detail(p))


@router.get(
    "/platforms/{platform_id}",
    auth=staff,
    response=PlatformDetailOut,
    summary="Uma plataforma, com o histórico de situação",
)
def platform_detail(request: HttpRequest, platform_id: int) -> Any:
    _viewer(request)
    return _platform_detail(get_object_or_404(Platform.objects.all(), pk=platform_id))


@router.get(
    "/platforms/{platform_id}/drivers",
    auth=staff,
    response=list[DriverOut],
    summary="Motoristas da plataforma (CPF mascarado exceto para autoridade e finanças)",
)
def platform_roster(request: HttpRequest, platform_id: int) -> Any:
    user = _viewer(request)
    p = get_object_or_404(Platform.objects.all(), pk=platform_id)
    return [
        _driver_out(d, selectors.cpf_for(user.role, d.cpf))
        for d in PlatformDriver.objects.filter(platform=p).order_by("name")
    ]


class TokenIn(Schema):
    name: str


@router.post(
    "/platforms/{platform_id}/tokens",
    auth=staff,
    summary="Emitir token de API (mostrado uma única vez)",
)
def token_issue(request: HttpRequest, platform_id: int, payload: TokenIn) -> Any:
    platform = get_object_or_404(Platform.objects.all(), pk=platform_id)
    token, secret = core_services.api_token_issue(
        actor=actor_of(request),
        municipality=core_selectors.require_municipality(),
        platform=platform,
        name=payload.name,
    )
    return respond(request, {"id": token.pk, "prefix": token.prefix, "token": secret}, 201)


@router.post("/tokens/{token_id}/revoke", auth=staff, summary="Revogar token")
def token_revoke(request: HttpRequest, token_id: int) -> Any:
    token = get_object_or_404(ApiToken.objects.all(), pk=token_id)
    token = core_services.api_token_revoke(
        actor=actor_of(request), municipality=core_selectors.require_municipality(), token=token
    )
    return {"id": token.pk, "active": token.active}


class SharedCpfOut(Schema):
    cpf: str
    name: str
    platforms: list[str]


@router.get(
    "/platform-drivers/shared-cpfs",
    auth=staff,
    response=list[SharedCpfOut],
    summary="CPFs habilitados em mais de uma plataforma",
)
def shared_cpfs(request: HttpRequest) -> Any:
    user = _viewer(request)
    return [
        {
            "cpf": selectors.cpf_for(user.role, row["cpf"]),
            "name": row["name"],
            "platforms": [p.name for p in row["platforms"]],
        }
        for row in selectors.shared_cpfs()
    ]


class CandidateOut(Schema):
    platform_id: int
    platform: str
    year: int
    month: int
    status: str
    due: dt.date
    summary: str


@router.get(
    "/platform-reports/candidates",
    auth=staff,
    response=list[CandidateOut],
    summary="Relatórios mensais atrasados ou não entregues (candidatos a infração)",
)
def report_candidates(request: HttpRequest, on: dt.date | None = None) -> Any:
    _viewer(request)
    m = core_selectors.require_municipality()
    return [
        {
            "platform_id": s.platform.pk,
            "platform": s.platform.name,
            "year": s.year,
            "month": s.month,
            "status": s.status,
            "due": s.due,
            "summary": s.summary,
        }
        for s in selectors.report_candidates(m, on or today())
    ]


class InfractionCandidateOut(Schema):
    id: int
    platform_id: int
    platform: str
    kind: Literal["report_late", "report_missing", "complaint_overdue", "concurrent_peak"]
    kind_label: str
    key: str = Field(..., description="mês (aaaa-mm) ou protocolo da reclamação")
    detected_on: dt.date
    summary: str
    citacoes: list[str]
    withdrawn_on: dt.date | None = Field(
        None, description="retirado quando novo arquivo do mês mediu pico dentro do limite"
    )
    withdrawn_reason: str = ""


@router.get(
    "/platform-candidates",
    auth=staff,
    response=list[InfractionCandidateOut],
    summary="Candidatos a infração registrados (art. 3 §2, art. 15, art. 16)",
    description=(
        "Fatos que a autoridade deve examinar: relatório mensal atrasado ou não entregue "
        "(art. 16) e reclamação sem resposta no prazo (art. 15), da varredura diária; mês com "
        "pico de motoristas ativos simultaneamente acima do limite (art. 3, §2; decisão D-9 b), "
        "ao processar o arquivo do mês. Um registro por fato; cabe à autoridade abrir processo "
        "(decisão D-3)."
    ),
)
def infraction_candidates(
    request: HttpRequest,
    kind: Literal["report_late", "report_missing", "complaint_overdue", "concurrent_peak"]
    | None = None,
) -> Any:
    _viewer(request)
    qs = InfractionCandidate.objects.select_related("platform")
    if kind:
        qs = qs.filter(kind=kind)
    return [
        {
            "id": c.pk,
            "platform_id": c.platform_id,
            "platform": c.platform.name,
            "kind": c.kind,
            "kind_label": c.get_kind_display(),
            "key": c.key,
            "detected_on": c.detected_on,
            "summary": c.summary,
            "citacoes": list(c.decision.get("citations", [])),
            "withdrawn_on": c.withdrawn_on,
            "withdrawn_reason": c.withdrawn_reason,
        }
        for c in qs
    ]


class OverdueOut(Schema):
    id: int
    protocol: str
    platform: str
    filed_on: dt.date
    deadline: dt.date
    summary: str


@router.get(
    "/platform-complaints/overdue",
    auth=staff,
    response=list[OverdueOut],
    summary="Reclamações sem resposta no prazo de 5 dias úteis (art. 15)",
)
def overdue_complaints(request: HttpRequest, on: dt.date | None = None) -> Any:
    _viewer(request)
    m = core_selectors.require_municipality()
    return [
        {
            "id": s.complaint.pk,
            "protocol": s.complaint.protocol,
            "platform": s.complaint.platform.name,
            "filed_on": s.complaint.filed_on,
            "deadline": s.deadline,
            "summary": s.summary,
        }
        for s in selectors.overdue_complaints(m, on or today())
    ]
