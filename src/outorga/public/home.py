"""The badges' work on the staff home page (``core.home``): the permits in force and their active
auxiliaries that carry no valid crachá — never issued (waiting since the grant or the auxiliary's
registration) or expired with the certificate or credential it followed — for whoever the law
makes competent to issue it (``badge.issue``), each linking to the form already filled in."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from outorga.core.home import Task, register_queue
from outorga.core.lawseam import governs, out_of_force
from outorga.law.competence import Role, is_allowed
from outorga.registry.models import Auxiliary, Permit

from .models import Badge


def _url(permit: Permit, auxiliary: Auxiliary | None = None) -> str:
    query = {"permissao": permit.number}
    if auxiliary is not None:
        query["auxiliar"] = str(auxiliary.pk)
    return f"{reverse('public:badges')}?{urlencode(query)}"


def to_issue(user: Any, today: dt.date) -> list[Task] | None:
    m = user.municipality
    if m is None or not any(is_allowed(user.role, "badge.issue", law, today) for law in m.laws):
        return None
    # The newest badge of each bearer (permit, auxiliary), revoked or not.
    newest: dict[tuple[int, int | None], Badge] = {}
    for b in Badge.objects.filter(permit__status=Permit.Status.ACTIVE).order_by(
        "-issued_at", "-id"
    ):
        newest.setdefault((b.permit_id, b.auxiliary_id), b)
    out: list[Task] = []

    def add(permit: Permit, aux: Auxiliary | None, since: dt.date | None, who: str) -> None:
        if not governs(m, permit.service) or out_of_force(m, permit.service, today):
            # A service no law governs here (none bound, or its binding ended: ADR 0062) has
            # no badge to issue (services.badge_law).
            return
        if not is_allowed(user.role, "badge.issue", permit.law_on(today), today):
            return
        badge = newest.get((permit.pk, aux.pk if aux else None))
        if badge is not None and badge.revoked_at is None and badge.valid_until >= today:
            return
        if badge is not None and badge.revoked_at is None:
            out.append(
                Task(
                    f"Crachá de {who} — permissão {permit.number}",
                    _url(permit, aux),
                    badge.valid_until,
                    "vence em",
                )
            )
        else:
            out.append(
                Task(
                    f"Crachá de {who} — permissão {permit.number}",
                    _url(permit, aux),
                    since,
                    "desde",
                    note="sem crachá válido",
                )
            )

    permits = Permit.objects.filter(status=Permit.Status.ACTIVE).select_related("holder")
    for p in permits:
        add(p, None, p.granted_on, p.holder.name)
    auxiliaries = Auxiliary.objects.filter(
        status=Auxiliary.Status.ACTIVE, permit__status=Permit.Status.ACTIVE
    ).select_related("person", "permit")
    for a in auxiliaries:
        add(a.permit, a, a.added_on, f"{a.person.name} (auxiliar)")
    return out


register_queue(
    "public.badges",
    "Crachás a emitir",
    to_issue,
    roles=frozenset({Role.ATENDENTE.value}),
    more_url=lambda: reverse("public:badges"),
    help="Permissões ativas e auxiliares sem crachá válido.",
    order=41,
)
