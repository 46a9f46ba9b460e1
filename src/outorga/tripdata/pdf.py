"""The ISSQN statement as a PDF (reportlab, no network)."""

from __future__ import annotations

import datetime as dt
from xml.sax.saxutils import escape

from django.utils import timezone
from reportlab.lib import colors
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from outorga.core.lawseam import law_of
from outorga.core.localtime import zone_of
from outorga.core.pdfkit import a4_pdf
from outorga.law.bindings import Service
from outorga.law.interfaces import cited_once
from outorga.law.money import brl, rate_percent

from .models import IssqnStatement, regime_label
from .services.common import month_end


def _cpf(value: str) -> str:
    return f"***.{value[3:6]}.{value[6:9]}-**" if len(value) == 11 else value


def statement_pdf(statement: IssqnStatement) -> bytes:
    styles = getSampleStyleSheet()
    p = statement.platform
    # The law that governed transport by app at the end of the month, as the statement was computed.
    law = law_of(
        statement.municipality,
        Service.APLICATIVO,
        month_end(statement.month),
        nearest=True,
        ended=True,  # reading an old statement (ADR 0062)
    )
    story = [
        Paragraph(f"Extrato de ISSQN — {statement.month:%m/%Y}", styles["Title"]),
        # A platform's name, like every text a person typed, is escaped: Paragraph reads markup.
        Paragraph(
            escape(
                f"Plataforma: {p.name} (CNPJ {p.cnpj}). Município: {statement.municipality.name}/"
                f"{statement.municipality.uf}."
            ),
            styles["Normal"],
        ),
        Paragraph(
            escape(
                f"Fundamento: {cited_once(law, 'issqn')} (alíquota × base, arredondamento "
                "meio-para-cima por contribuinte e mês). ISS dos motoristas retido e recolhido "
                f"pela plataforma ({cited_once(law, 'driver_issqn_withholding')})."
            ),
            styles["Normal"],
        ),
        Paragraph(
            escape(
                f"Base da plataforma: {statement.base_source}. Calculado em "
                f"{_local(statement):%d/%m/%Y %H:%M}."
            ),
            styles["Normal"],
        ),
        Spacer(1, 4 * mm),
    ]
    rows = [["Contribuinte", "Regime", "Receita bruta", "Retenção", "Base", "Alíquota", "ISS"]]
    for line in statement.lines.all():
        who = "Plataforma" if line.taxpayer_kind == "platform" else _cpf(line.taxpayer)
        rows.append(
            [
                who,
                regime_label(line.regime),
                brl(line.gross_cents),
                brl(line.deduction_cents),
                brl(line.base_cents),
                rate_percent(line.rate) if line.rate else "não informada",
                "pendente" if line.iss_cents is None else brl(line.iss_cents),
            ]
        )
    total = "pendente" if statement.total_cents is None else brl(statement.total_cents)
    rows.append(["Total a recolher", "", "", "", "", "", total])
    table = Table(rows, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONTSIZE", (0, 0), (-1, -1), 8),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dbe8fb")),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
                ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
            ]
        )
    )
    story.append(table)
    if not statement.complete:
        story += [
            Spacer(1, 4 * mm),
            Paragraph(
                "Extrato incompleto: o município ainda não registrou a alíquota de algum regime "
                "ou há dados inconsistentes.",
                styles["Normal"],
            ),
        ]
    return a4_pdf(story, title=f"Extrato de ISSQN {statement.month:%m/%Y}", margin=15 * mm)


def _local(statement: IssqnStatement) -> dt.datetime:
    """When it was computed, on the municipality's clock (the PDF is made outside a request)."""
    return timezone.localtime(statement.computed_at, zone_of(statement.municipality))
