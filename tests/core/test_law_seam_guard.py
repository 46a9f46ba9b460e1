"""Apps reach the law only through the seam (``core.lawseam.law_for``, ``law.interfaces``): no
module or template outside ``outorga.law`` names a law's id, a question's id, a rulebook package,
a law-id constant or a law's title. A law's words reach a person through the law's own
citations (``Citation.render()``, ``interfaces.cited``), so the same screen serves any municipality
whichever law it binds (issue "law bindings"). Data files (the demo's bindings) may name laws:
they are what an administrator would record.
"""

from __future__ import annotations

import re
from pathlib import Path

import outorga
from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import LAW_TITLES
from outorga.law.questions import LEGACY_IDS, registry

SRC = Path(outorga.__file__).parent


def _patterns() -> list[re.Pattern[str]]:
    shipped = sorted(RULEBOOKS)
    ids = sorted({*LEGACY_IDS, *registry()}, key=len, reverse=True)
    return [
        re.compile("|".join(re.escape(law) for law in shipped)),
        re.compile(r"[\"'](" + "|".join(re.escape(q) for q in ids if "." in q) + r")[\"']"),
        re.compile(
            r"outorga\.law\.(?:ipatinga|barra_do_garcas)\b|from outorga\.law import [^\n]*\b(?:ipatinga|barra_do_garcas)\b"
        ),
        # Law-id constants (``MOTO``, ``L.TAXI``…), not the services of the same name.
        re.compile(
            r"(?<!Service\.)(?<!Kind\.)\b(?:MOTO|TAXI|APPS|APPS_LAW|MOTOTAXI_LAW|TAXI_LAW|MOTO_LAW|"
            r"LAW_ID)\b(?! = \")"
        ),
    ]


def _title_patterns() -> list[re.Pattern[str]]:
    """A shipped law's title, its number (``4.976/2025``) or its town and year (``Ipatinga
    (2013)``), as a message or a page would write it."""
    found = []
    for law in RULEBOOKS:
        title = LAW_TITLES.get(law)
        if not title:
            continue
        found.append(re.compile(re.escape(title), re.I))
        for number in re.findall(r"\d+\.\d+/\d{4}", title):
            found.append(re.compile(re.escape(number)))
        for town_year in re.findall(r"de ([A-ZÀ-Ú][\w ]+ \(\d{4}\))", title):
            found.append(re.compile(re.escape(town_year)))
    return found


def _app_files(*suffixes: str) -> list[tuple[str, Path]]:
    files = []
    for suffix in suffixes:
        for path in sorted(SRC.rglob(f"*{suffix}")):
            rel = path.relative_to(SRC).as_posix()
            if not (rel.startswith("law/") or "/migrations/" in rel):
                files.append((rel, path))
    return files


def _hits(files: list[tuple[str, Path]], patterns: list[re.Pattern[str]]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for rel, path in files:
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for p in patterns:
                for m in p.finditer(line):
                    found.setdefault(rel, []).append(f"{n}: {m.group(0)}")
    return found


def naming_laws() -> dict[str, int]:
    """Module → how many times it names a law (empty: every app speaks through the seam)."""
    return {m: len(v) for m, v in _hits(_app_files(".py"), _patterns()).items()}


def test_no_app_module_names_a_law():
    found = _hits(_app_files(".py"), _patterns())
    assert not found, f"módulos que nomeiam leis (use core.lawseam.law_for): {found}"


def test_no_template_names_a_law_or_branches_on_one():
    found = _hits(_app_files(".html", ".txt"), _patterns()[:2])
    assert not found, f"modelos que nomeiam leis (passe da view o que a lei diz): {found}"


def test_no_app_writes_a_law_s_title_by_hand():
    """Titles come with the law's citations, rendered by the law core."""
    found = _hits(_app_files(".py", ".html", ".txt"), _title_patterns())
    assert not found, f"títulos de lei escritos à mão (use interfaces.cited): {found}"


def test_the_guard_sees_what_it_looks_for():
    """The patterns find a law id, a question id, a rulebook import, a constant and a title."""
    text = (
        'law = "ipatinga.taxi-2017"\nq = "ipatinga.mototaxi-2013.quota"\n'
        "from outorga.law.ipatinga import taxi_2017\nif law == L.TAXI: pass\n"
    )
    assert sum(len(p.findall(text)) for p in _patterns()) >= 4
    assert not any(p.findall("if permit.service == Service.TAXI: pass") for p in _patterns())
    titled = "refused (Lei do táxi de Ipatinga (2017), art. 41) — Lei 4.976/2025, art. 15"
    assert sum(len(p.findall(titled)) for p in _title_patterns()) >= 2
