"""The core's background tasks (django-tasks; run by `outorga db_worker`)."""

from __future__ import annotations

from django_tasks import task


@task()
def send_email(email_id: int) -> str:
    """One try at sending an :class:`~outorga.core.models.OutboundEmail` (core/mail.py)."""
    from .mail import email_attempt

    return email_attempt(email_id)
