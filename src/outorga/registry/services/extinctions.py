"""Extinction of a taxi permission through an administrative case (taxi art. 15): opened,
notified, defended and decided.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act, refusal_logged
from outorga.core.authz import authorize
from outorga.core.errors import FieldRefused
from outorga.core.lawseam import cited_for
from outorga.core.localtime import in_the_future
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.law.interfaces import cited_once

from ..facts import ACTIVE_STATUSES
from ..models import ExtinctionCase, Permit, PermitStatusChange, Person, Service
from ..validation import FieldError
from .auxiliaries import auxiliaries_end_with_permit, linked_auxiliaries_locked
from .common import (
    InvalidTransition,
    bound_law,
    decision_citations,
    governed,
    locked_taxi_permit,
    refuse_if,
    taxi_law,
)


def extinction_open(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    cause: str,
    facts: str,
    on: dt.date,
    notified_on: dt.date | None = None,
) -> ExtinctionCase:
    """Open the administrative case of art. 15 §1: the cause found, the defence period (D-17
    defaults via ``taxi.appeal_deadline``). Nothing is extinguished here (D-3)."""
    law = taxi_law(municipality, on)
    authorize(actor=actor, municipality=municipality, action="extinction.propose", law=law)
    if not facts.strip():
        raise FieldError(
            "fatos", "descreva os fatos constatados", cited_once(law, "extinction_case")
        )
    if notified_on is not None:
        _notice_dated_rightly(municipality, law, opened_on=on, notified_on=notified_on)
    with transaction.atomic(), tenant(municipality):
        permit = locked_taxi_permit(permit)
        if permit.status not in ACTIVE_STATUSES:
            raise InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if ExtinctionCase.objects.filter(permit=permit, status=ExtinctionCase.Status.OPEN).exists():
            raise FieldError("processo", "já há processo de extinção em instrução")
        holder_kind = (
            "pessoa_fisica" if permit.holder.kind == Person.Kind.NATURAL else "pessoa_juridica"
        )
        decision = bound_law(municipality, Service.TAXI, on).ask(
            "permit_extinction",
            {"cause": cause, "holder_kind": holder_kind, "found_on": on.isoformat()},
        )
        refuse_if("registry.extinction_open", [decision], on, municipality, "causa não aplicável")
        decisions = [decision]
        deadline = None
        if notified_on is not None:
            term = _deadline(municipality, notified_on)
            decisions.append(term)
            deadline = dt.date.fromisoformat(str(term.outcome["deadline"]))
        case = ExtinctionCase.objects.create(
            permit=permit,
            number=next_number("case:extinction"),
            cause=cause,
            inciso=str(decision.outcome["inciso"]),
            facts=facts.strip(),
            opened_on=on,
            notified_on=notified_on,
            defence_deadline=deadline,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.open",
            obj=case,
            new={"permit": permit.number, "cause": cause, "defence_deadline": deadline},
            basis=basis_of(None, decision_citations(decisions)),
        )
    return case


def _notice_dated_rightly(
    m: Municipality, law: str, *, opened_on: dt.date, notified_on: dt.date
) -> None:
    """The defence period runs from the notice (D-4, D-17): a notice dated before the case it
    notifies was opened, or after the municipality's today, would shorten or stretch it."""
    why = in_the_future(m, notified_on, "a notificação")
    if why is None and notified_on < opened_on:
        why = (
            f"a notificação ({notified_on:%d/%m/%Y}) não pode ser anterior à instauração do "
            f"processo, em {opened_on:%d/%m/%Y}: o prazo de defesa corre da ciência"
        )
    if why is None:
        return
    raise FieldError("notificado em", why, f"{cited_once(law, 'extinction_case')}; decisão D-4")


def _deadline(m: Municipality, notified_on: dt.date) -> Decision:
    return bound_law(m, Service.TAXI, notified_on).ask(
        "appeal_deadline", {"step": "defesa", "notified_on": notified_on.isoformat()}
    )


def extinction_notify(
    *, actor: Actor, municipality: Municipality, case: ExtinctionCase, notified_on: dt.date
) -> ExtinctionCase:
    """The holder was notified: the defence period runs from here (D-4, D-17)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="extinction.propose",
        law=governed(case.permit).law,
    )
    with transaction.atomic(), tenant(municipality):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN or case.notified_on is not None:
            raise InvalidTransition("o processo não está aguardando notificação")
        _notice_dated_rightly(
            municipality, case.permit.law, opened_on=case.opened_on, notified_on=notified_on
        )
        term = _deadline(municipality, notified_on)
        case.notified_on = notified_on
        case.defence_deadline = dt.date.fromisoformat(str(term.outcome["deadline"]))
        case.decision.setdefault("decisions", []).append(term.to_json())
        case.save(update_fields=["notified_on", "defence_deadline", "decision"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.notify",
            obj=case,
            new={"notified_on": notified_on, "defence_deadline": case.defence_deadline},
            basis=basis_of(term),
        )
    return case


def extinction_deadlines_recount(
    actor: Actor, municipality: Municipality, day: dt.date
) -> list[str]:
    """``day`` was just recorded as no business day (a holiday, a ponto facultativo, the office
    closed): the defence period of an extinction case whose last day it is moves to the next
    business day now (D-4; Lei 9.784/1999 art. 66 §1), counted again by the law that set it
    from the same notice — as the enforcement's and the platforms' running deadlines move. A
    period already met (a defence filed) or a case decided stays. Inside the calendar act's
    transaction; returns the numbers of the cases moved."""
    moved = []
    with tenant(municipality):
        running = ExtinctionCase.objects.select_for_update().filter(
            status=ExtinctionCase.Status.OPEN,
            notified_on__isnull=False,
            defence_filed_on__isnull=True,
            defence_deadline=day,
        )
        for case in running.order_by("id"):
            assert case.notified_on is not None
            term = _deadline(municipality, case.notified_on)
            deadline = dt.date.fromisoformat(str(term.outcome["deadline"]))
            if deadline == day:
                continue
            case.defence_deadline = deadline
            case.decision.setdefault("decisions", []).append(term.to_json())
            case.save(update_fields=["defence_deadline", "decision"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="extinction.deadline.move",
                obj=case,
                old={"defence_deadline": day},
                new={"defence_deadline": deadline},
                basis=basis_of(term),
            )
            moved.append(str(case.number))
    return moved


def extinction_defence_file(
    *, actor: Actor, municipality: Municipality, case: ExtinctionCase, text: str, on: dt.date
) -> ExtinctionCase:
    """The holder's defence (art. 15 §1: contraditório e ampla defesa), received if the law says
    it is within its period (``extinction_defence``: the case's last day, set from the notice by
    D-17 and D-4, and the day it is presented); a late one is refused naming the field and the
    articles, the refusal kept in the acts log."""
    authorize(
        actor=actor, municipality=municipality, action="defence.file", law=governed(case.permit).law
    )
    if not text.strip():
        raise FieldError("defesa", "escreva a defesa")
    with (
        refusal_logged(
            actor=actor,
            municipality=municipality,
            action="extinction.defence",
            obj=case,
            new={"defence_filed_on": on},
        ),
        transaction.atomic(),
        tenant(municipality),
    ):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN or case.notified_on is None:
            raise InvalidTransition("o processo não está em prazo de defesa")
        if case.defence_filed_on is not None:
            raise InvalidTransition("a defesa já foi apresentada")
        timely = _defence_in_time(municipality, case, on)
        case.defence, case.defence_filed_on = text.strip(), on
        case.save(update_fields=["defence", "defence_filed_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="extinction.defence",
            obj=case,
            new={"defence_filed_on": on},
            basis=basis_of(timely),
        )
    return case


def _defence_in_time(m: Municipality, case: ExtinctionCase, on: dt.date) -> Decision:
    """The law's word on the defence presented on ``on`` against the case's last day: the law
    that set that day from the notice (``appeal_deadline``) judges it, on the day it is presented;
    a late defence is a :class:`FieldRefused` on the ``defesa`` field."""
    assert case.notified_on is not None and case.defence_deadline is not None
    d = bound_law(m, Service.TAXI, case.notified_on).ask(
        "extinction_defence",
        {"deadline": case.defence_deadline.isoformat(), "filed_on": on.isoformat()},
        on,
    )
    if d.refusals:
        raise FieldRefused("defesa", d)
    return d


def _decided_after_the_defence(m: Municipality, case: ExtinctionCase, on: dt.date) -> Decision:
    """The law's word on deciding the case on ``on``: after the defence the case records, or once
    the case's last day (set from the notice by ``appeal_deadline``) is past; asked of the law that
    set that day, on the day of the decision. A decision the law refuses is a
    :class:`FieldRefused` on the ``data da decisão``."""
    assert case.notified_on is not None and case.defence_deadline is not None
    filed_on = case.defence_filed_on
    d = bound_law(m, Service.TAXI, case.notified_on).ask(
        "extinction_decision_time",
        {
            "deadline": case.defence_deadline.isoformat(),
            "defence_filed_on": filed_on.isoformat() if filed_on else None,
            "decided_on": on.isoformat(),
        },
        on,
    )
    if d.refusals:
        raise FieldRefused("data da decisão", d)
    return d


def _decision_basis(case: ExtinctionCase, timing: Decision) -> dict[str, object]:
    """The decision's act rests on the case's cause (the first decision kept in the case, with its
    articles) and on the law's word that the case could be decided that day."""
    basis = basis_of(timing)
    opened = case.decision.get("decisions", [{}])[0].get("citations", [])
    basis["citations"] = sorted(set(basis["citations"]) | set(opened))
    return basis


def extinction_decision_action(case: ExtinctionCase) -> str:
    return (
        "penalty.cassacao" if case.cause == "cassacao_revogacao_anulacao" else "penalty.revocation"
    )


def extinction_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: ExtinctionCase,
    extinguish: bool,
    grounds: str,
    on: dt.date,
) -> ExtinctionCase:
    """The competent authority decides (D-3), after the defence or once its period lapsed — the
    law's ``extinction_decision_time`` says which (art. 15 §1, D-17, D-4); a decision it refuses
    is a :class:`FieldRefused` on the decision's date, kept in the acts log. Extinction gives no
    right to indemnity (art. 15 §2)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action=extinction_decision_action(case),
        law=governed(case.permit).law,
    )
    if not grounds.strip():
        raise FieldError("fundamentação", "fundamente a decisão")
    with (
        refusal_logged(
            actor=actor,
            municipality=municipality,
            action="extinction.decide",
            obj=case,
            new={"decided_on": on, "extinguish": extinguish},
        ),
        transaction.atomic(),
        tenant(municipality),
    ):
        case = ExtinctionCase.objects.select_for_update().get(pk=case.pk)
        if case.status != ExtinctionCase.Status.OPEN:
            raise InvalidTransition("o processo já foi decidido")
        if case.notified_on is None or case.defence_deadline is None:
            raise InvalidTransition("o permissionário ainda não foi notificado para defesa")
        timing = _decided_after_the_defence(municipality, case, on)
        # registry.locking: the permit, then its auxiliaries (people, rows), before the first act.
        permit = Permit.objects.select_for_update().get(pk=case.permit_id)
        auxiliaries = linked_auxiliaries_locked(permit) if extinguish else []
        case.status = (
            ExtinctionCase.Status.EXTINCT if extinguish else ExtinctionCase.Status.DISMISSED
        )
        case.decided_on, case.decided_by, case.grounds = on, actor.user, grounds.strip()
        case.save(update_fields=["status", "decided_on", "decided_by", "grounds"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action=f"extinction.{case.status}",
            obj=case,
            old={"status": "open"},
            new={"status": case.status, "grounds": case.grounds},
            basis=_decision_basis(case, timing),
        )
        if extinguish:
            # The cause as the law in force for the permit cites it: its article, the inciso.
            cause = ", ".join(c for c in (cited_for(permit, "extinction_cause"), case.inciso) if c)
            old = permit.status
            permit.status = Permit.Status.EXTINCT
            permit.suspended_until = None
            permit.save(update_fields=["status", "suspended_until"])
            change = PermitStatusChange.objects.create(
                permit=permit,
                from_status=old,
                to_status=Permit.Status.EXTINCT,
                effective_on=on,
                reason=f"extinção ({cause}), processo {case.number}",
                act=act,
            )
            auxiliaries_end_with_permit(
                actor=actor,
                municipality=municipality,
                permit=permit,
                auxiliaries=auxiliaries,
                on=on,
                reason=change.reason,
            )
            from .holder_requests import holder_requests_lapse

            holder_requests_lapse(
                actor=actor,
                municipality=municipality,
                permit=permit,
                status_label=permit.get_status_display(),
            )
    return case
