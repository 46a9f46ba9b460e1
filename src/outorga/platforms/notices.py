"""Avisos to a platform: every notice with a deadline that the platform must act on (a complaint
received, a monthly report due or missing, a penalty notified, an appeal judged, a rostered
driver's documents lapsed) is created here, once per key, and emailed as a courtesy to the
platform's contact address by the one function that emails notices
(:func:`outorga.core.mail.notice_email`)."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from outorga.core.mail import notice_email, notice_once
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant

from .models import Platform, PlatformNotice

#: Where each kind of aviso is dealt with on the platform portal.
LINKS = {
    PlatformNotice.Kind.COMPLAINT: "platforms:portal_complaints",
    PlatformNotice.Kind.REPORT_DUE: "platforms:portal_reports",
    PlatformNotice.Kind.REPORT_MISSING: "platforms:portal_reports",
    PlatformNotice.Kind.PENALTY: "platforms:portal_cases",
    PlatformNotice.Kind.APPEAL_JUDGED: "platforms:portal_cases",
    PlatformNotice.Kind.ANNULLED: "platforms:portal_cases",
    PlatformNotice.Kind.DRIVER_DOCUMENTS: "platforms:portal_drivers",
}


def platform_notice_send(
    *,
    municipality: Municipality,
    platform: Platform,
    key: str,
    kind: str,
    message: str,
    due_on: dt.date | None = None,
) -> tuple[PlatformNotice, bool]:
    """Create the aviso identified by ``key`` unless it exists (the sweep calls this every day)
    and queue its courtesy email, sent by the worker once the caller's transaction commits.
    Returns the aviso and whether it was created."""
    if kind not in PlatformNotice.Kind.values:
        raise ValueError(f"tipo de aviso desconhecido: {kind}")

    def make() -> PlatformNotice:
        n = PlatformNotice.objects.create(
            platform=platform, key=key, kind=kind, message=message[:500], due_on=due_on
        )
        n.emailed_to = notice_email(
            municipality=municipality,
            to=platform.contact_email,
            name=platform.contact_name or platform.name,
            title=n.get_kind_display(),
            message=n.message,
            due_on=due_on,
            link_path=reverse(LINKS[PlatformNotice.Kind(kind)]),
            link_label="Veja no portal da plataforma",
            obj=n,
        )
        n.save(update_fields=["emailed_to"])
        return n

    with tenant(municipality):
        return notice_once(PlatformNotice, key, make)
