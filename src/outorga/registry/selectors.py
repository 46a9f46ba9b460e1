"""Registry reads: who may see personal data, eligibility previews, permit views."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from outorga.core.identifiers import digits
from outorga.core.lawseam import LawNotBound, law_for, law_of
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.personaldata import NOTE_RESERVED, SEES_DOCUMENT, document_as_seen
from outorga.core.search import name_matches, names_document, plate_key, words
from outorga.law.competence import Role, is_allowed

from .models import (
    Auxiliary,
    Document,
    Permit,
    PermitHolderChange,
    Person,
    Service,
    TenderApplicant,
    Vehicle,
    VehicleChange,
)
from .ports import ledger, sanctions


def shown_document(person: Person, role: str) -> str:
    """Full CPF/CNPJ only to the roles that need it; everyone else sees it masked."""
    return document_as_seen(person.document, role)


def sees_private_data(
    role: str, municipality: Municipality, *, person_id: int | None = None
) -> bool:
    """Whether ``role`` reads a person's private data beyond name and masked CPF — the blood type
    and Rh the badge prints (mototaxi art. 2, VIII), data about health (LGPD, Lei 13.709/2018,
    art. 5º, II; art. 11), and the address, phone and e-mail: only the role that records the
    entry under its law (``registry.record``: it prints the badge, opens a medical certificate's
    file, applies a holder's new address); the others judge, inspect and collect without them
    (art. 6º, III)."""
    law = registry_law(municipality, person_id=person_id)
    return is_allowed(role, "registry.record", law, today_of(municipality))


def note_as_seen(
    text: str, *, role: str, doc_type: str, law: str | None, municipality: Municipality
) -> str:
    """What is written about a document of ``doc_type`` kept under ``law`` — the desk's reason to
    refuse one sent, a correction's reason — as ``role`` reads it: whole for an ordinary document;
    for a health or criminal one (``Document.SENSITIVE``) only to who may open its file, the desk
    that keeps the register (``registry.record``: mototaxi art. 4, taxi art. 20), as
    :func:`sees_private_data` says of a person's health data; ``NOTE_RESERVED`` to everyone else
    (LGPD, Lei 13.709/2018, art. 6º, III; art. 11). Under no law (``law`` None: no law of the
    municipality governs the document's service) no one is named to read it: reserved."""
    if not text or doc_type not in Document.SENSITIVE:
        return text
    if law is not None and is_allowed(role, "registry.record", law, today_of(municipality)):
        return text
    return NOTE_RESERVED


def sensitive_document(model: Any) -> Callable[[str], bool]:
    """Whether the ``model`` (a document, a document sent) of an id is a health or criminal one
    (``Document.SENSITIVE``): what the acts log asks of an act's object (ADR 0070)."""

    def told(pk: str) -> bool:
        if not pk.isdigit():
            return False
        return bool(model.objects.filter(pk=int(pk), doc_type__in=Document.SENSITIVE).exists())

    return told


def waiting(model: Any, since: str, *related: str) -> QuerySet[Any]:
    """What the portal sent the desk and it has not decided yet (``model``: a document sent, a
    holder's request), the oldest first by ``since``, the field of when it was sent — the desk's
    queue and the task on the staff home page read the same rows."""
    return (
        model.objects.filter(status=model.Status.PENDING)
        .select_related(*related)
        .order_by(since, "pk")
    )


def people_search(qs: QuerySet[Person], text: str, role: str) -> QuerySet[Person]:
    """People by name (every word, whatever the accents and case) or, for the roles that see it
    in full, by CPF/CNPJ with or without punctuation. To the others a CPF typed finds no one: it
    would tell them whose it is."""
    if not text.strip():
        return qs
    if names_document(text):
        if Role(role) not in SEES_DOCUMENT:
            return qs.none()
        return qs.filter(document__startswith=digits(text))
    return qs.filter(name_matches("name", text))


def vehicles_search(qs: QuerySet[Vehicle], text: str) -> QuerySet[Vehicle]:
    """Vehicles by plate (with or without its hyphen, or its first characters), make and model, or
    the owner's name."""
    if not text.strip():
        return qs
    cond = name_matches("make_model", text) | name_matches("owner__name", text)
    plate = plate_key(text)
    if plate and len(words(text)) == 1:
        cond |= Q(plate__startswith=plate)
    return qs.filter(cond)


def permits_search(qs: QuerySet[Permit], text: str) -> QuerySet[Permit]:
    """Permits by number, the holder's name or the vehicle's plate."""
    if not text.strip():
        return qs
    cond = Q(number__icontains=text.strip()) | name_matches("holder__name", text)
    plate = plate_key(text)
    if plate and len(words(text)) == 1:
        cond |= Q(vehicle__plate__startswith=plate)
    return qs.filter(cond)


#: The services whose holders, auxiliaries and vehicles this registry keeps.
REGISTRY_SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)
_LIVE = (Permit.Status.ACTIVE, Permit.Status.SUSPENDED, Permit.Status.RESERVE)
#: A car serves a taxi (taxi art. 27: "automóvel de passeio ou similar"); a motorcycle or a
#: motor scooter a mototaxi or motofrete (one law for both).
_SERVICE_OF_KIND = {
    Vehicle.Kind.AUTOMOVEL: Service.TAXI,
    Vehicle.Kind.CAMIONETA: Service.TAXI,
    Vehicle.Kind.MOTOCICLETA: Service.MOTOTAXI,
    Vehicle.Kind.MOTONETA: Service.MOTOTAXI,
}


def holder_periods(permit: Permit) -> list[tuple[int, dt.date, dt.date | None]]:
    """Each holder of ``permit`` in turn, as (person id, first day, first day of the next holder
    or None for the present one): the grant's holder from the grant, each successor from the day
    its transfer takes effect (taxi art. 13, parágrafo único; ``PermitHolderChange``)."""
    changes = list(
        PermitHolderChange.objects.filter(permit=permit).order_by("effective_on", "at", "id")
    )
    periods: list[tuple[int, dt.date, dt.date | None]] = []
    holder, start = (changes[0].from_holder_id if changes else permit.holder_id), permit.granted_on
    for change in changes:
        periods.append((holder, start, change.effective_on))
        holder, start = change.to_holder_id, change.effective_on
    periods.append((permit.holder_id, start, None))
    return periods


def holder_id_on(permit: Permit, day: dt.date) -> int:
    """The id of who held ``permit`` on ``day`` (:func:`holder_periods`): from the day of a
    transfer on, the permit is the successor's; a day before the grant, the first holder's."""
    return next(h for h, _, until in holder_periods(permit) if until is None or day < until)


def holder_on(permit: Permit, day: dt.date) -> Person:
    """Who held ``permit`` on ``day`` (:func:`holder_id_on`)."""
    holder = holder_id_on(permit, day)
    return permit.holder if holder == permit.holder_id else Person.objects.get(pk=holder)


def document_law(doc: Document, municipality: Municipality) -> str:
    """The law a document is kept under, so that reading it is authorised, and a refusal cited,
    under that law (taxi art. 20 keeps the taxi documents; mototaxi art. 4 the mototaxi ones):
    its person's or its vehicle's (:func:`registry_law`)."""
    return registry_law(municipality, person_id=doc.person_id, vehicle_id=doc.vehicle_id)


def registry_law(
    municipality: Municipality, *, person_id: int | None = None, vehicle_id: int | None = None
) -> str:
    """The law a person's or a vehicle's registry entry is kept under, so that an act on it is
    authorised, and a refusal cited, under that law: the service of the permits it serves — the
    person's as holder, auxiliary or tender applicant, the vehicle's as the permit's vehicle or a
    substitute — live permits first; a vehicle without one by its kind; otherwise (a new entry,
    say) the municipality's registry law. A municipality applying none of them gets its own law,
    under which the act is not foreseen: the act is refused naming it."""
    bindings = municipality.law_bindings()
    here = list(dict.fromkeys(b.law for b in bindings if b.service in REGISTRY_SERVICES))
    services: list[str] = []
    if person_id:
        held = Permit.objects.filter(holder_id=person_id)
        services += held.filter(status__in=_LIVE).values_list("service", flat=True)
        services += Auxiliary.objects.filter(person_id=person_id).values_list(
            "permit__service", flat=True
        )
        services += held.values_list("service", flat=True)
        services += TenderApplicant.objects.filter(person_id=person_id).values_list(
            "tender__service", flat=True
        )
    if vehicle_id:
        carried = Permit.objects.filter(vehicle_id=vehicle_id)
        services += carried.filter(status__in=_LIVE).values_list("service", flat=True)
        services += VehicleChange.objects.filter(to_vehicle_id=vehicle_id).values_list(
            "permit__service", flat=True
        )
        services += carried.values_list("service", flat=True)
        kind = Vehicle.objects.filter(pk=vehicle_id).values_list("kind", flat=True).first()
        if kind in _SERVICE_OF_KIND:
            services.append(_SERVICE_OF_KIND[kind])
    for service in services:
        try:
            law = law_of(municipality, service)
        except LawNotBound:
            continue
        if law in here:
            return law
    if here:
        return here[0]
    if not municipality.laws:
        raise LawNotBound(Service.MOTOTAXI, municipality.name, timezone.localdate())
    return str(municipality.laws[0])


def status_entered_on(permit: Permit, status: str, came_from: str = "") -> dt.date | None:
    """The day ``permit`` last went into ``status`` — from ``came_from`` only, when given (the day
    it came back from a suspension: ``ACTIVE`` from ``SUSPENDED``) — by its status history (None:
    never)."""
    moves = permit.history.filter(to_status=status)
    if came_from:
        moves = moves.filter(from_status=came_from)
    return moves.order_by("-effective_on", "-id").values_list("effective_on", flat=True).first()


def suspension_ends_with_its_period(
    m: Municipality, service: str, status: str, suspended_until: dt.date | None
) -> bool:
    """Whether a suspended permit is suspended no longer once its period is over: the law bound
    to its service on the day after the period sets no condition for the return (taxi art. 42
    IV–V: a suspension limited to the days fixed) — one that asks a proof first (mototaxi art. 32
    §2) answers ``suspension_return``, and the permit stays suspended until it is shown."""
    if status != Permit.Status.SUSPENDED or suspended_until is None:
        return False
    try:
        # A reading of the permit's status: past the binding's end, the law that governed last.
        law = law_for(m, service, suspended_until + dt.timedelta(days=1), nearest=True, ended=True)
    except LawNotBound:
        return False
    return not law.answers("suspension_return")


def renewal_debts(person: Any, on: dt.date) -> tuple[list[tuple[Any, int]], list[tuple[Any, int]]]:
    """The holder's debts as a renewal names them (taxi art. 21 §1; D-11, D-18): those final and
    due on ``on`` (they block) and those under defence or appeal (shown, never blocking), each
    with what is still owed on it — a debt paid in part, for the rest."""
    books = ledger()
    blocking = books.debts_blocking(person, on)
    under_review = books.debts_under_review(person)
    owed = books.amounts_owed([*blocking, *under_review])
    return [(d, owed[d.pk]) for d in blocking], [(d, owed[d.pk]) for d in under_review]


def with_credential_suspensions(
    auxiliaries: list[Auxiliary], imposed_on: Permit | None = None
) -> list[Auxiliary]:
    """The auxiliaries, each with the suspensions of his credential (first and last day, mototaxi
    art. 32 I with art. 34 and art. 2 XXV; ADR 0088) as ``credential_suspensions``, as enforcement
    records them (``ports.sanctions``), in one read: the credential is the person's (art. 2 III),
    whatever permit he serves — as the staff's permit page and the auxiliary's own portal read
    it. With ``imposed_on``, only those imposed on that permit: its holder's portal, for the
    holder answers for "os respectivos condutores auxiliares no que concorrer" (art. 31 §2), not
    for a sanction the person got driving for another holder."""
    periods = sanctions().credential_suspensions(
        [a.person_id for a in auxiliaries],
        imposed_on_permit=imposed_on.pk if imposed_on is not None else None,
    )
    for a in auxiliaries:
        a.credential_suspensions = periods.get(a.person_id, ())  # type: ignore[attr-defined]
    return auxiliaries
