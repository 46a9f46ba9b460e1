"""Fast decisions, explanations on demand (issue #21, item 1): a decision's outcome is computed
without writing its texts, and every reason's message is written when it is first read. What a
person or a machine reads must not change by a byte:

- the lazy explanation equals the eager one (every text written at once, ``eager_texts()``) for
  the facts hypothesis generates for the eligibility and escalation questions of the three laws;
- the explanations equal those the engine gave before it became lazy, recorded from ``main`` in
  ``lazy_golden.jsonl`` (the texts corpus plus generated cases of the same questions) by running
  this module as a script before the change.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law import questions
from outorga.law.context import Context

GOLDEN = Path(__file__).with_name("lazy_golden.jsonl")
CORPUS = Path(__file__).with_name("texts_corpus.jsonl")
TOWNS = {"ipatinga": IPATINGA, "barra-do-garcas": BARRA_DO_GARCAS}

#: The eligibility and escalation questions of the three laws, with the town each is asked in.
QUESTIONS: dict[str, str] = {
    "ipatinga.mototaxi-2013.person_eligibility": "ipatinga",
    "ipatinga.mototaxi-2013.vehicle_eligibility": "ipatinga",
    "ipatinga.mototaxi-2013.penalty": "ipatinga",
    "ipatinga.taxi-2017.person_eligibility": "ipatinga",
    "ipatinga.taxi-2017.vehicle_eligibility": "ipatinga",
    "ipatinga.taxi-2017.penalty": "ipatinga",
    "barra-do-garcas.apps-2025.driver_eligibility": "barra-do-garcas",
    "barra-do-garcas.apps-2025.vehicle_eligibility": "barra-do-garcas",
    "barra-do-garcas.apps-2025.penalty": "barra-do-garcas",
}

#: Values a field takes where its schema alone (a free string, a pattern) would give facts no law
#: reads: the catalogs' codes, IBGE codes, amounts in fiscal units.
CHOICES: dict[str, list[Any]] = {
    "infraction": [
        "desobediencia_sem_risco",
        "desobediencia_com_risco",
        "descumprimento_termo",
        "risco_prestacao",
        "recusa_passageiro",
        "tarifa_diferente",
        "suspensao_servico",
    ],
    "code": ["art38-I", "art38-XI", "art39-VI", "art40-III", "art41-I", "art41-II"],
    "registered_municipality_ibge": ["3131307", "3106200"],
    "registration_uf": ["MG", "SP"],
    "fine_upfbg": ["10", "12.5", "100.0001"],
    "colour": ["branca", "prata"],
    "taximeter_approved_by": ["INMETRO", "IPEM-MG"],
    "other_commercial_permissions": [[], ["táxi"], ["transporte escolar", "motofrete"]],
}


def _date(rng: random.Random, on: dt.date) -> str:
    return (on + dt.timedelta(days=rng.randint(-8 * 365, 2 * 365))).isoformat()


def facts_for(schema: Mapping[str, Any], rng: random.Random, on: dt.date, key: str = "") -> Any:
    """Facts valid against ``schema`` (the subset of JSON Schema the questions use), with every
    optional field present or absent at random and dates around ``on``."""
    if key in CHOICES:
        return rng.choice(CHOICES[key])
    if "anyOf" in schema and "properties" not in schema:
        return facts_for(rng.choice(schema["anyOf"]), rng, on, key)
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kind = schema.get("type")
    if kind == "boolean":
        return rng.random() < 0.8
    if kind == "null":
        return None
    if kind == "integer":
        low = schema.get("minimum", 0)
        if key.endswith("year"):
            low = max(low, on.year - 25)
        high = schema.get("maximum", low + (25 if key.endswith("year") else 40))
        return rng.randint(low, min(high, on.year + 1) if key.endswith("year") else high)
    if kind == "string":
        if schema.get("format") == "date":
            return _date(rng, on)
        return rng.choice(["a", "b", "c", "x1"])
    if kind == "array":
        n = rng.randint(schema.get("minItems", 0), 5)
        items = [facts_for(schema["items"], rng, on, key) for _ in range(n)]
        if "enum" in schema["items"]:
            items = list(dict.fromkeys(items))
        return items
    if kind == "object":
        required = set(schema.get("required", ()))
        for alt in schema.get("anyOf", ()):
            required |= set(rng.choice([alt]).get("required", ()))
        out = {}
        for name, sub in schema.get("properties", {}).items():
            if name in required or rng.random() < 0.6:
                out[name] = facts_for(sub, rng, on, name)
        if "severity" in out and "code" in out:  # a code's own nature, or a nature alone
            del out[rng.choice(["severity", "code"])]
        if schema.get("then") and out.get("role") == "auxiliar":
            out.update(
                {
                    k: facts_for(schema["properties"][k], rng, on, k)
                    for k in schema["then"]["required"]
                }
            )
        for i, item in enumerate(out.get("infractions", ()) or ()):
            item["id"] = str(i)
        if "regulation_items" in out:
            for i, item in enumerate(out["regulation_items"]):
                item["code"] = f"reg-{i}"
        return out
    return rng.choice([True, 1, "a"])


def generated_case(qid: str, rng: random.Random) -> dict[str, Any]:
    on = dt.date(2026, 6, 1) if QUESTIONS[qid] == "ipatinga" else dt.date(2026, 3, 2)
    on += dt.timedelta(days=rng.randint(-400, 400))
    facts = facts_for(questions.get(qid).facts_schema, rng, on)
    return {"question": qid, "town": QUESTIONS[qid], "on": on.isoformat(), "facts": facts}


def corpus_cases() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]


def explained(case: Mapping[str, Any]) -> str:
    """Everything a decision shows — its JSON and its Portuguese prose — or the refusal of the
    facts, as one text."""
    ctx = Context(TOWNS[case["town"]], dt.date.fromisoformat(case["on"]))
    try:
        d = questions.ask(case["question"], ctx, case["facts"])
    except (ValueError, LookupError) as e:
        return f"{type(e).__name__}: {e}"
    return d.to_json_text() + "\n" + d.to_text()


def explained_lazily_and_eagerly(case: Mapping[str, Any]) -> tuple[str, str]:
    from outorga.law.decisions import eager_texts

    lazy = explained(case)
    with eager_texts():
        eager = explained(case)
    return lazy, eager


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def golden_cases() -> list[dict[str, Any]]:
    rng = random.Random(21)
    generated = [generated_case(q, rng) for q in QUESTIONS for _ in range(40)]
    return corpus_cases() + generated


@pytest.mark.parametrize("qid", sorted(QUESTIONS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_a_lazy_explanation_is_the_eager_one(qid, rng):
    lazy, eager = explained_lazily_and_eagerly(generated_case(qid, rng))
    assert lazy == eager


def test_the_corpus_explains_lazily_as_eagerly():
    for case in corpus_cases():
        lazy, eager = explained_lazily_and_eagerly(case)
        assert lazy == eager, case


def outcome_of(text: str) -> Any:
    return json.loads(text[: text.index("\nPergunta:")])["outcome"]


def test_the_generated_cases_are_answered_with_several_outcomes():
    """The generator is worth its name: every question answers most of its cases, and not all
    with the same outcome."""
    rng = random.Random(7)
    for qid in QUESTIONS:
        texts = [explained(generated_case(qid, rng)) for _ in range(20)]
        answered = [t for t in texts if t.startswith("{")]
        assert len(answered) >= 15, (qid, texts[:1])
        outcomes = {json.dumps(outcome_of(t), sort_keys=True) for t in answered}
        assert len(outcomes) >= 2, (qid, outcomes)


def test_explanations_are_those_recorded_before_the_engine_became_lazy():
    recorded = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    cases = golden_cases()
    assert len(recorded) == len(cases)
    changed = []
    for case, before in zip(cases, recorded, strict=True):
        assert before["case"] == case
        text = explained(case)
        if digest(text) != before["sha256"]:
            changed.append((case, text))
    assert not changed, changed[:1]


if __name__ == "__main__":
    # Record the explanations of the engine as it is (run from a checkout before a change):
    #   PYTHONPATH=src python tests/law/test_lazy_explanations.py
    with GOLDEN.open("w", encoding="utf-8") as out:
        for case in golden_cases():
            line = {"case": case, "sha256": digest(explained(case))}
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    sys.stderr.write(f"{GOLDEN}: {len(golden_cases())} cases\n")
