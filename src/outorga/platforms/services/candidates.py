"""Infraction candidates: what the reports and the tripdata point to (art. 3 §2, art. 15, art. 16)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import InfractionCandidate, Platform
from .common import cited

# --- infraction candidates (art. 3 §2, art. 15, art. 16) ------------------------------------------


def infraction_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    key: str,
    on: dt.date,
    summary: str,
    decision: Mapping[str, Any],
    refresh: bool = False,
) -> tuple[InfractionCandidate, bool]:
    """List a fact for the authority, who decides whether to open a case (D-3). One row and one
    act per fact (``platform``, ``kind``, ``key``), however often it is found again. With
    ``refresh``, a fact measured again with other figures (a new file of the same month) keeps its
    row and takes the new summary and trace, with an act of its own."""
    cites = sorted(set(decision.get("citations", [])))
    with transaction.atomic(), tenant(municipality):
        cand, created = InfractionCandidate.objects.get_or_create(
            platform=platform,
            kind=kind,
            key=key,
            defaults={"detected_on": on, "summary": summary[:300], "decision": dict(decision)},
        )
        if created:
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.candidate.detect",
                obj=cand,
                new={"platform": platform.pk, "kind": kind, "key": key},
                basis={"citations": cites, "decision": dict(decision)},
            )
        elif refresh and (cand.summary != summary[:300] or cand.withdrawn_on is not None):
            old = cand.summary
            cand.summary, cand.decision = summary[:300], dict(decision)
            cand.withdrawn_on, cand.withdrawn_reason = None, ""
            cand.save(update_fields=["summary", "decision", "withdrawn_on", "withdrawn_reason"])
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.candidate.update",
                obj=cand,
                old={"summary": old},
                new={"summary": cand.summary},
                basis={"citations": cites, "decision": dict(decision)},
            )
    return cand, created


def _month_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    month: dt.date,
    on: dt.date | None,
    summary: str,
    decision: Mapping[str, Any],
) -> tuple[InfractionCandidate, bool]:
    """A fact of a month's trip file, keyed by the month: measured again by a later file of the
    same month, it keeps its row and takes the new figures (:func:`infraction_candidate_record`
    with ``refresh``)."""
    return infraction_candidate_record(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=kind,
        key=f"{month:%Y-%m}",
        on=on or today_of(municipality),
        summary=summary,
        decision=decision,
        refresh=True,
    )


def _month_candidate_withdraw(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    month: dt.date,
    on: dt.date | None,
    reason: str,
    basis: Callable[[InfractionCandidate], dict[str, Any]],
    lock: bool,
) -> InfractionCandidate | None:
    """A later file of the month no longer shows the fact: the candidate of ``kind`` listed for the
    platform's ``month`` and not withdrawn is marked withdrawn on ``on`` for ``reason``, with an
    act on ``basis(candidate)``; it is kept, and listed again if a later file shows it. ``lock``:
    the candidate's row is locked first, unless the caller already holds the platform's row. None
    when no such candidate is listed."""
    with transaction.atomic(), tenant(municipality):
        listed = InfractionCandidate.objects.filter(
            platform=platform, kind=kind, key=f"{month:%Y-%m}", withdrawn_on__isnull=True
        )
        cand = (listed.select_for_update() if lock else listed).first()
        if cand is None:
            return None
        cand.withdrawn_on, cand.withdrawn_reason = on or today_of(municipality), reason[:300]
        cand.save(update_fields=["withdrawn_on", "withdrawn_reason"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.candidate.withdraw",
            obj=cand,
            old={"summary": cand.summary},
            new={"withdrawn_on": cand.withdrawn_on.isoformat(), "reason": cand.withdrawn_reason},
            basis=basis(cand),
        )
    return cand


def concurrency_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    peak: int,
    peak_at: dt.datetime | None,
    source: str,
    decision: Mapping[str, Any],
    on: dt.date | None = None,
) -> tuple[InfractionCandidate, bool]:
    """D-9 (b): the month's peak of drivers online at the same instant, measured from the
    platform's sessions (or trips), exceeded the cap of art. 3, §2 — the law core said so in
    ``decision`` (``apps.concurrency_month``). Listed for the authority; never a penalty by
    itself (art. 26, parágrafo único; D-3)."""
    refused = [r for r in decision.get("reasons", []) if r.get("verdict") == "refused"]
    why = refused[0]["message"] if refused else decision.get("summary", "")
    # ``peak_at`` comes in the municipality's local time (the caller knows its time zone).
    when = f" em {peak_at:%d/%m/%Y às %H:%M}" if peak_at is not None else ""
    origin = "sessões" if source == "sessions" else "corridas"
    summary = (
        f"{month:%m/%Y}: {why} Pico medido{when} a partir das {origin} "
        f"({cited(municipality, 'concurrent_drivers_cap', on=month)})."
    )
    return _month_candidate_record(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=InfractionCandidate.Kind.CONCURRENT_PEAK,
        month=month,
        on=on,
        summary=summary,
        decision={**decision, "peak": peak, "peak_at": peak_at.isoformat() if peak_at else None},
    )


def concurrency_candidate_withdraw(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    peak: int,
    source: str,
    decision: Mapping[str, Any],
    on: dt.date | None = None,
) -> InfractionCandidate | None:
    """D-9 (b) measured again: a later file of the month (sessions, the preferred source, or a
    corrected trips file) puts the peak back within the cap of art. 3, §2. The candidate listed
    earlier is marked withdrawn with the new figure and an act; it is not deleted, and a later
    file over the cap lists it again. Returns the withdrawn candidate, or None if there was none
    to withdraw."""
    origin = "sessões" if source == "sessions" else "corridas"
    reason = (
        f"{month:%m/%Y}: novo arquivo mediu pico de {peak} motorista(s) a partir das {origin}, "
        f"dentro do limite ({cited(municipality, 'concurrent_drivers_cap', on=month)})."
    )
    cites = sorted(set(decision.get("citations", [])))
    return _month_candidate_withdraw(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=InfractionCandidate.Kind.CONCURRENT_PEAK,
        month=month,
        on=on,
        reason=reason,
        basis=lambda _cand: {"citations": cites, "decision": {**decision, "peak": peak}},
        lock=True,
    )


def stopped_trips_candidate_record(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    trips: int,
    decision: Mapping[str, Any],
    cites: str,
    on: dt.date | None = None,
) -> tuple[InfractionCandidate, bool]:
    """Art. 3 with art. 26, IV: ``trips`` of the month's trip file started while the platform's
    credential was suspended or cancelled — evidence that it operated when it could not, as the
    law core's ``credential_standing`` says in ``decision``. Listed for the authority, who decides
    whether to open a case (art. 26, parágrafo único; D-3); never a penalty by itself, and the trips
    stay in the month's totals (the tax of a service rendered is still due). ``cites``: the
    decision's articles as a person reads them."""
    why = decision.get("summary", "")
    summary = (
        f"{month:%m/%Y}: {trips} corrida(s) iniciada(s) com o credenciamento suspenso ou "
        f"cancelado. {why} ({cites})."
    )
    return _month_candidate_record(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=InfractionCandidate.Kind.CREDENTIAL_STOPPED,
        month=month,
        on=on,
        summary=summary,
        decision={**decision, "trips": trips},
    )


def stopped_trips_candidate_withdraw(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    month: dt.date,
    on: dt.date | None = None,
) -> InfractionCandidate | None:
    """A later file of the month (a corrected one) shows no trip started while the credential was
    suspended or cancelled: the candidate listed earlier is marked withdrawn with an act, not
    deleted; a later file that shows such trips lists it again. Called inside the file's
    transaction, which holds the platform's row."""
    reason = (
        f"{month:%m/%Y}: novo arquivo do mês sem corridas iniciadas com o credenciamento suspenso "
        "ou cancelado."
    )
    # No row lock: the caller holds the platform's row (it serialises the month's files), and no
    # row is locked after a transaction's first act (core.locking).
    return _month_candidate_withdraw(
        actor=actor,
        municipality=municipality,
        platform=platform,
        kind=InfractionCandidate.Kind.CREDENTIAL_STOPPED,
        month=month,
        on=on,
        reason=reason,
        basis=lambda cand: {"citations": sorted(set(cand.decision.get("citations", [])))},
        lock=False,
    )
