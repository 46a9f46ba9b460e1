"""The coverage map cannot drift from the laws nor from the code: every article, paragraph, inciso
and alínea of each law's text has exactly one row in ``docs/law-coverage/<law>.yaml``, and every
rule, test and route a row names exists (``outorga.law.coverage`` says what each status claims)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import URLResolver, get_resolver

from outorga.law import coverage
from outorga.law.citations import parse
from outorga.law.coverage import (
    LAWS,
    LAWS_DIR,
    Unit,
    gaps,
    load_map,
    map_path,
    parse_units,
    row_problems,
    rule_exists,
    synced_page,
    test_exists,
)


def law_text(law: str) -> str:
    path = LAWS_DIR / LAWS[law][0]
    if not path.exists():
        pytest.skip("texto da lei fora do repositório")
    return path.read_text("utf-8")


def url_names() -> set[str]:
    def walk(patterns: list, namespace: list[str]) -> set[str]:
        names = set()
        for p in patterns:
            if isinstance(p, URLResolver):
                names |= walk(
                    p.url_patterns, namespace + [p.namespace] if p.namespace else namespace
                )
            elif p.name:
                names.add(":".join([*namespace, p.name]))
        return names

    return walk(get_resolver().url_patterns, [])


def operation_ids() -> set[str]:
    from outorga.config.api import api

    schema = api.get_openapi_schema()
    return {op["operationId"] for path in schema["paths"].values() for op in path.values()}


# --- the parser ----------------------------------------------------------------------------------


#: What the texts have, counted by hand: articles, and the incisos and alíneas of a few units.
SHAPES = {
    "ipatinga.mototaxi-2013": (
        54,
        {"art. 2": 31, "art. 13": 22, "art. 5": 11, "art. 5, §1": 4, "art. 30": 10, "art. 39": 15},
        {"art. 13, XX": 6, "art. 32, III": 8, "art. 32, IV": 6, "art. 3, I": 2},
    ),
    "ipatinga.taxi-2017": (
        49,
        {"art. 4": 14, "art. 22": 12, "art. 23": 8, "art. 24": 4, "art. 41, §2": 4, "art. 42": 7},
        {"art. 10, I": 2, "art. 10, II": 2},
    ),
    "barra-do-garcas.apps-2025": (
        29,
        {"art. 2": 2, "art. 4": 2, "art. 6": 4, "art. 12": 7, "art. 16": 3, "art. 26": 4},
        {"art. 4, II": 6},
    ),
}


def _children(keys: list[str], parent: str) -> int:
    """The incisos of an article or a paragraph, or the alíneas of an inciso."""
    depth = parent.count(", ") + 1
    return sum(
        1
        for k in keys
        if k.startswith(parent + ", ") and k.count(", ") == depth and "§" not in k.split(", ")[-1]
    )


@pytest.mark.parametrize("law", sorted(LAWS))
def test_the_parser_reads_every_article_inciso_and_alinea_of_the_text(law):
    parsed = parse_units(law_text(law))
    keys = parsed.keys()
    articles, incisos, alineas = SHAPES[law]
    assert parsed.problems == []
    assert [u.article for u in parsed.units if u == Unit(u.article)] == [
        str(n) for n in range(1, articles + 1)
    ]
    assert {p: _children(keys, p) for p in incisos} == incisos
    assert {p: _children(keys, p) for p in alineas} == alineas
    assert len(keys) == len(set(keys))
    for key in keys:  # each unit is a citation the rulebooks can write
        assert parse(f"{law} {key}").compact() == f"{law} {key}"


def test_the_parser_takes_the_quirks_of_the_texts():
    text = "\n".join(
        [
            "Preâmbulo: Art. 9 inciso XXI não é artigo.",
            "Art. 1º Caput.",
            "I - primeiro;",
            "a) alínea;",
            "b) outra.",
            "li - segundo, lido de um OCR;",
            "Ili -terceiro;",
            "IV quarto sem travessão. Parágrafo único. Colado ao inciso.",
            "Art. 2° Outro. § 1º colado depois de um ponto.",
            "§2° Sem espaço.",
            "Art.3°- Com travessão.",
            "ft CABEÇALHO '----- I - primeiro depois do cabeçalho.",
            "Art. 4 - Quatro.",
            "I - um;",
            "ft CABEÇALHO '----- II - Colado ao cabeçalho.",
            "Art. 4-A. Inserido.",
            "Art. 5 o Lido como 50, fora de ordem, e lembrado.",
            "art. 22 desta Lei, em minúsculas, continua o texto.",
        ]
    )
    parsed = parse_units(text)
    assert parsed.keys() == [
        "art. 1",
        "art. 1, I",
        "art. 1, I, a",
        "art. 1, I, b",
        "art. 1, II",
        "art. 1, III",
        "art. 1, IV",
        "art. 1, §único",
        "art. 2",
        "art. 2, §1",
        "art. 2, §2",
        "art. 3",
        "art. 4",
        "art. 4, I",
        "art. 4, II",
        "art. 4-A",
        "art. 50",
    ]
    assert parsed.problems == ["art. 50 follows art. 4"]


def test_gaps_name_a_unit_the_parser_missed():
    units = [Unit("1"), Unit("1", inciso="I"), Unit("1", inciso="III"), Unit("1", "2", "I", "b")]
    assert gaps(units) == ["art. 1: incisos ['I', 'III']", "art. 1, §2, I: alíneas ['b']"]


# --- the maps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("law", sorted(LAWS))
def test_the_map_has_one_row_per_unit_of_the_law_and_no_other(law):
    units = parse_units(law_text(law)).keys()
    cmap = load_map(map_path(law))
    assert (cmap.law, cmap.text, cmap.package) == (law, LAWS[law][0], LAWS[law][1])
    rows = [r.unit for r in cmap.rows]
    missing = [u for u in units if u not in rows]
    unknown = [r for r in rows if r not in units]
    repeated = sorted({r for r in rows if rows.count(r) > 1})
    assert (missing, unknown, repeated) == ([], [], [])
    assert rows == units, "rows follow the order of the text"


@pytest.mark.parametrize("law", sorted(LAWS))
def test_every_row_says_why_and_names_rules_tests_and_routes_that_exist(law):
    cmap = load_map(map_path(law))
    routes = url_names()
    operations: set[str] | None = None
    problems = []
    for row in cmap.rows:
        problems += row_problems(row)
        problems += [
            f"{row.unit}: rule {r} does not import"
            for r in row.rules
            if not rule_exists(cmap.rule_path(r))
        ]
        problems += [f"{row.unit}: no test {t}" for t in row.tests if not test_exists(t)]
        for route in row.routes:
            if route in routes:
                continue
            if operations is None:
                operations = operation_ids()
            if route not in operations:
                problems.append(f"{row.unit}: no route {route}")
    assert problems == []


@pytest.mark.parametrize("law", sorted(LAWS))
def test_the_law_page_summary_is_in_sync_with_the_map(law):
    cmap = load_map(map_path(law))
    page = coverage.page_path(cmap)
    assert synced_page(cmap) == page.read_text("utf-8"), (
        f"run `PYTHONPATH=src python -m outorga.law.coverage` to rewrite {page.name}"
    )


# --- the checks would catch a drift ----------------------------------------------------------------


def test_the_checks_catch_a_bad_row(tmp_path: Path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text("def test_real():\n    pass\n")
    assert test_exists("tests/test_x.py::test_real", tmp_path)
    assert not test_exists("tests/test_x.py::test_gone", tmp_path)
    assert not test_exists("tests/test_missing.py::test_real", tmp_path)
    assert rule_exists("outorga.law.ipatinga.taxi_2017.registry.art_20_sole_paragraph_auxiliaries")
    assert not rule_exists("outorga.law.ipatinga.taxi_2017.registry.art_99_nothing")
    assert not rule_exists("outorga.law.nowhere.rule")
    bad = coverage.Row("art. 1", "not_covered")
    assert row_problems(bad) == ["art. 1: not_covered without why"]
    assert row_problems(coverage.Row("art. 1", "covered", rules=("x",))) == [
        "art. 1: covered needs a rule and a test"
    ]
    assert row_problems(coverage.Row("art. 1", "reached", tests=("t",))) == [
        "art. 1: reached needs a route and a test"
    ]
    assert row_problems(coverage.Row("art. 1", "done")) == [
        "art. 1: status 'done' is not one of covered, reached, not_applicable, not_covered"
    ]
