"""Lei 9.784/1999 art. 26, §5º, where a municipal law leaves its procedure to a regulation and the
regulation is silent (decision D-17): "As intimações serão nulas quando feitas sem observância das
prescrições legais, mas o comparecimento do administrado supre sua falta ou irregularidade".
Shared by every law that follows that default (the taxi law's art. 43, the apps law's art. 26 sole
paragraph); each law gives its rule id and its own articles (``grounds``).

The person who comes forward in the process — files a defence or an appeal — before the notice
reached them is notified on the day they came forward: the notice still pending is supplied, and
the period it opens runs from that day (D-4 counts it).

The mototaxi law does not answer this: it has its own procedure (art. 29: the notice in person,
by post with receipt or in the Diário Oficial; art. 42–44: the periods run from that notice), so
D-17 does not bring Lei 9.784/1999 into it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import Citation, cite, decision
from outorga.law.decisions import Reason, Verdict
from outorga.law.rulebook import fmt as _fmt
from outorga.law.rules import reason
from outorga.law.schemas import closed

FEDERAL_APPEARANCE_SUPPLIES_NOTICE = cite("federal.9784-1999", 26, 5)


def cites_of(grounds: tuple[Citation, ...]) -> tuple[Citation, ...]:
    """What the supplied notice rests on: the law's own silence (``grounds``) filled by Lei
    9.784/1999 art. 26 §5 (D-17), its date counted by D-4."""
    return (*grounds, decision(4), decision(17), FEDERAL_APPEARANCE_SUPPLIES_NOTICE)


def art26_5_appearance_supplies_notice(
    appeared_on: dt.date, *, rule: str, grounds: tuple[Citation, ...]
) -> Reason:
    """Lei 9.784/1999 art. 26, §5º (D-17): "o comparecimento do administrado supre sua falta ou
    irregularidade" — the person who appears on ``appeared_on`` is notified on that day, and the
    period the notice opens runs from it (D-4)."""
    return reason(
        rule,
        Verdict.OK,
        f"O interessado compareceu ao processo em {_fmt(appeared_on)}, antes de a notificação "
        "chegar a ele: o comparecimento supre a notificação, que se tem por feita nesse dia, e o "
        "prazo corre dele (Lei 9.784/1999, art. 26, §5º; decisão D-17).",
        *cites_of(grounds),
        facts={"compareceu_em": appeared_on, "notificado_em": appeared_on},
    )


def question_schema(day: dict[str, Any]) -> dict[str, Any]:
    """The facts of a ``notice_by_appearance`` question, the same under every law: the day the
    person came forward in the process (filed a defence or an appeal)."""
    return closed({"appeared_on": day}, required=["appeared_on"])


def notice_by_appearance(
    facts: Mapping[str, Any], *, rule: str, grounds: tuple[Citation, ...]
) -> tuple[dict[str, Any], list[Reason], str]:
    """The ``notice_by_appearance`` answer of a law that follows Lei 9.784/1999 art. 26 §5
    (D-17): the appearance on ``appeared_on`` supplies the pending notice, dated that day. The
    outcome (``supplied``, ``notified_on``), the reasons and the summary."""
    appeared_on = dt.date.fromisoformat(str(facts["appeared_on"]))
    why = art26_5_appearance_supplies_notice(appeared_on, rule=rule, grounds=grounds)
    outcome = {"supplied": True, "notified_on": appeared_on}
    summary = (
        f"O comparecimento em {_fmt(appeared_on)} supre a notificação (Lei 9.784/1999, art. 26, "
        "§5º)."
    )
    return outcome, [why], summary
