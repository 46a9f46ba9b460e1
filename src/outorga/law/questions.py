"""Named questions: the one way in from outside (CLI, API, services) to the rulebooks.

Each question has an id, the law it belongs to, a Portuguese title, a JSON schema of its facts and
an ``evaluate(ctx, facts)`` that returns a :class:`Decision`.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import fastjsonschema
import jsonschema

from .bindings import RULEBOOKS
from .context import Context
from .decisions import Decision

Evaluate = Callable[[Context, Mapping[str, Any]], Decision]


@dataclass(frozen=True)
class Question:
    id: str
    law: str
    title: str  # Portuguese, e.g. "Esta pessoa pode ser permissionária de mototáxi?"
    facts_schema: Mapping[str, Any]
    evaluate: Evaluate

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "law": self.law, "title": self.title}


class FactsInvalid(ValueError):
    """The facts do not match the question's schema; ``errors`` says where, in Portuguese."""

    def __init__(self, question: str, errors: list[dict[str, str]]) -> None:
        self.question = question
        self.errors = errors
        detail = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
        super().__init__(f"fatos inválidos para {question}: {detail}")


class LawNotApplicable(LookupError):
    pass


_REGISTRY: dict[str, Question] = {}


def question(
    qid: str, *, law: str, title: str, schema: Mapping[str, Any]
) -> Callable[[Evaluate], Evaluate]:
    """Register ``evaluate`` as the answer to question ``qid``."""
    jsonschema.Draft202012Validator.check_schema(schema)

    def register(fn: Evaluate) -> Evaluate:
        if qid in _REGISTRY and _REGISTRY[qid].evaluate is not fn:
            raise ValueError(f"question {qid} registered twice")
        _REGISTRY[qid] = Question(qid, law, title, schema, fn)
        return fn

    return register


_loaded: set[str] = set()


def load_rulebooks() -> None:
    """Import every known rulebook (``bindings.RULEBOOKS``): importing one registers its questions."""
    if len(_loaded) == len(RULEBOOKS):
        return
    for law, book in list(RULEBOOKS.items()):
        if law not in _loaded:
            importlib.import_module(book.module)
            _loaded.add(law)
    importlib.import_module("outorga.law.inspections")  # questions across the three laws


def registry() -> dict[str, Question]:
    load_rulebooks()
    return dict(sorted(_REGISTRY.items()))


def get(qid: str) -> Question:
    load_rulebooks()
    if qid not in _REGISTRY:
        raise KeyError(f"pergunta desconhecida: {qid}")
    return _REGISTRY[qid]


_FORMATS = jsonschema.FormatChecker()


@_FORMATS.checks("date", raises=ValueError)
def _is_date(value: object) -> bool:
    if isinstance(value, str):
        dt.date.fromisoformat(value)
    return True


_FAST: dict[str, Callable[[Any], Any]] = {}


def _is_iso_date(value: str) -> bool:
    if len(value) != 10:
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _fast_validator(q: Question) -> Callable[[Any], Any]:
    """A compiled validator (fastjsonschema, Draft-07 keywords) for the common, valid case."""
    fn = _FAST.get(q.id)
    if fn is None:
        schema = {k: v for k, v in q.facts_schema.items() if k != "$schema"}
        fn = _FAST[q.id] = fastjsonschema.compile(
            schema, formats={"date": _is_iso_date}, use_default=False
        )
    return fn


def validate_facts(q: Question, facts: Mapping[str, Any]) -> None:
    try:
        _fast_validator(q)(facts)
        return
    except fastjsonschema.JsonSchemaException:
        pass  # fall through: the full validator lists every error, in Portuguese
    validator = jsonschema.Draft202012Validator(q.facts_schema, format_checker=_FORMATS)
    errors = [
        {
            "field": ".".join(str(p) for p in e.absolute_path) or "(raiz)",
            "message": _pt_message(e),
        }
        for e in sorted(validator.iter_errors(facts), key=lambda e: list(e.absolute_path))
    ]
    if errors:
        raise FactsInvalid(q.id, errors)


def _pt_message(e: jsonschema.ValidationError) -> str:
    kind = e.validator
    if kind == "required":
        missing = str(e.message).split("'")[1] if "'" in str(e.message) else str(e.message)
        return f"campo obrigatório ausente: {missing}"
    if kind == "type":
        return f"tipo inválido (esperado {e.validator_value})"
    if kind == "format":
        return f"formato inválido (esperado {e.validator_value}, AAAA-MM-DD para datas)"
    if kind == "enum":
        return f"valor fora da lista permitida: {e.validator_value}"
    if kind in ("minimum", "exclusiveMinimum"):
        return f"valor abaixo do mínimo {e.validator_value}"
    if kind in ("maximum", "exclusiveMaximum"):
        return f"valor acima do máximo {e.validator_value}"
    if kind == "additionalProperties":
        return "campo não reconhecido"
    return f"valor inválido ({kind})"


def ask(qid: str, ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Validate the facts and evaluate question ``qid`` on ``ctx.as_of`` (D-15)."""
    q = get(qid)
    if ctx.municipality.laws and q.law not in ctx.municipality.laws:
        raise LawNotApplicable(f"a lei {q.law} não se aplica ao município {ctx.municipality.name}")
    validate_facts(q, facts)
    return q.evaluate(ctx, facts)
