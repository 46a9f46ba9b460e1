"""The credential after a suspension or cancellation (art. 26 IV) is undone — annulled or reduced
on appeal (Lei 9.784/1999 art. 56 §1, 64; D-17), or annulled of the authority's own motion (art.
53): the credential is the law's answer (``credential_after_revision``), and a cancellation undone
gives back the drivers it disabled, within the caps of art. 3 §2 (``roster_restore``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from outorga.core.acts import Actor, record_act
from outorga.core.models import Municipality
from outorga.law.citations import render_many
from outorga.law.decisions import Decision

from ..models import Platform, PlatformCase, PlatformDriver, PlatformNotice, PlatformStatusChange
from ..notices import platform_notice_send
from ..validators import mask_cpf
from .common import basis_many, bound_law, cited
from .credentialing import _counted_platforms
from .drivers import RosterRestored, platform_drivers_restore_in_transaction


@dataclass(frozen=True)
class Undoing:
    """How a case's measure is undone, as the records and the platform read it: ``annulled`` (else
    reduced to a suspension, art. 64), the act's name, what the status change says (``reason``)
    and keeps (``decision``), what the act adds (``extra``), the aviso's key and lead."""

    annulled: bool
    action: str
    reason: str
    decision: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)
    key: str = ""
    lead: str = ""
    notice: str = PlatformNotice.Kind.APPEAL_JUDGED


def _suspended_by_another_case(p: Platform, c: PlatformCase) -> bool:
    """Whether the platform's suspension in force was imposed (or last set) by a case other than
    ``c``: the newest change of its status into a suspension names that case."""
    if p.status != Platform.Status.SUSPENDED:
        return False
    newest = (
        PlatformStatusChange.objects.filter(platform=p, new_status=Platform.Status.SUSPENDED)
        .order_by("-pk")
        .values_list("case_id", flat=True)
        .first()
    )
    return newest is not None and newest != c.pk


def case_restore(
    actor: Actor,
    municipality: Municipality,
    c: PlatformCase,
    p: Platform,
    revision: Decision,
    undoing: Undoing,
    *,
    on: dt.date,
) -> None:
    """The credential after the measure of ``c`` is undone on ``on`` — annulled, or reduced to
    the suspension ``revision`` gives (Lei 9.784/1999 art. 64) — is the law's answer
    (``credential_after_revision``, art. 26 IV), asked with the facts of the records: the
    credential now and whether its running suspension is another case's. A cancellation annulled
    or turned into a suspension gives back the drivers it disabled, within the caps of art. 3 §2
    (:func:`_roster_restore`). Inside the deciding transaction."""
    old = {"status": p.status, "suspended_until": p.suspended_until}
    facts: dict[str, Any] = {
        "case_kind": c.kind,
        "status": p.status,
        "suspension_of_another_case": _suspended_by_another_case(p, c),
    }
    if p.suspended_until is not None:
        facts["suspended_until"] = p.suspended_until.isoformat()
    if p.status == Platform.Status.CANCELLED:
        # Its place among the platforms of art. 3 §1 should the credential come back (ADR 0064):
        # the others counted under the municipality's row, locked by the caller.
        facts["credentialed_platforms"] = _counted_platforms(exclude=p.pk)
    revised_until = (revision.outcome or {}).get("suspended_until")
    if revised_until is not None:
        facts["revised_until"] = revised_until.isoformat()
    after = bound_law(municipality, on).ask("credential_after_revision", facts)
    basis = basis_many([revision, after])
    p.status = after.outcome["status"]
    p.suspended_until = after.outcome["suspended_until"]
    if (p.status, p.suspended_until) != (old["status"], old["suspended_until"]):
        p.save(update_fields=["status", "suspended_until"])
        PlatformStatusChange.objects.create(
            platform=p,
            old_status=old["status"],
            new_status=p.status,
            changed_by=actor.user,
            reason=undoing.reason[:300],
            case=c,
            decision=undoing.decision,
        )
    record_act(
        municipality=municipality,
        actor=actor,
        action=undoing.action,
        obj=c,
        old=old,
        new={"status": p.status, "suspended_until": p.suspended_until, **undoing.extra},
        basis=basis,
    )
    if after.outcome.get("over_platform_cap"):
        _over_cap_kept(municipality, c, p, after, on)
    if (
        c.kind == PlatformCase.Kind.CANCELLATION
        and old["status"] == Platform.Status.CANCELLED
        and p.status != Platform.Status.CANCELLED
    ):
        _roster_restore(actor, municipality, c, p, undoing, on)


def _over_cap_kept(
    municipality: Municipality, c: PlatformCase, p: Platform, after: Decision, on: dt.date
) -> None:
    """The credential given back over the cap of art. 3 §1 (ADR 0064): never refused — the
    annulment works from the start —, kept on the case with the law's reason and the platforms
    credentialed since the cancellation, the ones the authority is to review by their own process
    (D-3); the authority's home shows it (``home.platforms_over_cap``)."""
    r = after.reasons[-1]  # the cap's reason, which the law gives last
    since = Platform.objects.filter(
        status__in=[Platform.Status.CREDENTIALED, Platform.Status.SUSPENDED]
    ).exclude(pk=p.pk)
    if c.decided_at is not None:
        since = since.filter(credentialed_at__gt=c.decided_at)
    c.decision = {
        **c.decision,
        "platform_cap": {
            "on": on.isoformat(),
            "credentialed": after.outcome["platforms"],
            "cap": r.parameters[0].value,
            "message": r.message,
            "citations": render_many(r.citations),
            "credentialed_since": [
                {"id": x.pk, "name": x.name} for x in since.order_by("credentialed_at", "pk")
            ],
        },
    }
    c.save(update_fields=["decision"])


def _disabled_by(c: PlatformCase, p: Platform) -> list[int]:
    """The drivers the cancellation decided in ``c`` disabled: kept on the case since it records
    them; for a case decided before, those whose deactivation is the decision's own — between
    the decision's instant and the status change it made, one transaction."""
    if "drivers_disabled" in c.decision:
        return [int(pk) for pk in c.decision["drivers_disabled"]]
    change = (
        PlatformStatusChange.objects.filter(
            platform=p, case=c, new_status=Platform.Status.CANCELLED
        )
        .order_by("pk")
        .first()
    )
    if change is None or c.decided_at is None:
        return []
    return list(
        PlatformDriver.objects.filter(
            platform=p,
            status=PlatformDriver.Status.DISABLED,
            disabled_at__gte=c.decided_at,
            disabled_at__lte=change.changed_at,
        ).values_list("pk", flat=True)
    )


def _roster_restore(
    actor: Actor,
    municipality: Municipality,
    c: PlatformCase,
    p: Platform,
    undoing: Undoing,
    on: dt.date,
) -> RosterRestored:
    """The cancellation annulled or turned into a suspension (art. 26 IV; Lei 9.784/1999 art.
    53, 64) no longer takes the roster: a suspension keeps the drivers enabled. The law core says
    of each driver it disabled whether it returns on ``on`` (``roster_restore``: not when the
    platform disabled the person since, nor when art. 4, art. 17 or the caps of art. 3 §2 refuse
    it); each returned is an act. The case keeps who returned and who did not, and why — the
    platform's page lists them — and the platform is told by an aviso."""
    back = platform_drivers_restore_in_transaction(
        actor=actor,
        municipality=municipality,
        platform=p,
        driver_ids=_disabled_by(c, p),
        case_id=c.pk,
        on=on,
        measure="annulled" if undoing.annulled else "reduced_to_suspension",
    )
    if not back.enabled and not back.refused:
        return back
    c.decision = {
        **c.decision,
        "roster_restore": {
            "on": on.isoformat(),
            **undoing.extra,
            "enabled": [d.pk for d in back.enabled],
            "not_returned": [
                {
                    "driver": d.pk,
                    "name": d.name,
                    "cpf": mask_cpf(d.cpf),
                    "reason": _first_refusal(decision),
                    "citations": [x.render() for x in decision.citations],
                }
                for d, decision in back.refused
            ],
        },
    }
    c.save(update_fields=["decision"])
    lines = [
        f"{undoing.lead} em {on:%d/%m/%Y}: "
        f"{len(back.enabled)} motorista(s) desativado(s) pelo cancelamento habilitado(s) "
        f"novamente ({cited(municipality, 'credential_measures', 'roster_cap', on=on)})."
    ]
    if back.refused:
        names = "; ".join(f"{d.name} ({_first_refusal(decision)})" for d, decision in back.refused)
        lines.append(
            "Não habilitados novamente — cadastre-os de novo quando houver vaga ou com os "
            f"documentos em dia: {names}"
        )
    platform_notice_send(
        municipality=municipality,
        platform=p,
        key=undoing.key,
        kind=undoing.notice,
        message=" ".join(lines),
    )
    return back


def _first_refusal(decision: Decision) -> str:
    """The first reason that refused, with its citation, as the platform reads it in a short
    aviso and on its page."""
    for r in decision.reasons:
        if str(r.verdict) in ("refused", "pending"):
            return f"{r.message} ({render_many(r.citations)})" if r.citations else r.message
    return "verificar"
