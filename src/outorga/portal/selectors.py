"""Reads of the holder's portal: only the logged-in holder's own rows, in the current municipality.

Every query starts from the ``Person`` linked to the user (``Person.user``) through the tenant-scoped
managers: another municipality's rows are out of reach by construction, and another holder's by
the ``holder``/``person`` filter.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import NoReverseMatch, reverse

from outorga.core.lawseam import cited_aside, governs
from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.core.tenancy import current_municipality
from outorga.law import interfaces
from outorga.registry import acting
from outorga.registry.models import (
    Auxiliary,
    Document,
    HolderRequest,
    Notification,
    Permit,
    Person,
)
from outorga.registry.services.registration_requests import LIVE

#: Days before expiry from which a document shows as "a vencer" (the sweep's first warning).
WARN_DAYS = 30


def holder_of(user: User) -> Person | None:
    if not user.is_authenticated or user.role != "permissionario":
        return None
    return acting.person_of(user)


def own_companies(person: Person) -> QuerySet[Person]:
    """The legal persons the person is responsible for (``Person.representative``), the link
    confirmed by the desk: their applications, permits and avisos are read, and made, from this
    person's login (the rule is ``registry.acting``'s, shared with the other apps' portal pages)."""
    return acting.confirmed_companies(person)


def companies_awaiting_desk(person: Person) -> QuerySet[Person]:
    """The companies the person entered whose link the desk has not yet confirmed: named to
    them, nothing of the company reached."""
    return Person.objects.filter(
        representative=person, kind=Person.Kind.LEGAL, representative_confirmed_on__isnull=True
    ).order_by("name")


def _own_or_represented(field: str, person: Person) -> Q:
    return acting.reach(field, person)


def own_permits(person: Person) -> QuerySet[Permit]:
    """The person's permits and those of the companies they are responsible for."""
    return (
        Permit.objects.filter(_own_or_represented("holder", person))
        .select_related("vehicle", "holder")
        .order_by("number")
    )


def own_permit(person: Person, permit_id: int) -> Permit | None:
    return own_permits(person).filter(pk=permit_id).first()


def holder_bars(permits: list[Permit], today: dt.date) -> dict[int, Any]:
    """The permits whose holder's inscription in the Cadastro Municipal de Taxistas is cassada
    (taxi art. 41 IV, §3) or suspended (art. 42 IV) today, by id, with the status said in place
    of the permission's own — the rule the badge and the public list read
    (``public.selectors.permits.holder_bars``), for all the permits at once."""
    from outorga.public.selectors.permits import holder_bars as barred

    return barred(current_municipality(), permits, today) if permits else {}


@dataclass(frozen=True)
class DocumentRow:
    doc: Document
    owner: str
    state: str  # "vencido", "a vencer", "válido", "sem validade"
    tone: str  # CSS modifier: danger, warning, success, neutral
    days_left: int | None


def document_state(doc: Document, today: dt.date) -> tuple[str, str, int | None]:
    if doc.valid_until is None:
        return "sem validade fixada", "neutral", None
    left = (doc.valid_until - today).days
    if left < 0:
        return "vencido", "danger", left
    if left <= WARN_DAYS:
        return "a vencer", "warning", left
    return "válido", "success", left


def current_documents(person: Person, permits: list[Permit]) -> QuerySet[Document]:
    """The person's own documents, those of the companies they act for (ADR 0047) and those of
    their permits' vehicles."""
    vehicles = [p.vehicle_id for p in permits if p.vehicle_id]
    return (
        Document.objects.current()
        .filter(acting.reach("person", person) | Q(vehicle_id__in=vehicles))
        .select_related("vehicle", "person")
    )


def document_rows(person: Person, permits: list[Permit], today: dt.date) -> list[DocumentRow]:
    """The newest document of each type per owner (a renewed document supersedes the old one),
    most urgent first."""
    newest: dict[tuple[str, int | None, int | None], Document] = {}
    for doc in current_documents(person, permits).order_by("-issued_on", "-id"):
        newest.setdefault((doc.doc_type, doc.vehicle_id, doc.person_id), doc)
    rows = []
    for doc in newest.values():
        state, tone, left = document_state(doc, today)
        if doc.vehicle_id and doc.vehicle:
            owner = f"veículo {doc.vehicle.plate}"
        elif doc.person_id != person.pk and doc.person is not None:
            owner = f"empresa {doc.person.name}"
        else:
            owner = "pessoal"
        rows.append(DocumentRow(doc, owner, state, tone, left))
    order = {"danger": 0, "warning": 1, "success": 2, "neutral": 3}
    rows.sort(key=lambda r: (order[r.tone], r.days_left if r.days_left is not None else 10**6))
    return rows


def own_notifications(person: Person) -> QuerySet[Notification]:
    return Notification.objects.filter(_own_or_represented("person", person)).select_related(
        "permit"
    )


def own_requests(person: Person, permit: Permit) -> QuerySet[HolderRequest]:
    """The requests to the desk on ``permit`` filed by the persons ``person`` acts for. A request
    is its filer's (``HolderRequest.person``), as a case, a debt or a document is its person's:
    after a transfer (taxi law 2017, art. 13, parágrafo único) the predecessor's requests — the
    auxiliary they named by CPF and name, their notes — stay theirs, never the successor's."""
    return HolderRequest.objects.filter(acting.reach("person", person), permit=permit)


def own_auxiliary_credentials(person: Person) -> QuerySet[Auxiliary]:
    return Auxiliary.objects.filter(person=person).select_related("permit")


def staff_notifications() -> QuerySet[Notification]:
    return Notification.objects.select_related("person", "permit")


# Links to the other areas' portal pages: shown only when the app that serves them is installed.
# Each entry lists URL names to try, in order; the first that resolves wins.
PORTAL_LINKS: list[tuple[str, tuple[str, ...]]] = [
    ("Meus débitos", ("finance:portal_debts", "finance:portal", "finance:portal_debitos")),
    (
        "Minhas infrações e defesas",
        ("enforcement:portal_infractions", "enforcement:portal", "enforcement:portal_autos"),
    ),
    ("Minhas vistorias", ("inspections:portal", "inspections:mine")),
    ("Atualizar o cadastro", ("portal:registration",)),
]


def first_url(names: tuple[str, ...], **kwargs: Any) -> str | None:
    for name in names:
        try:
            return reverse(name, kwargs=kwargs or None)
        except NoReverseMatch:
            continue
    return None


#: Links offered only to a holder with a permit in force whose law answers the question named;
#: the label cites the articles that law names for the question's concept (its ``CITES``).
LINK_NEEDS = {"portal:registration": "registration_update"}


def portal_links(permits: Iterable[Permit] = ()) -> list[tuple[str, str]]:
    live = [p for p in permits if p.status in LIVE]
    out = []
    for label, names in PORTAL_LINKS:
        need = LINK_NEEDS.get(names[0])
        if need:
            answering = [
                p
                for p in live
                if governs(p.municipality, p.service) and interfaces.answers(p.law, need)
            ]
            if not answering:
                continue
            label = f"{label}{cited_aside(answering[0], need)}"
        url = first_url(names)
        if url:
            out.append((label, url))
    return out


def badge_links(permit: Permit, today: dt.date | None = None) -> dict[str, str]:
    """The download of the holder's own badge and its public verification page, when a badge
    was issued and not revoked; no download of a badge that no longer holds
    (``public.selectors.badges.badge_ended``)."""
    out: dict[str, str] = {}
    badge = newest_badge(permit)
    if badge is not None:
        from outorga.public.selectors.badges import badge_ended

        if badge_ended(badge, today or today_of(permit.municipality)) is None:
            out["pdf"] = reverse("portal:badge", kwargs={"permit_id": permit.pk})
        verify = first_url(("public:badge",), token=badge.token)
        if verify:
            out["verify"] = verify
    return out


def newest_badge(permit: Permit) -> Any:
    try:
        from outorga.public.models import Badge
    except ImportError:  # the badge app is optional for the portal
        return None
    # The present holder's own: a predecessor's card (taxi art. 13, parágrafo único) prints
    # another person's name and blood type.
    return (
        Badge.objects.filter(permit=permit, auxiliary__isnull=True, revoked_at__isnull=True)
        .filter(Q(bearer__isnull=True) | Q(bearer=permit.holder_id))
        .order_by("-issued_at", "-id")
        .first()
    )


def company_badges(permit: Permit) -> list[Any]:
    """The badges the desk issued for a company's permit and has not revoked: a company has no
    photo, so each is an active auxiliary's (taxi ``company_drivers``), one per bearer (a new
    one revokes the previous)."""
    try:
        from outorga.public.models import Badge
    except ImportError:  # the badge app is optional for the portal
        return []
    return list(
        Badge.objects.filter(
            permit=permit,
            auxiliary__isnull=False,
            auxiliary__status=Auxiliary.Status.ACTIVE,
            revoked_at__isnull=True,
        )
        .select_related("auxiliary__person")
        .order_by("auxiliary__person__name", "-issued_at", "-id")
    )


def company_badge_links(permit: Permit, today: dt.date | None = None) -> list[dict[str, Any]]:
    """For a company's permit the representative reaches: each driver's badge, its download
    (while it may hold, ``public.selectors.badges.badge_ended``) and its public verification page."""
    from outorga.public.selectors.badges import badge_ended

    out = []
    today = today or today_of(permit.municipality)
    for badge in company_badges(permit):
        ended = badge_ended(badge, today) is not None
        out.append(
            {
                "name": badge.auxiliary.person.name,
                "valid_until": badge.valid_until,
                "pdf": ""
                if ended
                else reverse(
                    "portal:badge_driver", kwargs={"permit_id": permit.pk, "badge_id": badge.pk}
                ),
                "verify": first_url(("public:badge",), token=badge.token),
            }
        )
    return out


# The applicant's pages ---------------------------------------------------------------------


def open_tenders(person: Person) -> list[Any]:
    """Tenders open to enrolment that the person may enter themself (the law bound to the
    tender's service gives the act to the interested person) and has not entered yet."""
    from outorga.law.bindings import LawNotBound
    from outorga.law.competence import Role, is_allowed
    from outorga.registry.models import Tender
    from outorga.registry.services.tenders import tender_law

    out = []
    day = today_of(person.municipality)
    for t in (
        Tender.objects.filter(status=Tender.Status.OPEN)
        .exclude(applicants__person=person)
        .order_by("opened_on", "pk")
    ):
        try:
            law = tender_law(t)
        except LawNotBound:  # a tender of a service no law governs here any more
            continue
        if is_allowed(Role.PERMISSIONARIO, "application.submit", law, day):
            out.append(t)
    return out


def own_applications(person: Person) -> QuerySet[Any]:
    from outorga.registry.models import TenderApplicant

    return (
        TenderApplicant.objects.filter(_own_or_represented("person", person))
        .select_related("tender", "person")
        .order_by("-pk")
    )


@dataclass(frozen=True)
class RecordRow:
    """One record the law reads of the applicant (or of their vehicle): the one in force, the
    newest sent, and whether a new one may be sent."""

    doc_type: str
    label: str
    vehicle: Any
    current: Document | None
    sent: Any
    can_send: bool
    #: A policy sent with the end and amount of cover printed on it (mototaxi art. 19 §1), a
    #: CRLV with the validity of its licensing (taxi art. 24 I, art. 28 I).
    cover_end: bool = False

    @property
    def cover_amount(self) -> bool:
        """Only a policy has an amount of cover printed on it."""
        from outorga.registry.services.documents import COVERED

        return self.cover_end and self.doc_type in COVERED


def record_rows(person: Person, service: str) -> list[RecordRow]:
    """Every record the law of ``service`` reads of the person and of the vehicles they own — the
    same lists the clerk's guided grant asks (``registry.facts``)."""
    from outorga.registry.facts import (
        counter_records,
        latest_document,
        person_records,
        vehicle_records,
    )
    from outorga.registry.models import DocumentSubmission, Vehicle
    from outorga.registry.services.documents import DATED_BY_ISSUER, service_takes_cover_end

    wanted: list[tuple[str, Any]] = [(t, None) for t in person_records(service, person)]
    # The declarations and certificates the desk may also take at the counter (taxi art. 22
    # IX–X, 23 V–VIII): on the portal they are sent as any other record.
    wanted += [(t, None) for t in counter_records(service, person)]
    for vehicle in Vehicle.objects.filter(owner=person).order_by("plate"):
        wanted += [(t, vehicle) for t in vehicle_records(service, vehicle)]
    sent: dict[tuple[str, int | None], Any] = {}
    for s in DocumentSubmission.objects.filter(person=person).order_by("-submitted_at", "-pk"):
        sent.setdefault((s.doc_type, s.vehicle_id), s)
    # The policies whose end the law in force asks, read once for the rows.
    dated = {t for t in DATED_BY_ISSUER if service_takes_cover_end(person.municipality, service, t)}
    rows = []
    for doc_type, vehicle in wanted:
        last = sent.get((doc_type, vehicle.pk if vehicle else None))
        waiting = last is not None and last.status == DocumentSubmission.Status.PENDING
        rows.append(
            RecordRow(
                doc_type=doc_type,
                label=str(Document.Type(doc_type).label),
                vehicle=vehicle,
                current=latest_document(None if vehicle else person, vehicle, doc_type),
                sent=last,
                can_send=not waiting,
                cover_end=doc_type in dated,
            )
        )
    return rows
