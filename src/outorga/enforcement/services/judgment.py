"""The superior authority's period to judge an appeal, where the case's law sets one — the law
answers ``appeal_judgment`` (the taxi law's art. 43 and the apps law's art. 26 parágrafo único,
filled by Lei 9.784/1999 art. 59 §1, D-17; ADR 0078, 0084): counted from its receipt, the day the
authority that decided sent it up, else the day after that authority's period to reconsider (art.
56 §1). The mototaxi law sets none (art. 42–44):
its appeals carry no such day and are shown since their filing.

The day is stored on the appeal (``Filing.judge_until``), as the apps law's is on a platform's
appeal (ADR 0078): counted at the filing, again when the appeal is sent up, when a day recorded as
without business moves it or moves the period to reconsider it runs after (D-4), and filled by
the daily sweep on a pending appeal filed before its law gave one."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.enforcement.lawbridge import answers, ask, judgment_basis
from outorga.enforcement.models import Case, Filing
from outorga.enforcement.services.common import filing_day_record, filings_fill
from outorga.law.decisions import Decision

QUESTION = "appeal_judgment"


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
    return _asked(municipality, law, filing.filed_on, filing.forwarded_on)


def basis(
    municipality: Municipality, law: str, filed_on: dt.date, forwarded_on: dt.date | None
) -> str:
    """What the day to judge an appeal to the Chief Executive filed on ``filed_on`` (sent up on
    ``forwarded_on``, if it was) rests on, as ``law`` answers it — the regulation's days, else
    Lei 9.784/1999 art. 59 §1 (D-17) — for a page to write beside the day; empty where the law
    gives no day."""
    d = _asked(municipality, law, filed_on, forwarded_on)
    return judgment_basis(d, law) if d is not None else ""


def pending_basis(case: Case, pending: Filing | None) -> str:
    """:func:`basis` of the case's ``pending`` appeal, for its page (the staff's and the holder's
    on the portal); empty where there is none or the law gives it no day."""
    if pending is None or pending.judge_until is None:
        return ""
    return basis(case.municipality, case.law, pending.filed_on, pending.forwarded_on)


def awaiting_basis(case: Case) -> str:
    """:func:`basis` of a case awaiting judgment (``selectors.awaiting_judgment``: its pending
    appeal's ``filed_on``, ``forwarded_on`` and ``judge_until``), empty where it has no day."""
    if case.judge_until is None or case.filed_on is None:
        return ""
    return basis(case.municipality, case.law, case.filed_on, case.forwarded_on)


def _asked(
    municipality: Municipality, law: str, filed_on: dt.date, forwarded_on: dt.date | None
) -> Decision | None:
    """The law's answer to :data:`QUESTION` for an appeal filed on ``filed_on`` and sent up on
    ``forwarded_on``, asked as at its filing; None where it gives no day."""
    facts = {"appeal_filed_on": filed_on.isoformat()}
    if forwarded_on is not None:
        facts["forwarded_on"] = forwarded_on.isoformat()
    d = ask(municipality, law, QUESTION, facts, filed_on)
    return d if isinstance(d.outcome, dict) and d.outcome.get("judge_until") else None


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
