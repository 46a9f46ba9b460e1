"""The holder's own cases and their defence or appeal filed through the portal."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router
from ninja.security import django_auth

from outorga.core.apipages import paged
from outorga.core.requests import user_of
from outorga.law.competence import Role

from .. import selectors
from ..models import Case, Filing
from .common import (
    CaseOut,
    FilingIn,
    FilingOut,
    filed,
    today,
)

router = Router()


def _holder_cases(request: HttpRequest) -> Any:
    user = user_of(request)
    person = selectors.person_of(user) if user.role == Role.PERMISSIONARIO else None
    if person is None:
        return Case.objects.none()
    return selectors.holder_cases(person)


@router.get(
    "/me/cases",
    summary="Meus processos (permissionário)",
    response=list[CaseOut],
    auth=django_auth,
    tags=["portal"],
    operation_id="outorga_enforcement_api_my_cases",
)
@paged("-created_at", "-id")
def my_cases(request: HttpRequest) -> Any:
    return _holder_cases(request)


@router.post(
    "/me/cases/{case_id}/filings",
    summary="Apresentar defesa ou recurso pelo portal (permissionário)",
    response={201: FilingOut},
    auth=django_auth,
    tags=["portal"],
    operation_id="outorga_enforcement_api_my_filing",
)
def my_filing(request: HttpRequest, case_id: int, payload: FilingIn) -> Any:
    """The holder's defence or appeal, online, with attachments."""
    case = get_object_or_404(_holder_cases(request), pk=case_id)
    return filed(request, case, payload, today(), Filing.Channel.PORTAL)
