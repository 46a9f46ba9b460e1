"""Art. 25: whoever employs a motofrete driver, or holds a contract of continued service with one,
is jointly liable (responsável solidária) for the civil damages that follow from breaking the rules
of the activity and of the profession.

The liability is civil — damages decided by the courts (as art. 31 §1, 33 and 36 keep civil
liability apart from this law's penalties) — not the municipality's fine: a fine stays the
offender's debt (art. 31 §2 makes the holder answer for his auxiliary, no one else). What the
municipality can do is know, on the date of a fact, who the jointly liable party is: the registry
records the employer or contractor of a motofrete permit, and this rule says whether the law makes
that relation joint (ADR 0032)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Verdict
from outorga.law.questions import question
from outorga.law.rulebook import decide
from outorga.law.rules import reason
from outorga.law.schemas import closed, nullable

from ._common import DATE, LAW_ID, SERVICE_FACT, Service, art, day, fmt, opt_day

#: The relations art. 25 names (joint) and the one it does not (an occasional job).
RELATIONS = {
    "employment": "empregador",
    "continued": "contratante de prestação continuada de serviço",
    "occasional": "contratante eventual (sem prestação continuada)",
}
JOINT = ("employment", "continued")


def art_25_joint_liability(
    service: str, relation: str, started_on: dt.date, ended_on: dt.date | None, on: dt.date
) -> Any:
    """Art. 25 on ``on``: joint civil liability of the employer or continued-service contractor
    of a motofrete driver, while the relation lasts."""
    label = RELATIONS[relation]
    if service != Service.MOTOFRETE:
        return reason(
            "art_25_joint_liability",
            Verdict.REFUSED,
            "A responsabilidade solidária do art. 25 é de quem emprega ou contrata condutor de "
            "motofrete; esta permissão não é de motofrete.",
            art(25),
            facts={"serviço": service},
        ), False
    if relation not in JOINT:
        return reason(
            "art_25_joint_liability",
            Verdict.INFO,
            f"O {label} não responde solidariamente: o art. 25 exige emprego ou contrato de "
            "prestação continuada de serviço.",
            art(25),
            facts={"relação": relation},
        ), False
    in_force = started_on <= on and (ended_on is None or on <= ended_on)
    until = f" até {fmt(ended_on)}" if ended_on else ""
    if not in_force:
        return reason(
            "art_25_joint_liability",
            Verdict.INFO,
            f"Em {fmt(on)} a relação ({label}, de {fmt(started_on)}{until}) não vigorava: sem "
            "responsabilidade solidária nessa data.",
            art(25),
            facts={"relação": relation, "início": started_on, "fim": ended_on},
        ), False
    return reason(
        "art_25_joint_liability",
        Verdict.INFO,
        f"O {label} (desde {fmt(started_on)}{until}) é responsável solidário pelos danos cíveis "
        "advindos do descumprimento das normas da atividade e da profissão; a multa "
        "administrativa continua do infrator.",
        art(25),
        facts={"relação": relation, "início": started_on, "fim": ended_on},
    ), True


SCHEMA: dict[str, Any] = closed(
    {
        "service": SERVICE_FACT,
        "relation": {"enum": list(RELATIONS)},
        "started_on": DATE,
        "ended_on": nullable(DATE),
        "on": DATE,
    },
    required=["service", "relation", "started_on", "on"],
)


@question(
    "ipatinga.mototaxi-2013.motofrete_contractor",
    law=LAW_ID,
    title="Quem emprega ou contrata este motofretista responde solidariamente?",
    schema=SCHEMA,
)
def motofrete_contractor(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 25, judged on ``on``: refused for a permit that is not motofrete; otherwise whether
    the relation makes its party jointly liable on that date."""
    r, joint = art_25_joint_liability(
        facts["service"],
        facts["relation"],
        day(facts["started_on"]),
        opt_day(facts.get("ended_on")),
        day(facts["on"]),
    )
    return decide(
        "ipatinga.mototaxi-2013.motofrete_contractor",
        ctx,
        {"joint_liability": joint, "allowed": r.verdict is not Verdict.REFUSED},
        [r],
        r.message,
    )
