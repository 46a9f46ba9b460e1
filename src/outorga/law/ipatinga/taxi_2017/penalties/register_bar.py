"""Art. 41 IV and §3, art. 42 IV — the taxista's inscription in the Cadastro Municipal de Taxistas
(art. 20) barred by a penalty: cassada (the punished may no longer drive a taxi in the
municipality; so is an auxiliary cassado), or suspended for up to 90 days. The apps give the
penalties their records hold; the law says whether, on the day asked, the inscription is barred
and why. The day after a suspension's last day the bar is gone."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from functools import partial
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason
from outorga.law.questions import question
from outorga.law.rules import check
from outorga.law.schemas import closed, list_of

from .._base import DATE, LAW, answer, art, decide, fmt, has_refusal, opt_day, rule_id

REGISTER_BAR_SCHEMA: dict[str, Any] = closed(
    {
        # Whose inscription: the name the reasons write.
        "name": {"type": "string", "minLength": 1},
        # The first day the inscription stands cassada (art. 41 IV, §3): the cassação's, or the
        # day an auxiliary was cassado; null when none.
        "cassado_em": {"anyOf": [DATE, {"type": "null"}]},
        # Each suspension of the inscription (art. 42 IV): its first day and its days.
        "suspensions": list_of(
            closed(
                {"start": DATE, "days": {"type": "integer", "minimum": 1}},
                required=["start", "days"],
            )
        ),
    },
    required=["name", "cassado_em", "suspensions"],
)


def art_41_iv_par_3_cadastro_cassado(name: str, since: dt.date | None, on: dt.date) -> Reason:
    """Art. 41, IV — cassação da inscrição no Cadastro; §3: the punished may no longer drive a
    taxi in the municipality, from the day of the cassação on."""
    cassada = since is not None and since <= on
    return check(
        rule_id("art_41_IV_cadastro_cassado"),
        not cassada,
        lambda: f"A inscrição de {name} no Cadastro Municipal de Taxistas não foi cassada.",
        lambda: (
            f"A inscrição de {name} no Cadastro Municipal de Taxistas foi cassada em "
            f"{fmt(since) if since else '?'}: o infrator punido fica impedido de dirigir táxi no "
            "Município (art. 41, IV e §3)."
        ),
        art(41, inc="IV"),
        art(41, 3),
        facts={"cassado_em": since if cassada else None},
    )


def _suspended(name: str, start: dt.date, ends: dt.date) -> str:
    return (
        f"A inscrição de {name} no Cadastro Municipal de Taxistas está suspensa de "
        f"{fmt(start)} a {fmt(ends)} (art. 42, IV)."
    )


def art_42_iv_cadastro_suspenso(
    name: str, suspensions: list[tuple[dt.date, int]], on: dt.date
) -> list[Reason]:
    """Art. 42, IV — suspensão da inscrição no Cadastro por até 90 dias: barred from each
    suspension's first day to its last, both included; a refusal for each one running on ``on``,
    else one reason that none is."""
    running = [
        (start, start + dt.timedelta(days=days - 1), days)
        for start, days in suspensions
        if start <= on <= start + dt.timedelta(days=days - 1)
    ]
    if not running:
        return [
            check(
                rule_id("art_42_IV_cadastro_suspenso"),
                True,
                lambda: f"Nenhuma suspensão da inscrição de {name} em curso em {fmt(on)}.",
                "",
                art(42, inc="IV"),
            )
        ]
    return [
        check(
            rule_id("art_42_IV_cadastro_suspenso"),
            False,
            "",
            partial(_suspended, name, start, ends),
            art(42, inc="IV"),
            facts={"inicio": start, "fim": ends, "dias": days},
        )
        for start, ends, days in running
    ]


@question(
    "ipatinga.taxi-2017.register_bar",
    law=LAW,
    title="A inscrição do taxista no Cadastro Municipal está cassada ou suspensa?",
    schema=REGISTER_BAR_SCHEMA,
)
def register_bar_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 41 IV and §3, art. 42 IV: whether the inscription is barred on the day asked, with a
    refusal citing the article for each penalty that bars it."""
    qid, on, name = "ipatinga.taxi-2017.register_bar", ctx.as_of, facts["name"]

    def build() -> Decision:
        suspensions = [(dt.date.fromisoformat(s["start"]), s["days"]) for s in facts["suspensions"]]
        reasons = [
            art_41_iv_par_3_cadastro_cassado(name, opt_day(facts["cassado_em"]), on),
            *art_42_iv_cadastro_suspenso(name, suspensions, on),
        ]
        barred = has_refusal(reasons)
        return decide(
            qid,
            ctx,
            {"barred": barred},
            reasons,
            "Inscrição no Cadastro Municipal de Taxistas cassada ou suspensa."
            if barred
            else "Inscrição no Cadastro Municipal de Taxistas sem cassação nem suspensão em curso.",
        )

    return answer(qid, ctx, on, (art(41, inc="IV"), art(42, inc="IV")), build)
