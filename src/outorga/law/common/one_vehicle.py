"""One vehicle serves one permission — the taxi law's art. 6 ("limitada a um único veículo") and
the mototaxi and motofrete law's art. 6 §2 ("somente o cadastramento de 01 (um) veículo"). The
vehicle a permission in force (active, suspended or in reserve) holds is that permission's and
serves no other; so is its own vehicle while it is away, a reserve or emergency vehicle standing
in for it (taxi art. 30; mototaxi art. 2 XXIII), for it returns to that permission when the
temporary change ends. A vehicle whose permission ended (extinct, revoked) is free again.
The same reading from the permission's side: while a temporary vehicle stands in for its own,
the permission already serves with one vehicle and keeps its own, so it takes no other (a
second temporary vehicle, or a substitution) before the temporary change ends.

Each law answers ``one_vehicle`` with its own articles (``held_by`` for the first reading,
``away_from`` for the second, ``temporary_in_use`` for the third, asked only of a new vehicle for
the permission); the reading is one, here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation
from outorga.law.decisions import Reason
from outorga.law.rulebook import has_refusal, joined
from outorga.law.rules import check, quick, verdict_only
from outorga.law.schemas import closed, list_of

_NUMBERS = list_of({"type": "string", "minLength": 1}, uniqueItems=True)

#: The facts of every law's ``one_vehicle`` question, from the records: the vehicle's plate, the
#: other permissions in force that hold it, and those in force whose own vehicle it is, away
#: while a temporary change lasts; and, when the vehicle is a new one for the permission (a
#: substitution, a reserve or emergency vehicle), whether a temporary vehicle already stands in
#: for the permission's own (its temporary change still in course).
SCHEMA: dict[str, Any] = closed(
    {
        "plate": {"type": "string", "minLength": 1},
        "held_by": _NUMBERS,
        "away_from": _NUMBERS,
        "temporary_in_use": {"type": "boolean"},
    },
    required=["plate", "held_by", "away_from"],
)


def held_by_no_other_permit(
    plate: str, held_by: Sequence[str], *, rule: str, grounds: tuple[Citation, ...]
) -> Reason:
    """The vehicle another permission in force holds is that permission's: it serves no other."""
    return _of_no_other_permit(
        rule,
        plate,
        held_by,
        grounds,
        lambda: f"O veículo {plate} não está vinculado a outra permissão em vigor.",
        lambda: (
            f"O veículo {plate} já está vinculado à permissão {joined(held_by)}: cada "
            "permissão tem o seu único veículo."
        ),
        "vinculado_às_permissões",
    )


def not_away_from_its_permit(
    plate: str, away_from: Sequence[str], *, rule: str, grounds: tuple[Citation, ...]
) -> Reason:
    """The permission's own vehicle, away while a reserve or emergency vehicle stands in for it,
    is still that permission's: it returns to it when the temporary change ends."""
    return _of_no_other_permit(
        rule,
        plate,
        away_from,
        grounds,
        lambda: f"O veículo {plate} não é o de outra permissão substituído temporariamente.",
        lambda: (
            f"O veículo {plate} é o veículo da permissão {joined(away_from)}, substituído "
            "temporariamente, e volta a ela ao fim da troca."
        ),
        "substituído_nas_permissões",
    )


def no_change_while_a_temporary_vehicle_is_in_use(
    in_use: bool, *, rule: str, grounds: tuple[Citation, ...], temporary: str
) -> Reason:
    """The permission a temporary vehicle (``temporary``: the law's name of it) stands in for
    already serves with one vehicle, and its own is still its own: it takes no other vehicle —
    a second temporary one, or a substitution — before the temporary change ends."""
    if verdict_only():
        return quick(rule, not in_use, *grounds)
    return check(
        rule,
        not in_use,
        "Nenhuma troca temporária em curso na permissão.",
        f"Troca não admitida: há uma troca temporária em curso na permissão, com {temporary} em "
        "uso; encerre-a antes.",
        *grounds,
        facts={"troca_temporária_em_curso": in_use},
    )


def _of_no_other_permit(
    rule: str,
    plate: str,
    permits: Sequence[str],
    grounds: tuple[Citation, ...],
    ok: Callable[[], str],
    refused: Callable[[], str],
    fact: str,
) -> Reason:
    """Refused when ``permits`` (the other permissions the vehicle is bound to) is not empty; the
    texts (``ok``, ``refused``) are written only when read."""
    passed = not permits
    if verdict_only():
        return quick(rule, passed, *grounds)
    return check(rule, passed, ok, refused, *grounds, facts={"placa": plate, fact: list(permits)})


def one_vehicle(
    facts: Mapping[str, Any],
    *,
    held_rule: str,
    away_rule: str,
    temporary_rule: str,
    held_by: tuple[Citation, ...],
    away_from: tuple[Citation, ...],
    temporary_in_use: tuple[Citation, ...],
    temporary: str,
) -> tuple[dict[str, Any], list[Reason], str]:
    """The ``one_vehicle`` answer of a law: whether the vehicle may serve the permission asked
    about (``allowed``), the reasons of the readings and the summary. ``temporary``: the law's
    name of its temporary vehicle, in the refusal of a change while one is in use (read first,
    when asked: the permission's side before the vehicle's)."""
    plate = str(facts["plate"])
    standing: list[Reason] = []
    if "temporary_in_use" in facts:
        standing.append(
            no_change_while_a_temporary_vehicle_is_in_use(
                bool(facts["temporary_in_use"]),
                rule=temporary_rule,
                grounds=temporary_in_use,
                temporary=temporary,
            )
        )
    others = [
        held_by_no_other_permit(plate, facts["held_by"], rule=held_rule, grounds=held_by),
        not_away_from_its_permit(plate, facts["away_from"], rule=away_rule, grounds=away_from),
    ]
    reasons = standing + others
    allowed = not has_refusal(reasons)
    if allowed:
        summary = f"O veículo {plate} pode servir à permissão."
    elif has_refusal(others):
        summary = f"O veículo {plate} é de outra permissão e não serve a esta."
    else:
        summary = f"Há uma troca temporária em curso na permissão: o veículo {plate} não a serve."
    return {"allowed": allowed}, reasons, summary
