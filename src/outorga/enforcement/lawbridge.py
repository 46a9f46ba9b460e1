"""The enforcement app's questions to the law core, in one place: the catalog of infraction types,
deadlines per stage, fines in reais, escalation. Each function returns the law core's Decision so
the caller stores its trace with the act; nothing here decides anything by itself.

No law is named here: each function takes the law of the case (the law bound to the permit's
service on the date of the fact, :func:`outorga.core.lawseam.law_of`) and asks it by the names of
its service's interface; what differs between procedures — the steps, the catalog, the facts of
each interface — comes from the rulebook (:func:`outorga.law.interfaces.procedure`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from outorga.core import lawseam
from outorga.core.lawseam import Asker
from outorga.core.models import Municipality
from outorga.law import interfaces
from outorga.law.citations import Citation
from outorga.law.common.judgment import basis as judgment_basis
from outorga.law.common.judgment import extended_until as judgment_extended_until
from outorga.law.common.judgment import extension_cited as judgment_extension_cited
from outorga.law.common.judgment import may_extend as judgment_may_extend
from outorga.law.common.judgment import question_facts as judgment_facts
from outorga.law.decisions import Decision
from outorga.law.interfaces import MOTO_SERVICES, TAXI_SERVICES, procedure
from outorga.law.procedure import InfractionKind, Procedure
from outorga.registry.facts import fine_facts, penalty_fine_facts

__all__ = [
    "Asker",
    "InfractionKind",
    "Procedure",
    "answers",
    "ask",
    "catalog",
    "deadline",
    "deadline_citations",
    "escalates_by_accumulation",
    "fine",
    "judgment_basis",
    "judgment_extended_until",
    "judgment_extension_cited",
    "judgment_facts",
    "judgment_may_extend",
    "next_stage",
    "procedure",
    "stages",
    "taxi_like",
]


def ask(
    m: Municipality,
    law: str,
    name: str,
    facts: Any,
    on: dt.date,
    asker: Asker | None = None,
) -> Decision:
    """Question ``name`` of ``law`` — the case's law — on ``facts``, judged on ``on`` in ``m``;
    with ``asker`` (one per page or batch, of ``m``), through it: the municipality's facts read
    once and the same question answered once (:meth:`outorga.core.lawseam.Asker.ask_law`)."""
    if asker is not None:
        return asker.ask_law(law, name, facts, on)
    return lawseam.ask(m, law, name, facts, on)


def answers(law: str, name: str) -> bool:
    """Whether ``law`` has the question ``name`` (a written auto check, a separate fine…)."""
    return interfaces.answers(law, name)


def taxi_like(law: str) -> bool:
    """Whether ``law`` answers the taxi interface (its penalty question judges one infraction:
    warning, fine, cassação of the register or of the permission; suspensions of art. 42-like
    measures; points)."""
    return interfaces.of_law(law) is TAXI_SERVICES


def escalates_by_accumulation(law: str) -> bool:
    """Whether ``law`` answers the mototaxi interface, whose penalty question weighs the
    accumulated final infractions of a permit (suspension, revocation, cassação proposals)."""
    return interfaces.of_law(law) is MOTO_SERVICES


def taxi_regulation_items(rows: Iterable[Any]) -> list[dict[str, str]]:
    """The municipality's regulation items (``TaxiInfractionItem`` rows) as the law reads them."""
    return [
        {
            "code": r.code,
            "description": r.description,
            "nature": r.nature,
            **({"reference": r.reference} if r.reference else {}),
        }
        for r in rows
    ]


def catalog(
    law: str, regulation_rows: Iterable[Any] = (), on: dt.date | None = None
) -> list[InfractionKind]:
    """Infraction types of ``law`` in force on ``on`` (every type when not given), plus the items
    of the municipality's regulation where the law delegates them (``regulation_rows``)."""
    items = taxi_regulation_items(regulation_rows) if procedure(law).regulation else []
    return procedure(law).kinds(on, items)


def stages(law: str) -> list[str]:
    return procedure(law).stages


def next_stage(law: str, stage: str) -> str | None:
    return procedure(law).next_stage(stage)


def deadline_citations(law: str, *stages: str) -> tuple[Citation, ...]:
    """The articles by which the period of each of ``stages`` runs from its notice under
    ``law`` (its procedure's ``deadline_citations``; every stage when none is given), each
    once: what a refusal to file before that notice, or after the last stage, names."""
    proc = procedure(law)
    found = proc.deadline_citations
    return tuple(dict.fromkeys(c for s in stages or proc.stages for c in found.get(s, ())))


def edital_attempt_cite(law: str, stage: str | None) -> Citation | None:
    """The article by which the notice opening ``stage`` goes by edital only after a failed
    attempt to find the person (mototaxi art. 43–44), or None where ``law`` asks none."""
    return procedure(law).edital_after_attempt.get(stage) if stage else None


def notice_facts(form: str, on: dt.date) -> dict[str, str]:
    field = {
        "pessoal": "signed_on",
        "postal": "ar_on",
        "edital": "published_on",
        "comparecimento": "appeared_on",
    }[form]
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
    unlocated_on: dt.date | None = None,
) -> tuple[dt.date, Decision]:
    """Last day for the filing of ``stage`` after a notice: the law's ``appeal_deadline``, with
    the facts its interface fixes (mototaxi: the stage and the notice, D-4, with the day the
    person was not found before an edital, art. 43–44; taxi: the step and the day of notice,
    D-17); with ``filed_on``, the law also judges the filing in time or not (the decision then
    refuses a late one). The mototaxi law also refuses an edital of a decision's notice without
    the failed attempt to find the person (art. 43–44): its deadline is still counted."""
    on = as_of or filed_on or notified_on
    step = procedure(law).steps[stage]
    if taxi_like(law):
        taxi: dict[str, Any] = {"step": step, "notified_on": notified_on.isoformat()}
        if filed_on is not None:
            taxi["filed_on"] = filed_on.isoformat()
        d = ask(m, law, "appeal_deadline", taxi, on)
        out = d.to_json()["outcome"]
        if not out:
            raise LookupError(d.summary)
        return dt.date.fromisoformat(str(out["deadline"])), d
    notice: dict[str, str] = notice_facts(form, notified_on)
    # Only where the law asks the attempt does its notice carry it (the others' are closed to it).
    if unlocated_on is not None and form == "edital" and edital_attempt_cite(law, stage):
        notice["unlocated_on"] = unlocated_on.isoformat()
    facts: dict[str, Any] = {"stage": step, "notice": notice}
    if filed_on is not None:
        facts["filed_on"] = filed_on.isoformat()
    d = ask(m, law, "appeal_deadline", facts, on)
    return dt.date.fromisoformat(str(d.to_json()["outcome"]["deadline"])), d


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
) -> tuple[int | None, Decision]:
    """The fine in reais at the fiscal unit's value on the date it is imposed (D-5): the law's
    ``fine`` question where it has one (mototaxi art. 37–41), else its ``penalty`` asked for a
    fine (taxi art. 41 §2, which also asks the notice and the defence before it, §5 and caput).
    The amount is ``None`` whenever the law does not impose it — it refused the fine (no notice
    before it, an inciso not in force on the date of the fact…) or cannot compute it yet (a
    nature the regulation has not given): the decision says which, and the caller decides what
    follows; never an amount the law did not grant."""
    if interfaces.answers(law, "fine"):
        d = ask(m, law, "fine", fine_facts(code, committed_on, imposed_on), imposed_on)
        return _granted(d, "total_cents"), d
    facts: dict[str, Any] = {
        **penalty_fine_facts(code, committed_on, imposed_on),
        "regulation_items": taxi_regulation_items(taxi_rows),
    }
    if notified_on:
        facts["notified_on"] = notified_on.isoformat()
    if judged_on:
        facts["defence_judged_on"] = judged_on.isoformat()
    d = ask(m, law, "penalty", facts, imposed_on)
    return _granted(d, "fine_cents"), d


def _granted(d: Decision, field: str) -> int | None:
    """The amount ``field`` of the law's answer ``d`` only when the law imposes it: no reason
    refused or pending, and — where the answer says it — the penalty may be imposed."""
    out = d.outcome if isinstance(d.outcome, dict) else None
    if d.eligibility != "ok" or out is None or out.get("may_impose") is False:
        return None
    return int(out.get(field) or 0)
