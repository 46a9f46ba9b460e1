"""Enforcement reads: the inspector's search, work queues ordered by deadline, the holder's cases."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.db.models import F, OuterRef, Q, QuerySet, Subquery

from outorga.core.identifiers import digits as only_digits
from outorga.core.identifiers import normalize_plate
from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.core.personaldata import filing_as_seen
from outorga.core.search import looks_like_document
from outorga.law.competence import Role
from outorga.law.windows import lapsed_from
from outorga.platforms.models import PlatformDriver
from outorga.public.models import Badge
from outorga.registry import acting
from outorga.registry.models import Document, Permit, Person
from outorga.registry.selectors import document_as_seen, status_entered_on
from outorga.registry.validation import digits

from .models import (
    Case,
    Escalation,
    Filing,
    InfractionNotice,
    Notice,
    Seizure,
    TaxiInfractionItem,
)


def running_notice(case: Case) -> Notice | None:
    """The notice the case's running deadline counts from (D-4): the latest delivered one that
    set that deadline; ``None`` where none did."""
    return (
        case.notices.filter(notified_on__isnull=False, deadline=case.deadline)
        .order_by("-notified_on")
        .first()
    )


def taxi_items(on: dt.date) -> QuerySet[TaxiInfractionItem]:
    """The taxi regulation's infraction items in force on ``on`` (taxi art. 43, D-10, D-15): a
    fact is judged by the items of its date, whenever it is judged."""
    return TaxiInfractionItem.objects.filter(
        Q(valid_from__isnull=True) | Q(valid_from__lte=on),
        Q(valid_until__isnull=True) | Q(valid_until__gte=on),
    )


#: The serial printed on the card ("Série 0123abcd…": 128 bits in hex, 64 on cards printed
#: before), as a person types it back: any case, spaces or dashes between the groups, the word
#: "série" kept or not.
_SERIAL = re.compile(r"(?:s[ée]rie)?([0-9a-f]{32}|[0-9a-f]{16})")


def badge_serial(text: str) -> str:
    """The badge serial in ``text`` as stored (lowercase hex), or "" when it is not one."""
    squeezed = re.sub(r"[\s.:·-]", "", text.strip().lower())
    match = _SERIAL.fullmatch(squeezed)
    return match.group(1) if match else ""


def search_badge(text: str) -> Badge | None:
    """The badge a QR token (or its verification URL) or a printed serial names."""
    text = text.strip()
    if not text:
        return None
    token = text.rsplit("/v/", 1)[-1] if "/v/" in text else text
    qs = Badge.objects.select_related("permit__holder", "permit__vehicle", "auxiliary__person")
    badge = qs.filter(token=token).first()
    if badge is None and (serial := badge_serial(text)):
        badge = qs.filter(serial=serial).first()
    return badge


def search(text: str, *, by_document: bool = True) -> list[Permit]:
    """Permits by plate, permit number, the holder's CPF or CNPJ (``by_document``: only for the
    roles that see it whole), or the badge's QR token (the token itself or the verification URL
    read by the phone's camera) or the serial printed on the card."""
    text = text.strip()
    if not text:
        return []
    found: list[Permit] = []
    badge = search_badge(text)
    if badge is not None:
        found.append(badge.permit)
    plate = normalize_plate(text)
    if plate:
        qs = Permit.objects.filter(Q(vehicle__plate=plate) | Q(number__iexact=text)).select_related(
            "holder", "vehicle"
        )
        found += [p for p in qs if p not in found]
    digits = only_digits(text)
    if by_document and len(digits) in (11, 14):
        qs = Permit.objects.filter(holder__document=digits).select_related("holder", "vehicle")
        found += [p for p in qs if p not in found]
    return found


def autos_without_permit(
    text: str, limit: int = 20, *, by_document: bool = True
) -> list[InfractionNotice]:
    """Earlier autos for service without a permit (mototaxi art. 35, taxi art. 16) on this plate
    or against this CPF or CNPJ (``by_document``): what the inspector needs to know of a repeat
    offender."""
    plate = normalize_plate(text)
    digits = only_digits(text)
    match = Q(plate=plate) if plate else Q()
    if by_document and len(digits) in (11, 14):
        match |= Q(offender_registration=digits) | Q(case__person__document=digits)
    if not match:
        return []
    return list(
        InfractionNotice.objects.filter(match, permit__isnull=True)
        .select_related("case")
        .order_by("-committed_at", "-id")[:limit]
    )


def platform_drivers(
    text: str, limit: int = 20, *, by_document: bool = True
) -> list[PlatformDriver]:
    """The drivers the platforms registered with this plate or CPF (apps art. 23, II: the
    inspector checks the driver's registration on the platforms), newest first — whatever their
    status: an enabled driver of a credentialed platform is regular; anyone else found in the
    service is in the irregular service that seizes the vehicle (art. 26, III)."""
    plate = normalize_plate(text)
    digits = only_digits(text)
    match = Q(vehicle_plate=plate) if plate else Q()
    if by_document and len(digits) == 11:
        match |= Q(cpf=digits)
    if not match:
        return []
    return list(
        PlatformDriver.objects.filter(match)
        .select_related("platform")
        .order_by("-created_at", "-id")[:limit]
    )


#: Nearest deadline first; a case with no deadline running (awaiting its notice) after them, on
#: every database (SQLite puts NULLs first, PostgreSQL last).
NEAREST_FIRST = (F("deadline").asc(nulls_last=True), "id")


def awaiting_judgment() -> QuerySet[Case]:
    """Cases whose defence or appeal awaits judgment, each with the day its pending filing was
    presented (``filed_on``), the oldest first. The case's ``deadline`` is then the last day the
    filing could have been presented, no day to judge it by: the mototaxi law sets the days to
    file a defence or an appeal from its notice, not a period to judge one (art. 42–44), so a
    judge's queue shows how long each has waited. Where the law sets the superior authority a
    period to judge the appeal (taxi art. 43 with Lei 9.784/1999 art. 59 §1, D-17; ADR 0084),
    its last day is ``judge_until`` (else null), counted from the day it was sent up
    (``forwarded_on``), if it was, and extended on ``judgment_extended_on`` (art. 59 §2), if it
    was."""
    return (
        Case.objects.filter(waiting=Case.Waiting.JUDGMENT)
        .annotate(
            filed_on=_pending("filed_on"),
            judge_until=_pending("judge_until"),
            forwarded_on=_pending("forwarded_on"),
            judgment_extended_on=_pending("judgment_extended_on"),
        )
        .order_by(F("filed_on").asc(nulls_last=True), "id")
    )


def _pending(field: str = "filed_on") -> Subquery:
    """``field`` of a case's pending defence or appeal, the first presented — by default the
    day it was presented (none pending: null)."""
    return Subquery(
        Filing.objects.filter(case=OuterRef("pk"), result=Filing.Result.PENDING)
        .order_by("filed_on", "id")
        .values(field)[:1]
    )


def open_proposals(*closed: str) -> list[Case]:
    """Revocation and cassação proposals not at a ``closed`` stage, the nearest deadline first,
    each ready one with the day it has waited for its decision since (``waiting_since``): the day
    the holder's defence was presented, else the first day after the defence period ran out
    without one (D-3, D-4). Its ``deadline`` stays the defence's last day, no day to decide by:
    no law sets a period to decide a proposal (mototaxi art. 34 §1–2; taxi art. 43 with D-17)."""
    cases = list(
        Case.objects.filter(kind__in=(Case.Kind.REVOCATION, Case.Kind.CASSACAO))
        .exclude(stage__in=closed)
        .annotate(filed_on=_pending())
        .select_related("permit", "person")
        .order_by(*NEAREST_FIRST)
    )
    for c in cases:
        if c.waiting == Case.Waiting.JUDGMENT:
            c.waiting_since = c.filed_on or (lapsed_from(c.deadline) if c.deadline else None)
    return cases


def queue(user: User) -> dict[str, Any]:
    """Work of the user's role: defences and appeals to judge the oldest first
    (:func:`awaiting_judgment`), the rest the nearest deadline first."""
    role = Role(user.role)
    out: dict[str, Any] = {}
    waiting = awaiting_judgment().select_related("auto", "permit", "person", "municipality")
    if role == Role.AUTORIDADE:
        out["defences"] = list(waiting.filter(stage=Case.Stage.DEFENCE, kind=Case.Kind.INFRACTION))
        out["suspensions"] = list(
            Escalation.objects.filter(status=Escalation.Status.PENDING)
            .select_related("permit", "permit__holder")
            .prefetch_related("counted")
            .order_by("evaluated_on", "id")
        )
    if role == Role.JARI:
        out["appeals"] = list(waiting.filter(stage=Case.Stage.JARI))
    if role == Role.CHEFE_EXECUTIVO:
        out["appeals"] = list(waiting.filter(stage=Case.Stage.EXECUTIVE))
        out["proposals"] = open_proposals(Case.Stage.DECIDED, Case.Stage.ANNULLED)
    if role in (Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL):
        out["notices"] = list(
            Notice.objects.filter(notified_on__isnull=True)
            .select_related("case", "case__auto", "case__person")
            .order_by("created_at", "id")
        )
    if role in (Role.ATENDENTE, Role.AUTORIDADE):
        out["suspended"] = list(
            Permit.objects.filter(status=Permit.Status.SUSPENDED).select_related("holder")
        )
        for permit in out["suspended"]:
            permit.proof_documents = proof_documents(permit)
        out["seizures"] = list(Seizure.objects.filter(status=Seizure.Status.HELD))
    return out


def proof_documents(permit: Permit) -> list[Document]:
    """Documents that may prove the return after a suspension (mototaxi art. 32 §2): recorded for
    the permit's holder, vehicle or auxiliaries and presented since the suspension began."""
    started = status_entered_on(permit, Permit.Status.SUSPENDED)
    owners = Q(person=permit.holder_id) | Q(person__auxiliary_of__permit=permit)
    if permit.vehicle_id:
        owners |= Q(vehicle=permit.vehicle_id)
    qs = Document.objects.current().filter(owners)
    if started is not None:
        qs = qs.filter(presented_on__gte=started)
    return list(qs.distinct().order_by("-presented_on", "-id"))


def person_of(user: User) -> Person | None:
    return acting.person_of(user)


def holder_cases(person: Person) -> QuerySet[Case]:
    """The holder's cases: their permits' autos (also the auxiliaries', whose case is the
    holder's, art. 31 §2) and proposals — their own and those of the companies they are the
    confirmed responsible person of (``registry.acting``, ADR 0047). A case is its person's: a
    permit passed to a successor (taxi art. 13, parágrafo único) brings none of the
    predecessor's cases with it (no penalty passes from the offender, CF art. 5, XLV); the
    permit's holder reaches only a case that names no person."""
    return (
        Case.objects.filter(
            acting.reach("person", person)
            | (Q(person__isnull=True) & acting.reach("permit__holder", person))
        )
        .select_related("auto", "permit", "person")
        .order_by("-created_at", "-id")
    )


def offender_registration_as_seen(auto: InfractionNotice, role: str) -> str:
    """The offender's registration on the auto (art. 30 V) as ``role`` may read it: for an
    offender without a permit it is the CPF or CNPJ written on the auto, shown as the registry
    shows a document to that role (``registry.selectors.document_as_seen``)."""
    written = auto.offender_registration
    return document_as_seen(digits(written), role) if looks_like_document(written) else written


def case_detail(case: Case, role: str) -> dict[str, Any]:
    """The case's page as ``role`` reads it: each filing's text as ``filing_as_seen`` gives it
    (``text_seen``: whole to who receives or judges it under the case's law, ADR 0070)."""
    auto = case.auto
    filings = list(case.filings.prefetch_related("attachments").order_by("filed_on", "id"))
    on = today_of(case.municipality)
    for f in filings:
        f.text_seen = filing_as_seen(f.text, role=role, law=case.law, on=on)
        f.content_read = f.text_seen == f.text
    return {
        "case": case,
        "auto": auto,
        "offender_registration": "" if auto is None else offender_registration_as_seen(auto, role),
        "notices": list(case.notices.order_by("created_at", "id")),
        "filings": filings,
        "penalties": list(case.penalties.select_related("debt")),
        "pending_filing": case.filings.filter(result=Filing.Result.PENDING).first(),
        "pending_notice": case.notices.filter(notified_on__isnull=True).order_by("-id").first(),
    }


def autos_recent(limit: int = 50) -> list[InfractionNotice]:
    return list(
        InfractionNotice.objects.select_related("permit").order_by("-created_at", "-id")[:limit]
    )


def prontuario(law: str, taxista: Person) -> QuerySet[InfractionNotice]:
    """The taxista's prontuário under ``law`` (taxi art. 42 §3), under whichever permit: the autos
    that identify the taxista as their offender — as the auxiliary who committed them, or as the
    permissionário who did (``committed_by`` holder, the case against them). An auto that
    identifies nobody (``unknown``), or an auxiliary not named, is imputed to no taxista: the law
    punishes "o infrator" (art. 41 caput, art. 42 caput) and imputes no infraction to the
    permissionário for his vehicle; he is only notified (art. 41 §5). ADR 0068. Final or not
    (D-1: the law counts the final ones). Read for the points (art. 42 §3) and for whether a
    conduct is primary (art. 41 §1)."""
    by = InfractionNotice.CommittedBy
    return InfractionNotice.objects.filter(
        law=law, status=InfractionNotice.Status.ISSUED, permit__isnull=False
    ).filter(
        Q(committed_by=by.AUXILIARY, auxiliary__person=taxista)
        | Q(committed_by=by.HOLDER, case__person=taxista)
    )
