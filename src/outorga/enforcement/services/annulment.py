"""A case closed in the holder's favour — a defence or appeal upheld (art. 42 §1–2), the
decision appealed against reconsidered by the authority that decided (Lei 9.784/1999 art. 56 §1,
D-17), or the auto or penalty annulled of the authority's own motion for a vício de legalidade
(Lei 9.784/1999 art. 53, D-17): what the law says of what was paid, and the closing itself."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.authz import authorize
from outorga.core.localtime import today_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.enforcement.lawbridge import answers, ask
from outorga.enforcement.models import Case, Filing, InfractionNotice, Seizure
from outorga.enforcement.services.common import (
    PROPOSALS,
    InvalidStep,
    basis_with_competence,
    case_debts,
    competence_citations,
    debt_cancel,
)
from outorga.enforcement.services.escalation import escalate_without
from outorga.enforcement.services.seizures import seizure_release_in_transaction
from outorga.enforcement.services.suspensions import suspension_annul
from outorga.enforcement.services.taxi_suspensions import auto_suspensions_annul
from outorga.finance.models import Debt
from outorga.finance.payments import paid_cents, refund_for_upheld_defence
from outorga.law.citations import lei_9784, lei_9784_many
from outorga.law.decisions import Decision
from outorga.registry.validation import FieldError


def defence_result(
    municipality: Municipality, case: Case, debts: list[Debt], upheld: bool, on: dt.date
) -> Decision | None:
    """The law's ``defence_result`` for the case's auto, where the law has one: what a decision
    upholding or dismissing the defence or appeal does to what was paid (art. 42 §1–2)."""
    if not answers(case.law, "defence_result") or case.auto is None:
        return None
    # What was paid of each — in full, or in part while still owed (art. 42 §1–2).
    paid = {
        f"{k}_cents": sum(paid_cents(d) for d in debts if d.origin == o)
        for k, o in (
            ("fine", Debt.Origin.FINE),
            ("removal", Debt.Origin.REMOVAL),
            ("storage", Debt.Origin.STORAGE),
        )
    }
    auto = case.auto
    return ask(
        municipality,
        case.law,
        "defence_result",
        {
            "upheld": upheld,
            "unlicensed": auto.permit_id is None,
            "vehicle_seized": Seizure.objects.filter(
                auto=auto, status=Seizure.Status.HELD
            ).exists(),
            "paid": paid,
        },
        on,
    )


def case_annul(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    filing: Filing | None,
    debts: list[Debt],
    decision: Decision | None,
    on: dt.date,
    basis: dict[str, Any],
    outcome: str,
) -> None:
    """A defence or appeal upheld, or the decision appealed against reconsidered (Lei 9.784/1999
    art. 56 §1), or — ``filing`` None — the case annulled of the authority's own motion (art. 53,
    :func:`case_annul_ex_officio`): the case is closed, a suspension annulled, the fine refunded
    when paid and every open charge cancelled, the vehicle released with its costs waived (art.
    42 §1–2). Inside the deciding transaction."""
    case.stage, case.waiting, case.deadline = Case.Stage.ANNULLED, Case.Waiting.NONE, None
    case.outcome = outcome
    if case.kind == Case.Kind.SUSPENSION:
        case.outcome += ": " + suspension_annul(
            actor=actor,
            municipality=municipality,
            case=case,
            filing=filing,
            on=on,
            basis=basis,
        )
    if case.kind == Case.Kind.INFRACTION and filing is None:
        backed = auto_suspensions_annul(
            actor=actor, municipality=municipality, case=case, on=on, basis=basis
        )
        if backed:
            case.outcome += f"; {backed}"
    unlicensed = bool(case.auto and case.auto.permit_id is None)
    for fine in [d for d in debts if d.origin == Debt.Origin.FINE]:
        related = [d for d in debts if d.pk != fine.pk]
        # Art. 42 §1–2: the fine paid, in full or in part, is refunded (the finance app's
        # Refund); without a permit (§2) the fees, removal and storage paid are refunded
        # too, whether or not the fine was paid.
        if paid_cents(fine) > 0 or (unlicensed and any(paid_cents(d) > 0 for d in related)):
            refund_for_upheld_defence(
                actor=actor,
                municipality=municipality,
                debt=fine,
                decision=decision,
                related=related,
                unlicensed=unlicensed,
                on=on,
            )
    for debt in case_debts(case):  # re-read: the refund may have settled some
        debt_cancel(
            actor=actor,
            municipality=municipality,
            debt=debt,
            reason=case.outcome,
            basis=basis,
        )
    # A case without an auto (a suspension's, a revocation's or cassação's) released nothing:
    # ``auto=None`` would read every held seizure without an auto.
    held = (
        Seizure.objects.filter(auto=case.auto, status=Seizure.Status.HELD) if case.auto_id else []
    )
    for s in held:
        seizure_release_in_transaction(actor, municipality, s, on, {"waived": True, **basis})
    case.save(update_fields=["stage", "waiting", "deadline", "outcome"])


#: The action (competence table and acts log) of an annulment of the authority's own motion.
EX_OFFICIO = "case.annul"
EX_OFFICIO_ACT = "case.annul_ex_officio"
ART_53 = lei_9784(53)
#: The kinds of case annulled by ``case.annul``; a revocation or a cassação (the Chief
#: Executive's, mototaxi art. 34 §1) is annulled by whom decided it, restoring the permission
#: (:mod:`.permission_annulment`, ADR 0066).
EX_OFFICIO_KINDS = (Case.Kind.INFRACTION, Case.Kind.SUSPENSION)
#: The field each of the law's refusals is about, by the rule's name (the screen's and the API's).
EX_OFFICIO_FIELDS = {"d_17_lei_9784_art_50_viii_grounds": "fundamentos"}


def ask_annulment(municipality: Municipality, case: Case, grounds: str, on: dt.date) -> Decision:
    """The law's ``case_annulment``: may ``case`` be annulled of the authority's own motion on
    ``on``, on these ``grounds`` (Lei 9.784/1999 art. 50 and 53, D-17), and who annuls it."""
    return ask(
        municipality,
        case.law,
        "case_annulment",
        {
            "kind": case.kind,
            "stage": case.stage,
            "grounds": grounds,
            "decided_on": on.isoformat(),
        },
        on,
    )


def case_annul_ex_officio(
    *, actor: Actor, municipality: Municipality, case: Case, on: dt.date, grounds: str
) -> Case:
    """The authority that imposes the penalty (``case.annul``: the Secretaria, mototaxi art. 34;
    taxi art. 41 II and 46) annuls, of its own motion, an auto or a penalty eivado de vício de
    legalidade — a wrong plate, an agent without competence, a wrong article —, even once final
    (Lei 9.784/1999 art. 53, D-17; STF Súmula 473; no decadência, art. 54, for an annulment that
    favours the holder). The grounds are required (art. 50, I and VIII). The effects are those of
    a defence upheld (:func:`case_annul`): the fine refunded when paid, every open charge
    cancelled, a suspension lifted — the case's, or a taxi suspension resting on its auto —, the
    vehicle released with its costs waived. The law's refusal
    stays in the acts log; the act ``case.annul_ex_officio`` carries the decision as its basis.
    A revocation or a cassação of the permission is annulled by the authority that decided it,
    restoring the permission (:func:`.permission_annulment.permission_annul_ex_officio`)."""
    with tenant(municipality):  # read in its municipality (ADR 0024)
        case = Case.objects.get(pk=case.pk)
    if case.kind in PROPOSALS:
        from outorga.enforcement.services.permission_annulment import (
            permission_annul_ex_officio,
        )

        return permission_annul_ex_officio(
            actor=actor, municipality=municipality, case=case, on=on, grounds=grounds
        )
    authorize(actor=actor, municipality=municipality, action=EX_OFFICIO, law=case.law, on=on)
    if not answers(case.law, "case_annulment"):
        raise InvalidStep(f"a lei deste processo não prevê a anulação de ofício ({ART_53})")
    with tenant(municipality):
        not_before_waiting(case, on)
    with transaction.atomic(), tenant(municipality):
        case = Case.objects.select_for_update().get(pk=case.pk)
        d = ask_annulment(municipality, case, grounds, on)
        allowed = bool(d.outcome["allowed"])
        if allowed:
            _annul_ex_officio(actor, municipality, case, grounds.strip(), on, d)
            if case.kind == Case.Kind.INFRACTION and case.auto is not None:
                # D-1: the escalation judged again without the annulled infraction.
                escalate_without(actor=actor, municipality=municipality, auto=case.auto, on=on)
    if not allowed:  # kept in the acts log after the transaction, which wrote nothing
        raise ex_officio_refused(actor, municipality, case, d, grounds)
    return case


def ex_officio_refused(
    actor: Actor, municipality: Municipality, case: Case, d: Decision, grounds: str
) -> Exception:
    """The law's refusal of an ex officio annulment of ``case``, kept in the acts log (after the
    transaction, which wrote nothing) and naming the field of its first refused rule."""
    return law_refused(
        actor=actor,
        municipality=municipality,
        action=EX_OFFICIO_ACT,
        d=d,
        obj=case,
        new={"case": case.number, "grounds": grounds.strip()},
        field=EX_OFFICIO_FIELDS,
        lead="Anulação de ofício recusada",
    )


def not_before_waiting(case: Case, on: dt.date) -> None:
    """An annulment dated before the defence or appeal it moots is refused (Lei 9.784/1999 art.
    52: it loses its object from the annulment on). Read in the case's municipality."""
    waiting = case.filings.filter(result=Filing.Result.PENDING).order_by("-filed_on").first()
    if waiting is not None and on < waiting.filed_on:
        raise FieldError(
            "on",
            f"a anulação ({on:%d/%m/%Y}) não pode ser anterior à defesa ou ao recurso que ela "
            f"torna prejudicado ({waiting.filed_on:%d/%m/%Y}; {lei_9784(52)})",
        )


def annulment_basis(
    case: Case, d: Decision, grounds: str, competence: str, on: dt.date
) -> dict[str, Any]:
    """The basis of an annulment's acts: the law's decision, its citations and those of the
    ``competence`` acted on, and the grounds (Lei 9.784/1999 art. 50)."""
    basis = basis_with_competence(d, case.law, competence, on)
    basis["grounds"] = grounds
    return basis


def _annul_ex_officio(
    actor: Actor,
    municipality: Municipality,
    case: Case,
    grounds: str,
    on: dt.date,
    d: Decision,
    *,
    competence: str = EX_OFFICIO,
    outcome: str = f"Anulado de ofício por vício de legalidade ({ART_53})",
    more: dict[str, Any] | None = None,
) -> None:
    """The annulment the law allowed, inside its transaction: the effects of :func:`case_annul`
    (no filing: no appeal was upheld) and the act with the decision's citations, and those of
    the ``competence`` acted on, as its basis; ``more``: what else the act records (a
    permission restored)."""
    basis = annulment_basis(case, d, grounds, competence, on)
    old = {"stage": case.stage, "waiting": case.waiting, "outcome": case.outcome}
    # A defence or appeal still waiting loses its object (Lei 9.784/1999 art. 52): prejudicado.
    moot = list(case.filings.select_for_update().filter(result=Filing.Result.PENDING))
    for f in moot:
        f.result, f.judged_by, f.judged_on = Filing.Result.MOOT, actor.user, on
        f.reasoning = f"Prejudicado: processo anulado de ofício ({lei_9784_many(53, 52)})."
        f.save(update_fields=["result", "judged_by", "judged_on", "reasoning"])
    debts = case_debts(case)
    refund = defence_result(municipality, case, debts, True, on)
    case_annul(
        actor,
        municipality,
        case,
        None,
        debts,
        refund,
        on,
        basis,
        outcome,
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action=EX_OFFICIO_ACT,
        obj=case,
        old=old,
        new={
            "case": case.number,
            "stage": case.stage,
            "outcome": case.outcome,
            "grounds": grounds,
            "on": on,
            "filings_moot": [f.pk for f in moot],
            **(more or {}),
        },
        basis=basis,
    )


def infraction_cancel(
    *, actor: Actor, municipality: Municipality, auto: InfractionNotice, reason: str
) -> InfractionNotice:
    """The authority (``infraction.cancel``: mototaxi art. 34; taxi art. 46) cancels an auto, with
    its reason; nothing is deleted. Cancelling an auto is annulling it of the authority's own
    motion (Lei 9.784/1999 art. 53, D-17), so its case, while it stands, is annulled as
    :func:`case_annul_ex_officio` annuls one — the law asked with the reason as the grounds —, with
    the same effects: the fine refunded when paid, every open charge cancelled, a seized vehicle
    released with its costs waived, a taxi suspension resting on the auto annulled, a defence or
    appeal still waiting prejudicado (art. 52); and
    the escalation judged again without the infraction (D-1)."""
    authorize(actor=actor, municipality=municipality, action="infraction.cancel", law=auto.law)
    reason = reason.strip()
    if not reason:
        raise FieldError("motivo", "informe o motivo do cancelamento")
    on = today_of(municipality)
    d: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        auto = InfractionNotice.objects.select_for_update().get(pk=auto.pk)
        if auto.status == InfractionNotice.Status.CANCELLED:
            raise InvalidStep("o auto já está cancelado")
        case = (
            Case.objects.select_for_update()
            .filter(auto=auto, kind__in=EX_OFFICIO_KINDS)
            .exclude(stage=Case.Stage.ANNULLED)
            .first()
        )
        if case is not None:
            if not answers(case.law, "case_annulment"):
                raise InvalidStep(f"a lei deste auto não prevê a anulação de ofício ({ART_53})")
            d = ask_annulment(municipality, case, reason, on)
        if d is None or d.outcome["allowed"]:
            auto.status = InfractionNotice.Status.CANCELLED
            auto.cancel_reason = reason
            auto.cancelled_by = actor.user
            auto.save(update_fields=["status", "cancel_reason", "cancelled_by"])
            if case is not None and d is not None:
                _annul_ex_officio(
                    actor,
                    municipality,
                    case,
                    reason,
                    on,
                    d,
                    competence="infraction.cancel",
                    outcome=f"Auto cancelado: {reason} ({ART_53})",
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="infraction.cancel",
                obj=auto,
                old={"status": InfractionNotice.Status.ISSUED},
                new={"status": auto.status},
                basis={"citations": competence_citations(auto.law, "infraction.cancel", on)},
                extra={"reason": reason},
            )
            # D-1: re-evaluated without the cancelled auto.
            escalate_without(actor=actor, municipality=municipality, auto=auto, on=on)
    if d is not None and not d.outcome["allowed"]:  # kept in the acts log; nothing was written
        raise law_refused(
            actor=actor,
            municipality=municipality,
            action="infraction.cancel",
            d=d,
            obj=auto,
            new={"auto": auto.number, "reason": reason},
            field={"d_17_lei_9784_art_50_viii_grounds": "motivo"},
            lead="Cancelamento do auto recusado",
        )
    return auto
