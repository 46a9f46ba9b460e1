"""When the next inspection is due, and whether missing it is an infraction candidate.

- Mototaxi and motofrete: vistoria at registration (art. 5 §1 II) and the inspection report is
  semiannual (art. 5 §1 III, §6; art. 24 for motofrete). The report's validity is the rulebook's
  (``ipatinga.mototaxi-2013.document_validity``, laudo_inspecao): the next inspection is due on the last day the
  current report is valid. Not submitting the vehicle to the routine vistoria is an infraction
  (art. 39 VI, média; duty of art. 13 XIII).
- Taxi: vistoria at registration, at the yearly renewal of the Cadastro and at a vehicle change
  (art. 29; renewal every ``taxi_2017.registration_renewal_years``, art. 21). The law leaves the
  infraction list to the regulation (art. 43, D-10): missing it is a candidate to be typed there.
- Extraordinary inspections may be ordered at any time (taxi art. 29 §ú; mototaxi art. 5 §6);
  they are not scheduled.

A due date is "em dia" before it, "vence hoje" on it and "vencida" after it; the infraction
candidate arises after ``inspections.sweep_grace_days`` more days (zero by default).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.labels import periodic_pt, sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.ipatinga.mototaxi_2013.catalog import infraction_type
from outorga.law.questions import ask, question
from outorga.law.rulebook import DATE, day, decide, opt_day
from outorga.law.rules import reason, verdict_only
from outorga.law.schemas import closed, nullable
from outorga.law.windows import years_elapsed_on

from .results import KIND_PT, MOTO, TAXI, Kind


def status_on(as_of: dt.date, due_on: dt.date) -> str:
    if as_of < due_on:
        return "em_dia"
    return "vence_hoje" if as_of == due_on else "vencida"


STATUS_PT = {"em_dia": "em dia", "vence_hoje": "vence hoje", "vencida": "vencida"}


def _status_reason(ctx: Context, due_on: dt.date, *cites: Any) -> tuple[str, bool, Reason]:
    grace = ctx.param("inspections.sweep_grace_days", ctx.as_of)
    status = status_on(ctx.as_of, due_on)
    overdue = ctx.as_of > due_on + dt.timedelta(days=int(grace.value))
    return (
        status,
        overdue,
        reason(
            "inspections.due_status",
            Verdict.REFUSED if overdue else Verdict.OK,
            f"Vistoria devida em {due_on:%d/%m/%Y}: {STATUS_PT[status]} em {ctx.as_of:%d/%m/%Y}.",
            *cites,
            facts={"devida_em": due_on, "data": ctx.as_of, "situação": status},
            params=(grace,),
        ),
    )


def _first_vistoria(
    rule: str, registered: dt.date, *cites: Citation
) -> tuple[dt.date, Kind, Reason]:
    """No vistoria on record: the first is due at the registration (cadastramento), under the
    law's own articles ``cites``; the due date, the kind and the reason."""
    return (
        registered,
        Kind.VISTORIA,
        reason(
            rule,
            Verdict.INFO,
            f"Sem vistoria registrada: devida no cadastramento ({registered:%d/%m/%Y}).",
            *cites,
        ),
    )


def _decide(
    qid: str,
    ctx: Context,
    due_on: dt.date,
    kind: Kind,
    status: str,
    overdue: bool,
    infraction: dict[str, Any] | None,
    reasons: list[Reason],
) -> Decision:
    summary = f"{sentence(KIND_PT[kind])} devida em {due_on:%d/%m/%Y} ({STATUS_PT[status]})"
    if infraction:
        summary += f"; candidata a infração: {infraction['citation']}"
    return decide(
        qid,
        ctx,
        {
            "due_on": due_on,
            "kind": str(kind),
            "status": status,
            "overdue": overdue,
            "infraction": infraction,
        },
        tuple(reasons),
        summary + ".",
    )


def _missed_art_39_vi() -> tuple[Any, dict[str, Any]]:
    """Art. 39 VI — deixar de submeter o veículo à vistoria de rotina ou quando determinado: the
    catalog's inciso and the candidate infraction as the sweep records it."""
    it = infraction_type("art39-VI")
    return it, {
        "code": it.code,
        "citation": it.citation.render(),
        "severity": str(it.severity),
        "description": it.description,
    }


@question(
    "ipatinga.mototaxi-2013.inspection_due",
    law=MOTO,
    title="Quando vence a próxima vistoria ou inspeção periódica deste mototáxi/motofrete?",
    schema=closed(
        {
            "service": {"enum": ["mototaxi", "motofrete"]},
            "registered_on": DATE,
            "last_inspection_on": nullable(DATE),
        },
        required=["registered_on"],
    ),
)
def mototaxi_due(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 5 §1 II–III and §6, art. 24: vistoria at registration, then a semiannual inspection;
    art. 39 VI: not submitting the vehicle to it is an infraction (média)."""
    qid = "ipatinga.mototaxi-2013.inspection_due"
    registered = day(facts["registered_on"])
    last = opt_day(facts.get("last_inspection_on"))
    motofrete = facts.get("service") == "motofrete"
    reasons: list[Reason] = []
    if last is None:
        due_on, kind, first = _first_vistoria(
            "inspections.mototaxi.first",
            registered,
            cite(MOTO, 5, 1, "II"),
            cite(MOTO, 5, 1, "III"),
        )
        reasons.append(first)
    else:
        validity = ask(
            "ipatinga.mototaxi-2013.document_validity",
            ctx,
            {"document": "laudo_inspecao", "issued_on": last.isoformat()},
        )
        due_on, kind = day(validity.outcome["expires_on"]), Kind.SEMESTRAL
        expiry = validity.reasons[0]  # the rulebook's validity computation, with its trace
        reasons.append(expiry)
        # The laudo's validity the expiry read (D-15), in the message only when it is read:
        # "semestral" while it is the law's six months, in numbers otherwise.
        validity_months = () if verdict_only() else expiry.parameters[:1]
        reasons.append(
            reason(
                "inspections.mototaxi.semiannual",
                Verdict.INFO,
                lambda: (
                    f"Inspeção {periodic_pt(int(validity_months[0].value), 'months')}: a próxima "
                    f"é devida até {due_on:%d/%m/%Y}."
                ),
                cite(MOTO, 5, 1, "III"),
                cite(MOTO, 5, 6),
                *([cite(MOTO, 24)] if motofrete else []),
                params=validity_months,
            )
        )
    status, overdue, why = _status_reason(ctx, due_on, cite(MOTO, 13, inc="XIII"))
    reasons.append(why)
    infraction = None
    if overdue:
        it, infraction = _missed_art_39_vi()
        reasons.append(
            reason(
                "inspections.mototaxi.missed",
                Verdict.REFUSED,
                "Deixar de submeter o veículo à vistoria de rotina é infração média: candidata "
                "a auto de infração.",
                it.citation,
                cite(MOTO, 13, inc="XIII"),
                facts={"devida_em": due_on},
            )
        )
    return _decide(qid, ctx, due_on, kind, status, overdue, infraction, reasons)


def next_renewal(anchor: dt.date, after: dt.date, years: int) -> dt.date:
    """The first yearly renewal date (anchor + k·years, k ≥ 1) strictly after ``after``."""
    k = max(1, (after.year - anchor.year) - 1)
    while years_elapsed_on(anchor, k * years) <= after:
        k += 1
    return years_elapsed_on(anchor, k * years)


@question(
    "ipatinga.taxi-2017.inspection_due",
    law=TAXI,
    title="Quando vence a próxima vistoria deste táxi?",
    schema=closed(
        {
            "registered_on": DATE,
            "renewal_anchor": DATE,
            "last_inspection_on": nullable(DATE),
            "vehicle_changed_on": nullable(DATE),
        },
        required=["registered_on"],
    ),
)
def taxi_due(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 29: vistoria at the yearly registration (cadastramento anual, art. 21) and at a vehicle
    change; the list of infractions is regulation (art. 43, D-10)."""
    qid = "ipatinga.taxi-2017.inspection_due"
    registered = day(facts["registered_on"])
    anchor = opt_day(facts.get("renewal_anchor")) or registered
    last = opt_day(facts.get("last_inspection_on"))
    changed = opt_day(facts.get("vehicle_changed_on"))
    reasons: list[Reason] = []
    if last is None:
        due_on, kind, first = _first_vistoria(
            "inspections.taxi.first", registered, cite(TAXI, 27), cite(TAXI, 29)
        )
        reasons.append(first)
    elif changed is not None and changed > last:
        due_on, kind = changed, Kind.TROCA
        reasons.append(
            reason(
                "inspections.taxi.change",
                Verdict.INFO,
                f"Troca de veículo em {changed:%d/%m/%Y}: vistoria devida na troca.",
                cite(TAXI, 29),
            )
        )
    else:
        years = ctx.param("taxi_2017.registration_renewal_years")
        due_on, kind = next_renewal(anchor, last, int(years.value)), Kind.RENOVACAO
        reasons.append(
            reason(
                "inspections.taxi.renewal",
                Verdict.INFO,
                f"Última vistoria em {last:%d/%m/%Y}; a próxima é devida na renovação anual do "
                f"cadastramento de {due_on:%d/%m/%Y}.",
                cite(TAXI, 29),
                cite(TAXI, 21),
                facts={"âncora": anchor, "última_vistoria": last},
                params=(years,),
            )
        )
    status, overdue, why = _status_reason(ctx, due_on, cite(TAXI, 29))
    reasons.append(why)
    infraction = None
    if overdue:
        infraction = {
            "code": "taxi-vistoria-nao-realizada",
            "citation": cite(TAXI, 43).render(),
            "severity": None,
            "description": "deixar de submeter o veículo à vistoria (tipificação e natureza "
            "fixadas em regulamento)",
        }
        reasons.append(
            reason(
                "inspections.taxi.missed",
                Verdict.REFUSED,
                "Vistoria não realizada no prazo: candidata a infração, a tipificar conforme o "
                "regulamento.",
                cite(TAXI, 29),
                cite(TAXI, 43),
                decision(10),
                facts={"devida_em": due_on},
            )
        )
    return _decide(qid, ctx, due_on, kind, status, overdue, infraction, reasons)


# --- Extraordinary inspections (mototaxi art. 5 §6) -------------------------------------------------

ORDER_STATUS_PT = {
    "scheduled": "agendada",
    "done": "realizada",
    "not_notified": "encerrada sem notificação do permissionário",
    "missed": "veículo não apresentado",
}


@question(
    "ipatinga.mototaxi-2013.extraordinary_inspection",
    law=MOTO,
    title="Como está a vistoria extraordinária determinada a este mototáxi/motofrete?",
    schema=closed(
        {
            "ordered_on": DATE,
            "scheduled_for": DATE,
            "notified_on": nullable(DATE),
            "inspected_on": nullable(DATE),
        },
        required=["ordered_on", "scheduled_for"],
    ),
)
def extraordinary_inspection(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 5 §6: besides the vistoria at the CRLV's renewal, the vehicle is subject to other
    vistorias and inspections "quando lhe aprouver" — ordered at any time, for a date the órgão sets
    (never before the order). The holder must submit the vehicle within the term fixed (art. 13
    XIII) and follow the notices (art. 13 XV); not submitting it "quando determinado pelo órgão" is
    an infraction média with seizure (art. 39 VI, §2). Judged on ``ctx.as_of``: without a notice
    delivered by the scheduled date the holder was never bound, so the order lapses without an
    infraction; after the date (plus ``inspections.sweep_grace_days``) with no inspection, the
    infraction is a candidate for the authority."""
    qid = "ipatinga.mototaxi-2013.extraordinary_inspection"
    ordered, scheduled = day(facts["ordered_on"]), day(facts["scheduled_for"])
    notified = opt_day(facts.get("notified_on"))
    inspected = opt_day(facts.get("inspected_on"))
    par6 = cite(MOTO, 5, 6)
    reasons: list[Reason] = []
    if scheduled < ordered:
        reasons.append(
            reason(
                "inspections.extraordinary.date",
                Verdict.REFUSED,
                f"A vistoria extraordinária não pode ser marcada para {scheduled:%d/%m/%Y}, antes "
                f"da determinação ({ordered:%d/%m/%Y}).",
                par6,
                facts={"determinada_em": ordered, "marcada_para": scheduled},
            )
        )
        return decide(
            qid,
            ctx,
            {"valid": False, "status": None, "infraction": None},
            reasons,
            "Data inválida.",
        )
    reasons.append(
        reason(
            "inspections.extraordinary.order",
            Verdict.INFO,
            f"Vistoria extraordinária determinada em {ordered:%d/%m/%Y} para "
            f"{scheduled:%d/%m/%Y}: o veículo se sujeita a outras vistorias quando o órgão "
            "competente determinar.",
            par6,
            cite(MOTO, 13, inc="XIII"),
            facts={"determinada_em": ordered, "marcada_para": scheduled},
        )
    )
    grace = ctx.param("inspections.sweep_grace_days", ctx.as_of)
    last_day = scheduled + dt.timedelta(days=int(grace.value))
    infraction = None
    if inspected is not None and ordered <= inspected <= last_day:
        status = "done"
        reasons.append(
            reason(
                "inspections.extraordinary.done",
                Verdict.OK,
                f"Veículo vistoriado em {inspected:%d/%m/%Y}.",
                par6,
                facts={"vistoriado_em": inspected},
            )
        )
    elif ctx.as_of <= last_day:
        status = "scheduled"
        reasons.append(
            reason(
                "inspections.extraordinary.pending",
                Verdict.INFO,
                f"Aguarda a apresentação do veículo até {last_day:%d/%m/%Y}"
                + ("." if notified else "; o permissionário ainda não foi notificado."),
                par6,
                cite(MOTO, 13, inc="XV"),
                facts={"notificado_em": notified, "prazo": last_day},
                params=(grace,),
            )
        )
    elif notified is None or notified > scheduled:
        status = "not_notified"
        reasons.append(
            reason(
                "inspections.extraordinary.not_notified",
                Verdict.INFO,
                "O permissionário não foi notificado até a data marcada: não estava obrigado a "
                "apresentar o veículo e não há infração; determine nova data.",
                cite(MOTO, 13, inc="XV"),
                facts={"notificado_em": notified, "marcada_para": scheduled},
            )
        )
    else:
        status = "missed"
        it, infraction = _missed_art_39_vi()
        reasons.append(
            reason(
                "inspections.extraordinary.missed",
                Verdict.REFUSED,
                f"Notificado em {notified:%d/%m/%Y}, o permissionário não apresentou o veículo "
                f"até {last_day:%d/%m/%Y}: deixar de submeter o veículo à vistoria quando "
                "determinado pelo órgão é infração média, com apreensão do veículo; candidata a "
                "auto de infração.",
                it.citation,
                it.seizure_citation,
                par6,
                cite(MOTO, 13, inc="XIII"),
                facts={"notificado_em": notified, "prazo": last_day},
                params=(grace,),
            )
        )
    return decide(
        qid,
        ctx,
        {
            "valid": True,
            "status": status,
            "last_day": last_day,
            "infraction": infraction,
        },
        reasons,
        f"Vistoria extraordinária: {ORDER_STATUS_PT[status]}.",
    )
