"""Suspension and cancellation of a platform: the proposal case (art. 26 IV, D-3, D-17)."""

from __future__ import annotations

import datetime as dt
from functools import partial

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor, law_refused, record_act
from outorga.core.errors import Refused
from outorga.core.localtime import day_of, today_of
from outorga.core.locking import lock_municipality
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784, render_many
from outorga.law.decisions import Decision

from ..models import (
    Platform,
    PlatformCase,
    PlatformCaseAppeal,
    PlatformDriver,
    PlatformStatusChange,
)
from .appeal_filing import appeal_admit, appeal_closed, appeal_filing
from .case_restore import Undoing, case_restore
from .common import (
    PlatformError,
    PlatformRefused,
    authorize_apps,
    basis_many,
    bound_law,
    cited,
    decision_day,
    fact_before_notice,
    field_error,
    notice_dated_rightly,
    notice_period,
    notice_recording,
    occurrences,
    reasoned,
    revision_facts,
)

# --- suspension and cancellation: proposal case (art. 26 IV, D-3, D-17) --------------------------


def defence_deadline(municipality: Municipality, notice_on: dt.date) -> Decision:
    """The law core's defence period from the platform's notice (art. 26 sole paragraph; D-17
    default 10 days, D-4 counting), under the law in force on the notice's day."""
    return bound_law(municipality, notice_on).ask(
        "procedure_deadlines", {"defence_notice_on": notice_on.isoformat()}
    )


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
    authorize_apps(actor=actor, municipality=municipality, action="platform.case.propose")
    if kind not in PlatformCase.Kind.values:
        raise field_error("kind", "Proposta deve ser suspensão ou cancelamento do credenciamento.")
    if kind == PlatformCase.Kind.SUSPENSION and not suspension_days:
        raise field_error("suspension_days", "Informe os dias de suspensão propostos.")
    if not grounds.strip():
        raise field_error("grounds", "Informe os fundamentos da proposta.")
    now = today_of(municipality)
    notice_on = notice_on or now
    if notice_on > now:
        # D-4: the notice's date is the day it reached the platform, never one still to come —
        # on the municipality's clock (Barra do Garças is an hour behind Brasília).
        raise field_error(
            "notice_on",
            f"A data da notificação ({notice_on:%d/%m/%Y}) não pode estar no futuro: hoje é "
            f"{now:%d/%m/%Y} (o prazo de defesa corre da ciência: decisão D-4; {lei_9784(66)}).",
        )
    # The proposal notified on ``notice_on`` is about the fact.
    fact_before_notice(infraction_on, notice_on, "da proposta")
    with transaction.atomic(), tenant(municipality):
        p = Platform.objects.select_for_update().get(pk=platform.pk)
        measure = bound_law(municipality, now).ask("credential_measure", {"status": p.status})
        if not measure.outcome["allowed"]:
            # The credential's state, not the request, stands in the way: a conflict.
            raise PlatformError(
                f"{measure.summary} ({render_many(measure.citations)})",
                status=409,
                decisions=[measure],
            )
        deadlines = defence_deadline(municipality, notice_on)
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
    authorize_apps(actor=actor, municipality=municipality, action="defence.file")
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
    authorize_apps(actor=actor, municipality=municipality, action="platform.suspend")
    if not text.strip():
        raise field_error("text", "Fundamente a decisão.")
    on = decision_day(
        actor=actor, municipality=municipality, action="platform.case.decide", obj=case, on=on
    )
    refused: Refused | None = None
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
                "occurrences": occurrences(p, c.infraction_on, on),
                "defence_notice_on": c.notice_on.isoformat(),
                "defence_judged": c.defence_filed_at is not None,
                # Art. 26, IV: a cancelled credential takes no further measure, and a suspended
                # one no second suspension while the first runs.
                "credential_status": p.status,
                **(
                    {"suspended_until": p.suspended_until.isoformat()}
                    if p.status == Platform.Status.SUSPENDED and p.suspended_until is not None
                    else {}
                ),
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
        freed, disabled_ids = 0, list[int]()
        if uphold and not decision.outcome["allowed"]:
            # The overlap is the decision's day: name it, with the day it may be decided from.
            overlap = [
                {
                    "campo": "on",
                    "erro": f"{r.message} ({cited(municipality, 'credential_measures')})",
                }
                for r in decision.refusals
                if r.rule == "apps.art26.iv.one_suspension_at_a_time"
            ]
            refused = law_refused(
                actor=actor,
                municipality=municipality,
                action="platform.case.decide",
                d=decision,
                obj=c,
                new={"uphold": True, "kind": c.kind, "on": on},
                error=partial(
                    PlatformRefused, "A penalidade não pode ser aplicada agora", errors=overlap
                ),
            )
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
                    # place in the municipality's 500 (art. 3 §2). Which ones is kept on the case:
                    # an appeal that annuls or reduces the cancellation enables them again.
                    enabled = PlatformDriver.objects.filter(
                        platform=p, status=PlatformDriver.Status.ENABLED
                    )
                    disabled_ids = sorted(enabled.values_list("pk", flat=True))
                    freed = enabled.update(
                        status=PlatformDriver.Status.DISABLED, disabled_at=timezone.now()
                    )
                    c.decision = {**c.decision, "drivers_disabled": disabled_ids}
                    c.save(update_fields=["decision"])
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
                    "drivers": disabled_ids,
                },
                basis=basis_many([decision]),
            )
    if refused is not None:
        raise refused
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


# --- appeal against the decision (art. 26 IV and sole paragraph; D-4, D-17; ADR 0030) -----------


def decided_on(c: PlatformCase) -> dt.date:
    """The day of the decision: the one the law core applied (a suspension counts from it)."""
    as_of = c.decision.get("penalty", {}).get("as_of")
    if as_of:
        return dt.date.fromisoformat(as_of)
    assert c.decided_at is not None
    return day_of(c.municipality, c.decided_at)  # on the municipality's clock (D-4, D-15)


def platform_case_decision_notice_record(
    *,
    actor: Actor,
    municipality: Municipality,
    case: PlatformCase,
    notice_on: dt.date,
    on: dt.date | None = None,
) -> PlatformCase:
    """The decision suspending or cancelling the credential reached the platform on
    ``notice_on``, its legal date (D-4: signature, AR or publication). The appeal period runs
    from it (art. 26 sole paragraph; D-17: Lei 9.784/1999 art. 59, 10 days)."""
    on = notice_recording(actor=actor, municipality=municipality, notice_on=notice_on, on=on)
    with tenant(municipality):
        current = PlatformCase.objects.get(pk=case.pk)
    if current.status == PlatformCase.Status.UPHELD and current.decision_notice_on is None:
        # The day of the decision never changes once taken: checked before the lock, so that the
        # refusal's act is kept.
        notice_dated_rightly(
            actor=actor,
            municipality=municipality,
            action="platform.case.notice",
            obj=current,
            notice_on=notice_on,
            decided_on=decided_on(current),
        )
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.UPHELD or c.annulled_on is not None:
            raise PlatformError("Só a decisão que aplicou a penalidade é notificada.", status=409)
        if c.decision_notice_on is not None:
            raise PlatformError(
                f"Notificação já registrada em {c.decision_notice_on:%d/%m/%Y}.", status=409
            )
        period = notice_period(municipality, on, notice_on, decided_on(c))
        c.decision_notice_on = notice_on
        c.decision = {**c.decision, "notice": period.to_json()}
        c.save(update_fields=["decision_notice_on", "decision"])
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.case.notice",
            obj=c,
            new={"notice_on": notice_on, "appeal_until": period.outcome["appeal_until"]},
            basis=basis_many([period]),
        )
    return c


def platform_case_appeal_file(
    *,
    actor: Actor,
    municipality: Municipality,
    case: PlatformCase,
    text: str,
    channel: str,
    filed_on: dt.date | None = None,
    on: dt.date | None = None,
) -> PlatformCaseAppeal:
    """The platform appeals against the suspension or cancellation of its credential (art. 26
    sole paragraph): through the API or portal (filed today) or on paper, recorded by staff with
    the protocol's date. In time by the same law-core rule as a warning's or fine's appeal
    (D-17: Lei 9.784/1999 art. 59, from the decision's legal notice date, D-4); a late one is
    refused citing it and only the refusal's act remains. No suspensive effect (art. 61): the
    platform stays suspended or cancelled until the appeal is decided."""
    filing = appeal_filing(
        actor=actor, municipality=municipality, channel=channel, text=text, filed_on=filed_on, on=on
    )
    with transaction.atomic(), tenant(municipality):
        c = PlatformCase.objects.select_for_update().get(pk=case.pk)
        if c.status != PlatformCase.Status.UPHELD:
            raise PlatformError(
                "Só cabe recurso contra a decisão que suspendeu ou cancelou o credenciamento.",
                status=409,
            )
        if c.annulled_on is not None:
            raise PlatformError(
                f"A decisão foi anulada de ofício em {c.annulled_on:%d/%m/%Y} ({lei_9784(53)}): "
                "não há o que recorrer.",
                status=409,
            )
        appeal, admission, period = appeal_admit(
            filing,
            action="platform.case.appeal.file",
            model=PlatformCaseAppeal,
            of="case",
            against="esta decisão",
            obj=c,
            decided_on=decided_on(c),
            decision_notice_on=c.decision_notice_on,
        )
        if not isinstance(appeal, Refused):
            assert period is not None  # admitted: the reconsideration's period was asked
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.case.appeal.file",
                obj=appeal,
                new={
                    "case": c.pk,
                    **filing.recorded(appeal),
                    # Lei 9.784/1999 art. 61: the penalty keeps running while the appeal waits.
                    "suspensive_effect": False,
                },
                basis=basis_many([admission, period]),
            )
    if isinstance(appeal, Refused):
        raise appeal
    return appeal


def case_appeal_decided(
    a: PlatformCaseAppeal, *, result: str, actor: Actor, on: dt.date, reasoning: str
) -> list[str]:
    """The appeal ``a`` against the case's decision decided by the Chief Executive, or left
    prejudicado by the case's annulment of its own motion (Lei 9.784/1999 art. 52): its
    ``result``, who decided and when, the reasoning (art. 50, V). Returns the fields set, for the
    caller's save."""
    a.result, a.decided_by, a.decided_on = result, actor.user, on
    a.reasoning = reasoning.strip()
    return ["result", "decided_by", "decided_on", "reasoning"]


CASE_APPEAL_RESULTS = {
    "dismissed": ("confirm", PlatformCaseAppeal.Result.DISMISSED),
    "upheld": ("annul", PlatformCaseAppeal.Result.UPHELD),
    "partial": ("partial", PlatformCaseAppeal.Result.PARTIAL),
}


def platform_case_appeal_decide(
    *,
    actor: Actor,
    municipality: Municipality,
    appeal: PlatformCaseAppeal,
    result: str,
    reasoning: str,
    suspension_days: int | None = None,
    on: dt.date | None = None,
) -> PlatformCaseAppeal:
    """The authority that decided the case — the Chief Executive (``platform.suspend``), who has
    no superior — decides the appeal as its reconsideration (Lei 9.784/1999 art. 56 §1; D-17;
    ADR 0030) in a reasoned decision (art. 50, V): ``dismissed`` keeps the penalty; ``upheld``
    annuls it and restores the credential; ``partial`` (art. 64) turns a cancellation into a
    suspension, or shortens a suspension, of ``suspension_days`` counted from the decision
    appealed against. Each step an act; a refusal of the law core stays in the acts log."""
    authorize_apps(actor=actor, municipality=municipality, action="platform.suspend")
    if result not in CASE_APPEAL_RESULTS:
        raise field_error("result", "Decisão do recurso: improvido, provido ou provido em parte.")
    reasoned(reasoning, "a decisão do recurso")
    if result == "partial" and not suspension_days:
        raise field_error(
            "suspension_days",
            f"Informe os dias da suspensão que substitui a penalidade ({lei_9784(64)}).",
        )
    on = decision_day(
        actor=actor,
        municipality=municipality,
        action="platform.case.appeal.decide",
        obj=appeal,
        on=on,
    )
    revision_result, final_result = CASE_APPEAL_RESULTS[result]
    refused: Refused | None = None
    with transaction.atomic(), tenant(municipality):
        # The drivers a cancellation disabled come back within the caps of art. 3 §2, counted
        # under the municipality's row, locked before any other (ADR 0015) — whatever the result,
        # so that this decision and an annulment of the case lock in one order.
        lock_municipality(municipality)
        a = PlatformCaseAppeal.objects.select_for_update().get(pk=appeal.pk)
        c = PlatformCase.objects.select_for_update().get(pk=a.case_id)
        p = Platform.objects.select_for_update().get(pk=c.platform_id)
        if a.result != PlatformCaseAppeal.Result.PENDING:
            raise appeal_closed(a.result == PlatformCaseAppeal.Result.MOOT, "Recurso já decidido.")
        if on < a.filed_on:
            raise field_error("on", "A decisão do recurso não pode ser anterior a ele.")
        # No superior authority: the decider's own review, not bound to forward (ADR 0030).
        facts = revision_facts("appeal", a.filed_on, on, revision_result)
        if result == "partial":
            facts.update(
                imposed_kind=c.kind,
                new_days=int(suspension_days or 0),
                suspension_from=decided_on(c).isoformat(),
            )
            if c.suspension_days:
                facts["imposed_days"] = int(c.suspension_days)
        revision = bound_law(municipality, on).ask("penalty_revision", facts)
        if not revision.outcome["allowed"]:
            refused = law_refused(
                actor=actor,
                municipality=municipality,
                action="platform.case.appeal.decide",
                d=revision,
                obj=a,
                new={"result": result, "suspension_days": suspension_days},
                error=partial(PlatformRefused, "Decisão do recurso recusada"),
            )
        else:
            decided = case_appeal_decided(
                a, result=final_result, actor=actor, on=on, reasoning=reasoning
            )
            a.revision = revision.to_json()
            a.save(update_fields=[*decided, "revision"])
            basis = basis_many([revision])
            record_act(
                municipality=municipality,
                actor=actor,
                action="platform.case.appeal.decide",
                obj=a,
                old={"result": PlatformCaseAppeal.Result.PENDING},
                new={"case": c.pk, "result": a.result, "reasoning": a.reasoning},
                basis=basis,
            )
            if result in ("upheld", "partial"):
                upheld = a.result == PlatformCaseAppeal.Result.UPHELD
                undoing = Undoing(
                    annulled=upheld,
                    action="platform.case.annul" if upheld else "platform.case.reduce",
                    reason=f"recurso {a.get_result_display()}",
                    decision=a.revision,
                    extra={"appeal": a.pk},
                    key=f"case-appeal-roster-{a.pk}",
                    lead="Recurso contra o cancelamento do credenciamento decidido",
                )
                case_restore(actor, municipality, c, p, revision, undoing, on=on)
    if refused is not None:
        raise refused
    return a
