"""Permits: the grant (mototaxi and motofrete within the quota; taxi with its Termo de Permissão
and contrapartida) and the taxi permit's transfer on the holder's death or incapacity.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act, refusal_logged
from outorga.core.authz import authorize
from outorga.core.errors import FieldRefused
from outorga.core.lawseam import BoundLaw, LawNotBound, cited_aside, law_for
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision
from outorga.law.interfaces import citations, cited_once
from outorga.law.windows import years_elapsed_on

from ..facts import (
    ACTIVE_STATUSES,
    one_vehicle_facts,
    vehicle_documents_facts,
    vehicle_facts,
)
from ..models import (
    Auxiliary,
    Permit,
    PermitHolderChange,
    PermitStatusChange,
    PermitTerm,
    Person,
    Service,
    TaxiCategory,
    Tender,
    TenderApplicant,
    Vehicle,
)
from ..ports import ledger
from ..tender_facts import (
    active_permits,
    tender_grant_facts,
    tender_uncalled,
)
from ..validation import FieldError
from .auxiliaries import auxiliaries_unlink, linked_auxiliaries_locked
from .common import (
    InvalidTransition,
    bound_law,
    decision_citations,
    in_force_today,
    lock_quota,
    locked_taxi_permit,
    refuse_if,
    taxi_law,
    validity_end,
)
from .eligibility import (
    one_vehicle_one_permit,
    person_eligibility,
    taxi_eligibility,
    vehicle_eligibility,
)
from .vehicles import TAXI_CADASTRO, taxi_vehicle_inscribe


def permit_grant_decisions(
    *,
    municipality: Municipality,
    holder: Person,
    service: str,
    vehicle: Vehicle,
    granted_on: dt.date,
    term_years: int,
    decree: str,
    equipment: list[str],
    tender: Any,
    safety_gear: bool | None = None,
) -> list[Decision]:
    """Every question a grant asks of the law bound to the service on the grant date — the quota,
    the person, the vehicle and the term — on the facts in the records. The grant and its
    pre-check both ask exactly these, so a check that shows no refusal is a grant that will not be
    refused for the law's reasons."""
    law = bound_law(municipality, service, granted_on)
    with tenant(municipality):
        quota = law.ask(
            "quota",
            {
                "service": service,
                "grant_on": granted_on.isoformat(),
                "active_permits": active_permits(service),
            },
        )
        person = person_eligibility(
            holder, service, granted_on, tender=tender, safety_gear=safety_gear
        )
        veh = vehicle_eligibility(vehicle, service, granted_on, equipment, holder=holder)
        # The vehicle held by no other permission in force, nor away from its own on a temporary
        # change (mototaxi art. 6 §2 with art. 2 XXIII): as the vehicle changes and the import ask.
        one = (
            law.ask("one_vehicle", one_vehicle_facts(vehicle))
            if law.answers("one_vehicle")
            else None
        )
        term = law.ask(
            "permit_term",
            {
                "granted_on": granted_on.isoformat(),
                "by_decree": bool(decree.strip()),
                "after_tender": tender is not None,
                "term_years": term_years,
                "service": service,
                **(
                    {}
                    if tender is None
                    else {
                        "tender": {
                            "service": tender.service,
                            "homologated_on": tender.homologated_on.isoformat()
                            if tender.homologated_on
                            else None,
                        }
                    }
                ),
            },
        )
    return [quota, person, veh, *([one] if one is not None else []), term]


#: Mototaxi art. 6: the longest initial term of a permission, a number of the law (its ``LIMITS``).
TERM_LIMIT = "max_term_years"


def term_years_most(municipality: Municipality, service: str, on: dt.date) -> int | None:
    """Mototaxi art. 6 ("pelo prazo máximo de 10 (dez) anos"): the longest initial term the law
    bound to ``service`` on ``on`` allows (its dated parameter, read through the seam) — the term
    of a grant that names none; None where no law governs the service then or it sets none."""
    _law, most = _term_limit(municipality, service, on)
    return most


def _term_limit(
    municipality: Municipality, service: str, on: dt.date
) -> tuple[str | None, int | None]:
    """The law bound to ``service`` on ``on`` (its id) and art. 6's maximum it sets then."""
    try:
        law = law_for(municipality, service, on)
    except LawNotBound:
        return None, None
    with tenant(municipality):
        limit = law.limit(TERM_LIMIT)
    return law.law, None if limit is None else int(limit.value)


def term_years_refusal(
    municipality: Municipality, service: str, term_years: int | None, on: dt.date
) -> FieldError | None:
    """Mototaxi art. 6 ("pelo prazo máximo de 10 (dez) anos"): the initial term in years is the
    clerk's input, judged before anything is written against the maximum the law bound to
    ``service`` on ``on`` sets (its dated parameter, read through the seam): below one year or
    beyond it, refused under the field ``prazo`` with the article — bad input, never a refusal of
    the holder, so a tender's winner is not recorded as refused nor the next applicant called.
    None within the law, or where no law governs the service then or it sets no maximum (the
    grant refuses those), or where the grant names no term (it takes the maximum)."""
    if term_years is None:
        return None
    law, most = _term_limit(municipality, service, on)
    if law is None or most is None or 1 <= term_years <= most:
        return None
    return FieldError(
        "prazo",
        term_beyond(term_years, most)
        if term_years > most
        else f"Prazo inicial de {term_years} anos; informe ao menos 1 ano.",
        cited_once(law, "term"),
    )


def term_beyond(years: int | str, limit: int, aside: str = "") -> str:
    """Art. 6: what a term beyond the law's maximum ``limit`` reads, as the law core's own reason
    says it; ``aside``: the article in parentheses where a form writes it in the sentence."""
    return f"Prazo inicial de {years} anos; o máximo é {limit} anos{aside}."


def permit_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    service: str,
    vehicle: Vehicle,
    granted_on: dt.date,
    term_years: int | None = None,
    decree: str = "",
    equipment: list[str] | None = None,
    taxi_category: str = "",
    tender: Any = None,
    safety_gear: bool | None = None,
) -> Permit:
    """Grant a permit within the quota (art. 10, D-7), after the person's and the vehicle's
    eligibility; numbered in the register. Concurrent grants for the last places never exceed
    the quota: the quota counter row is locked for the whole transaction."""
    law = bound_law(municipality, service, granted_on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law.law)
    if service == Service.TAXI:
        raise NotImplementedError("outorga de táxi: fluxo próprio (taxi_permit_grant)")
    if refused := term_years_refusal(municipality, service, term_years, granted_on):
        raise refused  # art. 6: the clerk's input, before anything is written
    if term_years is None:  # art. 6: "pelo prazo máximo", the dated value on the grant's date
        term_years = term_years_most(municipality, service, granted_on)
        if term_years is None:
            raise FieldError("prazo", "informe o prazo inicial em anos")
    new = {"holder": holder.pk, "service": service, "vehicle": vehicle.plate}
    with (
        grant_refusal_logged(actor, municipality, tender, new),
        transaction.atomic(),
        tenant(municipality),
    ):
        # Lock first: every grant of this service waits here, then counts.
        lock_quota(service)
        decisions = permit_grant_decisions(
            municipality=municipality,
            holder=holder,
            service=service,
            vehicle=vehicle,
            granted_on=granted_on,
            term_years=term_years,
            decree=decree,
            equipment=equipment or [],
            tender=tender,
            safety_gear=safety_gear,
        )
        # Whoever asked for it sees every reason; the refused grant is recorded as an act.
        refuse_if("registry.permit_grant", decisions, granted_on, municipality, "outorga recusada")
        applicant = granted_to(law, tender, holder, decisions, on=granted_on)
        number = next_number(f"register:{service}")
        prefix = {"mototaxi": "MT", "motofrete": "MF"}[service]
        permit = Permit.objects.create(
            service=service,
            holder=holder,
            number=f"{prefix}-{number:04d}",
            registration_number=number,
            decree=decree,
            granted_on=granted_on,
            term_start=granted_on,
            term_end=years_elapsed_on(granted_on, term_years),
            certificate_valid_until=validity_end(
                municipality, service, "registro_cadastral", granted_on
            ),
            vehicle=vehicle,
            taxi_category=taxi_category,
            tender=tender,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        _grant_record(
            actor=actor,
            municipality=municipality,
            permit=permit,
            new={
                "number": permit.number,
                "holder": holder.pk,
                "vehicle": vehicle.plate,
                "service": service,
                "term_end": permit.term_end,
            },
            decisions=decisions,
            reason="outorga",
            applicant=applicant,
        )
    return permit


def _grant_record(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    new: dict[str, Any],
    decisions: list[Decision],
    reason: str,
    applicant: TenderApplicant | None,
) -> None:
    """The grant's act (``new`` its values, the decisions its basis), the permit's first line in
    its status history (active from the grant date, for ``reason``), and the tender applicant it
    was granted to marked called."""
    act = record_act(
        municipality=municipality,
        actor=actor,
        action="permit.grant",
        obj=permit,
        new=new,
        basis=basis_of(None, decision_citations(decisions)),
        extra={"decisions": [d.to_json() for d in decisions]},
    )
    PermitStatusChange.objects.create(
        permit=permit,
        to_status=Permit.Status.ACTIVE,
        effective_on=permit.granted_on,
        reason=reason,
        act=act,
    )
    # Called and granted: the ranking calls the next applicant now.
    if applicant is not None:
        applicant.decision = {
            **applicant.decision,
            "grant": {"granted": True, "permit": permit.number},
        }
        applicant.save(update_fields=["decision"])


@dataclass(frozen=True)
class TenderCall:
    """The law's ``tender_grant`` on a grant in a tender's name (None where the law bound does not
    answer it), and the applicant granted (None where the tender has no applicants on record)."""

    decision: Decision | None
    applicant: TenderApplicant | None

    @property
    def awarded(self) -> bool:
        """Whether the holder is a ranked eligible applicant of the tender (taxi art. 3)."""
        return self.decision is not None and bool(self.decision.outcome["awarded"])


#: The field of a grant each refusal of the law's ``tender_grant`` names, by its rule (the
#: others: the tender, ``licitação``).
TENDER_GRANT_FIELDS = {"art_3_art_6_tender_category_offered": "categoria"}


def tender_called(
    law: BoundLaw,
    tender: Tender,
    holder: Person | None,
    category: str = "",
    field: str = "licitação",
    *,
    on: dt.date,
) -> TenderCall:
    """The law's word on a grant to ``holder`` in ``tender``'s name on ``on`` (``tender_grant``:
    mototaxi art. 6 caput and §5, taxi art. 3 and art. 6 — the tender's result binds the grants:
    within its places, to the applicant its ranking calls now; taxi: a taxi tender, homologated
    by that day, in the category it offered), on the facts of the records. A refusal names ``field`` — ``categoria``
    for a category the tender did not offer — and, out of order, the one the ranking calls with
    their place. Call it under the quota lock, which serialises the grants of the service."""
    if not law.answers("tender_grant"):
        # A municipality's own law that says nothing of how a tender binds its grants: the
        # records hold no rule of their own to apply in its place (the seam: only the law decides).
        return TenderCall(None, None)
    called = tender_uncalled(tender)
    d = law.ask("tender_grant", tender_grant_facts(tender, holder, called, category, on))
    if d.refusals:
        raise FieldRefused(TENDER_GRANT_FIELDS, d, field)
    mine = holder is not None and called is not None and called.person_id == holder.pk
    return TenderCall(d, called if mine else None)


def granted_to(
    law: BoundLaw,
    tender: Tender | None,
    holder: Person,
    decisions: list[Decision],
    category: str = "",
    *,
    on: dt.date,
) -> TenderApplicant | None:
    """The applicant a grant on ``on`` in ``tender``'s name is made to (:func:`tender_called`,
    whose answer joins the grant's ``decisions``); None without a tender or without applicants on
    record."""
    if tender is None:
        return None
    called = tender_called(law, tender, holder, category, on=on)
    if called.decision is not None:
        decisions.append(called.decision)
    return called.applicant


def grant_refusal_logged(
    actor: Actor, municipality: Municipality, tender: Tender | None, new: dict[str, Any]
) -> AbstractContextManager[None]:
    """A grant the law's ``tender_grant`` refuses is kept in the acts log (``permit.grant``,
    refused, on the tender) after its transaction is undone: wrap the transaction."""
    return refusal_logged(
        actor=actor, municipality=municipality, action="permit.grant", obj=tender, new=new
    )


# Taxi: grant, Termo and contrapartida (Lei do táxi de Ipatinga, 2017) --------------------------


def _check_grant_input(law: str, category: str, option: str, mode: str, instalments: int) -> None:
    if category not in TaxiCategory.values:
        raise FieldError(
            "categoria", "use convencional, especial ou executivo", cited_once(law, "category")
        )
    if option not in PermitTerm.Option.values:
        raise FieldError("prazo", "escolha o prazo I ou II", cited_once(law, "term"))
    if mode not in PermitTerm.Mode.values:
        raise FieldError("contrapartida", "escolha pagamento ou servicos", cited_once(law, "term"))
    if instalments < 1:
        raise FieldError("parcelas", "ao menos 1 parcela", cited_once(law, "term"))


def _plan_facts(option: str, mode: str, instalments: int, signed_on: dt.date) -> dict[str, Any]:
    """The facts of the law's ``contrapartida`` (taxi art. 10): the term, the counterpart and, in
    money (alínea a), how many instalments."""
    facts: dict[str, Any] = {"option": option, "mode": mode, "signed_on": signed_on.isoformat()}
    if mode == PermitTerm.Mode.PAGAMENTO:
        facts["instalments"] = instalments
    return facts


def taxi_instalments_refusal(
    municipality: Municipality, option: str, mode: str, instalments: int, on: dt.date
) -> FieldRefused | None:
    """Taxi art. 10, I and II, alínea a (D-12): the instalment count is the clerk's input, judged
    before anything is written by the law bound to taxi on ``on`` (its ``contrapartida``, whose
    maximum is the chosen term's dated parameter): beyond it, the law's reason under the field
    ``parcelas`` — bad input, never a refusal of the holder, so a tender's winner is not recorded
    as refused nor the next applicant called. None within the law, for a counterpart in services
    (alínea b: no instalments), or where the term, the count or the law is not there to judge (the
    grant refuses those)."""
    if mode != PermitTerm.Mode.PAGAMENTO or option not in PermitTerm.Option.values:
        return None  # no instalments (alínea b), or a term the grant refuses by itself
    if instalments < 1:
        return None  # "ao menos 1 parcela": ``taxi_grant_input_checked``'s
    try:
        law = law_for(municipality, Service.TAXI, on)
    except LawNotBound:
        return None
    with tenant(municipality):
        plan = law.ask("contrapartida", _plan_facts(option, mode, instalments, on))
    return FieldRefused("parcelas", plan) if plan.refusals else None


def taxi_grant_input_checked(
    municipality: Municipality,
    category: str,
    option: str,
    mode: str,
    instalments: int,
    on: dt.date,
) -> None:
    """The clerk's input to a taxi grant on ``on``, judged before anything is written: the
    category, the term and the counterpart chosen, at least one instalment (art. 10) and no more
    than the chosen term's maximum (art. 10, I and II, alínea a; D-12). Bad input raises the
    ``FieldError`` of its field — never a refusal of the holder, so a tender's run is refused
    whole, before anyone is granted or recorded as refused."""
    _check_grant_input(taxi_law(municipality, on), category, option, mode, instalments)
    if refused := taxi_instalments_refusal(municipality, option, mode, instalments, on):
        raise refused


def taxi_grant_decisions(
    *,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    category: str,
    signed_on: dt.date,
    option: str,
    mode: str = PermitTerm.Mode.PAGAMENTO,
    instalments: int = 1,
    tender: Tender | None = None,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> list[Decision]:
    """Every decision a taxi grant relies on, read-only, the contrapartida last: the quota (art. 3
    §1–2), the holder (art. 3–12, 22–23), the vehicle (art. 24, 27–29) and the plan (art. 10).
    The clerk's screen shows them before the grant; the grant asks them again under its lock."""
    law = taxi_law(municipality, signed_on)
    _check_grant_input(law, category, option, mode, instalments)
    checks = checks or {}
    one_vehicle_one_permit(vehicle, service=Service.TAXI, on=signed_on)
    bound = bound_law(municipality, Service.TAXI, signed_on)
    awarded = (
        tender is not None and tender_called(bound, tender, holder, category, on=signed_on).awarded
    )
    quota = bound.ask(
        "quota",
        {"grant_date": signed_on.isoformat(), "active_permits": active_permits(Service.TAXI)},
    )
    person = taxi_eligibility(
        person=holder,
        category=category,
        on=signed_on,
        awarded_in_tender=awarded,
        vehicle=vehicle,
        checks=checks,
        declarations=declarations,
        public_employment=public_employment,
    )
    veh = [
        bound.ask(
            "vehicle_eligibility",
            vehicle_facts(
                vehicle, category=category, on=signed_on, occasion="cadastramento", checks=checks
            ),
        ),
        bound.ask(
            "registration_documents",
            vehicle_documents_facts(vehicle, holder, presented_on=signed_on, checks=checks),
        ),
    ]
    plan = bound.ask("contrapartida", _plan_facts(option, mode, instalments, signed_on))
    return [quota, *person, *veh, plan]


def taxi_permit_grant(
    *,
    actor: Actor,
    municipality: Municipality,
    holder: Person,
    vehicle: Vehicle,
    category: str,
    signed_on: dt.date,
    option: str,
    mode: str = PermitTerm.Mode.PAGAMENTO,
    instalments: int = 1,
    tender: Tender | None = None,
    decree: str = "",
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> Permit:
    """Grant a taxi permission and sign its Termo de Permissão.

    Within the quota (art. 3 §1–2, D-7: the ``quota:taxi`` counter row is locked first, so
    concurrent grants never exceed it), to an eligible natural or legal person (art. 3–12, D-13)
    with complete documents (art. 22–24) and an eligible vehicle (art. 27–29), numbered in the
    Cadastro Municipal de Taxistas (art. 4 I, 20: sequential, gapless). The term and the
    contrapartida are the holder's choice (art. 10); the instalment plan becomes debts (D-12)."""
    in_force_today(municipality, Service.TAXI)  # a grant of today, under a law in force
    law = taxi_law(municipality, signed_on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    taxi_grant_input_checked(municipality, category, option, mode, instalments, signed_on)
    new = {"holder": holder.pk, "service": Service.TAXI.value, "category": category}
    with (
        grant_refusal_logged(actor, municipality, tender, new),
        transaction.atomic(),
        tenant(municipality),
    ):
        # Lock first: every taxi grant waits here, then counts (D-7).
        lock_quota(Service.TAXI)
        # The vehicle row before the Cadastro counter, as every service that inscribes one.
        Vehicle.objects.select_for_update(no_key=True).get(pk=vehicle.pk)
        decisions = taxi_grant_decisions(
            municipality=municipality,
            holder=holder,
            vehicle=vehicle,
            category=category,
            signed_on=signed_on,
            option=option,
            mode=mode,
            instalments=instalments,
            tender=tender,
            checks=checks,
            declarations=declarations,
            public_employment=public_employment,
        )
        plan = decisions[-1]
        refuse_if(
            "registry.taxi_permit_grant", decisions, signed_on, municipality, "outorga recusada"
        )
        bound = bound_law(municipality, Service.TAXI, signed_on)
        applicant = granted_to(bound, tender, holder, decisions, category, on=signed_on)
        termo = bound.ask("permit_term", {"signed_on": signed_on.isoformat(), "option": option})
        number = next_number(TAXI_CADASTRO)
        vehicle = taxi_vehicle_inscribe(
            actor=actor, municipality=municipality, vehicle=vehicle, on=signed_on
        )
        outcome = plan.outcome
        permit = Permit.objects.create(
            service=Service.TAXI,
            taxi_category=category,
            holder=holder,
            number=f"TX-{number:04d}",
            registration_number=number,
            tender=tender,
            decree=decree,
            granted_on=signed_on,
            term_start=signed_on,
            term_end=dt.date.fromisoformat(str(outcome["term_ends_on"])),
            certificate_valid_until=dt.date.fromisoformat(str(termo.outcome["valid_until"])),
            vehicle=vehicle,
            decision={"decisions": [d.to_json() for d in decisions]},
        )
        term = PermitTerm.objects.create(
            permit=permit,
            option=option,
            mode=mode,
            instalments=instalments if mode == PermitTerm.Mode.PAGAMENTO else None,
            total_cents=int(outcome["total_cents"]),
            signed_on=signed_on,
            term_years=int(outcome["term_years"]),
            term_ends_on=permit.term_end,
            valid_until=permit.certificate_valid_until,
            decision={"contrapartida": plan.to_json(), "termo": termo.to_json()},
        )
        _grant_record(
            actor=actor,
            municipality=municipality,
            permit=permit,
            new={
                "number": permit.number,
                "registration_number": number,
                "holder": holder.pk,
                "vehicle": vehicle.plate,
                "vehicle_cadastro_number": vehicle.cadastro_number,
                "service": Service.TAXI.value,
                "category": category,
                "term_end": permit.term_end,
                "option": option,
                "mode": mode,
                "instalments": term.instalments,
                "total_cents": term.total_cents,
            },
            decisions=decisions,
            reason="outorga e assinatura do Termo de Permissão",
            applicant=applicant,
        )
        if outcome["instalments"]:
            ledger().contrapartida_debts_create(
                actor=actor,
                municipality=municipality,
                person=holder,
                permit=permit,
                plan=outcome["instalments"],
                description=f"Contrapartida da permissão {permit.number}",
                basis=basis_of(plan),
            )
    return permit


# Transfer on death or incapacity ------------------------------------------------------------------


def taxi_permit_transfer(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    successor: Person,
    event: str,
    on: dt.date,
    proof: str,
    declarations: Iterable[str] = (),
    checks: Mapping[str, Any] | None = None,
) -> Permit:
    """Transfer only on the natural-person holder's death or incapacity (art. 13 §único); the
    successor meets every requirement of the law (eligibility, documents)."""
    law = taxi_law(municipality, on)
    authorize(actor=actor, municipality=municipality, action="permit.grant", law=law)
    if not proof.strip():
        raise FieldError(
            "comprovação",
            "informe a certidão de óbito ou o laudo de incapacidade",
            cited_once(law, "transfer"),
        )
    with transaction.atomic(), tenant(municipality):
        permit = locked_taxi_permit(permit)
        if permit.status not in ACTIVE_STATUSES:
            raise InvalidTransition(f"a permissão está {permit.get_status_display()}")
        if successor.pk == permit.holder_id:
            raise FieldError("sucessor", "o sucessor é o próprio permissionário")
        holder = permit.holder
        transfer = bound_law(municipality, Service.TAXI, on).ask(
            "permit_transfer",
            {
                "holder_kind": "pessoa_fisica"
                if holder.kind == Person.Kind.NATURAL
                else "pessoa_juridica",
                "event": event,
            },
        )
        decisions = [transfer]
        if not transfer.refusals:
            # The successor takes the tender's award with the permit; every other requirement is
            # checked as for a new holder.
            decisions += taxi_eligibility(
                person=successor,
                category=permit.taxi_category,
                on=on,
                awarded_in_tender=True,
                vehicle=permit.vehicle,
                checks=checks,
                declarations=declarations,
            )
        refuse_if(
            "registry.taxi_permit_transfer", decisions, on, municipality, "transferência recusada"
        )
        # registry.locking: the auxiliaries' people, then their rows, before the first act.
        auxiliaries = linked_auxiliaries_locked(permit)
        permit.holder = successor
        permit.save(update_fields=["holder"])
        act = record_act(
            municipality=municipality,
            actor=actor,
            action="permit.transfer",
            obj=permit,
            old={"holder": holder.pk},
            new={"holder": successor.pk},
            basis=basis_of(None, decision_citations(decisions)),
            extra={"event": event, "proof": proof, "decisions": [d.to_json() for d in decisions]},
        )
        # Dated, so that a record of an earlier day still names the holder of that day.
        PermitHolderChange.objects.create(
            permit=permit, from_holder=holder, to_holder=successor, effective_on=on, act=act
        )
        _auxiliaries_unlink(actor, municipality, permit, auxiliaries, on, law)
        # The predecessor's waiting requests (renewal, auxiliaries) are theirs, not the
        # successor's: none can be granted on a permit that is now another's.
        from .holder_requests import holder_requests_lapse

        holder_requests_lapse(
            actor=actor,
            municipality=municipality,
            permit=permit,
            status_label=f"transferida ao sucessor{cited_aside(permit, 'transfer')}",
        )
    return permit


def _auxiliaries_unlink(
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    auxiliaries: list[Auxiliary],
    on: dt.date,
    law: str,
) -> None:
    """The taxista auxiliar is "vinculado ao permissionário" (art. 4 XIV), registered for the
    permissionário's vehicle (art. 20, parágrafo único): the predecessor's links end with the
    transfer (art. 13, parágrafo único), each with its act, on the transfer day. The successor
    registers the auxiliaries he wants again (art. 20: up to two, with the documents of art. 22);
    the person's own standing in the Cadastro (a cassação, a suspension) is untouched."""
    auxiliaries_unlink(
        actor=actor,
        municipality=municipality,
        auxiliaries=auxiliaries,
        on=on,
        basis=basis_of(None, citations(law, "transfer_ends_auxiliaries")),
        reason=f"transferência da permissão {permit.number} ao sucessor"
        f"{cited_aside(permit, 'transfer')}",
    )
