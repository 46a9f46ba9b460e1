"""REST API v1 (django-ninja): OpenAPI at /api/v1/openapi.json, docs at /api/v1/docs."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer, SessionAuth

from outorga.law import questions
from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import LAW_TITLES
from outorga.law.competence import NotCompetent

from . import api_errors, selectors, services
from .access import NOT_STAFF
from .acts import Actor, record_act
from .lawctx import context
from .middleware import client_ip
from .models import Act, ApiToken, User
from .tenancy import TenancyNotSet, set_current


class PlatformBearer(HttpBearer):
    """``Authorization: Bearer otg_…``: scopes the request to the token's municipality and platform
    and records the use in the acts log with the client IP."""

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        api_token = services.api_token_authenticate(token)
        if api_token is None:
            return None
        set_current(api_token.municipality)
        ApiToken.objects.filter(pk=api_token.pk).update(last_used_at=timezone.now())
        record_act(
            municipality=api_token.municipality,
            actor=Actor(None, "plataforma", f"token:{api_token.prefix}", client_ip(request)),
            action="api_token.use",
            obj=api_token,
            extra={"method": request.method, "path": request.path},
        )
        return api_token


class StaffSession(SessionAuth):
    """A logged-in municipal servant: portal users (permissionários) and platform logins are not
    staff, so they never reach staff routes (personal data of others)."""

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = super().authenticate(request, key)
        if user is None or getattr(user, "role", None) in NOT_STAFF:
            return None
        return user


staff: SessionAuth = StaffSession()
platform_auth = PlatformBearer()

api = NinjaAPI(
    title="Outorga API",
    version="1",
    description=(
        "API do Outorga: regulação municipal do transporte individual remunerado. "
        "Servidores municipais usam a sessão; plataformas usam `Authorization: Bearer <token>`."
    ),
    urls_namespace="api",
)


def _error(request: HttpRequest, status: int, detail: Any, **more: Any) -> HttpResponse:
    return api.create_response(request, {"detail": detail, **more}, status=status)


@api.exception_handler(NotCompetent)
def _not_competent(request: HttpRequest, exc: NotCompetent) -> HttpResponse:
    return _error(request, 403, str(exc))


@api.exception_handler(TenancyNotSet)
def _no_tenant(request: HttpRequest, exc: TenancyNotSet) -> HttpResponse:
    return _error(request, 403, "Usuário sem município: acesso negado.")


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _error(request, 404, "Não encontrado.")


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return _error(request, 401, "Autenticação necessária.")


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = [
        {"campo": api_errors.field_of(e.get("loc", ())), "erro": api_errors.message(e)}
        for e in exc.errors
    ]
    return _error(request, 422, "Dados inválidos.", erros=errors)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return _error(request, exc.status_code, api_errors.http_message(str(exc.message)))


@api.exception_handler(questions.FactsInvalid)
def _facts_invalid(request: HttpRequest, exc: questions.FactsInvalid) -> HttpResponse:
    errors = [{"campo": e["field"], "erro": e["message"]} for e in exc.errors]
    return _error(request, 422, "Fatos inválidos para a pergunta.", erros=errors)


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _actor(request: HttpRequest) -> Actor:
    return Actor.of(_user(request), client_ip(request))


class MeOut(Schema):
    username: str
    nome: str
    papel: str
    papel_descricao: str
    municipio: str | None


@api.get("/me", response=MeOut, auth=staff, tags=["conta"], summary="Usuário da sessão")
def me(request: HttpRequest) -> dict[str, Any]:
    user = _user(request)
    return {
        "username": user.username,
        "nome": user.get_full_name() or user.username,
        "papel": user.role,
        "papel_descricao": user.role_label,
        "municipio": user.municipality.slug if user.municipality else None,
    }


@api.get("/municipality", auth=staff, tags=["município"], summary="Dados do município")
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
    ip: str | None
    hash: str
    prev_hash: str
    record: dict[str, Any]


@api.get("/acts", response=list[ActOut], auth=staff, tags=["atos"], summary="Registro de atos")
def acts(request: HttpRequest, limit: int = 100) -> Any:
    selectors.require(_actor(request), "system.audit.read")
    return Act.objects.order_by("-seq")[: max(1, min(limit, 1000))]


@api.get("/acts/{act_id}", response=ActOut, auth=staff, tags=["atos"], summary="Um ato")
def act_detail(request: HttpRequest, act_id: int) -> Any:
    selectors.require(_actor(request), "system.audit.read")
    return get_object_or_404(Act.objects.all(), pk=act_id)


def _question(qid: str) -> questions.Question:
    """A question of a law this municipality applies; any other is not found."""
    try:
        q = questions.get(qid)
    except KeyError:
        raise Http404 from None
    if q.law not in selectors.require_municipality().laws:
        raise Http404
    return q


@api.get("/law/laws", auth=staff, tags=["lei"], summary="Leis que o sistema conhece (regras)")
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


@api.get("/law/questions", auth=staff, tags=["lei"], summary="Perguntas à lei")
def law_questions(request: HttpRequest) -> list[dict[str, Any]]:
    laws = selectors.require_municipality().laws
    return [q.to_json() for q in questions.registry().values() if q.law in laws]


@api.get("/law/questions/{qid}", auth=staff, tags=["lei"], summary="Esquema dos fatos")
def law_question(request: HttpRequest, qid: str) -> dict[str, Any]:
    q = _question(qid)
    return {**q.to_json(), "facts_schema": q.facts_schema}


class ExplainIn(Schema):
    facts: dict[str, Any]
    on: dt.date


@api.post("/law/{qid}", auth=staff, tags=["lei"], summary="Pergunta à lei, com fundamentos")
def law_explain(request: HttpRequest, qid: str, payload: ExplainIn) -> Any:
    q = _question(qid)
    m = selectors.require_municipality()
    return questions.ask(q.id, context(m, payload.on), payload.facts).to_json()


# Platform routes (/platforms, /platforms/{id}/tokens, /tokens/{id}/revoke, /platform/…) live in
# outorga.platforms.api, registered here last to avoid an import cycle.
from outorga.platforms.api import router as platforms_router  # noqa: E402

api.add_router("", platforms_router)

from outorga.tripdata.api import router as tripdata_router  # noqa: E402

api.add_router("/tripdata", tripdata_router)

from outorga.public.api import public_router, router as badges_router  # noqa: E402, I001

api.add_router("/public", public_router)
api.add_router("/badges", badges_router)

from outorga.registry import services as registry_services  # noqa: E402
from outorga.registry.api import router as registry_router  # noqa: E402
from outorga.registry.validation import FieldError  # noqa: E402


@api.exception_handler(FieldError)
def _field_error(request: HttpRequest, exc: FieldError) -> HttpResponse:
    return _error(request, 422, "Dados inválidos.", erros=[exc.to_json()])


@api.exception_handler(registry_services.Refused)
def _refused(request: HttpRequest, exc: registry_services.Refused) -> HttpResponse:
    return _error(request, 422, "Recusado pela lei.", decisao=exc.decision.to_json())


@api.exception_handler(registry_services.InvalidTransition)
def _conflict(request: HttpRequest, exc: registry_services.InvalidTransition) -> HttpResponse:
    return _error(request, 409, str(exc))


api.add_router("/registry", registry_router)

from outorga.registry.api_taxi import stands_router, taxi_router, tenders_router  # noqa: E402

api.add_router("/tenders", tenders_router)
api.add_router("/taxi", taxi_router)
api.add_router("/stands", stands_router)

from outorga.finance.api import router as finance_router  # noqa: E402

api.add_router("/finance", finance_router)

from outorga.inspections.api import router as inspections_router  # noqa: E402

api.add_router("/inspections", inspections_router)

from outorga.enforcement.api import router as enforcement_router  # noqa: E402

api.add_router("/enforcement", enforcement_router)

from outorga.portal.api import router as portal_router  # noqa: E402

api.add_router("/notifications", portal_router)

from outorga.core.api_municipal_data import router as municipal_data_router  # noqa: E402

api.add_router("/municipality", municipal_data_router)
