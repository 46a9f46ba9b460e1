"""The holder's documents on their home page (``core.home``): their own and their vehicles'
documents expired or within the portal's warning (``selectors.WARN_DAYS``), by expiry — renewed at
the municipality's desk, as the portal says."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.urls import reverse

from outorga.core.home import Task, register_queue
from outorga.law.competence import Role

from . import selectors


def own_documents(user: Any, today: dt.date) -> list[Task] | None:
    person = selectors.holder_of(user)
    if person is None:
        return None
    permits = list(selectors.own_permits(person))
    return [
        Task(
            f"{r.doc.get_doc_type_display()} ({r.owner}) — apresente o novo no atendimento",
            reverse("portal:home") + "#documentos",
            r.doc.valid_until,
            "vence em",
        )
        for r in selectors.document_rows(person, permits, today)
        if r.tone in ("danger", "warning")
    ]


register_queue(
    "portal.documents",
    "Seus documentos a renovar",
    own_documents,
    roles=frozenset({Role.PERMISSIONARIO.value}),
    more_url=lambda: reverse("portal:home"),
    order=40,
)
