"""Named questions: the one way in from outside (CLI, API, services) to the rulebooks.

Each question has an id, the law it belongs to, a Portuguese title, a JSON schema of its facts and
an ``evaluate(ctx, facts)`` that returns a :class:`Decision`. Ids are namespaced by law —
``<law id>.<name>``, e.g. ``ipatinga.mototaxi-2013.quota`` — so any number of laws coexist, each
answering the same names of its service's interface (:mod:`outorga.law.interfaces`).
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
from .decisions import VERDICT_ONLY, Decision, QuickDecision, Unexplained

Evaluate = Callable[[Context, Mapping[str, Any]], Decision]


#: Ids before questions were namespaced by law (until 2026-12): still accepted by ``get`` and
#: ``ask`` (CLI, API, stored traces), answered under the new id. New code uses the new ids, or
#: better the seam (``core.lawseam.law_for(...).ask(name, facts)``), which names no law.
LEGACY_IDS: dict[str, str] = {
    "apps.complaint_deadline": "barra-do-garcas.apps-2025.complaint_deadline",
    "apps.concurrency_month": "barra-do-garcas.apps-2025.concurrency_month",
    "apps.driver_eligibility": "barra-do-garcas.apps-2025.driver_eligibility",
    "apps.fare_limits_review": "barra-do-garcas.apps-2025.fare_limits_review",
    "apps.fare_publication": "barra-do-garcas.apps-2025.fare_publication",
    "apps.fare_quote": "barra-do-garcas.apps-2025.fare_quote",
    "apps.fare_table": "barra-do-garcas.apps-2025.fare_table",
    "apps.issqn_statement": "barra-do-garcas.apps-2025.issqn_statement",
    "apps.monthly_report": "barra-do-garcas.apps-2025.monthly_report",
    "apps.obligation_enforceable": "barra-do-garcas.apps-2025.obligation_enforceable",
    "apps.penalty": "barra-do-garcas.apps-2025.penalty",
    "apps.penalty_appeal": "barra-do-garcas.apps-2025.penalty_appeal",
    "apps.penalty_finality": "barra-do-garcas.apps-2025.penalty_finality",
    "apps.platform_credential": "barra-do-garcas.apps-2025.platform_credential",
    "apps.procedure_deadlines": "barra-do-garcas.apps-2025.procedure_deadlines",
    "apps.roster_capacity": "barra-do-garcas.apps-2025.roster_capacity",
    "apps.vehicle_eligibility": "barra-do-garcas.apps-2025.vehicle_eligibility",
    "apps.vehicle_inspection": "barra-do-garcas.apps-2025.vehicle_inspection",
    "inspections.apps_result": "barra-do-garcas.apps-2025.inspection_result",
    "inspections.mototaxi_due": "ipatinga.mototaxi-2013.inspection_due",
    "inspections.mototaxi_result": "ipatinga.mototaxi-2013.inspection_result",
    "inspections.taxi_due": "ipatinga.taxi-2017.inspection_due",
    "inspections.taxi_result": "ipatinga.taxi-2017.inspection_result",
    "mototaxi.appeal_deadline": "ipatinga.mototaxi-2013.appeal_deadline",
    "mototaxi.auxiliary_credential_renewal": "ipatinga.mototaxi-2013.auxiliary_credential_renewal",
    "mototaxi.badge": "ipatinga.mototaxi-2013.badge",
    "mototaxi.defence_result": "ipatinga.mototaxi-2013.defence_result",
    "mototaxi.document_validity": "ipatinga.mototaxi-2013.document_validity",
    "mototaxi.fee": "ipatinga.mototaxi-2013.fee",
    "mototaxi.fine": "ipatinga.mototaxi-2013.fine",
    "mototaxi.infraction_notice": "ipatinga.mototaxi-2013.infraction_notice",
    "mototaxi.penalty": "ipatinga.mototaxi-2013.penalty",
    "mototaxi.permit_extension": "ipatinga.mototaxi-2013.permit_extension",
    "mototaxi.permit_term": "ipatinga.mototaxi-2013.permit_term",
    "mototaxi.person_eligibility": "ipatinga.mototaxi-2013.person_eligibility",
    "mototaxi.quota": "ipatinga.mototaxi-2013.quota",
    "mototaxi.seizure_release": "ipatinga.mototaxi-2013.seizure_release",
    "mototaxi.stand": "ipatinga.mototaxi-2013.stand",
    "mototaxi.suspension_return": "ipatinga.mototaxi-2013.suspension_return",
    "mototaxi.tariff_readjustment": "ipatinga.mototaxi-2013.tariff_readjustment",
    "mototaxi.vehicle_eligibility": "ipatinga.mototaxi-2013.vehicle_eligibility",
    "mototaxi.warning": "ipatinga.mototaxi-2013.warning",
    "taxi.appeal_deadline": "ipatinga.taxi-2017.appeal_deadline",
    "taxi.auxiliary_registration": "ipatinga.taxi-2017.auxiliary_registration",
    "taxi.auxiliary_renewal": "ipatinga.taxi-2017.auxiliary_renewal",
    "taxi.contrapartida": "ipatinga.taxi-2017.contrapartida",
    "taxi.fare": "ipatinga.taxi-2017.fare",
    "taxi.fee": "ipatinga.taxi-2017.fee",
    "taxi.penalty": "ipatinga.taxi-2017.penalty",
    "taxi.permit_extinction": "ipatinga.taxi-2017.permit_extinction",
    "taxi.permit_term": "ipatinga.taxi-2017.permit_term",
    "taxi.permit_transfer": "ipatinga.taxi-2017.permit_transfer",
    "taxi.person_eligibility": "ipatinga.taxi-2017.person_eligibility",
    "taxi.points": "ipatinga.taxi-2017.points",
    "taxi.quota": "ipatinga.taxi-2017.quota",
    "taxi.registration_documents": "ipatinga.taxi-2017.registration_documents",
    "taxi.registration_renewal": "ipatinga.taxi-2017.registration_renewal",
    "taxi.stand_parking": "ipatinga.taxi-2017.stand_parking",
    "taxi.suspension": "ipatinga.taxi-2017.suspension",
    "taxi.vehicle_change": "ipatinga.taxi-2017.vehicle_change",
    "taxi.vehicle_eligibility": "ipatinga.taxi-2017.vehicle_eligibility",
}


@dataclass(frozen=True)
class Question:
    id: str
    law: str
    title: str  # Portuguese, e.g. "Esta pessoa pode ser permissionária de mototáxi?"
    facts_schema: Mapping[str, Any]
    evaluate: Evaluate

    @property
    def name(self) -> str:
        """The id without its law: the name every law of the same service answers to."""
        return self.id.removeprefix(f"{self.law}.")

    def to_json(self) -> dict[str, Any]:
        legacy = _LEGACY_OF.get(self.id)
        return {
            "id": self.id,
            "law": self.law,
            "name": self.name,
            "title": self.title,
            **({"legacy_id": legacy} if legacy else {}),
        }


_LEGACY_OF = {new: old for old, new in LEGACY_IDS.items()}


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
    """Register ``evaluate`` as the answer to question ``qid`` (``<law>.<name>``)."""
    if not qid.startswith(f"{law}.") or len(qid) == len(law) + 1:
        raise ValueError(f"question {qid}: the id is '<law>.<name>' with law {law}")
    # The schema itself is checked against the metaschema when the question is first asked
    # (``validate_facts``), not here: checking every question's on import took most of the
    # start of `outorga law` (issue #21); tests/law/test_law_batch.py checks them all.

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
    """The question ``qid`` (a legacy id answers as its new one)."""
    load_rulebooks()
    q = _REGISTRY.get(LEGACY_IDS.get(qid, qid))
    if q is None:
        raise KeyError(f"pergunta desconhecida: {qid}")
    return q


def find(law: str, name: str) -> Question:
    """The question ``name`` of ``law`` — how the seam asks, knowing only the law bound."""
    load_rulebooks()
    q = _REGISTRY.get(f"{law}.{name}")
    if q is None:
        raise KeyError(f"a lei {law} não responde à pergunta {name}")
    return q


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


def check_schema(q: Question) -> None:
    """``q``'s facts schema is a valid JSON Schema (Draft 2020-12); once per question."""
    if q.id not in _CHECKED:
        jsonschema.Draft202012Validator.check_schema(q.facts_schema)
        _CHECKED.add(q.id)


_CHECKED: set[str] = set()


def validate_facts(q: Question, facts: Mapping[str, Any]) -> None:
    check_schema(q)
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
    if kind == "additionalProperties":  # the object's path: name the fields it does not know
        known = e.schema.get("properties", {}) if isinstance(e.schema, dict) else {}
        given = e.instance if isinstance(e.instance, dict) else {}
        extra = sorted(k for k in given if k not in known)
        return f"campo não reconhecido: {', '.join(extra)}" if extra else "campo não reconhecido"
    return f"valor inválido ({kind})"


#: By id (a legacy id too) as ``ask`` is given it: the question and its compiled validator.
_READY: dict[str, tuple[Question, Callable[[Any], Any]]] = {}


def ask(qid: str, ctx: Context, facts: Mapping[str, Any], *, explain: bool = True) -> Decision:
    """Validate the facts and evaluate question ``qid`` on ``ctx.as_of`` (D-15).

    ``explain=False`` answers verdict-only (:func:`evaluate_quickly`): the same outcome and
    summary, the reasons written when first read — for callers that mostly read outcomes (a
    batch, a simulation, a count). The facts must not change until the reasons are read."""
    ready = _READY.get(qid)
    if ready is None:  # once per id: the question, its schema checked, its compiled validator
        q = get(qid)
        check_schema(q)
        ready = _READY[qid] = (q, _fast_validator(q))
    q, fast = ready
    laws = ctx.municipality.laws
    if laws and q.law not in laws:
        raise LawNotApplicable(f"a lei {q.law} não se aplica ao município {ctx.municipality.name}")
    try:
        fast(facts)
    except fastjsonschema.JsonSchemaException:
        validate_facts(q, facts)  # the full validator says where, in Portuguese
    if not explain:
        return evaluate_quickly(q, ctx, facts)
    if VERDICT_ONLY.get():  # asked by a question being answered verdict-only: this one in full
        token = VERDICT_ONLY.set(False)
        try:
            return q.evaluate(ctx, facts)
        finally:
            VERDICT_ONLY.reset(token)
    return q.evaluate(ctx, facts)


def evaluate_quickly(q: Question, ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """``q.evaluate(ctx, facts)`` with the rules giving their verdicts alone (no texts, facts,
    citations or parameter traces): a :class:`QuickDecision` whose reasons are written by
    evaluating again in full when first read. Where the question's code reads more of a reason
    than its verdict (:class:`Unexplained`), or a rule builds its reasons by hand, it is answered
    in full at once — the same decision either way (tests/law/test_lazy_explanations.py)."""
    token = VERDICT_ONLY.set(True)
    try:
        quick: Decision | None = q.evaluate(ctx, facts)
    except Unexplained:
        quick = None
    finally:
        VERDICT_ONLY.reset(token)
    if quick is None:
        return q.evaluate(ctx, facts)
    evaluate = q.evaluate
    return QuickDecision.made_of(quick, lambda: evaluate(ctx, facts))
