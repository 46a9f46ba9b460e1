"""``outorga sweep [--on DATE] [--municipality SLUG]``: the daily sweep.

Runs every registered step (``<app>/sweep.py``, see ``outorga.core.sweep``) for each municipality,
with a progress bar on the terminal and a summary per step. Idempotent: running it twice for the
same date changes nothing the second time.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from tqdm import tqdm

from outorga.core import sweep
from outorga.core.models import Municipality
from outorga.core.tasks import sweep_municipality


class BarProgress:
    """A tqdm bar per phase of a step, on stderr (the summary goes to stdout)."""

    def __init__(self, command: BaseCommand, prefix: str, enabled: bool) -> None:
        self.command, self.prefix, self.enabled = command, prefix, enabled
        self.bar: Any = None

    def start(self, label: str, total: int) -> None:
        self.close()
        if self.enabled:
            self.bar = tqdm(
                total=total,
                desc=f"{self.prefix} · {label}",
                unit="",
                leave=False,
                file=self.command.stderr._out,
            )

    def advance(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class Command(BaseCommand):
    help = "Varredura diária: aplica o que o calendário decide (prazos, vencimentos, idades)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--on", help="data de referência AAAA-MM-DD ou DD/MM/AAAA (padrão: hoje)"
        )
        parser.add_argument("--municipality", help="slug do município (padrão: todos)")
        parser.add_argument("--step", action="append", help="só este passo (pode repetir)")
        parser.add_argument("--no-progress", action="store_true", help="sem barra de progresso")
        parser.add_argument(
            "--enqueue",
            action="store_true",
            help="enfileira uma tarefa por município para os trabalhadores (outorga db_worker), "
            "que varrem os municípios em paralelo",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        on = parse_date(opts["on"]) if opts.get("on") else timezone.localdate()
        target = None
        if opts.get("municipality"):
            target = Municipality.objects.filter(slug=opts["municipality"]).first()
            if target is None:
                raise CommandError(f"município desconhecido: {opts['municipality']}")
        known = sweep.steps()
        only = opts.get("step")
        if only and set(only) - set(known):
            raise CommandError(f"passo desconhecido: {', '.join(sorted(set(only) - set(known)))}")
        if opts.get("enqueue"):
            targets = [target] if target is not None else sweep.municipalities()
            for m in targets:
                result = sweep_municipality.enqueue(m.slug, on.isoformat(), only)
                self.stdout.write(
                    f"{m.slug}: varredura de {on:%d/%m/%Y} na fila (tarefa {result.id})"
                )
            return
        show = not opts.get("no_progress") and self.stderr.isatty()
        bars: list[BarProgress] = []

        def progress(m: Municipality, name: str) -> BarProgress:
            bar = BarProgress(self, f"{m.slug}/{name}", show)
            bars.append(bar)
            return bar

        self.stdout.write(f"Varredura de {on:%d/%m/%Y} — passos: {', '.join(only or known)}")
        total = 0
        for run in sweep.run(on, target, progress=progress, only=only):
            for bar in bars:
                bar.close()
            bars.clear()
            total += run.result.changes
            for line in sweep.summary_lines(run):
                self.stdout.write(line)
        self.stdout.write(f"Total de alterações: {total}")


def parse_date(text: str) -> dt.date:
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise CommandError(f"data inválida: {text!r} (use AAAA-MM-DD ou DD/MM/AAAA)")
