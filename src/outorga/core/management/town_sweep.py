"""What an app's own sweep command shares (``enforcement_sweep``, ``platforms_sweep``): the
``--on`` date and the ``--municipality`` slug, read the same way."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from outorga.core.localtime import zone_of
from outorga.core.models import Municipality
from outorga.core.sweep import day_of
from outorga.core.tenancy import unscoped

_R = TypeVar("_R")


class TownSweepCommand(BaseCommand):
    """A sweep run on ``--on`` (default: each municipality's own day) for one municipality or
    all, by slug."""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--on", help="data da varredura (AAAA-MM-DD); padrão: hoje")
        parser.add_argument("--municipality", help="slug de um município (padrão: todos)")

    def sweep_on(self, opts: dict[str, Any]) -> dt.date | None:
        """``--on``, or None: each municipality is then swept on its own day (D-4)."""
        try:
            return dt.date.fromisoformat(opts["on"]) if opts["on"] else None
        except ValueError as exc:
            raise CommandError("--on deve ser uma data AAAA-MM-DD") from exc

    @staticmethod
    def on_its_day(
        m: Municipality, on: dt.date | None, sweep: Callable[[Municipality, dt.date], _R]
    ) -> tuple[dt.date, _R]:
        """``sweep(m, day)`` on ``on`` or ``m``'s own day (``core.sweep.day_of``: at 00:30 in
        Brasília it is still the day before in Mato Grosso), on ``m``'s clock; the day and what
        the sweep returned."""
        day = day_of(m, on)
        with timezone.override(zone_of(m)):
            return day, sweep(m, day)

    def towns(self, opts: dict[str, Any], *, unknown: str) -> list[Municipality]:
        """The municipalities by slug; ``unknown`` is the refusal when ``--municipality`` names
        none of them."""
        with unscoped():
            towns = list(Municipality.objects.order_by("slug"))
        if opts["municipality"]:
            towns = [t for t in towns if t.slug == opts["municipality"]]
            if not towns:
                raise CommandError(unknown)
        return towns
