"""A penalty's appeal (art. 26 sole paragraph; D-1, D-4, D-17): its filing, its reconsideration
by the deciding authority and its judgment by the superior one (Lei 9.784/1999 art. 56 §1), each
asking the law core whether the decision may be revised and the fine reduced in part (art. 64)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, extension_apply, law_refused, record_act
from outorga.core.errors import Refused
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import Citation, lei_9784
from outorga.law.common.judgment import extension_cited
from outorga.law.decisions import Decision
from outorga.law.money import brl

from ..models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from ..notices import platform_notice_send
from .appeal_filing import appeal_admit, appeal_closed, appeal_filing
from .common import (
    PlatformRefused,
    appeal_admission,
    appeal_judgment_period,
    apps_law,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    counted_on,
    decision_day,
    field_error,
    judge_until_extended,
    reasoned,
    revision_facts,
)
from .penalty_annulment import penalty_annul
from .penalty_process import appeal_judged, imposed_on, locked_penalty, penalty_make_final


def _locked_appeal(appeal_id: int) -> tuple[PlatformPenaltyAppeal, PlatformPenalty]:
    """The appeal and its penalty, both locked, in that order."""
    a = PlatformPenaltyAppeal.objects.select_for_update().get(pk=appeal_id)
    return a, locked_penalty(a.penalty_id)


def _unjudged(appeal_id: int) -> tuple[PlatformPenaltyAppeal, PlatformPenalty]:
    """:func:`_locked_appeal`, refused (409) once the appeal is judged: the judgment locks it
    again in its second transaction, after the law's answer on a reduction was committed."""
    a, x = _locked_appeal(appeal_id)
    if a.result != PlatformPenaltyAppeal.Result.PENDING:
        raise appeal_closed(a.result == PlatformPenaltyAppeal.Result.MOOT, "Recurso já julgado.")
    return a, x


def platform_penalty_appeal_file(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    text: str,
    channel: str,
    filed_on: dt.date | None = None,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """The platform appeals against a warning or fine (art. 26 sole paragraph): through the API
    (filed today) or on paper, recorded by the authority with the protocol date. The law core
    says whether it is in time (regulation, else Lei 9.784/1999 art. 59: 10 days from the notice
    of the decision; D-4 counting; D-17); a late appeal is refused citing it (art. 63, I) and
    only the refusal's act remains. In time: the penalty is under appeal and the fine's debt
    contested — it blocks nothing (D-11) — until the judgment."""
    filing = appeal_filing(
        actor=actor, municipality=municipality, channel=channel, text=text, filed_on=filed_on, on=on
    )
    with transaction.atomic(), tenant(municipality):
        x = locked_penalty(penalty.pk)
        appeal, decision, _ = appeal_admit(
            filing,
            action="penalty.appeal.file",
            model=PlatformPenaltyAppeal,
            of="penalty",
            against="esta penalidade",
            obj=x,
            decided_on=imposed_on(x),
            decision_notice_on=x.decision_notice_on,
            from_admission=["judge_until"],
        )
        if not isinstance(appeal, Refused):
            old = x.status
            # A paper appeal protocolled in time but recorded after the sweep saw the period lapse:
            # the penalty was never final (D-1), so it is under appeal again.
            x.status = PlatformPenalty.Status.UNDER_APPEAL
            x.final_on = None
            x.save(update_fields=["status", "final_on"])
            basis = basis_many([decision])
            if x.debt is not None:
                from outorga.finance import services as ledger

                ledger.debt_contest_in_transaction(
                    actor=actor,
                    municipality=municipality,
                    debt=x.debt,
                    reason=f"recurso contra a penalidade {x.pk} "
                    f"({cited(municipality, 'penalties')})",
                    basis=basis,
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="penalty.appeal.file",
                obj=appeal,
                old={"penalty_status": old},
                new={
                    "penalty": x.pk,
                    **filing.recorded(appeal),
                    "judge_until": appeal.judge_until,
                    "penalty_status": x.status,
                },
                basis=basis,
            )
    if isinstance(appeal, Refused):
        raise appeal
    return appeal


def platform_penalty_appeal_judge(
    *,
    actor: Actor,
    municipality: Municipality,
    appeal: PlatformPenaltyAppeal,
    upheld: bool,
    reasoning: str,
    partial_fine_upfbg: Decimal | None = None,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """The competent authority judges the appeal (``appeal.executive.judge``: the superior
    authority, Lei 9.784/1999 art. 56 §1 by default, D-17) in a reasoned decision (art. 50, V).
    Upheld: the penalty is annulled and the fine falls — its debt cancelled, or refunded when
    already paid (finance's refund). Upheld in part (``partial_fine_upfbg``, Lei 9.784/1999 art.
    64): the fine is reduced to that amount — the open debt reduced, or the difference refunded
    when already paid — and the penalty, so reformed, is final. Dismissed: the penalty is final
    and so is its debt (D-1). Whether the penalty may be reduced in part (a warning may not) and
    whether a new amount goes with an upheld appeal (it does not) is the law core's to say
    (``penalty_revision``, art. 64): its refusal is an error on ``partial_fine_upfbg``."""
    authorize_apps(actor=actor, municipality=municipality, action="appeal.executive.judge")
    reasoned(reasoning, "o julgamento", also="; decisão D-17")
    on = decision_day(
        actor=actor, municipality=municipality, action="appeal.executive.judge", obj=appeal, on=on
    )
    partial = partial_fine_upfbg is not None
    # Upheld with a new amount is the law's to refuse (Lei 9.784/1999 art. 64): asked as such.
    result = "annul" if upheld else "partial" if partial else "confirm"
    with transaction.atomic(), tenant(municipality):
        a, x = _unjudged(appeal.pk)
        if on < a.filed_on:
            raise field_error("on", "O julgamento não pode ser anterior ao recurso.")
        # The appeal reaches the superior authority once sent up or the period to reconsider
        # ended (Lei 9.784/1999 art. 56 §1); in part, the fine's new amount (art. 64).
        revision, refused = _revision(
            actor=actor,
            municipality=municipality,
            action="appeal.executive.judge",
            appeal=a,
            penalty=x,
            by="superior",
            on=on,
            new_upfbg=partial_fine_upfbg,
            result=result,
            lead="Julgamento recusado",
            field="partial_fine_upfbg",
        )
    if refused is not None:
        raise refused
    with transaction.atomic(), tenant(municipality):
        a, x = _unjudged(appeal.pk)
        facts: dict[str, Any] = {
            "appeal": "upheld" if upheld else "partial" if partial else "dismissed",
            "appeal_judged_on": on.isoformat(),
        }
        if x.decision_notice_on is not None:
            facts["decision_notice_on"] = x.decision_notice_on.isoformat()
        finality = bound_law(municipality, on).ask("penalty_finality", facts)
        judged = appeal_judged(
            a,
            result=(
                PlatformPenaltyAppeal.Result.UPHELD
                if upheld
                else PlatformPenaltyAppeal.Result.PARTIAL
                if partial
                else PlatformPenaltyAppeal.Result.DISMISSED
            ),
            actor=actor,
            on=on,
            reasoning=reasoning,
            judgment=finality.to_json(),
        )
        a.save(update_fields=judged)
        basis = basis_many([revision, finality], extra=_judge_citations(municipality, on))
        record_act(
            municipality=municipality,
            actor=actor,
            action="appeal.executive.judge",
            obj=a,
            old={"result": PlatformPenaltyAppeal.Result.PENDING},
            new={"penalty": x.pk, "result": a.result, "reasoning": a.reasoning},
            basis=basis,
        )
        if partial:
            _penalty_reduce(
                actor=actor, municipality=municipality, penalty=x, appeal=a, revision=revision
            )
        if upheld:
            penalty_annul(actor=actor, municipality=municipality, penalty=x, appeal=a, on=on)
        else:
            penalty_make_final(actor=actor, municipality=municipality, penalty=x, finality=finality)
        _tell_platform_judgment(municipality, x, a)
    return a


def _revision(
    *,
    actor: Actor,
    municipality: Municipality,
    action: str,
    appeal: PlatformPenaltyAppeal,
    penalty: PlatformPenalty,
    by: str,
    on: dt.date,
    new_upfbg: Decimal | None,
    result: str,
    lead: str,
    field: str = "fine_upfbg",
) -> tuple[Decision, Refused | None]:
    """The law core's answer on revising the decision appealed against: by the deciding authority
    within its period, or by the superior one once the appeal is sent up or that period ended
    (Lei 9.784/1999 art. 56 §1); in part, the fine's new amount (art. 64, D-5) — the law says
    whether this kind of penalty is reduced in part and whether a new amount goes with
    ``result``. Returned with the refusal, when the law refuses — ``lead`` and every reason with
    its article, kept as the act ``action`` on the appeal, the art. 64 refusals also an error on
    ``field`` (:func:`_art64_on`) —, for the caller to raise once committed. A provision in part
    without the new amount is an input missing, refused here on ``field`` before the law is
    asked, as the screens and the API refuse it."""
    if result == "partial" and new_upfbg is None:
        raise field_error(field, "Informe o novo valor da multa em UPFBG.")
    facts = revision_facts(by, appeal.filed_on, on, result)
    facts["imposed_kind"] = penalty.kind
    if by == "superior" and appeal.forwarded_on is not None:
        facts["forwarded_on"] = appeal.forwarded_on.isoformat()
    if result == "partial" and penalty.fine_upfbg is not None:
        facts.update(
            imposed_on=imposed_on(penalty).isoformat(),
            imposed_upfbg=format(Decimal(penalty.fine_upfbg).normalize(), "f"),
        )
    if new_upfbg is not None:
        facts["new_upfbg"] = format(Decimal(new_upfbg).normalize(), "f")
    revision = bound_law(municipality, on).ask("penalty_revision", facts)
    if revision.outcome["allowed"]:
        return revision, None
    refused = law_refused(
        actor=actor,
        municipality=municipality,
        action=action,
        d=revision,
        obj=appeal,
        new={"result": result, "fine_upfbg": new_upfbg},
        error=partial(PlatformRefused, lead, each_reason=True, fields=_art64_on(field)),
    )
    return revision, refused


#: The rules of Lei 9.784/1999 art. 64 in ``penalty_revision`` about the fine's new amount, by
#: the last part of their names: a refusal of one is an error on the field that gave the amount.
ART64_RULES = ("partial_provision", "partial_provision_fine_only", "new_measure_only_in_part")


def _art64_on(field: str) -> dict[str, str]:
    """The art. 64 refusals of ``penalty_revision`` named on the input ``field``
    (``PlatformRefused``'s ``fields``)."""
    return dict.fromkeys(ART64_RULES, field)


def _penalty_reduce(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    appeal: PlatformPenaltyAppeal,
    revision: Decision,
) -> None:
    """The fine reduced by a decision granting the appeal in part or reconsidering in part (Lei
    9.784/1999 art. 56 §1, 64): the penalty's amount, and through finance its debt — less owed,
    or the difference refunded when already paid, from the day of that decision (D-15) that
    ``appeal`` records. Inside the deciding transaction."""
    from outorga.finance.payments import debt_reduce_in_transaction

    old = {"fine_upfbg": penalty.fine_upfbg, "amount_cents": penalty.amount_cents}
    penalty.fine_upfbg = revision.outcome["new_upfbg"]
    penalty.amount_cents = revision.outcome["new_amount_cents"]
    penalty.procedure = {
        **penalty.procedure,
        "reduction": {**revision.to_json(), "from": {k: str(v) for k, v in old.items()}},
    }
    penalty.save(update_fields=["fine_upfbg", "amount_cents", "procedure"])
    basis = basis_many([revision])
    refund = None
    # The judgement's day, or the reconsideration's while the appeal went up.
    decided_on = appeal.judged_on or appeal.reconsidered_on
    assert decided_on is not None
    if penalty.debt_id is not None:
        refund = debt_reduce_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=penalty.debt,  # type: ignore[arg-type]
            amount_cents=int(penalty.amount_cents or 0),
            decision=appeal,
            basis=basis,
            on=decided_on,
        )
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.reduce",
        obj=penalty,
        old=old,
        new={
            "fine_upfbg": penalty.fine_upfbg,
            "amount_cents": penalty.amount_cents,
            "appeal": appeal.pk,
            "refund_cents": refund.amount_cents if refund else 0,
        },
        basis=basis,
    )


RECONSIDER_RESULTS = ("confirm", "annul", "partial")


def fine_in_part(in_part: bool, fine_upfbg: Decimal | None, fld: str) -> Decimal | None:
    """The fine's new amount as a decision reducing it in part carries it (Lei 9.784/1999, art.
    64): required then — refused naming the input's field ``fld`` — and dropped otherwise."""
    if not in_part:
        return None
    if fine_upfbg is None:
        raise field_error(fld, "Informe o novo valor da multa em UPFBG (art. 64).")
    return fine_upfbg


def platform_penalty_reconsider(
    *,
    actor: Actor,
    municipality: Municipality,
    appeal: PlatformPenaltyAppeal,
    result: str,
    reasoning: str,
    fine_upfbg: Decimal | None = None,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """The authority that imposed the penalty, having received the appeal, reconsiders it within
    the period (regulation, else 5 days of Lei 9.784/1999 art. 56 §1; D-4 counting; D-17):
    ``annul`` — the penalty is annulled as on an upheld appeal; ``partial`` — the fine is reduced
    (art. 64) and the rest of the appeal goes up; ``confirm`` — the decision is kept and the
    appeal goes up to the superior authority. Past the period the law refuses and the appeal is
    the superior authority's alone; the refusal stays in the acts log."""
    authorize_apps(actor=actor, municipality=municipality, action="appeal.reconsider")
    if result not in RECONSIDER_RESULTS:
        raise field_error("result", "Reconsideração: manter, anular ou reduzir a multa.")
    reasoned(reasoning, "a reconsideração")
    on = decision_day(
        actor=actor,
        municipality=municipality,
        action="penalty.appeal.reconsider",
        obj=appeal,
        on=on,
    )
    with transaction.atomic(), tenant(municipality):
        a, x = _locked_appeal(appeal.pk)
        if a.result != PlatformPenaltyAppeal.Result.PENDING or a.forwarded_on is not None:
            raise appeal_closed(
                a.result == PlatformPenaltyAppeal.Result.MOOT,
                "O recurso já foi decidido ou encaminhado à autoridade superior.",
            )
        if on < a.filed_on:
            raise field_error("on", "A reconsideração não pode ser anterior ao recurso.")
        revision, refused = _revision(
            actor=actor,
            municipality=municipality,
            action="penalty.appeal.reconsider",
            appeal=a,
            penalty=x,
            by="reconsideration",
            on=on,
            new_upfbg=fine_upfbg,
            result=result,
            lead="Reconsideração recusada",
        )
        if refused is None:
            a.reconsidered_by, a.reconsidered_on = actor.user, on
            grounds = [revision]
            a.reconsideration_reasoning = reasoning.strip()
            a.reconsideration = revision.to_json()
            fields = [
                "reconsidered_by",
                "reconsidered_on",
                "reconsideration_reasoning",
                "reconsideration",
            ]
            if result == "annul":
                # Reconsidered in full: the appeal is upheld by the authority that decided.
                fields += appeal_judged(
                    a,
                    result=PlatformPenaltyAppeal.Result.UPHELD,
                    actor=actor,
                    on=on,
                    reasoning=reasoning,
                    judgment=a.reconsideration,
                )
            else:
                # Sent up today: the superior authority's 30 days run from receiving it (Lei
                # 9.784/1999 art. 59 §1; D-17), not from the filing.
                a.forwarded_on = on
                sent_up, _ = appeal_admission(
                    municipality, on, a.filed_on, x.decision_notice_on, forwarded_on=on
                )
                a.judge_until = judge_until_extended(
                    municipality, a, sent_up.outcome["judge_until"]
                )
                fields += ["forwarded_on", "judge_until"]
                grounds.append(sent_up)
            a.save(update_fields=fields)
            basis = basis_many(grounds)
            record_act(
                municipality=municipality,
                actor=actor,
                action="penalty.appeal.reconsider",
                obj=a,
                new={
                    "penalty": x.pk,
                    "result": result,
                    "fine_upfbg": fine_upfbg,
                    "forwarded_on": a.forwarded_on,
                    "reasoning": a.reconsideration_reasoning,
                },
                basis=basis,
            )
            if result == "partial":
                _penalty_reduce(
                    actor=actor, municipality=municipality, penalty=x, appeal=a, revision=revision
                )
            if result == "annul":
                penalty_annul(actor=actor, municipality=municipality, penalty=x, appeal=a, on=on)
            else:
                record_act(
                    municipality=municipality,
                    actor=actor,
                    action="penalty.appeal.forward",
                    obj=a,
                    new={"forwarded_on": on, "judge_until": a.judge_until},
                    basis=basis,
                )
    if refused is not None:
        raise refused
    return a


def _tell_platform_judgment(
    municipality: Municipality, x: PlatformPenalty, a: PlatformPenaltyAppeal
) -> None:
    """The courtesy aviso of the judgment: annulled, or final with the fine's due date if owed.
    None for a driver's penalty, as for its notice: the fine is the driver's to pay."""
    if x.driver_id is not None:
        return
    from outorga.finance.models import Debt

    settled = (Debt.Status.PAID, Debt.Status.REFUNDED, Debt.Status.CANCELLED)
    due_on = None
    if a.result == PlatformPenaltyAppeal.Result.UPHELD:
        outcome = f"recurso provido: a {x.get_kind_display()} foi anulada."
    else:
        if a.result == PlatformPenaltyAppeal.Result.PARTIAL:
            outcome = (
                f"recurso provido em parte ({lei_9784(64)}): a multa passa a "
                f"{brl(int(x.amount_cents or 0))} e é definitiva (decisão D-1)."
            )
        else:
            outcome = f"recurso não provido: a {x.get_kind_display()} é definitiva (decisão D-1)."
        # Final either way: a fine still owed is due.
        if x.debt is not None and x.debt.status not in settled:
            due_on = x.debt.due_on
            outcome += f" Pague a multa até {due_on:%d/%m/%Y}."
    platform_notice_send(
        municipality=municipality,
        platform=x.platform,
        key=f"penalty-appeal-{a.pk}",
        kind=PlatformNotice.Kind.APPEAL_JUDGED,
        message=f"Julgado em {a.judged_on:%d/%m/%Y} o recurso contra a penalidade {x.pk}: {outcome}",
        due_on=due_on,
    )


def _judge_citations(municipality: Municipality, on: dt.date) -> tuple[Citation, ...]:
    """The articles that give the appeal's judgment to its authority on ``on``, the day it is
    judged (the competence table is dated, D-15)."""
    from outorga.law.competence import competence

    comp = competence(apps_law(municipality), "appeal.executive.judge", on)
    return comp.citations if comp else ()


def platform_penalty_appeal_extend(
    *,
    actor: Actor,
    municipality: Municipality,
    appeal: PlatformPenaltyAppeal,
    justification: str,
    on: dt.date | None = None,
) -> PlatformPenaltyAppeal:
    """Lei 9.784/1999 art. 59 §2: the authority that judges the appeal (``appeal.executive.judge``)
    extends its period to judge — "por igual período, ante justificativa explícita": the law
    (``appeal_judgment``, the rule the admission counted ``judge_until`` by) answers whether it may
    (the §1 default only, once) and the new last day; the appeal records it and the act
    ``appeal.judgment.extend`` its old and new day and the justification. Refused: without a
    justification (422), once judged (409), by the law (a second extension, a regulation's
    period, a day outside the period — before its receipt by the superior authority or after its
    last day: 422, the refusal logged)."""
    authorize_apps(actor=actor, municipality=municipality, action="appeal.executive.judge")
    text = justification.strip()
    if not text:
        raise field_error(
            "justification",
            f"A prorrogação do prazo para julgar exige justificativa explícita ({extension_cited()}).",
        )
    on = decision_day(
        actor=actor, municipality=municipality, action="appeal.judgment.extend", obj=appeal, on=on
    )
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        a, _ = _unjudged(appeal.pk)
        if a.judge_until is None:
            raise appeal_closed(
                False, f"O recurso não tem prazo para julgar a prorrogar ({extension_cited()})."
            )
        if on < a.filed_on:
            raise field_error("on", "A prorrogação não pode ser anterior ao recurso.")
        d = appeal_judgment_period(
            municipality,
            counted_on(a.admission, a.filed_on),
            a.filed_on,
            a.forwarded_on,
            on,
            extended_before=a.judgment_extended_on is not None,
        )
        if d.eligibility != "ok":
            refused = law_refused(
                actor=actor,
                municipality=municipality,
                action="appeal.judgment.extend",
                d=d,
                obj=a,
                new={"penalty": a.penalty_id},
                error=partial(PlatformRefused, "Prorrogação recusada"),
            )
        else:
            extension_apply(
                a,
                actor=actor,
                municipality=municipality,
                on=on,
                justification=text,
                d=d,
                of={"penalty": a.penalty_id},
                basis=basis_of(d, _judge_citations(municipality, on)),
            )
    if refused is not None:
        raise refused
    return a
