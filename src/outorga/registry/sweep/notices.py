"""The registry's sweep, its avisos: of documents, the CNH, the registration certificate and the
vehicle's age, 30, 15 and 7 days before the date and once it has passed — each sent once (by its
key), to the holder (portal, and an email to an address on record) and the clerks."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import capfirst

from outorga.core.bulkwrite import insert_rows
from outorga.core.models import Municipality
from outorga.law.rulebook import fmt

from ..models import Document, DrivingLicence, Notification, Permit, Service
from ..notifications import email_holder, notification_send
from .regularity import Laws, VehicleAge, _doc_citations, _doc_label, _reaches

#: Days before an expiry at which the holder and the clerks are warned.
THRESHOLDS = (30, 15, 7)


def _threshold(days_left: int) -> int | None:
    hit = [t for t in THRESHOLDS if days_left <= t]
    return min(hit) if hit else None


def _days(n: int) -> str:
    return f"{n} dia" if n == 1 else f"{n} dias"


@dataclass
class Notice:
    """An aviso the sweep sends once (:func:`notification_send`'s arguments)."""

    key: str
    kind: str
    message: str
    person: Any
    permit: Permit | None
    due_on: dt.date | None


def _expiry_notice(
    *,
    key: str,
    kind: str,
    what: str,
    until: dt.date,
    on: dt.date,
    person: Any,
    permit: Permit | None,
    citations: Iterable[str] = (),
    action: str = "apresente o novo documento no atendimento",
) -> Notice | None:
    """The warning of an expiry ``until`` due on ``on`` (30, 15, 7 days before), if any."""
    left = (until - on).days
    t = _threshold(left)
    if left < 0 or t is None:
        return None
    cites = "; ".join(citations)
    message = f"{capfirst(what)} vence em {fmt(until)} (faltam {_days(left)}): {action}."
    if cites:
        message += f" ({cites})"
    return Notice(f"{key}:{until.isoformat()}:{t}", kind, message, person, permit, until)


def _permit_notices(
    laws: Laws,
    permit: Permit,
    on: dt.date,
    docs: list[Document],
    licence: DrivingLicence | None,
) -> list[Notice]:
    """The avisos of the permit's documents, its holder's CNH and its registration certificate
    on ``on`` (those already sent are skipped when sent)."""
    out: list[Notice | None] = []
    # The certificate's validity (mototaxi art. 4 §1); a law without one cites none here.
    law_cite: tuple[str, ...] = ()
    if permit.service != Service.TAXI:
        law_cite = laws.cites(permit.law_on(on), "registration_certificate")
    for doc in docs:
        if doc.valid_until is None:
            continue
        if doc.valid_until < on:
            out.append(
                Notice(
                    f"registry.doc-expired:{doc.pk}",
                    Notification.Kind.DOCUMENT_EXPIRED,
                    f"{capfirst(_doc_label(doc))}: validade vencida em "
                    f"{fmt(doc.valid_until)}; apresente o novo documento no atendimento.",
                    permit.holder,
                    permit,
                    doc.valid_until,
                )
            )
        else:
            out.append(
                _expiry_notice(
                    key=f"registry.doc:{doc.pk}",
                    kind=Notification.Kind.DOCUMENT_EXPIRING,
                    what=_doc_label(doc),
                    until=doc.valid_until,
                    on=on,
                    person=permit.holder,
                    permit=permit,
                    citations=_doc_citations(doc),
                )
            )
    if licence is not None:
        out.append(
            _expiry_notice(
                key=f"registry.cnh:{licence.pk}:{permit.pk}",
                kind=Notification.Kind.LICENCE_EXPIRING,
                what=f"A CNH {licence.number}",
                until=licence.expires_on,
                on=on,
                person=permit.holder,
                permit=permit,
                action="renove a habilitação e apresente-a no atendimento",
            )
        )
    if permit.certificate_valid_until:
        out.append(
            _expiry_notice(
                key=f"registry.cert:{permit.pk}",
                kind=Notification.Kind.CERTIFICATE_EXPIRING,
                what=f"O certificado de registro da permissão {permit.number}",
                until=permit.certificate_valid_until,
                on=on,
                person=permit.holder,
                permit=permit,
                citations=law_cite,
                action="solicite a renovação no atendimento",
            )
        )
    return [n for n in out if n is not None]


def _warn_expiry(m: Municipality, **kwargs: Any) -> bool:
    """Send the warning of :func:`_expiry_notice`, if due and not yet sent."""
    n = _expiry_notice(**kwargs)
    return n is not None and _send(m, n)


def _send(m: Municipality, n: Notice) -> bool:
    _, created = notification_send(
        municipality=m, key=n.key, kind=n.kind, message=n.message, person=n.person,
        permit=n.permit, due_on=n.due_on,
    )  # fmt: skip
    return created


def _vehicle_age_notice(m: Municipality, permit: Permit, age: VehicleAge, on: dt.date) -> bool:
    n = _vehicle_age_notice_of(permit, age, on)
    return n is not None and _send(m, n)


def _vehicle_age_notice_of(permit: Permit, age: VehicleAge, on: dt.date) -> Notice | None:
    """The aviso of the vehicle's age: over it, or reaching it within 30 days."""
    plate = permit.vehicle.plate if permit.vehicle else ""
    cites = "; ".join(age.citations)
    if age.over:
        key = f"registry.vehicle-age:{permit.pk}:{permit.vehicle_id}:vencido"
        message = (
            f"O veículo {plate} passou da idade máxima em {fmt(age.limit_on)}"
            + (f" e a substituição era devida até {fmt(age.deadline)}" if age.deadline else "")
            + f": substitua o veículo ({cites})."
        )
        due = age.deadline or age.limit_on
    else:
        # Warn 30 days before the limit (and, for taxis, as soon as the deadline is known).
        if (age.limit_on - on).days > THRESHOLDS[0]:
            return None
        key = f"registry.vehicle-age:{permit.pk}:{permit.vehicle_id}:prazo"
        if permit.service == Service.TAXI and age.deadline:
            message = (
                f"O veículo {plate} {_reaches(age)} em {fmt(age.limit_on)}: substitua-o até a "
                f"renovação de {fmt(age.deadline)} ({cites})."
            )
            due = age.deadline
        else:
            message = (
                f"O veículo {plate} passa da idade máxima em {fmt(age.limit_on)}: providencie "
                f"a substituição até essa data ({cites})."
            )
            due = age.limit_on
    return Notice(key, Notification.Kind.VEHICLE_AGE, message, permit.holder, permit, due)


def _notices_send(m: Municipality, notices: list[Notice]) -> int:
    """Create the avisos not yet sent (by key, the first of a key in the batch), by one insert;
    each new one to a holder with an email address is emailed as :func:`notification_send`
    does. Should another sweep have created one meanwhile, one by one. Returns how many."""
    first: dict[str, Notice] = {}
    for n in notices:
        first.setdefault(n.key, n)
    sent = set(Notification.objects.filter(key__in=list(first)).values_list("key", flat=True))
    todo = [n for key, n in first.items() if key not in sent]
    if not todo:
        return 0
    rows = [
        Notification(
            municipality=m,
            key=n.key,
            kind=n.kind,
            message=n.message[:500],
            person=n.person,
            permit=n.permit,
            due_on=n.due_on,
        )  # fmt: skip
        for n in todo
    ]
    try:
        with transaction.atomic():
            insert_rows(rows)
    except IntegrityError:
        return sum(_send(m, n) for n in todo)
    for row in rows:
        if row.person is not None and (row.person.email or "").strip():
            email_holder(m, row, row.person)
    return len(rows)
