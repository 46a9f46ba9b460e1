"""``outorga audit verify`` and ``outorga audit checkpoint``: the acts log's integrity.

``verify`` recomputes each municipality's hash chain and checks it against every checkpoint
recorded in the database and every checkpoint file given (``--checkpoint``, repeatable): a tail
cut or a wiped log is named by its range ("atos 8 a 10 ausentes"). Exit code 1 on any finding.

``checkpoint`` signs each municipality's chain head and writes it as a JSON file (``--out FILE``
for one municipality, or ``--dir DIR``, default ``OUTORGA_CHECKPOINT_DIR``), to be kept or
published outside the database (docs/deploy.md).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from outorga.core import checkpoints
from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import system_wide


class Command(BaseCommand):
    help = (
        "Registro de atos: 'audit verify [--municipality SLUG] [--checkpoint ARQUIVO]' recalcula "
        "a cadeia de hashes e a confere com os pontos de controle; 'audit checkpoint' assina a "
        "cabeça da cadeia e grava o ponto de controle em JSON."
    )

    def add_arguments(self, parser: Any) -> None:
        sub = parser.add_subparsers(dest="sub", required=True)
        verify = sub.add_parser("verify", help="verifica a cadeia de hashes")
        verify.add_argument("--municipality", help="slug do município (padrão: todos)")
        verify.add_argument(
            "--checkpoint",
            action="append",
            default=[],
            metavar="ARQUIVO",
            help="arquivo de ponto de controle guardado fora do banco (pode repetir)",
        )
        point = sub.add_parser("checkpoint", help="assina e grava um ponto de controle")
        point.add_argument("--municipality", help="slug do município (padrão: todos)")
        point.add_argument("--dir", help="diretório dos arquivos (padrão: OUTORGA_CHECKPOINT_DIR)")
        point.add_argument("--out", help="caminho do arquivo (só com --municipality)")

    def handle(self, *args: Any, **opts: Any) -> None:
        # Reads and anchors every municipality's log: the named escape of row-level security.
        with system_wide(f"outorga audit {opts['sub']}"):
            self.run(opts)

    def run(self, opts: dict[str, Any]) -> None:
        qs = Municipality.objects.order_by("name")
        if opts.get("municipality"):
            qs = qs.filter(slug=opts["municipality"])
            if not qs.exists():
                raise CommandError(f"município desconhecido: {opts['municipality']}")
        if opts["sub"] == "checkpoint":
            self.checkpoint(list(qs), opts)
        else:
            self.verify(list(qs), opts)

    def verify(self, municipalities: list[Municipality], opts: dict[str, Any]) -> None:
        try:
            files = [checkpoints.read_file(Path(p)) for p in opts["checkpoint"]]
        except checkpoints.BadCheckpoint as exc:
            raise CommandError(str(exc)) from exc
        unknown = checkpoints.unknown_files(files, municipalities)
        if unknown:
            raise CommandError("; ".join(unknown))
        broken = False
        for m in municipalities:
            report = checkpoints.audit(m, files)
            broken = broken or not report.ok
            for line in checkpoints.describe(report):
                self.stdout.write(line)
        if broken:
            sys.exit(1)

    def checkpoint(self, municipalities: list[Municipality], opts: dict[str, Any]) -> None:
        out = Path(opts["out"]) if opts.get("out") else None
        if out is not None and not opts.get("municipality"):
            raise CommandError("--out grava um arquivo só: informe também --municipality")
        folder = opts.get("dir") or settings.OUTORGA_CHECKPOINT_DIR
        if out is None and not folder:
            raise CommandError("informe --dir ou --out, ou defina OUTORGA_CHECKPOINT_DIR")
        failed = False
        for m in municipalities:
            try:
                point = checkpoints.checkpoint_create(
                    municipality=m, actor=Actor.system("ponto de controle")
                )
            except checkpoints.CheckpointRefused as exc:
                failed = True
                self.stdout.write(str(exc))
                continue
            path = checkpoints.checkpoint_write(
                point, out or Path(folder) / checkpoints.file_name(point)
            )
            self.stdout.write(
                f"{m.slug}: ponto de controle até o ato {point.last_seq} "
                f"(chave {point.key_id}) gravado em {path}"
            )
        if failed:
            sys.exit(1)
