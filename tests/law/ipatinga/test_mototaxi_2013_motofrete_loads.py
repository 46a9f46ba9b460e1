"""Art. 24 §3 — a motofrete carries no fuel, flammable or toxic product nor gallons, save cooking
gas up to 13 kg and mineral water gallons up to 20 litres, and those only with a sidecar."""

import datetime as dt
from typing import Any

import pytest

from outorga.law.citations import cite
from outorga.law.questions import FactsInvalid, ask

LAW = "ipatinga.mototaxi-2013"
Q = "ipatinga.mototaxi-2013.motofrete_load"
AS_OF = dt.date(2024, 6, 10)
PAR_3 = cite(LAW, 24, 3)


def motofrete(*loads: dict[str, Any], sidecar: bool = True) -> dict[str, Any]:
    return {"found_on": AS_OF.isoformat(), "sidecar": sidecar, "loads": list(loads)}


def refused(ipatinga, facts):
    return {c for r in ask(Q, ipatinga(AS_OF), facts).refusals for c in r.citations}


@pytest.mark.parametrize("kind", ["combustivel", "inflamavel", "toxico", "galao"])
def test_art_24_par3_fuels_flammables_toxics_and_gallons_are_refused_even_with_a_sidecar(
    ipatinga, kind
):
    assert refused(ipatinga, motofrete({"kind": kind})) == {PAR_3}


def test_art_24_par3_cooking_gas_of_13_kg_with_a_sidecar_is_allowed(ipatinga):
    d = ask(Q, ipatinga(AS_OF), motofrete({"kind": "gas_cozinha", "capacity": 13}))
    assert d.outcome["allowed"] is True
    assert PAR_3 in d.citations


def test_art_24_par3_cooking_gas_over_13_kg_is_refused(ipatinga):
    facts = motofrete({"kind": "gas_cozinha", "capacity": 13.5})
    d = ask(Q, ipatinga(AS_OF), facts)
    assert refused(ipatinga, facts) == {PAR_3}
    assert "13,5 kg acima de 13 kg" in " ".join(r.message for r in d.refusals)


def test_art_24_par3_mineral_water_of_20_litres_allowed_21_refused(ipatinga):
    assert refused(ipatinga, motofrete({"kind": "agua_mineral", "capacity": 20})) == set()
    assert refused(ipatinga, motofrete({"kind": "agua_mineral", "capacity": 21})) == {PAR_3}


def test_art_24_par3_the_exceptions_only_with_a_sidecar(ipatinga):
    facts = motofrete({"kind": "gas_cozinha", "capacity": 13}, sidecar=False)
    d = ask(Q, ipatinga(AS_OF), facts)
    assert PAR_3 in {c for r in d.refusals for c in r.citations}
    assert "só com sidecar" in " ".join(r.message for r in d.refusals)


def test_art_24_par3_an_unknown_load_is_refused_by_the_schema(ipatinga):
    with pytest.raises(FactsInvalid):
        ask(Q, ipatinga(AS_OF), motofrete({"kind": "dinamite"}))
