"""What the apps' PDFs share: an A4 document made of its flowables, a date as the documents print
it, the font size a text fits in, a vector QR code drawn on a reportlab canvas, a table of
labelled facts, and the response that carries a PDF."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape

import segno
from django.http import FileResponse, HttpResponse
from django.utils import timezone
from reportlab.lib.colors import black, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table, TableStyle


def a4_pdf(
    story: list[Any],
    *,
    title: str,
    margin: float,
    author: str | None = None,
    top_and_bottom: float = inch,
) -> bytes:
    """The bytes of an A4 document of ``story`` (reportlab flowables) titled ``title``: ``margin``
    left and right, ``top_and_bottom`` above and below (reportlab's own inch unless given)."""
    buf = io.BytesIO()
    SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=top_and_bottom,
        bottomMargin=top_and_bottom,
        title=title,
        author=author,
    ).build(story)
    return buf.getvalue()


def date_text(value: Any) -> str:
    """A date (``dd/mm/aaaa``) or a moment in local time (``dd/mm/aaaa hh:mm``); "—" for none."""
    if value is None:
        return "—"
    if hasattr(value, "hour"):
        return timezone.localtime(value).strftime("%d/%m/%Y %H:%M")
    return value.strftime("%d/%m/%Y")


def fit_size(text: str, font: str, size: float, width: float, *, smallest: float) -> float:
    """The largest font size ≤ ``size`` (down to ``smallest``) at which ``text`` fits ``width``."""
    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def draw_qr(c: Canvas, data: str, x: float, y: float, side: float, *, border: int = 4) -> None:
    """Vector QR code (segno), quiet zone of ``border`` modules included, so it prints sharp at any
    resolution."""
    qr = segno.make(data, error="m", micro=False)
    rows = list(qr.matrix_iter(scale=1, border=border))
    module = side / len(rows)
    c.setFillColor(white)
    c.rect(x, y, side, side, stroke=0, fill=1)
    c.setFillColor(black)
    for r, row in enumerate(rows):
        top = y + side - (r + 1) * module
        for col, dark in enumerate(row):
            if dark:
                # A hair wider than the module, so no white seams appear between neighbours.
                c.rect(x + col * module, top, module * 1.02, module * 1.02, stroke=0, fill=1)


def label_table(rows: Iterable[tuple[str, Flowable]], widths: tuple[float, float]) -> Table:
    """Facts of a document in two columns of ``widths``, in a light grid: each label in bold, its
    value beside it (a flowable the document makes, with its own line breaks)."""
    normal = getSampleStyleSheet()["Normal"]
    t = Table([[Paragraph(f"<b>{escape(k)}</b>", normal), v] for k, v in rows], colWidths=[*widths])
    t.setStyle(
        TableStyle(
            [("GRID", (0, 0), (-1, -1), 0.3, "#999999"), ("VALIGN", (0, 0), (-1, -1), "TOP")]
        )
    )
    return t


def pdf_response(content: bytes, filename: str, *, attachment: bool = False) -> HttpResponse:
    """A PDF shown in the browser (or downloaded, ``attachment``) under ``filename``."""
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if attachment else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


def private_pdf_response(content: bytes, filename: str) -> FileResponse:
    """A PDF of someone's data: shown under ``filename`` and never kept by a cache."""
    response = FileResponse(io.BytesIO(content), content_type="application/pdf", filename=filename)
    response["Cache-Control"] = "no-store"
    return response
