"""One cursor pagination for every list route of the API (``@paged``).

A list answers ``{"items": [...], "next": "<cursor>" | null}``; the client asks the next page with
``?cursor=<next>`` (and the same filters), ``limit`` items a page (``DEFAULT_LIMIT`` by default, at
most ``MAX_LIMIT``). The pages walk a keyset — the route's order plus the primary key — rather than
an offset, so a row added or removed while a client walks the list never makes another row appear
twice or be skipped. The cursor is opaque: the last row's key values, the route's path and the
municipality it was issued in, sealed with a key derived from the project's secret (PyNaCl's
authenticated ``SecretBox``: a key value — a name, a CPF the caller sees masked — is never
readable in it). A changed, truncated or foreign cursor is refused (422 naming ``cursor``) instead
of reaching any row, and a cursor of municipality A positions nothing in B's list.

A route returns a queryset, a list it computed, or :class:`Rows` (either one, plus the function
that turns a row into the answer's item — e.g. masking a CPF for the caller's role); the keyset is
applied in SQL to a queryset and in Python to a list, whose order keys must then be unique. A list
whose own order means something (a law's catalog in the order of its articles) is paged as listed,
``@paged(as_listed="code")``: the cursor names the last item's unique key and the next page starts
after it.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import functools
import json
import typing
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import F, Q, QuerySet
from django.db.models.expressions import OrderBy
from django.http import HttpRequest
from django.utils.crypto import salted_hmac
from nacl.exceptions import CryptoError
from nacl.secret import SecretBox
from ninja import Field, Schema
from ninja.pagination import PaginationBase, paginate

from .errors import FieldError
from .tenancy import current_municipality_or_none

DEFAULT_LIMIT = 50
MAX_LIMIT = 200

_SALT = "outorga.api.cursor"
_VERSION = 1


@dataclass(frozen=True)
class Rows:
    """What a paged route returns when an item is not the row itself: the rows (a queryset or a
    list) and the function that renders one row as the answer's item."""

    source: QuerySet[Any] | Sequence[Any]
    render: Callable[[Any], Any]


def _value(row: Any, field: str) -> Any:
    """``field`` of a model instance, a dataclass or a dict; ``a__b`` follows relations."""
    for part in field.split("__"):
        row = row[part] if isinstance(row, Mapping) else getattr(row, part)
    return row


# The cursor carries the key values through JSON: each keeps its type so that the comparison with
# the rows is the database's (dates as dates, decimals as decimals).
def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, dt.datetime):
        return {"dt": value.isoformat()}
    if isinstance(value, dt.date):
        return {"d": value.isoformat()}
    if isinstance(value, Decimal):
        return {"dec": str(value)}
    raise TypeError(f"chave de paginação sem codificação: {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 1:
        ((tag, text),) = value.items()
        parse: dict[str, Callable[[str], Any]] = {
            "dt": dt.datetime.fromisoformat,
            "d": dt.date.fromisoformat,
            "dec": Decimal,
        }
        return parse[tag](text)
    if value is None or isinstance(value, bool | int | str):
        return value
    raise ValueError(value)


_BAD_CURSOR = (
    "cursor inválido: use, sem alterar, o valor de `next` da página anterior desta mesma lista"
)
_FOREIGN_CURSOR = "cursor de outra lista ou de outro município: recomece a lista sem `cursor`"
_GONE_CURSOR = "o item do cursor saiu da lista desde a página anterior: recomece sem `cursor`"


@dataclass(frozen=True)
class Keyset:
    """A route's order: field names, ``-`` for descending; nulls come last either way."""

    fields: tuple[str, ...]

    @classmethod
    def of(cls, order: Sequence[str], *, unique_tail: bool) -> Keyset:
        fields = tuple(order)
        if unique_tail and fields[-1].lstrip("-") not in ("pk", "id"):
            # The primary key breaks ties, in the direction of the last field.
            fields += ("-pk" if fields and fields[-1].startswith("-") else "pk",)
        return cls(fields)

    def key(self, row: Any) -> tuple[Any, ...]:
        return tuple(_value(row, f.lstrip("-")) for f in self.fields)

    # -- in SQL ---------------------------------------------------------------------------------
    def order(self) -> list[OrderBy]:
        return [
            F(f[1:]).desc(nulls_last=True) if f.startswith("-") else F(f).asc(nulls_last=True)
            for f in self.fields
        ]

    def after(self, key: Sequence[Any]) -> Q:
        """Rows strictly after ``key``: after it on a field, equal on every field before."""
        condition = Q(pk__in=[])
        equal = Q()
        for f, v in zip(self.fields, key, strict=True):
            name = f.lstrip("-")
            if v is None:  # nulls last: nothing is after a null but other nulls, tied
                equal &= Q(**{f"{name}__isnull": True})
                continue
            beyond = Q(**{f"{name}__lt" if f.startswith("-") else f"{name}__gt": v})
            condition |= equal & (beyond | Q(**{f"{name}__isnull": True}))
            equal &= Q(**{name: v})
        return condition

    # -- in Python ------------------------------------------------------------------------------
    def compare(self, a: Sequence[Any], b: Sequence[Any]) -> int:
        for f, x, y in zip(self.fields, a, b, strict=True):
            if x == y:
                continue
            if x is None or y is None:  # nulls last
                return 1 if x is None else -1
            lower = x < y
            return (1 if lower else -1) if f.startswith("-") else (-1 if lower else 1)
        return 0


class CursorPagination(PaginationBase):
    """django-ninja's pagination hook: ``limit`` and ``cursor`` in, ``items`` and ``next`` out."""

    class Input(Schema):
        limit: int = Field(
            DEFAULT_LIMIT,
            ge=1,
            le=MAX_LIMIT,
            description=f"itens por página (padrão {DEFAULT_LIMIT}, no máximo {MAX_LIMIT})",
        )
        cursor: str | None = Field(
            None,
            description="o `next` da página anterior; sem ele, a primeira página",
            max_length=2000,
        )

    class Output(Schema):
        items: list[Any]
        next: str | None = Field(
            ...,
            description="cursor da próxima página (envie em `cursor` com os mesmos filtros); "
            "null na última página",
        )

    def __init__(self, *, order: Sequence[str], as_listed: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.order = tuple(order)
        self.as_listed = as_listed

    def paginate_queryset(
        self, queryset: Any, pagination: Any, request: HttpRequest, **params: Any
    ) -> Any:
        rows = queryset if isinstance(queryset, Rows) else Rows(queryset, lambda row: row)
        limit: int = pagination.limit
        if self.as_listed:
            keyset = Keyset((self.as_listed,))
            after = self._position(pagination.cursor, request, 1)
            page = self._listed(list(rows.source), keyset, after, limit)
        else:
            keyset = Keyset.of(self.order, unique_tail=isinstance(rows.source, QuerySet))
            after = self._position(pagination.cursor, request, len(keyset.fields))
            page = self._after(rows.source, keyset, after, limit)
        more = len(page) > limit
        page = page[:limit]
        nxt = self._cursor(request, keyset.key(page[-1])) if more else None
        return {self.items_attribute: [rows.render(r) for r in page], "next": nxt}

    @staticmethod
    def _after(
        source: QuerySet[Any] | Sequence[Any], keyset: Keyset, after: list[Any] | None, limit: int
    ) -> list[Any]:
        """Up to ``limit + 1`` rows after ``after`` in the keyset's order (the extra one says
        there is a next page)."""
        if isinstance(source, QuerySet):
            qs = source.order_by(*keyset.order())
            if after is not None:
                qs = qs.filter(keyset.after(after))
            return list(qs[: limit + 1])
        ordered = sorted(
            source,
            key=functools.cmp_to_key(lambda a, b: keyset.compare(keyset.key(a), keyset.key(b))),
        )
        if after is not None:
            ordered = [r for r in ordered if keyset.compare(keyset.key(r), after) > 0]
        return ordered[: limit + 1]

    @staticmethod
    def _listed(
        listed: list[Any], keyset: Keyset, after: list[Any] | None, limit: int
    ) -> list[Any]:
        start = 0
        if after is not None:
            keys = [keyset.key(r) for r in listed]
            if tuple(after) not in keys:
                raise FieldError("cursor", _GONE_CURSOR)
            start = keys.index(tuple(after)) + 1
        return listed[start : start + limit + 1]

    @staticmethod
    def _scope(request: HttpRequest) -> dict[str, Any]:
        m = current_municipality_or_none()
        return {"v": _VERSION, "m": m.pk if m else None, "p": request.path}

    def _cursor(self, request: HttpRequest, key: Sequence[Any]) -> str:
        data = {**self._scope(request), "k": [_encode(v) for v in key]}
        plain = zlib.compress(json.dumps(data, separators=(",", ":")).encode())
        return base64.urlsafe_b64encode(bytes(_box().encrypt(plain))).decode().rstrip("=")

    def _position(self, cursor: str | None, request: HttpRequest, width: int) -> list[Any] | None:
        if not cursor:
            return None
        try:
            sealed = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
            data = json.loads(zlib.decompress(_box().decrypt(sealed)))
        except (binascii.Error, ValueError, CryptoError, zlib.error):
            raise FieldError("cursor", _BAD_CURSOR) from None
        if not isinstance(data, dict):
            raise FieldError("cursor", _BAD_CURSOR)
        if any(data.get(k) != v for k, v in self._scope(request).items()):
            raise FieldError("cursor", _FOREIGN_CURSOR)
        try:
            key = [_decode(v) for v in data["k"]]
        except (KeyError, TypeError, ValueError):
            raise FieldError("cursor", _BAD_CURSOR) from None
        if len(key) != width:
            raise FieldError("cursor", _BAD_CURSOR)
        return key


def _box() -> SecretBox:
    """The cursors' key: derived from ``SECRET_KEY`` for this one use (a new secret ends every
    cursor in circulation, which only makes a client start its list again)."""
    return SecretBox(salted_hmac(_SALT, "cursor", algorithm="sha256").digest())


def paged(*order: str, as_listed: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Page a list route by a cursor over ``order`` (model fields or a computed row's keys; ``-``
    descending), or over a computed list in its own order, ``as_listed`` naming each item's unique
    key. Put it under ``@router.get(..., response=list[ItemOut])``: the answer becomes
    ``{"items": [...], "next": …}`` in the OpenAPI document too."""
    if bool(order) == bool(as_listed):
        raise ValueError("paged: a ordem da lista ou as_listed, um dos dois")
    paginated: Callable[[Callable[..., Any]], Callable[..., Any]] = paginate(
        CursorPagination, order=order, as_listed=as_listed
    )

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        # ninja reads the parameters' types in the wrapper's module: resolve them in the view's
        # own first (a module with ``from __future__ import annotations`` holds only names).
        view.__annotations__ = typing.get_type_hints(view)
        return paginated(view)

    return decorate
