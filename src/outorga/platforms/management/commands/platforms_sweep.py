"""``outorga platforms_sweep [--on AAAA-MM-DD] [--municipality SLUG]``: the platforms' part of the
daily sweep (also run by ``outorga sweep``). Idempotent."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from outorga.core.models import Municipality
from outorga.core.tenancy import unscoped
from outorga.platforms.sweeping import sweep_platforms


class Command(BaseCommand):
    help = (
        "Varredura das plataformas: fim de suspensões, penalidades definitivas sem recurso, "
        "relatórios mensais atrasados ou não "
        "entregues e reclamações sem resposta no prazo (candidatos a infração)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--on", help="data da varredura (AAAA-MM-DD); padrão: hoje")
        parser.add_argument("--municipality", help="slug de um município (padrão: todos)")

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            on = dt.date.fromisoformat(opts["on"]) if opts["on"] else timezone.localdate()
        except ValueError as exc:
            raise CommandError("--on deve ser uma data AAAA-MM-DD") from exc
        with unscoped():
            towns = list(Municipality.objects.order_by("slug"))
        if opts["municipality"]:
            towns = [t for t in towns if t.slug == opts["municipality"]]
            if not towns:
                raise CommandError(f"município desconhecido: {opts['municipality']}")
        for m in towns:
            result = sweep_platforms(m, on)
            self.stdout.write(
                f"{m.name}: {result.checked} verificados, {result.changes} alterações "
                f"em {on:%d/%m/%Y}."
            )
            for line in result.lines:
                self.stdout.write(f"  - {line}")
