"""A permission whose revocation or cassação is annulled of the administration's own motion (Lei
9.784/1999 art. 53, D-17; ADR 0066): the act annulled is void from its origin, so the permission
was never lost — the permit goes back to the status it had, and the auxiliaries whose links ended
with it (ADR 0061) are linked again, unless their standing changed since."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q

from outorga.core.acts import Actor
from outorga.core.models import Act, Municipality
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784

from ..locking import lock_person
from ..models import Auxiliary, Permit, PermitStatusChange
from .auxiliaries import link_status_set
from .common import InvalidTransition, authorize_with_reason
from .permit_status import change_status


@dataclass
class Restoration:
    """What the annulment gave back: the permit's status (and the last day of a suspension that
    still runs), the auxiliaries linked again, and those left ended with the reason."""

    status: str
    suspended_until: dt.date | None
    ended_on: dt.date
    restored: list[Auxiliary] = field(default_factory=list)
    kept: list[tuple[Auxiliary, str]] = field(default_factory=list)

    def kept_json(self) -> list[dict[str, Any]]:
        return [{"auxiliary": a.pk, "name": a.person.name, "why": why} for a, why in self.kept]


def _status_before(
    municipality: Municipality, permit: Permit, change: PermitStatusChange, on: dt.date
) -> tuple[str, dt.date | None, dt.date]:
    """The status the permit had before ``change`` (its revocation or cassação), as it would
    stand on ``on`` had the act never been: a suspension whose days still run on ``on`` is
    suspended until its last day; one whose period is over ends if the law ends it with its
    period (taxi art. 42 V), else it waits for the proof of the return as before (mototaxi art.
    32 §2); an open suspension (a public post, art. 2 XXIV) and a reserve (art. 2 XXI) continue.
    And the day the restored status holds from, for the permit's history."""
    from ..selectors import suspension_ends_with_its_period

    before = change.from_status or Permit.Status.ACTIVE
    until: dt.date | None = None
    if before == Permit.Status.SUSPENDED and change.act is not None:
        raw = change.act.record["payload"]["old"].get("suspended_until")
        until = dt.date.fromisoformat(raw) if raw else None
        if until is not None and until < on:
            if suspension_ends_with_its_period(municipality, permit.service, before, until):
                return Permit.Status.ACTIVE, None, change.effective_on
    if before in (Permit.Status.SUSPENDED, Permit.Status.RESERVE):
        # The status continues: it holds from the day the permit entered it.
        since = (
            permit.history.filter(to_status=before, effective_on__lte=change.effective_on)
            .exclude(pk=change.pk)
            .order_by("-effective_on", "-id")
            .values_list("effective_on", flat=True)
            .first()
        )
        return before, until, since or change.effective_on
    return before, None, change.effective_on


def _ended_with(permit: Permit, change: PermitStatusChange) -> list[Auxiliary]:
    """The auxiliaries whose links ``change`` ended (``auxiliaries_end_with_permit``): removed on
    its day — or on the day the link began, when that came after (``link_end``) —, each by the
    ``auxiliary.remove`` act of the permission's end that followed it."""
    removed = Auxiliary.objects.filter(
        permit=permit, status=Auxiliary.Status.REMOVED, removed_on__gte=change.effective_on
    )
    after = change.act.seq if change.act is not None else 0
    prefix = f"fim da permissão {permit.number} ("
    ended: list[Auxiliary] = []
    for aux in removed.order_by("pk"):
        acts = Act.objects.filter(
            action="auxiliary.remove", object_id=str(aux.pk), seq__gt=after
        ).order_by("seq")
        first = acts.first()
        if first is not None and str(first.record["payload"].get("reason", "")).startswith(prefix):
            ended.append(aux)
    return ended


def _why_not_restored(aux: Auxiliary, ended_on: dt.date, on: dt.date) -> str:
    """Why the link of ``aux`` stays ended (empty: it is restored): the person linked since to
    another permission, their credential cassado (mototaxi art. 32 IV §3; taxi art. 41 §3), or
    its validity over."""
    others = Auxiliary.objects.filter(person_id=aux.person_id).exclude(pk=aux.pk)
    cassado = others.filter(status=Auxiliary.Status.CASSADO).select_related("permit").first()
    if cassado is not None:
        when = f" em {cassado.removed_on:%d/%m/%Y}" if cassado.removed_on else ""
        return f"credenciamento cassado{when} (permissão {cassado.permit.number})"
    linked = (
        others.filter(Q(status=Auxiliary.Status.ACTIVE) | Q(added_on__gte=ended_on))
        .select_related("permit")
        .order_by("-added_on", "-pk")
        .first()
    )
    if linked is not None:
        return (
            f"vinculado desde {linked.added_on:%d/%m/%Y} à permissão {linked.permit.number}; "
            "um novo vínculo a esta permissão se faz no cadastro"
        )
    if aux.credential_valid_until is not None and aux.credential_valid_until < on:
        return f"credencial vencida em {aux.credential_valid_until:%d/%m/%Y}"
    return ""


def _ending_change(permit: Permit, ended: str) -> PermitStatusChange:
    """The change that took ``permit`` to ``ended`` and stands (not annulled); refused when the
    permit is no longer there — nothing in force to annul (Lei 9.784/1999 art. 53)."""
    change = (
        PermitStatusChange.objects.select_related("act")
        .filter(permit=permit, to_status=ended, annulled_on__isnull=True)
        .order_by("-effective_on", "-id")
        .first()
    )
    if permit.status != ended or change is None:
        raise InvalidTransition(
            f"a permissão {permit.number} está {permit.get_status_display()}, não "
            f"{Permit.Status(ended).label}: não há ato em vigor a anular "
            f"({lei_9784(53)})"
        )
    return change


def _restoration(
    municipality: Municipality,
    permit: Permit,
    change: PermitStatusChange,
    candidates: list[Auxiliary],
    on: dt.date,
) -> tuple[Restoration, dt.date]:
    status, until, since = _status_before(municipality, permit, change, on)
    out = Restoration(status, until, change.effective_on)
    for aux in candidates:
        why = _why_not_restored(aux, change.effective_on, on)
        if why:
            out.kept.append((aux, why))
        else:
            out.restored.append(aux)
    return out, since


def restoration_preview(
    municipality: Municipality, permit: Permit, ended: str, on: dt.date
) -> Restoration:
    """What :func:`permit_ending_annulled` would give back on ``on``, read without a change: the
    status and the auxiliaries linked again or left ended (the confirmation's text)."""
    with tenant(municipality):
        permit = Permit.objects.get(pk=permit.pk)
        change = _ending_change(permit, ended)
        candidates = list(
            Auxiliary.objects.filter(pk__in=[a.pk for a in _ended_with(permit, change)])
            .select_related("person")
            .order_by("pk")
        )
        return _restoration(municipality, permit, change, candidates, on)[0]


def permit_ending_annulled(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    competence: str,
    ended: str,
    on: dt.date,
    reason: str,
    basis: dict[str, Any],
) -> Restoration:
    """The revocation or cassação that took ``permit`` to ``ended`` is annulled on ``on`` by the
    authority that decided it (``competence``: ``penalty.revocation`` or ``penalty.cassacao``,
    D-3), of its own motion (Lei 9.784/1999 art. 53; ``basis``: the law's decision and the
    grounds). Void from its origin: the permit goes back to the status it had
    (:func:`_status_before`), with one act and a line in its history, and the change annulled no
    longer bars a new grant (``facts.cassations``); each auxiliary whose link ended with it
    (ADR 0061) is linked again with its act — unless linked since to another permission, its
    credential cassado or expired, then left ended and listed. Badges need nothing: their status
    is read from the permit. Inside the caller's transaction (enforcement's, which asked the
    law); refused if the permit is no longer ``ended``."""
    authorize_with_reason(actor, municipality, competence, permit.law, reason, on)
    with transaction.atomic(), tenant(municipality):
        permit = Permit.objects.select_for_update().get(pk=permit.pk)
        change = _ending_change(permit, ended)
        # registry.locking: the permit, then the auxiliaries' people and rows, before any act.
        candidates = _ended_with(permit, change)
        for person_id in sorted({a.person_id for a in candidates}):
            lock_person(person_id)
        candidates = list(
            Auxiliary.objects.select_for_update(of=("self",))
            .filter(pk__in=[a.pk for a in candidates])
            .select_related("person")
            .order_by("pk")
        )
        out, since = _restoration(municipality, permit, change, candidates, on)
        change.annulled_on = on
        change.save(update_fields=["annulled_on"])
        change_status(
            actor=actor,
            municipality=municipality,
            permit=permit,
            to=out.status,
            until=out.suspended_until,
            action="permit.ending_annulled",
            basis=basis,
            extra={
                "reason": reason,
                "effective_on": since,
                "annulled_on": on,
                "annulled_change": {"status": ended, "effective_on": change.effective_on},
                "auxiliaries_restored": [a.pk for a in out.restored],
                "auxiliaries_kept_ended": out.kept_json(),
            },
            reason=reason,
        )
        for aux in out.restored:
            link_status_set(
                aux,
                Auxiliary.Status.ACTIVE,
                None,
                actor=actor,
                municipality=municipality,
                action="auxiliary.restore",
                basis=basis,
                extra={"reason": f"permissão {permit.number} restabelecida: {reason}"},
            )
    return out
