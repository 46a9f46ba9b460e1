"""Avisos: created once per key by whichever area has something to tell the holder or the
clerks (the registry's sweep, the ledger, enforcement); the holder reads them in the portal."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.urls import reverse

from outorga.core.mail import COURTESY, absolute_url, email_queue
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
    the holder must read each notice once. Returns the aviso and whether it was created.

    A new aviso to a holder with an email address is also sent to it, by the worker once the
    caller's transaction commits (a courtesy: :data:`outorga.core.mail.COURTESY`)."""
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
                if person is not None and person.email:
                    _email_holder(municipality, n, person)
        except IntegrityError:
            # Another sweep created it between our read and our write: same key, same notice.
            return Notification.objects.get(key=key), False
    return n, True


def _email_holder(municipality: Municipality, n: Notification, person: Person) -> None:
    deadline = f" — prazo até {n.due_on:%d/%m/%Y}" if n.due_on else ""
    lines = [f"Olá, {person.name}.", "", n.message, ""]
    if n.due_on:
        lines += [f"Prazo: {n.due_on:%d/%m/%Y}.", ""]
    lines += [
        "Veja o aviso no portal do permissionário:",
        absolute_url(reverse("portal:home") + "#avisos"),
        "",
        COURTESY,
        "",
        f"Prefeitura de {municipality.name}/{municipality.uf} — Outorga",
    ]
    email_queue(
        municipality=municipality,
        to=person.email,
        subject=f"Aviso de {municipality.name}: {n.get_kind_display()}{deadline}",
        body="\n".join(lines),
        obj=n,
    )
