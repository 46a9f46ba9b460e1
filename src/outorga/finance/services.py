"""Ledger writes: debts and their status transitions, each one an act.

Enforcement extends this with payments and refunds; the registry creates contrapartida debts
(taxi art. 10, D-12) through :func:`debts_from_plan` inside the grant's own transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, record_act
from outorga.core.authz import authorize
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.registry.services import next_number
from outorga.registry.validation import FieldError

from .models import Debt

#: The law under which a debt is recorded, by the service of the permit it belongs to.
DEFAULT_LAW = "ipatinga.taxi-2017"


class InvalidDebtTransition(ValueError):
    pass


def _reference(municipality: Municipality) -> str:
    # Gapless per municipality (counter row locked in the caller's transaction); the IBGE code
    # makes it unique across the deployment.
    return f"{municipality.ibge_code}-D{next_number('debt'):07d}"


def _create(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Any,
    origin: str,
    description: str,
    amount_cents: int,
    due_on: dt.date,
    permit: Any = None,
    status: str = Debt.Status.OPEN,
    instalment: int | None = None,
    instalments: int | None = None,
    basis: Mapping[str, Any] | None = None,
) -> Debt:
    """Create one debt and its act; the caller holds the transaction and the tenant."""
    if origin not in Debt.Origin.values:
        raise FieldError("origem", "origem de débito desconhecida")
    if status not in (Debt.Status.OPEN, Debt.Status.FINAL, Debt.Status.UNDER_APPEAL):
        raise FieldError("situação", "um débito novo está em aberto, definitivo ou em recurso")
    if amount_cents <= 0:
        raise FieldError("valor", "o valor deve ser positivo")
    if not description.strip():
        raise FieldError("descrição", "descreva o débito")
    debt = Debt.objects.create(
        person=person,
        permit=permit,
        origin=origin,
        description=description.strip(),
        amount_cents=amount_cents,
        due_on=due_on,
        status=status,
        instalment=instalment,
        instalments=instalments,
        reference=_reference(municipality),
        basis=dict(basis or {}),
    )
    record_act(
        municipality=municipality,
        actor=actor,
        action="debt.create",
        obj=debt,
        new={
            "reference": debt.reference,
            "person": person.pk,
            "origin": origin,
            "amount_cents": amount_cents,
            "due_on": due_on,
            "status": status,
        },
        basis={"citations": list((basis or {}).get("citations", []))},
    )
    return debt


def debt_create(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Any,
    origin: str,
    description: str,
    amount_cents: int,
    due_on: dt.date,
    permit: Any = None,
    status: str = Debt.Status.OPEN,
    law: str = DEFAULT_LAW,
    basis: Mapping[str, Any] | None = None,
) -> Debt:
    """Record a debt in the ledger (fines, fees, taxes…), with its legal basis."""
    authorize(actor=actor, municipality=municipality, action="debt.record", law=law)
    with transaction.atomic(), tenant(municipality):
        return _create(
            actor=actor,
            municipality=municipality,
            person=person,
            origin=origin,
            description=description,
            amount_cents=amount_cents,
            due_on=due_on,
            permit=permit,
            status=status,
            basis=basis,
        )


def debts_from_plan(
    *,
    actor: Actor,
    municipality: Municipality,
    person: Any,
    permit: Any,
    plan: Iterable[Mapping[str, Any]],
    description: str,
    basis: Mapping[str, Any],
) -> list[Debt]:
    """The contrapartida instalment plan (taxi art. 10, D-12) as debts, one per instalment.

    Called inside the grant's transaction, which already checked competence."""
    rows = list(plan)
    return [
        _create(
            actor=actor,
            municipality=municipality,
            person=person,
            permit=permit,
            origin=Debt.Origin.CONTRAPARTIDA,
            description=f"{description} — parcela {row['number']}/{len(rows)}",
            amount_cents=int(row["amount_cents"]),
            due_on=_date(row["due_on"]),
            instalment=int(row["number"]),
            instalments=len(rows),
            basis=basis,
        )
        for row in rows
    ]


def _date(value: Any) -> dt.date:
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


#: Allowed status transitions of a debt, each one its own service below.
_TRANSITIONS = {
    "contest": ({Debt.Status.OPEN, Debt.Status.FINAL}, Debt.Status.UNDER_APPEAL),
    "make_final": ({Debt.Status.OPEN, Debt.Status.UNDER_APPEAL}, Debt.Status.FINAL),
    "cancel": (
        {Debt.Status.OPEN, Debt.Status.UNDER_APPEAL, Debt.Status.FINAL},
        Debt.Status.CANCELLED,
    ),
}


def _move(
    *,
    actor: Actor,
    municipality: Municipality,
    debt: Debt,
    step: str,
    reason: str,
    law: str,
) -> Debt:
    authorize(actor=actor, municipality=municipality, action="debt.record", law=law)
    if not reason.strip():
        raise FieldError("motivo", "informe o motivo")
    sources, target = _TRANSITIONS[step]
    with transaction.atomic(), tenant(municipality):
        debt = Debt.objects.select_for_update().get(pk=debt.pk)
        if debt.status not in sources:
            raise InvalidDebtTransition(
                f"o débito {debt.reference} está {debt.get_status_display()}; "
                f"não pode passar a {Debt.Status(target).label}"
            )
        old = debt.status
        debt.status = target
        debt.save(update_fields=["status"])
        record_act(
            municipality=municipality,
            actor=actor,
            action=f"debt.{step}",
            obj=debt,
            old={"status": old},
            new={"status": target},
            extra={"reason": reason},
        )
    return debt


def debt_contest(
    *, actor: Actor, municipality: Municipality, debt: Debt, reason: str, law: str = DEFAULT_LAW
) -> Debt:
    """A defence or appeal was filed against the debt: it stops blocking renewals (D-11)."""
    return _move(
        actor=actor, municipality=municipality, debt=debt, step="contest", reason=reason, law=law
    )


def debt_make_final(
    *, actor: Actor, municipality: Municipality, debt: Debt, reason: str, law: str = DEFAULT_LAW
) -> Debt:
    """The debt became final (deadlines lapsed or appeal dismissed): it blocks renewals (D-11)."""
    return _move(
        actor=actor, municipality=municipality, debt=debt, step="make_final", reason=reason, law=law
    )


def debt_cancel(
    *, actor: Actor, municipality: Municipality, debt: Debt, reason: str, law: str = DEFAULT_LAW
) -> Debt:
    return _move(
        actor=actor, municipality=municipality, debt=debt, step="cancel", reason=reason, law=law
    )
