"""The platforms' panel (``core.panels``), where a law governs transport by app: each platform's
monthly reports of the last twelve months as the law judges them (on time, late, not delivered —
``selectors.report_statuses``, art. 16 and D-8), for the roles that view the platforms area. The
trips and gross per month are trip data's charts on the same panel (``tripdata.panels``)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from outorga.core.charts import Chart, Series, last_months, month_label, number
from outorga.core.lawseam import governs
from outorga.core.panels import register_charts, register_panel
from outorga.law.bindings import Service

from . import selectors

#: The statuses the chart always shows, then any other a report has in the period.
SHOWN = ("on_time", "late", "missing")


def reports_by_status(m: Any, today: dt.date) -> Chart:
    months = last_months(today, 12)
    first = (months[0].year, months[0].month)
    statuses = [
        s
        for s in selectors.report_statuses(m, today)
        if (s.year, s.month) >= first and s.status != "not_applicable"
    ]
    platforms = sorted({s.platform.name for s in statuses})
    counts = Counter((s.platform.name, s.status) for s in statuses)
    kinds = list(SHOWN) + sorted({s.status for s in statuses} - set(SHOWN))
    late = sum(counts[(p, k)] for p in platforms for k in ("late", "missing"))
    return Chart(
        key="relatorios-situacao",
        title="Relatórios mensais por situação",
        description=(
            f"Relatórios mensais de cada plataforma de {month_label(months[0])} a "
            f"{month_label(months[-1])}, pela situação que a lei lhes dá (entregues com atraso "
            f"ou não entregues: {number(late)})."
        ),
        labels=tuple(platforms),
        series=tuple(
            Series(
                selectors.REPORT_STATUS_PT.get(k, k).capitalize(),
                tuple(counts[(p, k)] for p in platforms),
            )
            for k in kinds
        ),
        # Across: a platform's name is read on one line beside its bar.
        kind="hstacked",
        label_header="Plataforma",
        total=True,
    )


def charts(user: Any, today: dt.date) -> list[Chart]:
    return [reports_by_status(user.municipality, today)]


register_panel(
    "plataformas",
    "Plataformas",
    help="Corridas e receita por mês; relatórios mensais no prazo, atrasados ou não entregues.",
    order=40,
    applies=lambda m: m is not None and governs(m, Service.APLICATIVO),
)
register_charts(
    "plataformas",
    "platforms.reports",
    charts,
    roles=frozenset(r.value for r in selectors.VIEW_ROLES),
    order=20,
)
