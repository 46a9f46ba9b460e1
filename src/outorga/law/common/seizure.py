"""What the Ipatinga laws share about a seized vehicle's release: the charges the release reads
(their facts' schema) and the check that they are stated and paid. Each law keeps its own labels,
rule id, articles and messages (mototaxi art. 35 §1; taxi art. 42 §2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation
from outorga.law.decisions import Reason, Verdict
from outorga.law.money import brl
from outorga.law.rulebook import CENTS, DATE
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of


def release_schema(kinds: Iterable[str], codes: Mapping[str, Any], **more: Any) -> dict[str, Any]:
    """The facts of a ``seizure_release`` question: why the vehicle was seized, the infractions'
    ``codes`` (their item schema), the day, the date of the fact the auto records (``committed_on``:
    a fine charged at the seizure is the one in force that day, D-15), whether the fine was paid,
    each charge with its amount and whether it was paid, an appeal pending; ``more`` adds keywords
    to the schema."""
    return {
        "type": "object",
        "required": ["grounds", "seized_on", "fine_paid", "charges"],
        "additionalProperties": False,
        "properties": {
            "grounds": {"enum": ["sem_permissao", "infracao"]},
            "codes": list_of(codes, uniqueItems=True),
            "seized_on": DATE,
            "committed_on": DATE,
            "fine_paid": {"type": "boolean"},
            "charges": list_of(
                closed(
                    {
                        "kind": {"enum": list(kinds)},
                        "amount_cents": CENTS,
                        "paid": {"type": "boolean"},
                    },
                    required=["kind", "amount_cents", "paid"],
                )
            ),
            "appeal_pending": {"type": "boolean"},
        },
        **more,
    }


def charges_paid(
    rule: str,
    charges: Sequence[Mapping[str, Any]],
    labels: Mapping[str, str],
    required: Iterable[str],
    ok_message: str,
    *citations: Citation,
) -> Reason:
    """PENDING while a ``required`` charge is not stated; else OK when every charge is paid, or
    REFUSED naming each one open with its amount."""
    kinds = {c["kind"] for c in charges}
    missing = [labels[k] for k in required if k not in kinds]
    if missing:
        return reason(rule, Verdict.PENDING, f"Não informados: {', '.join(missing)}.", *citations)
    unpaid = [c for c in charges if not c["paid"]]
    return check(
        rule,
        not unpaid,
        ok_message,
        "Em aberto: "
        + ", ".join(f"{labels[c['kind']]} {brl(c['amount_cents'])}" for c in unpaid)
        + ".",
        *citations,
        facts={"encargos": list(charges)},
    )
