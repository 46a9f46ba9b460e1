"""The demo's platforms of Barra do Garças (apps law art. 16; D-8): their drivers are on the roster
in the months their reports list, and a platform owes the reports of the months the law core says
(no month before its credential shown as late)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from outorga.core.localtime import today_of
from outorga.core.tenancy import tenant
from outorga.demo.loader import load_demo
from outorga.platforms.models import MonthlyReport, Platform
from outorga.platforms.selectors import report_statuses, roster_in_month

FIRST = "11222333000181"  # Plataforma Exemplo (demo), the platform login's


def test_demo_reports_list_the_drivers_enabled_in_their_month(barra_m: Any) -> None:
    load_demo()
    with tenant(barra_m):
        reports = list(MonthlyReport.objects.filter(platform__demo=True))
        assert reports
        for r in reports:
            roster = roster_in_month(r.platform, r.year, r.month)
            listed = {d["cpf"] for d in r.payload["drivers"]}
            assert listed and listed <= set(roster), (r.platform.name, r.year, r.month)


def test_demo_platform_sends_its_last_month_with_enabled_drivers(barra_m: Any) -> None:
    load_demo()
    with tenant(barra_m):
        p = Platform.objects.get(cnpj=FIRST)
        last = today_of(barra_m).replace(day=1) - dt.timedelta(days=1)
        # "Enviar relatório" of the last closed month lists the drivers of that month.
        assert roster_in_month(p, last.year, last.month)


def test_demo_platform_owes_no_report_of_a_month_before_the_demo_months(barra_m: Any) -> None:
    load_demo()
    today = today_of(barra_m)
    with tenant(barra_m):
        p = Platform.objects.get(cnpj=FIRST)
        statuses = report_statuses(barra_m, today, p)
        sent = set(MonthlyReport.objects.filter(platform=p).values_list("year", "month"))
    # Every month the law core says the first platform owes was reported: none "em atraso".
    assert statuses
    assert [(s.year, s.month) for s in statuses if s.status == "missing"] == []
    assert {(s.year, s.month) for s in statuses} <= sent | {
        (s.year, s.month) for s in statuses if s.status == "not_yet_due"
    }
