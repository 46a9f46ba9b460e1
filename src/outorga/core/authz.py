"""Competence checks for services: the law's table decides, refusals are logged.

Call :func:`authorize` before opening the service's transaction, so that the refusal's act is kept
even though the refused change is not made.
"""

from __future__ import annotations

import datetime as dt

from outorga.law.competence import Competence, NotCompetent, check

from .acts import Actor, record_act
from .localtime import today_of
from .models import Municipality


def authorize(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    law: str | None = None,
    on: dt.date | None = None,
) -> Competence | None:
    """Check ``actor`` may perform ``action`` under ``law`` on ``on`` (the date of the act; the
    municipality's today when not given: the competence table is dated, D-15)."""
    user = actor.user
    if user is not None and user.municipality_id not in (None, municipality.pk):
        # A user acts only in their own municipality, whatever their role.
        exc = NotCompetent(actor.role, law or "sistema", action, None)
        _log_refusal(actor, municipality, action, law, "usuário de outro município")
        raise exc
    try:
        return check(actor.role, action, law, on or today_of(municipality))
    except NotCompetent as exc:
        _log_refusal(actor, municipality, action, law, str(exc))
        raise


def _log_refusal(
    actor: Actor, municipality: Municipality, action: str, law: str | None, why: str
) -> None:
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        object_type="competence",
        object_id=law or "sistema",
        outcome="refused",
        extra={"motivo": why},
    )
