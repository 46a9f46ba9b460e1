"""Enforcement's penalties as the registry asks them (``registry.ports.Sanctions``): provided at
start-up by ``EnforcementConfig.ready``."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from outorga.registry.ports import CadastroPenalty

from .models import Penalty

_KINDS: dict[str, Literal["cassacao", "suspension"]] = {
    Penalty.Kind.CASSACAO: "cassacao",
    Penalty.Kind.SUSPENSION: "suspension",
}


class EnforcementSanctions:
    def cadastro_penalties(self, person: Any, on: dt.date) -> list[CadastroPenalty]:
        """Cassação (taxi art. 41 IV) and suspension (art. 42 IV) of the person's inscription in
        the Cadastro, imposed on or before ``on``, oldest first."""
        rows = Penalty.objects.filter(
            decision__target="cadastro",
            decision__offender__person_id=person.pk,
            imposed_on__lte=on,
            kind__in=list(_KINDS),
        ).order_by("imposed_on", "id")
        return [
            CadastroPenalty(kind=_KINDS[p.kind], imposed_on=p.imposed_on, days=p.days) for p in rows
        ]
