"""The coverage map of each law: one row per article, paragraph, inciso and alínea of its text.

The units are read from the law's own text (``../shared/laws/*.txt``, beside the repository) by
:func:`parse_units`; the rows are ``docs/law-coverage/<law id>.yaml``, each with a ``status``:

- ``covered`` — a rule of the law core applies it and a test proves it (``rules`` and ``tests``);
- ``reached`` — the product applies it on a screen or an API route (``routes`` and ``tests``;
  ``rules`` when the law core takes part);
- ``not_applicable`` — nothing for the product to do (a definition no rule reads, a revocation of
  another law, a duty of someone the product does not follow…), ``why`` says which;
- ``not_covered`` — the product could apply it and does not, ``why`` says what is missing.

``tests/law/test_coverage_map.py`` fails on a unit of the text without a row, a row for a unit the
text does not have, a rule that does not import, a test that does not exist, a route that is not in
the URLconf, and a row without ``why`` where one is needed. The markdown page of each law carries a
summary generated from its map (``python -m outorga.law.coverage`` rewrites it, ``--check`` says
whether it is in sync).

The texts have quirks the parser accepts on purpose: ``Art. 4°`` and ``Art. 48 -``; a paragraph
glued to the end of an inciso's line (taxi art. 24, IV); an article's text broken over lines; and,
in the Barra do Garças text (an OCR of the printed law), ``1``/``li``/``Ili`` for I/II/III,
``Art. 1 o`` for art. 10, an inciso without its dash (art. 26, IV) or after a page's letterhead on
the same line (art. 12, VII). Within an article or a paragraph an inciso is taken only when it comes
after the previous one, which keeps a stray numeral in the text from being read as a unit;
:func:`gaps` names any number the text skips, so a unit the parser could not read is noticed.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import string
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

STATUSES = ("covered", "reached", "not_applicable", "not_covered")

#: Each law's map (under ``docs/law-coverage/``), its text (under ``../shared/laws/``) and the
#: package its rules are named from.
LAWS: dict[str, tuple[str, str]] = {
    "ipatinga.mototaxi-2013": (
        "ipatinga-mototaxi-motofrete-2013.txt",
        "outorga.law.ipatinga.mototaxi_2013",
    ),
    "ipatinga.taxi-2017": ("ipatinga-taxi-2017.txt", "outorga.law.ipatinga.taxi_2017"),
    "barra-do-garcas.apps-2025": (
        "barra-do-garcas-app-transport-2025.txt",
        "outorga.law.barra_do_garcas.apps_2025",
    ),
}

REPO = Path(__file__).resolve().parents[3]
#: The law texts sit beside the repository, on a developer's machine and in CI.
LAWS_DIR = REPO.parent / "shared" / "laws"
DOCS_DIR = REPO / "docs" / "law-coverage"


# --- the units of a law's text -------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """An article (its caput), a paragraph, an inciso or an alínea of a law's text."""

    article: str
    paragraph: str | None = None  # "1", "2", "único"
    inciso: str | None = None
    alinea: str | None = None

    @property
    def key(self) -> str:
        """The compact form of its citation without the law id: ``art. 41, §2, III``."""
        paragraph = f"§{self.paragraph}" if self.paragraph else None
        bits = (f"art. {self.article}", paragraph, self.inciso, self.alinea)
        return ", ".join(b for b in bits if b)


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def roman(value: int) -> str:
    out = ""
    for number, letters in (
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        while value >= number:
            out += letters
            value -= number
    return out


def roman_value(token: str) -> int | None:
    """The value of a roman numeral as the text writes it, the OCR's ``1``, ``l`` and ``i`` read as I;
    None when the token is not one written the usual way."""
    token = token.replace("1", "I").replace("l", "I").replace("i", "I")
    if not token or any(c not in _ROMAN for c in token):
        return None
    total = 0
    for i, c in enumerate(token):
        v = _ROMAN[c]
        total += -v if i + 1 < len(token) and _ROMAN[token[i + 1]] > v else v
    return total if roman(total) == token else None


_ART = re.compile(
    r"^Art\.\s*(?P<num>\d+)(?P<ocr0>\s[oO](?=\s))?(?:-(?P<suffix>[A-Z])\b)?\s*[º°]?\s*[.\-–]?\s"
)
_PAR = re.compile(r"^(?:§\s*(?P<num>\d+)\s*[º°o]?|P[áa]r[áa]grafo\s+[úu]nico)\s*[.\-–:]?\s*")
_INC = re.compile(r"^(?P<num>[IVXLil1]+)\s*[-–]\s*")
_INC_NO_DASH = re.compile(r"^(?P<num>[IVXL]{2,})\s+(?=\w)")
_ALI = re.compile(r"^(?P<letter>[a-z])\)\s")
# A paragraph that starts after the end of a sentence on the same line (taxi art. 24, IV).
_GLUED_PAR = re.compile(r"(?<=[.;:])\s+(?=§\s*\d+\s*[º°]|P[áa]r[áa]grafo\s+[úu]nico\b)")


@dataclass
class _Block:
    """An article's caput or a paragraph: its incisos so far."""

    unit: Unit
    last_inciso: int = 0
    inciso: Unit | None = None
    last_alinea: str = ""


@dataclass
class ParsedLaw:
    units: list[Unit] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def keys(self) -> list[str]:
        return [u.key for u in self.units]


def _lines(text: str) -> Iterator[str]:
    text = unicodedata.normalize("NFC", text).replace("\u00a0", " ")
    for raw in text.splitlines():
        line = raw.strip()
        if line:
            yield from (part.strip() for part in _GLUED_PAR.split(line))


def parse_units(text: str) -> ParsedLaw:
    """Every article, paragraph, inciso and alínea of ``text``, in the text's order."""
    law = ParsedLaw()
    last_article = (0, "")
    block: _Block | None = None
    article: Unit | None = None
    paragraphs: list[str] = []

    def add(unit: Unit) -> None:
        law.units.append(unit)

    for line in _lines(text):
        m = _ART.match(line)
        if m:
            number = int(m["num"] + ("0" if m["ocr0"] else ""))
            suffix = m["suffix"] or ""
            if (number, suffix) > last_article:
                if not suffix and number != last_article[0] + 1:
                    law.problems.append(f"art. {number} follows art. {last_article[0]}")
                last_article = (number, suffix)
                article = Unit(f"{number}-{suffix}" if suffix else str(number))
                block = _Block(article)
                paragraphs = []
                add(article)
                continue
            law.problems.append(f"art. {number} out of order after art. {last_article[0]}")
            continue
        if article is None or block is None:
            continue  # the preamble
        m = _PAR.match(line)
        if m:
            par = m["num"] or "único"
            if par in paragraphs or (par == "único" and paragraphs):
                law.problems.append(f"art. {article.article}: §{par} repeated")
            elif par != "único" and int(par) != len(paragraphs) + 1:
                law.problems.append(f"art. {article.article}: §{par} after {len(paragraphs)}")
            paragraphs.append(par)
            block = _Block(Unit(article.article, par))
            add(block.unit)
            continue
        m = _ALI.match(line)
        if m and block.inciso is not None:
            letter = m["letter"]
            expected = string.ascii_lowercase[len(block.last_alinea)]
            if letter == expected:
                block.last_alinea += letter
                add(Unit(article.article, block.unit.paragraph, block.inciso.inciso, letter))
                continue
        if _inciso(block, line, add):
            continue
        # A line of the text, or the next inciso after a page's letterhead on the same line.
        following = roman(block.last_inciso + 1)
        if block.last_inciso and len(following) > 1:
            glued = re.search(rf"\s(?={following}\s*[-–]\s*[A-ZÀ-Ú])", line)
            if glued:
                _inciso(block, line[glued.end() :], add)
    law.problems.extend(gaps(law.units))
    return law


def _inciso(block: _Block, line: str, add: Callable[[Unit], None]) -> bool:
    m = _INC.match(line)
    value = roman_value(m["num"]) if m else None
    if value is None:
        m = _INC_NO_DASH.match(line)
        value = roman_value(m["num"]) if m else None
        if value != block.last_inciso + 1:
            return False  # a numeral without its dash is taken only where it is the next one
    if value is None or value <= block.last_inciso:
        return False
    block.last_inciso = value
    block.inciso = Unit(block.unit.article, block.unit.paragraph, roman(value))
    block.last_alinea = ""
    add(block.inciso)
    return True


def gaps(units: Iterable[Unit]) -> list[str]:
    """Numbers the text skips: an article, a paragraph, an inciso or an alínea that is missing
    between two that are there (a sign the parser did not read a unit)."""
    out = []
    incisos: dict[tuple[str, str | None], list[str]] = {}
    alineas: dict[tuple[str, str | None, str | None], list[str]] = {}
    for u in units:
        if u.alinea:
            alineas.setdefault((u.article, u.paragraph, u.inciso), []).append(u.alinea)
        elif u.inciso:
            incisos.setdefault((u.article, u.paragraph), []).append(u.inciso)
    for (art, par), found in incisos.items():
        expected = [roman(i) for i in range(1, len(found) + 1)]
        if found != expected:
            out.append(f"art. {art}{f', §{par}' if par else ''}: incisos {found}")
    for (art, par, inc), letters in alineas.items():
        if "".join(letters) != string.ascii_lowercase[: len(letters)]:
            out.append(f"art. {art}{f', §{par}' if par else ''}, {inc}: alíneas {letters}")
    return out


# --- the map -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    unit: str
    status: str
    rules: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    routes: tuple[str, ...] = ()
    why: str = ""


@dataclass(frozen=True)
class CoverageMap:
    law: str
    text: str
    package: str
    rows: tuple[Row, ...]
    path: Path

    def rule_path(self, rule: str) -> str:
        """A rule named from the law's package (``registry.art_22_ii_cnh_category``) or in full
        (``outorga.law.competence.COMPETENCES``)."""
        return rule if rule.startswith("outorga.") else f"{self.package}.{rule}"


def map_path(law: str, docs: Path = DOCS_DIR) -> Path:
    return docs / f"{law}.yaml"


def load_map(path: Path) -> CoverageMap:
    data = yaml.safe_load(path.read_text("utf-8"))
    rows = []
    for entry in data["rows"]:
        unknown = set(entry) - {"unit", "status", "rules", "tests", "routes", "why"}
        if unknown:
            raise ValueError(f"{path.name}: {entry.get('unit')}: unknown keys {sorted(unknown)}")
        rows.append(
            Row(
                unit=str(entry["unit"]),
                status=str(entry["status"]),
                rules=tuple(entry.get("rules") or ()),
                tests=tuple(entry.get("tests") or ()),
                routes=tuple(entry.get("routes") or ()),
                why=str(entry.get("why") or "").strip(),
            )
        )
    return CoverageMap(data["law"], data["text"], data["package"], tuple(rows), path)


def row_problems(row: Row) -> list[str]:
    """What a row lacks for its status (``why`` where one is needed, the evidence of a claim)."""
    out = []
    if row.status not in STATUSES:
        out.append(f"{row.unit}: status {row.status!r} is not one of {', '.join(STATUSES)}")
    elif row.status in ("not_applicable", "not_covered") and not row.why:
        out.append(f"{row.unit}: {row.status} without why")
    elif row.status == "covered" and not (row.rules and row.tests):
        out.append(f"{row.unit}: covered needs a rule and a test")
    elif row.status == "reached" and not (row.routes and row.tests):
        out.append(f"{row.unit}: reached needs a route and a test")
    return out


def rule_exists(dotted: str) -> bool:
    """``dotted`` names a module, or an object reached by attributes from the longest module
    prefix that imports."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


_TEST_NAMES: dict[Path, set[str]] = {}


def test_exists(node: str, root: Path = REPO) -> bool:
    """``tests/x.py::test_y`` (or ``::Class::test_y``, or with ``[param]``) is a test function in
    that file, read with ``ast``, never imported."""
    file, _, name = node.partition("::")
    path = root / file
    if not name or not path.is_file():
        return False
    if path not in _TEST_NAMES:
        tree = ast.parse(path.read_text("utf-8"), filename=str(path))
        names: set[str] = set()
        for node_ in tree.body:
            if isinstance(node_, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node_.name)
            elif isinstance(node_, ast.ClassDef):
                names.update(
                    f"{node_.name}::{f.name}"
                    for f in node_.body
                    if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                )
        _TEST_NAMES[path] = names
    return name.split("[", 1)[0] in _TEST_NAMES[path]


test_exists.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


# --- the summary on each law's page --------------------------------------------------------------

START = "<!-- coverage-map:start (generated by `python -m outorga.law.coverage`; do not edit) -->"
END = "<!-- coverage-map:end -->"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def summary(cmap: CoverageMap) -> str:
    counts = {s: sum(1 for r in cmap.rows if r.status == s) for s in STATUSES}
    lines = [
        START,
        "## Coverage map by article",
        "",
        f"Every article, paragraph, inciso and alínea of the text, one row each, in "
        f"[`{cmap.path.name}`]({cmap.path.name}) (read against `../shared/laws/{cmap.text}` by "
        f"`tests/law/test_coverage_map.py`): {len(cmap.rows)} units — {counts['covered']} "
        f"covered (rule and test), {counts['reached']} reached on a screen or route, "
        f"{counts['not_applicable']} not applicable, {counts['not_covered']} not covered.",
        "",
    ]
    for status, title in (
        ("not_covered", "### Não cobertos (not covered)"),
        ("not_applicable", "### Não aplicáveis (not applicable)"),
    ):
        rows = [r for r in cmap.rows if r.status == status]
        lines += [title, ""]
        if not rows:
            lines += ["None.", ""]
            continue
        lines += ["| unit | why |", "|---|---|"]
        lines += [f"| {r.unit} | {_cell(r.why)} |" for r in rows]
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def page_path(cmap: CoverageMap) -> Path:
    return cmap.path.with_suffix(".md")


def synced_page(cmap: CoverageMap) -> str:
    """The law's page with its summary replaced (or appended, the first time)."""
    page = page_path(cmap).read_text("utf-8")
    block = summary(cmap)
    if START in page:
        head, rest = page.split(START, 1)
        _, tail = rest.split(END, 1)
        return f"{head}{block}{tail}"
    return f"{page.rstrip()}\n\n{block}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail if a page is out of sync")
    args = parser.parse_args(argv)
    stale = []
    for law in LAWS:
        cmap = load_map(map_path(law))
        page = synced_page(cmap)
        if page != page_path(cmap).read_text("utf-8"):
            stale.append(page_path(cmap).name)
            if not args.check:
                page_path(cmap).write_text(page, "utf-8")
    if args.check and stale:
        sys.stderr.write(f"out of sync: {', '.join(stale)}\n")
        return 1
    sys.stdout.write(f"rewritten: {', '.join(stale)}\n" if stale else "in sync\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
