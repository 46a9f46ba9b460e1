"""The REST API v1, assembled: OpenAPI at /api/v1/openapi.json, docs at /api/v1/docs.

The one place that knows every app: it mounts each app's routers and registers the handlers of
the errors each app raises (``HANDLERS`` beside its router). Apps never import this module — what
they share (the session and bearer auth, the JSON answer) is :mod:`outorga.core.apikit`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI

from outorga.core import api as core
from outorga.core.api_municipal_data import router as municipal_data_router
from outorga.core.apikit import document_shared_answers, respond
from outorga.core.errors import DomainError
from outorga.enforcement import api as enforcement
from outorga.finance import api as finance
from outorga.inspections.api import router as inspections_router
from outorga.platforms import api as platforms
from outorga.portal.api import router as portal_router
from outorga.public.api import public_router
from outorga.public.api import router as badges_router
from outorga.registry.api.routes import router as registry_router
from outorga.registry.api.routes import stands_router, taxi_router, tenders_router
from outorga.tripdata.api import router as tripdata_router
from outorga.tripdata.api import schemas_router as tripdata_schemas_router


class OutorgaAPI(NinjaAPI):
    """The API whose OpenAPI document names every status an operation can answer: each route's
    own ``response={...}`` plus the shared handlers' refusals (``apikit.shared_answers``)."""

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        return document_shared_answers(super().get_openapi_schema(**kwargs))


api = OutorgaAPI(
    title="Outorga API",
    version="1",
    description=(
        "API do Outorga: regulação municipal do transporte individual remunerado. "
        "Servidores municipais usam a sessão; plataformas usam `Authorization: Bearer <token>`. "
        'Toda lista é paginada por cursor: responde `{"items": [...], "next": ...}`; a '
        "próxima página vem com `?cursor=<next>` e os mesmos filtros, `limit` itens por página "
        "(padrão 50, no máximo 200); `next` nulo é a última página. Um cursor alterado, de outra "
        "lista ou de outro município é recusado com 422 nomeando `cursor`."
    ),
    urls_namespace="api",
)


def _domain_error(request: HttpRequest, exc: Any) -> HttpResponse:
    """Every app's refusal, answered one way: its status, its body, its stable code."""
    return respond(request, exc.to_api(), exc.status)


api.add_exception_handler(DomainError, _domain_error)
for exc, handler in core.HANDLERS.items():
    api.add_exception_handler(exc, handler)

api.add_router("", core.router)
api.add_router("", platforms.router)
api.add_router("/tripdata", tripdata_router)
api.add_router("/public", public_router)
api.add_router("/public/schemas", tripdata_schemas_router)
api.add_router("/badges", badges_router)
api.add_router("/registry", registry_router)
api.add_router("/tenders", tenders_router)
api.add_router("/taxi", taxi_router)
api.add_router("/stands", stands_router)
api.add_router("/finance", finance.router)
api.add_router("/inspections", inspections_router)
api.add_router("/enforcement", enforcement.router)
api.add_router("/notifications", portal_router)
api.add_router("/municipality", municipal_data_router)
