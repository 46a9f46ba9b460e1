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

import dataclasses
import datetime as dt
import hashlib
import json
import pickle
import random
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outorga.demo import BARRA_DO_GARCAS, IPATINGA
from outorga.law import questions
from outorga.law.batch import Answer
from outorga.law.citations import cite
from outorga.law.context import Context
from outorga.law.decisions import VERDICT_ONLY as VERDICT_ONLY_MODE
from outorga.law.decisions import (
    Decision,
    QuickDecision,
    Reason,
    Unexplained,
    Verdict,
)
from outorga.law.rulebook import decide
from outorga.law.rules import check

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


def answered_both_ways(case: Mapping[str, Any]) -> tuple[Any, Any]:
    """The case asked verdict-only (``explain=False``) and in full; an error as its text."""
    ctx = Context(TOWNS[case["town"]], dt.date.fromisoformat(case["on"]))
    both = []
    for explain in (False, True):
        try:
            both.append(questions.ask(case["question"], ctx, case["facts"], explain=explain))
        except (ValueError, LookupError) as e:
            both.append(f"{type(e).__name__}: {e}")
    return both[0], both[1]


#: Questions whose code reads only the verdicts of its reasons: answered verdict-only, without
#: falling back to the full answer, for every generated case.
VERDICT_ONLY = {
    "ipatinga.mototaxi-2013.person_eligibility",
    "ipatinga.mototaxi-2013.vehicle_eligibility",
    "ipatinga.mototaxi-2013.penalty",
    "ipatinga.taxi-2017.person_eligibility",
    "barra-do-garcas.apps-2025.driver_eligibility",
    "barra-do-garcas.apps-2025.vehicle_eligibility",
}


@pytest.mark.parametrize("qid", sorted(QUESTIONS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_the_verdict_only_answer_is_the_full_one(qid, rng):
    """The fast path's outcome, summary and eligibility are the full path's — read before any
    reason is written —, and its explanation, once read, is the full one to the byte."""
    quick, full = answered_both_ways(generated_case(qid, rng))
    if isinstance(full, str):
        assert quick == full
        return
    if qid in VERDICT_ONLY:
        assert isinstance(quick, QuickDecision) and not quick.explained
        # The stand-ins are the full reasons' rules and verdicts, one for one, and a refusal
        # keeps its citations: what ``eligibility`` and ``refused_rules`` read without writing.
        stand_ins = quick.__dict__["_quick"]
        assert [(r.rule, r.verdict) for r in stand_ins] == [
            (r.rule, r.verdict) for r in full.reasons
        ]
        assert quick.refused_rules() == full.refused_rules()
    assert quick.outcome == full.outcome
    assert quick.summary == full.summary
    assert quick.eligibility == full.eligibility
    brief = Answer(1, quick).to_json(brief=True)
    assert qid not in VERDICT_ONLY or not quick.explained  # a brief answer wrote nothing
    assert brief == Answer(1, full).to_json(brief=True)
    assert [r.rule for r in quick.refusals] == [r.rule for r in full.refusals]
    assert quick.to_json_text() + quick.to_text() == full.to_json_text() + full.to_text()
    assert quick == full


def escalation_case(rng: random.Random) -> dict[str, Any]:
    """A mototaxi record dense enough to escalate: one to eight final or pending infractions
    within some 500 days of the reference date (the generic generator spreads dates over ten
    years, where three in twelve months is rare), now and then by the auxiliary or already
    counted for a suspension, and now and then a cause of cassação."""
    on = dt.date(2026, 6, 1) + dt.timedelta(days=rng.randint(-200, 200))
    infractions = [
        {
            "id": str(i),
            "committed_on": (on - dt.timedelta(days=rng.randint(-30, 500))).isoformat(),
            "severity": rng.choice(["leve", "media", "grave", "gravissima"]),
            "final": rng.random() < 0.9,
            **({"caused_suspension": True} if rng.random() < 0.1 else {}),
            **({"by_auxiliary": True} if rng.random() < 0.1 else {}),
        }
        for i in range(rng.randint(1, 8))
    ]
    facts: dict[str, Any] = {"infractions": infractions}
    if rng.random() < 0.2:
        facts["cassation"] = {"ctb_points": rng.choice([5, 20]), "transfer_attempt": True}
    return {
        "question": "ipatinga.mototaxi-2013.penalty",
        "town": "ipatinga",
        "on": on.isoformat(),
        "facts": facts,
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_art_32_an_escalation_reached_is_answered_verdict_only_as_in_full(rng):
    """Art. 32, I–III with D-1, D-2, D-15: where the counts reach a suspension, a revocation or a
    cassação, the verdict-only stand-ins are the full reasons' rules and verdicts, one for one,
    and the outcome and summary are the full answer's."""
    quick, full = answered_both_ways(escalation_case(rng))
    assert isinstance(quick, QuickDecision) and not quick.explained
    stand_ins = quick.__dict__["_quick"]
    assert [(r.rule, r.verdict) for r in stand_ins] == [(r.rule, r.verdict) for r in full.reasons]
    assert (quick.outcome, quick.summary) == (full.outcome, full.summary)
    assert quick.to_json() == full.to_json()


def test_art_32_the_dense_records_reach_every_escalation():
    """The generator above is worth its name: its records reach a suspension of either length,
    a revocation proposal, a cassação proposal and no penalty at all."""
    rng = random.Random(32)
    outcomes = [answered_both_ways(escalation_case(rng))[1].outcome for _ in range(300)]
    assert {o["suspension"]["days"] for o in outcomes if o["suspension"]} == {15, 30}
    assert any(o["revocation"] for o in outcomes)
    assert any(o["cassation"] for o in outcomes)
    assert any(not (o["suspension"] or o["revocation"] or o["cassation"]) for o in outcomes)


def test_the_corpus_is_answered_verdict_only_as_in_full():
    for case in corpus_cases():
        quick, full = answered_both_ways(case)
        if isinstance(full, str):
            assert quick == full, case
            continue
        assert (quick.outcome, quick.summary) == (full.outcome, full.summary), case
        assert quick.to_json() == full.to_json(), case


def _toy(evaluate: Any) -> questions.Question:
    """A question outside the registry (the registry is the laws' alone)."""
    return questions.Question("ipatinga.mototaxi-2013.toy", LAW, "Brinquedo?", {}, evaluate)


LAW = "ipatinga.mototaxi-2013"
ON = dt.date(2026, 6, 1)


def _rule(passed: bool) -> Reason:
    return check("toy", passed, lambda: "Atendido.", "Não atendido.", cite(LAW, 5, inc="I"))


def test_a_question_reading_a_reasons_text_is_answered_in_full():
    """Code that reads more of a reason than its verdict (here its message, for the summary)
    never reads a stand-in: the engine answers it in full, and nothing stays verdict-only."""

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        r = _rule(bool(facts["ok"]))
        return decide(f"{LAW}.toy", ctx, r.verdict is Verdict.OK, [r], r.message)

    ctx = Context(IPATINGA, ON)
    d = questions.evaluate_quickly(_toy(evaluate), ctx, {"ok": False})
    assert not isinstance(d, QuickDecision)
    assert d.summary == "Não atendido." and d.outcome is False
    assert VERDICT_ONLY_MODE.get() is False


def test_verdict_only_ends_when_a_question_raises():
    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        _rule(True)
        raise ValueError("natureza informada não confere")

    with pytest.raises(ValueError, match="natureza"):
        questions.evaluate_quickly(_toy(evaluate), Context(IPATINGA, ON), {})
    assert VERDICT_ONLY_MODE.get() is False


def test_a_verdict_only_answer_that_disagrees_with_the_full_one_is_refused_when_read():
    """The full answer, written when the reasons are read, must agree with the outcome given:
    a question whose outcome changes between two answers of the same facts is a bug, said so."""
    calls: list[int] = []

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        calls.append(1)
        r = _rule(len(calls) == 1)
        return decide(f"{LAW}.toy", ctx, len(calls), [r], "Resposta.")

    d = questions.evaluate_quickly(_toy(evaluate), Context(IPATINGA, ON), {})
    assert d.outcome == 1 and d.eligibility == "ok"
    with pytest.raises(AssertionError, match="differs from the full one"):
        _ = d.reasons


def test_a_verdict_only_decision_pickles_replaces_and_compares_as_the_full_one():
    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        r = _rule(bool(facts["ok"]))
        return decide(f"{LAW}.toy", ctx, r.verdict is Verdict.OK, [r], "Resposta.")

    ctx = Context(IPATINGA, ON)
    quick = questions.evaluate_quickly(_toy(evaluate), ctx, {"ok": True})
    full = evaluate(ctx, {"ok": True})
    assert isinstance(quick, QuickDecision) and not quick.explained
    assert quick.refusals == () and not quick.explained  # nothing refused: nothing to write
    again = pickle.loads(pickle.dumps(quick))  # noqa: S301 — our own bytes
    assert type(again) is Decision and again == full
    changed = dataclasses.replace(quick, summary="Outra.")
    assert changed.reasons == full.reasons and changed.summary == "Outra."
    assert quick.reasons[0].message == "Atendido."


def test_a_stand_in_reason_tells_nothing_but_its_rule_and_verdict():
    """… and a refusal's citations (what a brief answer shows); nothing else."""
    token = VERDICT_ONLY_MODE.set(True)
    try:
        ok, refused = _rule(True), _rule(False)
    finally:
        VERDICT_ONLY_MODE.reset(token)
    assert (ok.rule, ok.verdict) == ("toy", Verdict.OK)
    assert (refused.rule, refused.verdict) == ("toy", Verdict.REFUSED)
    assert refused.citations == (cite(LAW, 5, inc="I"),)
    for r in (ok, refused):
        for read in (
            lambda r=r: r.message,
            lambda r=r: r.facts,
            lambda r=r: r.parameters,
            lambda r=r: r == r,
            lambda r=r: r.to_json(),
        ):
            with pytest.raises(Unexplained):
                read()
    with pytest.raises(Unexplained):
        _ = ok.citations


def test_a_stand_in_reason_raises_unexplained_for_everything_a_reason_tells_beyond_its_verdict():
    """Every attribute a full reason has, but its rule, verdict and (a refusal's) citations, is
    Unexplained on a stand-in: none is left to an AttributeError a rule could take for absent."""
    token = VERDICT_ONLY_MODE.set(True)
    try:
        stand_in = _rule(True)
    finally:
        VERDICT_ONLY_MODE.reset(token)
    told = {n for n in dir(Reason) if not n.startswith("__")} - {"rule", "verdict"}
    assert told >= {"message", "facts", "parameters", "citations", "to_json"}
    for name in sorted(told):
        with pytest.raises(Unexplained):
            getattr(stand_in, name)


def test_a_decision_made_inside_a_verdict_only_answer_passes_its_stand_ins_on():
    """A question's code that reads the reasons of a decision it made itself while answering
    verdict-only, to pass them on (as the tender's places do), reads their stand-ins: the answer
    stays verdict-only, and its full reasons, read later, are the full answer's."""

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        inner = decide(f"{LAW}.toy", ctx, True, [_rule(bool(facts["ok"]))], "Por dentro.")
        return decide(f"{LAW}.toy", ctx, inner.outcome, inner.reasons, "Resposta.")

    ctx = Context(IPATINGA, ON)
    d = questions.evaluate_quickly(_toy(evaluate), ctx, {"ok": False})
    assert isinstance(d, QuickDecision) and not d.explained
    assert d.eligibility == "refused" and d.refused_rules() == [("toy", (cite(LAW, 5, inc="I"),))]
    assert d == evaluate(ctx, {"ok": False})
    assert d.reasons[0].message == "Não atendido." and d.summary == "Resposta."
    assert VERDICT_ONLY_MODE.get() is False


def test_a_decision_made_inside_a_verdict_only_answer_and_read_for_its_outcome_stays_quick():
    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        inner = decide(f"{LAW}.toy", ctx, bool(facts["ok"]), [_rule(True)], "Por dentro.")
        return decide(f"{LAW}.toy", ctx, inner.outcome, [_rule(inner.outcome)], "Resposta.")

    ctx = Context(IPATINGA, ON)
    d = questions.evaluate_quickly(_toy(evaluate), ctx, {"ok": False})
    assert isinstance(d, QuickDecision) and not d.explained
    assert d.eligibility == "refused" and d.outcome is False
    assert d == evaluate(ctx, {"ok": False}) and d.explained


@pytest.mark.parametrize(
    ("qid", "on", "facts"),
    [
        (
            "ipatinga.mototaxi-2013.tender_places",
            "2026-02-01",
            {
                "service": "mototaxi",
                "grant_on": "2026-02-01",
                "active_permits": 10,
                "places": 5,
                "promised_places": 0,
            },
        ),
    ],
)
def test_art_6_art_10_i_a_question_passing_on_another_decisions_reasons_stays_verdict_only(
    qid, on, facts
):
    """Art. 6 with art. 10, I and D-7: the tender's places pass on the reasons of the quota they
    ask; asked verdict-only, they stay so, and read in full they are the full answer."""
    ctx = Context(IPATINGA, dt.date.fromisoformat(on))
    quick = questions.ask(qid, ctx, facts, explain=False)
    assert isinstance(quick, QuickDecision) and not quick.explained
    assert quick == questions.ask(qid, ctx, facts)


def test_a_rule_without_citation_is_refused_verdict_only_as_in_full():
    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        r = check("toy", True, "Atendido.", "Não atendido.")
        return decide(f"{LAW}.toy", ctx, True, [r], "Resposta.")

    with pytest.raises(ValueError, match="has no citation"):
        questions.evaluate_quickly(_toy(evaluate), Context(IPATINGA, ON), {})


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


def test_a_thread_answering_in_full_beside_a_verdict_only_answer_keeps_its_reasons():
    """Verdict-only is the state of one answer (a context variable), not of the process: a
    question answered in full on another thread while a verdict-only answer runs gets full
    reasons."""
    seen: list[Any] = []

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        r = _rule(True)
        if facts.get("outer"):
            worker = threading.Thread(target=lambda: seen.append(_rule(False)))
            worker.start()
            worker.join()
        return decide(f"{LAW}.toy", ctx, True, [r], "Resposta.")

    quick = questions.evaluate_quickly(_toy(evaluate), Context(IPATINGA, ON), {"outer": True})
    assert isinstance(quick, QuickDecision)
    assert type(seen[0]) is Reason and seen[0].message == "Não atendido."


def test_a_question_asked_in_full_from_a_verdict_only_answer_is_answered_in_full():
    """``ask()`` without ``explain=False`` gives full reasons wherever it is called from, even
    from the code of a question being answered verdict-only."""
    inner: list[Decision] = []

    def evaluate(ctx: Context, facts: Mapping[str, Any]) -> Decision:
        inner.append(
            questions.ask(IPATINGA_AGE, ctx, {"service": "mototaxi", "manufacture_year": 2010})
        )
        r = _rule(True)
        return decide(f"{LAW}.toy", ctx, True, [r], "Resposta.")

    quick = questions.evaluate_quickly(_toy(evaluate), Context(IPATINGA, ON), {})
    assert isinstance(quick, QuickDecision)
    assert all(type(r) is Reason for r in inner[0].reasons)
    assert inner[0].reasons[0].message


IPATINGA_AGE = "ipatinga.mototaxi-2013.vehicle_age"
