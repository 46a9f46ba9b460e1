"""Art. 10: how many permissions — the mototaxi quota per inhabitants (I; D-7), motofrete without
a limit (II).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from outorga.law.citations import decision
from outorga.law.common.labels import sentence
from outorga.law.common.tender import (
    TENDER_PLACES_FACTS,
    tender_places_decision,
    tender_places_within_quota,
)
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed

from .._common import DATE, LAW_ID, SERVICE_FACT, SERVICE_PT, Service, art, day, decide, param

# --- Art. 10: how many permissions -------------------------------------------------------------


def art_10_i_mototaxi_quota(ctx: Context, grant_on: dt.date, active: int) -> tuple[Reason, int]:
    """Art. 10, I — no máximo 1 (uma) moto para cada 300 (trezentos) habitantes, pelos dados do IBGE;
    decision D-7: ⌊população / 300⌋ with the newest IBGE figure in force on the grant date; a lower
    figure never removes an existing permission, it only blocks new grants."""
    ratio = param(ctx, "quota.mototaxi_ratio", grant_on)
    pop = ctx.population(grant_on)
    quota = pop.value // ratio.value
    facts = {
        "populacao": pop.value,
        "ano_referencia": pop.reference_year,
        "fonte": pop.source,
        "em_vigor_desde": pop.effective,
        "limite": quota,
        "permissoes_ativas": active,
    }
    return (
        check(
            "art_10_i_mototaxi_quota",
            active < quota,
            f"{active} permissões ativas de no máximo {quota} "
            f"({pop.value} habitantes ÷ {ratio.value}); há {quota - active} vaga(s).",
            f"{active} permissões ativas para o limite de {quota} "
            f"({pop.value} habitantes ÷ {ratio.value}); nova outorga bloqueada.",
            art(10, inc="I"),
            decision(7),
            facts=facts,
            params=(ratio,),
        ),
        quota,
    )


def art_10_ii_motofrete_unlimited(ctx: Context) -> Reason:
    """Art. 10, II — motofrete: cadastramento de todos os interessados que preencherem os
    requisitos desta Lei."""
    return reason(
        "art_10_ii_motofrete_unlimited",
        Verdict.OK,
        "Motofrete não tem limite de permissões: todos os que preencherem os requisitos.",
        art(10, inc="II"),
    )


QUOTA_SCHEMA: dict[str, Any] = closed(
    {
        "service": SERVICE_FACT,
        "grant_on": DATE,
        "active_permits": {"type": "integer", "minimum": 0},
    },
    required=["service", "grant_on", "active_permits"],
)


@question(
    "ipatinga.mototaxi-2013.quota",
    law=LAW_ID,
    title="Há vaga para uma nova permissão de mototáxi/motofrete?",
    schema=QUOTA_SCHEMA,
)
def quota(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 10: the quota on the grant date (D-7) against the permits active now."""
    service = Service(facts["service"])
    grant_on = day(facts["grant_on"])
    active = int(facts["active_permits"])
    if service is Service.MOTOFRETE:
        r = art_10_ii_motofrete_unlimited(ctx)
        return decide(
            "ipatinga.mototaxi-2013.quota",
            ctx,
            {"service": service.value, "limit": None, "available": None, "may_grant": True},
            [r],
            "Motofrete sem limite de permissões.",
        )
    r, limit = art_10_i_mototaxi_quota(ctx, grant_on, active)
    may = r.verdict is Verdict.OK
    return decide(
        "ipatinga.mototaxi-2013.quota",
        ctx,
        {
            "service": service.value,
            "limit": limit,
            "available": max(limit - active, 0),
            "may_grant": may,
        },
        [r],
        f"{sentence(SERVICE_PT[service])}: limite {limit}, "
        + ("há vaga." if may else "sem vaga para nova outorga."),
    )


# --- Art. 6 with art. 10: the places a tender offers ---------------------------------------------


def art_6_art_10_i_tender_places_within_quota(places: int, available: int, promised: int) -> Reason:
    """Art. 6 — the permission is granted after a tender — with art. 10, I: every place the
    tender offers is a permission within the quota, so it offers at most the places the quota
    leaves free on its opening day, less those promised by other tenders in progress."""
    return tender_places_within_quota(
        "art_6_art_10_i_tender_places_within_quota",
        places,
        available,
        promised,
        art(6),
        art(10, inc="I"),
        decision(7),
    )


@question(
    "ipatinga.mototaxi-2013.tender_places",
    law=LAW_ID,
    title="A licitação pode oferecer estas vagas de mototáxi/motofrete, dentro da cota?",
    schema=closed(
        {**QUOTA_SCHEMA["properties"], **TENDER_PLACES_FACTS},
        required=["service", "grant_on", "active_permits", "places", "promised_places"],
    ),
)
def tender_places(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6 with art. 10: the places a tender opened on ``grant_on`` offers, against the quota
    (I; D-7) — motofrete has none (II)."""
    qid = "ipatinga.mototaxi-2013.tender_places"
    q = quota(ctx, {k: facts[k] for k in ("service", "grant_on", "active_permits")})
    return tender_places_decision(
        qid,
        ctx,
        q,
        q.outcome["limit"],
        q.outcome["available"],
        dict(facts),
        art_6_art_10_i_tender_places_within_quota,
    )
