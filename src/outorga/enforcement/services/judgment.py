"""The superior authority's period to judge an appeal, where the case's law sets one — the law
answers ``appeal_judgment`` (the taxi law's art. 43 and the apps law's art. 26 parágrafo único,
filled by Lei 9.784/1999 art. 59 §1, D-17; ADR 0078, 0084): counted from its receipt, the day the
authority that decided sent it up, else the day after that authority's period to reconsider (art.
56 §1). The mototaxi law sets none (art. 42–44):
its appeals carry no such day and are shown since their filing.

The day is stored on the appeal (``Filing.judge_until``), as the apps law's is on a platform's
appeal (ADR 0078): counted at the filing, again when the appeal is sent up, when a day recorded as
without business moves it or moves the period to reconsider it runs after (D-4), and filled by
the daily sweep on a pending appeal filed before its law gave one.

The authority that judges the appeal may extend that period once, by as many days, with an
explicit justification (Lei 9.784/1999 art. 59 §2, :func:`judgment_extend`), where the law's
answer says it may: the §1 default, not a period the regulation set. The extension is recorded on
the appeal (``judgment_extended_on``, ``judgment_extension``) and every later count of its day
asks the law with it."""

from __future__ import annotations

import datetime as dt
from typing import NoReturn

from django.db import transaction
from django.db.models import QuerySet

from outorga.core.acts import Actor, extension_apply, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.errors import Refused
from outorga.core.localtime import in_the_future, today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import (
    Asker,
    answers,
    ask,
    judgment_basis,
    judgment_extension_cited,
    judgment_facts,
    judgment_may_extend,
)
from outorga.enforcement.models import Case, Filing
from outorga.enforcement.services.common import (
    InvalidStep,
    basis_with_competence,
    filing_day_record,
    filings_fill,
)
from outorga.law.citations import decision
from outorga.law.decisions import Decision
from outorga.registry.validation import FieldError

QUESTION = "appeal_judgment"
#: Who extends the period to judge an appeal: the authority that judges it (art. 59 §2 gives the
#: extension to the one whose period it is), as the competence table names it.
EXTEND_ACTION = "appeal.executive.judge"


def has_period(law: str, stage: str) -> bool:
    """Whether an appeal of ``stage`` under ``law`` has a day to be judged by: the appeal to the
    Chief Executive, where the law answers the question."""
    return stage == Filing.Stage.EXECUTIVE and answers(law, QUESTION)


def judgment_period(municipality: Municipality, law: str, filing: Filing) -> Decision | None:
    """The law's last day to judge ``filing`` (outcome ``judge_until``), asked as at its filing
    with the day it was sent up, if it was; None where the law sets no period or could not count
    it (a regulation's value missing: the decision is pending and no day is recorded)."""
    if not has_period(law, filing.stage):
        return None
    return _asked(
        municipality, law, filing.filed_on, filing.forwarded_on, filing.judgment_extended_on
    )


def basis(
    municipality: Municipality,
    law: str,
    filed_on: dt.date,
    forwarded_on: dt.date | None,
    extended_on: dt.date | None = None,
    asker: Asker | None = None,
) -> str:
    """What the day to judge an appeal to the Chief Executive filed on ``filed_on`` (sent up on
    ``forwarded_on``, if it was; its period extended on ``extended_on``, if it was) rests on, as
    ``law`` answers it — the regulation's days, else Lei 9.784/1999 art. 59 §1 (D-17), and the
    extension of art. 59 §2 — for a page to write beside the day; empty where the law gives no
    day. ``asker``: a page's one asker of the municipality's law (:func:`page_asker`)."""
    d = _asked(municipality, law, filed_on, forwarded_on, extended_on, asker=asker)
    return judgment_basis(d, law) if d is not None else ""


def pending_period(case: Case, pending: Filing | None) -> Decision | None:
    """The law's answer on the day to judge the case's ``pending`` appeal, as recorded on it (its
    extension included), for its page; None where there is none or the law gives it no day."""
    if pending is None or pending.judge_until is None:
        return None
    return _asked(
        case.municipality,
        case.law,
        pending.filed_on,
        pending.forwarded_on,
        pending.judgment_extended_on,
    )


def pending_basis(case: Case, pending: Filing | None) -> str:
    """:func:`basis` of the case's ``pending`` appeal, for its page (the staff's and the holder's
    on the portal); empty where there is none or the law gives it no day."""
    d = pending_period(case, pending)
    return judgment_basis(d, case.law) if d is not None else ""


def extendable(d: Decision | None, on: dt.date) -> bool:
    """Whether the day to judge the law answered with ``d`` may still be extended on ``on`` (Lei
    9.784/1999 art. 59 §2: the §1 default, not yet extended, and running on ``on`` — from its
    receipt by the superior authority to its last day) — the law core's rule."""
    return d is not None and judgment_may_extend(d, on)


def awaiting_basis(case: Case, asker: Asker | None = None) -> str:
    """:func:`basis` of a case awaiting judgment (``selectors.awaiting_judgment``: its pending
    appeal's ``filed_on``, ``forwarded_on``, ``judgment_extended_on`` and ``judge_until``), empty
    where it has no day; a page listing many asks them all through one ``asker`` of its
    municipality (:func:`page_asker`), so it reads the law's facts once and asks each distinct
    question once."""
    if case.judge_until is None or case.filed_on is None:
        return ""
    return basis(
        case.municipality,
        case.law,
        case.filed_on,
        case.forwarded_on,
        case.judgment_extended_on,
        asker,
    )


def page_asker(municipality: Municipality) -> Asker:
    """One asker of ``municipality``'s law for a page's rows (:func:`awaiting_basis`)."""
    return Asker(municipality)


def _asked(
    municipality: Municipality,
    law: str,
    filed_on: dt.date,
    forwarded_on: dt.date | None,
    extended_on: dt.date | None = None,
    *,
    extended_before: bool = False,
    asker: Asker | None = None,
) -> Decision | None:
    """The law's answer to :data:`QUESTION` for an appeal filed on ``filed_on`` and sent up on
    ``forwarded_on``, its period extended on ``extended_on`` (art. 59 §2; ``extended_before``:
    asking a new extension of a period already extended), asked as at its filing; None where it
    gives no day. An extension recorded was justified: its service refuses one without."""
    facts = judgment_facts(filed_on, forwarded_on, extended_on, extended_before=extended_before)
    d = ask(municipality, law, QUESTION, facts, filed_on, asker)
    return d if isinstance(d.outcome, dict) and d.outcome.get("judge_until") else None


def judgment_extend(
    *,
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    justification: str,
    on: dt.date,
) -> Filing:
    """Lei 9.784/1999 art. 59 §2: the authority that judges the appeal (``appeal.executive.judge``)
    extends its period to judge on ``on`` — "por igual período, ante justificativa explícita":
    the law answers whether it may (the §1 default only, once) and the new last day; the appeal
    records it and the act ``appeal.judgment.extend`` its old and new day and the justification.
    Refused: on a day after the municipality's today (D-4, D-15), the refusal logged as the
    apps' penalty appeals log it; without a justification; where the appeal has no day to judge
    (the mototaxi law, art. 42–44) or was judged; by the law (a second extension, a regulation's
    period, a day outside the period — before its receipt by the superior authority or after its
    last day), the refusal logged."""
    with tenant(municipality):  # read in its municipality (ADR 0024)
        case = filing.case
    # Who may extend it, on its day — today's competence for a day still to come, refused next.
    authorize(
        actor=actor,
        municipality=municipality,
        action=EXTEND_ACTION,
        law=case.law,
        on=min(on, today_of(municipality)),
    )
    # An act of its day: the law in force and the period are that day's (D-15, D-4); the refusal
    # is kept, an act on the appeal, as the apps' penalty appeals keep it.
    future = in_the_future(municipality, on, "a data da prorrogação")
    if future:
        _refuse_the_date(actor, municipality, filing, case, on, future)
    cited = judgment_extension_cited()  # art. 59 §2, as the law core renders it
    text = justification.strip()
    if not text:
        raise FieldError(
            "justificativa",
            f"a prorrogação do prazo para julgar exige justificativa explícita ({cited})",
        )
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        filing = Filing.objects.select_for_update().select_related("case").get(pk=filing.pk)
        case = filing.case
        if not has_period(case.law, filing.stage) or filing.judge_until is None:
            raise InvalidStep(f"o recurso não tem prazo para julgar a prorrogar ({cited})")
        if filing.result != Filing.Result.PENDING:
            raise InvalidStep(
                f"o recurso já foi julgado: não há prazo para julgar a prorrogar ({cited})"
            )
        if on < filing.filed_on:
            raise FieldError("data", "a prorrogação não pode ser anterior ao recurso")
        d = _asked(
            municipality,
            case.law,
            filing.filed_on,
            filing.forwarded_on,
            on,
            extended_before=filing.judgment_extended_on is not None,
        )
        if d is None:
            raise InvalidStep(f"o recurso não tem prazo para julgar a prorrogar ({cited})")
        if d.eligibility != "ok":
            refused = Refused(d)
        else:
            _extend(actor, municipality, case, filing, text, on, d)
    if refused is not None:
        raise law_refused(
            actor=actor,
            municipality=municipality,
            action="appeal.judgment.extend",
            d=refused.decision,
            obj=filing,
            new={"case": case.number},
            lead="Prorrogação recusada",
        )
    return filing


def _refuse_the_date(
    actor: Actor,
    municipality: Municipality,
    filing: Filing,
    case: Case,
    on: dt.date,
    why: str,
) -> NoReturn:
    """Keep the refusal of an extension dated ``on``, a day still to come, as an act on
    ``filing`` (outcome refused, the date, why, D-15 and D-4), then refuse it under the date."""
    record_act(
        municipality=municipality,
        actor=actor,
        action="appeal.judgment.extend",
        obj=filing,
        outcome="refused",
        new={"case": case.number, "data": on},
        basis={"citations": [decision(15).render(), decision(4).render()]},
        extra={"motivo": why},
    )
    raise FieldError("data", why)


def _extend(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    filing: Filing,
    justification: str,
    on: dt.date,
    d: Decision,
) -> None:
    """The extension the law allowed, inside its transaction."""
    basis = basis_with_competence(d, case.law, EXTEND_ACTION, on)
    extension_apply(
        filing,
        actor=actor,
        municipality=municipality,
        on=on,
        justification=justification,
        d=d,
        of={"case": case.number},
        basis=basis,
    )


def recount(actor: Actor, municipality: Municipality, filings: QuerySet[Filing]) -> list[str]:
    """Count again, locked, the day of each pending appeal of ``filings`` (a day recorded as
    without business moved it or the period to reconsider before it; D-4), with the act
    ``appeal.judgment.move`` where it changed. Inside the caller's transaction; the cases moved."""
    pending = filings.filter(result=Filing.Result.PENDING).exclude(judge_until=None)
    locked = pending.select_for_update(of=("self",)).select_related("case").order_by("id")
    return [
        f.case.number
        for f in locked
        if _count_again(actor, municipality, f, "appeal.judgment.move")
    ]


def _count_again(actor: Actor, municipality: Municipality, filing: Filing, action: str) -> bool:
    """Ask the law the day of ``filing`` (locked) again and record it with ``action`` where it
    changed (:func:`.common.filing_day_record`)."""
    d = judgment_period(municipality, filing.case.law, filing)
    return d is not None and filing_day_record(
        actor=actor,
        municipality=municipality,
        filing=filing,
        field="judge_until",
        d=d,
        action=action,
        case=filing.case.number,
    )


def judgment_periods_fill(*, actor: Actor, municipality: Municipality) -> list[str]:
    """The pending appeals to the Chief Executive without a day to judge whose law now gives one
    (filed before it did): each gets it, counted as at its filing (with the day it was sent up,
    if it was), with the act ``appeal.judgment.fill``. Run by the daily sweep; a second run
    changes nothing. The cases filled."""

    def fill(filing: Filing) -> bool:
        if filing.result != Filing.Result.PENDING or filing.judge_until is not None:
            return False  # judged or given its day meanwhile
        return _count_again(actor, municipality, filing, "appeal.judgment.fill")

    return filings_fill(
        municipality,
        lambda: Filing.objects.filter(
            stage=Filing.Stage.EXECUTIVE, result=Filing.Result.PENDING, judge_until=None
        ),
        lambda law: answers(law, QUESTION),
        fill,
    )
