"""``outorga platforms_sweep [--on AAAA-MM-DD] [--municipality SLUG]``: the platforms' part of the
daily sweep (also run by ``outorga sweep``), first recording the period to reconsider of a pending
appeal filed before the penalties had one (Lei 9.784/1999 art. 56 §1). Idempotent."""

from __future__ import annotations

from typing import Any

from outorga.core.management.town_sweep import TownSweepCommand
from outorga.law.citations import lei_9784
from outorga.platforms.sweeping import sweep_platforms


class Command(TownSweepCommand):
    help = (
        "Varredura das plataformas: prazo de reconsideração de recursos pendentes que não o "
        f"tinham ({lei_9784(56, 1)}), fim de suspensões, penalidades definitivas sem "
        "recurso, relatórios mensais atrasados ou não entregues e reclamações sem resposta no "
        "prazo (candidatos a infração)."
    )

    def handle(self, *args: Any, **opts: Any) -> None:
        on = self.sweep_on(opts)
        for m in self.towns(opts, unknown=f"município desconhecido: {opts['municipality']}"):
            day, result = self.on_its_day(m, on, sweep_platforms)
            self.stdout.write(
                f"{m.name}: {result.checked} verificados, {result.changes} alterações "
                f"em {day:%d/%m/%Y}."
            )
            for line in result.lines:
                self.stdout.write(f"  - {line}")
