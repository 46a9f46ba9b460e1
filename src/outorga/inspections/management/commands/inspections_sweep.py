"""``outorga inspections_sweep [--on DATE] [--municipio SLUG]``: list the inspections due or
overdue and record the missed ones as infraction candidates (idempotent)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from outorga.core.localtime import zone_of
from outorga.core.sweep import day_of, municipalities
from outorga.inspections.sweep import run


class Command(BaseCommand):
    help = (
        "Lista vistorias devidas e vencidas; registra as não realizadas como candidatas a infração."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--on", help="data de referência AAAA-MM-DD (padrão: hoje)")
        parser.add_argument("--municipio", help="slug de um município (padrão: todos)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            # Without --on, each municipality's own day (D-4), as ``outorga sweep`` does.
            on = dt.date.fromisoformat(options["on"]) if options["on"] else None
        except ValueError as exc:
            raise CommandError("--on: use o formato AAAA-MM-DD") from exc
        targets = municipalities(options.get("municipio"))
        if not targets:
            raise CommandError("município não encontrado")
        for m in targets:
            day = day_of(m, on)
            with timezone.override(zone_of(m)):
                result = run(m, day)
            self.stdout.write(f"{m.name}/{m.uf} em {day:%d/%m/%Y}: {result.checked} vistoria(s)")
            for line in result.lines:
                self.stdout.write(f"  {line}")
            self.stdout.write(f"  alterações: {result.changes}")
