"""Documents an applicant sends from the portal and the clerk's review of each.

The applicant sends a document the law asks of them (``submission_send``: the file judged by its
bytes in ``core.uploads``, idempotent — the same file for the same record while it waits or once
accepted is the same submission). The clerk accepts it (``submission_accept``: the registry's
``document_record`` makes it a record, which the law's facts then read) or refuses it with a
reason (``submission_refuse``); the applicant may send a refused document again. Each step is an
act; a refusal also tells the applicant by email (a courtesy, ``core.mail``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core import uploads
from outorga.core.acts import Actor, competence_basis, record_act
from outorga.core.authz import authorize
from outorga.core.filestore import save_in_transaction
from outorga.core.lawseam import LawNotBound, law_of, service_citations
from outorga.core.localtime import day_of, today_of
from outorga.core.mail import absolute_url, email_queue
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import render_many
from outorga.law.competence import Competence

from ..acting import speaks_for
from ..models import Document, DocumentSubmission, Person, Vehicle
from ..validation import FieldError
from .common import (
    InvalidTransition,
    legal_person_services,
    natural_person_only,
    own_or_desk,
    service_law,
)
from .documents import cover_terms, document_record, file_read, owner_fits, takes_cover_end

#: A refusal's reason is read by the applicant: it must say what to fix.
MIN_REASON = 10


def _pending_or_accepted(
    person: Person, vehicle: Vehicle | None, doc_type: str, digest: str
) -> DocumentSubmission | None:
    """The submission of the same file not refused, locked: a correction typed with it again
    is written while no clerk reviews it (:func:`_typed_again`)."""
    return (
        DocumentSubmission.objects.select_for_update()
        .filter(person=person, vehicle=vehicle, doc_type=doc_type, sha256=digest)
        .exclude(status=DocumentSubmission.Status.REFUSED)
        .first()
    )


def submission_send(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Person,
    service: str,
    doc_type: str,
    issued_on: dt.date | None,
    content: bytes,
    number: str = "",
    vehicle: Vehicle | None = None,
    valid_until: dt.date | None = None,
    coverage_cents: int | None = None,
) -> DocumentSubmission:
    """The applicant's own document for the service they apply for, waiting for review — or a
    company's (taxi art. 23), sent by its responsible person once the desk has confirmed the
    link (``own_or_desk``, the one reading of "own" the registry's writes share). A policy the
    law asks for comes with the end and amount of cover printed on it (``cover_terms``)."""
    law = service_law(municipality, service)
    competence = authorize(
        actor=actor, municipality=municipality, action="application.submit", law=law
    )
    if own_or_desk(actor, person) != "application.submit":
        raise FieldError("candidato", "cada interessado envia apenas os próprios documentos")
    if person.kind == Person.Kind.LEGAL and service not in legal_person_services(municipality):
        raise FieldError(
            "serviço",
            "este serviço só é dado a pessoa física: a empresa não envia documentos para ele",
            render_many(
                service_citations(municipality, service, "natural_person")
                or natural_person_only(municipality)
            ),
        )
    if vehicle is not None and vehicle.owner_id != person.pk:
        raise FieldError("veículo", "envie documentos apenas de veículo seu")
    if doc_type not in Document.Type.values:
        raise FieldError("tipo", "tipo de documento desconhecido")
    owner_fits(doc_type, vehicle_only=vehicle is not None)
    if issued_on is None:
        raise FieldError("emissão", "informe a data de emissão do documento")
    today = today_of(municipality)
    if issued_on > today:
        raise FieldError("emissão", "a data de emissão não pode ser futura")
    cover_terms(law, doc_type, issued_on, valid_until, coverage_cents)
    ctype = uploads.checked(content, kind="document")
    digest = hashlib.sha256(content).hexdigest()
    with transaction.atomic(), tenant(municipality):
        # The applicant's row first (ADR 0015: the registry's rows before the act chain), so two
        # sends of the same file one after the other find the first.
        locked = Person.objects.select_for_update().get(pk=person.pk)
        # The link read again under the lock: one the desk removed meanwhile sends nothing.
        if not speaks_for(actor.user, locked):
            raise FieldError("candidato", "cada interessado envia apenas os próprios documentos")
        existing = _pending_or_accepted(person, vehicle, doc_type, digest)
        if existing is not None:
            typed = {
                "number": number.strip()[:60],
                "issued_on": issued_on,
                "valid_until": valid_until,
                "coverage_cents": coverage_cents,
            }
            return _typed_again(actor, municipality, existing, typed, competence)
        sub = DocumentSubmission(
            person=person,
            vehicle=vehicle,
            service=service,
            doc_type=doc_type,
            number=number.strip()[:60],
            issued_on=issued_on,
            valid_until=valid_until,
            coverage_cents=coverage_cents,
            content_type=ctype,
            sha256=digest,
            size=len(content),
            submitted_at=timezone.now(),
        )
        save_in_transaction(sub.file, f"{digest[:16]}.{uploads.EXTENSIONS[ctype]}", content)
        sub.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="document.submit",
            obj=sub,
            new={
                "type": doc_type,
                "person": person.pk,
                "vehicle": vehicle.pk if vehicle else None,
                "issued_on": issued_on,
                "valid_until": valid_until,
                "coverage_cents": coverage_cents,
                "sha256": digest,
            },
            basis=competence_basis(competence),
        )
    return sub


def _typed_again(
    actor: Actor,
    municipality: Municipality,
    sub: DocumentSubmission,
    typed: dict[str, Any],
    competence: Competence | None,
) -> DocumentSubmission:
    """The same file sent again: the submission already made (the send is idempotent) — but,
    while it waits for review, with what the applicant typed of it this time where that differs
    (a corrected end of cover, date or number): the desk reviews the applicant's latest reading
    of their own document. An accepted one stays as the desk recorded it. ``sub`` is locked
    (:func:`_pending_or_accepted`)."""
    changed = {k: v for k, v in typed.items() if getattr(sub, k) != v}
    if sub.status != DocumentSubmission.Status.PENDING or not changed:
        return sub
    old = {k: getattr(sub, k) for k in changed}
    for k, v in changed.items():
        setattr(sub, k, v)
    sub.save(update_fields=list(changed))
    record_act(
        municipality=municipality,
        actor=actor,
        action="document.submit.correct",
        obj=sub,
        old=old,
        new=changed,
        basis=competence_basis(competence),
    )
    return sub


def _locked_pending(sub: DocumentSubmission) -> DocumentSubmission:
    sub = DocumentSubmission.objects.select_for_update().get(pk=sub.pk)
    if sub.status != DocumentSubmission.Status.PENDING:
        raise InvalidTransition(f"este envio já foi conferido ({sub.get_status_display()})")
    return sub


def _reviewed(
    sub: DocumentSubmission,
    *,
    actor: Actor,
    municipality: Municipality,
    status: str,
    recorded: Mapping[str, Any],
    action: str,
    new: Mapping[str, Any],
) -> None:
    """Close the locked submission as ``status``, reviewed by the actor now, with the review's own
    fields (``recorded``: the document made of it, the refusal's reason), and its act
    (``action``, with the status and ``new``)."""
    sub.status = status
    sub.reviewed_by, sub.reviewed_at = actor.user, timezone.now()
    for name, value in recorded.items():
        setattr(sub, name, value)
    sub.save(update_fields=["status", "reviewed_by", "reviewed_at", *recorded])
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=sub,
        new={"status": sub.status, **new},
    )


def submission_accept(
    *,
    actor: Actor,
    municipality: Municipality,
    submission: DocumentSubmission,
    cover: tuple[dt.date | None, int | None] | None = None,
) -> DocumentSubmission:
    """The clerk accepts the document: it becomes the registry's record (its validity asked to the
    law, the permits it counts for refreshed), dated as presented on the day it was sent. A
    policy's end and amount of cover are those the clerk confirmed on the file (``cover``, as
    given: an amount cleared is none), else those the applicant typed; a document that is no
    policy under the law in force takes neither."""
    law = service_law(municipality, submission.service)
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    with transaction.atomic(), tenant(municipality):
        Person.objects.select_for_update().get(pk=submission.person_id)
        sub = _locked_pending(submission)
        with sub.file.open("rb") as fh:
            content = bytes(fh.read())
        end, amount = cover if cover is not None else (sub.valid_until, sub.coverage_cents)
        if not takes_cover_end(law, sub.doc_type):
            end, amount = None, None
        doc = document_record(
            actor=actor,
            municipality=municipality,
            law=law,
            doc_type=sub.doc_type,
            issued_on=sub.issued_on,
            person=None if sub.vehicle_id else sub.person,
            vehicle=sub.vehicle,
            number=sub.number,
            content=content,
            presented_on=day_of(municipality, sub.submitted_at),
            valid_until=end,
            coverage_cents=amount,
        )
        _reviewed(
            sub,
            actor=actor,
            municipality=municipality,
            status=DocumentSubmission.Status.ACCEPTED,
            recorded={"document": doc},
            action="document.submission.accept",
            new={"document": doc.pk},
        )
    return sub


def submission_refuse(
    *,
    actor: Actor,
    municipality: Municipality,
    submission: DocumentSubmission,
    reason: str,
    portal_path: str = "",
) -> DocumentSubmission:
    """The clerk refuses the document, saying why; the applicant is told (by email too, when the
    address is known) and may send it again."""
    law = service_law(municipality, submission.service)
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    reason = " ".join(reason.split())[:500]
    if len(reason) < MIN_REASON:
        raise FieldError("motivo", "diga ao interessado o que corrigir (ao menos 10 letras)")
    with transaction.atomic(), tenant(municipality):
        Person.objects.select_for_update().get(pk=submission.person_id)
        sub = _locked_pending(submission)
        _reviewed(
            sub,
            actor=actor,
            municipality=municipality,
            status=DocumentSubmission.Status.REFUSED,
            recorded={"refusal_reason": reason},
            action="document.submission.refuse",
            new={"reason": reason},
        )
        person = sub.person
        # A company's documents are sent by its responsible person: they are told.
        told = person.representative if person.kind == Person.Kind.LEGAL else None
        told = told if told is not None and person.representative_confirmed_on else person
        address = told.user.email if told.user_id and told.user else told.email
        link = absolute_url(portal_path) if portal_path else ""
        email_queue(
            municipality=municipality,
            to=address,
            subject=f"Documento recusado: {sub.type_label}",
            body=(
                f"Olá, {told.name}.\n\n"
                f"O documento {sub.type_label}"
                + (f" da empresa {person.name}" if told is not person else "")
                + f" que você enviou em "
                f"{day_of(municipality, sub.submitted_at):%d/%m/%Y} foi recusado pelo "
                f"atendimento de {municipality.name}.\n\nMotivo: {sub.refusal_reason}\n\n"
                "Corrija e envie o documento de novo pelo portal"
                + (f": {link}" if link else ".")
                + "\n"
            ),
            obj=sub,
        )
    return sub


def submission_file(
    *, actor: Actor, municipality: Municipality, submission: DocumentSubmission
) -> bytes:
    """The sent file, for the clerk who reviews it; reading a sensitive one (health, criminal) is
    an act, as for a recorded document. A reading: once the binding of its service ended, under
    the law that governed it last (ADR 0062); where no law ever governed it here, a refusal
    naming the service."""
    try:
        law = law_of(municipality, submission.service, nearest=True, ended=True)
    except LawNotBound as exc:
        raise FieldError("serviço", str(exc)) from None
    authorize(actor=actor, municipality=municipality, action="registry.record", law=law)
    return file_read(
        actor=actor,
        municipality=municipality,
        obj=submission,
        action="document.submission.read",
    )
