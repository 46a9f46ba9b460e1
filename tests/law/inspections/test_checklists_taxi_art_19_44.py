"""The taxi vistoria checks art. 19, IV (the vehicle's documents) and art. 44 (advertising only on
the top and/or rear) from the checklist version of 2027-01-01 — the date these items entered the
checklist as data (ADR 0031); a vistoria of an earlier date keeps the 2017-09-28 list and texts."""

from __future__ import annotations

import datetime as dt

import pytest
from inspection_facts import all_ok, taxi_vehicle  # type: ignore[import-not-found]

from outorga.law.inspections import checklists
from outorga.law.questions import ask

NEW = dt.date(2027, 1, 1)


def taxi(ipatinga, on, checklist="taxi_convencional", **override):  # type: ignore[no-untyped-def]
    facts = {
        "checklist": checklist,
        "kind": "vistoria",
        "inspected_on": on.isoformat(),
        "items": all_ok(checklist, on, **override),
        "vehicle": taxi_vehicle(category=checklist.removeprefix("taxi_")),
    }
    return ask("inspections.taxi_result", ipatinga(on), facts)


@pytest.mark.parametrize("code", ["taxi_convencional", "taxi_especial", "taxi_executivo"])
def test_art_44_and_art_19_iv_items_from_2027_01_01_and_not_the_day_before(code):
    before = {i.code for i in checklists.checklist(code, NEW - dt.timedelta(days=1)).items}
    after = checklists.checklist(code, NEW)
    assert {"publicidade", "documentacao_veiculo"} & before == set()
    assert after.version == NEW
    assert after.item("publicidade").citation.compact() == "ipatinga.taxi-2017 art. 44"
    assert after.item("documentacao_veiculo").citation.compact() == "ipatinga.taxi-2017 art. 19, IV"
    # The new version keeps every item of the old one.
    assert before < {i.code for i in after.items}


def test_art_44_advertising_on_the_sides_is_a_remark_citing_art_44(ipatinga):
    d = taxi(ipatinga, NEW, publicidade="not_ok")
    assert d.outcome["result"] == "approved_with_remarks"
    item = next(i for i in d.outcome["items"] if i["code"] == "publicidade")
    assert item["result"] == "not_ok"
    refusal = next(r for r in d.refusals if r.rule == "inspections.item.publicidade")
    assert "ipatinga.taxi-2017 art. 44" in {c.compact() for c in refusal.citations}


def test_art_19_iv_documents_out_of_date_are_a_remark_citing_art_19_iv(ipatinga):
    d = taxi(ipatinga, NEW, checklist="taxi_especial", documentacao_veiculo="not_ok")
    assert d.outcome["result"] == "approved_with_remarks"
    refusal = next(r for r in d.refusals if r.rule == "inspections.item.documentacao_veiculo")
    assert "ipatinga.taxi-2017 art. 19, IV" in {c.compact() for c in refusal.citations}


def test_every_item_ok_on_the_new_version_approves(ipatinga):
    assert taxi(ipatinga, NEW).outcome["result"] == "approved"


def test_a_vistoria_before_2027_has_no_art_44_item_and_its_texts_are_unchanged(ipatinga):
    d = taxi(ipatinga, dt.date(2026, 12, 31))
    assert "publicidade" not in {i["code"] for i in d.outcome["items"]}
    assert not any("art. 44" in c.compact() for c in d.citations)
