"""The month's ISSQN statement (D-14): computed from the month's current files with the law's rates,
recomputed by Finance, exported.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from outorga.core.acts import Actor, competence_basis, record_act
from outorga.core.lawctx import context
from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.law.context import Context
from outorga.platforms import selectors as platform_selectors
from outorga.platforms.models import Platform

from ..models import IssqnLine, IssqnStatement, PlatformMonth
from ..months import current_trip_uploads, month_drivers
from .common import (
    DEFAULT_DRIVER_REGIME,
    PLATFORM_REGIME,
    TripDataError,
    ask_law,
    authorize_app_act,
    instant,
    month_bounds,
    month_end,
)

# --- ISSQN (D-14) -----------------------------------------------------------------------------------


def latest_report(platform: Platform, first_day: dt.date) -> Any:
    """The newest version of the platform's monthly report for the month, if any (art. 16)."""
    from outorga.platforms.models import MonthlyReport

    return (
        MonthlyReport.objects.filter(platform=platform, year=first_day.year, month=first_day.month)
        .order_by("-version")
        .first()
    )


def _compute_statement(pm: PlatformMonth, ctx: Context) -> IssqnStatement:
    """Ask the law core for the month's statement and store it with one line per taxpayer.

    The platform's base is the intermediation revenue it declared in its monthly report (art. 16
    II); without a report, or with one sent without item II (which declares no revenue, not a
    revenue of zero), the retention measured from its trips. Drivers' bases come from the trips
    (gross minus the platform's retention, art. 20 §1)."""
    assert pm.trips_upload is not None
    drivers = month_drivers(current_trip_uploads(pm.platform, pm.month))
    bounds = month_bounds(pm.municipality, pm.month)
    regimes = platform_selectors.tax_regimes(
        pm.platform, instant(bounds.start_ms), instant(bounds.end_ms)
    )
    report = latest_report(pm.platform, pm.month)
    declared = report.declared_intermediation_revenue_cents if report is not None else None
    if declared is not None:
        base, source = int(declared), "relatório mensal"
    else:
        base, source = int(pm.retention_cents), "corridas"
    facts = issqn_facts(
        pm.month,
        PLATFORM_REGIME,
        base,
        [
            (
                d.driver_cpf,
                regimes.get(d.driver_cpf, DEFAULT_DRIVER_REGIME),
                d.gross_cents,
                d.retention_cents,
            )
            for d in drivers
        ],
    )
    decision = ask_law(pm.platform.municipality, "issqn_statement", facts, ctx)
    out = decision.outcome
    statement, _ = IssqnStatement.objects.update_or_create(
        platform=pm.platform,
        month=pm.month,
        defaults={
            "source_upload": pm.trips_upload,
            "base_source": source,
            "intermediation_base_cents": base,
            "platform_iss_cents": out.get("platform_iss_cents"),
            "withheld_cents": out.get("withheld_cents"),
            "total_cents": out.get("total_cents"),
            "complete": bool(out.get("complete")),
            "decision": decision.to_json(),
        },
    )
    statement.lines.all().delete()
    rates = _rates(decision.to_json())
    lines = [
        IssqnLine(
            municipality=pm.municipality,
            statement=statement,
            taxpayer_kind=IssqnLine.Taxpayer.PLATFORM,
            taxpayer=pm.platform.cnpj,
            regime=PLATFORM_REGIME,
            gross_cents=base,
            deduction_cents=0,
            base_cents=base,
            rate=rates.get(PLATFORM_REGIME, ""),
            iss_cents=out.get("platform_iss_cents"),
        )
    ]
    for d, line in zip(drivers, out.get("drivers", []), strict=False):
        lines.append(
            IssqnLine(
                municipality=pm.municipality,
                statement=statement,
                taxpayer_kind=IssqnLine.Taxpayer.DRIVER,
                taxpayer=d.driver_cpf,
                regime=line["regime"],
                gross_cents=d.gross_cents,
                deduction_cents=d.retention_cents,
                base_cents=line["base_cents"],
                rate=rates.get(line["regime"], ""),
                iss_cents=line["iss_cents"],
            )
        )
    IssqnLine.objects.bulk_create(lines)
    return statement


def issqn_facts(
    month: dt.date,
    platform_regime: str,
    base_cents: int,
    drivers: Iterable[tuple[str, str, int, int]],
) -> dict[str, Any]:
    """The facts of the law's ``issqn_statement`` (apps art. 18–20, D-14) for ``month``: the
    platform's regime and intermediation base, and each driver's (CPF, regime, gross revenue,
    the platform's retention) — a negative amount read as none."""
    return {
        "year": month.year,
        "month": month.month,
        "platform_regime": platform_regime,
        "intermediation_revenue_cents": max(int(base_cents), 0),
        "drivers": [
            {
                "driver": cpf,
                "regime": regime,
                "gross_trip_revenue_cents": max(int(gross), 0),
                "platform_retention_cents": max(int(retention), 0),
            }
            for cpf, regime, gross, retention in drivers
        ],
    }


def _rates(decision: Mapping[str, Any]) -> dict[str, str]:
    """Rate per regime as used by the law core (from the parameters in the decision trace)."""
    rates: dict[str, str] = {}
    for r in decision.get("reasons", []):
        regime = r.get("facts", {}).get("regime")
        for p in r.get("parameters", []):
            if regime and p.get("value") is not None:
                rates.setdefault(regime, str(p["value"]))
    return rates


def issqn_statement_recompute(
    *, actor: Actor, municipality: Municipality, platform: Platform, first_day: dt.date
) -> IssqnStatement:
    """Finance recomputes a month's statement (e.g. after the municipality records its rates or a
    new monthly report arrives)."""
    comp = authorize_app_act(actor, municipality, "platform.report.review")
    with transaction.atomic(), tenant(municipality):
        pm = PlatformMonth.objects.select_for_update().get(platform=platform, month=first_day)
        if pm.trips_upload_id is None:
            raise TripDataError("Mês sem arquivo de corridas processado.")
        old = IssqnStatement.objects.filter(platform=platform, month=first_day).first()
        old_total = old.total_cents if old else None
        statement = _compute_statement(pm, context(municipality, month_end(first_day)))
        record_act(
            municipality=municipality,
            actor=actor,
            action="tripdata.issqn.compute",
            obj=statement,
            old={"total_cents": old_total},
            new={"total_cents": statement.total_cents, "complete": statement.complete},
            basis=competence_basis(comp),
        )
    return statement


def issqn_export_record(
    *, actor: Actor, municipality: Municipality, statement: IssqnStatement, fmt: str
) -> None:
    """An export of a tax statement is an act (it carries taxpayers' data): the reading of an old
    record, allowed after the binding of transport by app ended (ADR 0062)."""
    comp = authorize_app_act(actor, municipality, "platform.report.review", reading=True)
    with transaction.atomic(), tenant(municipality):
        record_act(
            municipality=municipality,
            actor=actor,
            action="tripdata.issqn.export",
            obj=statement,
            extra={"formato": fmt},
            basis=competence_basis(comp),
        )
