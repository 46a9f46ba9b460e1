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

from ..guias import owed_in_total
from ..models import Debt
from ..models_payments import FinanceSettings, Payment, Refund
from ..payments import OWED
from .common import money, staff_view

#: What the situation chart and table say the amounts are.
OWED_BASIS = (
    "Ainda devido: o valor do débito menos os pagamentos já aplicados a ele (só os débitos em "
    "aberto, em defesa ou recurso e definitivos ainda são devidos). Valor de face: o valor "
    "lançado, sem descontar pagamentos."
)


def _status_rows() -> list[tuple[str, int, int, int]]:
    """Each situation: its label, how many debts, what they still owe and their face value."""
    by_status = {
        row["status"]: (row["n"], row["total"] or 0)
        for row in Debt.objects.values("status").annotate(n=Count("id"), total=Sum("amount_cents"))
    }
    out = []
    for value, label in Debt.Status.choices:
        n, face = by_status.get(value, (0, 0))
        owed = owed_in_total(Debt.objects.filter(status=value)) if value in OWED and n else 0
        out.append((label, n, owed, face))
    return out


def _ledger_summary(today: dt.date) -> dict[str, Any]:
    status_rows = _status_rows()
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
        "status_rows": [
            (label, n, money(owed), money(face)) for label, n, owed, face in status_rows
        ],
        "charts": keyed(
            [
                Chart(
                    key="valores-situacao",
                    title="Valores por situação",
                    description="Valor ainda devido em cada situação: "
                    + "; ".join(f"{label}: {money(owed)}" for label, _, owed, _ in status_rows)
                    + ". Valor de face (lançado): "
                    + "; ".join(f"{label}: {money(face)}" for label, _, _, face in status_rows)
                    + ".",
                    labels=tuple(label.capitalize() for label, _, _, _ in status_rows),
                    series=(
                        Series("Ainda devido", tuple(owed for _, _, owed, _ in status_rows)),
                        Series("Valor de face", tuple(face for _, _, _, face in status_rows)),
                    ),
                    kind="hbar",
                    fmt=cents_brl,
                    label_header="Situação",
                    basis=OWED_BASIS,
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
                    basis="Valor de face: o valor lançado, sem descontar pagamentos parciais.",
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
