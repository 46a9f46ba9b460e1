"""The periodic re-check of the drivers on the rosters (art. 4 II "exigir e manter atualizados os
documentos obrigatórios", art. 14 I): each enabled driver asked again, on the sweep's date, with
what the platform declared when it registered him; a change of what the law says is one act, and
a requirement newly unmet one aviso to the platform."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.formcites import labelled
from outorga.core.lawseam import BoundLaw, cited_for
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.decisions import Decision

from ..models import PlatformDriver, PlatformNotice
from ..notices import platform_notice_send
from ..validators import mask_cpf
from .common import basis_many
from .drivers import driver_facts, entry_data

QUESTION = "driver_documents_current"


def recheck_facts(d: PlatformDriver) -> dict[str, Any]:
    """The facts of the law's re-check, drawn from the roster entry (what the platform declared):
    the driver's facts of the registration, with the vehicle's among them."""
    driver, vehicle = driver_facts(entry_data(d))
    return {**driver, "vehicle": vehicle}


@dataclass(frozen=True)
class Recheck:
    """One driver's re-check that changed what is on record: the new state and, if any, the aviso
    sent to the platform."""

    driver: PlatformDriver
    old: str
    new: str
    decision: Decision
    notice: PlatformNotice | None


def _state(outcome: Mapping[str, Any]) -> str:
    if outcome["current"] is True:
        return PlatformDriver.Documents.CURRENT
    if outcome["current"] is False:
        return PlatformDriver.Documents.LAPSED
    return PlatformDriver.Documents.UNKNOWN


def _messages(decision: Decision, verdicts: tuple[str, ...]) -> list[dict[str, Any]]:
    return [
        {
            "rule": r.rule,
            "verdict": r.verdict.value,
            "message": r.message,
            "citations": [c.render() for c in r.citations],
        }
        for r in decision.reasons
        if r.verdict.value in verdicts
    ]


def _term(decision: Decision) -> str:
    """What the law (or the regulation) says of the term to update, with its articles."""
    for r in decision.reasons:
        if r.rule == "apps.art4.ii.update_term":
            return f"{r.message} ({'; '.join(c.render() for c in r.citations)})"
    return ""


def _notice_key(d: PlatformDriver, lapsed: list[str]) -> str:
    """One aviso per driver and set of unmet requirements: found again the next day, the same."""
    digest = hashlib.sha256(",".join(sorted(lapsed)).encode()).hexdigest()[:16]
    return f"driver-documents-{d.pk}-{digest}"


def _notice_text(d: PlatformDriver, decision: Decision, law: str) -> str:
    """The aviso: who, the term (the regulation's, or that the law gives none) and what is unmet,
    each with the article ``law`` (the one that answered) names; the full reasons are on the
    portal's roster."""
    until = decision.outcome["update_until"]
    term = (
        labelled(
            f"atualizar até {dt.date.fromisoformat(until):%d/%m/%Y}",
            "prazo do regulamento",
            cited_for(law, "regulation"),
        )
        if until
        else labelled(
            "a lei não fixa prazo para atualizar: a exigência não é cumprida desde o vencimento",
            cited_for(law, "driver_documents", "drivers_compliance"),
        )
    )
    requirements = labelled("as exigências da lei", cited_for(law, "driver_requirements"))
    unmet = "; ".join(
        f"{r['message'].rstrip('.')} ({'; '.join(r['citations'])})"
        for r in _messages(decision, ("refused",))
    )
    text = (
        f"Motorista {d.name} (CPF {mask_cpf(d.cpf)}, placa {d.vehicle_plate}) deixou de cumprir "
        f"{requirements} — {term}. {unmet}."
    )
    return text if len(text) <= 500 else text[:499] + "…"


def platform_driver_documents_recheck(
    *,
    actor: Actor,
    municipality: Municipality,
    driver: PlatformDriver,
    on: dt.date,
    law: BoundLaw,
) -> Recheck | None:
    """Ask the law (``law``, bound for ``on``) whether the enabled ``driver`` still meets art. 4
    and art. 17 on ``on``. When the answer differs from the one on record — a requirement unmet
    or unverifiable appeared or went away — the driver takes it, with one act citing the articles;
    a requirement newly unmet is an aviso to the platform (one per driver and set of unmet
    requirements), with the term the regulation gives or none. The roster entry stays enabled:
    the law leaves the roster to the platform (art. 4 caput, art. 14 I), and no article gives the
    municipality an automatic measure here (D-3). Returns None when nothing changed."""
    with transaction.atomic(), tenant(municipality):
        d = PlatformDriver.objects.select_for_update().get(pk=driver.pk)
        if d.status != PlatformDriver.Status.ENABLED:
            return None
        decision = law.ask(QUESTION, recheck_facts(d), on)
        outcome = decision.outcome
        if not isinstance(outcome, dict):  # a date before the law (art. 29)
            return None
        state = _state(outcome)
        before = d.documents_check or {}
        if (
            state == d.documents
            and outcome["lapsed"] == before.get("lapsed", [])
            and outcome["unknown"] == before.get("unknown", [])
        ):
            return None
        old = d.documents
        d.documents, d.documents_checked_on = state, on
        d.documents_check = {
            "as_of": on.isoformat(),
            "lapsed": outcome["lapsed"],
            "unknown": outcome["unknown"],
            "update_until": outcome["update_until"],
            "summary": decision.summary,
            "reasons": _messages(decision, ("refused", "pending")),
            "term": _term(decision),
            "decision": decision.to_json(),
        }
        d.save(update_fields=["documents", "documents_checked_on", "documents_check"])
        # The aviso before the act: the act chain's head is the last lock (ADR 0015).
        notice = None
        if set(outcome["lapsed"]) - set(before.get("lapsed", [])):
            until = outcome["update_until"]
            notice, _ = platform_notice_send(
                municipality=municipality,
                platform=d.platform,
                key=_notice_key(d, outcome["lapsed"]),
                kind=PlatformNotice.Kind.DRIVER_DOCUMENTS,
                message=_notice_text(d, decision, law.law),
                due_on=dt.date.fromisoformat(until) if until else None,
            )
        record_act(
            municipality=municipality,
            actor=actor,
            action="platform.driver.documents.check",
            obj=d,
            old={"documents": old, "lapsed": before.get("lapsed", [])},
            new={
                "platform": d.platform_id,
                "cpf": mask_cpf(d.cpf),
                "documents": state,
                "lapsed": outcome["lapsed"],
                "unknown": outcome["unknown"],
                "update_until": outcome["update_until"],
            },
            basis=basis_many([decision]),
        )
    return Recheck(d, old, state, decision, notice)
