"""Defence and appeals (art. 34 §3º, 42–44; decision D-4): written defence to the Secretary within
10 days of the notice, appeal to the JARI within 10 days of the notice of the first decision, and
to the Chief Executive within 10 days of the notice of the JARI decision."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.calendar import DEADLINE_CITATIONS
from outorga.law.citations import Citation
from outorga.law.common.filing import filed_in_time
from outorga.law.competence import role_names
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed

from ._common import CENTS, DATE, LAW_ID, art, authority, day, decide, fmt, opt_day, param
from .enforcement import DELIVERY_FIELD, NOTICE_SCHEMA, UNLOCATED_FIELD, Delivery, notice_date


@dataclass(frozen=True)
class Stage:
    label: str
    parameter: str
    citations: tuple[Citation, ...]
    judged_by: str  # competence action
    starts_from: str


STAGES: dict[str, Stage] = {
    "defesa": Stage(
        "defesa escrita ao Secretário da SESUMA",
        "procedure.defence_days",
        (art(42),),
        "defence.judge",
        "da notificação da autuação/penalidade",
    ),
    "recurso_jari": Stage(
        "recurso à JARI",
        "procedure.jari_appeal_days",
        (art(43), art(34, 3)),
        "appeal.jari.judge",
        "da notificação da decisão de primeira instância",
    ),
    "recurso_executivo": Stage(
        "recurso ao Chefe do Poder Executivo",
        "procedure.executive_appeal_days",
        (art(44), art(34, 3)),
        "appeal.executive.judge",
        "da notificação da decisão da JARI",
    ),
}


#: The notice each stage's period runs from, where another article than the stage's own sets it:
#: the auto's (art. 29: in person, by post with receipt, or in the Diário Oficial). Art. 43 and
#: 44 name the notice of the decision themselves.
NOTICE_CITATIONS: dict[str, tuple[Citation, ...]] = {"defesa": (art(29),)}


def deadline_citations(steps: Mapping[str, str]) -> dict[str, tuple[Citation, ...]]:
    """Art. 42–44 with art. 29: the articles by which each stage's period runs from its notice,
    keyed as ``steps`` names the stages (the procedure's step → this law's stage)."""
    return {
        step: (*STAGES[stage].citations, *NOTICE_CITATIONS.get(stage, ()))
        for step, stage in steps.items()
    }


def stage_deadline(ctx: Context, stage: str, notified_on: dt.date) -> tuple[dt.date, Reason]:
    """Art. 42 (defence), 43 (JARI), 44 (Chief Executive) — 10 days from the notice; counted per
    decision D-4: calendar days, excluding the day of notice and including the last; a last day
    that is not a business day in Ipatinga moves to the next business day."""
    s = STAGES[stage]
    days = param(ctx, s.parameter)
    deadline = ctx.calendar.deadline(notified_on, days.value)
    plain = notified_on + dt.timedelta(days=days.value)
    moved = (
        f" ({fmt(plain)} não é dia útil: {ctx.calendar.why_closed(plain)})"
        if deadline != plain
        else ""
    )
    return deadline, reason(
        f"{stage}_deadline",
        Verdict.INFO,
        f"Prazo de {days.value} dias para {s.label}, contados {s.starts_from} em "
        f"{fmt(notified_on)}: até {fmt(deadline)}{moved}.",
        *s.citations,
        *DEADLINE_CITATIONS,
        facts={"notificacao": notified_on, "prazo": deadline, "termo_corrido": plain},
        params=(days,),
    )


def art_42_par3_revelia(ctx: Context, deadline: dt.date) -> Reason:
    """Art. 42, §3º — a não apresentação de defesa no prazo legal implica julgamento à revelia,
    com a aplicação das penalidades correspondentes."""
    lapsed = ctx.as_of > deadline
    return reason(
        "art_42_par3_revelia",
        Verdict.INFO if lapsed else Verdict.PENDING,
        f"Sem defesa até {fmt(deadline)}: julgamento à revelia, com aplicação das penalidades."
        if lapsed
        else f"Defesa ainda pode ser apresentada até {fmt(deadline)}.",
        art(42, 3),
        facts={"prazo": deadline, "revelia": lapsed},
    )


def art_43_sole_address_change(ctx: Context) -> Reason:
    """Art. 43, parágrafo único — a mudança de endereço não comunicada ao DETRAN e/ou ao órgão
    permitente não anula a notificação nem a multa."""
    return reason(
        "art_43_sole_address_change",
        Verdict.INFO,
        "Mudança de endereço não comunicada não anula a notificação nem a multa.",
        art(43, "único"),
    )


#: Art. 43 and 44 — the stages whose period runs from the notice of a decision that may be made by
#: edital only "quando o infrator não for localizado"; the auto's notice (art. 29) has no such
#: condition.
EDITAL_WHEN_UNLOCATED: dict[str, Citation] = {
    "recurso_jari": art(43),
    "recurso_executivo": art(44),
}


def art_43_44_edital_unlocated(
    ctx: Context, stage: str, notice: Mapping[str, Any]
) -> Reason | None:
    """Art. 43 (notice of the first-instance decision) and art. 44 (of the JARI's) — the notice is
    made "diretamente ao infrator, ou por via postal, com Aviso de Recebimento - AR, ou da
    publicação de breve edital no Diário Oficial do Município quando o infrator não for
    localizado": an edital stands only on a failed attempt to find the offender made on or before
    the day of its publication. None where the notice is not an edital of such a decision."""
    cite = EDITAL_WHEN_UNLOCATED.get(stage)
    if cite is None or notice.get("form") != Delivery.EDITAL:
        return None
    rule = f"art_{cite.article}_edital_unlocated"
    published = day(notice[DELIVERY_FIELD[Delivery.EDITAL]])
    unlocated = opt_day(notice.get(UNLOCATED_FIELD))
    facts = {"publicacao": published, "nao_localizado_em": unlocated}
    if unlocated is None:
        return reason(
            rule,
            Verdict.REFUSED,
            "Edital no Diário Oficial só quando o infrator não for localizado: registre antes a "
            "tentativa frustrada de localizá-lo (data e ocorrência).",
            cite,
            facts=facts,
        )
    if unlocated > published:
        return reason(
            rule,
            Verdict.REFUSED,
            f"A tentativa de localizar o infrator ({fmt(unlocated)}) é posterior à publicação do "
            f"edital ({fmt(published)}): o edital só cabe quando o infrator não foi localizado.",
            cite,
            facts=facts,
        )
    return reason(
        rule,
        Verdict.OK,
        f"Infrator não localizado em {fmt(unlocated)}: notificação por edital publicado em "
        f"{fmt(published)}.",
        cite,
        facts=facts,
    )


@question(
    "ipatinga.mototaxi-2013.appeal_deadline",
    law=LAW_ID,
    title="Até quando cabe defesa ou recurso, e foi apresentado a tempo?",
    schema=closed(
        {
            "stage": {"enum": list(STAGES)},
            "notice": NOTICE_SCHEMA,
            "filed_on": DATE,
            "address_change_unreported": {"type": "boolean"},
        },
        required=["stage", "notice"],
    ),
)
def appeal_deadline(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 42–44 with the notice date of D-4; revelia (art. 42 §3º) when no defence by the end."""
    stage = facts["stage"]
    s = STAGES[stage]
    notified_on, r_notice = notice_date(facts["notice"], *s.citations)
    deadline, r_deadline = stage_deadline(ctx, stage, notified_on)
    reasons = [r_notice, r_deadline]
    edital = art_43_44_edital_unlocated(ctx, stage, facts["notice"])
    if edital is not None:
        reasons.append(edital)
    if facts.get("address_change_unreported"):
        reasons.append(art_43_sole_address_change(ctx))
    filed_on = opt_day(facts.get("filed_on"))
    in_time: bool | None = None
    revelia = False
    if filed_on is not None:
        timely = filed_in_time(f"{stage}_in_time", s.label, filed_on, deadline, *s.citations)
        in_time = timely.verdict is Verdict.OK
        reasons.append(timely)
    elif stage == "defesa":
        r = art_42_par3_revelia(ctx, deadline)
        revelia = bool(r.facts["revelia"])
        reasons.append(r)
    roles, comp_cites = authority(s.judged_by, ctx.as_of)
    reasons.append(
        reason(
            f"{stage}_competence",
            Verdict.INFO,
            f"Julga: {role_names(roles)}.",
            *comp_cites,
            facts={"competente": roles},
        )
    )
    return decide(
        "ipatinga.mototaxi-2013.appeal_deadline",
        ctx,
        {
            "stage": stage,
            "notified_on": notified_on,
            "deadline": deadline,
            "filed_in_time": in_time,
            "revelia": revelia,
            "judged_by": roles,
        },
        reasons,
        (
            "Edital sem tentativa de localizar o infrator. "
            if edital and edital.verdict is Verdict.REFUSED
            else ""
        )
        + f"Prazo para {s.label}: até {fmt(deadline)}."
        + ("" if in_time is None else (" Apresentado a tempo." if in_time else " Intempestivo."))
        + (" Julgamento à revelia." if revelia else ""),
    )


# --- Art. 42, §1º–§2º: defence upheld ----------------------------------------------------------------


def art_42_par1_registered_vehicle(ctx: Context, paid: Mapping[str, int], seized: bool) -> Reason:
    """Art. 42, §1º — julgada procedente a defesa, no caso de veículo cadastrado, restitui-se a multa,
    mediante requerimento, isentando-se das taxas e despesas de remoção e pátio se o veículo ainda
    estiver apreendido."""
    return reason(
        "art_42_par1_refund",
        Verdict.INFO,
        f"Restituir a multa paga ({brl(paid.get('fine_cents', 0))}) mediante requerimento"
        + ("; isento de taxas, remoção e pátio (veículo ainda apreendido)." if seized else "."),
        art(42, 1),
        facts={"pago": dict(paid), "apreendido": seized},
    )


def art_42_par2_unlicensed_vehicle(ctx: Context, paid: Mapping[str, int]) -> Reason:
    """Art. 42, §2º — julgada procedente a defesa, no caso de veículo flagrado sem permissão,
    restituem-se a multa, as taxas e as despesas da apreensão, mediante requerimento."""
    return reason(
        "art_42_par2_refund",
        Verdict.INFO,
        f"Restituir multa, taxas e despesas da apreensão ({brl(sum(paid.values()))}) mediante "
        "requerimento.",
        art(42, 2),
        facts={"pago": dict(paid)},
    )


@question(
    "ipatinga.mototaxi-2013.defence_result",
    law=LAW_ID,
    title="O que se restitui ou dispensa quando a defesa é julgada?",
    schema=closed(
        {
            "upheld": {"type": "boolean"},
            "unlicensed": {"type": "boolean"},
            "vehicle_seized": {"type": "boolean"},
            "paid": closed(
                {
                    "fine_cents": CENTS,
                    "fees_cents": CENTS,
                    "removal_cents": CENTS,
                    "storage_cents": CENTS,
                }
            ),
        },
        required=["upheld", "unlicensed", "vehicle_seized", "paid"],
    ),
)
def defence_result(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 42 §1º–§3º: refunds and waivers when the defence is upheld; otherwise the penalties
    apply and the next stage is the JARI (art. 43)."""
    paid = {k: int(v) for k, v in facts["paid"].items()}
    seized = bool(facts["vehicle_seized"])
    if not facts["upheld"]:
        days = param(ctx, "procedure.jari_appeal_days")
        r = reason(
            "art_42_defence_rejected",
            Verdict.INFO,
            f"Defesa improcedente: aplicam-se as penalidades; cabe recurso à JARI em {days.value} "
            "dias da notificação da decisão.",
            art(42),
            art(43),
            params=(days,),
        )
        return decide(
            "ipatinga.mototaxi-2013.defence_result",
            ctx,
            {"refund_cents": 0, "waive_removal_and_storage": False},
            [r],
            "Defesa improcedente: sem restituição.",
        )
    if facts["unlicensed"]:
        r = art_42_par2_unlicensed_vehicle(ctx, paid)
        refund, waive = sum(paid.values()), False
    else:
        r = art_42_par1_registered_vehicle(ctx, paid, seized)
        refund, waive = paid.get("fine_cents", 0), seized
    return decide(
        "ipatinga.mototaxi-2013.defence_result",
        ctx,
        {"refund_cents": refund, "waive_removal_and_storage": waive},
        [r],
        f"Defesa procedente: restituir {brl(refund)}"
        + ("; dispensar remoção e pátio." if waive else "."),
    )
