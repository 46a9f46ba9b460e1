"""Who a portal login acts for: the person linked to it and the companies it is the confirmed
responsible person of (ADR 0042, 0047).

A legal person may hold a taxi permission (taxi law 2017, art. 3; art. 4, IV, V and VIII) and
acts through the natural persons its own acts name (the contrato social of art. 23, I); its
responsible person's login acts in its name once the desk has confirmed the link against those
acts (``Person.representative_confirmed_on``). Only a legal person is spoken for: a natural
person's record is reached by that person's own login alone, whoever is named as its
``representative``. This module is the one
place that says so: the portal's pages of every app (permits, avisos, debts, cases, inspections)
and the services that check a portal write (``own_or_desk``, the defence's filing) ask it. An
unconfirmed link reaches nothing of the company; the company's other people (its auxiliaries,
its partners) are never among the persons acted for.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from .models import Person


def person_of(user: Any) -> Person | None:
    """The registry's person linked to a login (``Person.user``), in the current municipality."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Person.objects.filter(user=user).first()


def _confirmed(representative: Any) -> Q:
    return Q(
        representative=representative,
        kind=Person.Kind.LEGAL,
        representative_confirmed_on__isnull=False,
    )


def confirmed_companies(person: Person) -> QuerySet[Person]:
    """The legal persons ``person`` is the confirmed responsible person of, by name."""
    return Person.objects.filter(_confirmed(person)).order_by("name")


def acting_for(person: Person) -> QuerySet[Person]:
    """The persons ``person``'s login acts for: themself and their confirmed companies."""
    return Person.objects.filter(Q(pk=person.pk) | _confirmed(person))


def reach(field: str, person: Person) -> Q:
    """A filter on ``field`` (a foreign key to ``Person``, or a path ending in one) for the rows
    of the persons ``person`` acts for (``acting_for``)."""
    return Q(**{f"{field}__in": acting_for(person).values("pk")})


def speaks_for(user: Any, person: Person) -> bool:
    """Whether ``user``'s login acts for ``person`` (the record already in hand): it is the
    person's own login, or that of the company's confirmed responsible person — the condition of
    ``acting_for``, read on one record."""
    if user is None or user.pk is None:
        return False
    if person.user_id is not None and person.user_id == user.pk:
        return True
    representative = person.representative if person.representative_id is not None else None
    return (
        person.kind == Person.Kind.LEGAL
        and representative is not None
        and person.representative_confirmed_on is not None
        and representative.user_id == user.pk
    )
