"""D-4 for the platforms: a day recorded as no business day moves at once the running deadlines it
changes, each counted again by the law core's question that first counted it, from the same start
— not only when a sweep or a filing next counts it."""

from __future__ import annotations

import datetime as dt

from django.db.models import Model, Q

from outorga.core.acts import Actor, record_act
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import decision
from outorga.law.decisions import Decision

from ..models import (
    Complaint,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformNotice,
    PlatformPenalty,
    PlatformPenaltyAppeal,
)
from .cases import defence_deadline
from .common import (
    appeal_admission,
    basis_many,
    counted_on,
    judge_until_extended,
    notice_period,
)
from .complaints import answer_deadline, complaint_notice_text
from .penalty_process import imposed_on, penalty_notice_text


def platform_deadlines_recount(actor: Actor, municipality: Municipality, day: dt.date) -> list[str]:
    """``day`` was just recorded as no business day (a holiday, a ponto facultativo, the office
    closed): the platforms' deadlines still running that it changes move now (D-4) — a period of
    calendar days whose last day it is (Lei 9.784/1999 art. 66 §1: the defence, the appeal, the
    reconsideration, the judgment), or the complaint's answer of 5 business days when it falls
    inside the window (art. 15). A deadline already met (defence or appeal filed, complaint
    answered, appeal decided) stays; one still waiting moves even when the day is recorded late
    (the office was closed on it all the same), as the cases of enforcement do. Inside the
    calendar act's transaction; returns what moved."""
    moved: list[str] = []
    with tenant(municipality):
        for complaint in Complaint.objects.select_for_update().filter(
            status=Complaint.Status.OPEN, filed_on__lt=day, deadline__gte=day
        ):
            d = answer_deadline(municipality, complaint.filed_on)
            if _moved(actor, municipality, complaint, {"deadline": d.outcome["deadline"]}, d):
                complaint.decision = d.to_json()
                complaint.save(update_fields=["deadline", "decision"])
                _notice(
                    f"complaint-{complaint.pk}",
                    complaint_notice_text(municipality, complaint),
                    complaint.deadline,
                )
                moved.append(f"reclamação {complaint.protocol}")
        for case in PlatformCase.objects.select_for_update().filter(
            status=PlatformCase.Status.OPEN, defence_filed_at__isnull=True, defence_until=day
        ):
            d = defence_deadline(municipality, case.notice_on)
            if _moved(actor, municipality, case, {"defence_until": d.outcome["defence_until"]}, d):
                case.decision = {**case.decision, "deadlines": d.to_json()}
                case.save(update_fields=["defence_until", "decision"])
                moved.append(f"processo {case.pk}")
        for x in PlatformPenalty.objects.select_for_update().filter(
            status=PlatformPenalty.Status.APPEAL_PERIOD,
            decision_notice_on__isnull=False,
            appeal_until=day,
        ):
            assert x.decision_notice_on is not None
            d = notice_period(
                municipality,
                counted_on(x.procedure.get("notice"), x.decision_notice_on),
                x.decision_notice_on,
                imposed_on(x),
            )
            if _moved(actor, municipality, x, {"appeal_until": d.outcome["appeal_until"]}, d):
                x.procedure = {**x.procedure, "notice": d.to_json()}
                x.save(update_fields=["appeal_until", "procedure"])
                _notice(
                    f"penalty-notice-{x.pk}",
                    *penalty_notice_text(
                        municipality, x, x.decision_notice_on, x.decision_notice_channel
                    ),
                )
                moved.append(f"penalidade {x.pk}")
        # An extended period to judge (Lei 9.784/1999 art. 59 §2) runs from the period's last
        # day, which may be the one closed: counted again whenever a day before it closes.
        for a in PlatformPenaltyAppeal.objects.select_for_update().filter(
            Q(judge_until=day)
            | Q(reconsider_until=day)
            | Q(judgment_extended_on__isnull=False, judge_until__gt=day),
            result=PlatformPenaltyAppeal.Result.PENDING,
        ):
            notice_on = PlatformPenalty.objects.get(pk=a.penalty_id).decision_notice_on
            running = a.reconsidered_on is None and a.forwarded_on is None
            if _appeal_moved(actor, municipality, a, day, notice_on, reconsidering=running):
                moved.append(f"recurso {a.pk}")
        for ca in PlatformCaseAppeal.objects.select_for_update().filter(
            result=PlatformCaseAppeal.Result.PENDING, reconsider_until=day
        ):
            notice_on = PlatformCase.objects.get(pk=ca.case_id).decision_notice_on
            if _appeal_moved(actor, municipality, ca, day, notice_on, reconsidering=True):
                moved.append(f"recurso {ca.pk}")
    return moved


def _appeal_moved(
    actor: Actor,
    municipality: Municipality,
    a: PlatformPenaltyAppeal | PlatformCaseAppeal,
    day: dt.date,
    notice_on: dt.date | None,
    *,
    reconsidering: bool,
) -> bool:
    """An appeal still to decide: the deciding authority's period to reconsider (Lei 9.784/1999
    art. 56 §1) while it has not, and the period to judge it (art. 59 §1), each when ``day`` is
    its last, counted again as at the filing (:func:`appeal_admission`). The judgment's period
    runs from the superior authority's receipt — the day after the period to reconsider while
    the appeal was not sent up — so it moves with that period too."""
    judge_until = getattr(a, "judge_until", None)
    extended = getattr(a, "judgment_extended_on", None) is not None
    reconsider_moves = reconsidering and a.reconsider_until == day
    if not (reconsider_moves or judge_until == day or extended):
        return False
    forwarded_on = getattr(a, "forwarded_on", None)
    admission, period = appeal_admission(
        municipality,
        counted_on(a.admission, a.filed_on),
        a.filed_on,
        notice_on,
        forwarded_on=forwarded_on,
    )
    if period is None:  # admitted when filed; never late by a later closed day
        return False
    new: dict[str, dt.date] = {}
    if reconsider_moves:
        new["reconsider_until"] = period.outcome["reconsider_until"]
    if judge_until is not None and (
        judge_until == day or extended or (reconsider_moves and not forwarded_on)
    ):
        new["judge_until"] = judge_until_extended(municipality, a, admission.outcome["judge_until"])
    if not _moved(actor, municipality, a, new, admission, period):
        return False
    a.save(update_fields=list(new))
    return True


def _moved(
    actor: Actor,
    municipality: Municipality,
    obj: Model,
    new: dict[str, dt.date],
    *decisions: Decision,
) -> bool:
    """Set on ``obj`` the recounted days that differ from the stored ones and record the move
    as an act (the caller saves); whether any moved."""
    old = {k: getattr(obj, k) for k, v in new.items() if getattr(obj, k) != v}
    if not old:
        return False
    for k in old:
        setattr(obj, k, new[k])
    record_act(
        municipality=municipality,
        actor=actor,
        action="platform.deadline.move",
        obj=obj,
        old=old,
        new={k: new[k] for k in old},
        basis=basis_many(decisions, extra=(decision(4),)),
    )
    return True


def _notice(key: str, message: str, due_on: dt.date | None) -> None:
    """The platform's aviso of the moved deadline says the new day."""
    PlatformNotice.objects.filter(key=key).update(message=message[:500], due_on=due_on)
