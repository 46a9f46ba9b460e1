"""Backup and restore of the database AND the files, with the acts chain verified after the
restore (issue #19, item 9; docs/deploy.md §4): ``outorga backup --out DIR`` then
``outorga backup --restore DIR`` into an empty database and an empty media directory give back
every act (the chain recomputed, its head the one the backup recorded) and every uploaded
file's bytes; a dump that does not match its manifest is refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.core.files.base import ContentFile
from django.db import connection
from registry_factories import png

from outorga.core.models import ActChain
from outorga.core.tenancy import tenant, unscoped
from outorga.demo.loader import load_demo
from outorga.registry.models import Person

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SRC = Path(__file__).resolve().parents[2] / "src"


def _url(name: str) -> str:
    d = connection.settings_dict
    password = f":{d['PASSWORD']}" if d.get("PASSWORD") else ""
    return f"postgres://{d['USER']}{password}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{name}"


def _outorga(*args: str, database: str, media: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "DATABASE_URL": _url(database)}
    env["OUTORGA_MEDIA_ROOT"] = str(media)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, "-m", "outorga.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def empty_database():  # type: ignore[no-untyped-def]
    name = f"{connection.settings_dict['NAME']}_restaurado"
    admin = _url("postgres")
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        c.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_restores_the_acts_chain_verified_and_every_file(
    settings, tmp_path, empty_database
):
    media = tmp_path / "media"
    settings.MEDIA_ROOT = str(media)
    load_demo()
    with unscoped():
        holder = Person.objects.order_by("pk").first()
        assert holder is not None
    photo = png()
    with tenant(holder.municipality):
        holder.photo.save("foto.png", ContentFile(photo))
        name = holder.photo.name
        heads = {c.municipality_id: (c.last_seq, c.last_hash) for c in ActChain.objects.all()}
    assert heads and all(seq > 0 for seq, _ in heads.values())
    source = connection.settings_dict["NAME"]

    made = _outorga("backup", "--out", str(tmp_path / "copia"), database=source, media=media)
    assert made.returncode == 0, made.stderr
    assert {p.name for p in (tmp_path / "copia").iterdir()} == {
        "outorga.dump",
        "arquivos.tar.gz",
        "manifesto.json",
    }

    restored_media = tmp_path / "restaurado"
    back = _outorga(
        "backup",
        "--restore",
        str(tmp_path / "copia"),
        database=empty_database,
        media=restored_media,
    )
    assert back.returncode == 0, back.stdout + back.stderr
    assert "cadeia do registro de atos verificada" in back.stdout
    assert (restored_media / name).read_bytes() == photo
    with psycopg.connect(_url(empty_database)) as c:
        got = dict(
            (
                (m, (s, h))
                for m, s, h in c.execute(
                    "SELECT municipality_id, last_seq, last_hash FROM core_actchain"
                )
            )
        )
    assert got == heads
    verify = _outorga("audit", "verify", database=empty_database, media=restored_media)
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_a_dump_that_does_not_match_its_manifest_is_refused(settings, tmp_path, empty_database):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    load_demo()
    source = connection.settings_dict["NAME"]
    made = _outorga(
        "backup", "--out", str(tmp_path / "copia"), database=source, media=tmp_path / "media"
    )
    assert made.returncode == 0, made.stderr
    with (tmp_path / "copia" / "outorga.dump").open("ab") as fh:
        fh.write(b"\0")
    back = _outorga(
        "backup",
        "--restore",
        str(tmp_path / "copia"),
        database=empty_database,
        media=tmp_path / "r",
    )
    assert back.returncode != 0 and "SHA-256 não confere" in back.stderr
