"""Enforcement's penalties as the registry asks them (``registry.ports.Sanctions``): provided at
start-up by ``EnforcementConfig.ready``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from typing import Literal

from outorga.registry.ports import CadastroPenalty

from .models import Penalty

_KINDS: dict[str, Literal["cassacao", "suspension"]] = {
    Penalty.Kind.CASSACAO: "cassacao",
    Penalty.Kind.SUSPENSION: "suspension",
}


class EnforcementSanctions:
    def cadastro_penalties(
        self, person_ids: Collection[int], on: dt.date
    ) -> dict[int, list[CadastroPenalty]]:
        """Cassação (taxi art. 41 IV) and suspension (art. 42 IV) of each person's inscription in
        the Cadastro, imposed on or before ``on``, oldest first, by person id — one query."""
        if not person_ids:
            return {}
        rows = Penalty.objects.filter(
            decision__target="cadastro",
            decision__offender__person_id__in=list(person_ids),
            imposed_on__lte=on,
            kind__in=list(_KINDS),
            annulled_on__isnull=True,  # fallen with the auto it rested on (Lei 9.784 art. 53)
        ).order_by("imposed_on", "id")
        out: dict[int, list[CadastroPenalty]] = {}
        for p in rows:
            offender = int(p.decision["offender"]["person_id"])
            out.setdefault(offender, []).append(
                CadastroPenalty(kind=_KINDS[p.kind], imposed_on=p.imposed_on, days=p.days)
            )
        return out

    def credential_suspensions(
        self, person_ids: Collection[int], imposed_on_permit: int | None = None
    ) -> dict[int, list[tuple[dt.date, dt.date]]]:
        """The suspensions of each person's credential as a mototaxi auxiliary (art. 32 I, art.
        34, art. 2 XXV; ADR 0088) not annulled, first and last day, oldest first, by person id —
        one query. With ``imposed_on_permit``, only the penalties kept on that permit (the
        escalation's, whose count reached it: every such penalty has one)."""
        if not person_ids:
            return {}
        rows = Penalty.objects.filter(
            kind=Penalty.Kind.SUSPENSION,
            decision__target="credenciamento",
            decision__offender__person_id__in=list(person_ids),
            annulled_on__isnull=True,
        ).order_by("imposed_on", "id")
        if imposed_on_permit is not None:
            rows = rows.filter(permit_id=imposed_on_permit)
        out: dict[int, list[tuple[dt.date, dt.date]]] = {}
        for p in rows:
            person = int(p.decision["offender"]["person_id"])
            end = p.imposed_on + dt.timedelta(days=(p.days or 1) - 1)
            out.setdefault(person, []).append((p.imposed_on, end))
        return out
