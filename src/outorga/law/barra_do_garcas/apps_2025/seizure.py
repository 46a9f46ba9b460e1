"""Art. 26, III — "apreensão do veículo utilizado na prestação irregular do serviço" — and the
release of the vehicle seized (ADR 0030).

The law names the seizure and nothing else: not the costs of the removal and the storage, nor when
the vehicle goes back. Both are left to the Executive's regulation (art. 27). The charges that
condition the release are the dated parameter ``apps_2025.seizure_release_charges``, shipped as an
example (removal and storage) that a municipality replaces with its regulation's. No fine is
charged at the seizure: a fine of art. 26, II is imposed in its own process, after the defence
(art. 26, parágrafo único), and the law does not make it a condition of the release.

The seizure is applied by the inspector in the street (art. 22–23) to a vehicle found in the
irregular service — a driver and a vehicle no credentialed platform has enabled, or one whose
service breaks the law —, with an auto that cites art. 26, III (``PROCEDURE.unlicensed``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.common.filing import filed_in_time
from outorga.law.common.seizure import charges_paid, release_schema
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, number_br
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed, list_of

from ._base import (
    DATE,
    LAW,
    art,
    day,
    decide,
    fmt,
    has_pending,
    has_refusal,
    optional_param,
    param,
)
from .enforcement.penalties import STAGES as PROCEDURE_STAGES
from .enforcement.penalties import procedure_days
from .final_provisions import law_in_force

#: The code an auto cites for the irregular service that seizes the vehicle (art. 26, III).
IRREGULAR_SERVICE = "prestacao_irregular"
IRREGULAR_SERVICE_DESCRIPTION = (
    "Prestação irregular do serviço de transporte privado individual remunerado de passageiros "
    "(veículo utilizado apreendido)"
)

#: The charges a release may read, as a person reads them.
CHARGE_KINDS = {
    "remocao": "remoção",
    "estadia": "estadia",
    "taxa": "taxas",
    "outro": "outros encargos",
}


def art26_iii_irregular_service_seizes(seized_on: dt.date) -> Reason:
    """Art. 26, III: the vehicle used in the irregular service is seized, on the spot, by the
    inspector; the defence comes in the process opened with the auto (art. 26, parágrafo único)."""
    return reason(
        "apps.art26.iii.seizure",
        Verdict.INFO,
        f"Veículo apreendido em {fmt(seized_on)} por prestação irregular do serviço; a defesa é "
        "assegurada no processo do auto.",
        art(26, inc="III"),
        art(26, "único"),
        facts={"apreendido_em": seized_on},
    )


def art26_iii_fine_not_a_condition() -> Reason:
    """Art. 26, II–III: the fine and the seizure are distinct penalties; the law does not make
    the fine a condition of the release — it is imposed in its own process, after the defence."""
    return reason(
        "apps.art26.iii.fine_apart",
        Verdict.INFO,
        "A multa (art. 26, II) é aplicada em processo próprio, após a defesa, e não condiciona a "
        "liberação do veículo.",
        art(26, inc="II"),
        art(26, inc="III"),
        art(26, "único"),
    )


def art27_release_conditions(
    ctx: Context, seized_on: dt.date, charges: Sequence[Mapping[str, Any]]
) -> list[Reason]:
    """Art. 26, III with art. 27: the charges the regulation makes a condition of the release, in
    force on the day of the seizure (D-15), each stated and paid."""
    required = param(ctx, "seizure_release_charges", seized_on)
    labels = [CHARGE_KINDS[k] for k in required.value]
    ex = " (valor de exemplo)" if required.example else ""
    return [
        reason(
            "apps.art26.iii.release_conditions",
            Verdict.INFO,
            "A lei não fixa as condições da liberação; o regulamento (art. 27) exige pagos: "
            f"{', '.join(labels) or 'nenhum encargo'}{ex}.",
            art(26, inc="III"),
            art(27),
            params=(required,),
        ),
        charges_paid(
            "apps.art26.iii.charges_paid",
            [c for c in charges if c["kind"] in required.value],
            CHARGE_KINDS,
            required.value,
            "Encargos exigidos para a liberação pagos.",
            art(26, inc="III"),
            art(27),
        ),
    ]


@question(
    "barra-do-garcas.apps-2025.seizure_release",
    law=LAW,
    title="O veículo apreendido por prestação irregular do serviço pode ser liberado?",
    schema=release_schema(CHARGE_KINDS, {"enum": [IRREGULAR_SERVICE]}),
)
def seizure_release(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Whether a vehicle seized under art. 26, III may go back on the reference date: once the
    charges the regulation requires (art. 27) are paid. ``fine_cents`` is 0: no fine is charged
    at the seizure (art. 26, II, parágrafo único)."""
    qid = "barra-do-garcas.apps-2025.seizure_release"
    seized = day(facts["seized_on"])
    reasons: list[Reason] = [law_in_force(ctx, seized)]
    if reasons[0].verdict is not Verdict.REFUSED:
        reasons += [
            art26_iii_irregular_service_seizes(seized),
            art26_iii_fine_not_a_condition(),
            *art27_release_conditions(ctx, seized, facts["charges"]),
        ]
    ok = not has_refusal(reasons) and not has_pending(reasons)
    due = sum(int(c["amount_cents"]) for c in facts["charges"] if not c["paid"])
    outcome = {"may_release": ok, "fine_cents": 0, "outstanding_cents": due}
    summary = "Veículo pode ser liberado." if ok else f"Liberação bloqueada; em aberto {brl(due)}."
    return decide(qid, ctx, outcome, reasons, summary)


# --- the process of the auto that seizes (art. 26, parágrafo único; D-4, D-17) ---------------------

#: The steps of the auto's process, by the name the enforcement app's ``appeal_deadline`` facts
#: give them: the defence (from the notice of the auto) and the appeal (from the notice of the
#: decision). Their periods are the regulation's or the Lei 9.784/1999 defaults (D-17).
STEPS = {"defesa": "defence", "recurso": "appeal"}

#: Lei 9.784/1999 art. 66: "Os prazos começam a correr a partir da data da cientificação
#: oficial" — the notice each step's period runs from.
FEDERAL_PERIOD_FROM_NOTICE = cite("federal.9784-1999", 66)


def deadline_citations(stage: str) -> tuple[Citation, ...]:
    """Art. 26 parágrafo único with D-17: the articles by which the period of ``stage``
    (``defesa``, ``recurso``) runs from its notice — the Lei 9.784/1999 defaults (art. 44 for the
    defence, art. 59 for the appeal; art. 66) while the regulation (art. 27) fixes none."""
    _, federal = PROCEDURE_STAGES[STEPS[stage]]
    return (art(26, "único"), decision(17), federal, FEDERAL_PERIOD_FROM_NOTICE)


NOTICE_SCHEMA: dict[str, Any] = closed(
    {
        "form": {"enum": ["pessoal", "postal", "edital", "comparecimento"]},
        "signed_on": DATE,
        "ar_on": DATE,
        "published_on": DATE,
        "appeared_on": DATE,
    },
    required=["form"],
)
#: The day each form of notice is dated by (D-4); the person's appearance in the process supplies
#: the notice on the day they appeared (Lei 9.784/1999 art. 26 §5, ``notice_by_appearance``; D-17).
_NOTICE_DAY = {
    "pessoal": "signed_on",
    "postal": "ar_on",
    "edital": "published_on",
    "comparecimento": "appeared_on",
}


@question(
    "barra-do-garcas.apps-2025.appeal_deadline",
    law=LAW,
    title="Até quando cabe defesa ou recurso no processo do auto de apreensão?",
    schema=closed(
        {"stage": {"enum": list(STEPS)}, "notice": NOTICE_SCHEMA, "filed_on": DATE},
        required=["stage", "notice"],
    ),
)
def appeal_deadline(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The last day of the defence or the appeal in the process of an auto under art. 26, III: the
    law only demands due process (parágrafo único); the periods are the regulation's, else 10 days
    from the notice (Lei 9.784/1999 art. 44, 59; D-17), counted by D-4 from the day of the notice
    (signature, AR or publication)."""
    qid = "barra-do-garcas.apps-2025.appeal_deadline"
    stage = facts["stage"]
    notice = facts["notice"]
    key = _NOTICE_DAY[notice["form"]]
    if key not in notice:
        return decide(
            qid,
            ctx,
            {},
            [
                reason(
                    "apps.art26.notice_date",
                    Verdict.PENDING,
                    "Informe a data da notificação (assinatura, AR ou publicação).",
                    art(26, "único"),
                    decision(4),
                )
            ],
            "Falta a data da notificação.",
        )
    notified_on = day(notice[key])
    days, why = procedure_days(ctx, STEPS[stage], notified_on)
    last = ctx.calendar.deadline(notified_on, days)
    reasons = [
        why,
        reason(
            f"apps.art26.{STEPS[stage]}_deadline",
            Verdict.INFO,
            f"Notificação em {fmt(notified_on)}: prazo de {stage} até {fmt(last)}.",
            art(26, "único"),
            decision(4),
            facts={"notificação": notified_on, "prazo": last},
        ),
    ]
    in_time: bool | None = None
    if "filed_on" in facts:
        filed = day(facts["filed_on"])
        timely = filed_in_time(
            f"apps.art26.{STEPS[stage]}_in_time", stage, filed, last, art(26, "único"), decision(4)
        )
        in_time = timely.verdict is Verdict.OK
        reasons.append(timely)
    outcome = {
        "stage": stage,
        "notified_on": notified_on,
        "deadline": last,
        "filed_in_time": in_time,
        "revelia": False,
    }
    return decide(qid, ctx, outcome, reasons, f"Prazo de {stage}: até {fmt(last)}.")


@question(
    "barra-do-garcas.apps-2025.fine",
    law=LAW,
    title="Qual a multa que o auto de apreensão cobra?",
    schema=closed(
        {
            "infractions": list_of(
                closed(
                    {"code": {"type": "string"}, "committed_on": DATE},
                    required=["code", "committed_on"],
                ),
                minItems=1,
            ),
            "imposed_on": DATE,
        },
        required=["infractions", "imposed_on"],
    ),
)
def fine(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The auto that seizes a vehicle (art. 26, III) charges no fine by itself: the law gives no
    fine per conduct, only a maximum (500 UPFBG, art. 26, II) the authority chooses up to, with
    its reasons, in the penalty's own process (``penalty``). So the auto's process ends with no
    amount, and a fine, if any, is imposed on the driver by CPF (art. 26, caput). The maximum it
    names is the one in force on the day of the (latest) infraction (D-15), as the penalty's."""
    committed_on = max(day(i["committed_on"]) for i in facts["infractions"])
    # An infraction before the law took effect has no maximum to name (the law says so elsewhere).
    limit = optional_param(ctx, "fine_max_upfbg", committed_on)
    return decide(
        "barra-do-garcas.apps-2025.fine",
        ctx,
        {"total_cents": 0, "items": []},
        [
            reason(
                "apps.art26.ii.fine_apart",
                Verdict.INFO,
                lambda: (
                    "O auto de apreensão não cobra multa: a multa "
                    + (f"de até {number_br(limit.value)} UPFBG " if limit is not None else "")
                    + "(art. 26, II) é "
                    "escolhida e fundamentada pela autoridade no processo da penalidade, contra o "
                    "motorista ou a plataforma."
                ),
                art(26, inc="II"),
                art(26, inc="III"),
                art(26, "único"),
                params=(limit,) if limit is not None else (),
            )
        ],
        "Sem multa no auto de apreensão (art. 26, II: processo próprio).",
    )


def art26_iii_no_warning_replaces_the_seizure() -> Reason:
    """Art. 26, III — the vehicle used in the irregular service is seized: the inspector's auto
    for it admits no written warning in its place. The written warning of art. 26, I is a penalty
    of the platforms and their drivers, imposed in its own process (parágrafo único)."""
    return reason(
        "apps.art26.iii.no_warning",
        Verdict.REFUSED,
        "Serviço sem permissão não admite advertência: o veículo utilizado na prestação "
        "irregular do serviço é apreendido; a advertência escrita (art. 26, I) tem processo "
        "próprio.",
        art(26, inc="III"),
        art(26, inc="I"),
        art(26, "único"),
    )


@question(
    "barra-do-garcas.apps-2025.warning",
    law=LAW,
    title="Cabe advertência escrita em vez da apreensão do auto de prestação irregular?",
    schema=closed(
        {
            "code": {"enum": [IRREGULAR_SERVICE]},
            "fixable": {"type": "boolean"},
            "endangers_safety_or_continuity": {"type": "boolean"},
        },
        required=["code", "fixable", "endangers_safety_or_continuity"],
    ),
)
def warning(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """The inspector's auto under this law cites only the irregular service, which seizes the
    vehicle (art. 26, III): never a written warning instead, however fixable or harmless."""
    return decide(
        "barra-do-garcas.apps-2025.warning",
        ctx,
        {"code": facts["code"], "allowed": False},
        [art26_iii_no_warning_replaces_the_seizure()],
        "Advertência não admitida (art. 26, III): o veículo é apreendido.",
    )
