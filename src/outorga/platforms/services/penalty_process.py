"""A penalty's due process once imposed (art. 26 sole paragraph; D-1, D-4, D-17): the notice of
the decision, from which the appeal period runs, and the finality of the penalty and its fine —
what its appeal (:mod:`.penalty_appeals`) and its annulment (:mod:`.penalty_annulment`) build on:
the penalty locked, its day, its finality and the appeal judged."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.localtime import day_of
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784
from outorga.law.decisions import Decision
from outorga.law.money import brl

from ..models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from ..notices import platform_notice_send
from .common import (
    PlatformError,
    basis_many,
    bound_law,
    cited,
    notice_dated_rightly,
    notice_period,
    notice_recording,
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


def imposed_on(x: PlatformPenalty) -> dt.date:
    """The day the penalty was imposed; for a record that kept only its instant, that instant's
    day on the municipality's clock (D-4, D-15)."""
    return x.imposed_on or day_of(x.municipality, x.imposed_at)


def penalty_make_final(
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
                    "A plataforma já recorreu: o comparecimento supre a notificação "
                    f"({lei_9784(26, 5)}; decisão D-17).",
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
            penalty_make_final(actor=actor, municipality=municipality, penalty=x, finality=finality)
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
        penalty_make_final(
            actor=SWEEP_ACTOR, municipality=municipality, penalty=x, finality=finality
        )
    return True
