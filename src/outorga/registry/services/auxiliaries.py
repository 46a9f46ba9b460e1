"""Auxiliaries: the auxiliary added to a permit (mototaxi; taxi, in the Cadastro), cassado,
removed, and the credential renewed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law.bindings import LawNotBound
from outorga.law.citations import Citation
from outorga.law.decisions import Decision
from outorga.law.interfaces import citations, cited_once

from ..facts import ACTIVE_STATUSES, resides_in_municipality
from ..locking import lock_person
from ..models import Auxiliary, Permit, Person, Service
from ..ports import ledger
from ..validation import FieldError
from .common import (
    InvalidTransition,
    authorize_taxi,
    authorize_with_reason,
    bound_law,
    decision_citations,
    governed,
    locked_taxi_permit,
    merge,
    refuse_if,
    validity_end,
)
from .eligibility import person_eligibility, register_bar, taxi_person_documents
from .vehicles import TAXI_CADASTRO


def _moto_auxiliary_requirements(
    person: Person,
    permit: Permit,
    on: dt.date,
    *,
    indication: str,
    others: int,
    schedule: str,
    safety_gear: bool | None,
) -> Decision:
    """Mototaxi art. 14, at the indication and at each renewal: the holder's requirements (§2),
    the vest and helmet among them as the desk saw them (art. 5 IV: ``safety_gear``, None while
    not verified), the holder's indication in writing (§1), at most one auxiliary per vehicle with
    ``others`` already on it (art. 6 §4) and the work schedule filed (§3)."""
    return person_eligibility(
        person,
        permit.service,
        on,
        role="auxiliar",
        safety_gear=safety_gear,
        auxiliary={
            "indicated_in_writing": bool(indication.strip()),
            "other_auxiliaries_on_vehicle": others,
            "schedule_filed": bool(schedule.strip()),
        },
    )


def _within_term(permit: Permit, on: dt.date) -> None:
    """The link serves the permission (mototaxi art. 6 §4, art. 11, art. 14; taxi art. 4 XIV,
    art. 20 §único): it cannot begin before the permission was granted nor after its term's last
    day (``term_end``, with the extensions granted), when no permission is left to serve."""
    if permit.granted_on <= on <= permit.term_end:
        return
    raise FieldError(
        "data",
        f"o credenciamento ({on:%d/%m/%Y}) fica fora do prazo da permissão {permit.number}, "
        f"de {permit.granted_on:%d/%m/%Y} a {permit.term_end:%d/%m/%Y}: o auxiliar serve a "
        "permissão enquanto ela vigora",
        cited_once(permit.law_on(min(max(on, permit.granted_on), permit.term_end)), "auxiliary"),
    )


def _in_force(permit: Permit, refusal: str) -> None:
    """An auxiliary serves a permission in force (active, suspended or in reserve): a revoked,
    cassada, extinct or renounced one has no vehicle to drive, so ``refusal`` says what it cannot
    have."""
    if permit.status not in ACTIVE_STATUSES:
        raise InvalidTransition(
            f"a permissão {permit.number} está {permit.get_status_display()}: {refusal}"
        )


def auxiliary_add(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    person: Person,
    on: dt.date,
    work_schedule: str = "",
    indication: str = "",
    safety_gear: bool | None = None,
) -> Auxiliary:
    """At most 1 auxiliary per mototaxi vehicle (art. 6 §4, art. 14), indicated in writing by the
    holder (art. 14 §1: ``indication``, the protocol or document of the indication, kept with the
    auxiliary), with the same requirements as the holder (art. 14 §2; ``safety_gear``, the vest
    and helmet of art. 5 IV as the desk verified them); credential valid one year;
    schedule filed (art. 14 §3). A taxi permit's auxiliary is inscribed in the Cadastro by
    :func:`taxi_auxiliary_add` (taxi art. 20), never here."""
    authorize(actor=actor, municipality=municipality, action="registry.record", law=permit.law)
    if permit.service == Service.TAXI:
        raise InvalidTransition(
            "o taxista auxiliar é inscrito no Cadastro Municipal de Taxistas pelo cadastro de "
            "auxiliar do táxi (na permissão de táxi; API: /api/v1/taxi/permits/{id}/auxiliaries)"
        )
    _not_ahead(municipality, on)
    with transaction.atomic(), tenant(municipality):
        # registry.locking: the permit, the register counter (its number rolls back with a
        # refusal), then the person. A cassação of the person's credential on another permit
        # locks the person before it ends every credential the person holds (art. 2 III, art. 32
        # IV §3): this addition either reads that cassação's bar, or is one of those credentials.
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        _in_force(permit, "não recebe condutor auxiliar")
        _within_term(permit, on)
        number = next_number(f"register:{permit.service}:auxiliar")
        lock_person(person.pk)
        current = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).count()
        eligibility = _moto_auxiliary_requirements(
            person,
            permit,
            on,
            indication=indication,
            others=current,
            schedule=work_schedule,
            safety_gear=safety_gear,
        )
        if eligibility.refusals:
            raise Refused(eligibility)
        aux = Auxiliary.objects.create(
            permit=permit,
            person=person,
            added_on=on,
            work_schedule=work_schedule,
            indication=indication.strip()[:200],
            registration_number=number,
            credential_valid_until=validity_end(
                municipality, permit.service, "credenciamento_auxiliar", on
            ),
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.add",
            obj=aux,
            new={"permit": permit.number, "person": person.pk, "indication": aux.indication},
            basis=basis_of(eligibility),
        )
    return aux


def _not_ahead(municipality: Municipality, on: dt.date) -> None:
    """An auxiliary's link is dated on a day that has come: the credential's year (mototaxi art.
    14 §2) and the periods taxi art. 48 reads run from it, and its removal cannot be dated
    before it nor on a day to come."""
    future = in_the_future(municipality, on, "a data do credenciamento")
    if future:
        raise FieldError("data", future)


def taxi_auxiliary_add(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    person: Person,
    on: dt.date,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
    work_schedule: str = "",
) -> Auxiliary:
    """Up to 2 auxiliaries per vehicle (art. 20 §único), registered in the Cadastro with the
    documents of art. 22 and residing in Ipatinga (art. 4 XIV); numbered in the same register."""
    authorize_taxi(actor, municipality, "registry.record", on)
    _not_ahead(municipality, on)
    with transaction.atomic(), tenant(municipality):
        # As in auxiliary_add: the permit, the Cadastro's counter, then the person, whom a
        # cassação of the inscription (art. 41 IV §3) locks before the person's inscriptions.
        permit = locked_taxi_permit(permit)
        _in_force(permit, "não recebe taxista auxiliar")
        _within_term(permit, on)
        number = next_number(TAXI_CADASTRO)
        lock_person(person.pk)
        if permit.auxiliaries.filter(person=person, status=Auxiliary.Status.ACTIVE).exists():
            raise FieldError("auxiliar", "já é auxiliar desta permissão")
        current = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).count()
        bar = register_bar(person, on)
        if bar is not None:  # art. 41 IV §3, art. 42 IV: no inscription while cassada/suspensa
            raise Refused(bar)
        docs = taxi_person_documents(
            bound_law(municipality, Service.TAXI, on),
            person,
            on,
            vehicle=permit.vehicle,
            checks=checks,
            declarations=declarations,
        )
        allowed = bound_law(municipality, Service.TAXI, on).ask(
            "auxiliary_registration",
            {
                "candidate_kind": "pessoa_fisica"
                if person.kind == Person.Kind.NATURAL
                else "pessoa_juridica",
                "candidate_is_holder": person.pk == permit.holder_id,
                "current_auxiliaries": current,
                "candidate_registered": bool(docs.outcome and docs.outcome.get("complete")),
                "candidate_resides_in_ipatinga": resides_in_municipality(person, municipality),
            },
        )
        refuse_if(
            "registry.taxi_auxiliary_add", [allowed, docs], on, municipality, "auxiliar recusado"
        )
        aux = Auxiliary.objects.create(
            permit=permit,
            person=person,
            added_on=on,
            work_schedule=work_schedule,
            registration_number=number,
            credential_valid_until=allowed.outcome["valid_until"],
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.add",
            obj=aux,
            new={
                "permit": permit.number,
                "person": person.pk,
                "registration_number": aux.registration_number,
            },
            basis=basis_of(None, decision_citations([allowed, docs])),
            extra={"decisions": [allowed.to_json(), docs.to_json()]},
        )
    return aux


def auxiliary_cassar(
    *,
    actor: Actor,
    municipality: Municipality,
    auxiliary: Auxiliary,
    on: dt.date,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> Auxiliary:
    """Cassação of the auxiliary's inscription or credential, decided in a process by the
    competent authority (taxi art. 41 IV §3: the auxiliary may no longer drive a taxi in the
    municipality; mototaxi art. 31 V, 32 IV, 34 §1). The bar is kept as the auxiliary's status and
    date (read again as a cassação by the eligibility facts).

    The cassação is of the person's register, not of one permit's link: mototaxi art. 2 III
    ("devolução compulsória do Registro de Auxiliar de Condutor") and art. 32 §3 (no other
    credential for two years); taxi art. 41 §3 (no taxi in the municipality). So the person's
    other active inscriptions as auxiliary under the same law end with it, each with its act."""
    law = auxiliary.permit.law_on(on)
    authorize_with_reason(actor, municipality, "penalty.cassacao", law, reason, on)
    with transaction.atomic(), tenant(municipality):
        # registry.locking: the person, then the auxiliaries' rows. Every addition of the person
        # as auxiliary locks the person first, so none commits between the read of the person's
        # credentials below and this cassação's commit: it waits, then reads the bar (art. 32
        # §3; taxi art. 41 §3), or committed before and its credential is read here and ended.
        lock_person(auxiliary.person_id)
        aux = Auxiliary.objects.select_for_update().get(pk=auxiliary.pk)
        if aux.status == Auxiliary.Status.CASSADO:
            if aux.removed_on is not None and aux.removed_on <= on:
                # Already cassado with the register (another permit's cassação reached it):
                # the bar holds; a second process's cassação changes nothing.
                return aux
            raise InvalidTransition("o auxiliar já está cassado")
        others = [
            o
            # The auxiliaries' rows only (the permits are read, not locked: a renewal locks the
            # permit first, then the person and its auxiliary, ``registry.locking``).
            for o in Auxiliary.objects.select_for_update(of=("self",))
            .filter(person_id=aux.person_id, status=Auxiliary.Status.ACTIVE)
            .exclude(pk=aux.pk)
            .select_related("permit")
            .order_by("pk")
            if o.permit.law_on(on) == law
        ]
        if on < aux.added_on:
            raise FieldError(
                "data",
                f"a cassação ({on:%d/%m/%Y}) não pode ser anterior ao credenciamento, de "
                f"{aux.added_on:%d/%m/%Y}",
            )
        for one in (aux, *others):
            # Another credential inscribed after the day of this cassação ends the day it began.
            link_status_set(
                one,
                Auxiliary.Status.CASSADO,
                link_end(one, on),
                actor=actor,
                municipality=municipality,
                action="auxiliary.cassado",
                basis=basis,
                extra={"reason": reason.strip()}
                if one is aux
                else {"reason": reason.strip(), "cassacao_do_registro": aux.pk},
            )
    return aux


def auxiliary_remove(
    *, actor: Actor, municipality: Municipality, auxiliary: Auxiliary, on: dt.date, reason: str
) -> Auxiliary:
    # Under no law today (ADR 0062): a refusal naming the service, as every act on the permit.
    law = governed(auxiliary.permit).law
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    with transaction.atomic(), tenant(municipality):
        aux = Auxiliary.objects.select_for_update().get(pk=auxiliary.pk)
        if aux.status != Auxiliary.Status.ACTIVE:
            raise InvalidTransition("o auxiliar não está ativo")
        if on < aux.added_on:
            # The link ends the day before (the auxiliary's periods, art. 48 of the taxi law): a
            # removal before the addition would leave no day on which it was ever in force.
            raise FieldError(
                "data",
                f"o desligamento ({on:%d/%m/%Y}) não pode ser anterior ao vínculo, de "
                f"{aux.added_on:%d/%m/%Y}",
            )
        future = in_the_future(municipality, on, "a data do desligamento")
        if future:
            raise FieldError("data", future)
        auxiliaries_unlink(
            actor=actor, municipality=municipality, auxiliaries=[aux], on=on, reason=reason
        )
    return aux


def linked_auxiliaries_locked(*permits: Permit) -> list[Auxiliary]:
    """The auxiliaries in force of ``permits``, locked as ``registry.locking`` orders it: their
    people, then their rows — after the permits, before the first act of the change that ends
    them."""
    linked = Auxiliary.objects.filter(permit__in=permits, status=Auxiliary.Status.ACTIVE)
    for person_id in sorted(set(linked.values_list("person_id", flat=True))):
        lock_person(person_id)
    return list(linked.select_for_update().order_by("pk"))


def auxiliaries_unlink(
    *,
    actor: Actor,
    municipality: Municipality,
    auxiliaries: Iterable[Auxiliary],
    on: dt.date | None,
    reason: str,
    basis: dict[str, Any] | None = None,
) -> None:
    """End the links of ``auxiliaries`` (locked) on ``on``, each with its ``auxiliary.remove``
    act, inside the caller's transaction: removed at the desk, or the permission they served
    ended or passed to another holder (:func:`linked_auxiliaries_locked`, ``basis``: the
    articles). The person's own standing (a cassação of the register, a suspension) is
    untouched."""
    for aux in auxiliaries:
        ends, why = link_end(aux, on), reason
        if ends != on:
            why = f"{reason} — {BEFORE_THE_LINK.format(on=on, added=aux.added_on)}"
        link_status_set(
            aux,
            Auxiliary.Status.REMOVED,
            ends,
            actor=actor,
            municipality=municipality,
            action="auxiliary.remove",
            basis=basis,
            extra={"reason": why},
        )


def link_status_set(
    aux: Auxiliary,
    status: str,
    removed_on: dt.date | None,
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    basis: dict[str, Any] | None,
    extra: dict[str, Any],
) -> None:
    """Write the (locked) link's new ``status`` and end, and its act ``action`` with the status
    and end before and after: a link removed, cassado, or given back by an annulment."""
    old = {"status": aux.status, "removed_on": aux.removed_on}
    aux.status, aux.removed_on = status, removed_on
    aux.save(update_fields=["status", "removed_on"])
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=aux,
        old=old,
        new={"status": aux.status, "removed_on": removed_on},
        basis=basis,
        extra=extra,
    )


#: Why a link ends on the day it began rather than on the day asked (:func:`link_end`).
BEFORE_THE_LINK = (
    "o fim ({on:%d/%m/%Y}) é antes do vínculo, de {added:%d/%m/%Y}: o vínculo termina no dia "
    "em que começou, sem nenhum dia em vigor depois do fim da permissão"
)


def link_end(aux: Auxiliary, on: dt.date | None) -> dt.date | None:
    """The day the link of ``aux`` ends when what it serves ends on ``on``: that day, or the day
    the link began when ``on`` comes before it — a permission ended (or passed to another holder)
    on a day dated before the auxiliary was added. The link cannot end before it began
    (``removed_on >= added_on``, a constraint of the table); ended the day it began, it was in
    force on no day after the permission's end (mototaxi art. 6 §4, art. 11, art. 14; taxi art. 4
    XIV, art. 20 §único: it never outlives the permission). ``None`` stays undated."""
    return None if on is None else max(on, aux.added_on)


#: The concept of the article that ended a permission, by the status it ended in: cassada
#: (mototaxi art. 2 II; taxi art. 4 II), revoked, extinct, renounced.
ENDING_CONCEPTS = {
    Permit.Status.CASSADA: "permit_cassada",
    Permit.Status.REVOKED: "badge_permit_revoked",
    Permit.Status.EXTINCT: "badge_permit_extinct",
    Permit.Status.RENOUNCED: "renounce",
}


def auxiliaries_end_with_permit(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auxiliaries: Iterable[Auxiliary],
    on: dt.date | None,
    reason: str,
) -> None:
    """The ``permit`` just ended (its new status) on ``on``: the links of its ``auxiliaries``
    in force end that day, in the same transaction (``on`` None: a permission whose end has no
    date on record, :func:`auxiliaries_of_ended_permits_end`). The auxiliary serves the
    permission: mototaxi art. 6 §4, art. 11, art. 14 (the law does not say it in words, and the
    act's basis says so); taxi art. 4 XIV ("vinculado ao permissionário"), art. 20 §único and
    art. 15 §2. Each act cites those articles and the one that ended the permission
    (``ENDING_CONCEPTS``); ``reason`` is the permission's change, as its history shows it. Their
    badges follow the permit's status (``public.selectors.badges.badge_status``)."""
    try:
        law = permit.law_on(on or today_of(municipality))
    except LawNotBound:
        # No law of the municipality governs the service any more (the records' repair of
        # migration 0021 may meet one): the link still ends with the permission, citing none.
        cites: tuple[Citation, ...] = ()
    else:
        cites = citations(law, "permit_end_ends_auxiliaries") + citations(
            law, ENDING_CONCEPTS.get(Permit.Status(permit.status), "")
        )
    when = f"em {on:%d/%m/%Y}" if on else "sem data registrada"
    auxiliaries_unlink(
        actor=actor,
        municipality=municipality,
        auxiliaries=auxiliaries,
        on=on,
        basis=basis_of(None, cites),
        reason=f"fim da permissão {permit.number} ({permit.get_status_display()} {when}): "
        f"{reason.strip()}",
    )


def auxiliaries_of_ended_permits_end(*, actor: Actor, municipality: Municipality) -> int:
    """Repair of the records (registry migration 0021): before the links ended with the
    permission (:func:`auxiliaries_end_with_permit`), a permission cassada, revoked, extinct or
    renounced left its auxiliaries in force. Each such link ends now, dated the day the
    permission ended — the effective day of its last change to its present status, the day the
    art. 48 facts already read (``tender_facts.permit_ended_on``) — with the same act. A
    permission that ended with no date on record gives none: its links end undated, which those
    facts read as they read the permission (never in force). Returns how many ended."""
    from ..tender_facts import permit_ended_on

    ended = 0
    with transaction.atomic(), tenant(municipality):
        # registry.locking: the permits, then the auxiliaries' people and rows, before any act.
        ids = (
            Auxiliary.objects.filter(
                status=Auxiliary.Status.ACTIVE, permit__status__in=list(ENDING_CONCEPTS)
            )
            .values_list("permit_id", flat=True)
            .distinct()
        )
        permits = list(Permit.objects.select_for_update().filter(pk__in=set(ids)).order_by("pk"))
        auxiliaries = linked_auxiliaries_locked(*permits)
        for permit in permits:
            on = permit_ended_on(permit)
            theirs = [a for a in auxiliaries if a.permit_id == permit.pk]
            auxiliaries_end_with_permit(
                actor=actor,
                municipality=municipality,
                permit=permit,
                auxiliaries=theirs,
                on=None if on in (None, dt.date.min) else on,
                reason="vínculo que a permissão deixou em vigor ao terminar, encerrado na "
                "correção dos registros",
            )
            ended += len(theirs)
    return ended


def auxiliaries_ended_before_begun_repair(*, actor: Actor, municipality: Municipality) -> int:
    """Repair of the records (registry migration 0022): a link that ended with its permission
    (:func:`auxiliaries_end_with_permit`, and migration 0021's repair) was dated the permission's
    end even when that came before the auxiliary was added — a link ending before it began. Each
    such link now ends the day it began (:func:`link_end`), with an ``auxiliary.correct`` act
    keeping the old and new day; its status stays. Idempotent: a second run finds none. Returns
    how many were corrected."""
    from django.db.models import F

    fixed = 0
    with transaction.atomic(), tenant(municipality):
        wrong = list(
            Auxiliary.objects.select_for_update()
            .filter(removed_on__lt=F("added_on"))
            .select_related("permit")
            .order_by("pk")
        )
        for aux in wrong:
            old = aux.removed_on
            aux.removed_on = aux.added_on
            aux.save(update_fields=["removed_on"])
            try:
                cites = citations(aux.permit.law_on(aux.added_on), "permit_end_ends_auxiliaries")
            except LawNotBound:
                cites = ()
            record_act(
                municipality=municipality,
                actor=actor,
                action="auxiliary.correct",
                obj=aux,
                old={"removed_on": old},
                new={"removed_on": aux.removed_on},
                basis=basis_of(None, cites),
                extra={
                    "reason": "correção dos registros: "
                    + BEFORE_THE_LINK.format(on=old, added=aux.added_on)
                },
            )
            fixed += 1
    return fixed


def in_every_municipality(repair: Callable[..., int], why: str) -> int:
    """A repair of the records (a data migration's: ``repair(actor=, municipality=)``) run in
    every municipality, once each, as the system acting for ``why``; how many it changed."""
    from outorga.core.models import Municipality
    from outorga.core.tenancy import unscoped

    actor = Actor.system(why)
    with unscoped():
        municipalities = list(Municipality.objects.order_by("pk"))
    return sum(repair(actor=actor, municipality=m) for m in municipalities)


#: The question a law answers to renew an auxiliary's credential, by its service's interface
#: (mototaxi/motofrete: art. 14 §2's credential; taxi: the Cadastro's inscription, art. 21).
RENEWAL_QUESTIONS = {
    Service.MOTOTAXI: "auxiliary_credential_renewal",
    Service.MOTOFRETE: "auxiliary_credential_renewal",
    Service.TAXI: "auxiliary_renewal",
}


def auxiliary_renewal_unavailable(permit: Permit, on: dt.date) -> str:
    """Why an auxiliary's credential of ``permit`` cannot be renewed under the law bound on
    ``on``, with the article the law names for the auxiliary's credential; empty when it can.
    A law with no renewal question gives the credential no period to renew."""
    law = bound_law(permit.municipality, permit.service, on)
    question = RENEWAL_QUESTIONS.get(Service(permit.service))
    if question is not None and law.answers(question):
        return ""
    basis = cited_once(law.law, "auxiliary_credential") or cited_once(law.law, "auxiliary")
    return "a lei desta permissão não prevê a renovação da credencial do condutor auxiliar" + (
        f" ({basis})" if basis else ""
    )


def auxiliary_renewal_decisions(
    aux: Auxiliary,
    on: dt.date,
    *,
    schedule: str,
    declarations: Iterable[str],
    checks: Mapping[str, Any] | None,
    safety_gear: bool | None = None,
) -> list[Decision]:
    """What the auxiliary's law asks on ``on`` to renew the credential: the same requirements as
    at the indication (the mototaxi's vest and helmet as the desk saw them, ``safety_gear``), and
    the period of the renewed credential with its own conditions."""
    permit, person, m = aux.permit, aux.person, aux.municipality
    current = aux.credential_valid_until.isoformat() if aux.credential_valid_until else None
    if permit.service != Service.TAXI:
        # Mototaxi art. 14 §2: the same requirements as the holder's (art. 5), checked again.
        others = permit.auxiliaries.filter(status=Auxiliary.Status.ACTIVE).exclude(pk=aux.pk)
        requirements = _moto_auxiliary_requirements(
            person,
            permit,
            on,
            indication=aux.indication,
            others=others.count(),
            schedule=schedule,
            safety_gear=safety_gear,
        )
        period = bound_law(m, permit.service, on).ask(
            RENEWAL_QUESTIONS[Service(permit.service)], {"credential_valid_until": current}
        )
        return [requirements, period]
    # Taxi art. 21: the inscription in the Cadastro with the documents of art. 18 and 22, the
    # residence (art. 4 XIV) and the auxiliary's own final debts (art. 21 §1, D-11).
    law = bound_law(m, permit.service, on)
    documents = taxi_person_documents(
        law, person, on, vehicle=permit.vehicle, checks=checks, declarations=declarations
    )
    period = law.ask(
        RENEWAL_QUESTIONS[Service.TAXI],
        {
            "credential_valid_until": current,
            "resides_in_ipatinga": resides_in_municipality(person, m),
            "debts": ledger().debt_facts(person, on),
        },
    )
    bar = register_bar(person, on)  # art. 41 IV §3, art. 42 IV
    return [*([bar] if bar is not None else []), documents, period]


def auxiliary_renew(
    *,
    actor: Actor,
    municipality: Municipality,
    auxiliary: Auxiliary,
    on: dt.date,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
    work_schedule: str = "",
    safety_gear: bool | None = None,
) -> Auxiliary:
    """Renew an auxiliary's credential on ``on``: mototaxi art. 14 §2 (one year, the holder's
    requirements checked again) or, for a taxi auxiliary, the yearly renewal of the inscription in
    the Cadastro (taxi art. 21, with the documents of art. 22 and no final debt of the auxiliary,
    art. 21 §1). The law core gives the new expiry: one period from the old expiry when renewed on
    or before it, else from ``on`` — both laws are silent on the anchor (see
    ``art_14_par2_renewal_period`` and ``art_21_auxiliary_period``). Any failed requirement
    refuses with its article. ``work_schedule``, when given, replaces the schedule on file
    (mototaxi art. 14 §3); ``safety_gear`` is the mototaxi auxiliary's vest and helmet as the desk
    verified them (art. 5 IV with art. 14 §2; None: not verified, the law's pending answer)."""
    law = governed(auxiliary.permit).law  # under no law today: refused naming the service
    authorize(actor=actor, municipality=municipality, action="auxiliary.renew", law=law)
    with transaction.atomic(), tenant(municipality):
        # The lock order of registry.locking: the permit, the person (as a cassação of the
        # person's register does, before the auxiliaries), then the auxiliary alone.
        permit = Permit.objects.select_for_update().get(pk=auxiliary.permit_id)
        lock_person(auxiliary.person_id)
        aux = (
            Auxiliary.objects.select_for_update(of=("self",))
            .select_related("person")
            .get(pk=auxiliary.pk)
        )
        aux.permit = permit
        if aux.status != Auxiliary.Status.ACTIVE:
            raise InvalidTransition(
                f"o auxiliar está {aux.get_status_display()}: só se renova a credencial de "
                "auxiliar ativo; um novo credenciamento é um novo cadastro"
            )
        _in_force(permit, "o auxiliar vinculado a ela não tem credencial a renovar")
        schedule = work_schedule.strip() or aux.work_schedule
        decisions = auxiliary_renewal_decisions(
            aux,
            on,
            schedule=schedule,
            declarations=declarations,
            checks=checks,
            safety_gear=safety_gear,
        )
        if any(d.refusals for d in decisions):
            # Every reason, the requirements met too: the clerk sees the whole renewal.
            raise Refused(
                merge(
                    "registry.auxiliary_renew",
                    decisions,
                    on,
                    municipality.slug,
                    "renovação da credencial recusada",
                )
            )
        until = decisions[-1].outcome["valid_until"]
        until = until if isinstance(until, dt.date) else dt.date.fromisoformat(until)
        old = {
            "credential_valid_until": aux.credential_valid_until,
            "work_schedule": aux.work_schedule,
        }
        aux.credential_valid_until, aux.work_schedule = until, schedule
        aux.save(update_fields=["credential_valid_until", "work_schedule"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="auxiliary.renew",
            obj=aux,
            old=old,
            new={"credential_valid_until": until, "work_schedule": schedule},
            basis=basis_of(None, [c for d in decisions for c in d.citations]),
            extra={
                "permit": permit.number,
                "effective_on": on,
                "decisions": [d.to_json() for d in decisions],
            },
        )
    return aux
