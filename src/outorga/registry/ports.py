"""The registry's ports: what it asks of the areas built on top of it, without importing them.

The ledger (``finance``) and enforcement keep rows about the registry's persons and permits, so
they sit above the registry and import it. The registry still needs a few answers from them:

- the debts a renewal or a grant reads (taxi art. 21 §1 and D-11: final and due debts block,
  those under defence or appeal are shown), and the contrapartida plan written as debts in the
  grant's own transaction (art. 10, D-12);
- the penalties on a person's inscription in the Cadastro Municipal de Taxistas (cassação, art.
  41 IV and §3; suspension, art. 42 IV), which bar that person from the Cadastro.

It asks them through these two interfaces; each area provides its own when Django starts
(``finance.apps``/``enforcement.apps``, ``ready()``). A port nobody provided raises at the first
call, never answers "no debts" or "no penalty" by default.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from django.core.exceptions import ImproperlyConfigured


class Ledger(Protocol):
    def debts_blocking(self, person: Any, on: dt.date) -> Sequence[Any]:
        """The person's debts final and due on ``on`` (they block, D-11)."""
        ...

    def debts_under_review(self, person: Any) -> Sequence[Any]:
        """The person's debts under defence or appeal (shown, never blocking, D-11)."""
        ...

    def debt_facts(self, person: Any, on: dt.date) -> list[dict[str, Any]]:
        """Both lists as the law core's ``debts`` fact (id, kind, amount, status, description)."""
        ...

    def amounts_owed(self, debts: Iterable[Any]) -> dict[int, int]:
        """What is still owed on each debt, by id: a debt paid in part, for the rest (D-18)."""
        ...

    def contrapartida_debts_create(
        self,
        *,
        actor: Any,
        municipality: Any,
        person: Any,
        permit: Any,
        plan: Iterable[Mapping[str, Any]],
        description: str,
        basis: Mapping[str, Any],
    ) -> Sequence[Any]:
        """One debt per instalment of the plan, inside the caller's transaction (art. 10, D-12)."""
        ...

    def contrapartida_instalments(self, permit: Any) -> Sequence[Any]:
        """The permit's contrapartida debts, by instalment."""
        ...


@dataclass(frozen=True)
class CadastroPenalty:
    """A penalty imposed on a person's inscription in the Cadastro (not on a permit)."""

    kind: Literal["cassacao", "suspension"]
    imposed_on: dt.date
    days: int | None = None


class Sanctions(Protocol):
    def cadastro_penalties(
        self, person_ids: Collection[int], on: dt.date
    ) -> Mapping[int, Sequence[CadastroPenalty]]:
        """The penalties on each person's inscription imposed on or before ``on``, oldest first,
        by person id (a person with none is left out): in one read however many persons."""
        ...

    def credential_suspensions(
        self, person_ids: Collection[int], imposed_on_permit: int | None = None
    ) -> Mapping[int, Sequence[tuple[dt.date, dt.date]]]:
        """The suspensions of each person's credential as a mototaxi auxiliary (art. 32 I with
        art. 34 and art. 2 XXV; ADR 0088) not annulled, first and last day, oldest first, by
        person id: the credential (RAC, art. 2 III) is the person's, whatever permit he serves.
        With ``imposed_on_permit``, only those imposed on that permit (its count, art. 32 I):
        what its holder answers for (art. 31 §2, "os respectivos condutores auxiliares")."""
        ...


_provided: dict[str, Any] = {}


def provide_ledger(impl: Ledger) -> None:
    _provided["ledger"] = impl


def provide_sanctions(impl: Sanctions) -> None:
    _provided["sanctions"] = impl


def _get(name: str, area: str) -> Any:
    try:
        return _provided[name]
    except KeyError:
        raise ImproperlyConfigured(
            f"registry.ports: nenhum '{name}' foi fornecido ('{area}' está em INSTALLED_APPS?)"
        ) from None


def ledger() -> Ledger:
    impl: Ledger = _get("ledger", "outorga.finance")
    return impl


def sanctions() -> Sanctions:
    impl: Sanctions = _get("sanctions", "outorga.enforcement")
    return impl
