"""Art. 2º, XXIV: the permission suspended while its holder holds an elected or a confidence post."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed, nullable

from .._common import DATE, LAW_ID, art, day, decide, fmt, opt_day

# --- Art. 2º, XXIV: suspension while the holder holds an elected or confidence post ----------------

PUBLIC_POSTS = {"eletivo": "cargo eletivo", "confianca": "cargo de confiança"}


def art_2_xxiv_public_post(
    post: str, took_office_on: dt.date, left_office_on: dt.date | None, on: dt.date
) -> Reason:
    """Art. 2º, XXIV — suspensão da permissão: interrupção temporária, com proibição da prestação
    do serviço, "enquanto o permissionário exercer cargo de confiança ou eletivo na Administração
    Pública". Unlike a penalty it has no fixed term and no process: it lasts exactly while the
    post is held, from the day the holder takes office to the day he leaves it."""
    label = PUBLIC_POSTS[post]
    holding = took_office_on <= on and (left_office_on is None or on <= left_office_on)
    if holding:
        message = (
            f"O permissionário exerce {label} na Administração Pública desde "
            f"{fmt(took_office_on)}: a permissão fica suspensa enquanto o exercer."
        )
    elif on < took_office_on or left_office_on is None:
        message = f"A posse no {label} é em {fmt(took_office_on)}: a suspensão começa nesse dia."
    else:
        message = (
            f"O permissionário deixou o {label} em {fmt(left_office_on)}: a suspensão termina "
            "e a prestação do serviço pode voltar."
        )
    return reason(
        "art_2_xxiv_public_post",
        Verdict.INFO,
        message,
        art(2, inc="XXIV"),
        facts={
            "cargo": post,
            "posse": took_office_on,
            "saída": left_office_on,
            "no_exercício": holding,
        },
    )


PUBLIC_POST_SCHEMA: dict[str, Any] = closed(
    {
        "post": {"enum": list(PUBLIC_POSTS)},
        "took_office_on": DATE,
        "left_office_on": nullable(DATE),
        "on": DATE,
    },
    required=["post", "took_office_on", "on"],
)


@question(
    "ipatinga.mototaxi-2013.public_post_suspension",
    law=LAW_ID,
    title="A permissão fica suspensa enquanto o permissionário exerce cargo eletivo ou de confiança?",
    schema=PUBLIC_POST_SCHEMA,
)
def public_post_suspension(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 2º, XXIV, judged on ``on``: whether the permission is suspended for the post."""
    took = day(facts["took_office_on"])
    left = opt_day(facts.get("left_office_on"))
    on = day(facts["on"])
    r = art_2_xxiv_public_post(facts["post"], took, left, on)
    holding = bool(r.facts["no_exercício"])
    return decide(
        "ipatinga.mototaxi-2013.public_post_suspension",
        ctx,
        {"suspended": holding, "from": took, "until": left},
        [r],
        "Permissão suspensa enquanto durar o cargo."
        if holding
        else "Sem suspensão por cargo público nesta data.",
    )
