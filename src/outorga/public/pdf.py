"""The crachá as a PDF page in credit-card size (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm).

Fields of mototaxi art. 2 VIII: photo, full name, blood type and Rh, CNH, authorization number,
plate; plus service, validity and the QR code of the public verification URL. The QR code is
drawn as vector squares so it stays sharp at any print resolution.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from reportlab.lib.colors import HexColor, black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from outorga.core.lawseam import service_citations
from outorga.core.pdfkit import draw_qr, fit_size
from outorga.registry.validation import FieldError

from .models import Badge
from .selectors.badges import bearer_of

CARD_W, CARD_H = 85.60 * mm, 53.98 * mm
BLUE = HexColor("#1351B4")  # gov.br primary blue
GREY = HexColor("#555555")
RED = HexColor("#C8102E")


def _field(
    c: Canvas, x: float, y: float, label: str, value: str, width: float, size: float
) -> None:
    c.setFont("Helvetica", 4.6)
    c.setFillColor(GREY)
    c.drawString(x, y, label.upper())
    c.setFont("Helvetica-Bold", fit_size(value, "Helvetica-Bold", size, width, smallest=4.5))
    c.setFillColor(black)
    c.drawString(x, y - size - 1.2, value)  # canvas units are points


def render_badge(
    badge: Badge, url: str, void: str = "", printed: dict[str, Any] | None = None
) -> bytes:
    """The card; with ``void`` (why it no longer holds), a copy for the case file: "SEM
    VALIDADE" across it and the reason at its foot, so it can never pass for a valid card.
    ``printed``: its fields (``services.card_fields``), else the badge's record of them."""
    printed = badge.printed if printed is None else printed
    # The card's bearer: the photo beside the name printed (never a successor's, art. 13 §ú).
    person = bearer_of(badge)
    if not person.photo:
        # The law makes the photo mandatory (mototaxi art. 2 VIII): no card without it; the
        # article is the one the law bound to the permit's service names for the photo.
        permit = badge.permit
        cites = service_citations(permit.municipality, permit.service, "photo")
        raise FieldError("foto", "foto ausente", "; ".join(c.render() for c in cites))
    with person.photo.open("rb") as fh:
        photo = ImageReader(io.BytesIO(fh.read()))

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(CARD_W, CARD_H), pageCompression=1)
    c.setTitle(f"Crachá {printed.get('autorizacao', '')}")
    c.setAuthor(f"Prefeitura de {printed.get('municipio', '')}")
    c.setSubject(
        "cópia sem validade de crachá, para o processo"
        if void
        else "crachá de identificação profissional"
    )

    # Header band.
    band = 9 * mm
    c.setFillColor(BLUE)
    c.rect(0, CARD_H - band, CARD_W, band, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont("Helvetica-Bold", 6.5)
    c.drawString(
        3 * mm, CARD_H - 4 * mm, f"PREFEITURA DE {printed['municipio'].upper()}/{printed['uf']}"
    )
    c.setFont("Helvetica", 5.5)
    c.drawString(
        3 * mm,
        CARD_H - 7.2 * mm,
        f"CRACHÁ · {printed['servico'].upper()} · {printed['condicao'].upper()}",
    )

    # Photo 3×4 on the left.
    px, pw, ph = 3 * mm, 20 * mm, 26.6 * mm
    py = CARD_H - band - 2 * mm - ph
    c.drawImage(photo, px, py, pw, ph, preserveAspectRatio=True, anchor="c", mask="auto")
    c.setStrokeColor(GREY)
    c.setLineWidth(0.3)
    c.rect(px, py, pw, ph, stroke=1, fill=0)

    # QR code on the right.
    side = 24 * mm
    qx, qy = CARD_W - side - 2.5 * mm, CARD_H - band - 1.5 * mm - side
    draw_qr(c, url, qx, qy, side, border=2)
    c.setFillColor(GREY)
    c.setFont("Helvetica", 4.2)
    c.drawCentredString(qx + side / 2, qy - 2.2 * mm, "Verifique pelo QR code")

    # Text between the photo and the QR code.
    tx = px + pw + 2.5 * mm
    width = qx - tx - 1.5 * mm
    y = CARD_H - band - 4.5 * mm
    name = printed["nome"].upper()
    words, lines, line = name.split(), [], ""
    for w in words:
        if stringWidth(f"{line} {w}".strip(), "Helvetica-Bold", 6.5) <= width:
            line = f"{line} {w}".strip()
        else:
            lines.append(line)
            line = w
    lines.append(line)
    c.setFillColor(black)
    for text in [x for x in lines if x][:3]:
        c.setFont("Helvetica-Bold", fit_size(text, "Helvetica-Bold", 6.5, width, smallest=4.5))
        c.drawString(tx, y, text)
        y -= 2.8 * mm
    y -= 0.8 * mm
    fields = [
        ("CNH", printed.get("cnh") or "—"),
        ("Autorização de tráfego", printed["autorizacao"]),
        ("Registro nº", str(printed.get("registro") or "—")),
        ("Placa", printed.get("placa") or "—"),
    ]
    for label, value in fields:
        _field(c, tx, y, label, value, width, 6.2)
        y -= 5.0 * mm

    # Blood type under the photo, validity under the QR code: what is looked for first.
    _field(c, px, py - 3 * mm, "Tipo sanguíneo/Rh", printed.get("tipo_sanguineo") or "—", pw, 8)
    valid = dt.date.fromisoformat(printed["validade"]).strftime("%d/%m/%Y")
    _field(c, qx, qy - 5.6 * mm, "Validade", valid, side, 7.5)

    # Footer: serial, so a card can be matched to its record.
    c.setFont("Helvetica", 4)
    c.setFillColor(GREY)
    c.drawString(px, 2.2 * mm, f"Série {badge.serial}")
    if void:
        _void_mark(c, f"Série {badge.serial} · {void}")
    c.showPage()
    c.save()
    return buf.getvalue()


def _void_mark(c: Canvas, why: str) -> None:
    """ "SEM VALIDADE" in red across the card, and why at its foot."""
    c.saveState()
    c.setFillColor(RED)
    c.translate(CARD_W / 2, CARD_H / 2)
    c.rotate(25)
    c.setFont("Helvetica-Bold", 22)
    c.drawCentredString(0, -8, "SEM VALIDADE")
    c.restoreState()
    c.setFillColor(white)
    c.rect(0, 0, CARD_W, 6.2 * mm, stroke=0, fill=1)
    c.setFillColor(RED)
    c.setFont("Helvetica-Bold", 4.6)
    c.drawString(2 * mm, 4.2 * mm, "CÓPIA PARA O PROCESSO — NÃO VALE COMO IDENTIFICAÇÃO")
    text = why
    size = fit_size(text, "Helvetica", 4.2, CARD_W - 4 * mm, smallest=2.5)
    c.setFont("Helvetica", size)
    c.drawString(2 * mm, 1.6 * mm, text)
