"""Decisions and their trace: the outcome plus, for every reason, the rule, its citation, the facts
and the parameter values used with their effective dates."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import FrozenInstanceError, dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .citations import Citation
from .parameters import ParameterValue


class Verdict(StrEnum):
    OK = "ok"  # the requirement is met
    REFUSED = "refused"  # the requirement is not met: the outcome is a refusal
    INFO = "info"  # a step of a computation, no pass/fail
    SUSPENDED = "suspended"  # the rule is suspended on the date (D-16) and was not applied
    PENDING = "pending"  # the facts needed are missing; a person must check


VERDICT_PT = {
    Verdict.OK: "atendido",
    Verdict.REFUSED: "não atendido",
    Verdict.INFO: "cálculo",
    Verdict.SUSPENDED: "regra suspensa",
    Verdict.PENDING: "pendente de verificação",
}


_PLAIN = frozenset({str, int, bool, float, type(None)})


def jsonable(value: Any) -> Any:
    kind = type(value)  # the common shapes first, exactly: what a batch spends most on
    if kind in _PLAIN:
        return value
    if kind is dict:  # a plain key or value as it is, without a call (``str`` of a str is itself)
        return {
            k if type(k) is str else str(k): v if type(v) in _PLAIN else jsonable(v)
            for k, v in value.items()
        }
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else jsonable(v) for v in value]
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {k: jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    if isinstance(value, StrEnum):
        return str(value)
    return value


#: A message written when first read: the text itself, or a function that writes it.
Message = str | Callable[[], str]

_eager = False


@contextmanager
def eager_texts() -> Iterator[None]:
    """Write every reason's message as the reason is made, as the engine did before it became
    lazy: what the equivalence test compares a lazy explanation with."""
    global _eager
    before, _eager = _eager, True
    try:
        yield
    finally:
        _eager = before


#: True while a question is answered verdict-only (:func:`verdict_only`): the rule helpers
#: (``rules.check``, ``rules.reason``) then give a :class:`QuickReason` — the rule and its verdict,
#: nothing else. A context variable, not a global: a thread (or task) answering in full beside one
#: answering verdict-only keeps its explanations.
VERDICT_ONLY: ContextVar[bool] = ContextVar("outorga_law_verdict_only", default=False)
_verdict_only = VERDICT_ONLY.get


class Unexplained(BaseException):  # noqa: N818 — a signal to the engine, not an error
    """Code answering a question verdict-only read more of a reason than its rule and verdict
    (its message, facts, citations, parameters). The engine then answers the question in full.
    A ``BaseException``, so that no rule's ``except Exception`` mistakes it for its own."""


class QuickReason:
    """What a rule gives when a question is answered verdict-only: its ``rule`` and ``verdict``
    (and a refusal's citations, what a brief answer shows). Anything else read of it (message,
    facts, parameters, equality) raises :class:`Unexplained`, so an outcome computed from more
    than verdicts is never computed from a stand-in: the engine answers in full instead.

    Each attribute of :class:`Reason` it does not keep is a property raising so (set below the
    class), not a ``__getattr__``: with one, every read of ``rule`` or ``verdict`` — a dozen per
    decision — went through Python's slow attribute path, about three times the instructions of
    a plain slot (issue #21)."""

    __slots__ = ("rule", "verdict", "_citations")

    rule: str
    verdict: Verdict
    _citations: tuple[Citation, ...] | None

    def __init__(
        self, rule: str, verdict: Verdict, citations: tuple[Citation, ...] | None = None
    ) -> None:
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "_citations", citations)

    @property
    def citations(self) -> tuple[Citation, ...]:
        """A refusal's only: what ``--brief`` shows of it."""
        found = self._citations
        if found is None:
            raise Unexplained("citations")
        return found

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __eq__(self, other: object) -> bool:
        raise Unexplained("__eq__")

    def __hash__(self) -> int:
        raise Unexplained("__hash__")

    def __reduce__(self) -> Any:
        raise Unexplained("__reduce__")

    def __repr__(self) -> str:
        return f"QuickReason({self.rule!r}, {self.verdict!r})"


def _unexplained(name: str) -> property:
    def read(self: QuickReason) -> Any:
        raise Unexplained(name)

    return property(read)


#: The shared stand-ins: by rule for an OK (most of them), by (rule, verdict) for the others.
_QUICK: dict[Any, QuickReason] = {}
_OK, _REFUSED = Verdict.OK, Verdict.REFUSED  # read on every rule: no enum lookup, no enum hash
_PENDING = Verdict.PENDING


def quick_reason(rule: str, verdict: Verdict, citations: tuple[Citation, ...] = ()) -> Reason:
    """The :class:`QuickReason` of ``rule`` with ``verdict`` (typed as the :class:`Reason` it
    stands for: rule code reads it as one); shared, but for a refusal, which keeps its citations."""
    if not citations:  # a mistake in the rule: the full answer says so (``Reason``)
        raise Unexplained("citations")
    if verdict is _REFUSED:
        return QuickReason(rule, verdict, citations)  # type: ignore[return-value]
    key: Any = rule if verdict is _OK else (rule, verdict)
    found = _QUICK.get(key)
    if found is None:
        found = _QUICK[key] = QuickReason(rule, verdict)
    return found  # type: ignore[return-value]


def quick_check(rule: str, passed: bool, citations: tuple[Citation, ...]) -> Reason:
    """:func:`quick_reason` of a requirement: OK when ``passed``, else REFUSED."""
    return quick_reason(rule, _OK if passed else _REFUSED, citations)


class _ReasonSlots:
    """The fields of a :class:`Reason`, in slots; ``outorga.law.rules._made`` (for ``reason``,
    ``check`` and ``Requirement.check``) fills them on a :class:`_Filling` and turns it into the
    (frozen) reason, without paying the frozen class's guard on each field (most of a rule's cost
    in full, issue #21)."""

    __slots__ = ("rule", "citations", "verdict", "_message", "facts", "parameters")

    if TYPE_CHECKING:
        rule: str
        citations: tuple[Citation, ...]
        verdict: Verdict
        _message: Message
        facts: Mapping[str, Any]
        parameters: tuple[ParameterValue, ...]


class _Filling(_ReasonSlots):
    __slots__ = ()


@dataclass(init=False, repr=False, eq=False)  # a dataclass to `replace`; frozen by hand
class Reason(_ReasonSlots):
    """One step of a decision: the rule, its citations, the verdict, a Portuguese ``message`` and
    the facts and parameters it used.

    The verdict is all an outcome needs; the message may be given as a function that writes it,
    called the first time someone reads it (``message``, ``to_json()``, ``to_text()``), so a
    decision nobody reads costs no text (issue #21). Immutable, like the dataclasses around it.
    """

    __slots__ = ()

    rule: str
    citations: tuple[Citation, ...]
    verdict: Verdict
    message: str  # the property below: written on first reading
    if TYPE_CHECKING:
        _message: Message
    facts: Mapping[str, Any]
    parameters: tuple[ParameterValue, ...]

    def __init__(
        self,
        rule: str,
        citations: tuple[Citation, ...],
        verdict: Verdict,
        message: Message,
        facts: Mapping[str, Any] | None = None,
        parameters: tuple[ParameterValue, ...] = (),
    ) -> None:
        if not citations:
            raise ValueError(f"reason {rule} has no citation")
        if _eager and not isinstance(message, str):
            message = message()
        _set = object.__setattr__
        _set(self, "rule", rule)
        _set(self, "citations", citations)
        _set(self, "verdict", verdict)
        _set(self, "_message", message)
        _set(self, "facts", {} if facts is None else facts)
        _set(self, "parameters", parameters)

    @property  # type: ignore[no-redef]
    def message(self) -> str:
        """Portuguese, for people; written on first reading."""
        text = self._message
        if not isinstance(text, str):
            text = text()
            object.__setattr__(self, "_message", text)
        return text

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        args = (self.rule, self.citations, self.verdict, self.message, self.facts, self.parameters)
        return (Reason, args)

    def _key(self) -> tuple[Any, ...]:
        return (self.rule, self.citations, self.verdict, self.message, self.parameters)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        return self._key() == other._key() and self.facts == other.facts

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Reason(rule={self.rule!r}, citations={self.citations!r}, "
            f"verdict={self.verdict!r}, message={self.message!r}, facts={self.facts!r}, "
            f"parameters={self.parameters!r})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "verdict": str(self.verdict),
            "message": self.message,
            "citations": [c.to_json() for c in self.citations],
            "facts": jsonable(self.facts),
            "parameters": [p.to_json() for p in self.parameters],
        }


_new = object.__new__
_set = object.__setattr__

# What a reason tells beyond its rule, verdict and citations: read of a stand-in, Unexplained.
for _name in sorted({n for n in dir(Reason) if not n.startswith("__")} - set(dir(QuickReason))):
    setattr(QuickReason, _name, _unexplained(_name))


@dataclass(frozen=True)
class Decision:
    question: str
    as_of: dt.date
    municipality: str
    outcome: Any
    reasons: tuple[Reason, ...]
    summary: str = ""  # Portuguese one-liner

    def __post_init__(self) -> None:
        if not self.reasons:
            raise ValueError(f"decision {self.question} has no reason")

    @property
    def citations(self) -> tuple[Citation, ...]:
        seen: dict[Citation, None] = {}
        for r in self.reasons:
            for c in r.citations:
                seen.setdefault(c, None)
        return tuple(seen)

    @property
    def refusals(self) -> tuple[Reason, ...]:
        return tuple(r for r in self.reasons if r.verdict is _REFUSED)

    def refused_rules(self) -> list[tuple[str, tuple[Citation, ...]]]:
        """The rule and the citations of every refusal, in order: what a brief answer shows
        (a verdict-only decision tells them without writing its reasons)."""
        return [(r.rule, r.citations) for r in self.refusals]

    @property
    def eligibility(self) -> str:
        """One reading of every decision, whatever its outcome's shape (each law's own: a flag,
        a word, a sum): ``refused`` when a requirement fails, ``pending`` when a fact is missing,
        else ``ok`` — what an app reads to go on, hold or refuse."""
        return eligibility_of(self.reasons)

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "as_of": self.as_of.isoformat(),
            "municipality": self.municipality,
            "outcome": jsonable(self.outcome),
            "summary": self.summary,
            "reasons": [r.to_json() for r in self.reasons],
            "citations": [c.render() for c in self.citations],
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2, sort_keys=False)

    def to_text(self) -> str:
        """Portuguese prose for people."""
        lines = [
            f"Pergunta: {self.question}",
            f"Data de referência: {self.as_of:%d/%m/%Y}",
        ]
        if self.summary:
            lines.append(f"Resultado: {self.summary}")
        lines.append("Fundamentos:")
        for r in self.reasons:
            cites = "; ".join(c.render() for c in r.citations)
            lines.append(f"- [{VERDICT_PT[r.verdict]}] {r.message} ({cites})")
            for p in r.parameters:
                ex = " — valor de exemplo" if p.example else ""
                lines.append(
                    f"    parâmetro {p.name} = {p.value} {p.unit}, "
                    f"em vigor desde {p.effective:%d/%m/%Y}{ex}"
                )
        return "\n".join(lines)


def made_decision(
    question: str,
    as_of: dt.date,
    municipality: str,
    outcome: Any,
    reasons: tuple[Reason, ...],
    summary: str,
) -> Decision:
    """``Decision(question, as_of, municipality, outcome, reasons, summary)``, the same decision
    at a third of the cost (the frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``): what every rulebook's ``decide`` makes, once per question."""
    if not reasons:
        raise ValueError(f"decision {question} has no reason")
    if _verdict_only():  # made as the quick decision it becomes, not turned into one after
        quick = _new(QuickDecision)
        _set(
            quick,
            "__dict__",
            {
                "question": question,
                "as_of": as_of,
                "municipality": municipality,
                "outcome": outcome,
                "summary": summary,
                "_quick": reasons,
            },
        )
        return quick
    made = _new(Decision)
    _set(
        made,
        "__dict__",
        {
            "question": question,
            "as_of": as_of,
            "municipality": municipality,
            "outcome": outcome,
            "reasons": reasons,
            "summary": summary,
        },
    )
    return made


class QuickDecision(Decision):
    """A decision answered verdict-only (:func:`outorga.law.questions.ask` with
    ``explain=False``): its outcome and summary are those the full answer gives — computed by the
    same code from the rules' verdicts —, its reasons are written, by answering the question again
    in full, when they are first read. The facts must not change until then.

    Everything that reads it (``to_json``, ``to_text``, equality, pickling, ``replace``) reads the
    full reasons; ``eligibility`` and ``refusals`` of a decision without refusal do not need them.
    """

    @classmethod
    def of(cls, quick: Decision, explain: Callable[[], Decision]) -> QuickDecision:
        new = object.__new__(cls)
        new.__dict__.update(
            question=quick.question,
            as_of=quick.as_of,
            municipality=quick.municipality,
            outcome=quick.outcome,
            summary=quick.summary,
            _quick=quick.reasons,
            _explain=explain,
        )
        return new

    @classmethod
    def made_of(cls, quick: Decision, explain: Callable[[], Decision]) -> QuickDecision:
        """:meth:`of` for a decision the verdict-only evaluation has just made and nothing else
        holds: turned into the quick decision in place, without a copy (issue #21) — or, made as
        one by :func:`made_decision`, given the way to its reasons."""
        here = quick.__dict__
        if type(quick) is cls and "_explain" not in here and "_reasons" not in here:
            here["_explain"] = explain
            return quick
        if type(quick) is not Decision:
            return cls.of(quick, explain)
        here["_quick"] = here.pop("reasons")
        here["_explain"] = explain
        object.__setattr__(quick, "__class__", cls)
        return quick  # type: ignore[return-value]

    def __post_init__(self) -> None:  # ``replace``: reasons given in full
        if not self.__dict__.get("_reasons"):
            raise ValueError(f"decision {self.question} has no reason")

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The full reasons, written on first reading."""
        here = self.__dict__
        found: tuple[Reason, ...] | None = here.get("_reasons")
        if found is None:
            explain = here.get("_explain")
            if explain is None:  # made inside a verdict-only answer, not yet given its way back
                found = here.get("_reasons")  # (or written meanwhile by another thread)
                if found is not None:
                    return found
                if VERDICT_ONLY.get():  # its stand-ins, to the question's code that made it,
                    return here["_quick"]  # as a decision made there always gave them
                raise Unexplained("reasons")
            token = VERDICT_ONLY.set(False)
            try:
                full = explain()
            finally:
                VERDICT_ONLY.reset(token)
            if full.outcome != self.outcome or full.summary != self.summary:
                raise AssertionError(
                    f"{self.question}: the verdict-only answer ({self.outcome!r}, "
                    f"{self.summary!r}) differs from the full one ({full.outcome!r}, "
                    f"{full.summary!r})"
                )
            found = here["_reasons"] = full.reasons
            here.pop("_explain", None), here.pop("_quick", None)
        return found

    @reasons.setter
    def reasons(self, value: tuple[Reason, ...]) -> None:
        self.__dict__["_reasons"] = value

    @property
    def explained(self) -> bool:
        """Whether the full reasons were written."""
        return "_reasons" in self.__dict__

    @property
    def eligibility(self) -> str:
        quick = self.__dict__.get("_quick")
        return eligibility_of(self.reasons if quick is None else quick)

    @property
    def refusals(self) -> tuple[Reason, ...]:
        quick = self.__dict__.get("_quick")
        if quick is not None and not any(r.verdict is _REFUSED for r in quick):
            return ()
        return super().refusals

    def refused_rules(self) -> list[tuple[str, tuple[Citation, ...]]]:
        quick = self.__dict__.get("_quick")
        if quick is None:
            return super().refused_rules()
        return [(r.rule, r.citations) for r in quick if r.verdict is _REFUSED]

    def __eq__(self, other: object) -> bool:
        """Equal to the same decision answered in full (a :class:`Decision`)."""
        if not isinstance(other, Decision):
            return NotImplemented
        return _fields_of(self) == _fields_of(other)

    def __hash__(self) -> int:
        return hash(_fields_of(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, _fields_of(self))

    def __repr__(self) -> str:
        return (
            f"QuickDecision(question={self.question!r}, as_of={self.as_of!r}, "
            f"outcome={self.outcome!r}, summary={self.summary!r})"
        )


def _fields_of(d: Decision) -> tuple[Any, ...]:
    return (d.question, d.as_of, d.municipality, d.outcome, d.reasons, d.summary)


def eligibility_of(reasons: Iterable[Reason]) -> str:
    """``refused`` when a reason refuses, ``pending`` when one waits for a fact, else ``ok``."""
    pending = False  # one pass, comparing as the set of verdicts did, without an enum lookup
    for r in reasons:
        verdict = r.verdict
        if verdict == _REFUSED:
            return "refused"
        if verdict == _PENDING:
            pending = True
    return "pending" if pending else "ok"
