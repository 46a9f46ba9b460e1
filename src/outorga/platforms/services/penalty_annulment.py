"""A warning or a fine on a platform or one of its drivers (apps art. 26 I–II) annulled of the
authority's own motion for a vício de legalidade (Lei 9.784/1999 art. 53, D-17): the law's
``case_annulment`` asked, the annulment's effects those of an appeal upheld
(:func:`penalty_annul`, which an appeal upheld or reconsidered in full reaches too), an appeal
still waiting prejudicado (art. 52)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, basis_of, record_act
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784
from outorga.law.decisions import Decision

from ..models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from ..notices import platform_notice_send
from .appeal_filing import MOOT_REASONING, annulment_asked
from .common import (
    annulment_day,
    cited,
)
from .penalty_process import appeal_judged, imposed_on, locked_penalty

#: The act of a warning or fine annulled of the authority's own motion (Lei 9.784/1999 art. 53,
#: D-17; competence ``case.annul``): :func:`platform_penalty_annul_ex_officio`.
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
        why = f"penalidade {penalty.pk} anulada de ofício ({lei_9784(53)}): {grounds}"
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


def platform_penalty_annul_ex_officio(
    *,
    actor: Actor,
    municipality: Municipality,
    penalty: PlatformPenalty,
    grounds: str,
    on: dt.date | None = None,
) -> PlatformPenalty:
    """The authority that applies warnings and fines (``case.annul``: art. 26 I–II) annuls one of
    its own motion for a vício de legalidade — the wrong platform or driver, a fact the law does
    not punish —, even once final (Lei 9.784/1999 art. 53, D-17; no decadência, art. 54), with
    its grounds (art. 50 I and VIII): the penalty annulled, the fine cancelled or what was paid
    of it refunded, an appeal still waiting prejudicado (art. 52). The law's refusal (no grounds,
    the penalty already annulled) stays in the acts log; the act ``penalty.annul_ex_officio``
    carries the law's decision as its basis."""
    on = annulment_day(
        actor=actor,
        municipality=municipality,
        competence="case.annul",
        action=ANNUL_EX_OFFICIO,
        obj=penalty,
        on=on,
        appeals=PlatformPenaltyAppeal,
        since=imposed_on,
    )
    grounds = grounds.strip()
    with transaction.atomic(), tenant(municipality):
        # The appeal before the penalty, as its judgment locks them (no deadlock between them).
        appeal = (
            PlatformPenaltyAppeal.objects.select_for_update().filter(penalty_id=penalty.pk).first()
        )
        x = locked_penalty(penalty.pk)
        d, refused = annulment_asked(
            actor=actor,
            municipality=municipality,
            action=ANNUL_EX_OFFICIO,
            obj=x,
            kind=x.kind,
            stage=x.status,
            grounds=grounds,
            on=on,
        )
        if refused is None:  # else kept in the acts log; nothing else is written
            if appeal is not None and appeal.result == PlatformPenaltyAppeal.Result.PENDING:
                # Lei 9.784/1999 art. 52: the appeal has lost its object.
                judged = appeal_judged(
                    appeal,
                    result=PlatformPenaltyAppeal.Result.MOOT,
                    actor=actor,
                    on=on,
                    reasoning=MOOT_REASONING,
                    judgment=d.to_json(),
                )
                appeal.save(update_fields=judged)
            penalty_annul(
                actor=actor,
                municipality=municipality,
                penalty=x,
                appeal=None,
                on=on,
                annulment=d,
                grounds=grounds,
            )
            if x.driver_id is None:  # as for its notice: a driver's penalty is the driver's
                platform_notice_send(
                    municipality=municipality,
                    platform=x.platform,
                    key=f"penalty-annul-{x.pk}",
                    kind=PlatformNotice.Kind.ANNULLED,
                    message=f"A {x.get_kind_display()} {x.pk} foi anulada de ofício em "
                    f"{on:%d/%m/%Y} ({lei_9784(53)}): {grounds}",
                )
    if refused is not None:
        raise refused
    return x
