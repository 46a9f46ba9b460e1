"""Files joined to a defence or an appeal: an auto's filings (enforcement) and a platform's
(platforms, ADR 0043). One idea, one piece of code: the file is judged by its bytes (PDF, JPEG or
PNG within the document limit, ``core.uploads``), kept as sent — it is evidence —, known by its
SHA-256, and written to the project's storage so that a rolled-back transaction takes it away
again (``core.filestore.save_in_transaction``). Each app keeps its own table (what a file joins
differs: an auto's ``Filing``; a platform's case or penalty) on this abstract model."""

from __future__ import annotations

import hashlib

from django.db import models
from django.http import HttpResponse

from . import uploads
from .filestore import save_in_transaction
from .tenancy import TenantModel


def attachment_checked(content: bytes) -> tuple[str, str]:
    """The content type judged by the bytes (``uploads.BadFile`` / ``FileTooLarge`` under the field
    ``arquivo`` otherwise) and the SHA-256 the act records."""
    ctype = uploads.checked(content, kind="document")
    return ctype, hashlib.sha256(content).hexdigest()


class Attachment(TenantModel):
    """A file joined to a defence or an appeal; each table names its folder (``file``)."""

    file = models.FileField()
    name = models.CharField("nome do arquivo", max_length=200)
    content_type = models.CharField(max_length=40)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveIntegerField("tamanho (bytes)")

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    def store(self, content: bytes, filename: str) -> None:
        """Write ``content`` (its ``content_type`` and ``sha256`` already set) under ``filename``
        and save the row, inside the caller's transaction: if it rolls back, so does the file."""
        self.size = len(content)
        save_in_transaction(self.file, filename, content)
        self.save()

    def content(self) -> bytes:
        """The stored bytes (local disk or S3, ``core.filestore``'s storage)."""
        with self.file.open("rb") as f:
            return f.read()

    def download_name(self) -> str:
        """The name a download is saved under: its number and its type's extension (the sender's
        name is shown on the page, never put in a header)."""
        return f"anexo-{self.pk}.{uploads.EXTENSIONS.get(self.content_type, 'bin')}"

    def download(self) -> HttpResponse:
        """The file served back as a download (``uploads.download_response``)."""
        return uploads.download_response(self.content(), self.content_type, self.download_name())
