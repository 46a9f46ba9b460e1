"""What a person reads in a decision is Brazilian Portuguese: every amount in Brazilian format
(``R$ 1.234,56``, never ``R$ 5.0000``), every rate as a percentage (never ``0.05 ×``), every
quantity with a decimal comma, every enum value with its accents (never ``permissao``,
``transporte_escolar``, ``chefe_executivo``) and Roman numerals in capitals (``Bandeira I``).

The corpus (``texts_corpus.jsonl``) is a few cases of every question of the three laws, taken
from the law tests' own facts; each is asked again here and the text of every reason and summary
is scanned. A case that no longer answers (a question renamed, a fact now required) fails: the
corpus is updated with the question, never skipped."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law.context import Context
from outorga.law.decisions import Decision
from outorga.law.questions import ask

CORPUS = Path(__file__).with_name("texts_corpus.jsonl")
TOWNS = {"ipatinga": IPATINGA, "barra-do-garcas": BARRA_DO_GARCAS}

AMOUNT = re.compile(r"R\$\s*-?[\d.,]*\d")
BRAZILIAN_AMOUNT = re.compile(r"^-?R\$ -?\d{1,3}(\.\d{3})*,\d{2,4}$")
#: A decimal point: 1, 2 or 4+ digits after a dot are never a thousands group ("1.234").
DOT_DECIMAL = re.compile(r"(?<![\d.])\d+\.(\d{1,2}|\d{4,})(?!\d)")
RAW_RATE = re.compile(r"\b0[.,]\d+\s*×")
LOWER_BAND = re.compile(r"[Bb]andeira [ivxl]+\b")
UNACCENTED = re.compile(
    r"\b(permissao|concessao|autorizacao|mototaxi|taxi|automovel|renovacao|extraordinaria|"
    r"gravissima|advertencia|apreensao|cassacao|renuncia|substituicao)\b"
)
#: An enum value left as code; a parameter's name, which the clerk must find, is not one.
SNAKE = re.compile(r"(?<![.\w])[a-z]+(?:_[a-z0-9]+)+\b")
PARAMETER = re.compile(r"parâmetro [\w.]+")


def problems(text: str) -> list[str]:
    found = [f"valor fora do formato brasileiro: {m.group()!r}" for m in AMOUNT.finditer(text)]
    found = [p for p in found if not BRAZILIAN_AMOUNT.match(p.split(": ", 1)[1].strip("'"))]
    found += [f"número com ponto decimal: {m.group()!r}" for m in DOT_DECIMAL.finditer(text)]
    found += [f"alíquota crua: {m.group()!r}" for m in RAW_RATE.finditer(text)]
    found += [f"romano minúsculo: {m.group()!r}" for m in LOWER_BAND.finditer(text)]
    found += [f"sem acento: {m.group()!r}" for m in UNACCENTED.finditer(text)]
    found += [f"código no texto: {m.group()!r}" for m in SNAKE.finditer(PARAMETER.sub("", text))]
    return found


def cases() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]


def decide(case: dict) -> Decision:
    ctx = Context(TOWNS[case["town"]], dt.date.fromisoformat(case["on"]))
    return ask(case["question"], ctx, case["facts"])


def texts(d: Decision) -> list[str]:
    return [d.summary, *(r.message for r in d.reasons)]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("3 UFPI × R$ 5.0000 (UFPI em 30/11/2026) = R$ 15,00.", "formato brasileiro"),
        ("ISSQN da plataforma: 0.05 × R$ 100.000,00 = R$ 5.000,00.", "alíquota crua"),
        ("3.2 km em bandeira i: R$ 9,60.", "romano minúsculo"),
        ("O requerente detém permissao de mototaxi no Município.", "sem acento"),
        ("Proposta de cassação; decide chefe_executivo.", "código no texto"),
        ("Multa de 12.5 UPFBG = R$ 1.250,00.", "ponto decimal"),
    ],
)
def test_the_scan_catches_each_fault_it_looks_for(text, kind):
    assert any(kind in p for p in problems(text)), problems(text)


def test_the_scan_accepts_brazilian_texts():
    text = (
        "Multa grave: 150 UFPI × R$ 5,3412 (UFPI em vigor desde 01/01/2026, valor de exemplo) = "
        "R$ 801,18; 3,2 km em Bandeira I: R$ 9,60; ISSQN: 5% de R$ 1.000,00 = R$ 50,00; detém "
        "permissão de mototáxi; registre o parâmetro taxi_2017.fee_inspection (Lei 9.784/1999)."
    )
    assert problems(text) == []


def test_the_corpus_covers_every_law_and_the_texts_of_the_issue():
    corpus = cases()
    laws = {c["question"].rsplit(".", 1)[0] for c in corpus}
    assert laws == {
        "ipatinga.mototaxi-2013",
        "ipatinga.taxi-2017",
        "barra-do-garcas.apps-2025",
    }
    asked = {c["question"] for c in corpus}
    for question in (
        "ipatinga.mototaxi-2013.fine",
        "ipatinga.taxi-2017.penalty",
        "barra-do-garcas.apps-2025.penalty",
        "barra-do-garcas.apps-2025.issqn_statement",
        "ipatinga.taxi-2017.fare",
        "ipatinga.taxi-2017.person_eligibility",
        "ipatinga.mototaxi-2013.tariff_readjustment",
    ):
        assert question in asked


def test_every_text_of_the_corpus_reads_as_brazilian_portuguese():
    faults: dict[str, list[str]] = {}
    for case in cases():
        for text in texts(decide(case)):
            found = problems(text)
            if found:
                faults.setdefault(text, found)
    assert faults == {}
