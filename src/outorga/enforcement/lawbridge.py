"""The enforcement app's questions to the law core, in one place: the catalog of infraction types,
deadlines per stage, fines in reais, escalation. Each function returns the law core's Decision so
the caller stores its trace with the act; nothing here decides anything by itself."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.law import questions
from outorga.law.decisions import Decision
from outorga.law.ipatinga import mototaxi_2013 as moto
from outorga.law.ipatinga import taxi_2017 as taxi

MOTO = moto.LAW_ID
TAXI = taxi.LAW_ID

#: Stage of a case → the law's name for it (mototaxi art. 42–44; taxi D-17: defence, then appeal).
MOTO_STAGE = {"defence": "defesa", "jari": "recurso_jari", "executive": "recurso_executivo"}
TAXI_STEP = {"defence": "defesa", "executive": "recurso"}

#: The stages of each law's procedure in order. Taxi has no JARI (D-17: never borrow it).
STAGES = {MOTO: ["defence", "jari", "executive"], TAXI: ["defence", "executive"]}


@dataclass(frozen=True)
class InfractionKind:
    code: str
    description: str
    severity: str
    citation: str
    seizure: bool


def ask(m: Municipality, on: dt.date, law: str, name: str, facts: Mapping[str, Any]) -> Decision:
    """Question ``name`` of ``law`` (the case's, the auto's) on ``on``."""
    return questions.ask(questions.find(law, name).id, context(m, on), facts)


def taxi_regulation_items(rows: Iterable[Any]) -> list[dict[str, str]]:
    return [
        {
            "code": r.code,
            "description": r.description,
            "nature": r.nature,
            **({"reference": r.reference} if r.reference else {}),
        }
        for r in rows
    ]


def catalog(law: str, taxi_rows: Iterable[Any] = ()) -> list[InfractionKind]:
    """Infraction types of ``law``: mototaxi art. 38–41 (CATALOG); taxi art. 41 §2 plus the items
    of the municipality's regulation (art. 43, D-10)."""
    if law == MOTO:
        return [
            InfractionKind(t.code, t.description, t.severity.value, t.citation.render(), t.seizure)
            for t in moto.CATALOG
        ]
    if law == TAXI:
        extra = [taxi.InfractionType.from_regulation(i) for i in taxi_regulation_items(taxi_rows)]
        return [
            InfractionKind(i.code, i.description, i.nature.value, i.citation.render(), False)
            for i in taxi.catalog(extra).values()
        ]
    raise LookupError(f"lei sem catálogo de infrações: {law}")


def stages(law: str) -> list[str]:
    return STAGES[law]


def next_stage(law: str, stage: str) -> str | None:
    order = STAGES[law]
    i = order.index(stage)
    return order[i + 1] if i + 1 < len(order) else None


def notice_facts(form: str, on: dt.date) -> dict[str, str]:
    field = {"pessoal": "signed_on", "postal": "ar_on", "edital": "published_on"}[form]
    return {"form": form, field: on.isoformat()}


def deadline(
    m: Municipality,
    law: str,
    stage: str,
    form: str,
    notified_on: dt.date,
    *,
    filed_on: dt.date | None = None,
    as_of: dt.date | None = None,
) -> tuple[dt.date, Decision]:
    """Last day for the filing of ``stage`` after a notice (mototaxi art. 42–44, D-4; taxi D-17)."""
    on = as_of or filed_on or notified_on
    if law == MOTO:
        facts: dict[str, Any] = {
            "stage": MOTO_STAGE[stage],
            "notice": notice_facts(form, notified_on),
        }
        if filed_on is not None:
            facts["filed_on"] = filed_on.isoformat()
        d = ask(m, on, MOTO, "appeal_deadline", facts)
        return dt.date.fromisoformat(str(d.to_json()["outcome"]["deadline"])), d
    d = ask(
        m,
        on,
        TAXI,
        "appeal_deadline",
        {"step": TAXI_STEP[stage], "notified_on": notified_on.isoformat()},
    )
    out = d.to_json()["outcome"]
    if not out:
        raise LookupError(d.summary)
    return dt.date.fromisoformat(str(out["deadline"])), d


def auto_check(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    """Art. 29–30: the auto's fields, signature or certified refusal, and the date of notice."""
    return ask(m, on, MOTO, "infraction_notice", facts)


def fine(
    m: Municipality,
    law: str,
    code: str,
    committed_on: dt.date,
    imposed_on: dt.date,
    *,
    taxi_rows: Iterable[Any] = (),
    notified_on: dt.date | None = None,
    judged_on: dt.date | None = None,
) -> tuple[int, Decision]:
    """The fine in reais at the fiscal unit's value on the date it is imposed (D-5)."""
    if law == MOTO:
        d = ask(
            m,
            imposed_on,
            MOTO,
            "fine",
            {
                "infractions": [{"code": code, "committed_on": committed_on.isoformat()}],
                "imposed_on": imposed_on.isoformat(),
            },
        )
        return int(d.to_json()["outcome"]["total_cents"]), d
    facts: dict[str, Any] = {
        "infraction": code,
        "regulation_items": taxi_regulation_items(taxi_rows),
        "committed_on": committed_on.isoformat(),
        "imposed_on": imposed_on.isoformat(),
        "requested": "multa",
    }
    if notified_on:
        facts["notified_on"] = notified_on.isoformat()
    if judged_on:
        facts["defence_judged_on"] = judged_on.isoformat()
    d = ask(m, imposed_on, TAXI, "penalty", facts)
    out = d.to_json()["outcome"] or {}
    return int(out.get("fine_cents") or 0), d


def penalty(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    """Art. 31–32, 34, 47 with D-1/D-2/D-3: suspension, revocation and cassação proposals."""
    return ask(m, on, MOTO, "penalty", facts)


def taxi_points(m: Municipality, on: dt.date, infractions: list[dict[str, Any]]) -> Decision:
    return ask(m, on, TAXI, "points", {"infractions": infractions})


def taxi_suspension(m: Municipality, on: dt.date, target: str, days: int) -> Decision:
    """Taxi art. 42 IV–V: suspension of the register or the permission, at most 90 days."""
    return ask(m, on, TAXI, "suspension", {"target": target, "days": days, "start": on.isoformat()})


def defence_result(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    return ask(m, on, MOTO, "defence_result", facts)


def seizure_release(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    return ask(m, on, MOTO, "seizure_release", facts)


def taxi_penalty(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    """Taxi art. 41: the penalty asked for one infraction — warning (§1), fine (§2), cassação of the
    register or of the permission (§3–4, proposed then decided), after the notice (§5)."""
    return ask(m, on, TAXI, "penalty", facts)


def mototaxi_warning(m: Municipality, on: dt.date, facts: Mapping[str, Any]) -> Decision:
    """Mototaxi art. 31, I and §3: the written warning for a fixable, riskless irregularity."""
    return ask(m, on, MOTO, "warning", facts)
