"""The enforcement step of the daily sweep (``outorga sweep``; ``outorga enforcement_sweep``):
revelia, finality, proposals ready for the Chief Executive, storage days, suspensions served or
ended; a pending appeal's period to reconsider recorded where it is missing."""

from __future__ import annotations

import datetime as dt

from outorga.core.lawseam import cited_aside
from outorga.core.models import Municipality
from outorga.core.sweep import NoProgress, Progress, SweepResult, register
from outorga.core.tenancy import tenant
from outorga.law.citations import lei_9784

from .models import Case
from .services.finality import sweep

LABELS = {
    "reconsider_until": f"prazo de reconsideração registrado no recurso ({lei_9784(56, 1)})",
    "revelia": "julgado à revelia",
    "final": "tornado definitivo (D-1)",
    "proposals_ready": "proposta pronta para o Chefe do Executivo (D-3)",
    "storage": "estadia atualizada",
    "suspensions_served": "suspensão cumprida, permissão ativa",
    "suspensions_ended": "suspensão encerrada",
}
#: Entries that are listed but change nothing.
LISTED_ONLY = {"suspensions_ended"}


def run(m: Municipality, on: dt.date, progress: Progress | None = None) -> SweepResult:
    progress = progress or NoProgress()
    result = SweepResult()
    progress.start("fiscalização", 1)
    report = sweep(m, on)
    progress.advance()
    cites = revelia_cites(m, report["revelia"])
    for key, label in LABELS.items():
        for item in report[key]:
            result.checked += 1
            cite = cites.get(item, "") if key == "revelia" else ""
            result.note(f"{item}: {label}{cite}", changes=0 if key in LISTED_ONLY else 1)
    return result


def revelia_cites(m: Municipality, numbers: list[str]) -> dict[str, str]:
    """Each case judged by default, by number, with the articles its own law names for the
    revelia in parentheses (nothing where its law names none): the sweep's cases are of every
    law of the municipality."""
    if not numbers:
        return {}
    with tenant(m):
        laws = dict(Case.objects.filter(number__in=numbers).values_list("number", "law"))
    return {n: cited_aside(laws[n], "revelia") if n in laws else "" for n in numbers}


register("enforcement", run)
