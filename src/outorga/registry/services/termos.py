"""The permit's term: the yearly registration certificate (mototaxi) and Termo de Permissão
(taxi) renewed, and the prorrogação of a mototaxi or motofrete permission.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.lawseam import period_for
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import LAW_TITLES
from outorga.law.decisions import Decision
from outorga.law.interfaces import answers, cited, cited_once

from ..facts import vehicle_facts
from ..models import (
    Permit,
    PermitStatusChange,
    PermitTerm,
    PermitTermRenewal,
    Service,
    TaxiCategory,
)
from ..ports import ledger
from .common import (
    InvalidTransition,
    authorize_taxi,
    bound_law,
    decision_citations,
    governed,
    locked_taxi_permit,
    merge,
    refuse_if,
    validity_end,
)
from .eligibility import person_eligibility, vehicle_crlv
from .vehicles import taxi_vehicle_inscribe


def permit_renew(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    safety_gear: bool | None = None,
) -> Permit:
    """Yearly registration certificate (mototaxi art. 4 §1): checks the holder again, the vest
    and helmet among the requirements as the desk saw them (art. 5 IV: ``safety_gear``; None, not
    verified: the law's pending answer), and the vehicle's CRLV in force that day (art. 5 §1 I:
    :func:`eligibility.vehicle_crlv`)."""
    authorize(
        actor=actor, municipality=municipality, action="permit.renew", law=governed(permit).law
    )
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        if permit.status != Permit.Status.ACTIVE:
            raise InvalidTransition("só se renova permissão ativa")
        # The permit renewed is the holder's own, not another one (art. 8, art. 32 III f).
        decision = person_eligibility(
            permit.holder, permit.service, on, exclude=permit, safety_gear=safety_gear
        )
        crlv = vehicle_crlv(permit, on)
        refuse_if(
            "registry.permit_renew",
            [decision, *([crlv] if crlv is not None else [])],
            on,
            municipality,
            "renovação recusada",
        )
        old = {"certificate_valid_until": permit.certificate_valid_until}
        permit.certificate_valid_until = validity_end(
            municipality, permit.service, "registro_cadastral", on
        )
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["certificate_valid_until", "irregular", "irregular_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="permit.renew",
            obj=permit,
            old=old,
            new={"certificate_valid_until": permit.certificate_valid_until},
            basis=basis_of(decision),
        )
    return permit


#: A permit's status in the words of the mototaxi law's extension question (art. 2, 6, 31).
EXTENSION_STATUS = {
    Permit.Status.ACTIVE: "ativa",
    Permit.Status.SUSPENDED: "suspensa",
    Permit.Status.RESERVE: "reserva",
    Permit.Status.REVOKED: "revogada",
    Permit.Status.CASSADA: "cassada",
    Permit.Status.EXTINCT: "extinta",
    Permit.Status.RENOUNCED: "renunciada",
}


def extension_decision(
    municipality: Municipality, permit: Permit, on: dt.date, *, executive_act: bool = True
) -> Decision:
    """The bound law's answer on extending ``permit`` on ``on`` (its period, the term end it
    would reach, the extensions left), from the permit's record."""
    return bound_law(municipality, permit.service, on).ask(
        "permit_extension",
        {
            "granted_on": permit.granted_on.isoformat(),
            "term_end": permit.term_end.isoformat(),
            "extensions_granted": permit.extensions,
            "status": EXTENSION_STATUS[Permit.Status(permit.status)],
            "executive_act": executive_act,
        },
    )


def permit_extend(
    *, actor: Actor, municipality: Municipality, permit: Permit, on: dt.date, act_reference: str
) -> Permit:
    """Prorrogação of a mototaxi or motofrete permission (mototaxi art. 6: "prorrogável por até 03
    (três) períodos de 05 (cinco) anos, a critério do Poder Executivo municipal"): the law core
    decides on ``on`` — the Executive's act given (``act_reference``), fewer than three extensions
    so far, the term still running, the permission not extinguished — and the term end moves by
    one period. The history and the act record the old and new term end and the Executive's act.

    The taxi law has no extension: the holder chooses the term at the grant (taxi art. 10) and the
    Termo is renewed yearly up to it (art. 13)."""
    law = governed(permit).law
    if not answers(law, "permit_extension"):
        # A law with no extension (the taxi law: the term chosen at the grant, art. 10, and the
        # Termo renewed yearly up to it, art. 13), in its own articles.
        cites = cited_once(law, "term", "registration_certificate")
        raise InvalidTransition(
            f"a lei que rege {permit.get_service_display()} não prevê prorrogação"
            + (
                f": o prazo é o escolhido na outorga, com o Termo renovado "
                f"{period_for(permit, 'termo_renewal_years', municipality)} até ele ({cites})"
                if cites
                else f" ({LAW_TITLES.get(law, law)})"
            )
        )
    authorize(actor=actor, municipality=municipality, action="permit.extend", law=law)
    reference = act_reference.strip()
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        decision = extension_decision(municipality, permit, on, executive_act=bool(reference))
        if decision.refusals:
            raise Refused(decision)
        new_end = decision.outcome["new_term_end"]
        new_end = new_end if isinstance(new_end, dt.date) else dt.date.fromisoformat(new_end)
        old = {"term_end": permit.term_end, "extensions": permit.extensions}
        permit.term_end, permit.extensions = new_end, permit.extensions + 1
        permit.save(update_fields=["term_end", "extensions"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.extend",
            obj=permit,
            old=old,
            new={"term_end": permit.term_end, "extensions": permit.extensions},
            basis=basis_of(decision),
            extra={"act_reference": reference, "effective_on": on},
        )
        PermitStatusChange.objects.create(
            permit=permit,
            from_status=permit.status,
            to_status=permit.status,
            effective_on=on,
            reason=(
                f"{permit.extensions}ª prorrogação ({cited(permit.law, 'extension')}): termo final de "
                f"{old['term_end']:%d/%m/%Y} para {permit.term_end:%d/%m/%Y} — {reference}"
            )[:300],
            act=act,
        )
    return permit


def taxi_term_renew_decisions(
    *,
    municipality: Municipality,
    permit: Permit,
    term: PermitTerm,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
) -> list[Decision]:
    """Every question the yearly renewal asks (``taxi_term_renew``), read-only, the Termo first:
    the Termo's period (art. 13), the debts that block it (art. 21 §1, D-11, D-18) and the
    vehicle at the yearly inspection (art. 28–29; ``checks`` is what it found). The Termo page
    shows them before the clerk renews; the renewal asks them again under its lock."""
    base = term.last_renewed_on or term.signed_on
    termo_facts: dict[str, Any] = {"signed_on": term.signed_on.isoformat(), "option": term.option}
    if term.last_renewed_on:
        termo_facts["last_renewed_on"] = term.last_renewed_on.isoformat()
    law = bound_law(municipality, Service.TAXI, on)
    termo = law.ask("permit_term", termo_facts)
    owed = ledger().debt_facts(permit.holder, on)
    debts = law.ask("registration_renewal", {"last_renewed_on": base.isoformat(), "debts": owed})
    decisions = [termo, debts]
    if permit.vehicle is not None:
        decisions.append(
            law.ask(
                "vehicle_eligibility",
                vehicle_facts(
                    permit.vehicle,
                    category=permit.taxi_category or TaxiCategory.CONVENCIONAL,
                    on=on,
                    occasion="renovacao",
                    checks=checks or {},
                    renewal_anchor=term.signed_on,
                    # The date planned for this renewal (art. 28 §2): the day the period being
                    # renewed ends, as the Termo's law counts it — not the day it is recorded.
                    renewal_due_on=dt.date.fromisoformat(str(termo.outcome["valid_until"])),
                ),
            )
        )
    return decisions


def taxi_term_renew(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    on: dt.date,
    checks: Mapping[str, Any] | None = None,
) -> PermitTerm:
    """Yearly renewal of the Termo de Permissão (art. 13) and of the Cadastro (art. 21).

    Refused while final debts are open, naming each one (art. 21 §1, D-11); debts under defence
    or appeal do not block. A Termo that lapsed is not renewed: caducidade is proposed, and a
    person decides (D-3). The vehicle passes the yearly inspection (art. 29; ``checks`` is what
    it found) and, once 7 years old, must be replaced by this renewal (art. 28 §1–2, D-6)."""
    authorize_taxi(actor, municipality, "permit.renew", on)
    with transaction.atomic(), tenant(municipality):
        permit = locked_taxi_permit(permit)
        if permit.status not in (Permit.Status.ACTIVE, Permit.Status.SUSPENDED):
            raise InvalidTransition(
                f"a permissão está {permit.get_status_display()}; não se renova"
            )
        term = PermitTerm.objects.select_for_update().get(permit=permit)
        decisions = taxi_term_renew_decisions(
            municipality=municipality, permit=permit, term=term, on=on, checks=checks
        )
        termo = decisions[0]
        refuse_if("registry.taxi_term_renew", decisions, on, municipality, "renovação recusada")
        if not termo.outcome.get("renewable"):
            raise Refused(
                merge("registry.taxi_term_renew", [termo], on, municipality.slug, "sem renovação"),
                f"Não há nova renovação: {termo.summary}",
            )
        if permit.vehicle is not None:
            # A vehicle in service since before its inscription had a number is inscribed with
            # the yearly renewal of the Cadastro (art. 21) — vehicle and counter locked before
            # this transaction's first act (registry/locking.py).
            taxi_vehicle_inscribe(
                actor=actor, municipality=municipality, vehicle=permit.vehicle, on=on
            )
        old = {"valid_until": term.valid_until, "last_renewed_on": term.last_renewed_on}
        # The law counts each yearly period from the previous one's end (art. 13), whatever day
        # within it the holder came: the new period starts where the current one ends.
        term.last_renewed_on = dt.date.fromisoformat(str(termo.outcome["valid_until"]))
        term.valid_until = dt.date.fromisoformat(str(termo.outcome["next_valid_until"]))
        term.save(update_fields=["last_renewed_on", "valid_until"])
        permit.certificate_valid_until = term.valid_until
        permit.irregular, permit.irregular_reason = False, ""
        permit.save(update_fields=["certificate_valid_until", "irregular", "irregular_reason"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.renew",
            obj=permit,
            old=old,
            new={"valid_until": term.valid_until, "last_renewed_on": term.last_renewed_on},
            basis=basis_of(None, decision_citations(decisions)),
            extra={"decisions": [d.to_json() for d in decisions]},
        )
        PermitTermRenewal.objects.create(
            term=term, renewed_on=on, valid_until=term.valid_until, act=act
        )
    return term
