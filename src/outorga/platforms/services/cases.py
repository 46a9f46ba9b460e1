"""Suspension and cancellation of a platform: the proposal case (art. 26 IV, D-3, D-17)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision

from ..models import (
    Platform,
    PlatformCase,
    PlatformDriver,
    PlatformStatusChange,
)
from .common import (
    PlatformError,
    apps_law,
    basis_many,
    bound_law,
    field_error,
    occurrences,
    today,
)

# --- suspension and cancellation: proposal case (art. 26 IV, D-3, D-17) --------------------------


def platform_case_open(
    *,
    actor: Actor,
    municipality: Municipality,
    platform: Platform,
    kind: str,
    infraction_on: dt.date,
    grounds: str,
    suspension_days: int | None = None,
    notice_on: dt.date | None = None,
) -> PlatformCase:
    """Propose the suspension or cancellation of a credential; the platform is notified and the
    defence period runs (art. 26 sole paragraph; D-17 default 10 days, D-4 counting)."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.case.propose",
        law=apps_law(municipality),
    )
    if kind not in PlatformCase.Kind.values:
        raise field_error("kind", "Proposta deve ser suspensão ou cancelamento do credenciamento.")
    if kind == PlatformCase.Kind.SUSPENSION and not suspension_days:
        raise field_error("suspension_days", "Informe os dias de suspensão propostos.")
    if not grounds.strip():
        raise field_error("grounds", "Informe os fundamentos da proposta.")
    notice_on = notice_on or today()
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        if p.status == Platform.Status.CANCELLED:
            raise PlatformError("Credenciamento já cancelado.", status=409)
        deadlines = bound_law(municipality, notice_on).ask(
            "procedure_deadlines", {"defence_notice_on": notice_on.isoformat()}
        )
        case = PlatformCase.objects.create(
            platform=p,
            kind=kind,
            infraction_on=infraction_on,
            grounds=grounds.strip(),
            suspension_days=suspension_days if kind == PlatformCase.Kind.SUSPENSION else None,
            proposed_by=actor.user,
            notice_on=notice_on,
            defence_until=deadlines.outcome["defence_until"],
            decision={"deadlines": deadlines.to_json()},
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.case.open",
            obj=case,
            new={
                "platform": p.pk,
                "kind": kind,
                "defence_until": case.defence_until,
                "suspension_days": case.suspension_days,
            },
            basis=basis_many([deadlines]),
        )
    return case


def platform_case_defend(
    *, actor: Actor, municipality: Municipality, case: PlatformCase, text: str
) -> PlatformCase:
    """The platform's written defence (art. 26 sole paragraph: contraditório e ampla defesa)."""
    authorize(
        actor=actor, municipality=municipality, action="defence.file", law=apps_law(municipality)
    )
    if not text.strip():
        raise field_error("text", "A defesa não pode ser vazia.")
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.OPEN:
            raise PlatformError("Processo já decidido: defesa não recebida.", status=409)
        c.defence_text = text.strip()
        c.defence_filed_at = timezone.now()
        c.save(update_fields=["defence_text", "defence_filed_at"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.case.defence",
            obj=c,
            new={"defence_filed_at": c.defence_filed_at, "chars": len(c.defence_text)},
        )
    return c


def platform_case_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    case: PlatformCase,
    uphold: bool,
    text: str,
    on: dt.date | None = None,
) -> PlatformCase:
    """The competent person decides the proposal (D-3): upheld only when the law core allows the
    penalty (after the defence period or with the defence judged; not on a first occurrence).
    ``text`` is the reasoned decision, in which the authority weighs the gravity the law leaves to
    it (art. 26 IV; ADR 0030); a suspension runs from ``on`` for the days proposed."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="platform.suspend",
        law=apps_law(municipality),
    )
    if not text.strip():
        raise field_error("text", "Fundamente a decisão.")
    on = on or today()
    refused: Decision | None = None
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.OPEN:
            raise PlatformError("Processo já decidido.", status=409)
        p = Platform.objects.select_for_update().get(pk=c.platform_id)
        decision = bound_law(municipality, on).ask(
            "penalty",
            {
                "offender": "platform",
                "penalty": c.kind,
                "infraction_on": c.infraction_on.isoformat(),
                "occurrences": occurrences(p, c.infraction_on),
                "defence_notice_on": c.notice_on.isoformat(),
                "defence_judged": c.defence_filed_at is not None,
                # Art. 26 IV: the gravity is the deciding authority's reasoned judgment, the
                # decision's own text (ADR 0030); the days are those proposed.
                "gravity": text.strip(),
                **(
                    {"suspension_days": int(c.suspension_days)}
                    if c.kind == PlatformCase.Kind.SUSPENSION and c.suspension_days
                    else {}
                ),
            },
        )
        freed = 0
        if uphold and not decision.outcome["allowed"]:
            refused = decision
        else:
            c.status = PlatformCase.Status.UPHELD if uphold else PlatformCase.Status.REJECTED
            c.decided_by = actor.user
            c.decided_at = timezone.now()
            c.decision_text = text.strip()
            c.decision = {**c.decision, "penalty": decision.to_json()}
            c.save()
            if uphold:
                old = p.status
                if c.kind == PlatformCase.Kind.SUSPENSION:
                    # The law core counts the period, the decision's day the first (art. 26 IV).
                    p.status = Platform.Status.SUSPENDED
                    p.suspended_until = decision.outcome["suspended_until"]
                else:
                    p.status = Platform.Status.CANCELLED
                    p.suspended_until = None
                    # A cancelled credential is final (art. 26 IV): its drivers no longer hold a
                    # place in the municipality's 500 (art. 3 §2).
                    freed = PlatformDriver.objects.filter(
                        platform=p, status=PlatformDriver.Status.ENABLED
                    ).update(status=PlatformDriver.Status.DISABLED, disabled_at=timezone.now())
                p.save(update_fields=["status", "suspended_until"])
                PlatformStatusChange.objects.create(
                    platform=p,
                    old_status=old,
                    new_status=p.status,
                    changed_by=actor.user,
                    reason=c.get_kind_display(),
                    case=c,
                    decision=decision.to_json(),
                )
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.case.decide",
                obj=c,
                new={
                    "status": c.status,
                    "platform_status": p.status,
                    "suspended_until": p.suspended_until,
                    "drivers_disabled": freed,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise PlatformError(
            f"A penalidade não pode ser aplicada agora: {refused.summary}",
            status=422,
            decisions=[refused],
        )
    return c


def platform_reinstate_after_suspension(
    *, municipality: Municipality, platform: Platform, on: dt.date
) -> bool:
    """The suspension ends on its last day; from the next the platform operates again."""
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        if p.status != Platform.Status.SUSPENDED or p.suspended_until is None:
            return False
        if on <= p.suspended_until:
            return False
        p.status = Platform.Status.CREDENTIALED
        ended = p.suspended_until
        p.suspended_until = None
        p.save(update_fields=["status", "suspended_until"])
        PlatformStatusChange.objects.create(
            platform=p,
            old_status=Platform.Status.SUSPENDED,
            new_status=p.status,
            reason=f"fim da suspensão em {ended:%d/%m/%Y}",
        )
        record_act(
            municipality=municipality,
            actor=Actor.system("varredura diária"),
            action="platform.reinstate",
            obj=p,
            old={"status": "suspended", "suspended_until": ended},
            new={"status": p.status},
        )
    return True
