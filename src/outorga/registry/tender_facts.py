"""The facts of the tender and quota questions, from registry rows (reads only): the permits a
quota counts (mototaxi art. 10; taxi art. 3 §1–2), whom a tender's ranking calls and what its
grant asks (mototaxi art. 6; taxi art. 3), and when a person was a current taxista (taxi art. 48).

The law core decides; this module only translates the database into the questions' JSON facts.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q

from outorga.law.decisions import Decision

from .facts import ACTIVE_STATUSES
from .models import (
    Auxiliary,
    Permit,
    PermitStatusChange,
    Person,
    Service,
    Tender,
    TenderApplicant,
)
from .selectors import holder_periods


def permit_ended_on(p: Permit) -> dt.date | None:
    """The day a permit no longer in force ended (the effective day of the change that took it to
    its status); None while in force. ``dt.date.min`` for an ended permit with no date on record,
    which is never read as in force."""
    if p.status in ACTIVE_STATUSES:
        return None
    ended = (
        PermitStatusChange.objects.filter(permit=p, to_status=p.status)
        .order_by("-effective_on", "-id")
        .values_list("effective_on", flat=True)
        .first()
    )
    return dt.date.min if ended is None else ended


def taxista_periods(person: Person) -> list[dict[str, Any]]:
    """When ``person`` was inscribed in the Cadastro Municipal de Taxistas (taxi art. 4 I, XIII,
    XIV; art. 20), from the records: each taxi permit held by the natural person (titular), from
    its grant — or, for a successor, from the day its transfer took effect (art. 13, parágrafo
    único), and for a predecessor up to the day before it — to the day before its end (the effective day of the change that ended it; open
    while in force), and each inscription as auxiliary of a taxi permit, from its addition to the
    day before its removal or the end of that permit, whichever comes first — the auxiliary is
    "vinculado ao permissionário" (art. 4 XIV), inscribed for the permissionário's vehicle (art.
    20, parágrafo único), so the link does not outlive the permission. The facts of the tender's
    criterion for current taxistas (art. 48)."""
    if person.kind != Person.Kind.NATURAL:
        return []
    periods: list[dict[str, Any]] = []
    held = Permit.objects.filter(
        Q(holder=person)
        | Q(holder_changes__from_holder=person)
        | Q(holder_changes__to_holder=person),
        service=Service.TAXI,
    ).distinct()
    for p in held:
        ended = permit_ended_on(p)
        if ended == dt.date.min:
            continue  # ended, with no date on record: never read as in force
        # Only while the person held it: a successor from the transfer's day, a predecessor up
        # to the day before it (art. 13, parágrafo único).
        for holder, start, next_start in holder_periods(p):
            ends = [d for d in (next_start, ended) if d is not None]
            if holder != person.pk or (next_start is not None and next_start <= start):
                continue
            until = max(start, min(ends) - dt.timedelta(days=1)) if ends else None
            periods.append(
                {
                    "role": "titular",
                    "from": start.isoformat(),
                    "until": until.isoformat() if until else None,
                }
            )
    for a in Auxiliary.objects.filter(person=person, permit__service=Service.TAXI).select_related(
        "permit"
    ):
        ends = []
        if a.status != Auxiliary.Status.ACTIVE:
            if a.removed_on is None:
                continue  # removed, with no date on record: never read as in force
            ends.append(a.removed_on)
        permit_ended = permit_ended_on(a.permit)
        if permit_ended == dt.date.min:
            continue  # its permission ended, with no date on record: never read as in force
        if permit_ended is not None:
            ends.append(permit_ended)
        until = max(a.added_on, min(ends) - dt.timedelta(days=1)) if ends else None
        periods.append(
            {
                "role": "auxiliar",
                "from": a.added_on.isoformat(),
                "until": until.isoformat() if until else None,
            }
        )
    return sorted(periods, key=lambda x: (x["from"], x["role"]))


#: The documents of mototaxi art. 5 (V, VI, VIII–XI) as the person's facts name them, by the
#: record that proves each; the course (III) and the medical certificate (VII) have facts of their
#: own. The guided grant lists these, so it asks for exactly what the law reads.


def active_permits(service: str) -> int:
    """The permits of ``service`` in force (active, suspended, reserve): what its quota counts
    (mototaxi art. 10; taxi art. 3 §1–2)."""
    return Permit.objects.filter(service=service, status__in=ACTIVE_STATUSES).count()


def tender_uncalled(tender: Tender) -> TenderApplicant | None:
    """The first ranked applicant of ``tender`` without a grant decision: whom its ranking calls
    once it may grant (homologated, places left — the law's ``tender_grant`` says)."""
    return (
        TenderApplicant.objects.filter(tender=tender, rank__isnull=False)
        .exclude(decision__has_key="grant")
        .select_related("person")
        .order_by("rank")
        .first()
    )


def tender_grant_facts(
    tender: Tender,
    holder: Person | None,
    called: TenderApplicant | None,
    category: str = "",
    on: dt.date | None = None,
) -> dict[str, Any]:
    """The facts of the law's ``tender_grant`` for a grant to ``holder`` in ``tender``'s name on
    ``on``: the tender as recorded (service, category offered, homologation and its day, places
    and the permits granted in its name, whether its applicants are on record), whom its ranking
    calls now (``called``, :func:`tender_uncalled`), the category asked, and whether the holder
    is the one called and a ranked eligible applicant."""
    applicants = TenderApplicant.objects.filter(tender=tender)
    facts: dict[str, Any] = {
        "tender": {
            "number": tender.number,
            "service": tender.service,
            "category": tender.taxi_category,
            "homologated": tender.homologated_on is not None,
            "homologated_on": tender.homologated_on.isoformat() if tender.homologated_on else None,
            "places": tender.places,
            "granted": Permit.objects.filter(tender=tender).count(),
            "applicants_on_record": applicants.exists(),
        },
        "called": None if called is None else {"name": called.person.name, "rank": called.rank},
        "holder_is_called": holder is not None
        and called is not None
        and called.person_id == holder.pk,
        "holder_ranked_eligible": holder is not None
        and applicants.filter(person=holder, eligible=True, rank__isnull=False).exists(),
    }
    if category:
        facts["category"] = category
    if on is not None:
        facts["grant_on"] = on.isoformat()
    return facts


def quota_facts(service: str, on: dt.date, active: int) -> dict[str, Any]:
    """The quota question's facts (mototaxi art. 10; taxi art. 3 §1–2; D-7): a grant on ``on``
    with ``active`` permits in force."""
    if service == Service.TAXI:
        return {"grant_date": on.isoformat(), "active_permits": active}
    return {"service": service, "grant_on": on.isoformat(), "active_permits": active}


def quota_limit(d: Decision) -> int | None:
    """The limit a quota decision gives; None where the law sets none (motofrete). Each law
    names it in its own answer: "limit" (mototáxi), "quota" (táxi)."""
    limit = d.outcome.get("limit", d.outcome.get("quota"))
    return None if limit is None else int(limit)


#: The registry's vehicle kinds in the taxi law's words (art. 27: automóvel or similar).
