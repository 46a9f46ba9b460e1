"""Checklists are versioned dated data, validated by a JSON schema; each item cites its article."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import jsonschema
import pytest
import yaml

from outorga.law.citations import parse
from outorga.law.inspections import checklists
from outorga.law.ipatinga.mototaxi_2013.vehicles import COMMON_EQUIPMENT, MOTOTAXI_EQUIPMENT

ON = dt.date(2026, 3, 10)
FILES = sorted(checklists.DATA.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_checklist_file_matches_the_schema(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["versions"] = {str(k): v for k, v in data["versions"].items()}
    jsonschema.validate(data, checklists.SCHEMA)
    for version in data["versions"].values():
        for item in version["items"]:
            assert parse(item["citation"]).article, item["code"]


def test_a_mis_indented_item_is_caught_by_the_schema(tmp_path: Path) -> None:
    bad = tmp_path / "x.yaml"
    bad.write_text(
        "code: x\ntitle: xxx\nlaw: ipatinga.taxi-2017\nservice: taxi\nversions:\n"
        "  2020-01-01:\n    reference: abc\n    items:\n    - code: a\n      label: abc\n"
        "      citation: ipatinga.taxi-2017 art. 27\n    critical: true\n",
        encoding="utf-8",
    )
    with pytest.raises(jsonschema.ValidationError):
        checklists.read_file(bad)


def test_one_checklist_per_service_and_category() -> None:
    assert checklists.codes() == [
        "apps_vehicle",
        "motofrete",
        "mototaxi",
        "taxi_convencional",
        "taxi_especial",
        "taxi_executivo",
    ]
    assert checklists.code_for("taxi", "especial") == "taxi_especial"
    assert checklists.code_for("mototaxi") == "mototaxi"
    assert checklists.code_for("apps") == "apps_vehicle"


def test_art_5_par_7_and_art_19_every_mototaxi_equipment_of_the_rulebook_is_an_item() -> None:
    cl = checklists.checklist("mototaxi", ON)
    facts = {i.fact.split(":")[1] for i in cl.items if i.fact and i.fact.startswith("equipment:")}
    assert facts == set(COMMON_EQUIPMENT) | set(MOTOTAXI_EQUIPMENT)
    by_code = {i.code: i for i in cl.items}
    assert by_code["retrovisores_ambos_lados"].citation.render().endswith("art. 19, VI")
    assert by_code["capacete_amarelo_placa"].citation.render().endswith("art. 13, VIII")


def test_art_24_motofrete_checklist_has_the_cargo_rules_and_not_the_passenger_items() -> None:
    cl = checklists.checklist("motofrete", ON)
    cited = {i.citation.render().split(", art. ")[1] for i in cl.items}
    assert {"24, §1", "24, §2", "24, §3", "24, §4", "24, §5", "5, §7"} <= cited
    assert "alcas_metalicas" not in {i.code for i in cl.items}


def test_art_8_only_the_especial_taxi_checks_the_lift_platform() -> None:
    especial = {i.code for i in checklists.checklist("taxi_especial", ON).items}
    convencional = {i.code for i in checklists.checklist("taxi_convencional", ON).items}
    assert "plataforma_elevatoria" in especial - convencional
    assert "padrao_executivo" in {i.code for i in checklists.checklist("taxi_executivo", ON).items}


def test_art_25_apps_checklist_never_lets_the_sign_items_be_not_applicable() -> None:
    cl = checklists.checklist("apps_vehicle", dt.date(2026, 1, 5))
    assert not cl.item("sem_luminoso_externo").allow_na


def test_a_regulation_adds_an_item_from_its_date_and_not_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = (checklists.DATA / "taxi_convencional.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(src)
    first = next(iter(data["versions"].values()))
    newer = {"reference": "Decreto municipal de exemplo", "items": [*first["items"]]}
    newer["items"].append(
        {
            "code": "extintor",
            "label": "Extintor de incêndio",
            "citation": "ipatinga.taxi-2017 art. 28, VII",
            "critical": True,
        }
    )
    data["versions"]["2027-01-01"] = newer
    (tmp_path / "taxi_convencional.yaml").write_text(
        yaml.safe_dump(data, allow_unicode=True), encoding="utf-8"
    )
    monkeypatch.setattr(checklists, "DATA", tmp_path)
    checklists._files.cache_clear()
    try:
        assert "extintor" not in {
            i.code for i in checklists.checklist("taxi_convencional", ON).items
        }
        late = checklists.checklist("taxi_convencional", dt.date(2027, 1, 1))
        assert late.version == dt.date(2027, 1, 1) and "extintor" in {i.code for i in late.items}
    finally:
        checklists._files.cache_clear()


def test_no_version_before_the_law() -> None:
    with pytest.raises(checklists.ChecklistMissing):
        checklists.checklist("taxi_convencional", dt.date(2017, 9, 27))
