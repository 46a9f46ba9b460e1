"""A holder's requests from the portal — the yearly renewal and an auxiliary's credential — and
the clerk's decision on them.

Filing is the holder's own act under the law of the permit (``application.submit``: mototaxi
art. 5–6; taxi art. 20–24), with the documents sent for review as on the applicant's page. The
decision is the desk's, through the very services of the clerk's screens: ``permit_renew``
(mototaxi art. 4 §1), ``taxi_term_renew`` (taxi art. 13, 21), ``auxiliary_add`` (mototaxi
art. 14) and ``taxi_auxiliary_add`` (taxi art. 20, parágrafo único), each asking the law and
recording its own act; the request is closed in the same transaction. A refusal needs a reason
the holder reads.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision

from .. import validation
from ..models import (
    Auxiliary,
    HolderRequest,
    Permit,
    PermitTerm,
    Person,
    Service,
)
from ..validation import FieldError
from .auxiliaries import (
    auxiliary_add,
    auxiliary_renew,
    auxiliary_renewal_decisions,
    auxiliary_renewal_unavailable,
    taxi_auxiliary_add,
)
from .common import (
    InvalidTransition,
    governed,
    own_or_desk,
    reason_required,
    request_decided,
)
from .eligibility import person_eligibility, vehicle_crlv
from .termos import permit_renew, taxi_term_renew, taxi_term_renew_decisions

#: A permit whose holder may ask for a renewal or an auxiliary (not extinct nor in reserve).
OPEN_STATUSES = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED)
#: The statuses the renewal service accepts, per service (``permit_renew``, ``taxi_term_renew``).
RENEWABLE = {
    Service.MOTOTAXI: (Permit.Status.ACTIVE,),
    Service.MOTOFRETE: (Permit.Status.ACTIVE,),
    Service.TAXI: (Permit.Status.ACTIVE, Permit.Status.SUSPENDED),
}
#: The act the desk's decision performs, per kind of request.
DECISION_ACTIONS = {
    HolderRequest.Kind.RENEWAL: "permit.renew",
    HolderRequest.Kind.AUXILIARY: "registry.record",
    HolderRequest.Kind.AUXILIARY_RENEWAL: "auxiliary.renew",
}


def holder_request_file(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    kind: str,
    auxiliary_document: str = "",
    auxiliary_name: str = "",
    note: str = "",
    auxiliary: Auxiliary | None = None,
) -> HolderRequest:
    """The holder asks, for their own permit, the yearly renewal, an auxiliary's credential or the
    renewal of the credential of one of the permit's own auxiliaries (``auxiliary``: mototaxi
    art. 14 §2, taxi art. 21; only where the permit's law renews it). One request of a kind waits
    at a time per permit (per auxiliary; asking again returns it); an auxiliary's request names
    the candidate by CPF (check digits validated) and name."""
    # No request under a law for a service no law governs here (a refusal naming it).
    law = governed(permit).law
    authorize(actor=actor, municipality=municipality, action="application.submit", law=law)
    if own_or_desk(actor, permit.holder) != "application.submit":
        raise FieldError("permissão", "cada permissionário faz pedidos apenas da própria permissão")
    if kind not in HolderRequest.Kind.values:
        raise FieldError(
            "pedido", "use renovação, credenciamento de auxiliar ou renovação da credencial"
        )
    document, name = "", ""
    if kind == HolderRequest.Kind.AUXILIARY:
        document = validation.cpf(auxiliary_document, "CPF do auxiliar")
        name = auxiliary_name.strip()
        if not name:
            raise FieldError("nome do auxiliar", "informe o nome completo do auxiliar")
        if document == permit.holder.document:
            raise FieldError(
                "CPF do auxiliar", "o auxiliar é outra pessoa que não o permissionário"
            )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status not in OPEN_STATUSES:
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}: não há pedido a fazer"
            )
        if (
            kind == HolderRequest.Kind.RENEWAL
            and permit.status not in RENEWABLE[Service(permit.service)]
        ):
            # The renewal itself refuses it (``permit_renew`` takes only an active permit,
            # ``taxi_term_renew`` a suspended one too): a request the desk could only refuse
            # is not taken.
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}: não se renova"
            )
        if kind == HolderRequest.Kind.AUXILIARY_RENEWAL:
            auxiliary = _own_auxiliary(permit, auxiliary)
            document, name = auxiliary.person.document, auxiliary.person.name
        # One waiting request of a kind per permit and filer: a predecessor's (taxi art. 13,
        # parágrafo único) is theirs, never answered to the successor as their own.
        waiting = HolderRequest.objects.filter(
            permit=permit, person=permit.holder, kind=kind, status=HolderRequest.Status.PENDING
        )
        if kind != HolderRequest.Kind.RENEWAL:
            waiting = waiting.filter(auxiliary_document=document)
        existing = waiting.first()
        if existing is not None:
            return existing
        req = HolderRequest.objects.create(
            permit=permit,
            person=permit.holder,
            kind=kind,
            auxiliary_document=document,
            auxiliary_name=name[:200],
            auxiliary=auxiliary if kind == HolderRequest.Kind.AUXILIARY_RENEWAL else None,
            note=note.strip()[:500],
            filed_at=timezone.now(),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="request.file",
            obj=req,
            new={"permit": permit.number, "kind": kind, "auxiliary": document or None},
        )
    return req


def _own_auxiliary(permit: Permit, auxiliary: Auxiliary | None) -> Auxiliary:
    """The permit's own active auxiliary whose credential the holder asks to renew, locked; the
    law of the permit must renew auxiliaries' credentials (else the reason, with its article)."""
    found = (
        None
        if auxiliary is None
        # The auxiliary's row alone: its person is locked before any auxiliary, never after
        # (registry.locking), and the request changes neither.
        else Auxiliary.objects.select_for_update(of=("self",))
        .select_related("person")
        .filter(permit=permit, pk=auxiliary.pk)
        .first()
    )
    if found is None:
        raise FieldError("auxiliar", "o auxiliar não está cadastrado nesta permissão")
    if found.status != Auxiliary.Status.ACTIVE:
        raise InvalidTransition(
            f"o auxiliar está {found.get_status_display()}: só se renova a credencial de auxiliar "
            "ativo; um novo credenciamento é um novo pedido de auxiliar"
        )
    unavailable = auxiliary_renewal_unavailable(permit, today_of(permit.municipality))
    if unavailable:
        raise InvalidTransition(unavailable)
    return found


def auxiliary_renewal_requirements(aux: Auxiliary, on: dt.date) -> list[Decision]:
    """What the law answers on ``on`` for renewing the auxiliary's credential, read-only: the
    renewal's own questions with the schedule on file and nothing checked at the counter taken
    for granted (mototaxi art. 14 §2; taxi art. 21, with the documents of art. 22)."""
    return auxiliary_renewal_decisions(
        aux, on, schedule=aux.work_schedule, declarations=(), checks=None
    )


def renewal_requirements(permit: Permit, on: dt.date) -> list[Decision]:
    """What the law answers on ``on`` for the permit's yearly renewal, read-only — the questions
    the renewal itself asks: the holder and the vehicle's CRLV checked again (mototaxi art. 4 §1,
    art. 5 §1 I), or the Termo's period,
    the debts that block it and the vehicle at the yearly inspection (taxi art. 13, 21 §1, 28–29;
    nothing the inspection finds taken for granted)."""
    m = permit.municipality
    if permit.service != Service.TAXI:
        crlv = vehicle_crlv(permit, on)
        person = person_eligibility(permit.holder, permit.service, on, exclude=permit)
        return [person, *([crlv] if crlv is not None else [])]
    term = PermitTerm.objects.filter(permit=permit).first()
    if term is None:
        return []
    return taxi_term_renew_decisions(municipality=m, permit=permit, term=term, on=on)


def _locked_pending(req: HolderRequest) -> HolderRequest:
    req = HolderRequest.objects.select_for_update().select_related("permit").get(pk=req.pk)
    if req.status != HolderRequest.Status.PENDING:
        raise InvalidTransition(f"este pedido já foi decidido ({req.get_status_display()})")
    return req


def _authorize_decision(actor: Actor, municipality: Municipality, req: HolderRequest) -> None:
    """The competence of the act the decision on ``req`` performs (:data:`DECISION_ACTIONS`),
    checked before the transaction so a refusal's act is kept."""
    authorize(
        actor=actor,
        municipality=municipality,
        action=DECISION_ACTIONS[HolderRequest.Kind(req.kind)],
        law=governed(req.permit).law,  # under no law today: refused naming the service
    )


def _decided(
    req: HolderRequest,
    actor: Actor,
    municipality: Municipality,
    outcome: str,
    told: str,
    new: Mapping[str, Any],
    *,
    refused: Mapping[str, Any] | None = None,
) -> None:
    """Close the locked request now, ``outcome`` the text the holder reads on the portal (what
    was granted, or the refusal's reason): granted (``request.grant``), or refused
    (``request.refuse``) where ``refused`` is given — the act's extra, ``None`` when empty."""
    request_decided(
        req,
        actor=actor,
        municipality=municipality,
        permit=req.permit,
        status=HolderRequest.Status.GRANTED if refused is None else HolderRequest.Status.REFUSED,
        fields={"decided_at": timezone.now(), "outcome": outcome},
        action="request.grant" if refused is None else "request.refuse",
        new=new,
        extra=refused or None,
        told=told,
    )


def holder_request_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    request: HolderRequest,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    auxiliary: Person | None = None,
    work_schedule: str = "",
    indication: str = "",
    safety_gear: bool | None = None,
) -> HolderRequest:
    """Decide a request by doing what it asks, with the clerk's own service for it (which asks
    the law and refuses with every reason); the request is closed as granted with what was done.
    ``auxiliary``: the registered person the clerk found by the CPF the holder gave;
    ``safety_gear``: the mototaxi holder's (art. 4 §1) or auxiliary's (art. 14 §2) vest and helmet
    as the desk saw them (art. 5 IV)."""
    permit = request.permit
    _authorize_decision(actor, municipality, request)
    taxi = permit.service == Service.TAXI
    with transaction.atomic(), tenant(municipality):
        req = _locked_pending(request)
        if req.kind == HolderRequest.Kind.RENEWAL:
            if taxi:
                term = taxi_term_renew(
                    actor=actor, municipality=municipality, permit=permit, on=on, checks=checks
                )
                outcome = f"Termo de Permissão renovado até {term.valid_until:%d/%m/%Y}."
            else:
                renewed = permit_renew(
                    actor=actor,
                    municipality=municipality,
                    permit=permit,
                    on=on,
                    safety_gear=safety_gear,
                )
                outcome = (
                    f"Certificado de registro renovado até "
                    f"{renewed.certificate_valid_until:%d/%m/%Y}."
                )
        elif req.kind == HolderRequest.Kind.AUXILIARY_RENEWAL:
            renewed_aux = auxiliary_renew(
                actor=actor,
                municipality=municipality,
                auxiliary=Auxiliary.objects.select_related("person").get(pk=req.auxiliary_id),
                on=on,
                declarations=declarations,
                checks=checks,
                work_schedule=work_schedule,
                safety_gear=safety_gear,
            )
            outcome = (
                f"Credencial de {renewed_aux.person.name} renovada até "
                f"{renewed_aux.credential_valid_until:%d/%m/%Y}."
            )
        else:
            if auxiliary is None or auxiliary.document != req.auxiliary_document:
                raise FieldError(
                    "auxiliar",
                    "o auxiliar deve ser a pessoa cadastrada com o CPF do pedido",
                )
            aux: Auxiliary
            if taxi:
                aux = taxi_auxiliary_add(
                    actor=actor,
                    municipality=municipality,
                    permit=permit,
                    person=auxiliary,
                    on=on,
                    declarations=declarations,
                    checks=checks,
                    work_schedule=work_schedule,
                )
            else:
                aux = auxiliary_add(
                    actor=actor,
                    municipality=municipality,
                    permit=permit,
                    person=auxiliary,
                    on=on,
                    work_schedule=work_schedule,
                    indication=indication,
                    safety_gear=safety_gear,
                )
            until = aux.credential_valid_until
            outcome = f"Condutor auxiliar {auxiliary.name} credenciado" + (
                f" até {until:%d/%m/%Y}." if until else "."
            )
        _decided(req, actor, municipality, outcome, f"deferido. {outcome}", {"outcome": outcome})
    return req


def holder_request_refuse(
    *, actor: Actor, municipality: Municipality, request: HolderRequest, reason: str
) -> HolderRequest:
    """Refuse a request with a reason the holder reads on the portal (the law's refusals come from
    the grant, each with its article; this is the desk's own, e.g. documents not presented)."""
    _authorize_decision(actor, municipality, request)
    reason = reason_required(reason, "informe o motivo do indeferimento")
    with transaction.atomic(), tenant(municipality):
        req = _locked_pending(request)
        told = f"indeferido. Motivo: {reason}"
        _decided(req, actor, municipality, reason, told, {}, refused={"reason": reason})
    return req


def holder_requests_lapse(
    *, actor: Actor, municipality: Municipality, permit: Permit, status_label: str
) -> int:
    """Close, in the caller's transaction, the requests waiting on a permit that has just left
    the statuses a request is decided in (extinct, renounced, revoked, cassada, in reserve): none
    could be granted any more, so each is refused with the reason, an act and the holder's aviso."""
    closed = 0
    for req in HolderRequest.objects.select_for_update().filter(
        permit=permit, status=HolderRequest.Status.PENDING
    ):
        reason = f"a permissão está {status_label}; o pedido não pode mais ser atendido"
        told = f"encerrado: {reason}."
        _decided(req, actor, municipality, reason, told, {"reason": reason}, refused={})
        closed += 1
    return closed
