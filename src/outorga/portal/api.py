"""API of the avisos (``/api/v1/notifications``): what the daily sweep told the clerks and the
holders, for the municipality's staff (session). Read-only: avisos are created by the sweep."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.security import django_auth

from outorga.core.apikit import IsoDate
from outorga.core.apipages import Rows, paged
from outorga.law.competence import NotCompetent, Role
from outorga.registry.models import Notification

router = Router(tags=["avisos"])
#: The session (django-ninja's; the routes check the role themselves, ``STAFF_ROLES``).
staff = django_auth
STAFF_ROLES = frozenset({Role.ATENDENTE, Role.AUTORIDADE, Role.FISCAL})


class NotificationOut(Schema):
    id: int
    kind: str
    kind_label: str
    message: str
    due_on: IsoDate | None
    person_id: int | None
    permit_id: int | None
    permit_number: str | None
    created_at: dt.datetime
    read_at: dt.datetime | None


@router.get(
    "",
    response=list[NotificationOut],
    auth=staff,
    summary="Avisos da varredura diária (documentos a vencer, permissões irregulares…)",
)
@paged("due_on", "-created_at")
def notifications(request: HttpRequest, kind: str = "", unread: bool = False) -> Rows:
    role = getattr(request.user, "role", "")
    if role not in STAFF_ROLES:
        raise NotCompetent(role, "sistema", "portal.notifications.read", None)
    qs = Notification.objects.select_related("permit")
    if kind:
        qs = qs.filter(kind=kind)
    if unread:
        qs = qs.filter(read_at__isnull=True)
    return Rows(
        qs,
        lambda n: {
            "id": n.pk,
            "kind": n.kind,
            "kind_label": n.get_kind_display(),
            "message": n.message,
            "due_on": n.due_on,
            "person_id": n.person_id,
            "permit_id": n.permit_id,
            "permit_number": n.permit.number if n.permit else None,
            "created_at": n.created_at,
            "read_at": n.read_at,
        },
    )
