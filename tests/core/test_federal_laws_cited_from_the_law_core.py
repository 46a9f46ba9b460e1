"""The federal laws a person reads cited — Lei 9.784/1999, the procedure law every municipal law
here leaves its procedure to (D-17), and the LGPD, Lei 13.709/2018, which reserves personal data —
are named by one text, the law core's rendering of their citations (``law.citations.lei_9784``,
``lei_9784_many``, ``lgpd``, ``lgpd_many``; ``{% lei_9784 %}``, ``{% lei_9784_list %}``,
``{% lgpd %}``, ``{% lgpd_list %}`` on a page): the services' refusals and messages, the forms'
labels, the acts' names, the API's descriptions and the pages write "Lei Federal 9.784/1999,
art. 53" or "LGPD, Lei Federal 13.709/2018, art. 6, III", never a citation by hand beside it.
Comments and docstrings, for engineers, may name the articles as they like."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.template import Context, Template

from outorga.core.actlabels import LABELS
from outorga.law.citations import cite, lei_9784, lei_9784_many, lgpd, lgpd_many

SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"
#: A citation of each law written by hand, as a text a person reads writes it.
WRITTEN = ("9.784/1999, art.", "13.709/2018, art.", "LGPD art.", "LGPD, art.")


def _outside_the_law_core(suffix: str) -> list[Path]:
    return [
        path
        for path in sorted(SRC.rglob(f"*{suffix}"))
        if path.relative_to(SRC).parts[0] != "law" and "migrations" not in path.parts
    ]


def _strings(tree: ast.AST) -> list[ast.Constant]:
    """The string literals of ``tree`` that are not docstrings (a module's, a class's, a
    function's); an f-string's literal parts count, adjacent literals joined."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_lei_9784_the_law_core_renders_its_citations():
    assert (
        lei_9784(53) == cite("federal.9784-1999", 53).render() == "Lei Federal 9.784/1999, art. 53"
    )
    assert lei_9784(26, 5) == "Lei Federal 9.784/1999, art. 26, §5"
    assert lei_9784(63, inc="I") == "Lei Federal 9.784/1999, art. 63, I"
    assert lei_9784() == "Lei Federal 9.784/1999"
    assert lei_9784_many((56, 1), 64) == "Lei Federal 9.784/1999, art. 56, §1; art. 64"


def test_lei_9784_a_page_cites_it_as_the_law_core():
    page = Template(
        '{% load law_cite %}({% lei_9784 26 5 %}) ({% lei_9784 63 inc="I" %}) '
        '({% lei_9784_list "56,1" 64 %}) ({% lei_9784 53 %})'
    ).render(Context())
    assert page == (
        f"({lei_9784(26, 5)}) ({lei_9784(63, inc='I')}) ({lei_9784_many((56, 1), 64)}) "
        f"({lei_9784(53)})"
    )


def test_lgpd_the_law_core_renders_its_citations():
    assert lgpd(6, inc="III") == cite("federal.lgpd-2018", 6, inc="III").render()
    assert lgpd(6, inc="III") == "LGPD, Lei Federal 13.709/2018, art. 6, III"
    assert lgpd_many((6, None, "III"), 11) == "LGPD, Lei Federal 13.709/2018, art. 6, III; art. 11"


def test_lgpd_a_page_cites_it_as_the_law_core():
    page = Template(
        '{% load law_cite %}({% lgpd 6 inc="III" %}) ({% lgpd_list "6,,III" 11 %}) ({% lgpd 37 %})'
    ).render(Context())
    assert page == f"({lgpd(6, inc='III')}) ({lgpd_many((6, None, 'III'), 11)}) ({lgpd(37)})"


def test_lei_9784_the_acts_names_cite_it_as_the_law_core():
    assert LABELS["case.annul_ex_officio"] == (
        "Processo anulado de ofício por vício de legalidade (Lei Federal 9.784/1999, art. 53)"
    )


@pytest.mark.parametrize("by_hand", WRITTEN)
def test_no_app_string_writes_a_federal_citation_by_hand(by_hand):
    written = [
        f"{path.relative_to(SRC)}:{node.lineno}"
        for path in _outside_the_law_core(".py")
        for node in _strings(ast.parse(path.read_text(encoding="utf-8")))
        if by_hand in node.value
    ]
    assert written == []


@pytest.mark.parametrize("by_hand", WRITTEN)
def test_no_page_writes_a_federal_citation_by_hand(by_hand):
    written = [
        f"{path.relative_to(SRC)}:{n}"
        for suffix in (".html", ".txt")
        for path in _outside_the_law_core(suffix)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_hand in line
    ]
    assert written == []
