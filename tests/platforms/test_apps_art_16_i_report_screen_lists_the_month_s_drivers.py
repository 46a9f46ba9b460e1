"""Art. 16, I: the monthly report carries "a relação dos motoristas ativos no período". On the
platform portal the report's lines are the drivers on the roster during the month reported — one
disabled after the month ended is still one of that month's drivers; one enabled after it is not."""

from __future__ import annotations

import datetime as dt

import pytest
from platforms_factories import driver_data, on_municipal_day, platform_actor

from outorga.core.localtime import zone_of
from outorga.core.tenancy import tenant
from outorga.platforms.models import MonthlyReport, PlatformDriver
from outorga.platforms.services.drivers import platform_driver_register

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 1)


def _driver(m, platform, name, enabled, disabled=None):
    with tenant(m):
        d, _ = platform_driver_register(
            actor=platform_actor(),
            municipality=m,
            platform=platform,
            data=driver_data(name=name),
        )
        zone = zone_of(m)
        PlatformDriver.objects.filter(pk=d.pk).update(
            enabled_at=dt.datetime.combine(enabled, dt.time(9), tzinfo=zone),
            created_at=dt.datetime.combine(enabled, dt.time(9), tzinfo=zone),
            status="disabled" if disabled else "enabled",
            disabled_at=dt.datetime.combine(disabled, dt.time(9), tzinfo=zone)
            if disabled
            else None,
        )
    return d


def test_art_16_i_the_report_screen_lists_the_drivers_active_in_the_month_reported(
    barra_m, platform, portal, monkeypatch
):
    on_municipal_day(monkeypatch, TODAY)
    left = _driver(barra_m, platform, "Saiu Em Dezembro", dt.date(2026, 10, 3), TODAY)
    stays = _driver(barra_m, platform, "Segue Habilitado", dt.date(2026, 9, 1))
    gone = _driver(barra_m, platform, "Saiu Em Outubro", dt.date(2026, 9, 1), dt.date(2026, 10, 20))
    late = _driver(barra_m, platform, "Entrou Em Dezembro", TODAY)
    # November, the newest month closed, by default.
    page = portal.get("/plataforma/relatorios/").content.decode()
    assert left.name in page and stays.name in page
    assert gone.name not in page and late.name not in page
    # October, chosen: the one who left in October was active in it.
    october = portal.get("/plataforma/relatorios/?mes=2026-10").content.decode()
    assert gone.name in october and left.name in october and late.name not in october


def test_art_16_i_the_report_sent_on_the_screen_names_the_month_s_drivers(
    barra_m, platform, portal, monkeypatch
):
    on_municipal_day(monkeypatch, TODAY)
    left = _driver(barra_m, platform, "Saiu Em Dezembro", dt.date(2026, 10, 3), TODAY)
    form = {
        "month": "2026-11",
        "intermediation_revenue": "100",
        "key": "web-teste-art16",
        "motoristas-TOTAL_FORMS": "1",
        "motoristas-INITIAL_FORMS": "1",
        "motoristas-0-cpf": left.cpf,
        "motoristas-0-trips": "3",
        "motoristas-0-trip_revenue": "90",
    }
    r = portal.post("/plataforma/relatorios/", form)
    assert r.status_code == 302, r.content.decode()[:2000]
    with tenant(barra_m):
        report = MonthlyReport.objects.get(platform=platform)
    assert (report.year, report.month) == (2026, 11)
    assert [d["cpf"] for d in report.payload["drivers"]] == [left.cpf]
    assert report.response["avisos"] == []


def test_art_16_i_a_report_naming_a_driver_not_on_the_roster_in_the_month_warns(
    barra_m, platform, monkeypatch
):
    """The relation of art. 16, I is of the month's drivers: a CPF the platform enabled only
    after the month is named in the report's avisos (one of that month is not)."""
    from outorga.platforms.services.reports import monthly_report_submit
    from outorga.platforms.validators import mask_cpf

    on_municipal_day(monkeypatch, TODAY)
    october = _driver(barra_m, platform, "Ativo Em Outubro", dt.date(2026, 9, 1))
    late = _driver(barra_m, platform, "Entrou Em Novembro", dt.date(2026, 11, 2))
    report, _ = monthly_report_submit(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        idempotency_key="k-outubro",
        body={
            "year": 2026,
            "month": 10,
            "intermediation_revenue_cents": 100,
            "drivers": [
                {"cpf": october.cpf, "trip_revenue_cents": 50},
                {"cpf": late.cpf, "trip_revenue_cents": 50},
            ],
        },
    )
    (warning,) = report.response["avisos"]
    assert mask_cpf(late.cpf) in warning and "10/2026" in warning and "art. 16, I" in warning
