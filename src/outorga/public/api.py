"""API routes of badges: the public keys an inspector's phone verifies tokens with (no login),
online verification, and the clerk's issue / print / revoke."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from ninja import Field, Router, Schema, Status
from ninja.security import django_auth

from outorga.core.apikit import IsoDate
from outorga.core.apipages import paged
from outorga.core.errors import Refused
from outorga.core.localtime import zone_of
from outorga.core.models import Municipality, User
from outorga.core.pdfkit import pdf_response
from outorga.core.requests import actor_of
from outorga.core.tenancy import current_municipality, tenant
from outorga.law.competence import NotCompetent
from outorga.registry.models import Auxiliary, Permit
from outorga.registry.validation import FieldError

from . import services, tokens
from .models import Badge
from .selectors import verification
from .selectors.badges import badge_status
from .throttle import MESSAGE, over_limit
from .views import STAFF_ROLES, base_url

public_router = Router(tags=["verificação pública"])
# Session auth (django-ninja's; the public routes need none, the badges routes a servant's).
router = Router(auth=django_auth, tags=["crachás"])


class KeyOut(Schema):
    key_id: int
    algorithm: str
    public_key: str
    created_at: dt.datetime
    retired_at: dt.datetime | None


class KeysOut(Schema):
    ibge_code: str
    token_format: str
    keys: list[KeyOut]


@public_router.get(
    "/keys/{ibge_code}",
    response=KeysOut,
    auth=None,
    summary="Chaves públicas Ed25519 do município (verificação offline do crachá)",
    description=(
        "Token = base64url sem preenchimento de `payload(15 bytes) || assinatura(64 bytes)`; "
        "payload = versão (1 byte, =1), key_id (2 bytes), código IBGE (4 bytes), série (8 bytes), "
        "big-endian. A assinatura Ed25519 cobre o payload. Chaves aposentadas continuam "
        "publicadas. Ver docs/decisions/0006-badge-token.md."
    ),
)
def public_keys(request: HttpRequest, ibge_code: str) -> Any:
    m = get_object_or_404(Municipality, ibge_code=ibge_code)
    return {
        "ibge_code": m.ibge_code,
        "token_format": f"outorga-cracha-v{tokens.VERSION}",
        "keys": verification.public_keys(m),
    }


class VerifyOut(Schema):
    valido: bool
    situacao: str
    situacao_codigo: str
    detalhe: str
    nome: str
    condicao: str
    servico: str
    numero: str
    placa: str
    #: None for a badge without effect (revoked, or its permit extinct): it no longer has a
    #: validity to show, as the public page says "Sem efeito".
    validade: IsoDate | None
    #: The day from which a badge without effect stopped holding (its permit cassada, revoked or
    #: extinct, the badge revoked...), when the records say it; None while it may hold.
    sem_efeito_desde: IsoDate | None
    municipio: str
    foto: str | None


@public_router.get(
    "/verify/{token}",
    response={200: VerifyOut, 404: dict[str, str], 429: dict[str, str]},
    auth=None,
    summary="Verificação online de um crachá (mesmos dados da página pública)",
)
def verify(request: HttpRequest, token: str) -> Any:
    if over_limit(request, "verify"):
        return Status(429, {"detail": MESSAGE})
    v = verification.badge_from_token(token)
    if v is None:
        return Status(404, {"detail": "Crachá não reconhecido."})
    # Read in the badge's municipality and on its day, as the page does: the caller's own
    # municipality (or none, anonymously) must not decide which records the status reads.
    with tenant(v.municipality), timezone.override(zone_of(v.municipality)):
        data = verification.badge_public(v, timezone.localdate())
    status = data["status"]
    body = {
        "valido": status.valid,
        "situacao": status.label,
        "situacao_codigo": status.code,
        "detalhe": status.detail,
        "nome": data["nome"],
        "condicao": data["condicao"],
        "servico": data["servico"],
        "numero": data["numero"],
        "placa": data["placa"],
        "validade": None if status.ended else data["validade"],
        "sem_efeito_desde": status.since if status.ended else None,
        "municipio": data["municipio"],
        "foto": request.build_absolute_uri(f"/v/{token}/foto") if data["tem_foto"] else None,
    }
    return Status(200, body)


# Clerk routes ---------------------------------------------------------------------------------


def _staff_only(request: HttpRequest) -> None:
    """Badge records are for the municipality's staff; holders get their card at the counter."""
    assert isinstance(request.user, User)
    if request.user.role not in STAFF_ROLES:
        raise NotCompetent(request.user.role, "sistema", "badge.read", None)


def _refusal(exc: Exception) -> Status:
    """A refused badge, with the stable code every refusal of the API carries (``codigo``)."""
    if isinstance(exc, Refused):
        return Status(
            422,
            {
                "detail": "Crachá recusado.",
                "erros": [
                    {
                        "campo": r.rule,
                        "erro": r.message,
                        "fundamento": [c.render() for c in r.citations],
                    }
                    for r in exc.decision.refusals
                ],
                "codigo": exc.code,
            },
        )
    assert isinstance(exc, FieldError)
    return Status(422, {"detail": "Crachá recusado.", "erros": [exc.to_json()], "codigo": exc.code})


class BadgeOut(Schema):
    id: int
    serial: str
    permit_id: int
    auxiliary_id: int | None
    issued_at: dt.datetime
    valid_until: IsoDate
    revoked_at: dt.datetime | None
    revoked_reason: str
    key_id: int = Field(..., validation_alias="key.key_id")
    token: str
    verification_url: str
    status: str

    @staticmethod
    def resolve_verification_url(b: Badge, context: dict[str, Any]) -> str:
        return services.verification_url(base_url(context["request"]), b.token)

    @staticmethod
    def resolve_status(b: Badge) -> str:
        return badge_status(b, timezone.localdate()).label


def _badges() -> Any:
    return Badge.objects.select_related(
        "key", "permit__holder", "permit__vehicle", "auxiliary__person"
    )


@router.get("", response=list[BadgeOut], summary="Crachás emitidos")
@paged("-issued_at", "-id")
def badge_list(request: HttpRequest, permit_id: int | None = None) -> Any:
    _staff_only(request)
    qs = _badges()
    if permit_id is not None:
        qs = qs.filter(permit_id=permit_id)
    return qs


class IssueIn(Schema):
    permit_id: int
    auxiliary_id: int | None = None


@router.post(
    "",
    response={201: BadgeOut, 422: dict[str, Any]},
    summary="Emitir crachá (campos do art. 2, VIII conferidos pela lei)",
)
def badge_issue(request: HttpRequest, payload: IssueIn) -> Any:
    permit = get_object_or_404(Permit.objects.all(), pk=payload.permit_id)
    auxiliary = None
    if payload.auxiliary_id is not None:
        auxiliary = get_object_or_404(
            Auxiliary.objects.all(), pk=payload.auxiliary_id, permit=permit
        )
    try:
        badge = services.badge_issue(
            actor=actor_of(request),
            municipality=current_municipality(),
            permit=permit,
            auxiliary=auxiliary,
        )
    except (Refused, FieldError) as exc:
        return _refusal(exc)
    return Status(201, _badges().get(pk=badge.pk))


@router.get("/{badge_id}", response=BadgeOut, summary="Um crachá")
def badge_detail(request: HttpRequest, badge_id: int) -> Any:
    _staff_only(request)
    return get_object_or_404(_badges(), pk=badge_id)


@router.get(
    "/{badge_id}/pdf",
    response={422: dict[str, Any]},
    summary="PDF do crachá (tamanho cartão, 85,60 × 53,98 mm)",
    description="Um crachá que não vale mais (revogado; permissão cassada, revogada ou extinta; "
    "condutor cassado ou desligado) sai como cópia para o processo, marcada SEM VALIDADE, com o "
    "motivo e os artigos.",
)
def badge_pdf(request: HttpRequest, badge_id: int) -> Any:
    badge = get_object_or_404(_badges(), pk=badge_id)
    try:
        content = services.badge_print(
            actor=actor_of(request),
            municipality=current_municipality(),
            badge=badge,
            base_url=base_url(request),
        )
    except FieldError as exc:
        return _refusal(exc)
    response = pdf_response(content, f"cracha-{badge.serial}.pdf", attachment=True)
    response["Cache-Control"] = "no-store"
    return response


class RevokeIn(Schema):
    reason: str


@router.post(
    "/{badge_id}/revoke", response={200: BadgeOut, 422: dict[str, Any]}, summary="Revogar crachá"
)
def badge_revoke(request: HttpRequest, badge_id: int, payload: RevokeIn) -> Any:
    badge = get_object_or_404(_badges(), pk=badge_id)
    try:
        badge = services.badge_revoke(
            actor=actor_of(request),
            municipality=current_municipality(),
            badge=badge,
            reason=payload.reason,
        )
    except FieldError as exc:
        return _refusal(exc)
    return Status(200, _badges().get(pk=badge.pk))
