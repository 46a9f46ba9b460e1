"""API of the inspections area (``/api/v1/inspections/…``).

* ``/inspections/company/…`` — an accredited inspection company (ITL/INMETRO, mototaxi art. 2
  XI–XII; taxi art. 29) with ``Authorization: Bearer otv_…``: its checklists, the inspections it
  sends (results wait for the municipality's confirmation) and their status.
* ``/inspections/…`` — municipal staff (session): the queue of inspections due, one inspection,
  confirmation of a company's result.

Errors answer in Portuguese with the field and, where there is one, the article.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Literal

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Router, Schema

from outorga.core.acts import Actor
from outorga.core.apikit import IsoDate, TokenBearer, error, respond, staff
from outorga.core.apipages import Rows, paged
from outorga.core.middleware import client_ip
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality
from outorga.law.inspections.checklists import ChecklistMissing, checklist
from outorga.law.questions import FactsInvalid
from outorga.registry.models import Permit
from outorga.registry.services.common import AlreadyRegistered

from . import selectors, services
from .models import CompanyToken, Inspection

router = Router(tags=["vistorias"])


class CompanyBearer(TokenBearer):
    """``Authorization: Bearer otv_…``: an accredited inspection company's token."""

    action = "inspection_company.token_use"

    def find(self, secret: str) -> CompanyToken | None:
        return services.company_token_authenticate(secret)

    def actor(self, found: CompanyToken, request: HttpRequest) -> Actor:
        return services.company_actor(found.company, client_ip(request))


company_auth = CompanyBearer()


def _refusal(request: HttpRequest, exc: Exception) -> HttpResponse:
    if isinstance(exc, services.Refused):
        reasons = [
            {"mensagem": r.message, "citacoes": [c.render() for c in r.citations]}
            for r in exc.decision.refusals
        ]
        return error(request, 422, "Recusado pela lei.", fundamentos=reasons)
    if isinstance(exc, FactsInvalid):
        errors = [{"campo": e["field"], "erro": e["message"]} for e in exc.errors]
        return error(request, 422, "Lista de verificação incompleta ou inválida.", erros=errors)
    assert isinstance(exc, services.FieldError)
    return error(request, 422, "Dados inválidos.", erros=[exc.to_json()])


def _company_token(request: HttpRequest) -> CompanyToken:
    token = getattr(request, "auth", None)
    assert isinstance(token, CompanyToken)
    return token


class ItemIn(Schema):
    result: Literal["ok", "not_ok", "na"]
    remark: str = ""
    photo_base64: str | None = None


class CompanyInspectionIn(Schema):
    plate: str
    kind: Literal["vistoria", "semestral", "renovacao", "troca", "extraordinaria", "reinspecao"]
    inspected_on: IsoDate
    report_number: str = ""
    items: dict[str, ItemIn]


def inspection_json(i: Inspection) -> dict[str, Any]:
    return {
        "id": i.pk,
        "placa": i.plate,
        "permissao": i.permit.number if i.permit_id and i.permit else None,
        "tipo": i.kind,
        "data": i.inspected_on,
        "situacao": i.status,
        "resultado": i.result,
        "resultado_descricao": i.get_result_display(),
        "prazo_ressalvas": i.fix_deadline,
        "retira_de_circulacao": i.withdraws,
        "lista": i.checklist,
        "versao_da_lista": i.checklist_version,
        "resumo": i.summary,
        "itens": [
            {
                "codigo": it.code,
                "item": it.label,
                "resultado": it.result,
                "critico": it.critical,
                "observacao": it.remark,
                "fundamento": it.citation,
                "foto": bool(it.photo),
            }
            for it in i.items.all()
        ],
        "citacoes": i.decision.get("citations", []),
    }


@router.get(
    "/company/me", auth=company_auth, summary="A empresa de inspeção do token (Bearer otv_…)"
)
def company_me(request: HttpRequest) -> dict[str, Any]:
    token = _company_token(request)
    return {
        "empresa": token.company.name,
        "cnpj": token.company.cnpj,
        "credenciamento_inmetro": token.company.inmetro_accreditation,
        "municipio": token.municipality.slug,
        "token": token.prefix,
    }


@router.get(
    "/company/checklists/{code}",
    auth=company_auth,
    summary="Lista de verificação em vigor na data (itens e artigos)",
)
def company_checklist(request: HttpRequest, code: str, on: IsoDate | None = None) -> Any:
    try:
        cl = checklist(code, on or timezone.localdate())
    except ChecklistMissing as exc:
        return error(request, 404, str(exc))
    if cl.law not in current_municipality().laws:
        return error(request, 404, "Não encontrado.")
    return cl.to_json()


@router.post(
    "/company/inspections",
    auth=company_auth,
    summary="Enviar resultado de vistoria (aguarda confirmação do município)",
    description=(
        "Um laudo por número (`report_number`): **201** recebido; **200** o mesmo laudo, com o "
        "mesmo conteúdo, já estava recebido (um reenvio após resposta perdida nada acrescenta); "
        "**409** o número já foi enviado com outro conteúdo (`id` da vistoria que o tem); "
        "**422** dados inválidos ou recusado pela lei, com o campo e o artigo. Sem número, cada "
        "envio é um laudo novo."
    ),
)
def company_inspection_create(request: HttpRequest, payload: CompanyInspectionIn) -> Any:
    token = _company_token(request)
    m = token.municipality
    plate = payload.plate.upper().replace("-", "").strip()
    permit = (
        Permit.objects.filter(vehicle__plate=plate, status__in=selectors.IN_SERVICE)
        .select_related("vehicle")
        .first()
    )
    if permit is None:
        return _refusal(request, services.FieldError("plate", "placa sem permissão ativa"))
    photos: dict[str, bytes] = {}
    for code, item in payload.items.items():
        if item.photo_base64:
            try:
                photos[code] = base64.b64decode(item.photo_base64, validate=True)
            except (binascii.Error, ValueError):
                invalid = services.FieldError(f"items.{code}.photo_base64", "base64 inválido")
                return _refusal(request, invalid)
    try:
        inspection, new = services.company_inspection_send(
            actor=services.company_actor(token.company, client_ip(request)),
            municipality=m,
            company=token.company,
            permit=permit,
            kind=payload.kind,
            inspected_on=payload.inspected_on,
            answers={k: {"result": v.result, "remark": v.remark} for k, v in payload.items.items()},
            photos=photos,
            report_number=payload.report_number,
        )
    except AlreadyRegistered:
        raise  # 409 with the inspection that holds the laudo's number (the API's handler)
    except (services.Refused, services.FieldError, FactsInvalid) as exc:
        return _refusal(request, exc)
    return respond(request, inspection_json(inspection), 201 if new else 200)


@router.get(
    "/company/inspections/{inspection_id}",
    auth=company_auth,
    summary="Uma vistoria enviada pela empresa",
)
def company_inspection_detail(request: HttpRequest, inspection_id: int) -> Any:
    token = _company_token(request)
    inspection = get_object_or_404(
        Inspection.objects.filter(company=token.company), pk=inspection_id
    )
    return inspection_json(inspection)


class DueRow(Schema):
    permissao: str
    placa: str | None
    tipo: str
    devida_em: IsoDate
    situacao: str
    vencida: bool
    fundamentos: list[str]


def _staff_reader(request: HttpRequest) -> None:
    """The servants the inspection screens show them to (``selectors.STAFF``), as those screens
    answer anyone else: not found. Holders read their own laudos in the portal."""
    if actor_of(request).role not in selectors.STAFF:
        raise Http404


@router.get(
    "/due", response=list[DueRow], auth=staff, summary="Fila de vistorias devidas e vencidas"
)
@paged("due_on", "permit__number", "permit__pk")  # the most urgent first
def due(request: HttpRequest, on: IsoDate | None = None, days: int = 30) -> Rows:
    _staff_reader(request)
    day = on or timezone.localdate()
    rows = selectors.due_queue(current_municipality(), day, max(0, min(days, 365)))
    return Rows(
        rows,
        lambda r: {
            "permissao": r.permit.number,
            "placa": r.permit.vehicle.plate if r.permit.vehicle else None,
            "tipo": r.kind,
            "devida_em": r.due_on,
            "situacao": r.status,
            "vencida": r.overdue,
            "fundamentos": r.decision.to_json()["citations"] if r.decision else [],
        },
    )


@router.get("/{inspection_id}", auth=staff, summary="Uma vistoria com itens e fundamentos")
def detail(request: HttpRequest, inspection_id: int) -> Any:
    _staff_reader(request)
    return inspection_json(get_object_or_404(Inspection.objects.all(), pk=inspection_id))


class ConfirmIn(Schema):
    confirm: bool = True
    reason: str = ""


@router.post(
    "/{inspection_id}/confirm",
    auth=staff,
    summary="Confirmar (ou não) o resultado de empresa credenciada",
)
def confirm(request: HttpRequest, inspection_id: int, payload: ConfirmIn) -> Any:
    inspection = get_object_or_404(Inspection.objects.all(), pk=inspection_id)
    try:
        inspection = services.inspection_confirm(
            actor=actor_of(request),
            municipality=current_municipality(),
            inspection=inspection,
            confirm=payload.confirm,
            reason=payload.reason,
        )
    except services.FieldError as exc:
        return _refusal(request, exc)
    return inspection_json(inspection)
