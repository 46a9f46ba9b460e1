"""Who is calling the platforms' API: the platform's token and the act's actor, or a servant who
may view the platforms area; the calling platform's own records; a stored decision's reasons as the
API shows them; the answer for a record the law refused and the service kept."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router, Status

from outorga.core.acts import Actor
from outorga.core.apipages import paged
from outorga.core.errors import Refused
from outorga.core.middleware import client_ip
from outorga.core.models import ApiToken, User
from outorga.core.requests import user_of
from outorga.law.decisions import Decision
from outorga.platforms.services.common import PlatformError, refusal_text
from outorga.platforms.tokens import platform_token

from .. import selectors
from ..models import PlatformPenalty

M = TypeVar("M", bound=Model)


def token_of(request: HttpRequest) -> ApiToken:
    token = getattr(request, "auth", None)
    assert isinstance(token, ApiToken)
    return token


def platform_actor(request: HttpRequest) -> Actor:
    token = token_of(request)
    return Actor(None, "plataforma", f"token:{token.prefix}", client_ip(request))


def platform_acting(request: HttpRequest) -> dict[str, Any]:
    """Who acts and where on a platform's token: the ``actor`` and ``municipality`` keywords a
    service is called with — the platform the token names, in the token's municipality."""
    return {"actor": platform_actor(request), "municipality": token_of(request).municipality}


def viewer(request: HttpRequest, what: str) -> User:
    """The servant calling, when of a role that sees the platforms area; else the refusal naming
    ``what`` was tried."""
    user = user_of(request)
    selectors.require_viewer(user.role, user.municipality, what)
    return user


def own(request: HttpRequest, records: QuerySet[M]) -> QuerySet[M]:
    """The calling platform's own ``records`` (another platform's are never seen)."""
    return records.filter(platform=token_of(request).platform)


def penalties_of_the_platform() -> QuerySet[PlatformPenalty]:
    """The penalties imposed on a platform itself: a driver's penalty is the driver's case, not
    the platform's (art. 26 caput), and the platform's routes never show it."""
    return PlatformPenalty.objects.filter(driver__isnull=True)


def in_status(records: QuerySet[M], status: str | None) -> QuerySet[M]:
    """The ``records`` in the ``status`` a list route was asked for, or all of them when it was
    asked for none."""
    return records.filter(status=status) if status else records


def own_list(router: Router, path: str, response: Any, *order: str, **doc: Any) -> Any:
    """A list route of the calling platform's own records, read with any of its tokens: the
    ``response`` items paged by a cursor over ``order`` (``paged``)."""

    def register(view: Callable[..., Any]) -> Any:
        routed = router.get(path, auth=platform_token("read"), response=response, **doc)
        return routed(paged(*order)(view))

    return register


def own_one(request: HttpRequest, records: QuerySet[M], pk: int) -> M:
    """One of the calling platform's own ``records``; 404 for another platform's."""
    return get_object_or_404(own(request, records), pk=pk)


def own_step(
    request: HttpRequest,
    records: QuerySet[M],
    pk: int,
    service: Callable[..., Any],
    given: str,
    status: int = 200,
    **fields: Any,
) -> Status:
    """One step the calling platform takes on one of its own ``records`` (404 for another
    platform's): ``service`` called on the token (:func:`platform_acting`) with the record as the
    keyword ``given`` and with ``fields`` (the service checks the state and asks the law; its
    refusals are the API's errors), answered with ``status`` and the record read again, with what
    changed."""
    service(**platform_acting(request), **{given: own_one(request, records, pk)}, **fields)
    return Status(status, own_one(request, records, pk))


def stored_reasons(reasons: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A stored decision's reasons (``Decision.to_json()``) as the API shows them."""
    return [
        {
            "regra": r["rule"],
            "resultado": r["verdict"],
            "mensagem": r["message"],
            "citacoes": [c["text"] for c in r["citations"]],
        }
        for r in reasons
    ]


def refused_record(lead: str, decisions: Sequence[Decision], obj_id: int) -> Status:
    """**422** for a record the law refused and the service kept with its reasons (a driver, a
    fare table): ``lead`` and what was refused with its articles, every reason, the articles and
    the record's ``id`` — the body of a refusal (``PlatformError``), answered, not raised: the
    record is written —, with the code of every law's refusal (``recusado_pela_lei``)."""
    refusal = PlatformError(
        f"{lead}: {refusal_text(decisions)}", decisions=decisions, obj_id=obj_id
    )
    return Status(422, {**refusal.to_json(), "codigo": Refused.code})
