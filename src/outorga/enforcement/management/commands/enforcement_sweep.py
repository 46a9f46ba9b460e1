"""``outorga enforcement_sweep [--on AAAA-MM-DD]``: revelia, finality, proposals ready for the
Chief Executive, storage days; lists suspensions that ended (the clerk reinstates with the proof of
mototaxi art. 32 §2). Idempotent: a second run on the same date changes nothing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from outorga.core.models import Municipality
from outorga.core.tenancy import unscoped
from outorga.enforcement.services.finality import sweep

LABELS = {
    "revelia": "julgados à revelia (art. 42 §3)",
    "final": "tornados definitivos (D-1)",
    "proposals_ready": "propostas prontas para decisão do Chefe do Executivo (D-3)",
    "storage": "estadia de veículos apreendidos",
    "suspensions_ended": "suspensões encerradas aguardando comprovação (art. 32 §2)",
}


class Command(BaseCommand):
    help = "Varredura diária da fiscalização: revelia, trânsito em julgado, estadia, suspensões."

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
            towns = [m for m in towns if m.slug == opts["municipality"]]
            if not towns:
                raise CommandError("município desconhecido")
        for m in towns:
            report = sweep(m, on)
            self.stdout.write(f"{m.name}/{m.uf} em {on:%d/%m/%Y}:")
            for key, label in LABELS.items():
                items = report[key]
                self.stdout.write(f"  {label}: {len(items)}")
                for item in items:
                    self.stdout.write(f"    - {item}")
