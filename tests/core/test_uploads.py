"""Uploaded files judged by their bytes (core.uploads): a PDF/HTML polyglot, an image that does not
decode and a text file with malformed bytes are refused with a 400 in Portuguese; a photo is
re-encoded upright and without its EXIF; each kind's size limit comes from the settings."""

from __future__ import annotations

import io

import pytest
from PIL import ExifTags, Image
from registry_factories import photo_with_exif

from outorga.core import uploads

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
#: A file that is a PDF to a PDF reader and a page with a script to a browser that sniffs it.
POLYGLOT = b"%PDF-1.4\n<html><script>fetch('/api/v1/me')</script></html>\n" + PDF[9:]


def refusal(exc: pytest.ExceptionInfo[uploads.BadFile]) -> str:
    return exc.value.message


# --- content by its bytes ----------------------------------------------------------------------


def test_a_pdf_is_recognised_by_its_first_bytes():
    assert uploads.sniff(PDF) == "application/pdf"


def test_a_pdf_html_polyglot_is_refused_with_a_400_in_portuguese():
    with pytest.raises(uploads.BadFile) as exc:
        uploads.sniff(POLYGLOT)
    assert exc.value.status == 400 and exc.value.field == "arquivo"
    assert "marcação HTML" in refusal(exc)


@pytest.mark.parametrize("markup", [b"<HTML>", b"<script src=x>", b"< svg onload=1>", b"<body>"])
def test_any_markup_in_the_first_kilobyte_of_a_pdf_is_refused(markup):
    with pytest.raises(uploads.BadFile):
        uploads.sniff(b"%PDF-1.4\n" + b"x" * 500 + markup)


def test_markup_past_the_first_kilobyte_is_a_pdfs_own_business():
    assert uploads.sniff(b"%PDF-1.4\n" + b"x" * 1100 + b"<html>") == "application/pdf"


def test_an_image_that_does_not_decode_is_refused():
    truncated = photo_with_exif("PNG")[:-40]
    with pytest.raises(uploads.BadFile) as exc:
        uploads.sniff(truncated)
    assert "não pôde ser lida" in refusal(exc)
    with pytest.raises(uploads.BadFile):
        uploads.sniff(b"\xff\xd8\xff" + b"\x00" * 64)


def test_a_gif_or_an_executable_is_not_accepted():
    for content in (b"GIF89a" + b"\x00" * 20, b"MZ\x90\x00"):
        with pytest.raises(uploads.BadFile) as exc:
            uploads.sniff(content)
        assert "tipo de arquivo não aceito" in refusal(exc)


# --- size limits per kind from the environment -------------------------------------------------


def test_each_kind_has_its_own_size_limit_from_the_settings(settings):
    settings.OUTORGA_UPLOAD_MAX_BYTES = {"photo": 100, "document": 2000, "csv": 10}
    with pytest.raises(uploads.FileTooLarge) as exc:
        uploads.checked(PDF + b"0" * 2000, kind="document")
    assert exc.value.status == 413 and refusal(exc).startswith("arquivo maior que")
    assert uploads.checked(PDF, kind="document") == "application/pdf"
    with pytest.raises(uploads.FileTooLarge):
        uploads.checked(photo_with_exif(), kind="photo")


def test_the_default_limits_are_5_mb_and_an_environment_variable_changes_one(monkeypatch):
    import importlib

    from outorga.config import settings as project_settings

    assert project_settings.OUTORGA_UPLOAD_MAX_BYTES["document"] == 5 * 1024 * 1024
    monkeypatch.setenv("OUTORGA_UPLOAD_DOCUMENT_MB", "12")
    try:
        fresh = importlib.reload(project_settings)
        assert fresh.OUTORGA_UPLOAD_MAX_BYTES["document"] == 12 * 1024 * 1024
        assert fresh.OUTORGA_UPLOAD_MAX_BYTES["photo"] == 5 * 1024 * 1024
    finally:
        monkeypatch.delenv("OUTORGA_UPLOAD_DOCUMENT_MB")
        importlib.reload(project_settings)


# --- photos re-encoded without metadata ----------------------------------------------------------


@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_a_photo_loses_its_exif_gps_and_camera(fmt):
    original = photo_with_exif(fmt)
    with Image.open(io.BytesIO(original)) as before:
        assert before.getexif().get_ifd(ExifTags.IFD.GPSInfo)  # the fixture really has GPS
    cleaned, ctype = uploads.photo_cleaned(original)
    assert ctype == f"image/{fmt.lower()}"
    with Image.open(io.BytesIO(cleaned)) as after:
        assert dict(after.getexif()) == {}
        assert "exif" not in after.info and "comment" not in after.info
    assert b"Telefone X-1" not in cleaned and b"Exif" not in cleaned
    assert not uploads.has_metadata(cleaned) and uploads.has_metadata(original)


def test_a_photo_keeps_its_orientation_applied():
    # Orientation 6: the camera was turned; the viewer rotates 90° clockwise to show it upright.
    original = photo_with_exif("JPEG", size=(60, 80), orientation=6)
    cleaned, _ = uploads.photo_cleaned(original)
    with Image.open(io.BytesIO(cleaned)) as after:
        assert after.size == (80, 60)
        # The dark top row is now the right-hand column.
        assert sum(after.getpixel((79, 30))) < 150 and sum(after.getpixel((0, 30))) > 150


def test_the_same_photo_gives_the_same_bytes():
    original = photo_with_exif("JPEG")
    assert uploads.photo_cleaned(original)[0] == uploads.photo_cleaned(original)[0]


# --- text files: malformed bytes named by their line --------------------------------------------


def test_utf8_and_windows_1252_text_are_read():
    text = "data;valor;referencia\n20/03/2026;10,00;João Conceição\n"
    assert uploads.text_decoded(text.encode("utf-8")) == text
    assert uploads.text_decoded(b"\xef\xbb\xbf" + text.encode("utf-8")) == text
    assert uploads.text_decoded(text.encode("cp1252")) == text


def test_a_nul_byte_is_refused_naming_its_line():
    content = b"data;valor;referencia\n20/03/2026;10,00;ABC\n21/03/2026;1\x000,00;DEF\n"
    with pytest.raises(uploads.BadFile) as exc:
        uploads.text_decoded(content)
    assert exc.value.status == 400
    assert refusal(exc).startswith("linha 3: caractere de controle 0x00")


def test_a_utf16_file_is_refused_at_its_first_line():
    with pytest.raises(uploads.BadFile) as exc:
        uploads.text_decoded("data;valor\n".encode("utf-16"))
    assert refusal(exc).startswith("linha 1:")


def test_broken_utf8_in_a_utf8_file_is_refused_naming_its_line():
    content = "data;nome\n1;João\n2;Maria\n".encode() + b"3;Jos\xe9\xff\n"
    with pytest.raises(uploads.BadFile) as exc:
        uploads.text_decoded(content)
    assert refusal(exc).startswith("linha 4: bytes inválidos em UTF-8")


def test_a_byte_windows_1252_does_not_define_is_refused_naming_its_line():
    content = b"data;nome\n1;Jos\xe9\n2;Ana\x81\n"
    with pytest.raises(uploads.BadFile) as exc:
        uploads.text_decoded(content)
    assert refusal(exc).startswith("linha 3: byte 0x81")
