"""The suspension or cancellation of a platform's credential (art. 26 IV) annulled by the Chief
Executive, who decided it (D-3), of its own motion for a vício de legalidade (Lei 9.784/1999 art.
53, D-17): the law's ``case_annulment`` asked, the credential restored as the law says
(``credential_after_revision``), the drivers a cancellation disabled given back (``roster_restore``),
an appeal still waiting prejudicado (art. 52)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core.acts import Actor
from outorga.core.locking import lock_municipality
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784

from ..models import Platform, PlatformCase, PlatformCaseAppeal, PlatformNotice
from ..notices import platform_notice_send
from .appeal_filing import MOOT_REASONING, annulment_asked
from .case_restore import Undoing, case_restore
from .cases import case_appeal_decided, decided_on
from .common import (
    PlatformError,
    annulment_day,
    cited,
)

#: The act of the annulment (the competence is the decision's, ``platform.suspend``).
ACT = "platform.case.annul_ex_officio"


def _stage(c: PlatformCase, appeal: PlatformCaseAppeal | None) -> str:
    """The case's stage as the law's ``case_annulment`` reads it: ``annulled`` when no measure
    stands — the proposal rejected, annulled on appeal or already of the authority's own motion
    —, ``under_appeal`` while an appeal waits, else ``final``."""
    upheld_on_appeal = appeal is not None and appeal.result == PlatformCaseAppeal.Result.UPHELD
    if c.status == PlatformCase.Status.REJECTED or c.annulled_on is not None or upheld_on_appeal:
        return "annulled"
    if appeal is not None and appeal.result == PlatformCaseAppeal.Result.PENDING:
        return "under_appeal"
    return "final"


def platform_case_annul_ex_officio(
    *,
    actor: Actor,
    municipality: Municipality,
    case: PlatformCase,
    grounds: str,
    on: dt.date | None = None,
) -> PlatformCase:
    """The Chief Executive (``platform.suspend``: art. 26 IV, D-3) annuls the suspension or the
    cancellation it decided, of its own motion, for a vício de legalidade — the wrong platform, a
    defence never notified —, even once final (Lei 9.784/1999 art. 53, D-17; no decadência, art.
    54), with its grounds (art. 50 I and VIII): the credential as the law says once the measure
    is undone, the drivers a cancellation disabled given back within the caps (art. 3 §2), an
    appeal still waiting prejudicado (art. 52), the platform told by an aviso. The law's refusal
    (no grounds, nothing standing to annul) stays in the acts log."""
    on = annulment_day(
        actor=actor,
        municipality=municipality,
        competence="platform.suspend",
        action=ACT,
        obj=case,
        on=on,
        appeals=PlatformCaseAppeal,
        # An open proposal has no decision to date the annulment by: it is refused below.
        since=lambda c: decided_on(c) if c.status != PlatformCase.Status.OPEN else None,
    )
    grounds = grounds.strip()
    with transaction.atomic(), tenant(municipality):
        # The drivers a cancellation disabled come back within the caps of art. 3 §2, counted
        # under the municipality's row, locked before any other (ADR 0015); then the appeal, the
        # case and the platform, in the order the appeal's decision locks them.
        lock_municipality(municipality)
        appeal = PlatformCaseAppeal.objects.select_for_update().filter(case_id=case.pk).first()
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        p = Platform.objects.select_for_update().get(pk=c.platform_id)
        if c.status == PlatformCase.Status.OPEN:
            raise PlatformError(
                "A proposta ainda não foi decidida: não há suspensão ou cancelamento a anular "
                f"(rejeite-a na decisão: {cited(municipality, 'credential_measures')}).",
                status=409,
            )
        d, refused = annulment_asked(
            actor=actor,
            municipality=municipality,
            action=ACT,
            obj=c,
            kind=c.kind,
            stage=_stage(c, appeal),
            grounds=grounds,
            on=on,
        )
        if refused is None:  # else kept in the acts log; nothing else is written
            if appeal is not None and appeal.result == PlatformCaseAppeal.Result.PENDING:
                # Lei 9.784/1999 art. 52: the appeal has lost its object.
                decided = case_appeal_decided(
                    appeal,
                    result=PlatformCaseAppeal.Result.MOOT,
                    actor=actor,
                    on=on,
                    reasoning=MOOT_REASONING,
                )
                appeal.save(update_fields=decided)
            c.annulled_on = on
            c.decision = {**c.decision, "annulment": {**d.to_json(), "grounds": grounds}}
            c.save(update_fields=["annulled_on", "decision"])
            what = c.get_kind_display()
            undoing = Undoing(
                annulled=True,
                action=ACT,
                reason=f"anulado de ofício ({lei_9784(53)}): {grounds}",
                decision=d.to_json(),
                extra={"grounds": grounds, "moot_appeal": appeal.pk if appeal else None},
                key=f"case-annul-roster-{c.pk}",
                lead=f"{what.capitalize()} anulado de ofício",
                notice=PlatformNotice.Kind.ANNULLED,
            )
            case_restore(actor, municipality, c, p, d, undoing, on=on)
            platform_notice_send(
                municipality=municipality,
                platform=p,
                key=f"case-annul-{c.pk}",
                kind=PlatformNotice.Kind.ANNULLED,
                message=f"O processo {c.pk} ({what}) foi anulado de ofício em {on:%d/%m/%Y} "
                f"({lei_9784(53)}): {grounds}",
            )
    if refused is not None:
        raise refused
    return c
