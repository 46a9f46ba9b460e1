"""Court suspensions of the rules of the law governing transport by app (D-16)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.lawseam import LawNotBound, law_of
from outorga.core.models import Municipality, RuleSuspension
from outorga.core.tenancy import tenant
from outorga.law import interfaces
from outorga.law.bindings import Service

from .common import apps_law, field_error

# --- court suspensions of this law's rules (D-16) -------------------------------------------------


def suspendable_rules(m: Municipality, on: dt.date | None = None) -> dict[str, str]:
    """The rules of the law governing transport by app in ``m`` a court may suspend, as the
    rulebook names them, with a label (none where no law governs it)."""
    try:
        return interfaces.suspendable_rules(law_of(m, Service.APLICATIVO, on))
    except LawNotBound:
        return {}


def rule_suspension_record(
    *,
    actor: Actor,
    municipality: Municipality,
    rule: str,
    start: dt.date,
    reference: str,
    end: dt.date | None = None,
) -> RuleSuspension:
    """Record that a court suspended one of the law's rules from ``start`` (decision D-16); from
    that date the law core does not apply it and its decisions cite the suspension."""
    authorize(
        actor=actor,
        municipality=municipality,
        action="rule.suspension.record",
        law=apps_law(municipality),
    )
    if rule not in suspendable_rules(municipality):
        raise field_error("rule", "Regra desconhecida ou que não pode ser suspensa.")
    if not reference.strip():
        raise field_error("reference", "Informe a decisão judicial (tribunal, processo, data).")
    if end is not None and end < start:
        raise field_error("end", "O fim não pode ser anterior ao início.")
    with transaction.atomic(), tenant(municipality):
        s = RuleSuspension.objects.create(
            rule=rule, start=start, end=end, reference=reference.strip()
        )
        record_act(
            municipality=municipality,
            actor=actor,
            action="rule.suspension.record",
            obj=s,
            new={"rule": rule, "start": start, "end": end, "reference": s.reference},
            basis={"citations": ["decisão D-16"]},
        )
    return s
