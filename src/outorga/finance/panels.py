"""The finance panel (``core.panels``): what is still owed on debts past their due date, by how
long they are past due, for the roles that read the ledger (``views.common.READERS``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.core.charts import Chart, Series, money, number
from outorga.core.panels import register_charts, register_panel

from .guias import amounts_owed
from .models import Debt
from .payments import OWED
from .views.common import READERS

#: Days past due, as the ledger is read: (label, first day, last day; None: no end).
AGES: tuple[tuple[str, int, int | None], ...] = (
    ("0–30 dias", 1, 30),
    ("31–60 dias", 31, 60),
    ("61–90 dias", 61, 90),
    ("91–180 dias", 91, 180),
    ("mais de 180 dias", 181, None),
)


def age_of(days: int) -> int:
    """The index in ``AGES`` of a debt ``days`` past due (1 or more)."""
    return next(
        i for i, (_, lo, hi) in enumerate(AGES) if days >= lo and (hi is None or days <= hi)
    )


def debts_by_age(today: dt.date) -> list[Chart]:
    statuses = [(v, label) for v, label in Debt.Status.choices if v in OWED]
    debts = list(Debt.objects.filter(status__in=OWED, due_on__lt=today))
    owed = amounts_owed(debts)
    cents = {(i, v): 0 for i in range(len(AGES)) for v, _ in statuses}
    count = [0] * len(AGES)
    for d in debts:
        if owed[d.pk] <= 0:
            continue
        i = age_of((today - d.due_on).days)
        cents[(i, d.status)] += owed[d.pk]
        count[i] += 1
    labels = tuple(label for label, _, _ in AGES)
    total = sum(cents.values())
    return [
        Chart(
            key="debitos-idade",
            title="Débitos vencidos por tempo de atraso",
            description=(
                f"Valor ainda devido em débitos vencidos até {today:%d/%m/%Y}, por dias de "
                f"atraso, empilhado pela situação do débito (total: {money(total)}; débitos: "
                f"{number(sum(count))})."
            ),
            labels=labels,
            series=tuple(
                Series(label.capitalize(), tuple(cents[(i, v)] for i in range(len(AGES))))
                for v, label in statuses
            ),
            kind="stacked",
            fmt=money,
            label_header="Atraso",
            total=True,
            basis="Valor ainda devido: o do débito menos os pagamentos já aplicados a ele.",
        ),
        Chart(
            key="debitos-quantidade",
            title="Quantidade de débitos vencidos por tempo de atraso",
            description=(
                "Débitos com valor ainda devido, por dias de atraso: "
                + "; ".join(f"{lab}: {number(n)}" for lab, n in zip(labels, count, strict=True))
                + "."
            ),
            labels=labels,
            series=(Series("Débitos", tuple(count)),),
            label_header="Atraso",
        ),
    ]


def charts(user: Any, today: dt.date) -> list[Chart]:
    return debts_by_age(today)


register_panel("financas", "Finanças", help="Débitos vencidos por tempo de atraso.", order=30)
register_charts(
    "financas", "finance.debts", charts, roles=frozenset(r.value for r in READERS), order=10
)
