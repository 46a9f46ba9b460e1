"""Dated parameters: every YAML file matches the schema; values are picked by effective date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import jsonschema
import pytest
import yaml

from outorga.law import parameters
from outorga.law.parameters import (
    SCHEMA,
    DatedValue,
    ParameterMissing,
    ParameterTree,
    load_file,
    parameter_roots,
    tree,
)

#: The product's own parameter roots (a rulebook a test registers adds its own to the tree).
SHIPPED = [r for r in parameter_roots() if Path(parameters.__file__).parent in r.parents]
FILES = sorted(p for root in SHIPPED for p in root.rglob("*.yaml"))


def test_there_are_parameter_files():
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.name))
def test_every_parameter_file_matches_the_schema(path: Path):
    data = yaml.safe_load(path.read_text("utf-8"))
    data["values"] = {str(k): v for k, v in data["values"].items()}
    jsonschema.validate(data, SCHEMA)


def test_the_whole_tree_loads_with_unique_names():
    assert len(ParameterTree.load(*SHIPPED).parameters) == len(FILES)
    assert set(ParameterTree.load(*SHIPPED).parameters) <= set(tree().parameters)


def test_a_mis_indented_key_is_caught(tmp_path):
    """PolicyEngine lost values to a mis-indented key nothing checked; here the schema refuses it."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "description: x value\nmetadata:\n  unit: days\n  reference:\n    - title: art. 1\n"
        "values:\n  2020-01-01:\n  value: 10\n"
    )
    with pytest.raises(jsonschema.ValidationError):
        load_file(bad, "bad")


def _tree(tmp_path: Path, body: str) -> ParameterTree:
    root = tmp_path / "parameters"
    root.mkdir()
    (root / "p.yaml").write_text(body)
    return ParameterTree.load(root)


BODY = (
    "description: Prazo de teste\nmetadata:\n  unit: days\n  reference:\n"
    "    - title: Lei X, art. 1\nvalues:\n  2013-08-27:\n    value: 10\n"
    "  2020-01-01:\n    value: 15\n"
)


def test_d_15_the_value_in_force_on_the_date_of_the_fact(tmp_path):
    t = _tree(tmp_path, BODY)
    assert t.value("p", dt.date(2019, 12, 31)).value == 10
    v = t.value("p", dt.date(2020, 1, 1))
    assert (v.value, v.effective) == (15, dt.date(2020, 1, 1))


def test_d_15_before_the_law_took_effect_there_is_no_value(tmp_path):
    t = _tree(tmp_path, BODY)
    with pytest.raises(ParameterMissing):
        t.value("p", dt.date(2013, 8, 26))


def test_a_municipality_value_wins_from_its_date_on(tmp_path):
    t = _tree(tmp_path, BODY)
    overrides = {"p": (DatedValue(dt.date(2021, 3, 1), 20, reference="Decreto 1/2021"),)}
    assert t.value("p", dt.date(2021, 2, 28), overrides).value == 15
    v = t.value("p", dt.date(2021, 3, 1), overrides)
    assert v.value == 20 and "Decreto 1/2021" in v.references


def test_a_null_value_means_the_regulation_must_say(tmp_path):
    body = BODY.replace("value: 15", "value: null")
    t = _tree(tmp_path, body)
    with pytest.raises(ParameterMissing, match="regulamento"):
        t.value("p", dt.date(2022, 1, 1))


LAW_YAML = sorted(Path(parameters.__file__).parent.rglob("*.yaml"))


def test_every_yaml_file_of_the_law_reads_the_same_with_libyaml():
    """``load_yaml`` (libyaml's parser, where PyYAML has it) gives exactly what
    ``yaml.safe_load`` gives, for every parameter and checklist file the law reads."""
    assert len(LAW_YAML) > 100
    for path in LAW_YAML:
        text = path.read_text(encoding="utf-8")
        assert parameters.load_yaml(text) == yaml.safe_load(text), path
