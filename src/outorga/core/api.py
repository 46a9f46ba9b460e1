"""The core's routes of the REST API v1 and the handlers of the errors every app may raise; the API
itself is assembled in :mod:`outorga.config.api`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Field, Router, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError

from outorga.law import batch, questions
from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import LAW_TITLES, lgpd
from outorga.law.competence import NotCompetent

from . import api_errors, selectors
from .apikit import Handlers, IsoDate, error, staff
from .apipages import Rows, paged
from .lawctx import context
from .models import Act
from .requests import actor_of, user_of
from .tenancy import TenancyNotSet

#: The core's own routes (account, municipality, acts log, law); ``outorga.config.api`` mounts
#: them with every app's.
router = Router()


def _not_competent(request: HttpRequest, exc: NotCompetent) -> HttpResponse:
    return error(request, 403, str(exc))


def _no_tenant(request: HttpRequest, exc: TenancyNotSet) -> HttpResponse:
    return error(request, 403, "Usuário sem município: acesso negado.")


def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return error(request, 404, "Não encontrado.")


def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return error(request, 401, "Autenticação necessária.")


def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = [
        {"campo": api_errors.field_of(e.get("loc", ())), "erro": api_errors.message(e)}
        for e in exc.errors
    ]
    return error(request, 422, "Dados inválidos.", erros=errors)


def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return error(request, exc.status_code, api_errors.http_message(str(exc.message)))


def _facts_invalid(request: HttpRequest, exc: questions.FactsInvalid) -> HttpResponse:
    errors = [{"campo": e["field"], "erro": e["message"]} for e in exc.errors]
    return error(request, 422, "Fatos inválidos para a pergunta.", erros=errors)


HANDLERS: Handlers = {
    NotCompetent: _not_competent,
    TenancyNotSet: _no_tenant,
    Http404: _not_found,
    AuthenticationError: _unauthenticated,
    ValidationError: _invalid,
    HttpError: _http_error,
    questions.FactsInvalid: _facts_invalid,
}


class MeOut(Schema):
    username: str
    nome: str
    papel: str
    papel_descricao: str
    municipio: str | None


@router.get("/me", response=MeOut, auth=staff, tags=["conta"], summary="Usuário da sessão")
def me(request: HttpRequest) -> dict[str, Any]:
    user = user_of(request)
    return {
        "username": user.username,
        "nome": user.get_full_name() or user.username,
        "papel": user.role,
        "papel_descricao": user.role_label,
        "municipio": user.municipality.slug if user.municipality else None,
    }


@router.get("/municipality", auth=staff, tags=["município"], summary="Dados do município")
def municipality(request: HttpRequest) -> dict[str, Any]:
    return selectors.municipality_summary(selectors.require_municipality())


class ActOut(Schema):
    id: int
    seq: int
    created_at: dt.datetime
    actor_name: str
    role: str
    action: str
    object_type: str
    object_id: str
    outcome: str
    ip: str | None = Field(
        description="IP de onde o ato veio, a quem lê CPF e CNPJ inteiros no registro (quem "
        f"audita o município); nulo aos demais, também em record.ip ({lgpd(6, inc='III')})"
    )
    hash: str
    prev_hash: str
    record: dict[str, Any]
    record_masked: bool = Field(
        description="Verdadeiro quando CPF e CNPJ vêm mascarados em actor_name e record, o texto "
        "escrito por uma pessoa reservado e o IP nulo (quem não lê o documento inteiro, "
        f"{lgpd(6, inc='III')}); ou quando, a quem não mantém o cadastro (também quem audita o município), o "
        "que foi escrito sobre documento de saúde ou certidão criminal e o tipo sanguíneo vêm "
        f"reservados ({lgpd(11)}): o record mostrado não é o assinado e "
        "não confere com hash; a cadeia se verifica sobre os registros guardados "
        "(outorga audit verify). Falso: o record é o assinado, hash = SHA-256(prev_hash + JSON "
        "canônico do record)."
    )


def _acts_read(request: HttpRequest) -> Any:
    """Each act as the caller reads it (``selectors.act_read``), in the caller's municipality."""
    user, m = user_of(request), selectors.require_municipality()
    return selectors.act_reader(user, m)


@router.get("/acts", response=list[ActOut], auth=staff, tags=["atos"], summary="Registro de atos")
@paged("-seq")
def acts(request: HttpRequest) -> Any:
    selectors.require(actor_of(request), "system.audit.read")
    return Rows(Act.objects.all(), _acts_read(request))


@router.get("/acts/{act_id}", response=ActOut, auth=staff, tags=["atos"], summary="Um ato")
def act_detail(request: HttpRequest, act_id: int) -> Any:
    selectors.require(actor_of(request), "system.audit.read")
    return _acts_read(request)(get_object_or_404(Act.objects.all(), pk=act_id))


def _question(qid: str) -> questions.Question:
    """A question of a law this municipality applies; any other is not found."""
    try:
        q = questions.get(qid)
    except KeyError:
        raise Http404 from None
    if q.law not in selectors.require_municipality().laws:
        raise Http404
    return q


class LawOut(Schema):
    law: str
    title: str
    services: list[str]
    in_force_from: IsoDate


@router.get(
    "/law/laws",
    response=list[LawOut],
    auth=staff,
    tags=["lei"],
    summary="Leis que o sistema conhece (regras)",
)
@paged(as_listed="law")
def law_laws(request: HttpRequest) -> list[dict[str, Any]]:
    """Every rulebook a municipality may bind to a service (its own law or another's, adopted by
    reference): ``POST /api/v1/municipality/law-bindings``."""
    return [
        {
            "law": b.law,
            "title": LAW_TITLES.get(b.law, b.law),
            "services": list(b.services),
            "in_force_from": b.in_force_from,
        }
        for b in RULEBOOKS.values()
    ]


class QuestionOut(Schema):
    id: str
    law: str
    name: str
    title: str
    legacy_id: str | None = None


@router.get(
    "/law/questions",
    response=list[QuestionOut],
    exclude_unset=True,
    auth=staff,
    tags=["lei"],
    summary="Perguntas à lei",
)
@paged(as_listed="id")
def law_questions(request: HttpRequest) -> list[dict[str, Any]]:
    laws = selectors.require_municipality().laws
    return [q.to_json() for q in questions.registry().values() if q.law in laws]


@router.get("/law/questions/{qid}", auth=staff, tags=["lei"], summary="Esquema dos fatos")
def law_question(request: HttpRequest, qid: str) -> dict[str, Any]:
    q = _question(qid)
    return {**q.to_json(), "facts_schema": q.facts_schema}


class ExplainIn(Schema):
    facts: dict[str, Any]
    on: IsoDate


@router.post("/law/{qid}", auth=staff, tags=["lei"], summary="Pergunta à lei, com fundamentos")
def law_explain(request: HttpRequest, qid: str, payload: ExplainIn) -> Any:
    q = _question(qid)
    m = selectors.require_municipality()
    return questions.ask(q.id, context(m, payload.on), payload.facts).to_json()


#: The most fact sets one batch request may carry: larger batches go through ``outorga law
#: explain --batch``, which streams them.
BATCH_LIMIT = 1000


class BatchIn(Schema):
    facts: list[dict[str, Any]] = Field(..., min_length=1, max_length=BATCH_LIMIT)
    on: IsoDate
    brief: bool = False


class BatchAnswerOut(Schema):
    line: int
    decision: dict[str, Any] | None = None
    error: str | None = None
    fields: list[dict[str, str]] | None = None


class BatchOut(Schema):
    answers: list[BatchAnswerOut]
    errors: int


@router.post(
    "/law/{qid}/batch",
    response=BatchOut,
    exclude_unset=True,
    auth=staff,
    tags=["lei"],
    summary="Pergunta à lei para vários conjuntos de fatos (até 1000)",
)
def law_explain_batch(request: HttpRequest, qid: str, payload: BatchIn) -> Any:
    """Each fact set answered as ``POST /law/{qid}`` answers it alone, in order (``line`` counts
    from 1); a fact set the question's schema refuses gets ``error`` and ``fields`` in its place,
    and the others are answered. ``brief``: the outcome and the refusing rules without the texts."""
    q = _question(qid)
    m = selectors.require_municipality()
    found = batch.answers(
        q.id, context(m, payload.on), enumerate(payload.facts, start=1), explain=not payload.brief
    )
    out = [a.to_json(brief=payload.brief) for a in found]
    return {"answers": out, "errors": sum(1 for a in out if "error" in a)}
