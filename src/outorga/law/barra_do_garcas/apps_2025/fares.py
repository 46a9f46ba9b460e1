"""Capítulo III — Tarifas (art. 5–10): the fare table, the quote shown to the user, the executive's
limits and their yearly review, dynamic pricing.

The limits are set "por ato do Chefe do Poder Executivo Municipal" (art. 7): they are parameters
with no default (``apps_2025.fare_max_*``). Until the municipality records them a limit check is
PENDING, never invented. Art. 9 refers to "os limites máximos estabelecidos no Artigo 6°", but
art. 6 only lists the table's items; the limits are those of art. 7 (rulebook's reading).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from typing import Any

from outorga.law.common.labels import periodic_pt, sentence
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, percent_br
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason, unless_suspended
from outorga.law.schemas import closed, list_of
from outorga.law.windows import months_elapsed_on

from ._base import (
    CENTS,
    COUNT,
    DATE,
    LAW,
    art,
    day,
    decide,
    decide_eligibility,
    fmt,
    optional_param,
    param,
)
from .final_provisions import eligibility_in_force, not_in_force

RULE_FARE_LIMITS = "apps.art7.fare_limits"
RULE_DYNAMIC_LIMITS = "apps.art9.dynamic_within_limits"

#: Items of the fare table (art. 6 I–III) and the parameter holding each one's maximum (art. 7).
TABLE_ITEMS = {
    "base_fare_cents": ("I", "tarifa base", "fare_max_base_fare_cents"),
    "per_km_cents": ("II", "custo por quilômetro percorrido", "fare_max_per_km_cents"),
    "per_minute_cents": ("III", "custo por minuto de viagem", "fare_max_per_minute_cents"),
}

EXTRA: dict[str, Any] = closed(
    {"name": {"type": "string", "minLength": 1}, "amount_cents": CENTS},
    required=["name", "amount_cents"],
)


def _limits(ctx: Context) -> dict[str, ParameterValue | None]:
    return {key: optional_param(ctx, item[2]) for key, item in TABLE_ITEMS.items()}


# --- art. 5: prior, clear information -------------------------------------------------------------


def art5_prior_information(shown_before: bool, composition: bool, taxes: bool) -> list[Reason]:
    """Art. 5: fares "deverão ser previamente informadas aos usuários antes da confirmação da
    corrida, de forma clara e acessível [...], permitindo que o usuário compreenda a composição do
    valor total da corrida, inclusive com relação aos tributos aplicáveis"."""
    return [
        check(
            "apps.art5.shown_before_confirmation",
            shown_before,
            "Tarifa informada antes da confirmação da corrida.",
            "Tarifa não informada antes da confirmação da corrida.",
            art(5),
            facts={"informada_antes": shown_before},
        ),
        check(
            "apps.art5.composition",
            composition,
            "Composição do valor total exibida ao usuário.",
            "Composição do valor total não exibida ao usuário.",
            art(5),
            facts={"composição_exibida": composition},
        ),
        check(
            "apps.art5.taxes",
            taxes,
            "Tributos aplicáveis informados na composição.",
            "Tributos aplicáveis não informados na composição do valor.",
            art(5),
            facts={"tributos_informados": taxes},
        ),
    ]


# --- art. 6: the fare table -----------------------------------------------------------------------


def art6_table_complete(table: Mapping[str, Any]) -> list[Reason]:
    """Art. 6: the table includes I base fare, II cost per km, III cost per minute, IV "taxas
    adicionais, se houver" (extras are optional; when present each has a name and an amount)."""
    out = []
    for key, (inc, label, _) in TABLE_ITEMS.items():
        present = key in table
        out.append(
            check(
                f"apps.art6.{inc.lower()}.{key.removesuffix('_cents')}",
                present,
                f"Tabela informa {label}: {brl(int(table[key])) if present else ''}.",
                f"Tabela não informa {label}.",
                art(6, inc=inc),
                facts={key: table.get(key)},
            )
        )
    extras = list(table.get("extras", []))
    out.append(
        reason(
            "apps.art6.iv.extras",
            Verdict.INFO,
            (
                "Taxas adicionais: "
                + "; ".join(f"{e['name']} {brl(int(e['amount_cents']))}" for e in extras)
                + "."
                if extras
                else "Sem taxas adicionais."
            ),
            art(6, inc="IV"),
            facts={"taxas_adicionais": extras},
        )
    )
    return out


# --- art. 7: the executive's limits ---------------------------------------------------------------


def art7_table_within_limits(ctx: Context, table: Mapping[str, Any]) -> list[Reason]:
    """Art. 7: fares "serão regulamentados por ato do Chefe do Poder Executivo Municipal"; sole
    paragraph: breaking "os limites tarifários" subjects the platform to the law's penalties.
    Each item of the table must not exceed the maximum the executive set. Suspendable (D-16):
    ``apps.art7.fare_limits``."""
    out = []
    for key, limit in _limits(ctx).items():
        if key not in table:
            continue
        inc, label, name = TABLE_ITEMS[key]
        value = int(table[key])
        if limit is None:
            out.append(
                reason(
                    RULE_FARE_LIMITS,
                    Verdict.PENDING,
                    f"Limite de {label} ainda não fixado por ato do Executivo "
                    f"(parâmetro apps_2025.{name}).",
                    art(7),
                    facts={key: value},
                )
            )
            continue

        out.append(
            unless_suspended(ctx, RULE_FARE_LIMITS, partial(_item_check, value, limit, label))
        )
    return out


def _item_check(value: int, limit: ParameterValue, label: str) -> Reason:
    return check(
        RULE_FARE_LIMITS,
        value <= int(limit.value),
        f"{sentence(label)} {brl(value)} dentro do limite de {brl(int(limit.value))}.",
        f"{sentence(label)} {brl(value)} acima do limite de {brl(int(limit.value))}.",
        art(7),
        art(7, "único"),
        facts={"item": label, "valor_cents": value},
        params=(limit,),
    )


def fare_ceiling(
    limits: Mapping[str, ParameterValue | None], distance_m: int, duration_s: int, extras: int
) -> int | None:
    """Highest fare the executive's maxima allow for a trip: base + km × distance + minute ×
    duration + declared extras, half-up to the cent. None while any maximum is not set."""
    base, km, minute = (limits[k] for k in TABLE_ITEMS)
    if base is None or km is None or minute is None:
        return None
    total = (
        Decimal(int(base.value))
        + Decimal(int(km.value)) * Decimal(distance_m) / 1000
        + Decimal(int(minute.value)) * Decimal(duration_s) / 60
        + extras
    )
    return int(total.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def art7_quote_within_limits(
    ctx: Context, total: int, distance_m: int, duration_s: int, extras: int
) -> Reason:
    """Art. 7 and sole paragraph: a quote without dynamic pricing stays within the executive's
    maxima applied to the trip. Suspendable (D-16): ``apps.art7.fare_limits``."""
    limits = _limits(ctx)
    ceiling = fare_ceiling(limits, distance_m, duration_s, extras)
    if ceiling is None:
        return reason(
            RULE_FARE_LIMITS,
            Verdict.PENDING,
            "Limites tarifários ainda não fixados por ato do Executivo; verificar quando fixados.",
            art(7),
            facts={"total_cents": total},
        )
    params = tuple(p for p in limits.values() if p is not None)
    return unless_suspended(
        ctx,
        RULE_FARE_LIMITS,
        lambda: check(
            RULE_FARE_LIMITS,
            total <= ceiling,
            f"Valor {brl(total)} dentro do máximo de {brl(ceiling)} para a corrida.",
            f"Valor {brl(total)} acima do máximo de {brl(ceiling)} para a corrida.",
            art(7),
            art(7, "único"),
            facts={"total_cents": total, "máximo_cents": ceiling},
            params=params,
        ),
    )


# --- art. 8: yearly review ------------------------------------------------------------------------


def art8_review_due(ctx: Context, last_review: dt.date) -> tuple[dt.date, int, Reason]:
    """Art. 8: "O órgão municipal competente deverá revisar anualmente os limites estabelecidos".
    The next review is due 12 months after the last one (or after the act that set the limits),
    counted as the Civil Code counts months (art. 132 §3º, ADR 0074: from 29/02, on 01/03); the
    limits are overdue for review the day after. Also the months between reviews in force."""
    months = param(ctx, "fare_limits_review_months")
    every = int(months.value)
    due = months_elapsed_on(last_review, every)
    overdue = ctx.as_of > due
    return (
        due,
        every,
        check(
            "apps.art8.yearly_review",
            not overdue,
            lambda: f"Última revisão em {fmt(last_review)}; próxima até {fmt(due)}.",
            lambda: (
                f"Última revisão em {fmt(last_review)}; a revisão "
                f"{periodic_pt(every, 'months')} venceu em {fmt(due)}."
            ),
            art(8),
            facts={"última_revisão": last_review, "próxima_até": due},
            params=(months,),
        ),
    )


# --- art. 9–10: dynamic pricing -------------------------------------------------------------------


def art9_within_maxima(
    ctx: Context,
    passed: bool,
    ok: str,
    refused: str,
    facts: Mapping[str, Any],
    params: tuple[ParameterValue, ...],
) -> Reason:
    """Art. 9 read with art. 7: a dynamic fare respects "os limites máximos" — the one check every
    limit on dynamic pricing makes, suspendable with them (D-16): ``apps.art9.dynamic_within_limits``.
    """
    return unless_suspended(
        ctx,
        RULE_DYNAMIC_LIMITS,
        lambda: check(
            RULE_DYNAMIC_LIMITS, passed, ok, refused, art(9), art(7), facts=facts, params=params
        ),
    )


def art9_dynamic_within_limits(
    ctx: Context,
    total: int,
    distance_m: int,
    duration_s: int,
    extras: int,
    percent: Decimal | None,
) -> list[Reason]:
    """Art. 9: dynamic fares "é permitida, desde que respeitados os limites máximos" — the exception
    to the plain limits of art. 7: the surge is allowed, but the surged fare stays within the
    executive's maxima for the trip, and within its cap on the surcharge when it set one.
    Suspendable (D-16): ``apps.art9.dynamic_within_limits``."""
    limits = _limits(ctx)
    ceiling = fare_ceiling(limits, distance_m, duration_s, extras)
    out: list[Reason] = []
    if ceiling is None:
        out.append(
            reason(
                RULE_DYNAMIC_LIMITS,
                Verdict.PENDING,
                "Tarifa dinâmica: limites máximos ainda não fixados pelo Executivo.",
                art(9),
                art(7),
                facts={"total_cents": total},
            )
        )
    else:
        params = tuple(p for p in limits.values() if p is not None)
        out.append(
            art9_within_maxima(
                ctx,
                total <= ceiling,
                f"Tarifa dinâmica {brl(total)} dentro do máximo de {brl(ceiling)}.",
                f"Tarifa dinâmica {brl(total)} acima do máximo de {brl(ceiling)}.",
                {"total_cents": total, "máximo_cents": ceiling},
                params,
            )
        )
    cap = optional_param(ctx, "fare_dynamic_max_percent")
    if cap is not None and percent is not None:
        cap_pct = Decimal(str(cap.value))
        out.append(
            art9_within_maxima(
                ctx,
                percent <= cap_pct,
                f"Acréscimo dinâmico de {percent_br(percent)} dentro do máximo de "
                f"{percent_br(cap_pct)}.",
                f"Acréscimo dinâmico de {percent_br(percent)} acima do máximo de "
                f"{percent_br(cap_pct)}.",
                {"percentual": percent},
                (cap,),
            )
        )
    return out


def art10_dynamic_disclosure(dynamic: Mapping[str, Any]) -> list[Reason]:
    """Art. 10: before confirmation the platform informs I "o motivo do aumento tarifário" and II "o
    percentual ou valor adicional aplicado à tarifa base"; sole paragraph: the user may "aceitar ou
    recusar a corrida com o novo valor proposto"."""
    reason_text = str(dynamic.get("reason", "")).strip()
    has_amount = "percent" in dynamic or "additional_cents" in dynamic
    return [
        check(
            "apps.art10.i.reason",
            bool(reason_text),
            f"Motivo do aumento informado: {reason_text}.",
            "Motivo do aumento tarifário não informado.",
            art(10, inc="I"),
            facts={"motivo": reason_text},
        ),
        check(
            "apps.art10.ii.amount",
            has_amount,
            "Percentual ou valor adicional informado.",
            "Percentual ou valor adicional aplicado à tarifa base não informado.",
            art(10, inc="II"),
            facts={k: dynamic[k] for k in ("percent", "additional_cents") if k in dynamic},
        ),
        check(
            "apps.art10.accept_or_refuse",
            bool(dynamic.get("accept_or_refuse_offered")),
            "Usuário pôde aceitar ou recusar a corrida com o novo valor.",
            "Usuário não teve a opção de aceitar ou recusar a corrida com o novo valor.",
            art(10, "único"),
            facts={"opção_aceitar_recusar": bool(dynamic.get("accept_or_refuse_offered"))},
        ),
    ]


# --- questions ------------------------------------------------------------------------------------


#: A platform's fare table: its items (art. 6 I–III) and the other amounts it charges.
TABLE_FACTS: dict[str, Any] = {
    **{key: CENTS for key in TABLE_ITEMS},
    "extras": list_of(EXTRA),
}


def table_requirements(ctx: Context, table: Mapping[str, Any]) -> list[Reason]:
    """Art. 6 (completeness) and art. 7 (limits) for a platform's fare ``table``."""
    return art6_table_complete(table) + art7_table_within_limits(ctx, table)


@question(
    "barra-do-garcas.apps-2025.fare_table",
    law=LAW,
    title="A tabela de tarifas da plataforma está completa e dentro dos limites?",
    schema=closed(TABLE_FACTS),
)
def fare_table(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 6 (completeness) and art. 7 (limits) for a platform's fare table."""
    return eligibility_in_force(
        "barra-do-garcas.apps-2025.fare_table",
        ctx,
        facts,
        table_requirements,
        "Tabela completa e dentro dos limites.",
        "Tabela irregular.",
        "Tabela completa; limites a verificar.",
    )


DYNAMIC: dict[str, Any] = closed(
    {
        "reason": {"type": "string"},
        "percent": {"type": "string", "pattern": r"^\d{1,4}(\.\d{1,2})?$"},
        "additional_cents": CENTS,
        "accept_or_refuse_offered": {"type": "boolean"},
    }
)


@question(
    "barra-do-garcas.apps-2025.fare_quote",
    law=LAW,
    title="O valor apresentado ao usuário antes da corrida atende à lei?",
    schema=closed(
        {
            "shown_before_confirmation": {"type": "boolean"},
            "composition_shown": {"type": "boolean"},
            "taxes_shown": {"type": "boolean"},
            "total_cents": CENTS,
            "extras_cents": CENTS,
            "distance_m": COUNT,
            "duration_s": COUNT,
            "dynamic": DYNAMIC,
        },
        required=[
            "shown_before_confirmation",
            "composition_shown",
            "taxes_shown",
            "total_cents",
            "distance_m",
            "duration_s",
        ],
    ),
)
def fare_quote(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """A quote: art. 5 information; art. 7 limits, or with dynamic pricing art. 9 limits and art. 10
    disclosure. Amounts in cents; distance in metres and duration in seconds (no floats)."""
    qid = "barra-do-garcas.apps-2025.fare_quote"
    if (before := not_in_force(qid, ctx)) is not None:
        return before
    total, extras = int(facts["total_cents"]), int(facts.get("extras_cents", 0))
    distance, duration = int(facts["distance_m"]), int(facts["duration_s"])
    reasons = art5_prior_information(
        bool(facts["shown_before_confirmation"]),
        bool(facts["composition_shown"]),
        bool(facts["taxes_shown"]),
    )
    dynamic = facts.get("dynamic")
    if dynamic is None:
        reasons.append(art7_quote_within_limits(ctx, total, distance, duration, extras))
    else:
        percent = Decimal(dynamic["percent"]) if "percent" in dynamic else None
        reasons += art9_dynamic_within_limits(ctx, total, distance, duration, extras, percent)
        reasons += art10_dynamic_disclosure(dynamic)
    return decide_eligibility(
        qid,
        ctx,
        reasons,
        "Cotação regular.",
        "Cotação irregular.",
        "Cotação regular; limites a verificar.",
    )


@question(
    "barra-do-garcas.apps-2025.fare_limits_review",
    law=LAW,
    title="Os limites tarifários estão com a revisão periódica vencida?",
    schema=closed({"last_review": DATE}, required=["last_review"]),
)
def fare_limits_review(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Art. 8: given the date the limits were last set or reviewed, is the yearly review overdue?"""
    qid = "barra-do-garcas.apps-2025.fare_limits_review"
    last = day(facts["last_review"])
    if (before := not_in_force(qid, ctx)) is not None:
        return before
    due, every, why = art8_review_due(ctx, last)
    overdue = why.verdict is Verdict.REFUSED
    return decide(
        qid,
        ctx,
        {"overdue": overdue, "due": due},
        (why,),
        f"Revisão {periodic_pt(every, 'months')} vencida desde {fmt(due)}."
        if overdue
        else f"Revisar até {fmt(due)}.",
    )
