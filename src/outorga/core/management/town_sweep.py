"""What an app's own sweep command shares (``enforcement_sweep``, ``platforms_sweep``): the
``--on`` date and the ``--municipality`` slug, read the same way."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from outorga.core.models import Municipality
from outorga.core.tenancy import unscoped


class TownSweepCommand(BaseCommand):
    """A sweep run on ``--on`` (default: today) for one municipality or all, by slug."""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--on", help="data da varredura (AAAA-MM-DD); padrão: hoje")
        parser.add_argument("--municipality", help="slug de um município (padrão: todos)")

    def sweep_on(self, opts: dict[str, Any]) -> dt.date:
        try:
            return dt.date.fromisoformat(opts["on"]) if opts["on"] else timezone.localdate()
        except ValueError as exc:
            raise CommandError("--on deve ser uma data AAAA-MM-DD") from exc

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
