"""The enforcement panel (``core.panels``): autos de infração lavrados in each of the last twelve
months, by the nature of the infraction — for every servant, as the autos list is."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from django.utils import timezone

from outorga.core.charts import Chart, Series, last_months, month_label, number
from outorga.core.panels import register_charts, register_panel
from outorga.registry.panels import governs_permits

from .models import InfractionNotice, Severity
from .views.common import STAFF


def autos_by_month(today: dt.date) -> Chart:
    months = last_months(today, 12)
    start = timezone.make_aware(dt.datetime.combine(months[0], dt.time.min))
    counts: Counter[tuple[dt.date, str]] = Counter()
    # The month an infraction was committed where it was committed: the municipality's time.
    for at, severity in InfractionNotice.objects.filter(
        status=InfractionNotice.Status.ISSUED, committed_at__gte=start
    ).values_list("committed_at", "severity"):
        local = timezone.localtime(at).date()
        if local <= today:
            counts[(local.replace(day=1), severity)] += 1
    total = sum(counts.values())
    return Chart(
        key="autos-mes",
        title="Autos de infração por mês",
        description=(
            f"Autos lavrados de {month_label(months[0])} a {month_label(months[-1])}, por mês "
            f"da infração, empilhados pela natureza (total: {number(total)}). Autos cancelados "
            "não entram."
        ),
        labels=tuple(month_label(mo) for mo in months),
        series=tuple(
            Series(label.capitalize(), tuple(counts[(mo, value)] for mo in months))
            for value, label in Severity.choices
        ),
        kind="stacked",
        label_header="Mês",
        total=True,
    )


def charts(user: Any, today: dt.date) -> list[Chart]:
    return [autos_by_month(today)]


# Autos are written under the laws of the services granted by permit.
register_panel(
    "fiscalizacao",
    "Fiscalização",
    help="Autos de infração por mês e natureza.",
    order=20,
    applies=governs_permits,
)
register_charts(
    "fiscalizacao", "enforcement.autos", charts, roles=frozenset(r.value for r in STAFF), order=10
)
