"""The apps' way to the law: which law governs a service in a municipality on a date.

Bindings are the municipality's dated data (``LawBinding``, recorded by its administrator); the
apps never map a service to a law themselves. A fact is judged by the law bound to its service on
the date of the fact (D-15).
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from outorga.law.bindings import Binding, LawNotBound, binding_on, services_of

from .models import Municipality

__all__ = ["LawNotBound", "binding", "law_of", "services_under"]


def binding(
    m: Municipality, service: str, on: dt.date | None = None, *, nearest: bool = False
) -> Binding:
    """The binding of ``service`` in force on ``on`` (today, on the municipality's clock).

    ``nearest``: for a record older than every binding of its service (carried over from before
    the law, imported), the first binding; for one after the last binding ended, the last."""
    day = on or timezone.localdate()
    try:
        return binding_on(m.law_bindings(), service, day, m.name)
    except LawNotBound:
        own = [b for b in m.law_bindings() if b.service == service]
        if not nearest or not own:
            raise
        later = [b for b in own if b.valid_from > day]
        return min(later, key=lambda b: b.valid_from) if later else own[-1]


def law_of(
    m: Municipality, service: str, on: dt.date | None = None, *, nearest: bool = False
) -> str:
    """The law id governing ``service`` in ``m`` on ``on``; :class:`LawNotBound` if none does."""
    return binding(m, service, on, nearest=nearest).law


def services_under(m: Municipality, law: str) -> tuple[str, ...]:
    """The services ``law`` governs or governed in ``m``."""
    return services_of(m.law_bindings(), law)
