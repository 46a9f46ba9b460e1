"""A proposed amendment, judged before it is voted: the municipality's facts as they would be.

A proposal is written with the mechanisms the law in force already uses (D-15): dated parameter
values (the shape of a municipality's own values, checked as they are), IBGE population figures
(D-7) and bindings — a rulebook governing a service from a date, which is how a new version of a
law's rules takes over. :func:`amended` returns the municipality's facts with the proposal laid
over them; the facts in force are never touched, and nothing here is stored. The apps evaluate
their records twice — under ``facts`` and ``amended(facts, proposal)`` — and compare.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import parameter_input
from .bindings import RULEBOOKS, Binding, laws_of
from .context import MunicipalityFacts, Population
from .parameters import DatedValue

#: ``source`` of a proposed value in a decision's trace ("law" and "municipality" are the others).
PROPOSAL = "proposta"


class ProposalInvalid(ValueError):
    """A proposal the law's mechanisms cannot take; ``field`` names where, the message is
    Portuguese."""

    def __init__(self, field: str, message: str) -> None:
        self.field, self.message = field, message
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Proposal:
    """``parameters``: the proposed dated values by parameter name; ``populations``: a proposed
    IBGE figure (a new census); ``bindings``: a rulebook governing a service from a date;
    ``title``: the bill or draft it stands for (shown on every side of the comparison)."""

    title: str
    parameters: Mapping[str, tuple[DatedValue, ...]] = field(default_factory=dict)
    populations: tuple[Population, ...] = ()
    bindings: tuple[Binding, ...] = ()

    def is_empty(self) -> bool:
        return not (self.parameters or self.populations or self.bindings)


def amended(m: MunicipalityFacts, p: Proposal) -> MunicipalityFacts:
    """``m`` as it would be under ``p``: a proposed value wins over the municipality's on the same
    date (as the municipality's wins over the shipped one); a proposed figure replaces one in
    force from the same date; a proposed binding governs its service from its date, the binding
    it meets ending the day before."""
    overrides = {name: tuple(values) for name, values in m.overrides.items()}
    for name, values in p.parameters.items():
        overrides[name] = overrides.get(name, ()) + tuple(values)
    proposed_days = {x.effective for x in p.populations}
    populations = tuple(x for x in m.populations if x.effective not in proposed_days)
    bindings = m.bindings
    for b in p.bindings:
        bindings = _bound_from(bindings, b)
    return dataclasses.replace(
        m,
        overrides=overrides,
        populations=populations + p.populations,
        bindings=bindings,
        laws=laws_of(bindings) if p.bindings else m.laws,
    )


def _bound_from(bindings: tuple[Binding, ...], new: Binding) -> tuple[Binding, ...]:
    kept: list[Binding] = []
    for b in bindings:
        if b.service != new.service or (b.valid_until and b.valid_until < new.valid_from):
            kept.append(b)
        elif b.valid_from < new.valid_from:
            kept.append(dataclasses.replace(b, valid_until=new.valid_from - dt.timedelta(days=1)))
    return (*kept, new)


def from_json(data: Any, laws: tuple[str, ...]) -> Proposal:
    """A proposal sent by the API or the page, checked as the municipality's own values are:
    each parameter must be one the municipality's laws declare (``laws``), its value of the kind
    the parameter takes (``parameter_input.from_json``: money in cents, years as an integer…)."""
    if not isinstance(data, Mapping):
        raise ProposalInvalid("proposta", "deve ser um objeto")
    title = str(data.get("title") or "").strip()
    if not title:
        raise ProposalInvalid("title", "informe o projeto ou a minuta que a proposta representa")
    declared = {p.name: p for p in parameter_input.parameters_for(laws)}
    parameters: dict[str, tuple[DatedValue, ...]] = {}
    for i, item in enumerate(_list(data, "parameters")):
        where = f"parameters[{i}]"
        name = str(_get(item, "name", where))
        param = declared.get(name)
        if param is None:
            raise ProposalInvalid(f"{where}.name", f"parâmetro desconhecido nas leis: {name}")
        try:
            value = parameter_input.from_json(param, _get(item, "value", where))
        except parameter_input.ValueInvalid as exc:
            raise ProposalInvalid(f"{where}.value", str(exc)) from None
        effective = _day(_get(item, "effective", where), f"{where}.effective")
        proposed = DatedValue(effective, value, False, title, PROPOSAL)
        parameters[name] = parameters.get(name, ()) + (proposed,)
    populations = tuple(
        Population(
            _positive(_get(item, "value", f"populations[{i}]"), f"populations[{i}].value"),
            _positive(
                _get(item, "reference_year", f"populations[{i}]"),
                f"populations[{i}].reference_year",
            ),
            _day(_get(item, "effective", f"populations[{i}]"), f"populations[{i}].effective"),
            str(item.get("source") or title),
        )
        for i, item in enumerate(_list(data, "populations"))
    )
    bindings = []
    for i, item in enumerate(_list(data, "bindings")):
        where = f"bindings[{i}]"
        law, service = str(_get(item, "law", where)), str(_get(item, "service", where))
        book = RULEBOOKS.get(law)
        if book is None:
            raise ProposalInvalid(f"{where}.law", f"lei desconhecida: {law}")
        if service not in book.services:
            raise ProposalInvalid(f"{where}.service", f"a lei {law} não rege o serviço {service}")
        start = _day(_get(item, "valid_from", where), f"{where}.valid_from")
        bindings.append(Binding(service, law, start, None, title))
    p = Proposal(title, parameters, populations, tuple(bindings))
    if p.is_empty():
        raise ProposalInvalid("proposta", "informe ao menos um valor, população ou lei proposta")
    return p


def _list(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = data.get(key) or []
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise ProposalInvalid(key, "deve ser uma lista de objetos")
    if len(items) > 100:
        raise ProposalInvalid(key, "no máximo 100 itens")
    return items


def _get(item: Mapping[str, Any], key: str, where: str) -> Any:
    if item.get(key) in (None, ""):
        raise ProposalInvalid(f"{where}.{key}", "campo obrigatório")
    return item[key]


def _day(value: Any, where: str) -> dt.date:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise ProposalInvalid(where, "data inválida, use AAAA-MM-DD") from None


def _positive(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ProposalInvalid(where, "deve ser um número inteiro positivo")
    return value
