"""The facts of the ``permit_suspension`` question (mototaxi art. 32 I; taxi art. 41 caput and
art. 42 V): the suspension asked for (its days and first day) and what it rests on, as the
enforcement records give it — the count of final infractions (an escalation: its days and the
autos counted) or one auto (its number, whether it is final and since when, and the suspensions
it already backs). Each law decides which grounds it accepts;
the shape is one so an app builds the facts once."""

from __future__ import annotations

from typing import Any

from outorga.law.rulebook import DATE
from outorga.law.schemas import closed, list_of

GROUNDS_SCHEMA: dict[str, Any] = closed(
    {
        "kind": {"enum": ["escalation", "auto"]},
        "days": {"type": "integer", "minimum": 1},
        "infractions": list_of({"type": "string", "minLength": 1}),
        "auto": {"type": "string", "minLength": 1},
        "final": {"type": "boolean"},
        "final_on": {"anyOf": [DATE, {"type": "null"}]},
        # The day the authority decides the suspension (taxi art. 42 IV–V; mototaxi art. 2
        # XXIV with art. 34 and 43, ADR 0085: not before it).
        "decided_on": DATE,
        # The day the permission last came back from an earlier suspension (mototaxi art. 32 I:
        # each suspension served in full, never inside the days of another), from its history.
        "active_again_on": DATE,
        # Whether the auto was committed by the person whose inscription is suspended (taxi
        # art. 42 IV), as the auto records who committed it.
        "committed_by_the_suspended": {"type": "boolean"},
        "suspended_role": {"enum": ["titular", "auxiliar"]},
        # The taxista whose inscription is suspended (taxi art. 42 IV), by the records' key.
        "offender": {"type": "string", "minLength": 1},
        # The suspensions the auto already backs, each with what it suspended (the permission,
        # or an offender's inscription) and its first day (taxi art. 42 caput).
        "suspensions_backed": list_of(
            closed(
                {
                    "target": {"enum": ["cadastro", "permissao"]},
                    "start": DATE,
                    "offender": {"type": "string", "minLength": 1},
                },
                required=["target", "start"],
            )
        ),
    },
    required=["kind"],
)
PERMIT_SUSPENSION_SCHEMA: dict[str, Any] = closed(
    {"days": {"type": "integer", "minimum": 1}, "start": DATE, "grounds": GROUNDS_SCHEMA},
    required=["days", "start"],
)
