"""Uploaded files judged by their bytes, never by their name or declared type.

- A PDF starts with ``%PDF-`` and carries no HTML in its first kilobyte: a PDF/HTML polyglot
  would render as a page if a browser ever sniffed it.
- A JPEG or PNG is recognised by its magic bytes and must decode whole with Pillow.
- A photo that others will see (the badge's) is re-encoded from its pixels: EXIF (GPS, camera,
  serial numbers), XMP, comments and ICC profiles are dropped, the EXIF orientation applied first
  so the face stays upright.
- A text file (a bank's CSV) is UTF-8 or Windows-1252; a control byte or a byte that fits
  neither is refused naming its line.

Each kind has a size limit from the environment (``OUTORGA_UPLOAD_*_MB``, settings
``OUTORGA_UPLOAD_MAX_BYTES``). Refusals are :class:`BadFile` (400) and :class:`FileTooLarge` (413),
both :class:`~outorga.core.errors.FieldError` so a form shows them under the file's field.
"""

from __future__ import annotations

import io
import re
import warnings

from django.conf import settings
from django.core.files import File
from django.http import HttpResponse
from PIL import Image, ImageOps

from .errors import FieldError

PDF = "application/pdf"
PNG = "image/png"
JPEG = "image/jpeg"

MAGIC = {b"%PDF-": PDF, b"\x89PNG\r\n\x1a\n": PNG, b"\xff\xd8\xff": JPEG}
EXTENSIONS = {PDF: "pdf", PNG: "png", JPEG: "jpg"}
IMAGES = frozenset({PNG, JPEG})

#: What makes a PDF a PDF/HTML polyglot when found near its start (a browser sniffs the head).
_MARKUP = re.compile(rb"<\s*(html|script|body|iframe|svg|!doctype\s+html)\b", re.IGNORECASE)
_HEAD = 1024

#: What Pillow reports of a file that says nothing about who took it, where or with what.
_HARMLESS_INFO = frozenset(
    {"dpi", "jfif", "jfif_version", "jfif_unit", "jfif_density", "progressive", "progression"}
    | {"adobe", "adobe_transform", "transparency", "gamma", "aspect"}
)

#: Control characters a CSV never holds (tab, line feed and carriage return are text).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: A well-formed UTF-8 sequence of two to four bytes: a file holding one is taken as UTF-8.
_UTF8_MULTIBYTE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)


class BadFile(FieldError):
    """The file's bytes are not what they claim to be, or are malformed."""

    status = 400
    code = "arquivo_invalido"


class FileTooLarge(BadFile):
    status = 413
    code = "arquivo_grande_demais"


def max_bytes(kind: str) -> int:
    """The size limit of one kind of upload (``photo``, ``document``, ``csv``)."""
    return int(settings.OUTORGA_UPLOAD_MAX_BYTES[kind])


def read_upload(upload: File, kind: str) -> bytes:
    """The bytes of an upload of ``kind``, read one byte past its limit: a file too large is then
    refused as such (:func:`within_limit`) rather than cut short and taken as whole."""
    return upload.read(max_bytes(kind) + 1)


def within_limit(content: bytes, kind: str, field: str = "arquivo") -> None:
    limit = max_bytes(kind)
    if len(content) > limit:
        raise FileTooLarge(field, f"arquivo maior que {_megabytes(limit)}")


def sniff_magic(content: bytes) -> str | None:
    """The content type its first bytes claim (PDF, PNG, JPEG), not yet checked; None if none."""
    return next((t for magic, t in MAGIC.items() if content.startswith(magic)), None)


def sniff(content: bytes, field: str = "arquivo") -> str:
    """The content type by the file's own bytes: PDF, PNG or JPEG, each checked whole."""
    ctype = sniff_magic(content)
    if ctype is None:
        raise BadFile(field, "tipo de arquivo não aceito: envie PDF, JPEG ou PNG")
    if ctype == PDF:
        if _MARKUP.search(content[:_HEAD]):
            raise BadFile(
                field,
                "o PDF contém marcação HTML no início (arquivo adulterado); envie o PDF original",
            )
    else:
        _decoded(content, field).close()
    return ctype


def checked(content: bytes, *, kind: str, field: str = "arquivo", images_only: bool = False) -> str:
    """Within the kind's size limit and of an accepted type by its bytes; its content type."""
    within_limit(content, kind, field)
    ctype = sniff(content, field)
    if images_only and ctype not in IMAGES:
        raise BadFile(field, "envie a foto em JPEG ou PNG")
    return ctype


def photo_cleaned(content: bytes, field: str = "foto") -> tuple[bytes, str]:
    """A photo re-encoded from its pixels, upright and without metadata, in its own format.

    The same upload gives the same bytes (Pillow's encoders are deterministic), so a photo sent
    twice is still recognised by the SHA-256 of what is stored."""
    ctype = checked(content, kind="photo", field=field, images_only=True)
    with _decoded(content, field) as image:
        upright = ImageOps.exif_transpose(image)
        mode = "RGB" if ctype == JPEG or upright.mode not in ("RGBA", "LA") else "RGBA"
        pixels = upright.convert(mode)
        # A new image from the pixels alone: nothing of the upload's info (EXIF, XMP, COM
        # comment, ICC profile, text chunks, dpi) can ride along.
        clean = Image.frombytes(mode, pixels.size, pixels.tobytes())
    out = io.BytesIO()
    if ctype == JPEG:
        clean.save(out, "JPEG", quality=90)
    else:
        clean.save(out, "PNG")
    return out.getvalue(), ctype


def has_metadata(content: bytes) -> bool:
    """Whether an image file carries EXIF, XMP, a comment, text chunks or an ICC profile."""
    try:
        with Image.open(io.BytesIO(content)) as image:
            return bool(set(image.info) - _HARMLESS_INFO) or bool(image.getexif())
    except Exception:  # noqa: BLE001 - an unreadable image is treated as one to re-encode
        return True


def text_decoded(content: bytes, field: str = "arquivo") -> str:
    """A text file's characters: UTF-8 (with or without BOM) or, as spreadsheets saved on
    Windows are, Windows-1252. A control byte, UTF-8 broken in a UTF-8 file, or a byte
    Windows-1252 does not define is refused, naming its line (numbered from 1)."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if _UTF8_MULTIBYTE.search(content):
            raise BadFile(
                field,
                f"linha {_line_at(content, exc.start)}: bytes inválidos em UTF-8 "
                "(arquivo com codificações misturadas); salve de novo como CSV UTF-8",
            ) from None
        try:
            text = content.decode("cp1252")
        except UnicodeDecodeError as exc2:
            raise BadFile(
                field,
                f"linha {_line_at(content, exc2.start)}: byte 0x{content[exc2.start]:02X} "
                "não é texto (nem UTF-8 nem Windows-1252); salve de novo como CSV",
            ) from None
    bad = _CONTROL.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise BadFile(
            field,
            f"linha {line}: caractere de controle 0x{ord(bad.group()):02X} — o arquivo não é "
            "um CSV de texto (salve como CSV UTF-8 ou Windows-1252)",
        )
    return text


def _decoded(content: bytes, field: str) -> Image.Image:
    """The image opened and decoded whole; a truncated, corrupt or oversized one is refused."""
    try:
        with warnings.catch_warnings():
            # Past Pillow's pixel ceiling an image is a decompression bomb, not a photo.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(content)) as probe:
                probe.verify()
            image = Image.open(io.BytesIO(content))
            image.load()
    except Exception as exc:  # noqa: BLE001 - Pillow raises many kinds for a broken file
        raise BadFile(
            field, "a imagem não pôde ser lida (arquivo corrompido); envie outro"
        ) from exc
    return image


def _line_at(content: bytes, offset: int) -> int:
    return content.count(b"\n", 0, offset) + 1


def _megabytes(limit: int) -> str:
    mb = limit / (1024 * 1024)
    return f"{mb:g} MB".replace(".", ",")


def download_response(content: bytes, content_type: str, filename: str) -> HttpResponse:
    """An uploaded file served back: saved (``attachment``), never opened in the site's origin —
    a file someone sent is not a page of ours — and never sniffed into another type."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response
