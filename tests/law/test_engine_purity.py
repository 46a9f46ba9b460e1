"""The law core is pure Python: no module under src/outorga/law imports Django."""

from __future__ import annotations

import ast
from pathlib import Path

import outorga.law

LAW_DIR = Path(outorga.law.__file__).parent
FORBIDDEN = ("django", "ninja", "outorga.core", "outorga.platforms", "outorga.public")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_module_of_the_law_core_imports_django():
    files = sorted(LAW_DIR.rglob("*.py"))
    assert len(files) > 10
    offenders = {
        str(f.relative_to(LAW_DIR)): sorted(n for n in _imports(f) if n.startswith(FORBIDDEN))
        for f in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_scan_would_catch_an_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\nimport django\n")
    assert {"django", "django.db"} <= _imports(bad)
