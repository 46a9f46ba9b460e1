"""Shared vocabulary of the Barra do Garças apps rulebook: the law id, citations, parameters and the
facts schema of a document. The helpers every law shares are in :mod:`outorga.law.rulebook` (one
dialect)."""

from __future__ import annotations

from typing import Any

from outorga.law.rulebook import (
    CENTS,
    COUNT,
    DATE,
    LawText,
    day,
    decide,
    decide_eligibility,
    eligibility_outcome,
    fmt,
    has_pending,
    has_refusal,
    info,
    pending,
    summary_of,
)
from outorga.law.schemas import closed

LAW = "barra-do-garcas.apps-2025"
TEXT = LawText(LAW, "apps_2025")
art = TEXT.art  # a citation of Lei 4.976/2025
param = TEXT.param
optional_param = TEXT.optional_param
deciders = TEXT.deciders

__all__ = [
    "CENTS",
    "COUNT",
    "DATE",
    "DOCUMENT",
    "LAW",
    "MONTH",
    "art",
    "day",
    "decide",
    "decide_eligibility",
    "deciders",
    "eligibility_outcome",
    "fmt",
    "has_pending",
    "has_refusal",
    "info",
    "optional_param",
    "param",
    "pending",
    "summary_of",
]

#: A document the platform must demand and keep up to date (art. 4, II): presented when the key is
#: there; ``valid_until`` when it expires; ``negative`` for certificates (certidão negativa).
DOCUMENT: dict[str, Any] = closed({"valid_until": DATE, "negative": {"type": "boolean"}})
#: The month a platform's figures are about (its caps, report and ISSQN: art. 3, 16, 19), as facts;
#: no month before the law (2025).
MONTH: dict[str, Any] = {
    "year": {"type": "integer", "minimum": 2025, "maximum": 2100},
    "month": {"type": "integer", "minimum": 1, "maximum": 12},
}
