"""Small factories for the finance tests (debts made directly, so the tests exercise only the
payment services)."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from registry_factories import person

from outorga.core.models import ParameterOverride
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.registry.models import Person

_seq = itertools.count(9_000_001)
DUE = dt.date(2026, 3, 31)
INSPECTION = "ipatinga.taxi-2017:VIII"  # the taxi's inspection fee
FEE_ON = dt.date(2026, 3, 2)  # the day the fee tests charge or quote on


def make_person(m: Any, name: str = "Devedor de Teste") -> Person:
    """A debtor: a person with only a CPF and a name."""
    return person(m, name=name, details=False)


def make_debt(
    m: Any,
    person: Person,
    cents: int = 10_000,
    *,
    origin: str = Debt.Origin.FINE,
    status: str = Debt.Status.OPEN,
    basis: dict[str, Any] | None = None,
    due_on: dt.date = DUE,
    awaiting_finality: bool = False,
    permit: Any = None,
) -> Debt:
    with tenant(m):
        return Debt.objects.create(
            person=person,
            origin=origin,
            description=f"{origin} de teste",
            amount_cents=cents,
            due_on=due_on,
            status=status,
            awaiting_finality=awaiting_finality,
            permit=permit,
            reference=f"{m.ibge_code}-D{next(_seq):07d}",
            basis=basis or {},
        )


def refresh(m: Any, obj: Any) -> Any:
    with tenant(m):
        obj.refresh_from_db()
    return obj


def record(m, name, value, effective=dt.date(2025, 1, 1), act="Lei Complementar 999/2024, anexo I"):
    """The municipality's dated value of parameter ``name`` (a fee's amount, …)."""
    with tenant(m):
        ParameterOverride.objects.create(
            name=name, effective=effective, value=value, legal_reference=act
        )
