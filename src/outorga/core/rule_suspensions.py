"""Court suspensions of a rule of any law bound in the municipality (decision D-16): which rules
each bound law lets a court suspend, and recording a suspension from a date with the court
decision's reference. From that date the law core does not apply the rule and every reason it
changes says so and cites the suspension (``outorga.law.rules.unless_suspended``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction

from outorga.law import interfaces
from outorga.law.citations import LAW_TITLES

from .acts import Actor, record_act
from .authz import authorize
from .errors import FieldError
from .models import Municipality, RuleSuspension
from .tenancy import tenant


@dataclass(frozen=True)
class SuspendableRule:
    """A rule a court may suspend: its stable id, the law it belongs to and its label."""

    rule: str
    law: str
    label: str

    @property
    def law_title(self) -> str:
        return LAW_TITLES.get(self.law, self.law)


def suspendable_rules(m: Municipality) -> dict[str, SuspendableRule]:
    """Every rule a court may suspend of every law bound in ``m``, now or before (a suspension
    may reach facts of a past date, D-15), as the rulebooks name them (their
    ``SUSPENDABLE_RULES``)."""
    return {
        rule: SuspendableRule(rule, law, label)
        for law in m.laws
        for rule, label in interfaces.suspendable_rules(law).items()
    }


def rule_suspension_record(
    *,
    actor: Actor,
    municipality: Municipality,
    rule: str,
    start: dt.date,
    reference: str,
    end: dt.date | None = None,
) -> RuleSuspension:
    """Record that a court suspended one of a bound law's rules from ``start`` (decision D-16),
    under the competence that law gives (``rule.suspension.record``)."""
    found = suspendable_rules(municipality).get(rule)
    if found is None:
        raise FieldError(
            "rule", "regra desconhecida ou que não pode ser suspensa (decisão D-16)", "decisão D-16"
        )
    authorize(
        actor=actor, municipality=municipality, action="rule.suspension.record", law=found.law
    )
    if not reference.strip():
        raise FieldError("reference", "informe a decisão judicial (tribunal, processo, data)")
    if end is not None and end < start:
        raise FieldError("end", "o fim não pode ser anterior ao início")
    with transaction.atomic(), tenant(municipality):
        s = RuleSuspension.objects.create(
            rule=rule, start=start, end=end, reference=reference.strip()
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="rule.suspension.record",
            obj=s,
            new={
                "rule": rule,
                "law": found.law,
                "start": start,
                "end": end,
                "reference": s.reference,
            },
            basis={"citations": ["decisão D-16"]},
        )
    return s
