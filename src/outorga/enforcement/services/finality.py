"""Finality (D-1): a case becomes final after its last instance or when its deadline lapses — the
penalty applies and escalation is evaluated; and the daily sweep, which applies what the calendar
decides: revelia, finality, proposals ready, storage days (it never revokes, cassates or suspends
anything by itself, D-3)."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.db.models import Q

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.errors import Refused
from outorga.core.localtime import day_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import deadline as stage_deadline
from outorga.enforcement.lawbridge import fine, next_stage, taxi_like
from outorga.enforcement.models import Case, Filing, InfractionNotice, Notice, Penalty, Seizure
from outorga.enforcement.selectors import running_notice, taxi_items
from outorga.enforcement.services import judgment
from outorga.enforcement.services.common import (
    PROPOSALS,
    auto_defence,
    case_debts,
    competence_citations,
    debt_charge,
    filing_day_record,
    proposal_action,
)
from outorga.enforcement.services.escalation import escalate, points_evaluate
from outorga.enforcement.services.reconsideration import (
    reconsideration_period,
    reconsideration_periods_fill,
)
from outorga.enforcement.services.seizures import storage_days
from outorga.finance import services as ledger
from outorga.finance.models import Debt
from outorga.law.citations import Citation
from outorga.law.interfaces import citations, procedure
from outorga.law.windows import lapsed_from
from outorga.registry.models import Permit, Person
from outorga.registry.selectors import suspension_ends_with_its_period
from outorga.registry.services.permit_status import permit_suspension_served

SYSTEM = Actor.system("varredura diária")
logger = logging.getLogger(__name__)


# --- finality and the penalty it applies (D-1, D-5) -----------------------------------------------


def case_make_final(
    actor: Actor, municipality: Municipality, case: Case, on: dt.date, why: str
) -> None:
    """D-1: no step pending and no deadline open → the penalty applies and escalation is
    evaluated; the charges the case made while it ran (a seizure's fine, removal and storage) no
    longer await it and become final like any other debt (D-11). Inside the caller's
    transaction."""
    case.stage, case.waiting, case.deadline, case.final_on = (
        Case.Stage.FINAL,
        Case.Waiting.NONE,
        None,
        on,
    )
    case.outcome = why
    case.save(update_fields=["stage", "waiting", "deadline", "final_on", "outcome"])
    for contested in case_debts(case):
        ledger.debt_make_final_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=contested,
            reason=f"processo {case.number} definitivo: {why}",
            basis={"citations": ["decisão D-1", "decisão D-11"]},
        )
    auto = case.auto
    record_act(
        municipality=municipality,
        actor=actor,
        action="case.final",
        obj=case,
        new={
            "stage": case.stage,
            "final_on": on,
            "why": why,
            "auto": auto.number if auto else None,
        },
        basis={"citations": ["decisão D-1"]},
    )
    if auto is None:
        # A suspension confirmed on appeal (art. 34 §3): it was applied when imposed.
        return
    person, answers = fine_debtor(case, auto)
    if auto.penalty == InfractionNotice.Penalty.WARNING:
        Penalty.objects.create(
            kind=Penalty.Kind.WARNING, case=case, permit=auto.permit, imposed_on=on, decision={}
        )
    else:
        seizure_fine = Seizure.objects.filter(auto=auto, fine_debt__isnull=False).first()
        if seizure_fine is not None:
            # The fine was already charged at the seizure (art. 35 §1–2): no second debt.
            debt = seizure_fine.fine_debt
            cents, decision = (debt.amount_cents if debt else 0), None
        else:
            defence = auto_defence(case)
            cents, decision = fine(
                municipality,
                case.law,
                auto.infraction_code,
                day_of(municipality, auto.committed_at),
                on,
                taxi_rows=taxi_items(day_of(municipality, auto.committed_at)),
                notified_on=defence.get("notified_on"),
                judged_on=defence.get("defence_judged_on"),
            )
            if cents is None and decision.eligibility == "refused":
                # The law refuses the fine now (taxi art. 41 §5: not after the notice and the
                # defence): the case does not become final with a penalty the law did not grant;
                # the caller's transaction is undone and the refusal names the article.
                raise Refused(decision)
            debt = None
            # No amount while the law cannot compute it (a nature the regulation has not given,
            # art. 43): the penalty is recorded with its reason, and no debt is invented.
            if cents and person is not None:
                due_on, due = ledger.fine_due_on(municipality=municipality, imposed_on=on)
                # The fine is imposed by a final decision: the debt is final from today and
                # blocks a renewal at once, though it may be paid until its due date (D-18).
                debt = debt_charge(
                    actor=actor,
                    municipality=municipality,
                    person=person,
                    permit=auto.permit,
                    origin=Debt.Origin.FINE,
                    description=f"Multa do auto {auto.number} ({auto.provision})",
                    amount_cents=cents,
                    due_on=due_on,
                    basis=basis_of(decision, answers, more=[due]),
                    status=Debt.Status.FINAL,
                )
        Penalty.objects.create(
            kind=Penalty.Kind.FINE,
            case=case,
            permit=auto.permit,
            debt=debt,
            amount_cents=cents,
            imposed_on=on,
            decision=decision.to_json() if decision else {},
        )
    if taxi_like(auto.law):  # art. 42, §3: points in the taxista's prontuário, not the permit's
        points_evaluate(actor=actor, municipality=municipality, auto=auto, on=on)
    elif auto.permit is not None:
        escalate(actor=actor, municipality=municipality, permit=auto.permit, on=on)


def fine_debtor(case: Case, auto: InfractionNotice) -> tuple[Person | None, tuple[Citation, ...]]:
    """Who the fine of ``auto`` is charged to, and the articles that say so: the case's person
    (the holder, or the one caught without a permit), but for an infraction the permit's
    auxiliary committed under a law that punishes "o infrator" (taxi art. 41), the auxiliary —
    under the mototaxi law the holder answers for him (art. 31 §2)."""
    if auto.committed_by != InfractionNotice.CommittedBy.AUXILIARY or auto.auxiliary is None:
        return case.person, ()
    who, cites = procedure(case.law).auxiliary_answered_by
    return (auto.auxiliary.person if who == "offender" else case.person), cites


# --- the daily sweep -----------------------------------------------------------------------------


def _deadline_recounted(municipality: Municipality, case: Case) -> dt.date:
    """The running deadline counted again from its notice (D-4): a day declared closed, a
    holiday or a ponto facultativo recorded after the notice moves a last day that falls on it to
    the next business day, as the filing itself counts it (``filing_file``). The case and its
    notice keep the moved day. Inside the sweep's transaction."""
    assert case.deadline is not None
    notice = running_notice(case)
    if notice is None or notice.notified_on is None:
        return case.deadline
    deadline, _ = stage_deadline(
        municipality, case.law, case.stage, notice.form, notice.notified_on
    )
    if deadline > case.deadline:
        Notice.objects.filter(pk=notice.pk).update(deadline=deadline)
        case.deadline = deadline
        case.save(update_fields=["deadline"])
    return case.deadline


def deadlines_recount(actor: Actor, municipality: Municipality, day: dt.date) -> list[str]:
    """``day`` was just recorded as no business day (a holiday, a ponto facultativo, the office
    closed): the running deadlines whose last day it is move to the next business day now
    (D-4), so the case, its notice and the holder see the day the law gives them. Inside the
    calendar act's transaction; returns the cases moved."""
    moved = []
    with tenant(municipality):
        running = Case.objects.select_for_update().filter(
            waiting=Case.Waiting.DEADLINE, deadline=day
        )
        for case in running.order_by("id"):
            if _deadline_recounted(municipality, case) == day:
                continue
            record_act(
                municipality=municipality,
                actor=actor,
                action="case.deadline.move",
                obj=case,
                old={"deadline": day},
                new={"deadline": case.deadline},
                basis={"citations": ["decisão D-4"]},
            )
            moved.append(case.number)
        # The authority's last day to reconsider an appeal (Lei 9.784/1999 art. 56 §1) moves too.
        reconsidering = Filing.objects.select_for_update().filter(
            result=Filing.Result.PENDING, forwarded_on=None, reconsider_until=day
        )
        received_later = []
        for filing in reconsidering.select_related("case").order_by("id"):
            d = reconsideration_period(municipality, filing.case.law, filing)
            if d.outcome["reconsider_until"] == day:
                continue
            filing_day_record(
                actor=actor,
                municipality=municipality,
                filing=filing,
                field="reconsider_until",
                d=d,
                action="appeal.reconsider.move",
            )
            received_later.append(filing.pk)
            moved.append(filing.case.number)
        # The superior authority's last day to judge (Lei 9.784/1999 art. 59 §1, where the law
        # sets it): when it is the closed day, or when the period to reconsider it runs after
        # just moved (ADR 0084); an extended one (art. 59 §2) also when the period it extends may
        # have ended on that day.
        moved += judgment.recount(
            actor,
            municipality,
            Filing.objects.filter(
                Q(judge_until=day)
                | Q(pk__in=received_later)
                | Q(judgment_extended_on__isnull=False, judge_until__gt=day)
            ),
        )
    return list(dict.fromkeys(moved))


def sweep(municipality: Municipality, on: dt.date) -> dict[str, list[str]]:
    """What the calendar decides on ``on``: revelia after a lapsed defence deadline (art. 42 §3),
    finality after a lapsed appeal deadline (D-1), proposals ready for the Chief Executive after the
    defence deadline (D-3), storage days of seized vehicles; suspensions served end where the law
    asks nothing for the return (taxi art. 42 V), and those waiting for the proof of mototaxi art.
    32 §2 are listed for the clerk; a pending appeal filed before its law gave the authority that
    decided a period to reconsider gets it (Lei 9.784/1999 art. 56 §1, D-17). Running it twice
    changes nothing."""
    report: dict[str, list[str]] = {
        "reconsider_until": reconsideration_periods_fill(actor=SYSTEM, municipality=municipality),
        "judge_until": judgment.judgment_periods_fill(actor=SYSTEM, municipality=municipality),
        "revelia": [],
        "final": [],
        "proposals_ready": [],
        "storage": [],
        "suspensions_served": [],
        "suspensions_ended": [],
    }
    with tenant(municipality):
        lapsed = list(
            Case.objects.filter(waiting=Case.Waiting.DEADLINE, deadline__lt=on).order_by(
                "deadline", "id"
            )
        )
    failed: list[str] = []
    for case in lapsed:
        try:
            _case_swept(municipality, case.pk, on, report)
        except Exception as exc:  # noqa: BLE001 — one case must not hold the town's others
            logger.exception("varredura: o processo %s não avançou", case.number)
            failed.append(f"{case.number} ({type(exc).__name__}: {exc})"[:300])
    with tenant(municipality):
        for s in Seizure.objects.filter(status=Seizure.Status.HELD):
            days = storage_days(s, on)
            if days != s.storage_days:
                with transaction.atomic():
                    Seizure.objects.filter(pk=s.pk).update(storage_days=days)
                    record_act(
                        municipality=municipality,
                        actor=SYSTEM,
                        action="seizure.storage.count",
                        obj=s,
                        old={"storage_days": s.storage_days},
                        new={"storage_days": days},
                    )
                report["storage"].append(f"{s.plate}: {days} dia(s)")
        for p in list(
            Permit.objects.filter(status=Permit.Status.SUSPENDED, suspended_until__lt=on)
        ):
            served, line = _suspension_ended(municipality, p, on)
            report["suspensions_served" if served else "suspensions_ended"].append(line)
    if failed:  # the others went on; the step still fails, naming each case held
        raise CasesNotSwept(failed, report)
    return report


class CasesNotSwept(RuntimeError):
    """Cases the sweep could not move on ``on`` (each rolled back alone; the others and the rest of
    the sweep went on): the step fails naming them, and the next run tries them again."""

    def __init__(self, failed: list[str], report: dict[str, list[str]]) -> None:
        self.failed, self.report = failed, report
        super().__init__(f"{len(failed)} processo(s) não avançaram: {'; '.join(failed)}")


def _case_swept(
    municipality: Municipality, case_id: int, on: dt.date, report: dict[str, list[str]]
) -> None:
    """One lapsed deadline of the sweep, in its own transaction: the proposal ready, the judgment
    by default, or the case final."""
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case_id)
        if case.waiting != Case.Waiting.DEADLINE or case.deadline is None or case.deadline >= on:
            return
        if _deadline_recounted(municipality, case) >= on:
            return
        if case.kind in PROPOSALS:
            case.waiting = Case.Waiting.JUDGMENT
            case.save(update_fields=["waiting"])
            record_act(
                municipality=municipality,
                actor=SYSTEM,
                action="case.proposal.ready",
                obj=case,
                new={"deadline": case.deadline, "defence": False},
                basis={
                    "citations": list(
                        dict.fromkeys(
                            [
                                *competence_citations(case.law, proposal_action(case), on),
                                "decisão D-3",
                            ]
                        )
                    )
                },
            )
            report["proposals_ready"].append(case.number)
        elif case.stage == Case.Stage.DEFENCE:
            notice = case.notices.filter(purpose=Notice.Purpose.AUTO).first()
            assert notice is not None and notice.notified_on is not None
            _, d = stage_deadline(
                municipality, case.law, "defence", notice.form, notice.notified_on, as_of=on
            )
            nxt = next_stage(case.law, "defence")
            case.revelia, case.stage = True, nxt or Case.Stage.FINAL
            case.waiting, case.deadline = Case.Waiting.NOTICE, None
            case.outcome = "julgado à revelia (sem defesa no prazo)"
            case.save(update_fields=["revelia", "stage", "waiting", "deadline", "outcome"])
            # The judgment by default is a first-instance decision: notified like any other,
            # it opens the appeal (art. 43).
            Notice.objects.create(case=case, purpose=Notice.Purpose.DEFENCE_DECISION, act_on=on)
            record_act(
                municipality=municipality,
                actor=SYSTEM,
                action="case.revelia",
                obj=case,
                new={"stage": case.stage, "revelia": True},
                basis=basis_of(d),
            )
            report["revelia"].append(case.number)
        else:
            # D-1: final from the day after the last day of the appeal, not from the day the
            # sweep got to it (a sweep skipped for days must not move the fine's imposition,
            # D-5, nor the escalation's date).
            case_make_final(
                SYSTEM,
                municipality,
                case,
                lapsed_from(case.deadline),
                "prazo de recurso encerrado sem recurso",
            )
            report["final"].append(case.number)


def _suspension_ended(municipality: Municipality, p: Permit, on: dt.date) -> tuple[bool, str]:
    """A permit whose suspension's period is over: active again from the day after when the law
    bound that day sets no condition for the return (taxi art. 42 V; an act of the system), or
    waiting for the proof the law asks (mototaxi art. 32 §2), which the clerk records."""
    assert p.suspended_until is not None
    ended = f"{p.number} (suspensão até {p.suspended_until:%d/%m/%Y})"
    after = p.suspended_until + dt.timedelta(days=1)
    if suspension_ends_with_its_period(municipality, p.service, p.status, p.suspended_until):
        back_on = permit_suspension_served(actor=SYSTEM, municipality=municipality, permit=p, on=on)
        cites = "; ".join(c.render() for c in citations(p.law_on(after), "suspension"))
        if back_on is None:  # changed meanwhile (a clerk's act): nothing left to end
            return False, f"{ended}: já não está suspensa ({cites})"
        return (
            True,
            f"{ended}: período cumprido, permissão ativa desde {back_on:%d/%m/%Y} ({cites})",
        )
    cites = "; ".join(c.render() for c in citations(p.law_on(after), "suspension_return"))
    return False, f"{ended}: aguardando a comprovação ({cites})"
