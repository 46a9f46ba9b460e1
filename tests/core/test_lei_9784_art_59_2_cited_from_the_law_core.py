"""Lei 9.784/1999 art. 59, §2º — the extension, "por igual período, ante justificativa explícita",
of the period to judge an appeal — is named by one text, the law core's rendering of its citation
(``law.common.judgment.extension_cited``): the enforcement and platforms services' refusals and
success messages, the form's label, the pages (staff's and platform portal's), the home queue and
the acts log's name of the act read it, never a citation written by hand beside it."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template

from outorga.core.actlabels import LABELS
from outorga.law.common.judgment import FEDERAL_JUDGMENT_EXTENSION, extension_cited
from outorga.platforms.views.penalties import ExtendForm

SRC = Path(__file__).resolve().parents[2] / "src" / "outorga"
#: A hand-written citation of art. 59 §2 as a text a person reads writes it ("art. 59, §2º",
#: "art. 59, § 2"); the code's comments name it "art. 59 §2", without the comma.
WRITTEN = re.compile(r"art\. 59, §\s*2")


def test_lei_9784_art_59_2_the_law_core_renders_the_citation():
    assert extension_cited() == FEDERAL_JUDGMENT_EXTENSION.render()
    assert extension_cited() == "Lei Federal 9.784/1999, art. 59, §2"


def test_lei_9784_art_59_2_no_app_writes_the_citation_by_hand():
    written = [
        f"{path.relative_to(SRC)}:{n}"
        for path in sorted(SRC.rglob("*"))
        if path.suffix in {".py", ".html", ".txt"} and "law" not in path.relative_to(SRC).parts[:1]
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if WRITTEN.search(line)
    ]
    assert written == []


def test_lei_9784_art_59_2_the_act_the_form_and_the_pages_name_it_as_the_law_core():
    cited = extension_cited()
    assert LABELS["appeal.judgment.extend"] == f"Prazo para julgar o recurso prorrogado ({cited})"
    assert ExtendForm().fields["justification"].label == f"Justificativa ({cited})"
    page = Template("{% load law_cite %}({% judgment_extension_cite %})").render(Context())
    assert page == f"({cited})"


def test_lei_9784_art_59_the_law_core_s_messages_render_its_citations():
    """The texts the law core's art. 59 §1–§2 rules say (its refusals and the extension granted)
    name the articles by rendering their citations ("Lei Federal 9.784/1999, art. 59, §2"), the
    same spelling as every page: no string but a docstring writes "§2º" or "§1º" there."""
    import ast

    tree = ast.parse((SRC / "law" / "common" / "judgment.py").read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    written = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and re.search(r"§§?\s*[12]º", node.value)
    ]
    assert written == []
