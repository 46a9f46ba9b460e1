"""The finance dashboard: the ledger's summary by status and month."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Count, Sum
from django.db.models.functions import TruncMonth
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from outorga.core.charts import Chart, Series, keyed, month_label
from outorga.core.charts import money as cents_brl
from outorga.core.localtime import today_of
from outorga.core.tenancy import current_municipality

from ..models import Debt
from ..models_payments import FinanceSettings, Payment, Refund
from .common import money, staff_view


def _ledger_summary(today: dt.date) -> dict[str, Any]:
    by_status = {
        row["status"]: (row["n"], row["total"] or 0)
        for row in Debt.objects.values("status").annotate(n=Count("id"), total=Sum("amount_cents"))
    }
    status_rows = [
        (value, label, by_status.get(value, (0, 0))[1], by_status.get(value, (0, 0))[0])
        for value, label in Debt.Status.choices
    ]
    # Eleven months back and three ahead: what fell due and what is about to.
    first = (today.replace(day=1) - dt.timedelta(days=320)).replace(day=1)
    last = (today.replace(day=1) + dt.timedelta(days=95)).replace(day=1)
    months: list[dt.date] = []
    cursor = first
    while cursor <= last:
        months.append(cursor)
        cursor = (cursor + dt.timedelta(days=32)).replace(day=1)
    series: dict[str, tuple[str, list[int]]] = {
        value: (label, [0] * len(months)) for value, label in Debt.Status.choices
    }
    index = {m: i for i, m in enumerate(months)}
    rows = (
        Debt.objects.filter(
            due_on__gte=first, due_on__lt=(last + dt.timedelta(days=32)).replace(day=1)
        )
        .annotate(month=TruncMonth("due_on"))
        .values("month", "status")
        .annotate(total=Sum("amount_cents"))
    )
    for row in rows:
        month = row["month"]
        month = month.date() if isinstance(month, dt.datetime) else month
        if month in index:
            series[row["status"]][1][index[month]] += row["total"] or 0
    series = {k: v for k, v in series.items() if any(v[1])}
    labels = tuple(month_label(m) for m in months)
    return {
        "status_rows": [(label, n, money(c)) for _, label, c, n in status_rows],
        "charts": keyed(
            [
                Chart(
                    key="valores-situacao",
                    title="Valores por situação",
                    description="Soma dos débitos de cada situação: "
                    + "; ".join(f"{label}: {money(c)}" for _, label, c, _ in status_rows)
                    + ".",
                    labels=tuple(label.capitalize() for _, label, _, _ in status_rows),
                    series=(Series("Valor", tuple(c for _, _, c, _ in status_rows)),),
                    kind="hbar",
                    fmt=cents_brl,
                    label_header="Situação",
                ),
                Chart(
                    key="valores-mes",
                    title="Valores por mês de vencimento e situação",
                    description=(
                        f"Débitos que vencem de {labels[0]} a {labels[-1]}, por mês de "
                        "vencimento, empilhados pela situação."
                    ),
                    labels=labels,
                    series=tuple(
                        Series(label.capitalize(), tuple(values))
                        for label, values in series.values()
                    ),
                    kind="stacked",
                    fmt=cents_brl,
                    label_header="Mês",
                    total=True,
                ),
            ]
        ),
    }


@staff_view
def index(request: HttpRequest) -> HttpResponse:
    today = today_of(current_municipality())
    pending = Payment.objects.filter(status__in=Payment.PENDING).count()
    refunds = Refund.objects.filter(status=Refund.Status.PENDING).aggregate(
        n=Count("id"), total=Sum("amount_cents")
    )
    return render(
        request,
        "finance/index.html",
        {
            **_ledger_summary(today),
            "pending_payments": pending,
            "pending_refunds": refunds["n"],
            "pending_refunds_total": money(refunds["total"] or 0),
            "settings": FinanceSettings.objects.first(),
        },
    )
