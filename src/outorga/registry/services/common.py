"""What every aggregate module of the registry's services shares: the law bound to a service (and
to the taxi service), the validity it gives a certificate, decisions merged into one refusal, the
conflict of a step out of order and the snapshot an act records.

Each service authorizes (outside its transaction, so a refusal's act is kept), then in one
transaction asks the law core, changes state and records the act with the decisions it relied on.
The law decides; these modules gather the facts from the registry and apply the outcome.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Conflict, Refused
from outorga.core.lawseam import (
    BoundLaw,
    LawEnded,
    LawNotBound,
    LawNotYetInForce,
    governs,
    law_for,
    law_of,
    out_of_force,
    service_citations,
)
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.law.citations import Citation
from outorga.law.decisions import Decision
from outorga.law.interfaces import citations, cited_once

from ..acting import speaks_for
from ..models import HolderRequest, Permit, RegisterCounter, RegistrationRequest, Service
from ..notifications import request_decision_tell
from ..validation import FieldError


def bound_law(
    municipality: Municipality, service: str, on: dt.date | None = None, *, nearest: bool = False
) -> BoundLaw:
    """The law bound to ``service`` in the municipality on ``on`` (today); a service no law
    governs there does not exist there (a refusal naming the field). ``nearest``: for a record
    older than every binding of its service, that binding (``lawseam.binding``); an act dated
    after the binding ended is refused so, naming since when (ADR 0062)."""
    try:
        return law_for(municipality, service, on, nearest=nearest)
    except LawNotBound as exc:
        raise FieldError("serviço", str(exc)) from None


class Ungoverned(FieldError):
    """An act under a law on ``permit``, whose service no law of its municipality governs: the
    binding removed or never recorded (``lawseam.governs``), ended before today with none in
    force (ADR 0062), or starting after today (D-15; ``lawseam.out_of_force``). The permit stays
    the municipality's record, read and shown; no act under a law can be proposed for it: a
    refusal naming the service, as :func:`bound_law`'s."""

    def __init__(self, permit: Permit, unbound: LawNotBound | None = None) -> None:
        self.permit = permit
        m = permit.municipality
        unbound = unbound or LawNotBound(permit.service, m.name, today_of(m))
        super().__init__(
            "serviço",
            f"{unbound} A permissão {permit.number} continua no cadastro do município, mas "
            "nenhum ato previsto em lei pode ser proposto para ela.",
        )


def ungoverned(permit: Permit) -> Ungoverned | None:
    """Why no act under a law can be proposed for ``permit`` today (:class:`Ungoverned`); None
    while a law of its municipality governs its service today — a law bound only from after
    today governs none of today's acts (D-15)."""
    m = permit.municipality
    if not governs(m, permit.service):
        return Ungoverned(permit)
    unbound = out_of_force(m, permit.service)
    return None if unbound is None else Ungoverned(permit, unbound)


def governed(permit: Permit, fact_on: dt.date | None = None) -> Permit:
    """``permit``, to act on under the law of its service; :class:`Ungoverned` where none is.

    ``fact_on``: the date of the fact a penalty (or its due process) judges. Once the service's
    binding ended with none after it, a fact dated while it was in force is still judged by that
    law, the authority it names competent (D-15, ADR 0071); a fact dated after the end is judged
    by none, refused naming the service and that day. A binding removed judges nothing, nor
    does one not yet in force (D-15)."""
    refusal = ungoverned(permit)
    if refusal is None:
        return permit
    m = permit.municipality
    if fact_on is None or not isinstance(out_of_force(m, permit.service), LawEnded):
        raise refusal
    try:
        law_of(m, permit.service, fact_on, nearest=True)
    except LawNotBound as exc:
        raise Ungoverned(permit, exc) from None
    return permit


def in_force_today(municipality: Municipality, service: str) -> None:
    """A new act of today under the law of ``service``: refused naming the service while that
    law is bound only from a later day (D-15). The law a record is read by (a tender's, of
    the day it opened; a date given before the first binding) does not put it in force today."""
    unbound = out_of_force(municipality, service)
    if isinstance(unbound, LawNotYetInForce):
        raise FieldError("serviço", str(unbound))


def penalty_law(
    municipality: Municipality, service: str, on: dt.date, fact_on: dt.date | None
) -> BoundLaw:
    """The law a penalty starting ``on`` is judged by: :func:`bound_law` on that day; where the
    binding ended before it with none after it, the law in force on ``fact_on``, the date of the
    fact punished (D-15, ADR 0071), refused naming the service for a fact after the end."""
    ended = fact_on is not None and isinstance(out_of_force(municipality, service, on), LawEnded)
    return bound_law(municipality, service, fact_on if ended and fact_on else on)


def service_law(municipality: Municipality, service: str, on: dt.date | None = None) -> str:
    """The id of :func:`bound_law` — what competence is checked under."""
    return bound_law(municipality, service, on).law


def validity_end(
    municipality: Municipality, service: str, document: str, issued_on: dt.date
) -> dt.date:
    """Validity the law bound to the service gives a certificate or credential (mototaxi art. 4
    §1, art. 14 §2), asked to the law core so the period stays a dated parameter."""
    d = bound_law(municipality, service, issued_on).ask(
        "document_validity", {"document": document, "issued_on": issued_on.isoformat()}
    )
    expires = d.outcome["expires_on"]
    return expires if isinstance(expires, dt.date) else dt.date.fromisoformat(expires)


def own_or_desk(actor: Any, person: Any) -> str:
    """The act a write about ``person``'s own record is checked as: the interested person's own
    application from the portal (``application.submit``, where the law gives it to them), else
    the desk's record (``registry.record``)."""
    # A company's responsible person applies in its name from their own login, once the desk has
    # confirmed the link against the company's acts (contrato social): ``registry.acting``.
    own = speaks_for(actor.user, person)
    return "application.submit" if own else "registry.record"


def legal_person_services(m: Municipality) -> dict[str, list[Citation]]:
    """The services of ``m`` whose law gives a permission to a legal person, each with the
    articles that say so (the law's ``legal_person``: taxi art. 3, 4 VIII, 23); a law that names
    none gives it only to natural persons (mototaxi and motofrete, art. 6 §1)."""
    found: dict[str, list[Citation]] = {}
    for service in Service.values:
        cites = service_citations(m, service, "legal_person")
        if cites:
            found[service] = cites
    return found


def natural_person_only(m: Municipality) -> list[Citation]:
    """The articles by which the other services of ``m`` are given only to natural persons
    (the law's ``natural_person``: mototaxi and motofrete, art. 6 §1), each once."""
    legal = legal_person_services(m)
    return list(
        dict.fromkeys(
            c
            for service in Service.values
            if service not in legal
            for c in service_citations(m, service, "natural_person")
        )
    )


def taxi_law(m: Municipality, on: dt.date | None = None) -> str:
    """The id of the law bound to the taxi service in ``m`` on ``on`` (today; a date before its
    first binding reads that one): what competence is checked under and the articles come from.
    Where no law governs the taxi service, the service does not exist: a refusal naming it."""
    if not governs(m, Service.TAXI):
        raise FieldError("serviço", "serviço não regulado pela legislação deste município")
    try:  # an act dated after the binding ended is judged by no law (ADR 0062)
        return law_of(m, Service.TAXI, on, nearest=True)
    except LawNotBound as exc:
        raise FieldError("serviço", str(exc)) from None


def authorize_taxi(actor: Actor, municipality: Municipality, action: str, on: dt.date) -> None:
    """Competence for ``action`` under the law bound to the taxi service on ``on`` (the act's
    date); where no law governs the taxi service, a refusal naming it."""
    in_force_today(municipality, Service.TAXI)
    authorize(actor=actor, municipality=municipality, action=action, law=taxi_law(municipality, on))


def taxi_cites(m: Municipality, on: dt.date | None, *concepts: str) -> str:
    """The articles the law bound to the taxi service names for ``concepts`` (its ``CITES``)."""
    return cited_once(taxi_law(m, on), *concepts)


def taxi_citations(m: Municipality, on: dt.date, concept: str) -> tuple[Citation, ...]:
    """The articles the law bound to the taxi service names for ``concept``, for a reason; none
    where no law governs the taxi service."""
    try:  # the articles of a reason read on an old record too (ADR 0062)
        return citations(law_of(m, Service.TAXI, on, nearest=True, ended=True), concept)
    except LawNotBound:
        return ()


def require_law(m: Municipality, law: str) -> None:
    """A service of a law the municipality does not apply does not exist there."""
    if m.laws and law not in m.laws:
        raise FieldError("serviço", "serviço não regulado pela legislação deste município")


def merge(
    qid: str, decisions: Iterable[Decision], on: dt.date, slug: str, summary: str
) -> Decision:
    """Every reason of several decisions in one, for a refusal that shows them all."""
    ds = list(decisions)
    ok = not any(d.refusals for d in ds)
    return Decision(qid, on, slug, ok, tuple(r for d in ds for r in d.reasons), summary)


def refuse_if(qid: str, decisions: list[Decision], on: dt.date, m: Municipality, what: str) -> None:
    if any(d.refusals for d in decisions):
        raise Refused(merge(qid, [d for d in decisions if d.refusals], on, m.slug, what))


def decision_citations(decisions: Iterable[Decision]) -> list[Any]:
    return [c for d in decisions for c in d.citations]


class InvalidTransition(Conflict, ValueError):
    """A permit, document or application not in the state the step needs."""

    def lines(self) -> list[str]:
        return [f"Situação: {self}"]


class AlreadyRegistered(FieldError):
    """The key of a record (a plate) belongs to a record of someone else: the registry never moves
    or overwrites it silently; the API answers 409 with the existing record's ``id``."""

    status = 409
    code = "ja_cadastrado"

    def __init__(self, field: str, message: str, existing_id: int) -> None:
        super().__init__(field, message)
        self.existing_id = existing_id

    def body(self) -> dict[str, Any]:
        return {"detail": str(self), "erros": [self.to_json()], "id": self.existing_id}


def reason_required(reason: str, missing: str) -> str:
    """The reason an edit, a correction or a change of owner is made, kept in its act."""
    reason = (reason or "").strip()
    if not reason:
        raise FieldError("motivo", missing)
    if len(reason) > 300:
        raise FieldError("motivo", "motivo com no máximo 300 caracteres")
    return reason


def correction_reason(actor: Actor, municipality: Municipality, law: str, reason: str) -> str:
    """A correction of a person's or a vehicle's entry is the desk's (``registry.record``) and
    gives its reason, kept in its act."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    return reason_required(reason, "informe o motivo da alteração")


def snapshot(obj: Any, fields: list[str]) -> dict[str, Any]:
    return {f: getattr(obj, f) for f in fields}


def locked_taxi_permit(permit: Permit) -> Permit:
    """The permit's row locked for the transaction, refused unless it is a taxi permission (the
    acts only the taxi law provides)."""
    permit = Permit.objects.select_for_update().get(pk=permit.pk)
    if permit.service != Service.TAXI:
        raise FieldError("permissão", "não é permissão de táxi")
    return permit


def lock_quota(service: str) -> None:
    """Lock the service's quota counter row for the transaction: every grant, and every tender
    that promises places, waits here before it counts the permits (D-7)."""
    lock, _ = RegisterCounter.objects.get_or_create(series=f"quota:{service}")
    RegisterCounter.objects.select_for_update().get(pk=lock.pk)


def record_correction(
    *,
    actor: Actor,
    municipality: Municipality,
    obj: Any,
    values: Mapping[str, Any],
    snap: Callable[[Any], dict[str, Any]],
    exclude: list[str],
    action: str,
    extra: Mapping[str, Any],
    basis: Mapping[str, Any] | None = None,
    also: Callable[[], None] | None = None,
) -> None:
    """Write ``values`` on the locked ``obj`` (checked by its model, ``exclude`` aside; ``also``
    then changes what else ``snap`` reads) and record one act with the values before and after,
    as ``snap`` reads them. A correction that changes nothing records nothing."""
    old = snap(obj)
    for field, value in values.items():
        setattr(obj, field, value)
    obj.full_clean(exclude=exclude)
    obj.save()
    if also is not None:
        also()
    new = snap(obj)
    if new != old:
        record_act(
            municipality=municipality,
            actor=actor,
            action=action,
            obj=obj,
            old=old,
            new=new,
            extra=extra,
            basis=basis,
        )


def authorize_with_reason(
    actor: Actor,
    municipality: Municipality,
    action: str,
    law: str,
    reason: str,
    on: dt.date | None = None,
) -> None:
    """Competence first, on ``on`` (the date of the act; the municipality's today when not
    given) with its refusal logged, then the reason every act of status must give."""
    authorize(actor=actor, municipality=municipality, action=action, law=law, on=on)
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo do ato")


def request_decided(
    req: HolderRequest | RegistrationRequest,
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit | None,
    status: str,
    fields: Mapping[str, Any],
    action: str,
    new: Mapping[str, Any],
    told: str,
    basis: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> None:
    """Close the locked request from the portal (a holder's, a registration update or
    cancellation) as ``status``, decided by the actor, with its model's own ``fields`` (when,
    the outcome or the refusal's reason); then the decision's act (``action``, with the status
    and ``new``) and the person's aviso, which says the request was ``told``."""
    req.status, req.decided_by = status, actor.user
    for name, value in fields.items():
        setattr(req, name, value)
    req.save(update_fields=["status", "decided_by", *fields])
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=req,
        new={"status": req.status, **new},
        basis=basis,
        extra=extra,
    )
    request_decision_tell(municipality, req, permit, told)
