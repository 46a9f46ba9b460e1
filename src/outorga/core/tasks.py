"""The core's background tasks (django-tasks; run by `outorga db_worker`)."""

from __future__ import annotations

import datetime as dt

from django_tasks import task


@task()
def send_email(email_id: int) -> str:
    """One try at sending an :class:`~outorga.core.models.OutboundEmail` (core/mail.py)."""
    from .mail import email_attempt

    return email_attempt(email_id)


@task()
def sweep_municipality(slug: str, on: str, steps: list[str] | None = None) -> str:
    """One municipality's daily sweep on a worker, every step in order (the registry first):
    ``outorga sweep --enqueue`` queues one per municipality, so each ``outorga db_worker`` sweeps
    a municipality at a time, in parallel. Every step is idempotent, so a task taken again after
    its worker died (core/tasklease.py) changes nothing twice. Returns the summary per step."""
    from .sweep import municipalities, run, summary_lines

    found = municipalities(slug)
    if not found:
        return f"município desconhecido: {slug}"
    return "\n".join(
        line
        for r in run(dt.date.fromisoformat(on), found[0], only=steps)
        for line in summary_lines(r)
    )


@task()
def sweep_part(part_id: int) -> str:
    """One part of a municipality's sweep split over the workers (``outorga sweep --enqueue
    --shards N``, core/sweep.py): a shard of a heavy step, its tail or a whole light step. When
    it ends its stage, it queues the next one. Idempotent (a part taken again after its worker
    died changes nothing twice). Returns the part's summary."""
    from .sweep import part_run

    return part_run(part_id)
