"""Dashboards ("Painéis"): one page per area with its charts (``core.charts``). An app that owns an
area registers the panel (:func:`register_panel`); any app adds charts to a panel
(:func:`register_charts`) from its ``<app>/panels.py`` — found by :func:`autodiscover`, the way the
home finds its queues — so the core never imports an app.

A chart source is called inside the user's municipality (every query is scoped) and answers
``None`` when its charts are not this user's to see there; a panel is the user's when at least one
of its chart sources names the user's role and the panel applies to the municipality."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.module_loading import autodiscover_modules

from .charts import Chart, keyed

ChartSource = Callable[[Any, dt.date], "list[Chart] | None"]


@dataclass(frozen=True)
class Panel:
    slug: str
    title: str
    #: One sentence under the panel's name on the list of panels.
    help: str = ""
    order: int = 50
    #: Whether the area exists in a municipality (``None``: everywhere).
    applies: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class ChartEntry:
    panel: str
    key: str
    source: ChartSource
    roles: frozenset[str]
    order: int = 50


_PANELS: dict[str, Panel] = {}
_CHARTS: dict[str, ChartEntry] = {}


def register_panel(
    slug: str,
    title: str,
    *,
    help: str = "",
    order: int = 50,
    applies: Callable[[Any], bool] | None = None,
) -> None:
    """Add a panel; registering the same slug again replaces it (module reloads in tests)."""
    _PANELS[slug] = Panel(slug, title, help, order, applies)


def register_charts(
    panel: str, key: str, source: ChartSource, *, roles: frozenset[str], order: int = 50
) -> None:
    """Add charts to ``panel`` for ``roles`` (``Role`` values); the same key again replaces it."""
    _CHARTS[key] = ChartEntry(panel, key, source, roles, order)


@functools.cache
def autodiscover() -> None:
    """Import every app's ``panels`` module, once: each registers its charts."""
    autodiscover_modules("panels")


def _entries(panel: str, role: str) -> list[ChartEntry]:
    return sorted(
        (e for e in _CHARTS.values() if e.panel == panel and role in e.roles),
        key=lambda e: e.order,
    )


def panels_for(user: Any) -> list[Panel]:
    """The panels the user reads in their municipality, by ``order``."""
    autodiscover()
    m = user.municipality
    return sorted(
        (
            p
            for p in _PANELS.values()
            if _entries(p.slug, user.role) and (p.applies is None or p.applies(m))
        ),
        key=lambda p: p.order,
    )


def panel_for(user: Any, slug: str) -> Panel | None:
    return next((p for p in panels_for(user) if p.slug == slug), None)


def charts(user: Any, panel: Panel, today: dt.date) -> list[Chart]:
    """The panel's charts the user sees on ``today``, each with an id of its own on the page."""
    out: list[Chart] = []
    for e in _entries(panel.slug, user.role):
        out.extend(e.source(user, today) or [])
    return keyed(out)
