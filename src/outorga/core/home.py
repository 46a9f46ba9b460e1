"""The counters of the staff home page. The core counts its own rows; an app that has something
to show adds a counter from its ``<app>/home.py`` with :func:`register` (imported by
:func:`autodiscover`, the way ``core.sweep`` finds the sweep steps), so the core never imports an
app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.module_loading import autodiscover_modules


@dataclass(frozen=True)
class Counter:
    label: str
    count: Callable[[], int | str]
    #: The roles (``Role`` values) that see it; empty: every staff role.
    roles: frozenset[str] = frozenset()


_COUNTERS: dict[str, Counter] = {}


def register(
    label: str, count: Callable[[], int | str], roles: frozenset[str] = frozenset()
) -> None:
    """Add a counter; registering the same label again replaces it (module reloads in tests)."""
    _COUNTERS[label] = Counter(label, count, roles)


_discovered = False


def autodiscover() -> None:
    global _discovered
    if not _discovered:
        autodiscover_modules("home")
        _discovered = True


def counters(role: str) -> list[Counter]:
    """The apps' counters the role sees, in ``INSTALLED_APPS`` order."""
    autodiscover()
    return [c for c in _COUNTERS.values() if not c.roles or role in c.roles]
