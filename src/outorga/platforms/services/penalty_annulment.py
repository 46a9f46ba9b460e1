"""A warning or a fine on a platform or one of its drivers (apps art. 26 I–II) annulled of the
authority's own motion for a vício de legalidade (Lei 9.784/1999 art. 53, D-17): the law's
``case_annulment`` asked, the annulment's effects those of an appeal upheld
(:func:`.penalty_process.penalty_annul`), an appeal still waiting prejudicado (art. 52)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from ..models import PlatformNotice, PlatformPenalty, PlatformPenaltyAppeal
from ..notices import platform_notice_send
from .common import (
    MOOT_REASONING,
    annulment_asked,
    annulment_day,
)
from .penalty_process import (
    ANNUL_EX_OFFICIO,
    appeal_judged,
    imposed_on,
    locked_penalty,
    penalty_annul,
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
                    f"{on:%d/%m/%Y} (Lei 9.784/1999, art. 53): {grounds}",
                )
    if refused is not None:
        raise refused
    return x
