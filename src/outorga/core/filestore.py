"""Stored files where a library needs a path on this machine.

Uploaded files live in the default storage: the local disk, or an S3-compatible bucket shared by
every machine (``config.env.file_storage_from_env``). DuckDB reads a trip file by its path, so
``local_file`` gives the file's own path on disk, or a private temporary copy of the object
removed when the block ends. ``save_in_transaction`` writes an uploaded file that goes away again
if the transaction that records it rolls back.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile, File
from django.db import transaction
from django.db.models.fields.files import FieldFile

logger = logging.getLogger(__name__)


@contextmanager
def local_file(field: FieldFile) -> Iterator[Path]:
    """A path on this machine holding ``field``'s bytes for the duration of the block."""
    try:
        yield Path(field.path)
        return
    except NotImplementedError:  # object storage: no local path
        pass
    name = field.name or ""
    with tempfile.NamedTemporaryFile(
        suffix=Path(name).suffix, dir=settings.FILE_UPLOAD_TEMP_DIR, delete=False
    ) as copy:
        with field.storage.open(name, "rb") as source:
            shutil.copyfileobj(source, copy, length=1024 * 1024)
    try:
        yield Path(copy.name)
    finally:
        Path(copy.name).unlink(missing_ok=True)


def save_in_transaction(field: FieldFile, name: str, content: bytes | File) -> None:
    """Write ``content`` under ``name`` for ``field`` (its row is saved by the caller), removed from
    the storage again if the transaction around this point rolls back: a file no row names is an
    orphan nobody can reach or delete. The field then names no file either, so the object in
    hand, saved again, cannot point a row at the removed file.

    Django keeps no rollback hooks, but it drops the commit hooks of a transaction or savepoint
    that rolls back (and runs them on commit): the file goes when its hook is dropped uncalled.
    A hook is also dropped uncalled when an earlier *non-robust* hook of the same commit raises,
    so every commit hook of the project is registered ``robust=True`` (a test reads the sources
    for it, ADR 0048).

    ``content`` is bytes, or a file streamed to the storage in chunks (a month's trip file does
    not fit in memory)."""
    field.save(name, ContentFile(content) if isinstance(content, bytes) else content, save=False)
    stored = field.name or ""
    kept = [False]
    hook = _Keep(kept)
    weakref.finalize(hook, _remove_unless_kept, kept, field, stored)
    transaction.on_commit(hook, robust=True)


class _Keep:
    """The commit hook of a stored file: called, the file stays."""

    __slots__ = ("kept", "__weakref__")

    def __init__(self, kept: list[bool]) -> None:
        self.kept = kept

    def __call__(self) -> None:
        self.kept[0] = True


def _remove_unless_kept(kept: list[bool], field: FieldFile, name: str) -> None:
    if kept[0]:
        return
    # ``FieldFile.save`` sets the model's attribute to the name: the object in hand forgets it.
    instance, attname = field.instance, field.field.attname
    current = instance.__dict__.get(attname)
    if (current.name if isinstance(current, FieldFile) else current) == name:
        setattr(instance, attname, None)
    if field.name == name:
        field.name = None
    try:
        field.storage.delete(name)
    except Exception:  # the storage unreachable: say so, the rollback itself stands
        logger.exception("stored file %s left after its transaction rolled back", name)
