"""The permits' panel (``core.panels``): permits by status per service, and the places of each
service's quota in use against the limit the bound law gives today — its ``quota`` question, asked
exactly as a grant asks it (``services.tenders.quota_decision``), citing the articles it answers
with. Every servant reads it, as every servant reads the register."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Count

from outorga.core.charts import Chart, Series, number, percent
from outorga.core.lawseam import LawNotBound, governs
from outorga.core.panels import register_charts, register_panel
from outorga.law.bindings import SERVICE_LABELS, Service
from outorga.law.citations import render_many
from outorga.law.competence import Role

from .models import Permit
from .services.tenders import quota_decision
from .tender_facts import (
    active_permits,
    quota_limit,
)
from .validation import FieldError

STAFF = frozenset(r.value for r in Role if r not in (Role.PERMISSIONARIO, Role.PLATAFORMA))
#: The services a permit is granted for (transport by app is credentialed, not permitted).
PERMIT_SERVICES = (Service.MOTOTAXI, Service.MOTOFRETE, Service.TAXI)


def governs_permits(m: Any) -> bool:
    """Whether a law governs (or governed) a service granted by permit in ``m``."""
    return m is not None and any(governs(m, s) for s in PERMIT_SERVICES)


def permit_services(m: Any) -> list[str]:
    """The permit services of the municipality: those a law governs, and any with permits."""
    held = set(Permit.objects.values_list("service", flat=True).distinct())
    return [s.value for s in PERMIT_SERVICES if s.value in held or governs(m, s)]


def by_status(m: Any) -> Chart:
    counts = {
        (r["service"], r["status"]): r["n"]
        for r in Permit.objects.values("service", "status").annotate(n=Count("id"))
    }
    services = permit_services(m)
    statuses = [
        (value, label)
        for value, label in Permit.Status.choices
        if value == Permit.Status.ACTIVE or any(counts.get((s, value)) for s in services)
    ]
    total = sum(counts.values())
    return Chart(
        key="permissoes-situacao",
        title="Permissões por situação e serviço",
        description=(
            "Permissões registradas por serviço, empilhadas pela situação de cada uma hoje "
            f"(total: {number(total)})."
        ),
        labels=tuple(SERVICE_LABELS[s].capitalize() for s in services),
        series=tuple(
            Series(label.capitalize(), tuple(counts.get((s, value), 0) for s in services))
            for value, label in statuses
        ),
        kind="stacked",
        label_header="Serviço",
        total=True,
    )


def quota_used(m: Any, today: dt.date) -> Chart | None:
    """Places in use against the law's limit, for each service whose law sets one today."""
    labels, used, limits, notes, cites = [], [], [], [], []
    for s in permit_services(m):
        try:
            d = quota_decision(m, s, today)
        except (FieldError, LawNotBound):
            continue  # no law governs the service today: it has no quota to show
        if d is None:
            continue  # the law sets no limit for this service
        limit = quota_limit(d) or 0
        active = active_permits(s)
        name = SERVICE_LABELS[s].capitalize()
        labels.append(name)
        used.append(active)
        limits.append(limit)
        notes.append(f"{name}: {number(active)} de {number(limit)} ({percent(active, limit)})")
        cites.append(render_many(c for c in d.citations if not c.is_decision))
    if not labels:
        return None
    return Chart(
        key="permissoes-vagas",
        title="Vagas usadas por serviço",
        description=(
            "Permissões em vigor (ativas, suspensas ou em reserva) diante do limite que a lei dá "
            f"em {today:%d/%m/%Y}. " + "; ".join(notes) + "."
        ),
        labels=tuple(labels),
        series=(Series("Em uso", tuple(used)), Series("Limite da lei", tuple(limits))),
        label_header="Serviço",
        basis="Limite: " + "; ".join(dict.fromkeys(c for c in cites if c)) + ".",
    )


def charts(user: Any, today: dt.date) -> list[Chart]:
    m = user.municipality
    quota = quota_used(m, today)
    return [by_status(m)] + ([quota] if quota is not None else [])


register_panel(
    "permissoes",
    "Permissões",
    help="Permissões por situação e vagas usadas diante do limite da lei.",
    order=10,
    applies=governs_permits,
)
register_charts("permissoes", "registry.permits", charts, roles=STAFF, order=10)
