"""Many fact sets, one question, one process: what ``outorga law explain --batch`` and the API's
batch route run.

Each fact set is answered exactly as :func:`questions.ask` answers it alone — the same validation,
the same context (one per municipality and date, so the parameters are resolved once), the same
decision. A line that is not a fact set (bad JSON, facts the schema refuses, a parameter the
municipality has not set) gets its own error record and the batch goes on: one bad row of ten
thousand does not cost the other 9 999.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from . import questions
from .citations import Citation
from .context import Context
from .decisions import Decision, Reason, Verdict, jsonable
from .parameters import ParameterMissing, ParameterValue


@dataclass(frozen=True)
class Answer:
    """The answer to one fact set: its 1-based ``line``, and a decision or an error."""

    line: int
    decision: Decision | None = None
    error: str = ""
    fields: tuple[dict[str, str], ...] = ()

    def to_json(self, *, brief: bool = False) -> dict[str, Any]:
        if self.decision is None:
            out: dict[str, Any] = {"line": self.line, "error": self.error}
            if self.fields:
                out["fields"] = list(self.fields)
            return out
        d = self.decision
        if not brief:
            return {"line": self.line, "decision": d.to_json()}
        # The outcome and what decided it, without the texts: a machine's reading of the batch.
        return {
            "line": self.line,
            "decision": {
                "question": d.question,
                "as_of": d.as_of.isoformat(),
                "municipality": d.municipality,
                "outcome": jsonable(d.outcome),
                "eligibility": d.eligibility,
                "refusals": [
                    {"rule": rule, "citations": [c.render() for c in citations]}
                    for rule, citations in d.refused_rules()
                ],
            },
        }


def answer(
    q: questions.Question, ctx: Context, line: int, facts: Any, *, explain: bool = True
) -> Answer:
    """One fact set, as :func:`questions.ask` answers it (the law's applicability checked once by
    :func:`answers`); ``explain=False`` answers verdict-only, the reasons written if read."""
    if isinstance(facts, NotJson):
        return Answer(line, error=facts.message)
    try:
        questions.validate_facts(q, facts)
        if not explain:
            return Answer(line, questions.evaluate_quickly(q, ctx, facts))
        return Answer(line, q.evaluate(ctx, facts))
    except questions.FactsInvalid as exc:
        return Answer(line, error=str(exc), fields=tuple(exc.errors))
    except ParameterMissing as exc:
        return Answer(line, error=str(exc))


def answers(
    qid: str, ctx: Context, fact_sets: Iterable[tuple[int, Any]], *, explain: bool = True
) -> Iterator[Answer]:
    """The answer to each ``(line, facts)``; :class:`questions.LawNotApplicable` before the first
    when the question's law is not one of the municipality's. ``explain=False``: verdict-only
    (what ``--brief`` reads: outcomes, and the rules of the refusals)."""
    q = questions.get(qid)
    if ctx.municipality.laws and q.law not in ctx.municipality.laws:
        raise questions.LawNotApplicable(
            f"a lei {q.law} não se aplica ao município {ctx.municipality.name}"
        )
    for line, facts in fact_sets:
        yield answer(q, ctx, line, facts, explain=explain)


def ndjson_lines(lines: Iterable[str]) -> Iterator[tuple[int, Any]]:
    """``(line number, facts)`` of each non-blank line; a line that is not JSON is yielded as
    :class:`NotJson`, answered as an error in its place."""
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            yield n, json.loads(text)
        except json.JSONDecodeError as exc:
            yield n, NotJson(f"linha {n}: JSON inválido ({exc.msg}, coluna {exc.colno})")


@dataclass(frozen=True)
class NotJson:
    """A line that could not be read: the schema refuses it, with this message."""

    message: str


def answer_lines(
    qid: str, ctx: Context, lines: Iterable[str], *, explain: bool = True
) -> Iterator[Answer]:
    """The answers to an NDJSON stream of fact sets, in its order."""
    return answers(qid, ctx, ndjson_lines(lines), explain=explain)


#: How an answer is written: compact, Portuguese unescaped. One encoder, not one per line.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_text = json.encoder.encode_basestring  # what the encoder writes a str with (ensure_ascii off)
#: ``_ENCODER.encode`` makes its C encoder again on every call (``iterencode``); made here once,
#: with the same arguments but the cycle check (answers are trees of plain values), it writes the
#: same bytes at a fraction of the cost — a full line encodes each reason's facts apart.
_make_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
_chunks = (
    None
    if _make_encoder is None  # a Python without the C accelerator
    else _make_encoder(None, _ENCODER.default, _text, None, ":", ",", False, False, True)
)


def _encode(value: Any) -> str:
    if _chunks is None:
        return _ENCODER.encode(value)
    return "".join(_chunks(value, 0))


#: A verdict as the JSON writes it (its value; ``.value`` goes through the enum's descriptor).
_VERDICT_TEXT = {v: f'"{v.value}"' for v in Verdict}


def render(answer: Answer, *, brief: bool = False) -> str:
    """The answer as one NDJSON line: ``json.dumps(answer.to_json(brief=brief), …)``, to the
    byte; a full explanation is written from the pieces every decision shares (a citation's
    JSON, a parameter's), each encoded once (tests/law/test_law_batch.py compares the two)."""
    d = answer.decision
    if brief or d is None:
        return _encode(answer.to_json(brief=brief))
    line = answer.line
    line_text = int.__repr__(line) if type(line) is int else _encode(line)
    return f'{{"line":{line_text},"decision":{decision_json(d)}}}'


def decision_json(d: Decision) -> str:
    """``d.to_json()`` encoded as :func:`render` encodes it."""
    found = d.reasons
    reasons = ",".join(
        [_reason_json(r) if type(r) is Reason else _encode(r.to_json()) for r in found]
    )
    # ``d.citations``: each citation once, in the order first cited. Told apart by identity
    # first (the rules share their citations), then by equality among those few.
    by_id = {id(c): c for r in found for c in r.citations}
    cites = ",".join([_rendered(c) for c in dict.fromkeys(by_id.values())])
    return (
        f'{{"question":{_text(d.question)},"as_of":"{d.as_of.isoformat()}",'
        f'"municipality":{_text(d.municipality)},"outcome":{_encode(jsonable(d.outcome))},'
        f'"summary":{_text(d.summary)},"reasons":[{reasons}],"citations":[{cites}]}}'
    )


#: The start of a reason's JSON, up to its message, by rule and verdict (written once each).
_HEADS: dict[str, dict[str, str]] = {}


def _reason_json(r: Reason) -> str:
    verdict = r.verdict
    heads = _HEADS.get(r.rule)
    if heads is None:
        heads = _HEADS[r.rule] = {}
    head = heads.get(verdict._value_)  # the value is a str: no call to the enum's hash
    if head is None:
        head = heads[verdict._value_] = (
            f'{{"rule":{_text(r.rule)},"verdict":{_VERDICT_TEXT[verdict]},"message":'
        )
    cs, ps, facts = r.citations, r.parameters, r.facts
    cites = _cached(cs[0]) if len(cs) == 1 else ",".join([_cached(c) for c in cs])
    params = (
        "" if not ps else _cached(ps[0]) if len(ps) == 1 else ",".join([_cached(p) for p in ps])
    )
    return (
        f'{head}{_text(r.message)},"citations":[{cites}],'
        f'"facts":{_facts_json(facts) if facts else "{}"},"parameters":[{params}]}}'
    )


#: A fact's name as the JSON writes it, with its colon (the names are the rules' few constants).
_NAMES: dict[str, str] = {}


def _facts_json(facts: Any) -> str:
    """``_encode(jsonable(facts))``, to the byte, for a reason's facts: most are a few names with
    a text, a number, a yes or no, or a date, written here without the copy ``jsonable`` makes
    and the encoder's call for each; any other value is written by them
    (tests/law/test_law_batch.py compares the two)."""
    if type(facts) is not dict:
        return _encode(jsonable(facts))
    parts = []
    for k, v in facts.items():
        if type(k) is not str:  # before the lookup: a str subclass may equal a cached name
            return _encode(jsonable(facts))
        name = _NAMES.get(k)
        if name is None:
            name = _NAMES[k] = _text(k) + ":"
        kind = type(v)
        if kind is str:
            parts.append(name + _text(v))
        elif kind is bool:
            parts.append(name + ("true" if v else "false"))
        elif kind is int:
            parts.append(name + int.__repr__(v))
        elif v is None:
            parts.append(name + "null")
        elif kind is dt.date:
            parts.append(f'{name}"{v.isoformat()}"')
        elif kind is dict:
            parts.append(name + _facts_json(v))
        elif kind is list and all(type(x) is str for x in v):
            parts.append(f"{name}[{','.join([_text(x) for x in v])}]")
        else:
            parts.append(name + _encode(jsonable(v)))
    return "{" + ",".join(parts) + "}"


def _rendered(c: Citation) -> str:
    """A citation's text as the JSON writes it, once per citation (a decision lists them)."""
    try:
        return c.__dict__["_rendered_json"]
    except KeyError:
        text = c.__dict__["_rendered_json"] = _text(c.render())
        return text


def _cached(item: Citation | ParameterValue) -> str:
    """The JSON of a citation or a parameter value, encoded once per object (they are shared:
    the same few in every decision)."""
    try:
        return item.__dict__["_json_text"]
    except KeyError:
        text = item.__dict__["_json_text"] = _encode(item.to_json())
        return text
