"""Avisos: created once per key by whichever area has something to tell the holder or the
clerks (the registry's sweep, the ledger, enforcement); the holder reads them in the portal."""

from __future__ import annotations

import datetime as dt
from typing import Protocol

from django.urls import reverse

from outorga.core.mail import notice_email, notice_once
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
    caller's transaction commits (a courtesy: :func:`outorga.core.mail.notice_email`); the
    aviso keeps the address written to, empty when the holder has none."""
    if kind not in Notification.Kind.values:
        raise ValueError(f"tipo de aviso desconhecido: {kind}")

    def make() -> Notification:
        n = Notification.objects.create(
            key=key, kind=kind, message=message[:500], person=person, permit=permit, due_on=due_on
        )
        if person is not None:
            email_holder(municipality, n, person)
        return n

    with tenant(municipality):
        return notice_once(Notification, key, make)


def email_holder(municipality: Municipality, n: Notification, person: Person) -> None:
    """Queue the courtesy email of the new aviso ``n`` to ``person`` (their address, if any)."""
    n.emailed_to = notice_email(
        municipality=municipality,
        to=person.email,
        name=person.name,
        title=n.get_kind_display(),
        message=n.message,
        due_on=n.due_on,
        link_path=reverse("portal:home") + "#avisos",
        link_label="Veja o aviso no portal do permissionário",
        obj=n,
    )
    n.save(update_fields=["emailed_to"])


class DecidedRequest(Protocol):
    """A person's request from the portal whose decision they are told of (``HolderRequest``,
    ``RegistrationRequest``)."""

    @property
    def person(self) -> Person: ...

    def aviso_key(self) -> str: ...

    def asked(self) -> str: ...


def request_decision_tell(
    municipality: Municipality, req: DecidedRequest, permit: Permit | None, decided: str
) -> None:
    """The person's aviso of the decision on their request (and its courtesy email, after the
    commit): "Seu pedido de <what was asked> foi <decided>"."""
    notification_send(
        municipality=municipality,
        key=req.aviso_key(),
        kind=Notification.Kind.OTHER,
        message=f"Seu pedido de {req.asked()} foi {decided}",
        person=req.person,
        permit=permit,
    )
