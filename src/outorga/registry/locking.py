"""The one order in which the registry's write services lock rows.

Two transactions that each wait for a row the other holds deadlock: PostgreSQL aborts one of
them. Every registry service takes its row locks in this order, skipping what it does not need:

1. the quota counter of the service (``quota:<service>``): grants and tenders (D-7);
2. permits, by primary key;
3. vehicles, by primary key;
4. the register counters (``register:<service>``; ``register:taxi`` is also the Cadastro
   Municipal de Taxistas of taxi art. 4 I, 20), by series;
5. people, by primary key (:func:`lock_person`);
6. auxiliaries, by primary key — after their person: an auxiliary's cassação is of the person's
   register (mototaxi art. 2 III, art. 32 IV §3; taxi art. 41 IV §3), so it locks the person, then
   the person's credentials, and an addition of the person as auxiliary locks the same person
   before it reads the bar; a renewal locks the permit, the person, then the auxiliary;
7. the municipality's act chain head, which ``record_act`` locks at a transaction's first act and
   holds until the commit.

So everything a transaction will lock is locked before its first act, and a service that
inscribes a vehicle in the Cadastro (grant, substitution, reserve vehicle, swap, yearly renewal,
import) locks the vehicle before the counter. The registry import, which writes a whole file in
one transaction, takes the locks of every row it will touch at its start (:func:`lock_for_import`)
instead of row by row, where a later row's vehicle or person would be locked after the counter
and the act chain.

Vehicles and people are locked ``FOR NO KEY UPDATE`` (``no_key=True``): it serialises the
services that change them, but not an insert that merely refers to one (a document, a debt, a
permit takes ``FOR KEY SHARE``), which often comes after that insert's own act. On SQLite, which
has no row locks, these are plain reads.
"""

from __future__ import annotations

from collections.abc import Iterable

from .models import Permit, Person, RegisterCounter, Vehicle


def lock_person(person_id: int) -> Person:
    """Step 5: the person's row, ``FOR NO KEY UPDATE`` — the services that change the person, or
    what the person's register holds (an auxiliary's credentials), wait for one another; an insert
    that merely refers to the person does not wait."""
    return Person.objects.select_for_update(no_key=True).get(pk=person_id)


def lock_for_import(
    *,
    permit_numbers: Iterable[str],
    plates: Iterable[str],
    series: Iterable[str],
    documents: Iterable[str],
) -> None:
    """Lock, before the import's first act, every row it will write or refer to that already
    exists, in the order above: the file's permits and vehicles by primary key, the register
    counters it moves by series (created if missing), then its people by primary key."""
    list(
        Permit.objects.select_for_update(no_key=True)
        .filter(number__any=set(permit_numbers))
        .order_by("pk")
    )
    list(
        Vehicle.objects.select_for_update(no_key=True).filter(plate__any=set(plates)).order_by("pk")
    )
    names = sorted(set(series))
    for name in names:
        RegisterCounter.objects.get_or_create(series=name)
    list(RegisterCounter.objects.select_for_update().filter(series__in=names).order_by("series"))
    list(
        Person.objects.select_for_update(no_key=True)
        .filter(document__any=set(documents))
        .order_by("pk")
    )
