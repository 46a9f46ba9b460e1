"""Motofrete art. 24, §3 in the inspection result: the loads found are judged by the law's
``motofrete_load`` for the item that names it, whatever the inspector ticked."""

import datetime as dt

import pytest

from outorga.law.inspections.checklists import checklist
from outorga.law.inspections.results import RESULT_QUESTION
from outorga.law.questions import FactsInvalid, ask

MOTO = "ipatinga.mototaxi-2013"


def _facts(on: dt.date, loads: dict | None) -> dict:
    items = {i.code: {"result": "ok"} for i in checklist("motofrete", on).items}
    facts = {"checklist": "motofrete", "kind": "semestral", "inspected_on": on.isoformat()}
    facts["items"] = items
    if loads is not None:
        facts["loads"] = loads
    return facts


def test_art_24_par3_a_fuel_found_fails_the_item_even_with_a_sidecar(ipatinga):
    on = dt.date(2026, 5, 4)
    loads = {"sidecar": True, "loads": [{"kind": "combustivel", "capacity": 5}]}
    d = ask(RESULT_QUESTION[MOTO], ipatinga(on), _facts(on, loads))
    [item] = [i for i in d.outcome["items"] if i["code"] == "carga_proibida"]
    assert item["result"] == "not_ok" and item["automatic_refusal"]
    assert d.outcome["result"] == "failed"


def test_art_24_par3_water_without_a_sidecar_fails_and_with_one_passes(ipatinga):
    on = dt.date(2026, 5, 4)
    water = [{"kind": "agua_mineral", "capacity": 20}]
    without = ask(
        RESULT_QUESTION[MOTO], ipatinga(on), _facts(on, {"sidecar": False, "loads": water})
    )
    with_one = ask(
        RESULT_QUESTION[MOTO], ipatinga(on), _facts(on, {"sidecar": True, "loads": water})
    )
    assert without.outcome["result"] == "failed"
    assert with_one.outcome["result"] == "approved"


def test_art_24_par3_a_load_the_law_does_not_name_is_invalid(ipatinga):
    on = dt.date(2026, 5, 4)
    loads = {"sidecar": True, "loads": [{"kind": "areia", "capacity": 5}]}
    with pytest.raises(FactsInvalid):
        ask(RESULT_QUESTION[MOTO], ipatinga(on), _facts(on, loads))
