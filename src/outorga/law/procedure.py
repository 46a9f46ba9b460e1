"""What a law says of its own enforcement procedure, as data the apps read through the seam.

Each rulebook that punishes infractions exports a :class:`Procedure` (``PROCEDURE``): the steps of
its due process in order, the name each step takes in its ``appeal_deadline`` facts, its catalog
of infractions in force on a date (plus the items a municipal regulation adds, where the law
delegates them), and the provision for service without a permit where the law has one. The
enforcement app asks :func:`outorga.law.interfaces.procedure` for it and never names a law.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .citations import Citation
from .ipatinga.severity import SEVERITY_PT


@dataclass(frozen=True)
class InfractionKind:
    """One infraction an auto may cite: its code, description, nature, article and whether the
    vehicle is also seized."""

    code: str
    description: str
    severity: str
    citation: str
    seizure: bool

    @property
    def severity_label(self) -> str:
        """The nature as the law writes it, with its accents ("gravíssima"); a conduct the law
        left to a regulation that has not classified it yet says so."""
        if not self.severity:
            return "natureza a definir pelo regulamento"
        return SEVERITY_PT.get(self.severity, self.severity)  # type: ignore[call-overload]


@dataclass(frozen=True)
class Procedure:
    """``steps``: the filings of the due process in order (``defence``, ``jari``, ``executive``),
    each mapped to the law's own name for it in the facts of its ``appeal_deadline`` question.
    ``kinds(on, regulation_items)``: the catalog in force on the date of the fact. ``regulation``:
    the article by which a municipal regulation adds infractions (its items are data), if any.
    ``unlicensed``: the provision an auto cites for service without a permit, if the law has one
    (it seizes the vehicle; ``unlicensed_admits_warning``: whether the inspector's screen offers
    the warning for it — the refusal itself is the law's ``warning`` or ``penalty`` question's:
    the mototaxi law's admits none, art. 35). ``deadline_citations``: for each step, the articles by
    which its period runs from a notice — what a refusal to file before that notice names. The
    articles of the procedure's acts (``cassacao``, ``warning``, ``seizure``…) are the
    rulebook's ``CITES``, like every other. ``auxiliary_answered_by``: who answers for the fine of
    an infraction the permit's auxiliary committed — ``"holder"`` (mototaxi art. 31 §2: the
    permissionário answers for his auxiliaries) or ``"offender"`` (taxi art. 41: the penalties
    fall on "o infrator") — and the articles that say so."""

    steps: Mapping[str, str]
    kinds: Callable[[dt.date | None, Sequence[Mapping[str, Any]]], list[InfractionKind]]
    regulation: Citation | None = None
    unlicensed: InfractionKind | None = None
    unlicensed_admits_warning: bool = False
    deadline_citations: Mapping[str, tuple[Citation, ...]] = field(default_factory=dict)
    auxiliary_answered_by: tuple[str, tuple[Citation, ...]] = ("holder", ())
    #: The steps whose period runs from a notice that goes by edital only after a failed attempt
    #: to find the person (mototaxi art. 43–44: "quando o infrator não for localizado"), each
    #: with that article; the law's ``appeal_deadline`` then reads the attempt's day
    #: (``unlocated_on``) in an edital notice's facts. None in the other laws.
    edital_after_attempt: Mapping[str, Citation] = field(default_factory=dict)

    @property
    def stages(self) -> list[str]:
        return list(self.steps)

    def next_stage(self, stage: str) -> str | None:
        order = self.stages
        i = order.index(stage)
        return order[i + 1] if i + 1 < len(order) else None

    def kind(
        self, code: str, on: dt.date | None, regulation_items: Sequence[Mapping[str, Any]] = ()
    ) -> InfractionKind | None:
        for k in self.kinds(on, regulation_items):
            if k.code == code:
                return k
        if self.unlicensed is not None and code == self.unlicensed.code:
            return self.unlicensed
        return None
