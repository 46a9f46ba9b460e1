"""The appeal to the superior authority goes first to the authority that decided, which may
reconsider its decision within the period before sending it up — where the case's law answers
``appeal_reconsideration`` (the taxi law's art. 43 and the apps law's art. 26 parágrafo único,
filled by Lei 9.784/1999 art. 56 §1, D-17).
The mototaxi law's own path (art. 43–44: JARI, then the Chief Executive) has no such step."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import answers, ask
from outorga.enforcement.models import Case, Filing, Notice
from outorga.enforcement.services.annulment import case_annul, defence_result
from outorga.enforcement.services.common import (
    InvalidStep,
    basis_with_competence,
    case_debts,
    filing_day_record,
    filings_fill,
)
from outorga.enforcement.services.judgment import judgment_period
from outorga.law.citations import lei_9784
from outorga.law.decisions import Decision
from outorga.registry.validation import FieldError

QUESTION = "appeal_reconsideration"
RESULTS = {
    "annul": "reconsiderada: decisão recorrida anulada",
    "confirm": "mantida: recurso encaminhado à autoridade superior",
}
ART_56_1 = lei_9784(56, 1)


def reconsiders(law: str, stage: str) -> bool:
    """Whether an appeal of ``stage`` under ``law`` goes first to the authority that decided:
    the appeal to the Chief Executive, where the law answers the question."""
    return stage == Filing.Stage.EXECUTIVE and answers(law, QUESTION)


def appeal_with(filing: Filing, today: dt.date) -> str:
    """Where a pending appeal stands (art. 56 §1), as the law's period recorded on it reads on
    ``today``: ``reconsideration`` while the authority that decided may reconsider, ``superior``
    once sent up or past that period, empty when no such step applies or it was decided."""
    if filing.result != Filing.Result.PENDING or filing.reconsider_until is None:
        return ""
    if filing.forwarded_on is None and today <= filing.reconsider_until:
        return "reconsideration"
    return "superior"


def ask_reconsideration(
    municipality: Municipality,
    law: str,
    filing: Filing,
    by: str,
    on: dt.date,
    *,
    filed_on: dt.date | None = None,
) -> Decision:
    """The law's answer: may the authority that decided reconsider on ``on`` (``by`` =
    ``reconsideration``), or may the superior authority judge the appeal (``superior``)?"""
    facts: dict[str, Any] = {
        "by": by,
        "appeal_filed_on": (filed_on or filing.filed_on).isoformat(),
        "decided_on": on.isoformat(),
    }
    if by == "superior" and filing.forwarded_on is not None:
        facts["forwarded_on"] = filing.forwarded_on.isoformat()
    return ask(municipality, law, QUESTION, facts, on)


def reconsideration_period(municipality: Municipality, law: str, filing: Filing) -> Decision:
    """The law's period for the authority that decided to reconsider an appeal (art. 56 §1):
    asked on the day the appeal was received, as it was when filed; its last day is the
    outcome's ``reconsider_until``. One question for the filing, a recount (D-4) and a period
    recorded late (:func:`reconsideration_periods_fill`)."""
    return ask_reconsideration(municipality, law, filing, "reconsideration", filing.filed_on)


def reconsideration_periods_fill(*, actor: Actor, municipality: Municipality) -> list[str]:
    """The appeals to the superior authority still with the authority that decided — pending,
    neither sent up nor reconsidered (:func:`_awaiting_a_period`) — that carry no period to
    reconsider because they were filed before their law answered ``appeal_reconsideration``
    (the taxi law's art. 43, then the apps law's art. 26 parágrafo único; D-17): each gets the
    last day its law gives, asked as at its filing (:func:`reconsideration_period`), with an act. Until
    then the screen offered the Chief Executive an appeal the law keeps with the authority that
    decided (:func:`before_the_superior`); afterwards both read the same day, and a day later
    recorded as no business day moves it (``finality.deadlines_recount``). Run by the daily
    sweep, so an appeal pending when a law gains the question is filled too; a second run
    changes nothing; an appeal the authority already sent up or reconsidered is past the step
    (art. 56 §1) and keeps no period, as the platforms' fill leaves it
    (``platform_penalty_appeal_periods_fill``). The cases filled."""

    def fill(filing: Filing) -> bool:
        law = filing.case.law
        if not _still_with_the_authority(filing) or not reconsiders(law, filing.stage):
            return False  # judged, reconsidered, sent up or given its period meanwhile
        return filing_day_record(
            actor=actor,
            municipality=municipality,
            filing=filing,
            field="reconsider_until",
            d=reconsideration_period(municipality, law, filing),
            action="appeal.reconsider.fill",
            case=filing.case.number,
            filed_on=filing.filed_on,
        )

    return filings_fill(
        municipality,
        lambda: _awaiting_a_period(Filing.objects.all()),
        lambda law: reconsiders(law, Filing.Stage.EXECUTIVE),
        fill,
    )


def _awaiting_a_period(filings: QuerySet[Filing]) -> QuerySet[Filing]:
    """The appeals to the superior authority still with the authority that decided — pending,
    neither sent up nor reconsidered (art. 56 §1) — and without their period to reconsider."""
    return filings.filter(
        stage=Filing.Stage.EXECUTIVE,
        result=Filing.Result.PENDING,
        reconsider_until=None,
        forwarded_on=None,
    )


def _still_with_the_authority(filing: Filing) -> bool:
    """Whether ``filing``, locked, still awaits the period the fill gives: pending, without a
    period, neither sent up nor reconsidered. A reconsideration recorded ends the authority's
    step even on a row that kept no day of sending up."""
    return (
        filing.result == Filing.Result.PENDING
        and filing.reconsider_until is None
        and filing.forwarded_on is None
        and not filing.reconsideration
    )


def _refuse(
    actor: Actor, municipality: Municipality, action: str, filing: Filing, d: Decision, lead: str
) -> Refused:
    """The law's refusal as an act (committed before the caller raises), and the error naming
    each refused reason with its articles."""
    return law_refused(
        actor=actor,
        municipality=municipality,
        action="appeal.reconsider",
        d=d,
        obj=filing,
        new={"step": action, "case": filing.case.number},
        lead=lead,
    )


def before_the_superior(
    *, actor: Actor, municipality: Municipality, filing: Filing, on: dt.date
) -> None:
    """Refuse (the refusal logged) the superior authority's judgment of an appeal still with the
    authority that decided: neither sent up nor past the period to reconsider (art. 56 §1)."""
    with tenant(municipality):
        filing = Filing.objects.select_related("case").get(pk=filing.pk)
        law = filing.case.law
    if not reconsiders(law, filing.stage) or filing.result != Filing.Result.PENDING:
        return
    d = ask_reconsideration(municipality, law, filing, "superior", on)
    if not d.outcome["allowed"]:
        raise _refuse(
            actor, municipality, "appeal.executive.judge", filing, d, "Julgamento recusado"
        )


def appeal_reconsider(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    result: str,
    reasoning: str,
    on: dt.date,
) -> Filing:
    """The authority that decided, having received the appeal, reconsiders its decision within
    the period (the regulation's days, else the five of Lei 9.784/1999 art. 56 §1; D-4, D-17):
    ``annul`` — the decision falls as on an appeal upheld (the case closed, its charges cancelled
    or refunded, the vehicle released); ``confirm`` — the decision is kept and the appeal goes up
    to the superior authority the competence table names. After the period the law refuses,
    naming the article, and the refusal stays in the acts log."""
    with tenant(municipality):  # read in its municipality (ADR 0024)
        case = filing.case
    authorize(
        actor=actor, municipality=municipality, action="appeal.reconsider", law=case.law, on=on
    )
    if result not in RESULTS:
        raise FieldError(
            "resultado", f"reconsidere (anule) ou mantenha a decisão recorrida ({ART_56_1})"
        )
    if not reasoning.strip():
        raise FieldError("fundamentação", "a reconsideração deve ser fundamentada")
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().get(pk=filing.pk)
        case = Case.objects.select_for_update().get(pk=filing.case_id)
        if (
            not reconsiders(case.law, filing.stage)
            or filing.result != Filing.Result.PENDING
            or filing.forwarded_on is not None
            or case.waiting != Case.Waiting.JUDGMENT
        ):
            raise InvalidStep(
                f"não há recurso aguardando a reconsideração da autoridade que decidiu ({ART_56_1})"
            )
        if on < filing.filed_on:
            raise FieldError("data", "a reconsideração não pode ser anterior ao recurso")
        d = ask_reconsideration(municipality, case.law, filing, "reconsideration", on)
        if not d.outcome["allowed"]:
            refused = Refused(d)
        else:
            _reconsider(actor, municipality, case, filing, result, reasoning.strip(), on, d)
    if refused is not None:
        raise _refuse(
            actor,
            municipality,
            "appeal.reconsider",
            filing,
            refused.decision,
            "Reconsideração recusada",
        )
    return filing


def _reconsider(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    filing: Filing,
    result: str,
    reasoning: str,
    on: dt.date,
    d: Decision,
) -> None:
    """The reconsideration the law allowed, inside its transaction."""
    assert actor.user is not None
    basis = basis_with_competence(d, case.law, "appeal.reconsider", on)
    old = {"stage": case.stage, "waiting": case.waiting}
    filing.reconsideration = {
        "result": result,
        "on": on.isoformat(),
        "by": actor.user.pk,
        "reasoning": reasoning,
        "decision": d.to_json(),
    }
    fields = ["reconsideration"]
    judged: Decision | None = None
    if result == "annul":
        debts = case_debts(case)
        refund = defence_result(municipality, case, debts, True, on)
        filing.result = Filing.Result.UPHELD
        filing.judged_by, filing.judged_on, filing.reasoning = actor.user, on, reasoning
        filing.judgment = d.to_json()
        fields += ["result", "judged_by", "judged_on", "reasoning", "judgment"]
        filing.save(update_fields=fields)
        Notice.objects.create(case=case, purpose=Notice.Purpose.RECONSIDERATION, act_on=on)
        case_annul(
            actor,
            municipality,
            case,
            filing,
            debts,
            refund,
            on,
            basis,
            f"Decisão recorrida reconsiderada pela autoridade que a proferiu ({ART_56_1})",
        )
    else:
        filing.forwarded_on = on
        fields.append("forwarded_on")
        # Sent up: the superior authority's period to judge runs from this receipt (Lei
        # 9.784/1999 art. 59 §1, where the law sets it; ADR 0084).
        judged = judgment_period(municipality, case.law, filing)
        if judged is not None:
            filing.judge_until = judged.outcome["judge_until"]
            fields.append("judge_until")
        filing.save(update_fields=fields)
    record_act(
        municipality=municipality,
        actor=actor,
        action="appeal.reconsider",
        obj=filing,
        old=old,
        new={
            "case": case.number,
            "result": result,
            "stage": case.stage,
            "reasoning": reasoning,
            "forwarded_on": filing.forwarded_on,
        },
        basis=basis,
    )
    if result == "confirm":
        record_act(
            municipality=municipality,
            actor=actor,
            action="appeal.forward",
            obj=filing,
            new={"case": case.number, "forwarded_on": on, "judge_until": filing.judge_until},
            basis=_with(basis, judged),
        )


def _with(basis: dict[str, Any], judged: Decision | None) -> dict[str, Any]:
    """The forwarding act's basis: the reconsideration's, and the law's answer on the superior
    authority's period to judge (Lei 9.784/1999 art. 59 §1), where it sets one."""
    if judged is None:
        return basis
    more = basis_of(judged)
    return {
        **basis,
        "decisions": [*basis.get("decisions", []), more["decision"]],
        "citations": sorted(set(basis["citations"]) | set(more["citations"])),
    }
