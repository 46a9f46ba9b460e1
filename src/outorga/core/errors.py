"""The one base of the refusals the product explains, with its HTTP status and a stable code.

Every app's error derives from :class:`DomainError`; the API answers any of them in one place
(``outorga.config.api``) with ``body()`` plus ``codigo``, and the screens show ``lines()`` — under
a form's field or above it, or as messages — in one place too (``core.formerrors``). An app never
maps its own errors to HTTP or to a form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from outorga.law.decisions import Decision


class DomainError(Exception):
    """A refusal with a reason a person can read. ``status``: the HTTP status the API answers
    with; ``code``: a stable name a client may branch on (``campo_invalido``,
    ``recusado_pela_lei``…); :meth:`body`: the API's JSON, ``{"detail": …}`` plus what the error
    adds (``erros`` naming fields, ``decisao`` with the law's reasons)."""

    status: int = 422
    code: str = "recusado"

    def body(self) -> dict[str, Any]:
        return {"detail": str(self)}

    def to_api(self) -> dict[str, Any]:
        return {**self.body(), "codigo": self.code}

    def lines(self) -> list[str]:
        """What a person reads on a screen, one line each (a reason with its articles)."""
        return [str(self)]


class Conflict(DomainError):
    """The record is not in the state the request assumes (a step out of order)."""

    status = 409
    code = "fora_de_ordem"


class FieldError(DomainError, ValueError):
    """Bad input: which field, what is wrong (in Portuguese) and, where there is one, the article."""

    code = "campo_invalido"
    #: The API's ``detail`` above the fields named (a kind of field error may say what it is).
    detail = "Dados inválidos."

    def __init__(self, field: str, message: str, citation: str = "") -> None:
        self.field, self.message, self.citation = field, message, citation
        super().__init__(f"{field}: {message}" + (f" ({citation})" if citation else ""))

    def to_json(self) -> dict[str, str]:
        out = {"campo": self.field, "erro": self.message}
        if self.citation:
            out["fundamento"] = self.citation
        return out

    def body(self) -> dict[str, Any]:
        return {"detail": self.detail, "erros": [self.to_json()]}


class Refused(DomainError):
    """The law refuses the act; ``decision`` carries every reason with its article."""

    code = "recusado_pela_lei"

    def body(self) -> dict[str, Any]:
        # A refusal for what the law did not find (no reason refused: no cause recognised) is
        # said by its own message.
        found = self.decision.refusals or not self.message
        detail = "Recusado pela lei." if found else self.message
        return {"detail": detail, "decisao": self.decision.to_json()}

    def __init__(self, decision: Decision, message: str = "") -> None:
        self.decision, self.message = decision, message
        super().__init__(message or f"Recusado: {'; '.join(self._refused())}")

    def _refused(self) -> list[str]:
        return [
            f"{r.message} ({', '.join(c.render() for c in r.citations)})"
            for r in self.decision.refusals
        ]

    def lines(self) -> list[str]:
        """Each refused reason with its articles; with none refused (the law found nothing the
        act needs, e.g. no cause of cassação), the refusal's own message, when it has one."""
        return self._refused() or ([self.message] if self.message else [])


class FieldRefused(FieldError, Refused):
    """The law refuses what a field gave (an advertência asked for, the offender of an auto, the
    applicant a tender's grant goes to): on a screen, the first refused reason and its articles
    under the ``field`` (or the field ``field`` maps the first refused rule to, by its name; else
    ``default``), as a
    :class:`FieldError`; the ``decision`` with every reason, as a :class:`Refused` — the API
    answers both."""

    code = "recusado_pela_lei"

    def __init__(
        self, field: str | Mapping[str, str], decision: Decision, default: str = ""
    ) -> None:
        from outorga.law.citations import render_many

        first = decision.refusals[0]
        if not isinstance(field, str):  # the field each rule is about, by the rule's name
            field = field.get(first.rule.rsplit(".", 1)[-1], default)
        self.decision = decision
        self.field, self.message = field, first.message
        self.citation = render_many(first.citations)
        DomainError.__init__(self, f"{field}: {self.message} ({self.citation})")

    def body(self) -> dict[str, Any]:
        return {**Refused.body(self), "erros": [self.to_json()]}
