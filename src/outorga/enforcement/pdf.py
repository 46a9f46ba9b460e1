"""PDFs of the process: the auto de infração (art. 30 I–X), notices with the deadline and how to
file online, decisions, and the Diário Oficial batch (with its CSV list)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from outorga.core.lawseam import cited_for, cited_titled
from outorga.core.listing import as_spreadsheet_text
from outorga.core.pdfkit import a4_pdf, date_text, label_table
from outorga.law.competence import competence
from outorga.law.money import brl

from .lawbridge import deadline as stage_deadline
from .lawbridge import judgment_extended_until, next_stage
from .models import Case, Filing, InfractionNotice, Notice
from .services.filings import DECISION_NOTICE, JUDGE_ACTION

STYLES = getSampleStyleSheet()


def _doc(title: str, municipality: str, blocks: list[Any]) -> bytes:
    story: list[Any] = [
        Paragraph(escape(f"Prefeitura de {municipality}"), STYLES["Normal"]),
        Paragraph(escape(title), STYLES["Title"]),
        *blocks,
    ]
    return a4_pdf(story, title=title, margin=18 * mm, author="Outorga")


def _table(rows: Sequence[tuple[str, str]]) -> Table:
    return label_table([(k, _p(v)) for k, v in rows], (60 * mm, 110 * mm))


def _p(text: str) -> Paragraph:
    return Paragraph(escape(text), STYLES["Normal"])


def _citations(decision: dict[str, Any]) -> list[Any]:
    cites = decision.get("citations") or []
    if not cites:
        return []
    return [Spacer(1, 4 * mm), _p("Fundamentos: " + "; ".join(cites))]


def auto_pdf(auto: InfractionNotice, registration: str) -> bytes:
    """Art. 30 I–X, in the order of the incisos, plus the refusal of art. 29 §3; ``registration``
    is the offender's (V) as the reader may see it (``selectors.offender_registration_as_seen``)."""
    # The articles beside the rows, as the auto's law cites them (none where it names none).
    unlicensed = cited_for(auto, "unlicensed")
    unlicensed = f", {unlicensed}" if unlicensed else ""
    unsigned = cited_for(auto, "auto_unsigned")  # a law that says so: the auto stands
    unsigned = f" (não invalida o auto, {unsigned})" if unsigned else ""
    rows = [
        ("Número", auto.number),
        ("I — Permissionário", auto.holder_name or f"— (sem permissão{unlicensed})"),
        ("II — Permissão", auto.permit_number or "—"),
        ("III — Placa", auto.plate),
        (
            "IV — Infrator",
            f"{auto.offender_name or 'não identificado'} ({auto.get_committed_by_display()})",
        ),
        ("V — Registro do infrator", registration or "—"),
        ("VI — Dispositivo infringido", f"{auto.provision} — {auto.infraction_description}"),
        ("Natureza", auto.get_severity_display()),
        ("VII — Local, data e hora", f"{auto.place} — {date_text(auto.committed_at)}"),
        ("Coordenadas", f"{auto.gps_lat}, {auto.gps_lon}" if auto.gps_lat is not None else "—"),
        ("VIII — Descrição", auto.description),
        ("IX — Agente e matrícula", f"{auto.agent_name} — matrícula {auto.agent_registration}"),
        (
            "X — Assinatura do infrator",
            "assinado"
            if auto.offender_signed
            else (
                f"recusa certificada pelo agente; testemunhas: {auto.witness_1}, {auto.witness_2}"
                if auto.refusal_certified
                else f"não assinado{unsigned}"
            ),
        ),
        ("Fotos", str(auto.photos.count())),
        ("Apreensão do veículo", "sim" if auto.seizure else "não"),
        (
            "Situação",
            auto.get_status_display() + (f": {auto.cancel_reason}" if auto.cancel_reason else ""),
        ),
    ]
    return _doc(
        "Auto de infração", str(auto.municipality), [_table(rows), *_citations(auto.decision)]
    )


def notice_pdf(notice: Notice, portal_url: str) -> bytes:
    """The notice with the deadline it opens and how to file the defence or appeal online."""
    case = notice.case
    auto = case.auto
    rows = [
        ("Processo", case.number),
        ("Notificação", notice.get_purpose_display()),
        (
            "Destinatário",
            case.person.name if case.person else (auto.offender_name if auto else "—"),
        ),
        ("Permissão", case.permit.number if case.permit else "—"),
    ]
    if auto is not None:
        rows += [
            ("Auto de infração", f"{auto.number} — {auto.provision}"),
            ("Infração", auto.infraction_description),
            ("Data e local", f"{date_text(auto.committed_at)} — {auto.place}"),
        ]
    # The Chief Executive's decision, where the law's procedure has no step after it, opens no
    # deadline: its notice gives knowledge of it (the decision's PDF says the same, ``_next_appeal``).
    last = (
        notice.purpose == Notice.Purpose.EXECUTIVE_DECISION
        and next_stage(case.law, Filing.Stage.EXECUTIVE) is None
    )
    if notice.delivered:
        rows.append(
            (
                "Forma e data da notificação",
                f"{notice.get_form_display()} em {date_text(notice.notified_on)}",
            )
        )
    if last:
        rows.append(("Prazo", "não há: decisão da última instância administrativa"))
    elif notice.delivered:
        rows.append(("Prazo", f"até {date_text(notice.deadline)}" if notice.deadline else "—"))
    else:
        rows.append(("Prazo", "conta da data da notificação (entrega, AR ou publicação)"))
    blocks: list[Any] = [_table(rows), Spacer(1, 5 * mm)]
    blocks.append(
        _p(
            "Decisão do Chefe do Poder Executivo, última instância do processo administrativo: "
            "esta notificação dá ciência da decisão e não abre prazo de defesa nem de recurso."
        )
        if last
        else _p(
            "Como apresentar defesa ou recurso: pelo portal do permissionário, em "
            f"{portal_url}, com anexos (PDF, JPEG ou PNG), ou por escrito no protocolo da "
            "Secretaria, dentro do prazo. Prazo contado em dias corridos, excluído o dia da "
            "notificação e incluído o último; se o último dia não for útil, prorroga-se para o "
            "próximo dia útil."
        )
    )
    blocks += _citations(notice.decision)
    return _doc("Notificação", str(case.municipality), blocks)


#: The appeal a dismissed decision opens, by the stage that comes next (mototaxi art. 43–44;
#: taxi D-17).
NEXT_APPEAL = {"jari": "recurso à JARI", "executive": "recurso ao Chefe do Poder Executivo"}


def _next_appeal(filing: Filing) -> list[tuple[str, str]]:
    """What the decision leaves to the person: the next appeal, to whom, and its deadline — the
    date once the decision is notified, else the days counted from that notice (mototaxi art.
    43–44, D-4; taxi D-17) — or, after the last instance, that no appeal is left."""
    if filing.result != Filing.Result.DISMISSED:
        return []
    case = filing.case
    nxt = next_stage(case.law, filing.stage)
    if nxt is None:
        comp = competence(
            case.law, JUDGE_ACTION[Filing.Stage(filing.stage)], filing.judged_on or filing.filed_on
        )
        cites = "; ".join(c.render() for c in comp.citations) if comp else ""
        return [
            (
                "Recurso",
                "não cabe outro recurso administrativo: decisão da última instância"
                + (f" ({cites})" if cites else "")
                + "; a penalidade é definitiva (decisão D-1).",
            )
        ]
    label = NEXT_APPEAL[nxt]
    notice = (
        case.notices.filter(purpose=DECISION_NOTICE[Filing.Stage(filing.stage)])
        .order_by("-id")
        .first()
    )
    notified_on = notice.notified_on if notice is not None else None
    try:
        deadline, d = stage_deadline(
            case.municipality,
            case.law,
            nxt,
            notice.form if notice is not None and notified_on else Notice.Form.PESSOAL,
            notified_on or filing.judged_on or filing.filed_on,
        )
    except LookupError:  # the law core cannot say (e.g. a regulation not yet recorded)
        return [("Recurso cabível", f"{label}, no prazo contado da notificação desta decisão.")]
    days = next(
        (p.value for r in d.reasons for p in r.parameters if p.name.endswith("_days")), None
    )
    cites = "; ".join(d.to_json()["citations"])
    term = f"{days} dias" if days is not None else "prazo"
    if notified_on is not None:
        text = (
            f"{label} até {date_text(deadline)}: {term} contados da notificação em {date_text(notified_on)} "
            f"({cites})."
        )
    else:
        text = f"{label} no prazo de {term} contados da notificação desta decisão ({cites})."
    return [("Recurso cabível", text)]


def _extended(filing: Filing) -> list[tuple[str, str]]:
    """The period to judge the appeal, where its authority extended it (Lei 9.784/1999 art. 59
    §2): the day it ran to and the day it was extended — not the justification, the staff's."""
    if filing.judgment_extended_on is None or filing.judge_until is None:
        return []
    return [
        (
            "Prazo para julgar",
            f"até {judgment_extended_until(filing.judge_until, filing.judgment_extended_on)}",
        )
    ]


def decision_pdf(filing: Filing) -> bytes:
    case = filing.case
    rows = [
        ("Processo", case.number),
        ("Peça", f"{filing.get_stage_display()} apresentada em {date_text(filing.filed_on)}"),
        ("Resultado", filing.get_result_display()),
        ("Julgado em", date_text(filing.judged_on)),
        (
            "Julgado por",
            (filing.judged_by.get_full_name() or filing.judged_by.username)
            if filing.judged_by
            else "—",
        ),
        ("Fundamentação", filing.reasoning or "—"),
        *_extended(filing),
        *_next_appeal(filing),
    ]
    # The judgment's reasons and the article that gives its judge the competence (art. 42–44).
    comp = competence(
        case.law, JUDGE_ACTION[Filing.Stage(filing.stage)], filing.judged_on or filing.filed_on
    )
    cites = list(filing.judgment.get("citations") or [])
    cites += [c.render() for c in (comp.citations if comp else ()) if c.render() not in cites]
    return _doc(
        "Decisão", str(case.municipality), [_table(rows), *_citations({"citations": cites})]
    )


def batch_rows(notices: Iterable[Notice]) -> list[dict[str, str]]:
    out = []
    for n in notices:
        case: Case = n.case
        auto = case.auto
        out.append(
            {
                "processo": case.number,
                "notificacao": n.get_purpose_display(),
                "nome": case.person.name if case.person else (auto.offender_name if auto else ""),
                "permissao": case.permit.number if case.permit else "",
                "auto": auto.number if auto else "",
                "placa": auto.plate if auto else "",
                "dispositivo": auto.provision if auto else case.get_kind_display(),
            }
        )
    return out


def batch_pdf(municipality: str, notices: Sequence[Notice]) -> bytes:
    rows = batch_rows(notices)
    data = [["Processo", "Notificação", "Nome", "Permissão", "Auto", "Placa"]] + [
        [r["processo"], r["notificacao"], r["nome"], r["permissao"], r["auto"], r["placa"]]
        for r in rows
    ]
    t = Table(
        [[Paragraph(escape(c), STYLES["BodyText"]) for c in row] for row in data], repeatRows=1
    )
    t.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, "#999999")]))
    # Each law of the notices listed, as its law core cites the notice by edital.
    laws = sorted({n.case.law for n in notices})
    cites = "; ".join(c for c in (cited_titled(law, "edital") for law in laws) if c)
    intro = _p(
        "Ficam notificados, por edital, os interessados abaixo, não encontrados ou notificados por "
        f"esta via{f' ({cites})' if cites else ''}. Os prazos de defesa e de recurso contam da data desta "
        "publicação."
    )
    return _doc(
        "Notificações por edital — Diário Oficial", municipality, [intro, Spacer(1, 4 * mm), t]
    )


def batch_csv(notices: Sequence[Notice]) -> str:
    buf = io.StringIO()
    rows = batch_rows(notices)
    w = csv.DictWriter(
        buf,
        fieldnames=["processo", "notificacao", "nome", "permissao", "auto", "placa", "dispositivo"],
        delimiter=";",
    )
    w.writeheader()
    w.writerows({k: as_spreadsheet_text(v) for k, v in r.items()} for r in rows)
    return buf.getvalue()


def money(cents: int | None) -> str:
    return brl(cents or 0)
