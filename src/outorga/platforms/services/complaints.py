"""Complaints about a platform: filed by the public, forwarded and answered (art. 11 III, art. 15)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.numbering import next_number
from outorga.core.tenancy import tenant
from outorga.core.tokens import new_secret
from outorga.law.decisions import Decision

from ..models import Complaint, Platform, PlatformNotice
from ..notices import platform_notice_send
from .common import (
    PlatformError,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    field_error,
)

# --- complaints (art. 11 III, art. 15) ------------------------------------------------------------


#: The platforms a user may complain about on the public form (art. 11 III): a suspension stops
#: the platform's operation (art. 3, art. 26 IV), not its duty to answer the users (art. 15).
#: Leaving a cancelled one out is the form's choice, not a rule of the law: the law core keeps
#: even a cancelled platform's duty to answer (``credential_standing``, kept act ``complaint``);
#: whether the form still takes new complaints about a platform gone from the service is the
#: municipality's to decide.
COMPLAINABLE = (Platform.Status.CREDENTIALED, Platform.Status.SUSPENDED)

#: The kind of the tracking code a complainant gets (``rec_<prefix>_<secret>``, core.tokens).
TRACKING_KIND = "rec"


def _protocol(on: dt.date) -> str:
    """``REC-2026-000123``: sequential per municipality and year (the caller's transaction holds
    the counter), readable over the telephone."""
    return f"REC-{on.year}-{next_number(f'reclamacao:{on.year}'):06d}"


def answer_deadline(municipality: Municipality, filed_on: dt.date) -> Decision:
    """The law core's last day to answer a complaint filed on ``filed_on`` (art. 15: 5 business
    days, D-4), under the law in force on that day."""
    return bound_law(municipality, filed_on).ask(
        "complaint_deadline", {"filed_on": filed_on.isoformat()}
    )


def complaint_notice_text(municipality: Municipality, complaint: Complaint) -> str:
    """The aviso of a complaint received: what to answer and by when."""
    return (
        f"Reclamação {complaint.protocol} ({complaint.get_source_display()}): responda "
        f"até {complaint.deadline:%d/%m/%Y}, em “Reclamações” "
        f"({cited(municipality, 'complaint_answer', on=complaint.filed_on)})."
    )


def _complaint_create(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    source: str,
    description: str,
    filed_on: dt.date,
    complainant_name: str = "",
    complainant_contact: str = "",
    occurred_on: dt.date | None = None,
    platform_reference: str = "",
    secret_digest: str = "",
) -> Complaint:
    if not description.strip():
        raise field_error("description", "Descreva a reclamação.")
    if occurred_on is not None and occurred_on > filed_on:
        raise field_error(
            "occurred_on",
            f"A data do fato ({occurred_on:%d/%m/%Y}) não pode ser posterior à do registro da "
            f"reclamação ({filed_on:%d/%m/%Y}).",
        )
    with transaction.atomic(), tenant(municipality):
        decision = answer_deadline(municipality, filed_on)
        complaint = Complaint.objects.create(
            platform=platform,
            protocol=_protocol(filed_on),
            source=source,
            platform_reference=platform_reference,
            complainant_name=complainant_name.strip(),
            complainant_contact=complainant_contact.strip(),
            occurred_on=occurred_on,
            description=description.strip(),
            filed_on=filed_on,
            deadline=decision.outcome["deadline"],
            decision=decision.to_json(),
            secret_digest=secret_digest,
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="complaint.file",
            obj=complaint,
            new={
                "platform": platform.pk,
                "source": source,
                "protocol": complaint.protocol,
                "deadline": complaint.deadline,
            },
            basis=basis_many([decision]),
        )
        platform_notice_send(
            municipality=municipality,
            platform=platform,
            key=f"complaint-{complaint.pk}",
            kind=PlatformNotice.Kind.COMPLAINT,
            message=complaint_notice_text(municipality, complaint),
            due_on=complaint.deadline,
        )
    return complaint


def complaint_file_public(
    *,
    municipality: Municipality,
    platform: Platform,
    description: str,
    complainant_name: str = "",
    complainant_contact: str = "",
    occurred_on: dt.date | None = None,
    ip: str | None = None,
    on: dt.date | None = None,
) -> tuple[Complaint, str]:
    """A user's complaint on the public form (art. 11 III); no login. Returns the complaint and
    its tracking code, shown only this once: with the protocol it opens the tracking page."""
    if platform.status not in COMPLAINABLE:
        raise field_error(
            "platform",
            "Escolha uma plataforma credenciada ou com o credenciamento suspenso: o desta foi "
            f"cancelado ({cited(municipality, 'credential_measures')}).",
        )
    _, secret = new_secret(TRACKING_KIND)
    # No login sets the clock for a visitor: the day the complaint is filed, from which art. 15
    # counts (D-4), is the municipality's day, not Brasília's.
    filed_on = on or today_of(municipality)
    complaint = _complaint_create(
        actor=Actor(None, "publico", "formulário público", ip),
        municipality=municipality,
        platform=platform,
        source=Complaint.Source.PUBLIC,
        description=description,
        filed_on=filed_on,
        complainant_name=complainant_name,
        complainant_contact=complainant_contact,
        occurred_on=occurred_on,
        secret_digest=Complaint.digest_of(secret),
    )
    return complaint, secret


def complaint_forward(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    description: str,
    filed_on: dt.date,
    platform_reference: str = "",
    occurred_on: dt.date | None = None,
    on: dt.date | None = None,
) -> Complaint:
    """A platform forwards a complaint its channel received (art. 11 III); the deadline counts from
    the day the user filed it with the platform (art. 15)."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.data.submit")
    today = on or today_of(municipality)
    if filed_on > today:
        raise field_error(
            "filed_on",
            f"Data de registro ({filed_on:%d/%m/%Y}) no futuro: hoje é {today:%d/%m/%Y} no "
            "Município (o prazo de resposta corre do registro: "
            f"{cited(municipality, 'complaint_answer')}; decisão D-4).",
        )
    return _complaint_create(
        actor=actor,
        municipality=municipality,
        platform=platform,
        source=Complaint.Source.PLATFORM,
        description=description,
        filed_on=filed_on,
        platform_reference=platform_reference,
        occurred_on=occurred_on,
    )


def complaint_answer(
    *,
    actor: Actor,
    municipality: Municipality,
    complaint: Complaint,
    answer: str,
    on: dt.date | None = None,
) -> tuple[Complaint, Decision]:
    """The platform answers (art. 15); the law core says whether it answered in time."""
    authorize_apps(actor=actor, municipality=municipality, action="complaint.answer")
    if not answer.strip():
        raise field_error("answer", "A resposta não pode ser vazia.")
    on = on or today_of(municipality)
    with transaction.atomic(), tenant(municipality):
        c = Complaint.objects.select_for_update().get(pk=complaint.pk)
        if c.status == Complaint.Status.ANSWERED:
            raise PlatformError("Reclamação já respondida.", status=409)
        decision = bound_law(municipality, on).ask(
            "complaint_deadline",
            {"filed_on": c.filed_on.isoformat(), "answered_on": on.isoformat()},
        )
        c.status = Complaint.Status.ANSWERED
        c.answer = answer.strip()
        c.answered_at = timezone.now()
        c.answered_on = on
        c.decision = decision.to_json()
        c.save()
        record_act(
            municipality=municipality,
            actor=actor,
            action="complaint.answer",
            obj=c,
            old={"status": "open"},
            new={"status": c.status, "answered_on": on, "result": decision.outcome["status"]},
            basis=basis_many([decision]),
        )
    return c, decision
