"""Email that reaches people: queued with what it tells, sent by the worker, retried, recorded.

A service that has something to tell a person by email calls :func:`email_queue` inside its own
transaction: the :class:`~outorga.core.models.OutboundEmail` row is written with the notice, and
the task that sends it is enqueued only when that transaction commits (a rolled-back notice sends
nothing; nothing is ever sent inside a request). The worker (``outorga db_worker``) runs
:func:`email_attempt`: it hands the message to Django's email backend (SMTP from the environment,
the console in the demo), records the attempt, and on a refusal or an unreachable server enqueues
the next try with an exponential backoff, until ``OUTORGA_EMAIL_MAX_ATTEMPTS`` — then the message
is marked failed with the server's answer.

Every such email is a courtesy: the date of a notice in law is the one decision D-4 names
(signature, the AR, the Diário Oficial), and none of the municipalities' laws makes email a form of
notice (:data:`COURTESY` says so at the foot of each message).
"""

from __future__ import annotations

import datetime as dt
import logging
import smtplib
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from .acts import Actor, record_act
from .authz import authorize
from .errors import Conflict
from .models import Municipality, OutboundEmail, OutboundEmailAttempt
from .tenancy import tenant, unscoped

log = logging.getLogger(__name__)

COURTESY = (
    "Este e-mail é uma cortesia e não é notificação oficial. A data legal de uma notificação "
    "segue a decisão D-4 (entrega pessoal: data da assinatura; via postal: data do AR; Diário "
    "Oficial ou edital: data da publicação), e os prazos correm a partir dela."
)


def absolute_url(path: str) -> str:
    """A link for a message read outside the application (``OUTORGA_BASE_URL`` + path)."""
    return f"{settings.OUTORGA_BASE_URL}{path}"


def email_queue(
    *,
    municipality: Municipality,
    to: str,
    subject: str,
    body: str,
    obj: models.Model | None = None,
) -> OutboundEmail | None:
    """Record a message for ``to`` in the caller's transaction and send it once that commits.
    Returns ``None`` when there is no address to write to."""
    to = (to or "").strip()
    if not to:
        return None
    with tenant(municipality):
        email = OutboundEmail.objects.create(
            to=to,
            subject=subject[:200],
            body=body,
            object_type=obj._meta.label_lower if obj is not None else "",
            object_id=str(obj.pk) if obj is not None else "",
        )
    transaction.on_commit(partial(_enqueue, email.pk), robust=True)
    return email


def notice_email(
    *,
    municipality: Municipality,
    to: str,
    name: str,
    title: str,
    message: str,
    due_on: dt.date | None,
    link_path: str,
    link_label: str,
    obj: models.Model,
) -> str:
    """The courtesy email of a notice with a deadline — the one way every notice kind, to a holder
    or to a platform, reaches an inbox: in Portuguese, with the deadline (dd/mm/aaaa), the link
    to the page that shows it and :data:`COURTESY`. Queued in the caller's transaction (see
    :func:`email_queue`); returns the address written to, or ``""`` when there is none (the notice
    shows that it was not emailed)."""
    deadline = f" — prazo até {due_on:%d/%m/%Y}" if due_on else ""
    lines = [f"Olá, {name}." if name else "Olá.", "", message, ""]
    if due_on:
        lines += [f"Prazo: {due_on:%d/%m/%Y}.", ""]
    lines += [
        f"{link_label}:",
        absolute_url(link_path),
        "",
        COURTESY,
        "",
        f"Prefeitura de {municipality.name}/{municipality.uf} — Outorga",
    ]
    email = email_queue(
        municipality=municipality,
        to=to,
        subject=f"Aviso de {municipality.name}: {title}{deadline}",
        body="\n".join(lines),
        obj=obj,
    )
    return email.to if email is not None else ""


N = TypeVar("N", bound=models.Model)


def notice_once(model: type[N], key: str, make: Callable[[], N]) -> tuple[N, bool]:
    """The notice identified by ``key`` (unique per municipality), made by ``make`` — which also
    queues its email — unless it exists: the sweep asks every day, and each notice is told once.
    Called inside ``tenant(...)``; returns the notice and whether it was made now."""
    existing = model._default_manager.filter(key=key).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            return make(), True
    except IntegrityError:
        # Another run made it between our read and our write: same key, same notice.
        return model._default_manager.get(key=key), False


def _enqueue(email_id: int, run_after: dt.datetime | None = None) -> None:
    from .tasks import send_email

    task = send_email.using(run_after=run_after) if run_after is not None else send_email
    result = task.enqueue(email_id)
    with unscoped():
        OutboundEmail.objects.filter(pk=email_id).update(task_id=str(result.id))


def retry_delay(attempt: int) -> dt.timedelta:
    """How long after its ``attempt``-th failed try a message is tried again (doubling)."""
    return dt.timedelta(seconds=settings.OUTORGA_EMAIL_RETRY_SECONDS * 2 ** (attempt - 1))


def describe(exc: BaseException) -> str:
    """The server's answer as a clerk can read it (``554 5.7.1 …``), or the network error."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        parts = [f"{addr}: {code} {_text(msg)}" for addr, (code, msg) in exc.recipients.items()]
        text = "destinatário recusado — " + "; ".join(parts)
    elif isinstance(exc, smtplib.SMTPResponseException):
        text = f"{exc.smtp_code} {_text(exc.smtp_error)}"
    else:
        text = f"{type(exc).__name__}: {exc}"
    return text[:500]


def _text(msg: bytes | str) -> str:
    return msg.decode("utf-8", "replace") if isinstance(msg, bytes) else str(msg)


def email_attempt(email_id: int) -> str:
    """One try at sending a queued message (the worker's task); returns its status after it.

    A message already sent or given up is left alone, so a task run twice (a worker taken for
    dead, ADR 0016) sends it once. The server is spoken to outside any transaction."""
    with unscoped():
        with transaction.atomic():
            email = OutboundEmail.objects.select_for_update().get(pk=email_id)
            if email.status != OutboundEmail.Status.QUEUED:
                return email.status
            email.attempts += 1
            email.save(update_fields=["attempts"])
        number = email.attempts
        error = ""
        try:
            EmailMessage(email.subject, email.body, to=[email.to]).send()
        except (smtplib.SMTPException, OSError) as exc:
            error = describe(exc)
            log.warning("e-mail %s, tentativa %s: %s", email_id, number, error)
        now = timezone.now()
        with transaction.atomic():
            email = OutboundEmail.objects.select_for_update().get(pk=email_id)
            OutboundEmailAttempt.objects.create(
                municipality_id=email.municipality_id,
                email=email,
                number=number,
                at=now,
                ok=not error,
                error=error,
            )
            if not error:
                email.status, email.sent_at, email.last_error = OutboundEmail.Status.SENT, now, ""
            else:
                email.last_error = error
                if number - email.attempts_before_resend >= settings.OUTORGA_EMAIL_MAX_ATTEMPTS:
                    email.status = OutboundEmail.Status.FAILED
                else:
                    # A resent email starts its delays again, as its attempts are counted again.
                    again = retry_delay(number - email.attempts_before_resend)
                    transaction.on_commit(partial(_enqueue, email.pk, now + again), robust=True)
            email.save(update_fields=["status", "sent_at", "last_error"])
    return email.status


def email_resend(
    *, actor: Actor, municipality: Municipality, email: OutboundEmail
) -> OutboundEmail:
    """Put a failed message back in the queue ("reenviar"), after the address or the server was
    put right: the worker sends it once this commits, with a new round of tries; the request
    sends nothing. Only a failed message: a queued one is still being tried, a sent one was
    delivered to the server."""
    authorize(actor=actor, municipality=municipality, action="system.email.resend")
    with transaction.atomic(), tenant(municipality):
        e = OutboundEmail.objects.select_for_update().get(pk=email.pk)
        if e.status != OutboundEmail.Status.FAILED:
            raise Conflict(
                f"Só um e-mail que falhou pode ser reenviado; este está {e.get_status_display()}."
            )
        e.status, e.attempts_before_resend = OutboundEmail.Status.QUEUED, e.attempts
        e.save(update_fields=["status", "attempts_before_resend"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="email.resend",
            obj=e,
            old={"status": OutboundEmail.Status.FAILED, "attempts": e.attempts},
            new={"status": e.status},
            extra={"last_error": e.last_error},
        )
        transaction.on_commit(partial(_enqueue, e.pk), robust=True)
    return e
