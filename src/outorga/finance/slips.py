"""The payment slip (guia) of a debt: an A4 page laid out like a boleto (payer's receipt above the
cut, payment stub below), paid by PIX — the QR code and the "copia e cola" text of the static BR
Code — and, once the municipality has recorded its FEBRABAN code, by the FEBRABAN arrecadação
barcode (Interleaved 2 of 5) and its linha digitável, as municipal guias (DAM) are paid at any
bank, lottery outlet or banking app (``finance.febraban``).

It is not a bank boleto (no bank, no "nosso número"), and without the FEBRABAN code the page says
it is paid by PIX only.
"""

from __future__ import annotations

import io
import textwrap

from reportlab.graphics.barcode.common import I2of5
from reportlab.lib.colors import HexColor, black, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from outorga.core.pdfkit import draw_qr, fit_size
from outorga.law.money import brl

from . import febraban, pix
from .guias import guia_barcode
from .models import Debt
from .models_payments import FinanceSettings

BLUE = HexColor("#1351B4")
GREY = HexColor("#555555")
PAGE_W, PAGE_H = A4
MARGIN = 15 * mm
WIDTH = PAGE_W - 2 * MARGIN
#: The barcode about 103 mm wide and 13 mm high, wide bars three times the narrow ones.
BAR_NARROW = 0.254 * mm
BAR_RATIO = 3
BAR_HEIGHT = 13 * mm


def _masked(document: str) -> str:
    d = document or ""
    if len(d) == 11:
        return f"***.{d[3:6]}.{d[6:9]}-**"
    if len(d) == 14:
        return f"{d[:2]}.***.***/{d[8:12]}-**"
    return "—"


def _box(c: Canvas, x: float, y: float, w: float, h: float, label: str, value: str) -> None:
    """A boleto-style field: small caps label on top, value below, thin frame."""
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setFillColor(GREY)
    c.setFont("Helvetica", 6.5)
    c.drawString(x + 1.5 * mm, y + h - 3 * mm, label.upper())
    c.setFillColor(black)
    size = fit_size(value, "Helvetica-Bold", 10, w - 3 * mm, smallest=6)
    c.setFont("Helvetica-Bold", size)
    c.drawString(x + 1.5 * mm, y + 2 * mm, value)


def _header(c: Canvas, y: float, municipality: str, title: str, reference: str) -> float:
    h = 10 * mm
    c.setFillColor(BLUE)
    c.rect(MARGIN, y - h, WIDTH, h, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(MARGIN + 2 * mm, y - 6.5 * mm, f"Prefeitura de {municipality}")
    c.setFont("Helvetica-Bold", 9)
    c.drawRightString(MARGIN + WIDTH - 2 * mm, y - 6.5 * mm, f"{title} · {reference}")
    return y - h


def render_slip(
    debt: Debt,
    settings: FinanceSettings,
    payload: str,
    *,
    municipality_name: str,
    amount_cents: int,
) -> bytes:
    """One A4 page; ``payload`` is the debt's BR Code (see ``guias.pix_payload``), whose txid
    the page prints as the payload carries it."""
    code = guia_barcode(debt, settings, amount_cents)
    txid = pix.parse_template(pix.parse(payload)["62"]).get("05", pix.NO_TXID)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=A4, pageCompression=1)
    c.setTitle(f"Documento de arrecadação {debt.reference}")
    c.setAuthor(f"Prefeitura de {municipality_name}")
    c.setSubject("pagamento por PIX")
    person = debt.person
    due = debt.due_on.strftime("%d/%m/%Y")
    value = brl(amount_cents)
    origin = debt.get_origin_display()
    row = 11 * mm

    # --- payer's receipt (top) ---
    y = PAGE_H - MARGIN
    y = _header(c, y, municipality_name, "Recibo do pagador", debt.reference)
    half = WIDTH / 2
    y -= row
    _box(c, MARGIN, y, half, row, "Beneficiário", settings.merchant_name)
    _box(c, MARGIN + half, y, half / 2, row, "Vencimento", due)
    _box(c, MARGIN + 1.5 * half, y, half / 2, row, "Valor do documento", value)
    y -= row
    _box(c, MARGIN, y, 1.5 * half, row, "Pagador", person.name)
    _box(c, MARGIN + 1.5 * half, y, half / 2, row, "CPF/CNPJ", _masked(person.document))
    y -= row
    _box(c, MARGIN, y, half / 2, row, "Origem", origin)
    _box(c, MARGIN + half / 2, y, 1.5 * half, row, "Descrição", debt.description)
    y -= 8 * mm
    c.setFillColor(GREY)
    c.setFont("Helvetica", 7.5)
    c.drawString(MARGIN, y, "Guarde este recibo. O pagamento é conciliado pela referência (txid).")

    # --- cut line ---
    y -= 8 * mm
    c.setStrokeColor(GREY)
    c.setDash(3, 3)
    c.line(MARGIN, y, MARGIN + WIDTH, y)
    c.setDash()
    c.setFont("Helvetica", 7)
    c.drawRightString(MARGIN + WIDTH, y + 1.5 * mm, "corte aqui")

    # --- payment stub (bottom) ---
    y -= 6 * mm
    y = _header(c, y, municipality_name, "Documento de arrecadação municipal", debt.reference)
    left_w = WIDTH * 0.62
    y -= row
    _box(c, MARGIN, y, left_w, row, "Beneficiário", settings.merchant_name)
    _box(c, MARGIN + left_w, y, WIDTH - left_w, row, "Vencimento", due)
    y -= row
    _box(c, MARGIN, y, left_w, row, "Pagador", person.name)
    _box(c, MARGIN + left_w, y, WIDTH - left_w, row, "Valor do documento", value)
    y -= row
    _box(c, MARGIN, y, left_w, row, "Identificador do PIX (txid)", txid)
    _box(c, MARGIN + left_w, y, WIDTH - left_w, row, "Origem", origin)
    instructions = settings.slip_instructions or (
        (
            "Pague pelo código de barras em qualquer banco, lotérica ou aplicativo, ou pelo PIX "
            "(QR code ou copia e cola). "
            if code is not None
            else "Pague pelo PIX: leia o QR code no aplicativo do seu banco ou use o código copia "
            "e cola. "
        )
        + "Após o vencimento procure a Secretaria para atualizar o valor."
    )
    lines = textwrap.wrap(instructions, 70)[:4]
    ih = (len(lines) + 1) * 4 * mm + 2 * mm
    y -= ih
    c.setStrokeColor(GREY)
    c.rect(MARGIN, y, left_w, ih, stroke=1, fill=0)
    c.setFillColor(GREY)
    c.setFont("Helvetica", 6.5)
    c.drawString(MARGIN + 1.5 * mm, y + ih - 3 * mm, "INSTRUÇÕES")
    c.setFillColor(black)
    c.setFont("Helvetica", 8.5)
    for i, text in enumerate(lines):
        c.drawString(MARGIN + 1.5 * mm, y + ih - (i + 2) * 4 * mm, text)

    # QR code of the payload beside the instructions.
    side = 52 * mm
    qx = MARGIN + left_w + (WIDTH - left_w - side) / 2
    qy = y + ih - side - 1 * mm
    qy = min(qy, y)
    draw_qr(c, payload, qx, qy - 4 * mm, side)
    c.setFillColor(GREY)
    c.setFont("Helvetica", 7)
    c.drawCentredString(qx + side / 2, qy - 7 * mm, "PIX — leia com o app do banco")

    # "copia e cola" text, monospaced and wrapped.
    y = min(y, qy - 4 * mm) - 10 * mm
    c.setFillColor(black)
    c.setFont("Helvetica-Bold", 8)
    c.drawString(MARGIN, y, "PIX copia e cola:")
    c.setFont("Courier", 8)
    # Fixed-width chunks, not word wrap: a space of the payload must never vanish at a break.
    for i, chunk in enumerate(payload[k : k + 90] for k in range(0, len(payload), 90)):
        c.drawString(MARGIN, y - (i + 1) * 4 * mm, chunk)
    if code is not None:
        _draw_barcode(c, code)
    c.setFillColor(GREY)
    c.setFont("Helvetica", 7)
    c.drawString(
        MARGIN,
        MARGIN,
        "Pague pelo código de barras ou pela linha digitável em qualquer banco, lotérica ou "
        "aplicativo, ou pelo PIX."
        if code is not None
        else "Este documento não é boleto bancário: não tem código de barras. "
        "Pagamento somente por PIX ao beneficiário acima.",
    )
    c.showPage()
    c.save()
    return buf.getvalue()


def _draw_barcode(c: Canvas, code: str) -> None:
    """The linha digitável above the Interleaved 2 of 5 barcode of the 44 digits, at the foot of
    the payment stub."""
    y = MARGIN + 6 * mm
    bar = I2of5(
        code,
        barWidth=BAR_NARROW,
        ratio=BAR_RATIO,
        barHeight=BAR_HEIGHT,
        checksum=0,  # the check digits are the layout's own, inside the 44 digits
        bearers=0,
        quiet=0,
    )
    bar.drawOn(c, MARGIN, y)
    c.setFillColor(black)
    c.setFont("Courier-Bold", 10.5)
    c.drawString(MARGIN, y + BAR_HEIGHT + 3 * mm, febraban.line_formatted(febraban.line(code)))
    c.setFillColor(GREY)
    c.setFont("Helvetica", 6.5)
    c.drawString(MARGIN, y + BAR_HEIGHT + 8 * mm, "LINHA DIGITÁVEL (ARRECADAÇÃO FEBRABAN)")
