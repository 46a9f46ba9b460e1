"""Eligibility, read-only: what the law bound to the service says of a person and a vehicle
(mototaxi and motofrete; taxi with its documents and the bar on the Cadastro), and one vehicle
for one permission.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from outorga.core.errors import FieldRefused
from outorga.core.lawseam import BoundLaw, law_for
from outorga.law.bindings import LawNotBound
from outorga.law.decisions import Decision
from outorga.law.interfaces import MOTO_SERVICES, interface_of

from ..facts import (
    mototaxi_person,
    mototaxi_vehicle,
    one_vehicle_facts,
    person_documents_facts,
    person_facts,
)
from ..models import (
    Auxiliary,
    Permit,
    Person,
    Service,
    TaxiCategory,
    TenderApplicant,
    Vehicle,
)
from ..ports import sanctions
from .common import bound_law


def person_eligibility(
    person: Person,
    service: str,
    as_of: dt.date,
    role: str = "permissionario",
    tender: Any = None,
    auxiliary: dict[str, Any] | None = None,
    exclude: Permit | None = None,
    safety_gear: bool | None = None,
) -> Decision:
    """``safety_gear``: the vest and helmet of mototaxi art. 5 IV, as the desk verified them
    (None: not verified, which the law answers as pending)."""
    law = bound_law(person.municipality, service, as_of)
    if interface_of(service) is MOTO_SERVICES:
        facts = moto_person_facts(person, service, role, tender, auxiliary, exclude, safety_gear)
        return law.ask("person_eligibility", facts)
    raise NotImplementedError("elegibilidade de táxi: use taxi.person_eligibility")


def moto_person_facts(
    person: Person,
    service: str,
    role: str = "permissionario",
    tender: Any = None,
    auxiliary: dict[str, Any] | None = None,
    exclude: Permit | None = None,
    safety_gear: bool | None = None,
) -> dict[str, Any]:
    """The facts of ``person_eligibility`` for mototaxi and motofrete, from the records, with what
    the desk saw (``safety_gear``, art. 5 IV; None: not verified)."""
    facts = mototaxi_person(
        person,
        service=service,
        role=role,
        tender_homologated_on=getattr(tender, "homologated_on", None),
        exclude=exclude,
    )
    if auxiliary is not None:
        facts["auxiliary"] = auxiliary
    if safety_gear is not None:
        facts["safety_gear"] = safety_gear
    return facts


def vehicle_eligibility(
    vehicle: Vehicle,
    service: str,
    as_of: dt.date,
    equipment: list[str],
    *,
    holder: Person,
    permit: Permit | None = None,
) -> Decision:
    """The vehicle for ``holder``'s permit (``permit`` when it exists: a substitution)."""
    return bound_law(vehicle.municipality, service, as_of).ask(
        "vehicle_eligibility",
        mototaxi_vehicle(
            vehicle, service=service, equipment=equipment, holder=holder, permit=permit, on=as_of
        ),
    )


#: The mototaxi law's rule on the CRLV "atualizado" (art. 5 §1 I), with its DPVAT.
CRLV_RULE = "art_5_par1_i_crlv"


def vehicle_crlv(permit: Permit, as_of: dt.date) -> Decision | None:
    """Mototaxi art. 4 (the vehicles are "cadastrados", the certificate renewed yearly, §1) with
    art. 5 §1 I: the yearly renewal registers the permit's vehicle again on its CRLV "atualizado"
    on ``as_of``. The law's ``vehicle_eligibility`` is asked with the vehicle's record that day and
    only its reason on the CRLV is kept: the equipment and the laudos are judged at the vistoria
    (art. 5 §1 II–III, §6), not at the counter's renewal. None for a permit without a vehicle."""
    vehicle = permit.vehicle
    if vehicle is None:
        return None
    d = vehicle_eligibility(vehicle, permit.service, as_of, [], holder=permit.holder, permit=permit)
    kept = tuple(r for r in d.reasons if r.rule.endswith(CRLV_RULE))
    if not kept:
        return None  # a municipality's own law without the rule
    ok = not any(r in d.refusals for r in kept)
    return Decision(d.question, d.as_of, d.municipality, ok, kept, kept[0].message)


def one_vehicle_one_permit(
    vehicle: Vehicle,
    exclude: Permit | None = None,
    *,
    service: str,
    on: dt.date | None = None,
    change: bool = False,
) -> None:
    """One vehicle serves one permission (taxi art. 6; mototaxi art. 6 §2), as the law bound to
    ``service`` — the service of the permit the vehicle is for — answers ``one_vehicle`` on
    ``on`` (today) with the facts the records hold: ``exclude``, that permit when it exists (a
    change of its vehicle), else none (a grant). ``change``: the vehicle is a new one for
    ``exclude`` (a substitution, a reserve or emergency vehicle), so the law is asked too whether
    a temporary vehicle already stands in for it (not when the own vehicle returns at the end of
    the temporary change). A refusal names the field and the article
    (``core.errors.FieldRefused``)."""
    law = bound_law(vehicle.municipality, service, on)
    if not law.answers("one_vehicle"):
        return  # a municipality's own law silent on it: no rule of the records' own in its place
    d = law.ask("one_vehicle", one_vehicle_facts(vehicle, exclude, change=change))
    if d.refusals:
        raise FieldRefused("veículo", d)


def register_bar(person: Person, on: dt.date) -> Decision | None:
    """The person's inscription in the Cadastro Municipal de Taxistas (art. 20) barred on ``on``:
    :func:`register_bars` for that one person."""
    return register_bars([person], on).get(person.pk)


def register_bars(persons: Iterable[Person], on: dt.date) -> dict[int, Decision]:
    """Each person's inscription in the Cadastro Municipal de Taxistas (art. 20) barred on ``on``,
    by person id (a person whose inscription is not barred is left out): the taxi law's answer
    to ``register_bar`` (art. 41 IV, §3: cassada, as is an auxiliary cassado; art. 42 IV:
    suspended for up to 90 days), asked with the penalties the enforcement records hold. Two
    queries however many persons (a page of the public list reads its holders at once), and the
    law is asked only for a person with a penalty."""
    people = {p.pk: p for p in persons}
    if not people:
        return {}
    penalties = sanctions().cadastro_penalties(people.keys(), on)
    aux_cassado: dict[int, dt.date] = {}
    for person_id, removed_on in (
        Auxiliary.objects.filter(
            person_id__in=list(people),
            permit__service=Service.TAXI,  # the taxi law's cassação, not another law's
            status=Auxiliary.Status.CASSADO,
            removed_on__lte=on,
        )
        .order_by("removed_on")
        .values_list("person_id", "removed_on")
    ):
        aux_cassado.setdefault(person_id, removed_on)
    laws: dict[int, BoundLaw | None] = {}

    def law(person: Person) -> BoundLaw | None:
        # One taxi law a municipality, read once and only when someone has a penalty.
        m = person.municipality
        if m.pk not in laws:
            try:
                laws[m.pk] = law_for(m, Service.TAXI, on, nearest=True)
            except LawNotBound:  # no taxi service here: no Cadastro to bar
                laws[m.pk] = None
        return laws[m.pk]

    out: dict[int, Decision] = {}
    for pk, person in people.items():
        mine = penalties.get(pk, ())
        cassada = next((p.imposed_on for p in mine if p.kind == "cassacao"), None)
        since = min([x for x in (cassada, aux_cassado.get(pk)) if x], default=None)
        suspensions = [
            {"start": p.imposed_on.isoformat(), "days": p.days or 1}
            for p in mine
            if p.kind == "suspension"
        ]
        bound = law(person) if since is not None or suspensions else None
        if bound is None:
            continue
        decision = bound.ask(
            "register_bar",
            {
                "name": person.name,
                "cassado_em": since.isoformat() if since else None,
                "suspensions": suspensions,
            },
        )
        if decision.outcome and decision.outcome.get("barred"):
            out[pk] = decision
    return out


def taxi_eligibility(
    *,
    person: Person,
    category: str,
    on: dt.date,
    awarded_in_tender: bool,
    vehicle: Vehicle | None = None,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
    public_employment: bool = False,
) -> list[Decision]:
    """The holder's eligibility (art. 3–12) and documents (art. 22–23), and no bar on the
    person's inscription in the Cadastro (art. 41 IV §3, art. 42 IV): read-only."""
    m = person.municipality
    bar = register_bar(person, on)
    return [
        *([bar] if bar is not None else []),
        bound_law(m, Service.TAXI, on).ask(
            "person_eligibility",
            person_facts(
                person,
                category=category,
                on=on,
                awarded_in_tender=awarded_in_tender,
                public_employment=public_employment,
            ),
        ),
        taxi_person_documents(
            bound_law(m, Service.TAXI, on),
            person,
            on,
            vehicle=vehicle,
            checks=checks,
            declarations=declarations,
        ),
    ]


def taxi_person_documents(
    law: BoundLaw,
    person: Person,
    on: dt.date,
    *,
    vehicle: Vehicle | None,
    checks: Mapping[str, Any] | None = None,
    declarations: Iterable[str] = (),
) -> Decision:
    """The documents of a person's inscription in the Cadastro Municipal de Taxistas (taxi
    art. 22–23), presented on ``on``, as the taxi ``law`` judges them: the holder's, an
    auxiliary's and an applicant's alike."""
    return law.ask(
        "registration_documents",
        person_documents_facts(
            person,
            presented_on=on,
            vehicle=vehicle,
            checks=checks or {},
            declarations=declarations,
        ),
    )


def own_automobile(person: Person) -> Vehicle | None:
    """The automobile a natural person registered last, whose documents a taxi requirement reads
    where the records must stand for the counter (the person's page, a tender's applicant)."""
    if person.kind != Person.Kind.NATURAL:
        return None
    return person.vehicles.filter(kind=Vehicle.Kind.AUTOMOVEL).order_by("-pk").first()


def taxi_person_requirements(
    person: Person, on: dt.date, category: str = TaxiCategory.CONVENCIONAL
) -> list[Decision]:
    """What a taxi grant (``permits.taxi_grant_decisions``) would ask of this person on ``on``, for
    the person's page: the same questions of the bound law (no bar on the Cadastro; art. 3–12;
    documents, art. 22–23), with the facts the records hold — ranked eligible in a homologated
    taxi tender of that category, the documents of the person's latest automobile — and nothing
    the clerk declares at the counter (declarations, checks) taken for granted."""
    awarded = (
        TenderApplicant.objects.filter(
            person=person,
            eligible=True,
            rank__isnull=False,
            tender__service=Service.TAXI,
            tender__homologated_on__isnull=False,
            tender__homologated_on__lte=on,
        )
        .filter(tender__taxi_category__in=("", category))
        .exists()
    )
    return taxi_eligibility(
        person=person,
        category=category,
        on=on,
        awarded_in_tender=awarded,
        vehicle=own_automobile(person),
    )
