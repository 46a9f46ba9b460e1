"""PDF of a platform penalty's decisions (apps art. 26): the penalty imposed, the notice that
started the appeal period, and the appeal's judgment with its reasoning and legal grounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from outorga.core.lawseam import law_of
from outorga.core.pdfkit import a4_pdf, date_text, label_table
from outorga.law import interfaces
from outorga.law.bindings import Service
from outorga.law.common.judgment import extended_until
from outorga.law.money import brl, number_br

from .models import PlatformPenalty, PlatformPenaltyAppeal

STYLES = getSampleStyleSheet()


def _p(text: str, style: str = "Normal") -> Paragraph:
    return Paragraph(escape(text).replace("\n", "<br/>"), STYLES[style])


def _table(rows: list[tuple[str, str]]) -> Table:
    return label_table([(k, _p(v)) for k, v in rows], (55 * mm, 115 * mm))


def _who(user: Any) -> str:
    return (user.get_full_name() or user.username) if user is not None else "—"


def _citations(*traces: dict[str, Any]) -> list[Any]:
    seen: dict[str, None] = {}
    for trace in traces:
        for c in trace.get("citations") or []:
            seen.setdefault(str(c), None)
    return [Spacer(1, 4 * mm), _p("Fundamentos: " + "; ".join(seen))] if seen else []


def _judge_until(appeal: PlatformPenaltyAppeal) -> str:
    """The appeal's last day to judge, with its extension (Lei 9.784/1999 art. 59 §2), if it had
    one — not the justification, the staff's."""
    if appeal.judgment_extended_on is None or appeal.judge_until is None:
        return date_text(appeal.judge_until)
    return extended_until(appeal.judge_until, appeal.judgment_extended_on)


def penalty_decision_pdf(x: PlatformPenalty, reasons: Callable[[str], str] = str) -> bytes:
    """The penalty and, when there is one, the appeal's judgment; its reasons as ``reasons`` gives
    them (a servant who neither receives nor judges it reads them reserved, ADR 0070)."""
    amount = (
        f"{number_br(x.fine_upfbg)} UPFBG = {brl(x.amount_cents)}"
        if x.amount_cents and x.fine_upfbg is not None
        else "—"
    )
    rows = [
        ("Plataforma", f"{x.platform.name} (CNPJ {x.platform.cnpj})"),
        *([("Motorista (infrator)", x.driver.name)] if x.driver is not None else []),
        ("Penalidade", x.get_kind_display()),
        ("Valor", amount),
        ("Data do fato", date_text(x.infraction_on)),
        ("Fato", x.description),
        ("Fundamentação", x.reasoning),
        ("Aplicada em", f"{date_text(x.imposed_on or x.imposed_at)} por {_who(x.imposed_by)}"),
        (
            "Notificação da decisão",
            f"{date_text(x.decision_notice_on)} — {x.get_decision_notice_channel_display()}"
            if x.decision_notice_on
            else "não registrada",
        ),
        ("Prazo de recurso", date_text(x.appeal_until)),
        ("Situação", x.get_status_display()),
    ]
    if x.final_on:
        rows.append(("Definitiva desde", date_text(x.final_on)))
    if x.debt is not None:
        rows.append(("Débito", f"{x.debt.reference} — {x.debt.get_status_display()}"))
    blocks: list[Any] = [_p("Penalidade", "Heading2"), _table(rows)]
    traces: list[dict[str, Any]] = [x.decision]
    appeal = PlatformPenaltyAppeal.objects.filter(penalty=x).first()
    if appeal is not None:
        blocks += [
            Spacer(1, 4 * mm),
            _p("Recurso", "Heading2"),
            _table(
                [
                    (
                        "Apresentado em",
                        f"{date_text(appeal.filed_on)} ({appeal.get_channel_display()})",
                    ),
                    ("Razões", reasons(appeal.text)),
                    ("Julgar até", _judge_until(appeal)),
                    ("Resultado", appeal.get_result_display()),
                    ("Julgado em", date_text(appeal.judged_on)),
                    ("Julgado por", _who(appeal.judged_by)),
                    ("Fundamentação do julgamento", appeal.reasoning or "—"),
                ]
            ),
        ]
        traces += [appeal.admission, appeal.judgment]
    blocks += _citations(*traces)
    title = (
        "Decisão do recurso — penalidade a plataforma"
        if appeal is not None and appeal.judged_on
        else "Decisão de penalidade a plataforma"
    )
    # The law that governed transport by app on the day of the fact cites its penalties.
    law = law_of(x.municipality, Service.APLICATIVO, x.infraction_on, nearest=True, ended=True)
    return a4_pdf(
        [
            _p(f"Prefeitura de {x.municipality}"),
            _p(title, "Title"),
            _p(interfaces.cited(law, "penalties")),
            Spacer(1, 4 * mm),
            *blocks,
        ],
        title=title,
        margin=18 * mm,
        author="Outorga",
    )
