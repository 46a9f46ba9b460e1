"""``outorga import registry FILE --municipality SLUG [--dry-run] [--user USERNAME]``.

FILE is the spreadsheet as the municipality keeps it: .xlsx or CSV (UTF-8, Windows-1252 or
Excel's UTF-16 "Texto Unicode"). Validates every row of the municipality's spreadsheet and reports each error with its line,
column, message and article; without ``--dry-run`` and with no error, records the whole file in
one transaction (all rows or none). Columns: ``--columns`` (their help citing the articles of the
laws bound to the municipality), docs/import-registry.md.

Recording needs ``--user``: the acts log names who acted, and registering is the clerk's
competence (mototaxi art. 4; taxi art. 20), so the import acts as that clerk.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from outorga.core.management.arguments import existing_file, importing_actor, municipality_named
from outorga.core.sweep import BarProgress
from outorga.registry.importer.rows import ImportReport, columns_markdown
from outorga.registry.importer.run import import_registry


class Command(BaseCommand):
    help = "Importa planilhas do cadastro: 'import registry ARQUIVO --municipality SLUG'."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("kind", choices=["registry"], help="o que importar (registry)")
        parser.add_argument("file", nargs="?", help="planilha .xlsx ou CSV (colunas: --columns)")
        parser.add_argument(
            "--columns",
            action="store_true",
            help="mostra as colunas da planilha, com os artigos das leis vinculadas ao município",
        )
        parser.add_argument("--municipality", required=True, help="slug do município")
        parser.add_argument("--dry-run", action="store_true", help="só valida; não grava nada")
        parser.add_argument("--user", help="usuário atendente responsável pelos atos")
        parser.add_argument("--no-progress", action="store_true", help="sem barra de progresso")
        parser.add_argument(
            "--batch-size",
            type=int,
            metavar="N",
            help="importação em lotes de N linhas: cada lote gravado de uma vez, tudo ou nada; "
            "rodar de novo retoma sem duplicar (docs/import-registry.md)",
        )
        parser.add_argument(
            "--processes",
            type=int,
            metavar="N",
            default=os.cpu_count() or 1,
            help="processos que validam as linhas e montam os registros (padrão: um por núcleo; "
            "1 para tudo neste processo)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        m = municipality_named(opts["municipality"])
        if opts["columns"]:
            self.stdout.write(columns_markdown(m), ending="")
            return
        if not opts["file"]:
            raise CommandError("informe o ARQUIVO da planilha (ou --columns para ver as colunas)")
        path = existing_file(opts["file"])
        actor = None
        if not opts["dry_run"]:
            actor = importing_actor(
                m,
                opts.get("user"),
                missing="informe --user USUÁRIO (o atendente responsável pelos atos) ou use "
                "--dry-run",
            )
        bar = BarProgress(
            self.stderr._out, not opts["no_progress"] and self.stderr.isatty(), unit=" linhas"
        )
        report = import_registry(
            municipality=m,
            raw=path.read_bytes(),
            filename=path.name,
            actor=actor,
            dry_run=opts["dry_run"],
            progress=bar,
            batch_size=opts.get("batch_size"),
            processes=opts["processes"],
        )
        bar.close()
        for w in report.warnings:
            self.stdout.write(f"aviso: {w.render()}")
        for e in report.errors:
            self.stdout.write(f"erro: {e.render()}")
        if report.batches and not report.dry_run:
            self._batches(report)
            return
        if report.errors:
            raise CommandError(
                f"{len(report.errors)} erro(s) em {report.rows} linha(s): nada foi gravado."
            )
        if report.dry_run:
            self.stdout.write(
                f"Simulação: {report.rows} linha(s) válida(s), nada gravado "
                "(rode sem --dry-run para gravar)."
            )
            return
        parts = ", ".join(f"{n} {what}" for what, n in sorted(report.written.items()))
        self.stdout.write(f"Importação concluída: {report.rows} linha(s) — {parts}.")

    def _batches(self, report: ImportReport) -> None:
        """The bulk import's summary: each batch not written, and what was."""
        by_status = Counter(b.status for b in report.batches)
        for b in report.batches:
            if b.status != "gravado":
                self.stdout.write(f"lote {b.render()}")
        parts = ", ".join(f"{n} {what}" for what, n in sorted(report.written.items())) or "nada"
        self.stdout.write(
            f"Importação em lotes: {report.rows} linha(s) em {len(report.batches)} lote(s) — "
            + ", ".join(f"{n} {status}" for status, n in sorted(by_status.items()))
            + f". Gravado: {parts}."
        )
        if by_status["recusado"] or by_status["não tentado"]:
            raise CommandError(
                "há lotes NÃO gravados: corrija as linhas indicadas e rode de novo — os lotes "
                "já gravados são pulados."
            )
