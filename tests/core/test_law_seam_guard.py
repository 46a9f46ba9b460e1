"""Apps reach the law only through the seam (``core.lawseam.law_for``): no module outside
``outorga.law`` names a law's id, a question's id, a rulebook package or a law-id constant.

Where the product stands (December 2026): the registry's grant and badge journey goes through the
seam; the modules listed in ``NOT_YET`` still name laws, each up to the count shown. The list may
only shrink — a module that names a law anew, or names one more often, fails here; a module that
names fewer must lower its count (so the list keeps telling the truth). When it is empty, every
app speaks to the law through the seam alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import outorga
from outorga.law.bindings import RULEBOOKS
from outorga.law.questions import LEGACY_IDS, registry

SRC = Path(outorga.__file__).parent

#: Module → how many times it still names a law (to be brought to zero, issue "law bindings").
NOT_YET: dict[str, int] = {}


def _patterns() -> list[re.Pattern[str]]:
    shipped = [law for law in RULEBOOKS if (SRC / "law").exists()]
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


def naming_laws() -> dict[str, int]:
    found: dict[str, int] = {}
    patterns = _patterns()
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("law/") or "/migrations/" in rel:
            continue
        text = path.read_text("utf-8")
        n = sum(len(p.findall(text)) for p in patterns)
        if n:
            found[rel] = n
    return found


def test_no_app_module_names_a_law_more_than_it_did():
    found = naming_laws()
    new = {m: n for m, n in found.items() if m not in NOT_YET}
    assert not new, f"módulos que passaram a nomear leis (use core.lawseam.law_for): {new}"
    worse = {m: (n, NOT_YET[m]) for m, n in found.items() if n > NOT_YET[m]}
    assert not worse, f"módulos que nomeiam leis mais vezes (agora, antes): {worse}"


def test_the_list_of_modules_still_naming_laws_tells_the_truth():
    found = naming_laws()
    better = {m: (found.get(m, 0), n) for m, n in NOT_YET.items() if found.get(m, 0) < n}
    assert not better, f"baixe as contagens em NOT_YET (agora, antes): {better}"
