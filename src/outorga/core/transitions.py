"""A row's status transition and its act, one step (the services' habit: a state change and its
audit record are written together, inside the caller's transaction)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models

from .acts import Actor, record_act
from .models import Municipality


def status_change(
    row: models.Model,
    status: str,
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    fields: Iterable[str] = (),
    new: Mapping[str, Any] | None = None,
    basis: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> str:
    """Move ``row`` to ``status``, save it (with the other ``fields`` the caller already set) and
    record ``action``: the old status and the new one, then ``new``'s other values. Returns the
    old status."""
    old: str = row.status  # type: ignore[attr-defined]
    row.status = status  # type: ignore[attr-defined]
    row.save(update_fields=["status", *fields])
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=row,
        old={"status": old},
        new={"status": status, **(new or {})},
        basis=basis,
        extra=extra,
    )
    return old
