"""Decisions and their trace: the outcome plus, for every reason, the rule, its citation, the facts
and the parameter values used with their effective dates."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

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


def jsonable(value: Any) -> Any:
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


@dataclass(frozen=True)
class Reason:
    rule: str
    citations: tuple[Citation, ...]
    verdict: Verdict
    message: str  # Portuguese, for people
    facts: Mapping[str, Any] = field(default_factory=dict)
    parameters: tuple[ParameterValue, ...] = ()

    def __post_init__(self) -> None:
        if not self.citations:
            raise ValueError(f"reason {self.rule} has no citation")

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "verdict": str(self.verdict),
            "message": self.message,
            "citations": [c.to_json() for c in self.citations],
            "facts": jsonable(self.facts),
            "parameters": [p.to_json() for p in self.parameters],
        }


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
        return tuple(r for r in self.reasons if r.verdict is Verdict.REFUSED)

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


def eligibility_of(reasons: Iterable[Reason]) -> str:
    """``refused`` when a reason refuses, ``pending`` when one waits for a fact, else ``ok``."""
    verdicts = {r.verdict for r in reasons}
    if Verdict.REFUSED in verdicts:
        return "refused"
    return "pending" if Verdict.PENDING in verdicts else "ok"


def all_ok(reasons: Iterable[Reason]) -> bool:
    """True when no reason refuses (suspended and informative reasons do not refuse)."""
    return not any(r.verdict is Verdict.REFUSED for r in reasons)
