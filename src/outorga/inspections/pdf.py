"""The laudo (inspection report) as an A4 PDF: the vehicle, the result, every item of the checklist
with its article and the inspector's remark, the photos, and the legal basis of the decision."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Image, Paragraph, Spacer, Table, TableStyle

from outorga.core.models import Municipality
from outorga.core.pdfkit import a4_pdf
from outorga.registry.selectors import holder_on

from .models import Inspection

RESULT_COLOUR = {
    Inspection.Result.APPROVED: colors.HexColor("#168821"),
    Inspection.Result.APPROVED_WITH_REMARKS: colors.HexColor("#8a6d00"),
    Inspection.Result.FAILED: colors.HexColor("#e52207"),
}


def _p(text: str, style: object) -> Paragraph:
    return Paragraph(escape(text), style)


def laudo(m: Municipality, inspection: Inspection) -> bytes:
    styles = getSampleStyleSheet()
    body, small, h1, h2 = styles["BodyText"], styles["Normal"], styles["Title"], styles["Heading2"]
    small = small.clone("small", fontSize=8, leading=10)
    story: list[object] = [
        _p(f"Prefeitura de {m.name}/{m.uf}", small),
        _p(f"Laudo de {inspection.get_kind_display()} nº {inspection.pk}", h1),
    ]
    permit = inspection.permit
    who = (
        f"{inspection.company.name} (empresa credenciada, laudo {inspection.company_reference})"
        if inspection.company
        else (inspection.inspector.get_full_name() or inspection.inspector.username)
        if inspection.inspector
        else "-"
    )
    facts = [
        ["Placa", inspection.plate],
        ["Permissão", permit.number if permit else "-"],
        # The holder on the day of the vistoria: a laudo records a fact of its day, and a permit
        # passed on later (taxi art. 13, parágrafo único) leaves it naming the holder of then.
        ["Permissionário", holder_on(permit, inspection.inspected_on).name if permit else "-"],
        ["Data da vistoria", f"{inspection.inspected_on:%d/%m/%Y}"],
        ["Vistoriador", who],
        [
            "Lista de verificação",
            f"{inspection.checklist}, versão de {inspection.checklist_version:%d/%m/%Y}",
        ],
        ["Situação", inspection.get_status_display()],
    ]
    if inspection.confirmed_by and inspection.confirmed_at:
        facts.append(
            [
                "Confirmado por",
                f"{inspection.confirmed_by.get_full_name() or inspection.confirmed_by.username} "
                f"em {inspection.confirmed_at:%d/%m/%Y}",
            ]
        )
    t = Table([[_p(a, small), _p(b, body)] for a, b in facts], colWidths=[40 * mm, 140 * mm])
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story += [t, Spacer(1, 4 * mm)]
    result = inspection.get_result_display().upper()
    colour = RESULT_COLOUR[Inspection.Result(inspection.result)]
    story.append(
        Paragraph(
            f'<font color="{colour.hexval()}"><b>Resultado: {escape(result)}</b></font>',
            styles["Heading1"],
        )
    )
    story.append(_p(inspection.summary, body))
    if inspection.fix_deadline:
        story.append(
            _p(f"Prazo para sanar as ressalvas: {inspection.fix_deadline:%d/%m/%Y}.", body)
        )
    story += [Spacer(1, 3 * mm), _p("Itens verificados", h2)]
    rows = [[_p("Item", small), _p("Resultado", small), _p("Fundamento e observação", small)]]
    photos = []
    for it in inspection.items.all():
        note = it.citation + (f" — {it.remark}" if it.remark else "")
        if it.automatic:
            note += f" — {it.message}"
        label = it.label + (" (crítico)" if it.critical else "")
        rows.append([_p(label, small), _p(it.get_result_display(), small), _p(note, small)])
        if it.photo:
            photos.append(it)
    table = Table(rows, colWidths=[62 * mm, 25 * mm, 93 * mm], repeatRows=1)
    style = [
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for n, it in enumerate(inspection.items.all(), start=1):
        if it.result == "not_ok":
            style.append(("BACKGROUND", (1, n), (1, n), colors.HexColor("#fde0db")))
    table.setStyle(TableStyle(style))
    story.append(table)
    if photos:
        story += [Spacer(1, 3 * mm), _p("Fotos", h2)]
        for it in photos:
            try:
                with it.photo.open("rb") as f:
                    data = f.read()
                reader = ImageReader(io.BytesIO(data))
                w, h = reader.getSize()
                width = 60 * mm
                story.append(Image(io.BytesIO(data), width=width, height=width * h / w))
            except Exception:  # noqa: BLE001 - an unreadable image must not block the report
                story.append(_p("(foto ilegível)", small))
            story.append(_p(f"{it.label} — {it.get_result_display()}", small))
    story += [Spacer(1, 3 * mm), _p("Fundamentação legal", h2)]
    for c in inspection.decision.get("citations", []):
        story.append(_p(f"• {c}", small))
    return a4_pdf(
        story,
        title=f"Laudo de vistoria {inspection.pk}",
        margin=15 * mm,
        top_and_bottom=15 * mm,
        author=f"Prefeitura de {m.name}/{m.uf}",
    )
