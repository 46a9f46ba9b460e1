"""Trip data's charts on the platforms' panel (``core.panels``, registered by ``platforms``): each
platform's trips and gross revenue per month over the last twelve months, as Outorga measured them
from the trip files (``PlatformMonth``), for the roles that read trip data (``selectors.READERS``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from outorga.core.charts import Chart, Series, last_months, money, month_label, number
from outorga.core.panels import register_charts

from .models import PlatformMonth
from .selectors import READERS


def per_month(today: dt.date) -> list[Chart]:
    months = last_months(today, 12)
    rows = list(
        PlatformMonth.objects.filter(month__gte=months[0], month__lte=months[-1]).select_related(
            "platform"
        )
    )
    platforms = sorted({pm.platform.name for pm in rows})
    by = {(pm.platform.name, pm.month.replace(day=1)): pm for pm in rows}
    period = f"de {month_label(months[0])} a {month_label(months[-1])}"

    def chart(
        key: str, title: str, what: str, value: Callable[[PlatformMonth], int], fmt: Any
    ) -> Chart:
        total = sum(value(pm) for pm in rows)
        return Chart(
            key=key,
            title=title,
            description=(
                f"{what} por mês e plataforma {period}, conforme os arquivos de corridas "
                f"(total no período: {fmt(total)})."
            ),
            labels=tuple(month_label(mo) for mo in months),
            series=tuple(
                Series(p, tuple(value(by[(p, mo)]) if (p, mo) in by else 0 for mo in months))
                for p in platforms
            ),
            fmt=fmt,
            label_header="Mês",
            total=len(platforms) > 1,
        )

    return [
        chart("corridas-mes", "Corridas por mês", "Corridas", lambda pm: pm.trips, number),
        chart(
            "receita-mes",
            "Receita bruta das corridas por mês",
            "Receita bruta das corridas",
            lambda pm: pm.gross_cents,
            money,
        ),
    ]


def charts(user: Any, today: dt.date) -> list[Chart]:
    return per_month(today)


register_charts(
    "plataformas", "tripdata.months", charts, roles=frozenset(r.value for r in READERS), order=10
)
