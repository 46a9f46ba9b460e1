"""``outorga payments_import FILE --municipality SLUG --user USERNAME [--dry-run]``.

Imports a bank file — a return file (FEBRABAN arrecadação 150, CNAB 240, CNAB 400), an OFX
statement or a CSV; formats: docs/finance-payments-csv.md — as the finance user named by
``--user``: recording payments is finance's competence, and the acts log names who acted. With
``--dry-run`` it prints what each line would become and writes nothing. Importing the same file
again imports nothing twice.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from outorga.core.management.arguments import existing_file, importing_actor, municipality_named
from outorga.finance import bank_statement
from outorga.law.competence import NotCompetent
from outorga.law.money import brl
from outorga.registry.validation import FieldError


class Command(BaseCommand):
    help = (
        "Importa o arquivo do banco (retorno FEBRABAN 150, CNAB 240/400, OFX ou CSV) e concilia "
        "os pagamentos com os débitos."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "file", help="retorno, OFX ou CSV do banco (docs/finance-payments-csv.md)"
        )
        parser.add_argument("--municipality", required=True, help="slug do município")
        parser.add_argument("--user", help="usuário de Finanças responsável pelos atos")
        parser.add_argument("--dry-run", action="store_true", help="só mostra; não grava nada")

    def handle(self, *args: Any, **opts: Any) -> None:
        m = municipality_named(opts["municipality"])
        path = existing_file(opts["file"])
        content = path.read_bytes()
        if opts["dry_run"]:
            preview = bank_statement.payments_import_preview(
                municipality=m, content=content, file_name=path.name
            )
            for error in preview.errors:
                self.stderr.write(f"arquivo: {error}")
            for ln in preview.lines:
                value = brl(ln.amount_cents) if ln.amount_cents else "—"
                why = f" ({'; '.join(ln.errors)})" if ln.errors else ""
                self.stdout.write(f"linha {ln.number}: {ln.reference} {value} → {ln.outcome}{why}")
            if preview.errors:
                raise CommandError("arquivo inválido")
            return
        actor = importing_actor(
            m, opts.get("user"), missing="informe --user USUÁRIO (de Finanças) ou use --dry-run"
        )
        try:
            batch = bank_statement.payments_import(
                actor=actor, municipality=m, content=content, file_name=path.name
            )
        except (FieldError, NotCompetent) as exc:
            raise CommandError(str(exc)) from None
        for entry in batch.report:
            self.stdout.write(
                f"linha {entry['linha']}: {entry.get('referencia', '')} → {entry['resultado']}"
            )
        self.stdout.write(
            f"importação {batch.pk}: {batch.lines_new} nova(s), {batch.lines_duplicate} já "
            f"importada(s), {batch.lines_invalid} inválida(s) de {batch.lines_total}"
        )
