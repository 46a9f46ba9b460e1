"""The holder's requests to keep the registration up to date or cancel it (mototaxi art. 4 §2),
sent from the portal and applied by the clerk once the holder appeared in person (art. 13 XX a) —
the law decides through the seam (``registration_update``); an update goes through
``person_update`` (one act with the values before and after), a cancellation through the renúncia
on the written request (art. 6 §6)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import cited_aside
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import Permit, Person, RegistrationRequest
from ..validation import FieldError
from .common import bound_law, governed, request_decided
from .people import PERSON_FIELDS, person_update
from .permit_status import permit_renounce

#: What the holder may ask to update from the portal (the rest is corrected by the clerk).
UPDATABLE = ("address", "city", "phone", "email")
LIVE = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)


def _holder_permit(person: Person, permit: Permit | None) -> Permit:
    """The permit the request is under (its law governs): the one named, or the holder's own."""
    found = permit or Permit.objects.filter(holder=person, status__in=LIVE).order_by("pk").first()
    if found is None or found.holder_id != person.pk:
        raise FieldError("permissão", "o pedido é do permissionário sobre a própria permissão")
    return found


def _locked_pending(request: RegistrationRequest) -> RegistrationRequest:
    """The request's row locked for its decision, refused once it is applied or refused."""
    req = RegistrationRequest.objects.select_for_update().get(pk=request.pk)
    if req.status != RegistrationRequest.Status.PENDING:
        raise FieldError("pedido", f"o pedido já está {req.get_status_display().lower()}")
    return req


def registration_request_file(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    kind: str,
    text: str,
    on: dt.date,
    changes: Mapping[str, str] | None = None,
    permit: Permit | None = None,
) -> RegistrationRequest:
    """The holder asks to update the registration (the new address, city, phone or email) or to
    cancel it (art. 4 §2); waits for the in-person appearance (art. 13 XX a)."""
    if (
        kind == RegistrationRequest.Kind.CANCEL
        and permit is None
        and Permit.objects.filter(holder=person, status__in=LIVE).count() > 1
    ):
        # The renúncia is of a permit the written request names (art. 6 §6), never one guessed.
        raise FieldError("permissão", "escolha a permissão cujo cancelamento pede")
    target = _holder_permit(person, permit)
    authorize(
        actor=actor,
        municipality=municipality,
        action="registration.request",
        law=governed(target).law,
    )
    if actor.user is None or person.user_id != actor.user.pk:
        raise FieldError(
            "permissionário", "cada permissionário pede apenas sobre o próprio cadastro"
        )
    if kind not in RegistrationRequest.Kind.values:
        raise FieldError("pedido", "escolha atualização ou cancelamento do cadastro")
    asked = {
        k: str(v).strip()[:200]
        for k, v in (changes or {}).items()
        if k in UPDATABLE and str(v).strip() and str(v).strip() != getattr(person, k)
    }
    if kind == RegistrationRequest.Kind.UPDATE and not asked:
        raise FieldError(
            "alterações", "informe o que mudou no cadastro (endereço, telefone, e-mail)"
        )
    if not text.strip():
        raise FieldError("pedido escrito", "descreva o pedido")
    with transaction.atomic(), tenant(municipality):
        Person.objects.select_for_update().get(pk=person.pk)
        # Sending the same request again returns the one waiting (a double click files once).
        waiting = RegistrationRequest.objects.filter(
            person=person,
            kind=kind,
            status=RegistrationRequest.Status.PENDING,
            permit=target if kind == RegistrationRequest.Kind.CANCEL else None,
            changes=asked,
        ).first()
        if waiting is not None:
            return waiting
        req = RegistrationRequest.objects.create(
            person=person,
            permit=target if kind == RegistrationRequest.Kind.CANCEL else None,
            kind=kind,
            changes=asked,
            text=text.strip()[:500],
            requested_on=on,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="registration.request",
            obj=req,
            new={"kind": kind, "changes": asked, "permit": target.number},
        )
    return req


def registration_request_apply(
    *,
    actor: Actor,
    municipality: Municipality,
    request: RegistrationRequest,
    appeared_on: dt.date | None,
    on: dt.date,
) -> RegistrationRequest:
    """Apply the request once the holder appeared in person (the law refuses it otherwise)."""
    target = governed(_holder_permit(request.person, request.permit))  # under a law today
    authorize(actor=actor, municipality=municipality, action="registry.record", law=target.law)
    law = bound_law(municipality, target.service, on)
    d = law.ask(
        "registration_update",
        {
            "kind": request.kind,
            "requested_on": request.requested_on.isoformat(),
            "appeared_on": appeared_on.isoformat() if appeared_on else None,
            "on": on.isoformat(),
        },
        on,
    )
    if not d.outcome["apply"]:
        raise Refused(d)
    with transaction.atomic(), tenant(municipality):
        req = _locked_pending(request)
        if req.kind == RegistrationRequest.Kind.UPDATE:
            person = req.person
            data: dict[str, Any] = {f: getattr(person, f) for f in PERSON_FIELDS}
            data.update(document=person.document, name=person.name, **req.changes)
            person_update(
                actor=actor,
                municipality=municipality,
                law=target.law,
                person=person,
                data=data,
                reason=f"pedido do permissionário de {req.requested_on:%d/%m/%Y}"
                f"{cited_aside(target, 'registration_update')}",
            )
        else:
            permit_renounce(
                actor=actor,
                municipality=municipality,
                permit=target,
                on=on,
                request=f"pedido escrito de {req.requested_on:%d/%m/%Y}: {req.text}",
            )
        request_decided(
            req,
            actor=actor,
            municipality=municipality,
            permit=target,
            status=RegistrationRequest.Status.APPLIED,
            fields={"decided_on": on, "appeared_on": appeared_on},
            action="registration.request.apply",
            new={"appeared_on": appeared_on},
            basis=basis_of(d),
            told="aplicado",
        )
    return req


def registration_request_refuse(
    *,
    actor: Actor,
    municipality: Municipality,
    request: RegistrationRequest,
    reason: str,
    on: dt.date,
) -> RegistrationRequest:
    target = _holder_permit(request.person, request.permit)
    authorize(actor=actor, municipality=municipality, action="registry.record", law=target.law)
    if not reason.strip():
        raise FieldError("motivo da recusa", "informe o motivo da recusa")
    with transaction.atomic(), tenant(municipality):
        req = _locked_pending(request)
        reason = reason.strip()[:300]
        request_decided(
            req,
            actor=actor,
            municipality=municipality,
            permit=target,
            status=RegistrationRequest.Status.REFUSED,
            fields={"decided_on": on, "refusal_reason": reason},
            action="registration.request.refuse",
            new={"reason": reason},
            told=f"recusado. Motivo: {reason}",
        )
    return req
