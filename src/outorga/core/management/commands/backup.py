"""``outorga backup --out DIR`` and ``outorga backup --restore DIR``: the database and the files
together, and the acts chain verified after a restore (docs/deploy.md §4).

A backup is a directory: ``outorga.dump`` (``pg_dump --format=custom``, as the owner when
``DATABASE_MIGRATE_URL`` is set), ``arquivos.tar.gz`` (the uploaded files of ``OUTORGA_MEDIA_ROOT``;
with object storage the bucket is copied by its own tool, and the manifest says so) and
``manifesto.json`` (each file's SHA-256, and each municipality's acts count and chain head). A
restore loads the dump into the (empty) database of the settings, the files into
``OUTORGA_MEDIA_ROOT``, then recomputes every municipality's chain (``audit verify``) and compares
its head with the manifest's: any difference fails the restore.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
import tarfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.storage import FileSystemStorage, default_storage
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from outorga.core.models import Act, ActChain, Municipality
from outorga.core.scope import system_wide
from outorga.core.tenancy import unscoped

DUMP = "outorga.dump"
FILES = "arquivos.tar.gz"
MANIFEST = "manifesto.json"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1024 * 1024), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _libpq() -> tuple[list[str], dict[str, str]]:
    """pg_dump/pg_restore's connection arguments and environment (the password never in argv), as
    the tables' owner (the ``owner`` alias when set)."""
    d = settings.DATABASES["owner" if "owner" in settings.DATABASES else "default"]
    if "postgresql" not in d["ENGINE"]:
        raise CommandError("backup e restauração pelo comando exigem PostgreSQL (DATABASE_URL)")
    args = ["--host", str(d.get("HOST") or "127.0.0.1"), "--port", str(d.get("PORT") or 5432)]
    args += ["--username", str(d["USER"]), "--dbname", str(d["NAME"])]
    # Row-level security (ADR 0024): the owner is subject to it too, so the dump and the restore
    # read and write every municipality's rows under the named escape, as docs/deploy.md §4 says.
    env = {
        **os.environ,
        "PGPASSWORD": str(d.get("PASSWORD") or ""),
        "PGOPTIONS": "-c outorga.municipality=*",
    }
    return args, env


def _postgres_tool(libpq: tuple[list[str], dict[str, str]], program: str, *args: str) -> None:
    """Run ``program`` (pg_dump, pg_restore: from the PATH, as the docs say) with row security on,
    on the database ``libpq`` connects to (:func:`_libpq`), ``args`` after its connection's."""
    conn_args, env = libpq
    subprocess.run(  # noqa: S603 - fixed program, arguments from settings
        [program, "--enable-row-security", *conn_args, *args], env=env, check=True
    )


def _heads() -> dict[str, dict[str, Any]]:
    with unscoped(), system_wide("cópia de segurança: cabeças da cadeia de cada município"):
        return {
            m.slug: {"atos": chain.last_seq, "cabeca": chain.last_hash}
            for m in Municipality.objects.order_by("slug")
            for chain in ActChain.objects.filter(municipality=m)
        }


def _passes_through(slug: str, head: dict[str, Any]) -> bool:
    """Whether ``slug``'s restored chain holds the manifest's head: its act number with its hash."""
    if head["atos"] == 0:
        return True
    with unscoped(), system_wide("restauração: o ato da cabeça registrada no manifesto"):
        return Act.objects.filter(
            municipality__slug=slug, seq=head["atos"], hash=head["cabeca"]
        ).exists()


class Command(BaseCommand):
    help = (
        "Cópia de segurança do banco e dos arquivos ('backup --out DIR') e sua restauração com a "
        "cadeia do registro de atos verificada ('backup --restore DIR')."
    )

    def add_arguments(self, parser: Any) -> None:
        what = parser.add_mutually_exclusive_group(required=True)
        what.add_argument("--out", help="diretório novo onde gravar a cópia")
        what.add_argument("--restore", help="diretório de uma cópia, para restaurar")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["out"]:
            self.backup(Path(opts["out"]))
        else:
            self.restore(Path(opts["restore"]))

    def backup(self, out: Path) -> None:
        libpq = _libpq()
        out.mkdir(parents=True, exist_ok=False)
        heads = _heads()  # before the dump: a later act shows as newer, never as missing
        _postgres_tool(libpq, "pg_dump", "--format=custom", "--file", str(out / DUMP))
        manifest: dict[str, Any] = {
            "criado_em": dt.datetime.now(dt.UTC).isoformat(),
            "banco": {"arquivo": DUMP, "sha256": _sha256(out / DUMP)},
            "registro_de_atos": heads,
        }
        if isinstance(default_storage, FileSystemStorage):  # the lazy object passes its class
            media = Path(settings.MEDIA_ROOT)
            with tarfile.open(out / FILES, "w:gz") as tar:
                if media.exists():
                    tar.add(media, arcname=".")
            manifest["arquivos"] = {"arquivo": FILES, "sha256": _sha256(out / FILES)}
        else:
            manifest["arquivos"] = {"armazenamento": "objetos (S3): copie o bucket à parte"}
        (out / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
        self.stdout.write(
            f"cópia gravada em {out}: {', '.join(sorted(p.name for p in out.iterdir()))}"
        )

    def restore(self, source: Path) -> None:
        manifest = json.loads((source / MANIFEST).read_text())
        if _sha256(source / DUMP) != manifest["banco"]["sha256"]:
            raise CommandError(f"{DUMP}: SHA-256 não confere com o manifesto")
        libpq = _libpq()
        connections.close_all()
        _postgres_tool(libpq, "pg_restore", "--no-owner", "--exit-on-error", str(source / DUMP))
        files = manifest.get("arquivos", {})
        if "sha256" in files:
            if _sha256(source / FILES) != files["sha256"]:
                raise CommandError(f"{FILES}: SHA-256 não confere com o manifesto")
            media = Path(settings.MEDIA_ROOT)
            media.mkdir(parents=True, exist_ok=True)
            with tarfile.open(source / FILES, "r:gz") as tar:
                tar.extractall(media, filter="data")
        call_command("audit", "verify", stdout=self.stdout, stderr=self.stderr)
        found = _heads()
        for slug, head in manifest["registro_de_atos"].items():
            # The heads were read before the dump: acts recorded while it ran are in it too, so
            # the chain may go on past the manifest's head — but must pass through it.
            seen = found.get(slug, {}).get("atos", 0)
            if seen < head["atos"] or not _passes_through(slug, head):
                raise CommandError(
                    f"{slug}: a cadeia restaurada termina no ato {seen} e não passa pelo ato "
                    f"{head['atos']} que a cópia registrava"
                )
        self.stdout.write(
            f"restaurado de {source}: cadeia do registro de atos verificada em "
            f"{len(manifest['registro_de_atos'])} município(s)"
        )
