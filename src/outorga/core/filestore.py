"""Stored files where a library needs a path on this machine.

Uploaded files live in the default storage: the local disk, or an S3-compatible bucket shared by
every machine (``config.env.file_storage_from_env``). DuckDB reads a trip file by its path, so
``local_file`` gives the file's own path on disk, or a private temporary copy of the object
removed when the block ends.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db.models.fields.files import FieldFile


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
