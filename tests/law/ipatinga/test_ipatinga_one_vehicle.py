"""One vehicle serves one permission: the taxi law's art. 6 ("limitada a um único veículo") and
the mototaxi and motofrete law's art. 6 §2 ("somente o cadastramento de 01 (um) veículo"), each
answering ``one_vehicle`` — the vehicle another permission in force holds serves no other, nor
does a permission's own vehicle away while a reserve (taxi art. 30) or emergency vehicle
(mototaxi art. 2 XXIII) stands in for it, nor does a permission take a new vehicle while one of
them stands in for its own (``temporary_in_use``, asked of a change only)."""

from __future__ import annotations

import datetime as dt

import pytest

from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import FactsInvalid, ask

TAXI = "ipatinga.taxi-2017"
MOTO = "ipatinga.mototaxi-2013"
ON = dt.date(2026, 3, 12)


def one_vehicle(ipatinga, law: str, held_by=(), away_from=(), **more) -> Decision:  # type: ignore[no-untyped-def]
    return ask(
        f"{law}.one_vehicle",
        ipatinga(ON),
        {"plate": "ABC1D23", "held_by": list(held_by), "away_from": list(away_from), **more},
    )


def refusal_citations(d: Decision) -> set[str]:
    return {c.compact() for r in d.refusals for c in r.citations}


def test_art_6_a_car_another_taxi_permit_in_force_holds_is_refused_naming_it(ipatinga):
    d = one_vehicle(ipatinga, TAXI, held_by=["TX-0007"])
    assert d.outcome == {"allowed": False}
    [refusal] = d.refusals
    assert refusal.rule == "taxi_2017.art_6_vehicle_of_another_permit"
    assert refusal.message.startswith("O veículo ABC1D23 já está vinculado à permissão TX-0007")
    assert refusal_citations(d) == {f"{TAXI} art. 6"}


def test_art_6_with_art_30_the_own_car_away_on_a_reserve_is_refused_naming_its_permit(ipatinga):
    d = one_vehicle(ipatinga, TAXI, away_from=["TX-0003"])
    assert d.outcome == {"allowed": False}
    [refusal] = d.refusals
    assert refusal.rule == "taxi_2017.art_6_vehicle_away_from_its_permit"
    assert "da permissão TX-0003, substituído temporariamente" in refusal.message
    assert refusal_citations(d) == {f"{TAXI} art. 6", f"{TAXI} art. 30"}


def test_art_6_a_car_no_permit_in_force_holds_is_allowed(ipatinga):
    """The vehicle of a permission that ended (extinct, revoked) is held by none in force: the
    records give no permit, and the law lets it serve another."""
    d = one_vehicle(ipatinga, TAXI)
    assert d.outcome == {"allowed": True}
    assert [r.verdict for r in d.reasons] == [Verdict.OK, Verdict.OK]


def test_art_6_before_the_taxi_law_is_not_judged_by_it(ipatinga):
    d = ask(
        f"{TAXI}.one_vehicle",
        ipatinga(dt.date(2016, 1, 4)),
        {"plate": "ABC1D23", "held_by": [], "away_from": []},
    )
    assert d.refusals and d.refusals[0].rule == "taxi_2017.art_49_vigencia"


def test_art_6_par2_a_motorcycle_another_permit_holds_is_refused_naming_them_all(ipatinga):
    d = one_vehicle(ipatinga, MOTO, held_by=["MT-0001", "MF-0002"])
    assert d.outcome == {"allowed": False}
    [refusal] = d.refusals
    assert refusal.rule == "art_6_par2_vehicle_of_another_permit"
    assert "já está vinculado à permissão MT-0001 e MF-0002" in refusal.message
    assert refusal_citations(d) == {f"{MOTO} art. 6, §2"}


def test_art_6_par2_with_art_2_xxiii_the_own_motorcycle_away_is_refused(ipatinga):
    d = one_vehicle(ipatinga, MOTO, away_from=["MT-0004"])
    [refusal] = d.refusals
    assert refusal.rule == "art_6_par2_vehicle_away_from_its_permit"
    assert "da permissão MT-0004, substituído temporariamente" in refusal.message
    assert refusal_citations(d) == {f"{MOTO} art. 6, §2", f"{MOTO} art. 2, XXIII"}


def test_art_6_par2_held_and_away_both_refuse(ipatinga):
    d = one_vehicle(ipatinga, MOTO, held_by=["MT-0001"], away_from=["MT-0004"])
    assert [r.rule for r in d.refusals] == [
        "art_6_par2_vehicle_of_another_permit",
        "art_6_par2_vehicle_away_from_its_permit",
    ]


def test_art_6_par2_a_free_motorcycle_is_allowed(ipatinga):
    assert one_vehicle(ipatinga, MOTO).outcome == {"allowed": True}


@pytest.mark.parametrize("law", [TAXI, MOTO])
def test_the_facts_name_every_permit_the_records_hold(ipatinga, law):
    """The app gives the permits themselves, never a count or a verdict of its own."""
    with pytest.raises(FactsInvalid):
        ask(f"{law}.one_vehicle", ipatinga(ON), {"plate": "ABC1D23", "held_by": 1})


def test_art_6_with_art_30_no_new_car_while_the_reserve_is_in_use(ipatinga):
    """Art. 6 ("limitada a um único veículo") with art. 30: while a reserve vehicle stands in,
    the permission serves with it and keeps its own — a second reserve or a substitution waits
    for the reserve's end."""
    d = one_vehicle(ipatinga, TAXI, temporary_in_use=True)
    assert d.outcome == {"allowed": False}
    [refusal] = d.refusals
    assert refusal.rule == "taxi_2017.art_6_art_30_no_change_while_the_reserve_is_in_use"
    assert refusal.message == (
        "Troca não admitida: há uma troca temporária em curso na permissão, com um veículo "
        "reserva em uso; encerre-a antes."
    )
    assert refusal_citations(d) == {f"{TAXI} art. 6", f"{TAXI} art. 30"}
    assert d.summary.startswith("Há uma troca temporária em curso na permissão")


def test_art_6_with_art_30_a_new_car_without_a_reserve_in_use_is_allowed(ipatinga):
    d = one_vehicle(ipatinga, TAXI, temporary_in_use=False)
    assert d.outcome == {"allowed": True}
    assert d.reasons[0].rule == "taxi_2017.art_6_art_30_no_change_while_the_reserve_is_in_use"
    assert [r.verdict for r in d.reasons] == [Verdict.OK, Verdict.OK, Verdict.OK]


def test_art_6_par2_with_art_2_xxiii_no_new_motorcycle_while_the_emergency_one_is_in_use(
    ipatinga,
):
    d = one_vehicle(ipatinga, MOTO, temporary_in_use=True)
    assert d.outcome == {"allowed": False}
    [refusal] = d.refusals
    assert refusal.rule == (
        "art_6_par2_art_2_xxiii_no_change_while_the_emergency_substitution_lasts"
    )
    assert refusal.message == (
        "Troca não admitida: há uma troca temporária em curso na permissão, com um veículo de "
        "substituição emergencial em uso; encerre-a antes."
    )
    assert refusal_citations(d) == {f"{MOTO} art. 6, §2", f"{MOTO} art. 2, XXIII"}


def test_art_6_par2_with_art_2_xxiii_a_new_motorcycle_without_one_in_use_is_allowed(ipatinga):
    d = one_vehicle(ipatinga, MOTO, temporary_in_use=False)
    assert d.outcome == {"allowed": True}
    assert d.reasons[0].rule == (
        "art_6_par2_art_2_xxiii_no_change_while_the_emergency_substitution_lasts"
    )


@pytest.mark.parametrize("law", [TAXI, MOTO])
def test_the_temporary_change_is_read_first_and_only_when_asked(ipatinga, law):
    """Asked with it, the permission's temporary change is the first refusal (then the vehicle's
    own); asked without it (a grant, the import, the own vehicle's return), it is not read."""
    d = one_vehicle(ipatinga, law, held_by=["TX-0007"], temporary_in_use=True)
    assert len(d.refusals) == 2 and "troca temporária em curso" in d.refusals[0].message
    assert len(one_vehicle(ipatinga, law).reasons) == 2
