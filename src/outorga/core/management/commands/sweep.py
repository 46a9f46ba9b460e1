"""``outorga sweep [--on DATE] [--municipality SLUG]``: the daily sweep.

Runs every registered step (``<app>/sweep.py``, see ``outorga.core.sweep``) for each municipality,
with a progress bar on the terminal and a summary per step. Idempotent: running it twice for the
same date changes nothing the second time. Without ``--on`` each municipality is swept on its own
day (``core.localtime.today_of``).

``--enqueue`` hands the work to the ``outorga db_worker`` processes instead: one task per
municipality, or with ``--shards N`` each heavy step cut into N tasks run at once (ADR 0049);
``--report`` then shows each step's parts, their progress and, once they end, their summary.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from outorga.core import sweep
from outorga.core.localtime import today_of
from outorga.core.management.arguments import municipality_named
from outorga.core.models import Municipality
from outorga.core.tasks import sweep_municipality


class Command(BaseCommand):
    help = "Varredura diária: aplica o que o calendário decide (prazos, vencimentos, idades)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--on",
            help="data de referência AAAA-MM-DD ou DD/MM/AAAA (padrão: hoje, no fuso de cada "
            "município)",
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
        parser.add_argument(
            "--shards",
            type=int,
            default=0,
            help="com --enqueue: divide cada passo pesado (cadastro, vistorias) em N tarefas, "
            "executadas em paralelo pelos trabalhadores; os passos seguem em ordem",
        )
        parser.add_argument(
            "--report",
            action="store_true",
            help="mostra a última varredura da data nos trabalhadores: partes, progresso e resumo",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        given = parse_date(opts["on"]) if opts.get("on") else None

        def day_of(m: Municipality) -> dt.date:
            # Without --on, each municipality's own day: Barra do Garças (UTC−4) is still on the
            # day before when a sweep starts just after midnight in Brasília, and a debt due that
            # day is still on time there (D-4, D-11; core.localtime.today_of).
            return given or today_of(m)

        target = None
        if opts.get("municipality"):
            target = municipality_named(opts["municipality"])
        known = sweep.steps()
        only = opts.get("step")
        if only and set(only) - set(known):
            raise CommandError(f"passo desconhecido: {', '.join(sorted(set(only) - set(known)))}")
        targets = [target] if target is not None else sweep.municipalities()
        if opts.get("report"):
            for m in targets:
                for line in sweep.run_report(m, day_of(m)):
                    self.stdout.write(line)
            return
        if opts.get("shards") and not opts.get("enqueue"):
            raise CommandError("--shards só vale com --enqueue")
        if opts.get("enqueue") and opts.get("shards", 0) >= 1:
            for m in targets:
                on = day_of(m)
                try:
                    run_id, parts = sweep.enqueue_run(m, on, shards=opts["shards"], only=only)
                except sweep.SweepBusy as exc:
                    raise CommandError(str(exc)) from exc
                self.stdout.write(
                    f"{m.slug}: varredura de {on:%d/%m/%Y} na fila em {len(parts)} parte(s) "
                    f"(execução {run_id}; acompanhe com --report)"
                )
            return
        if opts.get("enqueue"):
            for m in targets:
                on = day_of(m)
                result = sweep_municipality.enqueue(m.slug, on.isoformat(), only)
                self.stdout.write(
                    f"{m.slug}: varredura de {on:%d/%m/%Y} na fila (tarefa {result.id})"
                )
            return
        show = not opts.get("no_progress") and self.stderr.isatty()
        bars: list[sweep.BarProgress] = []

        def progress(m: Municipality, name: str) -> sweep.BarProgress:
            bar = sweep.BarProgress(
                self.stderr._out, show, f"{m.slug}/{name} · ", unit="", leave=False
            )
            bars.append(bar)
            return bar

        total = 0
        shown = None
        for m in targets:
            on = day_of(m)
            if on != shown:
                self.stdout.write(
                    f"Varredura de {on:%d/%m/%Y} — passos: {', '.join(only or known)}"
                )
                shown = on
            for run in sweep.run(on, m, progress=progress, only=only):
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
