"""``core.bulkwrite.insert_rows`` and ``update_rows`` (ADR 0045): the rows a sweep's batch writes by
prepared statements in a pipeline are those ``bulk_create`` and ``bulk_update`` write, under the
tenant's row-level security, and a clash raises Django's ``IntegrityError`` — what sends a batch
of avisos one by one when another sweep wrote one of them meanwhile."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from outorga.core.bulkwrite import insert_rows, update_rows
from outorga.core.tenancy import tenant
from outorga.registry.models import Notification

FIELDS = ("municipality_id", "key", "kind", "message", "due_on", "person_id", "emailed_to")


def _avisos(m, prefix: str) -> list[Notification]:  # type: ignore[no-untyped-def]
    return [
        Notification(
            municipality=m,
            key=f"{prefix}:{n}",
            kind=Notification.Kind.DOCUMENT_EXPIRING,
            message=f'Documento "{n}" vence em 02/01/2027 (faltam {n} dias): \\ apresente-o.',
            due_on=dt.date(2027, 1, 2) if n else None,
        )
        for n in range(3)
    ]


def test_insert_rows_writes_the_rows_bulk_create_writes(ipatinga_m):
    with tenant(ipatinga_m), transaction.atomic():
        ours = insert_rows(_avisos(ipatinga_m, "ours"))
        theirs = Notification.objects.bulk_create(_avisos(ipatinga_m, "theirs"))
        assert all(n.pk and not n._state.adding and n.created_at for n in ours)
        stored = {
            n.pk: n for n in Notification.objects.filter(pk__in=[n.pk for n in ours + theirs])
        }

        def values(rows: list[Notification]) -> list[tuple[object, ...]]:
            out = []
            for row in rows:
                n = stored[row.pk]
                out.append(tuple(getattr(n, f) for f in FIELDS if f != "key") + (n.key[4:],))
            return out

        assert values(ours) == [
            v[:-1] + (v[-1][2:],) for v in values(theirs)
        ]  # "ours:0" against "theirs:0", the rest alike
        assert [stored[n.pk].created_at for n in ours] == [n.created_at for n in ours]


def test_a_key_already_sent_raises_djangos_integrity_error_and_the_transaction_goes_on(
    ipatinga_m,
):
    with tenant(ipatinga_m), transaction.atomic():
        insert_rows(_avisos(ipatinga_m, "sent")[:1])
        with pytest.raises(IntegrityError), transaction.atomic():
            insert_rows(_avisos(ipatinga_m, "sent"))
        # Rolled back to the savepoint: only the first aviso, and the connection still works.
        assert list(
            Notification.objects.filter(key__startswith="sent:").values_list("key", flat=True)
        ) == ["sent:0"]


def test_update_rows_saves_the_fields_as_bulk_update_does(ipatinga_m):
    with tenant(ipatinga_m), transaction.atomic():
        rows = insert_rows(_avisos(ipatinga_m, "upd"))
        rows[0].message, rows[1].due_on, rows[2].message = "Novo texto", None, "Outro 'texto'"
        rows[2].kind = Notification.Kind.PERMIT_IRREGULAR  # not among the fields: kept
        update_rows(rows, ["message", "due_on"])
        stored = {n.pk: n for n in Notification.objects.filter(pk__in=[n.pk for n in rows])}
        assert [(stored[n.pk].message, stored[n.pk].due_on) for n in rows] == [
            ("Novo texto", None),  # the first has no due date
            (rows[1].message, None),
            ("Outro 'texto'", dt.date(2027, 1, 2)),
        ]
        assert stored[rows[2].pk].kind == Notification.Kind.DOCUMENT_EXPIRING
