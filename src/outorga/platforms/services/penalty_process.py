"""A penalty's due process once imposed (art. 26 sole paragraph; D-1, D-4, D-17): the notice of
the decision, the appeal, its reconsideration by the deciding authority and its judgment by the
superior one (Lei 9.784/1999 art. 56 §1, 64), and the finality of the penalty and its fine."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, basis_of, law_refused, record_act
from outorga.core.errors import Refused
from outorga.core.localtime import day_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import Citation
from outorga.law.decisions import Decision
from outorga.law.money import brl

from ..models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from ..notices import platform_notice_send
from .common import (
    PlatformError,
    PlatformRefused,
    appeal_admission,
    appeal_admit,
    appeal_closed,
    appeal_filing,
    apps_law,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    decision_day,
    field_error,
    notice_dated_rightly,
    notice_period,
    notice_recording,
    reasoned,
    revision_facts,
)

SWEEP_ACTOR = Actor.system("varredura diária")


def locked_penalty(penalty_id: int) -> PlatformPenalty:
    """The penalty locked for a step of its process, with its fine's debt (only the penalty's
    row is locked; the ledger locks the debt it changes)."""
    return (
        PlatformPenalty.objects.select_for_update(of=("self",))
        .select_related("debt")
        .get(pk=penalty_id)
    )


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


def imposed_on(x: PlatformPenalty) -> dt.date:
    """The day the penalty was imposed; for a record that kept only its instant, that instant's
    day on the municipality's clock (D-4, D-15)."""
    return x.imposed_on or day_of(x.municipality, x.imposed_at)


def _penalty_make_final(
    *, actor: Actor, municipality: Municipality, penalty: PlatformPenalty, finality: Decision
) -> None:
    """D-1: the penalty is final (appeal period lapsed without appeal, or appeal dismissed); the
    fine's debt no longer awaits it and is final like any other debt (D-11). Inside the caller's
    transaction, with ``penalty`` locked."""
    from outorga.finance import services as ledger

    old = penalty.status
    penalty.status = PlatformPenalty.Status.FINAL
    penalty.final_on = finality.outcome["final_on"]
    penalty.procedure = {**penalty.procedure, "finality": finality.to_json()}
    penalty.save(update_fields=["status", "final_on", "procedure"])
    basis = basis_many([finality])
    if penalty.debt is not None:
        ledger.debt_make_final_in_transaction(
            actor=actor,
            municipality=municipality,
            debt=penalty.debt,
            reason=f"penalidade {penalty.pk} definitiva: {finality.summary}",
            basis=basis,
        )
    record_act(
        municipality=municipality,
        actor=actor,
        action="penalty.final",
        obj=penalty,
        old={"status": old},
        new={"status": penalty.status, "final_on": penalty.final_on},
        basis=basis,
    )


def platform_penalty_notice_record(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    notice_on: dt.date,
    channel: str,
    on: dt.date | None = None,
) -> PlatformPenalty:
    """The decision imposing a warning or fine reached the platform on ``notice_on`` — personal
    delivery: the signature date; post: the AR's date; Diário Oficial or edital: the publication
    date (decision D-4). The appeal period runs from it (art. 26 sole paragraph; D-17 default 10
    days, Lei 9.784/1999 art. 59). A notice recorded after the period already lapsed makes the
    penalty final at once (D-1)."""
    on = notice_recording(
        actor=actor, municipality=municipality, notice_on=notice_on, on=on, channel=channel
    )
    with tenant(municipality):
        current = PlatformPenalty.objects.get(pk=penalty.pk)
    if current.status == PlatformPenalty.Status.AWAITING_NOTICE:
        # The day of the decision never changes once imposed: checked before the lock, so that
        # the refusal's act is kept.
        notice_dated_rightly(
            actor=actor,
            municipality=municipality,
            action="notice.record",
            obj=current,
            notice_on=notice_on,
            decided_on=imposed_on(current),
        )
    with transaction.atomic(), tenant(municipality):
        x = locked_penalty(penalty.pk)
        if x.status != PlatformPenalty.Status.AWAITING_NOTICE:
            if PlatformPenaltyAppeal.objects.filter(penalty=x).exists():
                raise PlatformError(
                    "A plataforma já recorreu: o comparecimento supre a notificação (Lei "
                    "9.784/1999, art. 26, §5º; decisão D-17).",
                    status=409,
                )
            raise PlatformError(
                f"Notificação já registrada em {x.decision_notice_on:%d/%m/%Y}.", status=409
            )
        finality = notice_period(municipality, on, notice_on, imposed_on(x))
        x.decision_notice_on = notice_on
        x.decision_notice_channel = channel
        x.decision_notice_recorded_by = actor.user
        x.appeal_until = finality.outcome["appeal_until"]
        x.status = PlatformPenalty.Status.APPEAL_PERIOD
        x.procedure = {**x.procedure, "notice": finality.to_json()}
        x.save(
            update_fields=[
                "decision_notice_on",
                "decision_notice_channel",
                "decision_notice_recorded_by",
                "appeal_until",
                "status",
                "procedure",
            ]
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="notice.record",
            obj=x,
            old={"status": PlatformPenalty.Status.AWAITING_NOTICE},
            new={
                "status": x.status,
                "notice_on": notice_on,
                "channel": channel,
                "appeal_until": x.appeal_until,
            },
            basis=basis_many([finality]),
        )
        if finality.outcome["final"]:
            _penalty_make_final(
                actor=actor, municipality=municipality, penalty=x, finality=finality
            )
        _tell_platform_penalty(municipality, x, notice_on, channel)
    return x


def _tell_platform_penalty(
    municipality: Municipality, x: PlatformPenalty, notice_on: dt.date, channel: str
) -> None:
    """The courtesy aviso of a notified penalty: the appeal period, counted from the notice's legal
    date (D-4), never from the email. None for a driver's penalty (art. 26 caput): it is the
    driver's case, which the platform's portal does not show."""
    if x.driver_id is not None:
        return
    message, due_on = penalty_notice_text(municipality, x, notice_on, channel)
    platform_notice_send(
        municipality=municipality,
        platform=x.platform,
        key=f"penalty-notice-{x.pk}",
        kind=PlatformNotice.Kind.PENALTY,
        message=message,
        due_on=due_on,
    )


def penalty_notice_text(
    municipality: Municipality, x: PlatformPenalty, notice_on: dt.date, channel: str
) -> tuple[str, dt.date | None]:
    """The aviso of a notified penalty and its due day: the appeal period, or that it is final."""
    what = x.get_kind_display()
    if x.amount_cents is not None:
        what += f" de {brl(x.amount_cents)}"
    if x.status == PlatformPenalty.Status.FINAL:
        then = "o prazo de recurso já terminou: a penalidade é definitiva (decisão D-1)."
        due_on = None
    else:
        then = (
            f"recurso até {x.appeal_until:%d/%m/%Y} "
            f"({cited(municipality, 'penalties')}; decisão D-17)."
        )
        due_on = x.appeal_until
    return (
        f"{what.capitalize()} aplicada em {imposed_on(x):%d/%m/%Y}, notificada em "
        f"{notice_on:%d/%m/%Y} ({PlatformPenalty.NoticeChannel(channel).label}); {then}"
    ), due_on


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
            _penalty_make_final(
                actor=actor, municipality=municipality, penalty=x, finality=finality
            )
        _tell_platform_judgment(municipality, x, a)
    return a


def appeal_judged(
    a: PlatformPenaltyAppeal,
    *,
    result: str,
    actor: Actor,
    on: dt.date,
    reasoning: str,
    judgment: dict[str, Any],
) -> list[str]:
    """The appeal ``a`` judged — by the superior authority, or upheld on reconsideration by the
    one that decided (Lei 9.784/1999 art. 56 §1): its ``result``, who judged and when, the
    reasoning (art. 50, V) and the law core's ``judgment``. Returns the fields set, for the
    caller's save."""
    a.result, a.judged_by, a.judged_on, a.judged_at = result, actor.user, on, timezone.now()
    a.reasoning, a.judgment = reasoning.strip(), judgment
    return ["result", "judged_by", "judged_on", "judged_at", "reasoning", "judgment"]


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
                a.judge_until = sent_up.outcome["judge_until"]
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
                f"recurso provido em parte (Lei 9.784/1999, art. 64): a multa passa a "
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


#: The act of a warning or fine annulled of the authority's own motion (Lei 9.784/1999 art. 53,
#: D-17; competence ``case.annul``): :mod:`.penalty_annulment`.
ANNUL_EX_OFFICIO = "penalty.annul_ex_officio"


def penalty_annul(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    appeal: PlatformPenaltyAppeal | None,
    on: dt.date,
    annulment: Decision | None = None,
    grounds: str = "",
) -> None:
    """Appeal upheld — or, ``appeal`` None, the penalty annulled of the authority's own motion
    (``annulment``, the law's ``case_annulment``, on ``grounds``: Lei 9.784/1999 art. 53): the
    penalty is annulled (it no longer counts as an occurrence, art. 26 I) and the fine falls —
    cancelled while owed, and what was paid of it, all or part, refunded (finance's refund, which
    the judge's or the annulling authority's competence allows). Inside the deciding transaction."""
    from outorga.finance import services as ledger
    from outorga.finance.models import Debt
    from outorga.finance.payments import paid_cents, refund_for_upheld_defence

    # An appeal upheld is the penalty's finality (D-1); an annulment of the authority's own motion
    # is kept apart, beside the finality it found.
    decision: Any
    if appeal is not None:
        decision, action = appeal, "penalty.annul"
        kept = {"finality": appeal.judgment}
        why = (
            f"recurso provido contra a penalidade {penalty.pk} ({cited(municipality, 'penalties')})"
        )
        basis = {"citations": list(appeal.judgment.get("citations", [])), "appeal": appeal.pk}
        new: dict[str, Any] = {"appeal": appeal.pk}
    else:
        assert annulment is not None
        decision, action = annulment, ANNUL_EX_OFFICIO
        kept = {"annulment": {**annulment.to_json(), "grounds": grounds}}
        why = f"penalidade {penalty.pk} anulada de ofício (Lei 9.784/1999, art. 53): {grounds}"
        basis = basis_of(annulment) | {"grounds": grounds}
        new = {"grounds": grounds, "on": on}
    old = penalty.status
    penalty.status = PlatformPenalty.Status.ANNULLED
    penalty.final_on = None
    penalty.procedure = {**penalty.procedure, **kept}
    penalty.save(update_fields=["status", "final_on", "procedure"])
    debt_after = None
    if penalty.debt_id is not None:
        debt = Debt.objects.select_for_update().get(pk=penalty.debt_id)
        if paid_cents(debt) > 0:  # paid in full or in part: what was paid is owed back
            refund_for_upheld_defence(
                actor=actor,
                municipality=municipality,
                debt=debt,
                decision=decision,
                related=[],
                on=on,
            )
        else:
            ledger.debt_cancel_in_transaction(
                actor=actor, municipality=municipality, debt=debt, reason=why, basis=basis
            )
        debt.refresh_from_db(fields=["status"])
        debt_after = debt.status
    record_act(
        municipality=municipality,
        actor=actor,
        action=action,
        obj=penalty,
        old={"status": old},
        new={"status": penalty.status, **new, "debt_status": debt_after},
        basis=basis,
    )


def platform_penalty_finalize_lapsed(
    *, municipality: Municipality, penalty: PlatformPenalty, on: dt.date
) -> bool:
    """Daily sweep: a penalty whose appeal period ended before ``on`` without appeal is final
    (D-1), and so is its fine's debt. Idempotent: anything else is left as it is."""
    with transaction.atomic(), tenant(municipality):
        x = locked_penalty(penalty.pk)
        if x.status != PlatformPenalty.Status.APPEAL_PERIOD or x.decision_notice_on is None:
            return False
        if PlatformPenaltyAppeal.objects.filter(penalty=x).exists():
            return False
        finality = bound_law(municipality, on).ask(
            "penalty_finality",
            {"decision_notice_on": x.decision_notice_on.isoformat(), "appeal": "none"},
        )
        if not finality.outcome["final"]:
            return False
        _penalty_make_final(
            actor=SWEEP_ACTOR, municipality=municipality, penalty=x, finality=finality
        )
    return True
