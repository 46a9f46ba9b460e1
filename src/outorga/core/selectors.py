"""Reads of the core that are more than a filter."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from outorga.law.competence import SYSTEM_COMPETENCES, NotCompetent, Role

from .acts import Actor
from .models import (
    Act,
    CalendarDay,
    FiscalUnitValue,
    Municipality,
    PopulationFigure,
    User,
)
from .tenancy import current_municipality


def require_municipality() -> Municipality:
    return current_municipality()


def require(actor: Actor, system_action: str) -> None:
    """Reads of system scope (the acts log) are limited to the roles of the system table."""
    if Role(actor.role) not in SYSTEM_COMPETENCES[system_action]:
        raise NotCompetent(actor.role, "sistema", system_action, None)


def municipality_summary(m: Municipality) -> dict[str, Any]:
    today = timezone.localdate()
    pops = PopulationFigure.objects.all()
    units = FiscalUnitValue.objects.all()
    return {
        "ibge_code": m.ibge_code,
        "name": m.name,
        "uf": m.uf,
        "slug": m.slug,
        "laws": m.laws,
        "population": [
            {
                "value": p.value,
                "reference_year": p.reference_year,
                "effective": p.effective,
                "source": p.source,
            }
            for p in pops
        ],
        "fiscal_units": [
            {
                "name": u.name,
                "value": str(u.value),
                "valid_from": u.valid_from,
                "legal_reference": u.legal_reference,
                "example": u.example,
            }
            for u in units
        ],
        "calendar": [
            {"date": d.date, "kind": d.kind, "description": d.description}
            for d in CalendarDay.objects.filter(date__year__gte=today.year - 1)
        ],
    }


def dashboard_counts(user: User) -> list[tuple[str, int | str]]:
    """Real counts for the home page, chosen by role."""
    m = current_municipality()
    today = timezone.localdate()
    start = timezone.make_aware(dt.datetime.combine(today, dt.time.min))
    pop = PopulationFigure.objects.order_by("-effective").first()
    counts: list[tuple[str, int | str]] = [
        ("Atos registrados hoje", Act.objects.filter(created_at__gte=start).count()),
        ("Usuários do município", User.objects.filter(municipality=m, is_active=True).count()),
    ]
    if pop is not None:
        counts.append((f"População (IBGE {pop.reference_year})", pop.value))
    if user.role in {Role.AUTORIDADE, Role.ADMIN}:
        counts.append(
            ("Atos recusados por competência", Act.objects.filter(outcome="refused").count())
        )
    if user.role in {Role.FINANCAS, Role.AUTORIDADE, Role.ADMIN}:
        from outorga.platforms.models import Platform

        counts.append(
            ("Plataformas credenciadas", Platform.objects.filter(status="credentialed").count())
        )
    return counts
