"""Writes of the portal: a holder marking an aviso as read, and printing their own badge (or, for
a company's representative, its drivers' badges). The avisos are created by
``registry.notifications.notification_send``."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from outorga.core.acts import Actor
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.competence import NotCompetent
from outorga.registry.acting import speaks_for
from outorga.registry.models import Notification, Permit, Person


def notification_mark_read(
    *, actor: Actor, municipality: Municipality, notification: Notification
) -> Notification:
    """Only the addressee marks an aviso as read (reading is not an administrative act)."""
    # Its addressee, or a company's confirmed responsible person (``registry.acting``).
    addressee = notification.person is not None and speaks_for(actor.user, notification.person)
    if not addressee:
        raise NotCompetent(actor.role, "sistema", "portal.notification.read", None)
    with transaction.atomic(), tenant(municipality):
        n = Notification.objects.select_for_update().get(pk=notification.pk)
        if n.read_at is None:
            n.read_at = timezone.now()
            n.save(update_fields=["read_at"])
    return n


def badge_download_own(
    *,
    actor: Actor,
    municipality: Municipality,
    permit: Permit,
    base_url: str,
    badge_id: int | None = None,
) -> tuple[bytes, str]:
    """The holder's own badge PDF (the newest badge of the permit not revoked) — or, for a
    company's permit, the badge ``badge_id`` of one of its drivers, which the company's confirmed
    representative keeps in its vehicle (taxi art. 4, III): the desk's badges, never a new one.
    The holder reads their own data, so no competence is needed, but the badge carries health
    data (blood type), so every print is an act, as when the clerk prints it. A badge that no
    longer holds (revoked, its permit cassada, revoked or extinct, its driver removed) is not
    printed again: the cassação compels its return (mototaxi art. 2 II–III; taxi art. 4 II)."""
    from outorga.public.services import badge_law, badge_print_record

    from .selectors import company_badges, newest_badge

    # No badge of a service no law of the municipality governs is printed (as at the desk).
    badge_law(municipality, permit)

    holder = permit.holder
    reached = holder is not None and speaks_for(actor.user, holder)
    company = reached and holder.kind == Person.Kind.LEGAL
    own = reached and not company
    if not own and not company:
        raise NotCompetent(actor.role, permit.law, "badge.issue", None)
    if (badge_id is not None) != company:
        # A company has no badge of its own; a natural person's badge is theirs alone.
        raise LookupError("nenhum crachá emitido para esta permissão")
    with tenant(municipality):
        if company:
            badge = next((b for b in company_badges(permit) if b.pk == badge_id), None)
        else:
            badge = newest_badge(permit)
    if badge is None:
        raise LookupError("nenhum crachá emitido para esta permissão")
    # The print step reads the badge again in its own transaction and refuses, as an act, one
    # that no longer holds (``public.selectors.badges.badge_ended``), as at the desk.
    content = badge_print_record(
        actor=actor,
        municipality=municipality,
        badge=badge,
        base_url=base_url,
        by="portal do responsável pela empresa" if company else "portal do permissionário",
    )
    suffix = f"-condutor-{badge.auxiliary_id}" if company else ""
    return content, f"cracha-{permit.number}{suffix}.pdf"
