"""Capítulo VI — Das Obrigações Tributárias (art. 18–21): ISSQN of platforms and drivers (D-14).

Rates are dated municipal tax parameters per taxpayer regime (``apps_2025.issqn_rate_<regime>``):
the law sends them to the municipal tax legislation, so the shipped values are examples or null.
The rate used for a month is the one in force on the month's last day (the taxable services of the
month are declared together; D-15).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from outorga.law.citations import decision
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import brl, rate_of, rate_percent
from outorga.law.parameters import ParameterValue
from outorga.law.questions import question
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, list_of
from outorga.law.windows import month_end

from ._base import CENTS, LAW, MONTH, art, decide, optional_param
from .final_provisions import not_in_force_in_month

#: Art. 19: the platform's own ISSQN, in the municipality's general regime.
PLATFORM_REGIMES = ("geral",)
#: Art. 20: the drivers owe ISSQN "na qualidade de MEi (microempreendedor individual) ou
#: Profissional Autônomo Pessoa Física" — these two, and no other.
DRIVER_REGIMES = ("mei", "autonomo")
#: Every regime a rate is recorded for (``issqn_rate_<regime>``); a statement still reads a
#: driver line stored in another regime, and refuses to tax it (art. 20).
REGIMES = PLATFORM_REGIMES + DRIVER_REGIMES
REGIME_PT = {"geral": "regime geral", "mei": "MEI", "autonomo": "autônomo pessoa física"}


@dataclass(frozen=True)
class DriverRevenue:
    driver: str
    regime: str
    gross_trip_revenue_cents: int
    platform_retention_cents: int


def issqn_rate(ctx: Context, regime: str, on: dt.date) -> ParameterValue | None:
    return optional_param(ctx, f"issqn_rate_{regime}", on)


def art18_19_platform_iss(
    ctx: Context, revenue_cents: int, regime: str, month_end: dt.date
) -> tuple[int | None, Reason]:
    """Art. 18–19: the service is subject to ISSQN; for the platform "A base de cálculo será o valor
    bruto mensal auferido a título de intermediação" (§1). ISS = rate × base, half-up (D-14)."""
    rate = issqn_rate(ctx, regime, month_end)
    cites = (art(18), art(19, 1), decision(14))
    if rate is None:
        return None, reason(
            "apps.art19.platform_iss",
            Verdict.PENDING,
            f"Alíquota do ISSQN ({REGIME_PT[regime]}) não informada pelo município para "
            f"{month_end:%m/%Y}.",
            *cites,
            facts={"base_cents": revenue_cents, "regime": regime},
        )
    iss = rate_of(revenue_cents, Decimal(str(rate.value)))
    return iss, reason(
        "apps.art19.platform_iss",
        Verdict.INFO,
        f"ISSQN da plataforma: {rate_percent(rate.value)} de {brl(revenue_cents)} = {brl(iss)}.",
        *cites,
        facts={"base_cents": revenue_cents, "regime": regime, "iss_cents": iss},
        params=(rate,),
    )


def art19_2_cadastro_mobiliario(registered: bool | None) -> Reason:
    """Art. 19, §2: "A inscrição da plataforma no cadastro mobiliário do Município é condição
    indispensável para o exercício da atividade"."""
    if registered is None:
        return reason(
            "apps.art19.2.cadastro_mobiliario",
            Verdict.PENDING,
            "Não informado se a plataforma está inscrita no cadastro mobiliário do Município.",
            art(19, 2),
        )
    return check(
        "apps.art19.2.cadastro_mobiliario",
        registered,
        "Plataforma inscrita no cadastro mobiliário do Município.",
        "Plataforma sem inscrição no cadastro mobiliário do Município; é condição indispensável.",
        art(19, 2),
        facts={"cadastro_mobiliário": registered},
    )


def art20_driver_iss(
    ctx: Context, d: DriverRevenue, month_end: dt.date
) -> tuple[int | None, Reason]:
    """Art. 20: drivers (MEI or self-employed) owe ISSQN on "o valor bruto mensal auferido a título
    de realização de serviço de transporte [...], desconsiderado o valor retido a título de
    intermediação da plataforma" (§1); the platform collects it on their behalf (§2). D-14: rate ×
    (gross − retention), half-up, per driver per month."""
    rule = "apps.art20.driver_iss"
    cites = (art(20, 1), art(20, 2), decision(14))
    base = d.gross_trip_revenue_cents - d.platform_retention_cents
    facts: dict[str, Any] = {
        "motorista": d.driver,
        "regime": d.regime,
        "receita_bruta_cents": d.gross_trip_revenue_cents,
        "retenção_plataforma_cents": d.platform_retention_cents,
        "base_cents": base,
    }
    if d.regime not in DRIVER_REGIMES:
        return None, reason(
            "apps.art20.driver_regime",
            Verdict.REFUSED,
            f"Motorista {d.driver}: {REGIME_PT.get(d.regime, d.regime)} não é regime de motorista; "
            "o art. 20 sujeita os motoristas ao ISSQN na qualidade de MEI (microempreendedor "
            "individual) ou Profissional Autônomo Pessoa Física. Corrija o cadastro do motorista.",
            art(20),
            facts=facts,
        )
    if base < 0:
        return None, reason(
            rule,
            Verdict.REFUSED,
            f"Motorista {d.driver}: retenção da plataforma maior que a receita bruta; "
            "dados inconsistentes.",
            *cites,
            facts=facts,
        )
    rate = issqn_rate(ctx, d.regime, month_end)
    if rate is None:
        return None, reason(
            rule,
            Verdict.PENDING,
            f"Motorista {d.driver}: alíquota do ISSQN ({REGIME_PT[d.regime]}) não informada "
            f"pelo município para {month_end:%m/%Y}.",
            *cites,
            facts=facts,
        )
    iss = rate_of(base, Decimal(str(rate.value)))
    return iss, reason(
        rule,
        Verdict.INFO,
        f"Motorista {d.driver}: {rate_percent(rate.value)} de ({brl(d.gross_trip_revenue_cents)} − "
        f"{brl(d.platform_retention_cents)}) = {brl(iss)}, retido e recolhido pela plataforma.",
        *cites,
        facts={**facts, "iss_cents": iss},
        params=(rate,),
    )


@question(
    "barra-do-garcas.apps-2025.issqn_statement",
    law=LAW,
    title="Quanto de ISSQN a plataforma deve recolher no mês (próprio e retido dos motoristas)?",
    schema=closed(
        {
            **MONTH,
            "platform_regime": {"enum": list(PLATFORM_REGIMES)},
            "intermediation_revenue_cents": CENTS,
            "drivers": list_of(
                closed(
                    {
                        "driver": {"type": "string", "minLength": 1},
                        "regime": {"enum": list(REGIMES)},
                        "gross_trip_revenue_cents": CENTS,
                        "platform_retention_cents": CENTS,
                    },
                    required=[
                        "driver",
                        "regime",
                        "gross_trip_revenue_cents",
                        "platform_retention_cents",
                    ],
                )
            ),
        },
        required=["year", "month", "intermediation_revenue_cents", "drivers"],
    ),
)
def issqn_statement(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    """Monthly statement (art. 18–21, D-14): platform's own ISS plus each driver's ISS it withholds.

    Totals are given only when every line could be computed (``complete``)."""
    qid = "barra-do-garcas.apps-2025.issqn_statement"
    year, month = int(facts["year"]), int(facts["month"])
    last_day = month_end(year, month)
    if (before := not_in_force_in_month(qid, ctx, last_day, {"complete": False})) is not None:
        return before
    reasons: list[Reason] = []
    platform_iss, why = art18_19_platform_iss(
        ctx,
        int(facts["intermediation_revenue_cents"]),
        facts.get("platform_regime", "geral"),
        last_day,
    )
    reasons.append(why)
    lines: list[dict[str, Any]] = []
    for raw in facts["drivers"]:
        d = DriverRevenue(
            raw["driver"],
            raw["regime"],
            int(raw["gross_trip_revenue_cents"]),
            int(raw["platform_retention_cents"]),
        )
        iss, why = art20_driver_iss(ctx, d, last_day)
        reasons.append(why)
        lines.append(
            {
                "driver": d.driver,
                "regime": d.regime,
                "base_cents": d.gross_trip_revenue_cents - d.platform_retention_cents,
                "iss_cents": iss,
            }
        )
    reasons.append(
        reason(
            "apps.art21.records",
            Verdict.INFO,
            "A plataforma responde pelo cálculo e recolhimento e deve manter registros detalhados "
            "das corridas e valores cobrados.",
            art(21),
            art(20, 2),
        )
    )
    complete = platform_iss is not None and all(line["iss_cents"] is not None for line in lines)
    withheld = sum(int(line["iss_cents"] or 0) for line in lines) if complete else None
    total = (platform_iss or 0) + (withheld or 0) if complete else None
    outcome = {
        "month": f"{year}-{month:02d}",
        "complete": complete,
        "platform_iss_cents": platform_iss,
        "drivers": lines,
        "withheld_cents": withheld,
        "total_cents": total,
    }
    summary = (
        f"ISSQN de {month:02d}/{year}: próprio {brl(platform_iss or 0)}, retido dos motoristas "
        f"{brl(withheld or 0)}, total {brl(total or 0)}."
        if complete
        else "Extrato incompleto: falta alíquota do município ou há dados inconsistentes."
    )
    return decide(qid, ctx, outcome, reasons, summary)
