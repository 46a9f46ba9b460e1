"""``outorga enforcement_sweep [--on AAAA-MM-DD]``: revelia, finality, proposals ready for the
Chief Executive, storage days; ends taxi suspensions served (art. 42 V) and lists those waiting for
the proof of mototaxi art. 32 §2 (the clerk reinstates); records the period to reconsider of a
pending appeal filed before its law gave one (Lei 9.784/1999 art. 56 §1). Idempotent: a second run on the same date
changes nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError

from outorga.core.management.town_sweep import TownSweepCommand
from outorga.core.sweep import day_of
from outorga.enforcement.services.finality import CasesNotSwept, sweep
from outorga.enforcement.sweep import revelia_cites
from outorga.law.citations import lei_9784

LABELS = {
    "reconsider_until": f"recursos com o prazo de reconsideração registrado ({lei_9784(56, 1)})",
    "revelia": "julgados à revelia",
    "final": "tornados definitivos (D-1)",
    "proposals_ready": "propostas prontas para decisão do Chefe do Executivo (D-3)",
    "storage": "estadia de veículos apreendidos",
    "suspensions_served": "suspensões cumpridas: permissão ativa novamente",
    "suspensions_ended": "suspensões encerradas aguardando comprovação",
}


class Command(TownSweepCommand):
    help = "Varredura diária da fiscalização: revelia, trânsito em julgado, estadia, suspensões."

    def handle(self, *args: Any, **opts: Any) -> None:
        on = self.sweep_on(opts)
        held: list[str] = []
        for m in self.towns(opts, unknown="município desconhecido"):
            try:
                day, report = self.on_its_day(m, on, sweep)
            except CasesNotSwept as exc:  # the others went on: what was done, then who was held
                day, report = day_of(m, on), exc.report
                held += [f"{m.name}/{m.uf}: {case}" for case in exc.failed]
            self.stdout.write(f"{m.name}/{m.uf} em {day:%d/%m/%Y}:")
            cites = revelia_cites(m, report["revelia"])  # each case's own law's article
            for key, label in LABELS.items():
                items = report[key]
                self.stdout.write(f"  {label}: {len(items)}")
                for item in items:
                    self.stdout.write(
                        f"    - {item}{cites.get(item, '') if key == 'revelia' else ''}"
                    )
        if held:
            raise CommandError(f"processos que não avançaram: {'; '.join(held)}")
