"""Tenancy in one place: every query for domain data goes through :class:`TenantManager`.

The current municipality lives in a context variable set by :class:`~outorga.core.middleware.
TenantMiddleware` for web and API requests (from the logged-in user or the API token) and by
``with tenant(m):`` in commands. A query on a tenant model with no municipality set raises
:class:`TenancyNotSet` instead of silently returning every municipality's rows; code that really
works across municipalities (the daily sweep iterating them, ``audit verify``) says so with
``with unscoped():``.

On PostgreSQL the database holds the same line (row-level security, ADR 0024): every query runs
with the setting ``outorga.municipality`` equal to :func:`db_scope` — the current municipality's
id, nothing (no rows) without one, or every municipality inside ``unscoped()`` or a named
:func:`system_wide` escape (the backend ``core/postgresql`` keeps each connection in step;
the policies are ``core/rls.py``'s).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from django.db import models
from django.http import Http404

from .scope import _current, _unscoped
from .scope import db_scope as db_scope
from .scope import system_wide as system_wide

if TYPE_CHECKING:
    from .models import Municipality


class TenancyNotSet(RuntimeError):
    pass


class CrossTenantWrite(PermissionError):
    pass


def current_municipality() -> Municipality:
    m = _current.get()
    if m is None:
        raise TenancyNotSet("nenhum município selecionado para esta operação")
    return m


def current_municipality_or_none() -> Municipality | None:
    return _current.get()


def current_municipality_or_404() -> Municipality:
    """The current municipality of a page that means nothing without one: not found (404)."""
    m = _current.get()
    if m is None:
        raise Http404
    return m


def set_current(m: Municipality | None) -> None:
    """Used by the middleware, which resets it at the end of every request."""
    _current.set(m)


@contextmanager
def tenant(m: Municipality) -> Iterator[Municipality]:
    token = _current.set(m)
    try:
        yield m
    finally:
        _current.reset(token)


@contextmanager
def unscoped() -> Iterator[None]:
    token = _unscoped.set(True)
    try:
        yield
    finally:
        _unscoped.reset(token)


T = TypeVar("T", bound=models.Model)


class TenantQuerySet(models.QuerySet[T]):
    pass


class TenantManager(models.Manager[T]):
    def get_queryset(self) -> models.QuerySet[T]:
        qs = super().get_queryset()
        if _unscoped.get():
            return qs
        return qs.filter(municipality=current_municipality())


class TenantModel(models.Model):
    """A row that belongs to one municipality."""

    municipality = models.ForeignKey(
        "core.Municipality", on_delete=models.PROTECT, related_name="+", db_index=True
    )

    objects: TenantManager[Any] = TenantManager()
    # Django's internals (FK access, deletion collector) keep using the plain base manager.

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        current = _current.get()
        if self.municipality_id is None:
            self.municipality = current_municipality()
        elif not _unscoped.get() and (current is None or current.pk != self.municipality_id):
            raise CrossTenantWrite("gravação em outro município recusada")
        super().save(*args, **kwargs)

    def full_clean(self, *args: Any, **kwargs: Any) -> None:
        if self.municipality_id is None:
            self.municipality = current_municipality()
        super().full_clean(*args, **kwargs)
