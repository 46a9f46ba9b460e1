"""Avisos: created once per key by whichever area has something to tell the holder or the
clerks (the registry's sweep, the ledger, enforcement); the holder reads them in the portal."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from .models import Notification, Permit, Person


def notification_send(
    *,
    municipality: Municipality,
    key: str,
    kind: str,
    message: str,
    person: Person | None = None,
    permit: Permit | None = None,
    due_on: dt.date | None = None,
) -> tuple[Notification, bool]:
    """Create the aviso identified by ``key`` unless it exists: the sweep calls this every day, and
    the holder must read each notice once. Returns the aviso and whether it was created."""
    if kind not in Notification.Kind.values:
        raise ValueError(f"tipo de aviso desconhecido: {kind}")
    with tenant(municipality):
        existing = Notification.objects.filter(key=key).first()
        if existing is not None:
            return existing, False
        try:
            with transaction.atomic():
                n = Notification.objects.create(
                    key=key,
                    kind=kind,
                    message=message[:500],
                    person=person,
                    permit=permit,
                    due_on=due_on,
                )
        except IntegrityError:
            # Another sweep created it between our read and our write: same key, same notice.
            return Notification.objects.get(key=key), False
    return n, True
