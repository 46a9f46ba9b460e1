"""The apps' one way to the law: ``law_for(municipality, service, on)``.

Which law governs a service in a municipality on a date is the municipality's dated data
(``LawBinding``, recorded by its administrator, D-15); the apps never map a service to a law nor
name a law's questions by its id. They ask the bound law by the name its service's interface
gives (:mod:`outorga.law.interfaces`), with facts drawn from the records::

    law = law_for(m, permit.service, on)
    decision = law.ask("vehicle_eligibility", facts)

and every decision carries the id of the law that answered and the articles it applied.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from outorga.law import interfaces, questions
from outorga.law.bindings import (
    RULEBOOKS,
    Binding,
    LawEnded,
    LawNotBound,
    LawNotYetInForce,
    binding_on,
    services_of,
)
from outorga.law.citations import Citation
from outorga.law.common.judgment import basis as judgment_basis
from outorga.law.common.labels import every_pt
from outorga.law.context import Context, MunicipalityFacts
from outorga.law.decisions import Decision
from outorga.law.interfaces import NotAnswered
from outorga.law.simulation import Proposal, amended

from .localtime import today_of
from .models import Municipality

__all__ = [
    "BoundLaw",
    "LawEnded",
    "LawNotBound",
    "LawNotYetInForce",
    "NotAnswered",
    "ask",
    "binding",
    "governs",
    "law_for",
    "law_of",
    "out_of_force",
    "services_under",
]


def binding(
    m: Municipality,
    service: str,
    on: dt.date | None = None,
    *,
    nearest: bool = False,
    ended: bool = False,
) -> Binding:
    """The binding of ``service`` in force on ``on`` (today, on the municipality's clock).

    ``nearest``: for a record older than every binding of its service (carried over from before
    the law, imported), the first binding. Not for a day of today or after that comes before
    the first binding: that is a fact of today, and a law not yet in force judges none
    (:class:`LawNotYetInForce`, naming from when it will, D-15) — unless ``ended`` (reading
    a record carried over: its page, not an act on it).

    ``ended``: for *reading* a record on a day after the binding of its service ended with none
    in force (its page, its history, a document of an old fact), that binding. Every decision is
    judged by the law in force on the date of the fact (D-15): a fact dated while the binding was
    in force is judged by it, asked on the fact's date; but a new act dated after its end — a
    grant, a renewal, a badge, an auto for a fact of that day — is judged by no law, so without
    ``ended`` that day raises :class:`LawEnded`, the refusal naming since when (ADR 0062)."""
    day = on or today_of(m)
    try:
        return binding_on(m.law_bindings(), service, day, m.name)
    except LawEnded as exc:
        if not ended:
            raise
        return exc.ended
    except LawNotBound:
        own = [b for b in m.law_bindings() if b.service == service]
        if not nearest or not own or (day >= today_of(m) and not ended):
            raise
        later = [b for b in own if b.valid_from > day]
        return min(later, key=lambda b: b.valid_from) if later else own[-1]


def law_of(
    m: Municipality,
    service: str,
    on: dt.date | None = None,
    *,
    nearest: bool = False,
    ended: bool = False,
) -> str:
    """The law id governing ``service`` in ``m`` on ``on``; :class:`LawNotBound` if none does
    (``nearest`` and ``ended`` as in :func:`binding`)."""
    return binding(m, service, on, nearest=nearest, ended=ended).law


def out_of_force(
    m: Municipality, service: str, on: dt.date | None = None
) -> LawEnded | LawNotYetInForce | None:
    """Why no new act under a law of ``service`` can be dated ``on`` (today) in ``m``: the
    binding that governed it ended and none followed (:class:`LawEnded`, ADR 0062), or the one
    that will govern it starts after ``on``, a day of today or after (:class:`LawNotYetInForce`,
    D-15). None while one is in force, for a day before today and before the first (records
    carried over), and where none was ever bound (``governs``)."""
    day = on or today_of(m)
    try:
        binding_on(m.law_bindings(), service, day, m.name)
    except LawEnded as exc:
        return exc
    except LawNotYetInForce as exc:
        return exc if day >= today_of(m) else None
    except LawNotBound:
        return None
    return None


def governs(m: Municipality, service: str) -> bool:
    """Whether any law governs (or governed) ``service`` in ``m``: a service with no binding does
    not exist there."""
    return any(b.service == service for b in m.law_bindings())


def service_citations(
    m: Municipality, service: str, concept: str, on: dt.date | None = None
) -> list[Citation]:
    """The articles the law bound to ``service`` in ``m`` names for ``concept`` (``CITES``); none
    when no law governs the service there."""
    try:
        return list(interfaces.citations(law_of(m, service, on), concept))
    except LawNotBound:
        return []


def cited_for(subject: Any, *concepts: str, m: Municipality | None = None) -> str:
    """The articles the law in force for ``subject`` names for ``concepts`` (its ``CITES``),
    without the law's title — what a page or a message beside a record writes, never an article
    of its own. ``subject`` is a record with its law (a permit's, a case's: ``.law``, a law id),
    a record with a service (``.service``: a tender, an inspection), a law's id (a page of that
    law's), or a service's code, read under the law bound to that service in ``m`` today. Empty where no law governs it or the
    law names none of the concepts."""
    law = _subject_law(subject, m)
    return interfaces.cited_within(law, *concepts) if law else ""


def cited_aside(subject: Any, *concepts: str, m: Municipality | None = None) -> str:
    """:func:`cited_for` in parentheses after a message's text (" (art. 30, VII)"), nothing where
    the law in force names none of the concepts: a taxi message shows no mototaxi article."""
    cites = cited_for(subject, *concepts, m=m)
    return f" ({cites})" if cites else ""


def cited_titled(subject: Any, *concepts: str, m: Municipality | None = None) -> str:
    """:func:`cited_for` with the law's title, written once (the title, then "art. 41, §5"): what
    a text that speaks of several laws writes beside each."""
    law = _subject_law(subject, m)
    return interfaces.cited_once(law, *concepts) if law else ""


def limit_for(subject: Any, concept: str, m: Municipality, ctx: Context | None = None) -> Any:
    """The number the law in force for ``subject`` (as :func:`cited_for` finds it: a permit's own
    law, once ended too; a service's law in ``m`` today) sets for ``concept`` today (its
    ``LIMITS``: a :class:`ParameterValue`), or None where no law governs ``subject``. A concept
    that law does not declare is the page's mistake: :class:`KeyError`, never a quiet blank.
    ``ctx``: ``m``'s facts today, where the caller has read them already (a page's numbers)."""
    from .lawctx import context  # the municipality's facts; lawctx reads the models

    law = _subject_law(subject, m)
    if law is None:
        return None
    if concept not in interfaces.limits(law):
        raise KeyError(f"{law} declara nenhum número {concept!r} (LIMITS)")
    return interfaces.limit(law, concept, ctx or context(m, today_of(m)))


def period_for(
    subject: Any,
    concept: str,
    m: Municipality,
    words: Callable[[int, str], str] = every_pt,
    ctx: Context | None = None,
) -> str:
    """The period the law in force for ``subject`` sets today for ``concept`` (:func:`limit_for`,
    in years or months) in ``words``: the adverb by default — the law's own word while it is the
    law's period ("anualmente"), else in numbers ("a cada 2 anos") —, or the adjective
    (``periodic_pt``: "anual"). "—" where no law governs ``subject``."""
    found = limit_for(subject, concept, m, ctx)
    return words(int(found.value), found.unit) if found is not None else "—"


def _subject_law(subject: Any, m: Municipality | None) -> str | None:
    try:
        if not isinstance(subject, str):
            law = getattr(subject, "law", None)
            if isinstance(law, str):
                return law
            subject = getattr(subject, "service", None)
        if not isinstance(subject, str):
            return None
        if subject in RULEBOOKS:
            return subject
        return law_of(m, subject) if m is not None else None
    except LawNotBound:
        return None


def services_under(m: Municipality, law: str) -> tuple[str, ...]:
    """The services ``law`` governs or governed in ``m``."""
    return services_of(m.law_bindings(), law)


@dataclass
class BoundLaw:
    """The law bound to ``service`` in ``municipality`` on ``on``, ready to be asked."""

    municipality: Municipality
    service: str
    on: dt.date
    binding: Binding
    _contexts: dict[dt.date, Context] = field(default_factory=dict, repr=False)

    @property
    def law(self) -> str:
        return self.binding.law

    @cached_property
    def ctx(self) -> Context:
        return self.context(self.on)

    def context(self, on: dt.date) -> Context:
        from .lawctx import context

        if on not in self._contexts:
            self._contexts[on] = context(self.municipality, on)
        return self._contexts[on]

    def answers(self, name: str) -> bool:
        """Whether this law has the question ``name`` (a badge's fields, say, are not in every law)."""
        return interfaces.answers(self.law, name)

    def question(self, name: str) -> questions.Question:
        return interfaces.question(self.law, self.service, name)

    def ask(self, name: str, facts: Any, on: dt.date | None = None) -> Decision:
        """The decision of this law's question ``name`` on the facts, judged on ``on`` (the date
        it was bound for, by default: the date of the fact)."""
        q = self.question(name)
        return questions.ask(q.id, self.context(on or self.on), facts)

    def limit(self, concept: str) -> Any:
        """The number this law sets for ``concept`` on the date (a :class:`ParameterValue`, with
        its value, unit and reference), or ``None``: a page shows it, never writes it."""
        return interfaces.limit(self.law, concept, self.ctx)


def ask(m: Municipality, law: str, name: str, facts: Any, on: dt.date) -> Decision:
    """Question ``name`` of ``law`` itself — the law a record was made under (a case's, an
    inspection's), not the one bound to its service today — on the facts, judged on ``on`` in
    ``m`` (the order of :meth:`BoundLaw.ask`: name, facts, date)."""
    from .lawctx import context

    return questions.ask(questions.find(law, name).id, context(m, on), facts)


def law_for(
    m: Municipality,
    service: str,
    on: dt.date | None = None,
    *,
    nearest: bool = False,
    ended: bool = False,
) -> BoundLaw:
    """The law governing ``service`` in ``m`` on ``on`` (today, on the municipality's clock):
    :class:`LawNotBound` when none does. ``nearest`` and ``ended`` as in :func:`binding`."""
    day = on or today_of(m)
    return BoundLaw(m, service, day, binding(m, service, day, nearest=nearest, ended=ended))


def limit_here(service: str, concept: str, on: dt.date | None = None) -> tuple[Any, str] | None:
    """The number the law governing ``service`` in the current municipality on ``on`` (today)
    sets for ``concept`` (its ``LIMITS``), with that law's id: what a form shows and checks,
    never writes. None outside a municipality, where no law governs the service then, or where
    the law sets no such number."""
    from .tenancy import current_municipality_or_none  # tenancy reads the models; no cycle here

    m = current_municipality_or_none()
    if m is None:
        return None
    try:
        bound = law_for(m, service, on)
    except LawNotBound:
        return None
    found = bound.limit(concept)
    return None if found is None else (found.value, bound.law)


def appeal_judgment_basis_here(service: str, on: dt.date | None = None) -> str:
    """What the period to judge an appeal filed on ``on`` (today) rests on, as the law governing
    ``service`` in the current municipality answers ``appeal_judgment`` — the regulation's days
    and the articles that make them the regulation's, else the default of Lei 9.784/1999 art. 59
    §1 (D-17), rendered from its citations ("prazo do regulamento ou, na falta, 30 dias do
    recebimento — Lei Federal 9.784/1999, art. 59, §1; decisão D-17"): what a page writes, never
    by hand. Empty outside a municipality, where no law governs the service then, or where the
    law sets no period to judge."""
    from .tenancy import current_municipality_or_none  # tenancy reads the models; no cycle here

    m = current_municipality_or_none()
    if m is None:
        return ""
    day = on or today_of(m)
    try:
        bound = law_for(m, service, day)
    except LawNotBound:
        return ""
    if not bound.answers("appeal_judgment"):
        return ""
    d = bound.ask("appeal_judgment", {"appeal_filed_on": day.isoformat()})
    return judgment_basis(d, bound.law)


#: How many distinct answers an :class:`Asker` keeps.
ANSWERS_KEPT = 4096


class Asker:
    """Many questions to one municipality's bound laws (a batch: the sweep, an import), one
    context per date. ``ask(service, name, facts, on)`` answers under the law bound to the
    service on ``on`` — for a record older than every binding, the first (``nearest``).

    The municipality's facts (population, fiscal units, calendar, overrides) are read once per
    asker, and the same question with the same facts on the same date is answered once: the law
    core is a pure function of them, and a batch asks it the same thing for many records.

    ``facts``: the municipality's data as given instead of the records' — the simulation of an
    amendment asks under the facts as they would be (:func:`proposed`)."""

    def __init__(self, m: Municipality, facts: MunicipalityFacts | None = None) -> None:
        self.m = m
        self.facts = facts  # given data; None: the records', read on the first question
        self._facts: MunicipalityFacts | None = facts
        self._contexts: dict[dt.date, Context] = {}
        self._answers: dict[tuple[str, str, dt.date, str], Decision] = {}

    def context(self, on: dt.date) -> Context:
        from .lawctx import facts_for

        if self._facts is None:
            self._facts = facts_for(self.m)
        if on not in self._contexts:
            self._contexts[on] = Context(self._facts, on)
        return self._contexts[on]

    def law(self, service: str, on: dt.date) -> str:
        if self.facts is None:
            return law_of(self.m, service, on, nearest=True)
        return binding_on(self.facts.bindings, service, on, self.m.name).law

    def answers(self, service: str, name: str, on: dt.date) -> bool:
        """Whether the law bound to ``service`` on ``on`` answers ``name`` (False where none
        is bound)."""
        try:
            return interfaces.answers(self.law(service, on), name)
        except LawNotBound:
            return False

    def ask(self, service: str, name: str, facts: Any, on: dt.date) -> Decision:
        return self._answer(
            (service, name, on, json.dumps(facts, sort_keys=True, default=str)),
            lambda: interfaces.question(self.law(service, on), service, name).id,
            facts,
            on,
        )

    def ask_law(self, law: str, name: str, facts: Any, on: dt.date) -> Decision:
        """Question ``name`` of ``law`` itself — a record's law, as :func:`ask` asks it — through
        this asker: the facts read once, the same question answered once."""
        return self._answer(
            (f"law:{law}", name, on, json.dumps(facts, sort_keys=True, default=str)),
            lambda: questions.find(law, name).id,
            facts,
            on,
        )

    def _answer(
        self,
        key: tuple[str, str, dt.date, str],
        qid: Callable[[], str],
        facts: Any,
        on: dt.date,
    ) -> Decision:
        answer = self._answers.get(key)
        if answer is None:
            if len(self._answers) >= ANSWERS_KEPT:
                self._answers.clear()  # a batch's repeats are near each other; memory stays flat
            answer = self._answers[key] = questions.ask(qid(), self.context(on), facts)
        return answer


def proposed(m: Municipality, proposal: Proposal) -> tuple[Asker, Asker]:
    """Two askers of ``m``'s laws: as they are in force, and as they would be under ``proposal``
    (``law.simulation.amended``) — read once from the records, never written."""
    from .lawctx import facts_for

    in_force = facts_for(m)
    return Asker(m, in_force), Asker(m, amended(in_force, proposal))
