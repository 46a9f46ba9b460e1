"""Tenders (licitação): places offered within the free quota, applicants, eligibility with reasons,
the commission's ranking, homologation and grants in ranking order.

Mototaxi and motofrete permits are granted by decree after a tender (mototaxi art. 6, 10); taxi
permits through a tender to natural or legal persons (taxi art. 3). The grants themselves are the
registry's ``permit_grant`` and ``taxi_permit_grant``: this module only decides who comes next.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Sum

from outorga.core.acts import Actor, basis_of, record_act, refusal_logged
from outorga.core.authz import authorize
from outorga.core.errors import FieldRefused, Refused
from outorga.core.lawseam import law_of
from outorga.core.localtime import in_the_future
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.bindings import LawNotBound
from outorga.law.decisions import Decision

from ..facts import (
    person_facts,
    vehicle_documents_facts,
)
from ..models import (
    Permit,
    Person,
    Service,
    TaxiCategory,
    Tender,
    TenderApplicant,
)
from ..tender_facts import (
    active_permits,
    quota_facts,
    quota_limit,
    taxista_periods,
)
from ..validation import FieldError
from .common import (
    InvalidTransition,
    bound_law,
    in_force_today,
    lock_quota,
    own_or_desk,
    require_law,
    service_law,
)
from .eligibility import moto_person_facts, own_automobile, register_bar, taxi_person_documents

#: Tenders whose places are still promised (not yet granted nor closed).
LIVE = (Tender.Status.OPEN, Tender.Status.RANKED, Tender.Status.HOMOLOGATED)


def tender_law(tender: Tender) -> str:
    """The law a tender is run under: the one bound to its service on the day it opened (the
    fact it is judged by, D-15; read so even once that binding ended: ADR 0062 — a grant from it
    is a new act, which the law of its own date judges)."""
    return law_of(tender.municipality, tender.service, tender.opened_on, nearest=True, ended=True)


def tender_act_law(tender: Tender) -> str:
    """:func:`tender_law`, for an act on the tender: where no law of the municipality governs its
    service any more (the binding removed), or none yet (bound from a later day: D-15), the
    act is refused naming the service."""
    in_force_today(tender.municipality, tender.service)
    try:
        return tender_law(tender)
    except LawNotBound as exc:
        raise FieldError("serviço", str(exc)) from None


def authorize_manage(actor: Actor, municipality: Municipality, tender: Tender) -> None:
    """The competence to run the tender (``tender.manage``) under the law it is run under."""
    authorize(
        actor=actor, municipality=municipality, action="tender.manage", law=tender_act_law(tender)
    )


def tender_cites(tender: Tender, *concepts: str) -> str:
    """The articles the law the tender is run under names for ``concepts`` (its ``CITES``); none
    once no law governs its service (the tender read as an old record)."""
    try:
        return interfaces.cited_once(tender_law(tender), *concepts)
    except LawNotBound:
        return ""


def quota_decision(m: Municipality, service: str, on: dt.date) -> Decision | None:
    """The quota on ``on`` (mototaxi art. 10 I; taxi art. 3 §1–2; D-7); None where unlimited
    (motofrete, mototaxi art. 10 II) — the law core says which."""
    d = bound_law(m, service, on).ask("quota", quota_facts(service, on, active_permits(service)))
    return None if quota_limit(d) is None else d


def promised_places(service: str, exclude: Tender | None = None) -> int:
    """Places offered by live tenders of the service and not yet granted."""
    qs = Tender.objects.filter(service=service, status__in=LIVE)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    offered = qs.aggregate(n=Sum("places"))["n"] or 0
    granted = Permit.objects.filter(tender__in=qs).count()
    return max(0, offered - granted)


def tender_places(m: Municipality, service: str, opened_on: dt.date, places: int) -> Decision:
    """The law's word on the ``places`` a tender opened on ``opened_on`` offers (``tender_places``:
    mototaxi art. 6 with art. 10; taxi art. 3 with §1–2; D-7), with the facts of the records: the
    active permits and the places promised by the other tenders in progress. Call under the
    quota's lock (``lock_quota``)."""
    facts = quota_facts(service, opened_on, active_permits(service))
    facts |= {"places": places, "promised_places": promised_places(service)}
    return bound_law(m, service, opened_on).ask("tender_places", facts)


def tender_create(
    *,
    actor: Actor,
    municipality: Municipality,
    service: str,
    number: str,
    places: int,
    opened_on: dt.date,
    taxi_category: str = "",
) -> Tender:
    """Open a tender offering ``places`` ≤ the free quota on the opening date: the quota minus the
    active permits minus places already promised by other live tenders — the law core's answer
    (:func:`tender_places`), kept with the act.

    A taxi tender offers places of one category (taxi art. 5–6), which its grants take. The law
    sets one quota for every category together (art. 3 §1: one vehicle per 1 200 inhabitants),
    so the places of all categories count against it."""
    if service not in Service.values:
        raise FieldError("serviço", "use mototaxi, motofrete ou taxi")
    law = service_law(municipality, service, opened_on)
    require_law(municipality, law)
    authorize(actor=actor, municipality=municipality, action="tender.manage", law=law)
    if not number.strip():
        raise FieldError("número", "informe o número da licitação")
    if service == Service.TAXI and taxi_category not in TaxiCategory.values:
        raise FieldError(
            "categoria",
            "informe a categoria das vagas: convencional, especial ou executivo",
            interfaces.cited_once(law, "category", "one_permission"),
        )
    if service != Service.TAXI and taxi_category:
        raise FieldError("categoria", "categoria só se aplica a licitação de táxi")
    if places < 1:
        raise FieldError("vagas", "ofereça ao menos 1 vaga")
    with transaction.atomic(), tenant(municipality):
        # The same lock as the grants: counting and promising places never interleave.
        lock_quota(service)
        if Tender.objects.filter(number=number.strip()).exists():
            raise FieldError("número", "já existe licitação com este número")
        decision = tender_places(municipality, service, opened_on, places)
        if not decision.outcome["allowed"]:
            # A quota the law cannot count yet (an IBGE figure missing) refuses nothing by
            # itself: say why the places cannot be offered.
            pending = "; ".join(r.message for r in decision.reasons)
            raise Refused(decision, "" if decision.refusals else f"Recusado: {pending}")
        tender = Tender.objects.create(
            service=service,
            taxi_category=taxi_category,
            number=number.strip(),
            places=places,
            opened_on=opened_on,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="tender.create",
            obj=tender,
            new={
                "service": service,
                "taxi_category": taxi_category,
                "number": tender.number,
                "places": places,
                "opened_on": opened_on,
            },
            basis=basis_of(decision),
        )
    return tender


def _admissible(tender: Tender, person: Person) -> Decision | None:
    """The law's word on whether ``person`` may apply to the tender (``tender_applicant``:
    mototaxi art. 6 §1, a natural person only; taxi art. 3, a natural or a legal person), asked
    of the law the tender is run under (None where that law does not answer it); a refusal names
    the applicant and the article."""
    kind = "fisica" if person.kind == Person.Kind.NATURAL else "juridica"
    law = bound_law(tender.municipality, tender.service, tender.opened_on)
    if not law.answers("tender_applicant"):
        return None
    d = law.ask("tender_applicant", {"service": tender.service, "person_kind": kind})
    if d.refusals:
        raise FieldRefused("candidato", d)
    return d


def _locked_in(tender: Tender, status: str, refusal: str) -> Tender:
    """The tender locked for this step, which it may take only in ``status``."""
    tender = Tender.objects.select_for_update().get(pk=tender.pk)
    if tender.status != status:
        raise InvalidTransition(refusal)
    return tender


def tender_apply(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    person: Person,
    taxi_category: str = "",
) -> TenderApplicant:
    """Register an applicant while the tender is open. A taxi applicant competes for the tender's
    category (art. 3, 6); ``taxi_category``, if given, must be that one, and is needed only for a
    taxi tender recorded without a category. The interested person enrols themself from the
    portal (their own application, ``application.submit``); the desk records anyone's."""
    authorize(
        actor=actor,
        municipality=municipality,
        action=own_or_desk(actor, person),
        law=tender_act_law(tender),
    )
    if tender.service != Service.TAXI and taxi_category:
        raise FieldError("categoria", "categoria só se aplica a licitação de táxi")
    with (
        refusal_logged(
            actor=actor,
            municipality=municipality,
            action="tender.apply",
            obj=tender,
            new={"tender": tender.number, "person": person.pk},
        ),
        transaction.atomic(),
        tenant(municipality),
    ):
        tender = _locked_in(tender, Tender.Status.OPEN, "a licitação não está aberta a inscrições")
        admitted = _admissible(tender, person)
        if TenderApplicant.objects.filter(tender=tender, person=person).exists():
            raise FieldError("candidato", "já inscrito nesta licitação")
        # The applicant competes for the tender's category, the one a grant will take.
        applicant = TenderApplicant(tender=tender, person=person)
        if tender.service == Service.TAXI:
            applicant.taxi_category = applicant_category(applicant, taxi_category)
        applicant.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="tender.apply",
            obj=applicant,
            new={
                "tender": tender.number,
                "person": person.pk,
                "taxi_category": applicant.taxi_category,
            },
            basis=basis_of(admitted),
        )
    return applicant


def applicant_category(applicant: TenderApplicant, given: str = "") -> str:
    """The taxi category an applicant competes for: the applicant's, else the tender's; one given
    by the caller must be that one (art. 3: bound to the call; art. 6: one category). Only a
    tender recorded without a category takes the one given."""
    tender = applicant.tender
    own = applicant.taxi_category or tender.taxi_category
    if own and given and given != own:
        raise FieldError(
            "categoria",
            f"a licitação {tender.number} é de táxi {own}, não {given}",
            tender_cites(tender, "tender", "one_permission"),
        )
    category = own or given
    if category not in TaxiCategory.values:
        raise FieldError(
            "categoria",
            "use convencional, especial ou executivo",
            tender_cites(tender, "category"),
        )
    return category


def applicant_eligibility(
    applicant: TenderApplicant, on: dt.date, taxi_category: str = ""
) -> Decision:
    """The law's answer for one applicant: mototaxi art. 5–8 (with the medical certificate against
    the homologation, art. 5 §2); taxi art. 3–12 in the tender's category (documents of
    art. 22–24 come at the grant)."""
    tender = applicant.tender
    return bound_law(tender.municipality, tender.service, on).ask(
        "person_eligibility", applicant_facts(applicant, on, taxi_category)
    )


def applicant_facts(applicant: TenderApplicant, on: dt.date, taxi_category: str = "") -> Any:
    """The facts of the bound law's ``person_eligibility`` for one applicant, from the records:
    mototaxi and motofrete with the tender's homologation (art. 5 §2); the taxi in the tender's
    category, awarded in it (art. 3)."""
    tender = applicant.tender
    if tender.service == Service.TAXI:
        category = applicant_category(applicant, taxi_category)
        return person_facts(applicant.person, category=category, on=on, awarded_in_tender=True)
    return moto_person_facts(applicant.person, tender.service, tender=tender)


def applicant_without_category(applicant: TenderApplicant) -> FieldError | None:
    """Why the law cannot yet judge a taxi ``applicant``: enrolled without a category in a tender
    recorded without one (older data), they compete in the category the desk gives at the
    habilitação (``tender_evaluate``; art. 3, 5–6) — never guessed. None otherwise."""
    tender = applicant.tender
    if tender.service != Service.TAXI or applicant.taxi_category or tender.taxi_category:
        return None
    return FieldError(
        "categoria",
        f"a licitação {tender.number} foi registrada sem categoria e a inscrição não tem uma: "
        "o atendimento informa, na habilitação, a categoria em que a lei julga a candidatura",
        tender_cites(tender, "category"),
    )


def applicant_requirements(applicant: TenderApplicant, on: dt.date) -> list[Decision]:
    """Everything the law asks of an applicant on ``on``, as the applicant reads it on the portal:
    the tender's eligibility (``applicant_eligibility``) and, for a taxi tender, no bar on the
    person's inscription in the Cadastro (art. 41 IV §3, art. 42 IV) and the documents of the
    cadastramento of the person (art. 22–23) and of the automobile they own (art. 24), from the
    records accepted — nothing the desk checks at the counter (declarations signed there, the
    vistoria's approval, who calibrated the taxímetro) taken for granted."""
    eligibility = applicant_eligibility(applicant, on)
    tender = applicant.tender
    if tender.service != Service.TAXI:
        return [eligibility]
    person = applicant.person
    law = bound_law(tender.municipality, Service.TAXI, on)
    vehicle = own_automobile(person)
    bar = register_bar(person, on)
    out = [*([bar] if bar is not None else []), eligibility]
    out.append(taxi_person_documents(law, person, on, vehicle=vehicle))
    if vehicle is not None:
        out.append(
            law.ask(
                "registration_documents",
                vehicle_documents_facts(vehicle, person, presented_on=on, checks={}),
            )
        )
    return out


def applicant_preview(
    tender: Tender, person: Person, on: dt.date, taxi_category: str = ""
) -> Decision:
    """What the evaluation would answer for ``person`` in this tender on ``on``, every reason
    with its article, without enrolling them (the clerk sees it before the enrolment)."""
    _admissible(tender, person)
    candidate = TenderApplicant(tender=tender, person=person)
    if tender.service == Service.TAXI:
        candidate.taxi_category = applicant_category(candidate, taxi_category)
    return applicant_eligibility(candidate, on)


def _habilitation_day(municipality: Municipality, tender: Tender, on: dt.date) -> None:
    """The requirements are measured on ``on``: a day in the tender (from its opening, where the
    places were counted) and not one to come (a mistyped year would judge documents and bars not
    yet known)."""
    if on < tender.opened_on:
        raise FieldError(
            "habilitação",
            f"a data da habilitação ({on:%d/%m/%Y}) é anterior à abertura da licitação "
            f"({tender.opened_on:%d/%m/%Y})",
            tender_cite(tender),
        )
    future = in_the_future(municipality, on, "a data da habilitação")
    if future:
        raise FieldError("habilitação", future)


def tender_evaluate(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    on: dt.date,
    taxi_category: str = "",
) -> list[TenderApplicant]:
    """Every applicant's eligibility with each reason and its article, stored on the applicant.
    A taxi applicant is judged in their category, which is the tender's (art. 3, 6). In a tender
    recorded without one (older data), ``taxi_category`` is the category of the applicants
    enrolled without one: they are judged in it and it is recorded on them, so that the ranking
    and the grant take the category they were judged in; an applicant who chose one at enrolment
    keeps it. Without it such an applicant is refused (art. 5), never guessed."""
    authorize_manage(actor, municipality, tender)
    if taxi_category and tender.service != Service.TAXI:
        raise FieldError("categoria", "categoria só se aplica a licitação de táxi")
    if taxi_category:
        applicant_category(TenderApplicant(tender=tender), taxi_category)
    with transaction.atomic(), tenant(municipality):
        tender = _locked_in(
            tender, Tender.Status.OPEN, "a habilitação é feita com a licitação aberta"
        )
        _habilitation_day(municipality, tender, on)
        taxi = tender.service == Service.TAXI
        out = []
        for applicant in TenderApplicant.objects.filter(tender=tender).select_related("person"):
            if taxi and not applicant.taxi_category:
                applicant.taxi_category = applicant_category(applicant, taxi_category)
            d = applicant_eligibility(applicant, on)
            applicant.eligible = not d.refusals
            applicant.decision = {"eligibility": d.to_json()}
            applicant.save(update_fields=["eligible", "decision", "taxi_category"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="tender.evaluate",
                obj=applicant,
                new={"eligible": applicant.eligible}
                | ({"taxi_category": applicant.taxi_category} if taxi else {}),
                basis=basis_of(d),
            )
            out.append(applicant)
    return out


def tender_lacks_category(tender: Tender) -> bool:
    """A taxi tender recorded without a category (older data) with an applicant enrolled without
    one: its evaluation must be told the category (art. 5, 6)."""
    return (
        tender.service == Service.TAXI
        and not tender.taxi_category
        and TenderApplicant.objects.filter(tender=tender, taxi_category="").exists()
    )


def classification_decision(
    tender: Tender, order: list[TenderApplicant], scores: Mapping[int, Decimal]
) -> Decision | None:
    """The law's classification where it has a criterion of its own (taxi art. 48: points for
    the current taxistas, read from the registry's records), asked on the day the tender opened
    with the commission's ``scores`` on the edital's other criteria (0 where none is given) and
    its ``order`` as the tie-break; None for a law without one."""
    law = tender_law(tender)
    if not interfaces.answers(law, "tender_classification"):
        return None
    facts = {
        "opened_on": tender.opened_on.isoformat(),
        "applicants": [
            {
                "id": str(a.pk),
                "name": a.person.name,
                "score": float(scores.get(a.pk, Decimal(0))),
                "taxista_periods": taxista_periods(a.person),
            }
            for a in order
        ],
    }
    return bound_law(tender.municipality, tender.service, tender.opened_on).ask(
        "tender_classification", facts
    )


def _scores(raw: Mapping[Any, Any] | None, ranking: list[int]) -> dict[int, Decimal]:
    out: dict[int, Decimal] = {}
    for key, value in (raw or {}).items():
        try:
            pk, score = int(key), Decimal(str(value))
        except (ValueError, ArithmeticError):
            raise FieldError("nota", f"nota inválida: {value}") from None
        if pk not in ranking:
            raise FieldError("nota", f"nota de quem não está na classificação: {pk}")
        if not score.is_finite() or score < 0:
            raise FieldError("nota", "a nota dos demais critérios do edital não pode ser negativa")
        out[pk] = score
    return out


def tender_rank(
    *,
    actor: Actor,
    municipality: Municipality,
    tender: Tender,
    ranking: list[int],
    scores: Mapping[Any, Any] | None = None,
) -> Tender:
    """The commission's ranking: every eligible applicant, in order; no ineligible one. Where the
    law has a classification criterion of its own (taxi art. 48), the commission gives each
    applicant's ``scores`` on the edital's other criteria and the law orders them, the
    commission's order breaking ties; each applicant keeps its score, points and total."""
    authorize_manage(actor, municipality, tender)
    with transaction.atomic(), tenant(municipality):
        tender = _locked_in(
            tender, Tender.Status.OPEN, "a classificação é feita com a licitação aberta"
        )
        applicants = {
            a.pk: a for a in TenderApplicant.objects.filter(tender=tender).select_related("person")
        }
        if any(a.eligible is None for a in applicants.values()):
            raise FieldError("classificação", "avalie a habilitação de todos os candidatos antes")
        eligible = {pk for pk, a in applicants.items() if a.eligible}
        if len(set(ranking)) != len(ranking):
            raise FieldError("classificação", "candidato repetido na classificação")
        unknown = set(ranking) - set(applicants)
        if unknown:
            raise FieldError(
                "classificação", f"candidatos que não são desta licitação: {sorted(unknown)}"
            )
        if set(ranking) - eligible:
            raise FieldError("classificação", "candidato inabilitado não pode ser classificado")
        if eligible - set(ranking):
            raise FieldError("classificação", "classifique todos os candidatos habilitados")
        given = _scores(scores, ranking)
        d = (
            classification_decision(tender, [applicants[pk] for pk in ranking], given)
            if ranking
            else None
        )
        if d is not None:
            if d.outcome is None:
                raise Refused(d)
            ranking = [int(pk) for pk in d.outcome["ranking"]]
        for position, pk in enumerate(ranking, start=1):
            a = applicants[pk]
            a.rank = position
            fields = ["rank"]
            if d is not None:
                a.decision = {**a.decision, "classification": d.outcome["applicants"][str(pk)]}
                fields.append("decision")
            a.save(update_fields=fields)
        tender.status = Tender.Status.RANKED
        tender.save(update_fields=["status"])
        new: dict[str, Any] = {"ranking": [applicants[pk].person_id for pk in ranking]}
        if d is not None:
            new["scores"] = {str(applicants[pk].person_id): str(given.get(pk, 0)) for pk in ranking}
        record_act(
            municipality=municipality,
            actor=actor,
            action="tender.rank",
            obj=tender,
            new=new,
            basis=basis_of(d) if d is not None else None,
        )
    return tender


def tender_homologate(
    *, actor: Actor, municipality: Municipality, tender: Tender, on: dt.date
) -> Tender:
    """Homologation: the date the mototaxi medical certificate is measured against (art. 5 §2)."""
    authorize_manage(actor, municipality, tender)
    with transaction.atomic(), tenant(municipality):
        tender = _locked_in(tender, Tender.Status.RANKED, "só se homologa licitação classificada")
        if on < tender.opened_on:
            raise FieldError("homologação", "data anterior à abertura")
        future = in_the_future(municipality, on, "a data da homologação")
        if future:  # the medical certificates and the Termos are measured against it
            raise FieldError("homologação", future)
        tender.status, tender.homologated_on = Tender.Status.HOMOLOGATED, on
        tender.save(update_fields=["status", "homologated_on"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="tender.homologate",
            obj=tender,
            new={"homologated_on": on},
        )
    return tender


def tender_cite(tender: Tender) -> str:
    """The article a tender's grants rest on, as the law the tender is run under names it
    (mototaxi art. 6: permission preceded by the tender; taxi art. 3: through the tender)."""
    return tender_cites(tender, "tender")
