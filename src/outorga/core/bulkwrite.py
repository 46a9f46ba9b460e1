"""Writing many new or changed rows of one model at once, for a sweep's or an import's batch
(ADR 0036, 0044, 0045). On PostgreSQL new rows go in by one statement reading a JSON document
(:func:`insert_rows`), changed rows by one prepared ``UPDATE`` run for each row in a pipeline
(:func:`update_rows`); elsewhere (the first-run SQLite) Django's ``bulk_create``/``bulk_update``."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import psycopg
from django.db import connection, models

M = TypeVar("M", bound=models.Model)


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
    raise TypeError(f"{type(value).__name__} não é gravável em lote")


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
    if isinstance(field, models.GenericIPAddressField):  # Django stores '' as NULL
        return lambda obj: obj.__dict__[field.attname] or None
    if isinstance(field, _PLAIN):
        return None
    raise TypeError(f"campo {field} não é gravável em lote")


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


def insert_rows(objs: Sequence[M]) -> list[M]:
    """Insert ``objs`` — new records of one model, their fields already cleaned — and set their
    primary keys, as ``bulk_create`` does (inside the caller's tenancy and transaction; a
    duplicate key raises Django's ``IntegrityError``). On PostgreSQL by one statement: the rows
    go as one JSON document (``json.dumps``, in C) that the database turns into the table's rows
    (``json_populate_recordset``, each value cast to its column's type) — ``bulk_create`` prepares
    every value through its field and sends each column as an array that psycopg quotes item by
    item in Python, most of an import's or a sweep's writing time (ADR 0044, 0045). Fields with
    ``auto_now``/``auto_now_add`` get the time now."""
    if not objs:
        return []
    model = type(objs[0])
    if connection.vendor != "postgresql":  # the first-run SQLite: Django's own bulk insert
        return model._default_manager.bulk_create(objs, batch_size=500)
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
    return list(objs)


def update_rows(objs: Sequence[models.Model], fields: Sequence[str]) -> None:
    """Save ``fields`` of rows already stored, as ``bulk_update`` does, by one prepared
    ``UPDATE`` run for each row in a pipeline (``bulk_update``'s ``CASE`` of a thousand
    branches took longer to build in Python than to run)."""
    if not objs:
        return
    model = type(objs[0])
    if connection.vendor != "postgresql":
        model._default_manager.bulk_update(objs, fields, batch_size=1000)
        return
    meta = model._meta
    targets = [f for f in meta.concrete_fields if f.name in fields]
    assert len(targets) == len(fields), fields
    qn = connection.ops.quote_name
    sets = ", ".join(f"{qn(f.column)} = %s" for f in targets)
    sql = f"UPDATE {qn(meta.db_table)} SET {sets} WHERE {qn(meta.pk.column)} = %s"  # noqa: S608
    preps = [(f.attname, _preparer(f)) for f in targets]
    rows = [[p(getattr(o, name)) for name, p in preps] + [o.pk] for o in objs]
    _pipeline(sql, rows)


#: The fields whose values of these exact types the database takes as they are: what
#: ``get_db_prep_save`` would give back unchanged (for other values it is called).
_AS_IS: dict[str, tuple[type, ...]] = {
    "CharField": (str,),
    "TextField": (str,),
    "SlugField": (str,),
    "AutoField": (int,),
    "BigAutoField": (int,),
    "IntegerField": (int,),
    "BigIntegerField": (int,),
    "SmallIntegerField": (int,),
    "PositiveIntegerField": (int,),
    "PositiveSmallIntegerField": (int,),
    "BooleanField": (bool,),
    "DateField": (dt.date,),
}


def _preparer(field: Any) -> Any:
    """``field.get_db_prep_save`` for one value, skipped for a value it would leave as it is
    (it costs more than the row's insert when called some hundred thousand times)."""
    target = field.target_field if field.is_relation else field
    kinds = _AS_IS.get(target.get_internal_type())

    def prep(value: Any) -> Any:
        if kinds is not None and (value is None or type(value) in kinds):
            return value
        return field.get_db_prep_save(value, connection)

    return prep


def _pipeline(sql: str, rows: list[list[Any]], *, returning: bool = False) -> psycopg.Cursor[Any]:
    """Run ``sql`` once for each row of parameters, prepared and pipelined, on the connection of
    the current transaction and tenant."""
    with connection.cursor() as cursor, connection.wrap_database_errors:
        # Through Django's cursor first: it sets the tenant's row-level security scope.
        cursor.execute("SELECT 1")
        raw = psycopg.Cursor(cursor.connection)  # server-side binding, unlike Django's cursor
        raw.executemany(sql, rows, returning=returning)
    return raw
