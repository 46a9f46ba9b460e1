"""Inserting a batch's new records with one statement per table and few Python calls per value.

Django's ``bulk_create`` prepares every value through its field (``get_db_prep_save``) and, on
PostgreSQL, sends each column as an array (``UNNEST``) that client-side binding quotes item by
item in Python: most of a bulk import's writing time. Here the rows go as one JSON document
(``json.dumps``, in C) that PostgreSQL turns into the table's rows (``json_populate_recordset``,
each value cast to its column's type): the same values Django would store, for the field types
the import writes (ADR 0044).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection, models

#: Fields whose Python value is what the column takes (a date or time as its ISO text).
_PLAIN = (
    models.CharField,
    models.TextField,
    models.IntegerField,
    models.BooleanField,
    models.DateField,  # DateTimeField too
    models.JSONField,
)


def _iso(value: Any) -> str:
    if isinstance(value, dt.date):  # datetime too; an aware one keeps its offset
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} não é gravável pela importação em lote")


def _reader(field: models.Field[Any, Any]) -> Callable[[models.Model], Any] | None:
    """How ``field``'s value is read off a new record for the JSON document: what Django's
    ``bulk_create`` would send for it; None: the value as the record holds it."""
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return lambda obj: field.pre_save(obj, True)  # the time now, set on the record too
    if isinstance(field, models.FileField):
        # Django stores a file field's name, '' when there is none.
        return lambda obj: str(field.pre_save(obj, True))
    if isinstance(field, models.ForeignKey):
        return lambda obj: _related_pk(obj, field)
    if isinstance(field, _PLAIN):
        return None
    raise TypeError(f"campo {field} não é gravável pela importação em lote")


def _related_pk(obj: models.Model, field: models.ForeignKey[Any, Any]) -> Any:
    """The key of the related record, saved after ``obj`` was built (as ``bulk_create`` takes
    it: ``_prepare_related_fields_for_save``)."""
    pk = obj.__dict__[field.attname]
    if pk is None and field.is_cached(obj):
        related = field.get_cached_value(obj)
        if related is not None:
            if related.pk is None:
                raise ValueError(f"{field.name}: registro relacionado ainda não gravado")
            # Its key, the related record kept cached (setting the key by the attribute would
            # forget it, and reading the relation again would query it).
            pk = obj.__dict__[field.attname] = related.pk
    return pk


def insert(objs: Sequence[models.Model]) -> None:
    """Insert ``objs`` — new records of one model, their fields already cleaned — with one
    statement (inside the caller's tenancy and transaction), and set their primary keys, as
    ``bulk_create`` does. Fields with ``auto_now``/``auto_now_add`` get the time now."""
    if not objs:
        return
    model = type(objs[0])
    if connection.vendor != "postgresql":  # the first-run SQLite: Django's own bulk insert
        model._default_manager.bulk_create(objs, batch_size=500)
        return
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    plain = [(f.column, f.attname) for f in fields if _reader(f) is None]
    special = [(f.column, read) for f in fields if (read := _reader(f)) is not None]
    rows = []
    for obj in objs:
        if type(obj) is not model or obj.pk is not None:
            raise ValueError("insert() grava registros novos de um só modelo")
        values = obj.__dict__
        row = {column: values[attname] for column, attname in plain}
        for column, read in special:
            row[column] = read(obj)
        rows.append(row)
    quote = connection.ops.quote_name
    names = ", ".join(quote(f.column) for f in fields)
    table = quote(meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({names}) SELECT {names} "  # noqa: S608 (names from the model)
            f"FROM json_populate_recordset(NULL::{table}, %s) RETURNING {quote(meta.pk.column)}",
            [json.dumps(rows, default=_iso, ensure_ascii=False)],
        )
        ids = [pk for (pk,) in cursor.fetchall()]
    if len(ids) != len(objs):
        raise RuntimeError("a inserção em lote não devolveu uma chave por registro")
    for obj, pk in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding = False
        obj._state.db = connection.alias
