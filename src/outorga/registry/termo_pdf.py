"""The Termo de Permissão de táxi as a PDF (taxi art. 10, 13–15, 21): the parties, the object, the
term and contrapartida chosen by the holder, the instalment plan and the clauses the law imposes,
each with its article."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from outorga.core.lawseam import law_for, period_for
from outorga.core.pdfkit import a4_pdf
from outorga.law import interfaces
from outorga.law.citations import render_many
from outorga.law.money import brl

from .models import Permit, PermitTerm
from .ports import ledger
from .validation import format_plate

STYLES = getSampleStyleSheet()


def _d(value: Any) -> str:
    return value.strftime("%d/%m/%Y") if value else "—"


def termo_clauses(permit: Permit, term: PermitTerm) -> list[tuple[str, str]]:
    """The Termo's clauses, in Portuguese, each ending with the articles the law bound to the
    permit's service on the signing names for them (its ``CITES``)."""
    # The Termo of a signed grant, read: by the law of its date even once that ended (ADR 0062).
    bound = law_for(permit.municipality, permit.service, term.signed_on, nearest=True, ended=True)
    law = bound.law

    def cites(*concepts: str) -> str:
        return interfaces.cited_once(law, *concepts)

    # The term and contrapartida chosen: the article of the terms, at the inciso of the option
    # and the alínea of the mode recorded in the Termo.
    terms = interfaces.citations(law, "term")
    chosen = [replace(c, inciso=term.option) for c in terms]
    mode = "a" if term.mode == PermitTerm.Mode.PAGAMENTO else "b"
    holder = permit.holder
    vehicle = permit.vehicle
    # D-12: the days to the first instalment, the law's number on the signing (its ``LIMITS``).
    first_due = bound.limit("instalment_first_due_days")
    when = f"{int(first_due.value)} dias após a assinatura deste Termo" if first_due else "no prazo"
    plan = (
        f"em {term.instalments} parcela(s) mensal(is), a primeira vencendo {when} (decisão D-12)"
        if term.instalments
        else "em serviços de publicidade ou de táxi, a critério do Poder Executivo "
        f"({cites('services_counterpart')})"
    )
    return [
        (
            "Permissionário",
            f"{holder.name} ({holder.get_kind_display()}), inscrito no Cadastro Municipal de "
            f"Taxistas sob o nº {permit.registration_number} ({cites('cadastro')}).",
        ),
        (
            "Objeto",
            f"Permissão nº {permit.number} para o serviço de táxi, categoria "
            f"{permit.get_taxi_category_display()}, com um único veículo"
            + (f", placa {format_plate(vehicle.plate)}" if vehicle else "")
            + f" ({cites('tender', 'category', 'one_permission')}).",
        ),
        (
            "Prazo",
            f"{term.term_years} anos, de {_d(term.signed_on)} a {_d(term.term_ends_on)} "
            f"({render_many(chosen)}).",
        ),
        (
            "Contrapartida",
            f"{brl(term.total_cents)}, {plan} "
            f"({render_many(replace(c, alinea=mode) for c in chosen)}).",
        ),
        (
            "Renovação",
            "Este Termo é renovado "
            f"{period_for(permit, 'termo_renewal_years', permit.municipality)} até o limite do "
            "prazo, sob pena de caducidade "
            f"declarada pelo Poder Executivo ({cites('registration_certificate')}); vigente até "
            f"{_d(term.valid_until)}. Os documentos da renovação só são liberados após a quitação "
            f"dos débitos perante o Município ({cites('debts_block')}).",
        ),
        (
            "Intransferibilidade",
            "A permissão só se transfere no falecimento ou incapacidade do permissionário pessoa "
            f"física ({cites('transfer')}); transferência clandestina, cessão, doação, "
            "comodato, aluguel, arrendamento ou comercialização acarretam a cassação, observados o "
            f"contraditório e a ampla defesa ({cites('clandestine_transfer')}).",
        ),
        (
            "Exclusividade",
            "O permissionário (e, se pessoa jurídica, seus titulares e sócios) não pode deter outra "
            "permissão, concessão ou autorização de serviço público no Município "
            f"({cites('exclusivity')}).",
        ),
        (
            "Extinção",
            "A permissão extingue-se nas hipóteses da lei, mediante processo "
            "administrativo com contraditório e ampla defesa, sem direito a indenização "
            f"({cites('extinction')}).",
        ),
    ]


def termo_pdf(permit: Permit, municipality_name: str) -> bytes:
    term = permit.term
    story: list[Any] = [
        Paragraph(escape(f"Prefeitura de {municipality_name}"), STYLES["Normal"]),
        Paragraph(escape(f"Termo de Permissão nº {permit.number}"), STYLES["Title"]),
    ]
    for title, text in termo_clauses(permit, term):
        story += [
            Paragraph(f"<b>{escape(title)}</b>", STYLES["Heading4"]),
            Paragraph(escape(text), STYLES["Normal"]),
        ]
    debts = list(ledger().contrapartida_instalments(permit))
    if debts:
        rows = [["Parcela", "Vencimento", "Valor", "Referência"]] + [
            [f"{d.instalment}/{d.instalments}", _d(d.due_on), brl(d.amount_cents), d.reference]
            for d in debts
        ]
        table = Table(rows, colWidths=[25 * mm, 35 * mm, 40 * mm, 60 * mm], repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.3, "#999999"),
                    ("BACKGROUND", (0, 0), (-1, 0), "#eeeeee"),
                ]
            )
        )
        story += [Spacer(1, 4 * mm), Paragraph("<b>Plano de parcelas</b>", STYLES["Heading4"])]
        story.append(table)
    story += [
        Spacer(1, 14 * mm),
        Paragraph(
            escape(f"{municipality_name}, {_d(term.signed_on)}."),
            STYLES["Normal"],
        ),
        Spacer(1, 14 * mm),
        Paragraph("_______________________________ Poder Executivo Municipal", STYLES["Normal"]),
        Spacer(1, 10 * mm),
        Paragraph(
            escape(f"_______________________________ {permit.holder.name}"), STYLES["Normal"]
        ),
    ]
    return a4_pdf(
        story, title=f"Termo de Permissão {permit.number}", margin=18 * mm, author="Outorga"
    )
