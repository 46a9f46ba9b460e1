"""The facts about a municipality that rules need, and the date they are judged on (D-15)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING

from . import parameters as _parameters
from .bindings import Binding, binding_on
from .citations import Citation, decision
from .parameters import DatedValue, ParameterMissing, ParameterTree, ParameterValue, tree

if TYPE_CHECKING:
    from .calendar import Calendar


@dataclass(frozen=True)
class Population:
    """An IBGE figure: ``value`` inhabitants counted in ``reference_year``, in force from ``effective``."""

    value: int
    reference_year: int
    effective: dt.date
    source: str


@dataclass(frozen=True)
class FiscalUnitValue:
    """Value in reais of one fiscal unit (UFPI, UPFBG…) from ``valid_from`` (D-5)."""

    name: str
    value: Decimal
    valid_from: dt.date
    reference: str
    example: bool = False


@dataclass(frozen=True)
class RuleSuspension:
    """A court (or other authority) suspended a rule from ``start`` (D-16)."""

    rule: str
    start: dt.date
    end: dt.date | None
    reference: str

    def covers(self, day: dt.date) -> bool:
        return self.start <= day and (self.end is None or day <= self.end)

    def citation(self) -> Citation:
        return decision(16, note=f"regra suspensa: {self.reference}")


@dataclass(frozen=True)
class MunicipalityFacts:
    slug: str
    name: str
    ibge_code: str
    uf: str
    laws: tuple[str, ...] = ()  # law ids this municipality applies or applied (its bindings')
    populations: tuple[Population, ...] = ()
    fiscal_units: tuple[FiscalUnitValue, ...] = ()
    holidays: Mapping[dt.date, str] = field(default_factory=dict)
    closed_days: Mapping[dt.date, str] = field(default_factory=dict)
    overrides: Mapping[str, tuple[DatedValue, ...]] = field(default_factory=dict)
    suspensions: tuple[RuleSuspension, ...] = ()
    bindings: tuple[Binding, ...] = ()  # which law governs which service, from when

    def binding(self, service: str, on: dt.date) -> Binding:
        """The law bound to ``service`` on ``on``; :class:`LawNotBound` when none is."""
        return binding_on(self.bindings, service, on, self.name)


#: What :meth:`Context.optional_param` finds for a parameter not read yet (None is "not set").
_UNREAD = object()


@dataclass(frozen=True)
class Context:
    """A municipality judged on a date. Rules read parameters, population and units through it."""

    municipality: MunicipalityFacts
    as_of: dt.date
    # The values already read, by (name, date): a rule asks the same few on every call.
    _params: dict[tuple[str, dt.date], ParameterValue] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _tree: list[ParameterTree] = field(
        default_factory=list, init=False, repr=False, compare=False, hash=False
    )
    # Those in force on ``as_of`` (most asked), by name alone.
    _now: dict[str, ParameterValue] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    # Those a rule reads together, by (names, date): one lookup for the four an escalation's
    # suspension reads on every call (issue #21).
    _groups: dict[tuple[tuple[str, ...], dt.date], tuple[ParameterValue, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    # Those :meth:`optional_param` read, by (name, date): None where no value is set.
    _optional: dict[tuple[str, dt.date], ParameterValue | None] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def param(self, name: str, on: dt.date | None = None) -> ParameterValue:
        if on is None or on == self.as_of:
            found = self._now.get(name)
            if found is not None and self._tree[0] is _parameters._TREE:
                return found
            found = self._now[name] = self._read(name, self.as_of)
            return found
        key = (name, on)
        found = self._params.get(key)
        if found is not None and self._tree[0] is _parameters._TREE:
            return found
        found = self._params[key] = self._read(name, on)
        return found

    def optional_param(self, name: str, on: dt.date | None = None) -> ParameterValue | None:
        """:meth:`param`, or None where the value is left to a decree or regulation that has not
        set it: a value not set is read once, like one set, not raised again on every call."""
        key = (name, on or self.as_of)
        kept = self._optional.get(key, _UNREAD)  # one read: a reload may empty it meanwhile
        if kept is not _UNREAD and self._tree[0] is _parameters._TREE:
            return kept  # type: ignore[return-value]
        found: ParameterValue | None
        try:
            found = self.param(name, on)
        except ParameterMissing:
            found = None
        self._optional[key] = found  # after reading it: a reload of the tree empties the cache
        return found

    def param_set(
        self, names: tuple[str, ...], on: dt.date | None = None
    ) -> tuple[ParameterValue, ...]:
        """:meth:`param` of each of ``names``, in force on ``on`` (default ``as_of``)."""
        key = (names, on or self.as_of)
        found = self._groups.get(key)
        if found is not None and self._tree[0] is _parameters._TREE:
            return found
        found = tuple([self.param(name, on) for name in names])
        self._groups[key] = found  # after reading them: a reload of the tree empties the cache
        return found

    def _read(self, name: str, on: dt.date) -> ParameterValue:
        params = tree()
        if not self._tree or self._tree[0] is not params:  # the shipped parameters were reloaded
            self._params.clear()
            self._now.clear()
            self._groups.clear()
            self._optional.clear()
            self._tree[:] = [params]
        return params.value(name, on, self.municipality.overrides)

    def population(self, on: dt.date | None = None) -> Population:
        """The newest IBGE figure in force on the date (D-7)."""
        day = on or self.as_of
        in_force = [p for p in self.municipality.populations if p.effective <= day]
        if not in_force:
            raise ParameterMissing("população", day, "nenhum dado do IBGE em vigor")
        return max(in_force, key=lambda p: (p.effective, p.reference_year))

    def fiscal_unit(self, name: str, on: dt.date | None = None) -> FiscalUnitValue:
        """The value of the fiscal unit in force on the date (D-5)."""
        day = on or self.as_of
        in_force = [
            u for u in self.municipality.fiscal_units if u.name == name and u.valid_from <= day
        ]
        if not in_force:
            raise ParameterMissing(name, day, "valor da unidade fiscal não informado")
        return max(in_force, key=lambda u: u.valid_from)

    def suspension(self, rule: str, on: dt.date | None = None) -> RuleSuspension | None:
        day = on or self.as_of
        for s in self.municipality.suspensions:
            if s.rule == rule and s.covers(day):
                return s
        return None

    @cached_property
    def calendar(self) -> Calendar:
        from .calendar import Calendar

        return Calendar.for_municipality(self.municipality)
