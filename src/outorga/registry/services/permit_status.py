"""A permit's status: each transition (suspension and return, annulment on appeal, renúncia,
reserve, cassação, revocation) checked against the competence the law gives it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import Q

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import BoundLaw, cited_aside
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import LAW_TITLES, Citation
from outorga.law.decisions import Decision
from outorga.law.interfaces import citation, citations, cited

from ..facts import ACTIVE_STATUSES
from ..models import Document, Permit, PermitStatusChange
from ..selectors import status_entered_on
from ..validation import FieldError
from .auxiliaries import auxiliaries_end_with_permit, linked_auxiliaries_locked
from .common import InvalidTransition, authorize_with_reason, bound_law, penalty_law

#: Which competence each status transition needs, by the law's text.
TRANSITIONS: dict[tuple[str, str], str] = {
    (Permit.Status.ACTIVE, Permit.Status.SUSPENDED): "penalty.suspension",
    (Permit.Status.SUSPENDED, Permit.Status.ACTIVE): "permit.renew",
    (Permit.Status.ACTIVE, Permit.Status.RESERVE): "registry.record",
    (Permit.Status.RESERVE, Permit.Status.ACTIVE): "registry.record",
    (Permit.Status.ACTIVE, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.SUSPENDED, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.RESERVE, Permit.Status.RENOUNCED): "registry.record",
    (Permit.Status.ACTIVE, Permit.Status.REVOKED): "penalty.revocation",
    (Permit.Status.SUSPENDED, Permit.Status.REVOKED): "penalty.revocation",
    (Permit.Status.ACTIVE, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.SUSPENDED, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.RESERVE, Permit.Status.CASSADA): "penalty.cassacao",
    (Permit.Status.ACTIVE, Permit.Status.EXTINCT): "penalty.revocation",
}


def change_status(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    to: str,
    until: dt.date | None,
    action: str,
    basis: dict[str, Any] | None,
    extra: dict[str, Any],
    reason: str,
) -> None:
    """Move the locked ``permit`` to ``to`` (suspended ``until``), with its act and the line in
    its status history; the act's ``extra`` carries the effective date the history shows."""
    old = {"status": permit.status, "suspended_until": permit.suspended_until}
    permit.status, permit.suspended_until = to, until
    permit.save(update_fields=["status", "suspended_until"])
    act = record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=permit,
        old=old,
        new={"status": to, "suspended_until": until},
        basis=basis,
        extra=extra,
    )
    PermitStatusChange.objects.create(
        permit=permit,
        from_status=old["status"],
        to_status=to,
        effective_on=extra["effective_on"],
        reason=reason[:300],
        act=act,
    )


def _transition(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    to: str,
    reason: str,
    effective_on: dt.date,
    until: dt.date | None = None,
    basis: dict[str, Any] | None = None,
) -> Permit:
    action = TRANSITIONS.get((permit.status, to))
    if action is None:
        raise InvalidTransition(
            f"a permissão está {permit.get_status_display()}; não pode passar a "
            f"{Permit.Status(to).label}"
        )
    authorize_with_reason(actor, municipality, action, permit.law, reason)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if (permit.status, to) not in TRANSITIONS:
            raise InvalidTransition("a situação mudou; recarregue a página")
        # A permission that ends takes its auxiliaries' links with it, the same day.
        ending = to not in ACTIVE_STATUSES
        auxiliaries = linked_auxiliaries_locked(permit) if ending else []
        change_status(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=to,
            until=until if to == Permit.Status.SUSPENDED else None,
            action=f"permit.{to}",
            basis=basis,
            extra={"reason": reason, "effective_on": effective_on},
            reason=reason,
        )
        if ending:
            auxiliaries_end_with_permit(
                actor=actor,
                municipality=municipality,
                permit=permit,
                auxiliaries=auxiliaries,
                on=effective_on,
                reason=reason,
            )
        from .holder_requests import OPEN_STATUSES, holder_requests_lapse

        if to not in OPEN_STATUSES:
            holder_requests_lapse(
                actor=actor,
                municipality=municipality,
                permit=permit,
                status_label=permit.get_status_display(),
            )
    return permit


#: The field of the suspension each refusal of the law's ``permit_suspension`` names, by its
#: rule: what the authority must supply, or change, for the suspension to rest on the law.
SUSPENSION_FIELDS = {
    "art_32_i_suspension_follows_the_count": "fundamento",
    "art_32_i_suspension_days_of_the_count": "dias",
    "art_32_i_not_before_the_count": "início",
    "art_32_i_not_inside_an_earlier_suspension": "início",
    "art_32_i_not_before_the_decision": "início",
    "art_41_caput_d_1_on_a_final_auto": "auto",
    "art_41_caput_d_1_not_before_final": "início",
    "art_42_iv_v_not_before_the_decision": "início",
    "art_42_iv_the_offenders_inscription": "auto",
    "art_42_caput_the_same_measure_not_twice": "auto",
}


def suspension_grounded(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    law: BoundLaw,
    days: int,
    start: dt.date,
    reason: str,
    grounds: Mapping[str, Any] | None,
    question: str = "permit_suspension",
    action: str = "permit.suspended",
    obj: Any = None,
) -> Decision | None:
    """The law's ``question`` on what a suspension must rest on — ``permit_suspension``, of the
    permission (mototaxi art. 32 I with art. 2 XXIV, D-1, D-2: the count of final infractions and
    the days it gives; taxi art. 41 caput, art. 42 V, D-1: one final auto, not before it became
    final), or ``register_suspension``, of the taxista's inscription (taxi art. 42 IV, the same
    way). A refusal is kept in the acts log under ``action`` on ``obj`` (the permit by default) —
    outside the change's transaction when the caller has none, as a competence refusal is — and
    raised as a ``core.errors.FieldRefused`` naming the field (``SUSPENSION_FIELDS``) and the
    articles (``core.acts.law_refused``). ``None`` when the law asks no such question."""
    if not law.answers(question):
        return None
    facts: dict[str, Any] = {"days": days, "start": start.isoformat()}
    if grounds is not None:
        facts["grounds"] = dict(grounds)
    d = law.ask(question, facts)
    if not d.refusals:
        return d
    raise law_refused(
        actor=actor,
        municipality=municipality,
        action=action,
        d=d,
        obj=obj if obj is not None else permit,
        new={"status": Permit.Status.SUSPENDED, "days": days, "start": start}
        if question == "permit_suspension"
        else {"days": days, "start": start, "grounds": facts.get("grounds")},
        extra={"reason": reason},
        field=SUSPENSION_FIELDS,
        default="fundamento",
    )


def permit_suspend(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    days: int,
    start: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
    grounds: Mapping[str, Any] | None = None,
    fact_on: dt.date | None = None,
) -> Permit:
    """Suspend the permit for ``days`` from ``start``, on the ``grounds`` the law asks
    (``permit_suspension``): mototaxi art. 32 I, the count of final infractions (``{"kind":
    "escalation", "days", "infractions"}``, D-1, D-2) for the days it gives; taxi art. 41 caput
    and art. 42 V, one final auto (``{"kind": "auto", "auto", "final", "final_on"}``, D-1), from
    the day it became final. Enforcement gives them from its records
    (``enforcement.services.suspensions``: ``suspension_impose``; ``taxi_suspensions``: ``taxi_suspension_impose``);
    the permit page's form and ``POST /registry/permits/{id}/suspend`` give none, so there the
    authority's direct suspension is refused with the article — the law lets no suspension of
    the permission be chosen outside the process (mototaxi art. 2 XXIV). The suspension while
    the holder holds a public post is :func:`permit_public_post_suspend`. A law that limits the
    length (taxi art. 42 V: at most 90 calendar days, D-10) is asked too, whoever calls.
    ``fact_on``: the date of the fact punished; where the binding ended before ``start`` with
    none after it, the law of that date judges (D-15, ADR 0071; the caller checked it with
    ``common.governed``)."""
    authorize_with_reason(actor, municipality, "penalty.suspension", permit.law, reason)
    if days < 1:
        raise FieldError("dias", "a suspensão dura ao menos 1 dia")
    law = penalty_law(municipality, permit.service, start, fact_on)
    if grounds is not None:
        with tenant(municipality):
            back = status_entered_on(permit, Permit.Status.ACTIVE, Permit.Status.SUSPENDED)
        if back is not None:  # mototaxi art. 32 I: never inside an earlier suspension's days
            grounds = {**grounds, "active_again_on": back.isoformat()}
    grounded = suspension_grounded(
        actor=actor,
        municipality=municipality,
        permit=permit,
        law=law,
        days=days,
        start=start,
        reason=reason,
        grounds=grounds,
    )
    decisions = [grounded] if grounded is not None else []
    if law.answers("suspension"):
        limit = law.ask(
            "suspension", {"target": "permissao", "days": days, "start": start.isoformat()}
        )
        if not (limit.outcome or {}).get("allowed"):
            raise Refused(limit)
        decisions.append(limit)
    if basis is None and decisions:
        basis = basis_of(decisions[0], more=decisions[1:])
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.SUSPENDED,
        reason=reason,
        effective_on=start,
        until=start + dt.timedelta(days=days - 1),
        basis=basis,
    )


def _must_be_suspended(permit: Permit) -> None:
    if permit.status != Permit.Status.SUSPENDED:
        raise InvalidTransition(
            f"a permissão está {permit.get_status_display()}; só uma permissão suspensa volta a "
            "ativa"
        )


def _proof_document(permit: Permit, document: Document | int | None, law: str) -> Document | None:
    """The proof must be a document recorded in this municipality's registry for the permit's
    holder, its vehicle or one of its auxiliaries (never an id taken from a URL alone); ``law``:
    the law the return is judged under, whose article on the return's proof a refusal cites."""
    if document is None:
        return None
    pk = document if isinstance(document, int) else document.pk
    owners = Q(person=permit.holder_id) | Q(person__auxiliary_of__permit=permit)
    if permit.vehicle_id:
        owners |= Q(vehicle=permit.vehicle_id)
    found = Document.objects.filter(owners, pk=pk).first()
    if found is None:
        raise FieldError(
            "documento",
            "o documento comprobatório deve estar registrado no cadastro do permissionário, do "
            "veículo ou de um auxiliar desta permissão",
            cited(law, "suspension_return"),
        )
    return found


def permit_reinstate(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    proof: str,
    document: Document | int | None = None,
) -> Permit:
    """Back to active after a suspension served. Mototaxi art. 32 §2: only when the holder proves
    the irregularities that caused it were remedied — what was remedied (``proof``) and a document
    recorded in the registry that shows it (``document``), presented from the suspension's first
    day; the law core (``mototaxi.suspension_return``) decides and its trace goes with the act.
    The taxi law (art. 42 V) asks nothing for the return but the end of the period."""
    _must_be_suspended(permit)
    if permit.suspended_until and on <= permit.suspended_until:
        raise InvalidTransition(f"a suspensão vai até {permit.suspended_until:%d/%m/%Y}")
    # Competence first: a role the law does not give the return to is refused (and the refusal
    # logged) before any proof is weighed.
    authorize(
        actor=actor,
        municipality=municipality,
        action=TRANSITIONS[(Permit.Status.SUSPENDED, Permit.Status.ACTIVE)],
        law=permit.law,
    )
    law = bound_law(municipality, permit.service, on)
    if not law.answers("suspension_return"):
        # A law that sets no condition for the return (taxi art. 42 V): the suspension ends.
        cites = citations(law.law, "suspension")
        return _transition(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=Permit.Status.ACTIVE,
            reason=f"fim da suspensão ({'; '.join(c.render() for c in cites)})"
            + (f": {proof.strip()}" if proof.strip() else ""),
            effective_on=on,
            basis=basis_of(None, cites),
        )
    with tenant(municipality):
        doc = _proof_document(permit, document, law.law)
        started = status_entered_on(permit, Permit.Status.SUSPENDED) or on
    until = permit.suspended_until or on - dt.timedelta(days=1)
    proof_facts: dict[str, Any] = {"description": proof}
    if doc is not None:
        proof_facts["document"] = {
            "id": doc.pk,
            "kind": doc.doc_type,
            "presented_on": doc.presented_on.isoformat(),
        }
    decision = law.ask(
        "suspension_return",
        {
            "suspension_started_on": started.isoformat(),
            "suspended_until": until.isoformat(),
            "returned_on": on.isoformat(),
            "proof": proof_facts,
        },
    )
    if decision.refusals:
        raise Refused(decision)
    label = f"{doc.get_doc_type_display()} nº {doc.number or doc.pk}" if doc else ""
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.ACTIVE,
        reason=f"comprovação{cited_aside(permit, 'suspension_return')}: {proof.strip()} — {label}",
        effective_on=on,
        basis=basis_of(decision),
    )


def permit_suspension_served(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date
) -> dt.date | None:
    """The daily sweep ends a suspension whose period is over when the law bound to the permit's
    service on the day after sets no condition for the return (taxi art. 42 IV–V: "limitada a
    90 dias corridos"): the permit is active again from that day, an act of the system citing the
    article. Under a law that asks a proof first (mototaxi art. 32 §2) nothing changes: the clerk
    records the return (:func:`permit_reinstate`). Gives the day it became active, or None. Only
    the system acts here: the period the decision fixed ends it, no one decides."""
    if actor.user is not None:
        raise PermissionError("apenas a varredura diária encerra a suspensão cumprida")
    from ..selectors import suspension_ends_with_its_period

    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        until = permit.suspended_until
        if until is None or until >= on:
            return None
        if not suspension_ends_with_its_period(municipality, permit.service, permit.status, until):
            return None
        back_on = until + dt.timedelta(days=1)
        cites = citations(permit.law_on(back_on), "suspension")
        reason = f"fim da suspensão: período cumprido ({'; '.join(c.render() for c in cites)})"
        change_status(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=Permit.Status.ACTIVE,
            until=None,
            action="permit.active",
            basis=basis_of(None, cites),
            extra={"reason": reason, "effective_on": back_on},
            reason=reason,
        )
    return back_on


#: The appeals that may annul a suspension (mototaxi art. 34 §3), by the stage of the filing: to
#: the JARI (art. 43) and to the Chief Executive (art. 44), each with its judgment's competence.
def permit_suspension_annulled(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    competence: str,
    suspended_until: dt.date | None,
    case_number: str,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Permit:
    """A suspension annulled on appeal (mototaxi art. 34 §3: the JARI, art. 43, or the Chief
    Executive, art. 44) ends at once: the permission is active again from ``on``, without the
    proof of art. 32 §2, which follows a suspension served ("cumprida"), not one annulled.
    Enforcement judges the appeal and says which suspension it annulled (its last day,
    ``suspended_until``) and by which judgment (``competence``: the JARI's or the Chief
    Executive's, checked here); the registry applies it only if that suspension is the one in
    force (``None``: the case has no suspension of days) — so a later suspension is never lifted by an old appeal. Called by
    ``enforcement.services.suspensions.permit_suspension_lift``, inside its transaction."""
    authorize_with_reason(actor, municipality, competence, permit.law, reason)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if (
            permit.status != Permit.Status.SUSPENDED
            or suspended_until is None
            or permit.suspended_until != suspended_until
        ):
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}; a suspensão julgada no "
                f"processo {case_number} não é a que está em vigor"
                f"{cited_aside(permit, 'suspension_appeal')}"
            )
        change_status(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=Permit.Status.ACTIVE,
            until=None,
            action="permit.suspension.lift",
            basis=basis,
            extra={"reason": reason.strip(), "effective_on": on, "appeal_case": case_number},
            reason=reason.strip(),
        )
    return permit


def permit_renounce(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, request: str
) -> Permit:
    """Renúncia on the holder's written request, citing the permit's own law: mototaxi and
    motofrete art. 6 §6 and art. 2 XX; taxi art. 15 V (the renúncia extinguishes the permit)."""
    # The article a renúncia rests on, by the permit's law: mototaxi art. 6 §6 (cancellation on
    # written request) and art. 2 XX; taxi art. 15 V (the renúncia as an extinction).
    cites = citations(permit.law_on(on), "renounce")
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.RENOUNCED,
        reason=f"pedido escrito ({'; '.join(c.render() for c in cites)}): {request}",
        effective_on=on,
        basis=basis_of(None, cites),
    )


def _reserve_cite(permit: Permit) -> Citation:
    """Reserva: the permission is not extinguished though the service is not provided, a temporary
    interruption to substitute the vehicle on the same permission (mototaxi art. 2 XXI). A law with
    no such status (the taxi law: its art. 30 is a reserve *vehicle*, registry.services.vehicle_changes) refuses it."""
    found = citation(permit.law, "reserve")
    if found is None:
        title = LAW_TITLES.get(permit.law, permit.law)
        instead = citation(permit.law, "reserve_vehicle")
        raise InvalidTransition(
            f"a lei que rege {permit.get_service_display()} ({title}) não prevê a reserva da "
            "permissão" + (f"; use o veículo reserva ({instead.render()})" if instead else "")
        )
    return found


def permit_reserve(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, reason: str
) -> Permit:
    """The permission goes into reserve while its vehicle is substituted (mototaxi art. 2 XXI):
    not extinguished, no service provided until the reserve ends (``permit_reserve_end``)."""
    reserve_cite = _reserve_cite(permit)
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=Permit.Status.RESERVE,
        reason=f"reserva ({reserve_cite.render()}): {reason}",
        effective_on=on,
        basis=basis_of(None, [reserve_cite]),
    )


def permit_reserve_end(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, reason: str
) -> Permit:
    """The reserve ends and the permission is active again (mototaxi art. 2 XXI: the interruption
    is temporary). Only a permission in reserve, not before the day it went into reserve."""
    reserve_cite = _reserve_cite(permit)
    authorize_with_reason(actor, municipality, "registry.record", permit.law, reason)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status != Permit.Status.RESERVE:
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}, não em reserva "
                f"({reserve_cite.render()}): não há reserva a encerrar"
            )
        began = status_entered_on(permit, Permit.Status.RESERVE)
        if began is not None and on < began:
            raise FieldError(
                "data",
                f"a reserva começou em {began:%d/%m/%Y}; não pode terminar antes",
                reserve_cite.render(),
            )
        change_status(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=Permit.Status.ACTIVE,
            until=permit.suspended_until,
            action="permit.reserve.end",
            basis=basis_of(None, [reserve_cite]),
            extra={"reason": reason.strip(), "effective_on": on, "reserve_began_on": began},
            reason=f"fim da reserva ({reserve_cite.render()}): {reason.strip()}",
        )
    return permit


def _ending_penalty(to: str, doc: str) -> Callable[..., Permit]:
    """The service of a penalty that ends the permission (``to``): cassação and revocation differ
    only in the status they lead to and the competence :data:`TRANSITIONS` asks for it."""

    def apply(
        *,
        actor: Actor,
        municipality: Municipality,
        permit: Permit,
        on: dt.date,
        reason: str,
        basis: dict[str, Any] | None = None,
    ) -> Permit:
        return _transition(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=to,
            reason=reason,
            effective_on=on,
            basis=basis,
        )

    apply.__doc__ = doc
    return apply


permit_cassar = _ending_penalty(
    Permit.Status.CASSADA,
    "Only the competent authority (mototaxi art. 34 §1), after defence (D-3).",
)
permit_revoke = _ending_penalty(Permit.Status.REVOKED, "Revocation, by the competent authority.")


# --- suspension while the holder holds a public post (mototaxi art. 2 XXIV) -----------------------


def _public_post_decision(
    municipality: Municipality,
    permit: Permit,
    post: str,
    took_office_on: dt.date,
    left_office_on: dt.date | None,
    on: dt.date,
) -> Any:
    """The law's answer for the post on ``on``; a law without the rule, or a post it does not
    name, is a refusal naming the field."""
    law = bound_law(municipality, permit.service, on)
    if not law.answers("public_post_suspension"):
        raise FieldError(
            "cargo", "a lei desta permissão não a suspende enquanto o titular exerce cargo público"
        )
    facts: dict[str, Any] = {
        "post": post,
        "took_office_on": took_office_on.isoformat(),
        "on": on.isoformat(),
    }
    if left_office_on is not None:
        facts["left_office_on"] = left_office_on.isoformat()
    try:
        return law.ask("public_post_suspension", facts, on)
    except ValueError as exc:  # the facts' schema: a post the law does not name
        raise FieldError("cargo", f"cargo não previsto na lei ({exc})") from None


def permit_public_post_suspend(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    post: str,
    took_office_on: dt.date,
) -> Permit:
    """Mototaxi art. 2 XXIV: the permission is suspended while the holder exercises an elected or
    confidence post in the public administration — from the day of taking office, with no end
    date (``suspended_until`` empty) until the holder leaves it (:func:`permit_public_post_end`).
    Not a penalty: no process and no infraction."""
    d = _public_post_decision(municipality, permit, post, took_office_on, None, took_office_on)
    return _public_post_transition(
        actor, municipality, permit, d, Permit.Status.SUSPENDED, took_office_on
    )


def permit_public_post_end(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    post: str,
    took_office_on: dt.date,
    left_office_on: dt.date,
    on: dt.date,
) -> Permit:
    """Mototaxi art. 2 XXIV: the suspension for the post ends when the holder leaves it — back to
    active from the day after, without the proof of art. 32 §2 (no irregularity caused it).
    Refused while the holder is still in office on ``on``, and for a suspension that is not the
    post's (a penalty's ends by :func:`permit_reinstate`)."""
    _must_be_suspended(permit)
    if permit.suspended_until is not None:
        raise InvalidTransition(
            f"a suspensão vai até {permit.suspended_until:%d/%m/%Y}: é penalidade, não cargo público"
        )
    d = _public_post_decision(municipality, permit, post, took_office_on, left_office_on, on)
    if d.outcome["suspended"]:
        raise FieldError(
            "saída do cargo",
            f"em {on:%d/%m/%Y} o titular ainda exerce o cargo (saída em "
            f"{left_office_on:%d/%m/%Y}); a suspensão continua",
            "; ".join(c.render() for c in d.citations),
        )
    return _public_post_transition(actor, municipality, permit, d, Permit.Status.ACTIVE, on)


def _public_post_transition(
    actor: Actor, municipality: Municipality, permit: Permit, d: Any, to: str, on: dt.date
) -> Permit:
    """The permit moved to ``to`` from ``on`` as the law's answer for the post says (art. 2
    XXIV): its first reason is the act's reason, the answer its basis; no end date."""
    return _transition(
        actor=actor,
        municipality=municipality,
        permit=permit,
        to=to,
        reason=d.reasons[0].message,
        effective_on=on,
        until=None,
        basis=basis_of(d),
    )


# --- the employer or contractor of a motofrete driver (art. 25) ----------------------------------


def permit_contractor_record(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    document: str,
    relation: str,
    started_on: dt.date,
    ended_on: dt.date | None = None,
) -> Permit:
    """Record who employs the permit's motofrete driver or contracts his continued service, found
    by CPF/CNPJ in the registry (mototaxi/motofrete art. 25). The law says whether the relation
    makes that person jointly liable (stored as ``joint``); a permit of another service is
    refused with the article."""
    from ..models import PermitContractor, Person
    from ..validation import digits

    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    if relation not in PermitContractor.Relation.values:
        raise FieldError("relação", "escolha emprego, contrato continuado ou eventual")
    if ended_on is not None and ended_on < started_on:
        raise FieldError("até", "o fim da relação não pode ser anterior ao início")
    law = bound_law(municipality, permit.service, started_on)
    if not law.answers("motofrete_contractor"):
        raise FieldError("permissão", "a lei desta permissão não trata de contratante solidário")
    with transaction.atomic(), tenant(municipality):
        person = Person.objects.filter(document=digits(document)).first()
        if person is None:
            raise FieldError(
                "CPF/CNPJ", "CPF/CNPJ não encontrado no cadastro; cadastre a pessoa antes"
            )
        d = law.ask(
            "motofrete_contractor",
            {
                "service": permit.service,
                "relation": relation,
                "started_on": started_on.isoformat(),
                "ended_on": ended_on.isoformat() if ended_on else None,
                "on": started_on.isoformat(),
            },
            started_on,
        )
        if not d.outcome["allowed"]:
            raise Refused(d)
        row = PermitContractor.objects.create(
            permit=permit,
            person=person,
            relation=relation,
            started_on=started_on,
            ended_on=ended_on,
            joint=bool(d.outcome["joint_liability"]),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.contractor",
            obj=permit,
            new={
                "contractor": row.pk,
                "document": person.document,
                "relation": relation,
                "started_on": started_on,
                "ended_on": ended_on,
                "joint": row.joint,
            },
            basis=basis_of(d),
        )
    return permit
