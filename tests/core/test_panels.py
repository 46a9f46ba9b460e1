"""The dashboards ("Painéis"): each chart's numbers are the records' (checked on the "Ver os
números" table and the SVG), written in Portuguese; a role reads only the panels of data it already
sees, and another municipality's records never reach a chart."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from collections import Counter
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from enforcement_factories import issue, make_world
from finance_factories import make_debt, make_person
from platforms_factories import make_platform
from registry_factories import make_permit, person

from outorga.core.charts import last_months, month_label
from outorga.core.tenancy import tenant
from outorga.finance.models import Debt
from outorga.law.competence import Role
from outorga.platforms import selectors as platform_selectors
from outorga.registry.models import Permit
from outorga.registry.services.tenders import quota_decision
from outorga.registry.tender_facts import active_permits
from outorga.tripdata.models import PlatformMonth

pytestmark = pytest.mark.django_db


def page(user: Any, url: str, status: int = 200) -> str:
    client = Client()
    client.force_login(user)
    r = client.get(url)
    assert r.status_code == status, r.content[:500]
    return r.content.decode()


def figure(html: str, chart_id: str) -> str:
    m = re.search(rf'<figure class="chart" id="{chart_id}">(.*?)</figure>', html, re.S)
    assert m is not None, f"{chart_id} not on the page"
    return m.group(1)


def table(html: str, chart_id: str) -> dict[str, dict[str, str]]:
    """The chart's "Ver os números" table: row label → column header → cell as written."""
    body = figure(html, chart_id)
    heads = [htmllib.unescape(h) for h in re.findall(r'<th scope="col">(.*?)</th>', body)]
    out = {}
    for row in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", body, re.S):
        label, _, rest = row.partition("</th>")
        cells = [htmllib.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rest)]
        out[htmllib.unescape(label)] = dict(zip(heads[1:], cells, strict=True))
    return out


def whole(text: str) -> int:
    return int(text.replace(".", ""))


def cents(text: str) -> int:
    return int(text.removeprefix("R$ ").replace(".", "").replace(",", ""))


# --- permits --------------------------------------------------------------------------------------


def test_permits_by_status_and_the_quota_in_use_are_the_records_and_the_laws(
    ipatinga_m: Any, user_of: Any
) -> None:
    clerk = user_of("ipatinga", Role.ATENDENTE)
    before = table(page(clerk, "/paineis/permissoes/"), "grafico-permissoes-situacao")
    holder = person(ipatinga_m)
    for status in ("active", "active", "suspended", "cassada"):
        make_permit(ipatinga_m, holder=holder, service="mototaxi", status=status)
    make_permit(ipatinga_m, holder=holder, service="taxi", status="active")
    html = page(clerk, "/paineis/permissoes/")
    after = table(html, "grafico-permissoes-situacao")

    def added(service: str, column: str) -> int:
        return whole(after[service][column]) - whole(before.get(service, {}).get(column, "0"))

    assert added("Mototáxi", "Ativa") == 2
    assert added("Mototáxi", "Suspensa") == 1
    assert added("Mototáxi", "Cassada") == 1
    assert added("Mototáxi", "Total") == 4
    assert added("Táxi", "Ativa") == 1

    today = timezone.localdate()
    quota = table(html, "grafico-permissoes-vagas")
    with tenant(ipatinga_m):
        moto = quota_decision(ipatinga_m, "mototaxi", today)
        assert moto is not None
        assert whole(quota["Mototáxi"]["Em uso"]) == active_permits("mototaxi") == 3
        assert whole(quota["Mototáxi"]["Limite da lei"]) == moto.outcome["limit"]
    body = figure(html, "grafico-permissoes-vagas")
    assert "art. 10" in body  # the article the law answers the quota with
    assert 'role="img"' in body and "<script" not in body


# --- enforcement ----------------------------------------------------------------------------------


def test_autos_per_month_are_counted_by_the_month_and_nature_of_the_infraction(
    ipatinga_m: Any, user_of: Any
) -> None:
    fiscal = user_of("ipatinga", Role.FISCAL)
    today = timezone.localdate()
    before = table(page(fiscal, "/paineis/fiscalizacao/"), "grafico-autos-mes")
    w = make_world(ipatinga_m, user_of)
    months = last_months(today)
    a = issue(w, on=today - dt.timedelta(days=1))
    b = issue(w, on=months[-3] + dt.timedelta(days=4), code="art38-I")
    html = page(fiscal, "/paineis/fiscalizacao/")
    after = table(html, "grafico-autos-mes")
    assert list(after) == [month_label(mo) for mo in months]
    made = Counter(
        (
            month_label(timezone.localtime(auto.committed_at).date()),
            auto.get_severity_display().capitalize(),
        )
        for auto in (a, b)
    )
    for (label, nature), n in made.items():
        assert whole(after[label][nature]) - whole(before[label][nature]) == n
    total_added = sum(whole(r["Total"]) for r in after.values()) - sum(
        whole(r["Total"]) for r in before.values()
    )
    assert total_added == 2


# --- finance --------------------------------------------------------------------------------------


def test_debts_by_age_sum_what_is_still_owed_in_reais(ipatinga_m: Any, user_of: Any) -> None:
    finance = user_of("ipatinga", Role.FINANCAS)
    today = timezone.localdate()
    before = table(page(finance, "/paineis/financas/"), "grafico-debitos-idade")
    debtor = make_person(ipatinga_m)
    make_debt(ipatinga_m, debtor, 123_456, due_on=today - dt.timedelta(days=10))
    make_debt(ipatinga_m, debtor, 5_000, due_on=today - dt.timedelta(days=45))
    make_debt(
        ipatinga_m, debtor, 7_000, due_on=today - dt.timedelta(days=200), status=Debt.Status.FINAL
    )
    make_debt(ipatinga_m, debtor, 9_999, due_on=today + dt.timedelta(days=5))  # not yet due
    make_debt(
        ipatinga_m, debtor, 8_888, due_on=today - dt.timedelta(days=5), status=Debt.Status.PAID
    )  # paid: owes nothing
    html = page(finance, "/paineis/financas/")
    after = table(html, "grafico-debitos-idade")

    def added(age: str, column: str) -> int:
        return cents(after[age][column]) - cents(before[age][column])

    assert added("0–30 dias", "Em aberto") == 123_456
    assert after["0–30 dias"]["Em aberto"].startswith("R$ ") and "1.234,56" in html
    assert added("31–60 dias", "Em aberto") == 5_000
    assert added("mais de 180 dias", "Definitivo") == 7_000
    assert added("61–90 dias", "Total") == 0 and added("91–180 dias", "Total") == 0
    counts = table(html, "grafico-debitos-quantidade")
    assert whole(counts["0–30 dias"]["Débitos"]) >= 1


# --- platforms ------------------------------------------------------------------------------------


def test_platforms_trips_gross_and_reports_are_the_records(barra_m: Any, user_of: Any) -> None:
    authority = user_of("barra-do-garcas", Role.AUTORIDADE)
    today = timezone.localdate()
    month = last_months(today)[-2]
    p = make_platform(barra_m, "Rodavia Gráfica")
    with tenant(barra_m):
        PlatformMonth.objects.create(platform=p, month=month, trips=12_345, gross_cents=9_876_543)
    html = page(authority, "/paineis/plataformas/")
    trips = table(html, "grafico-corridas-mes")
    assert trips[month_label(month)]["Rodavia Gráfica"] == "12.345"
    gross = table(html, "grafico-receita-mes")
    assert gross[month_label(month)]["Rodavia Gráfica"] == "R$ 98.765,43"
    reports = table(html, "grafico-relatorios-situacao")
    first = last_months(today)[0]
    with tenant(barra_m):
        statuses = [
            s
            for s in platform_selectors.report_statuses(barra_m, today)
            if s.platform == p and (s.year, s.month) >= (first.year, first.month)
        ]
    missing = sum(1 for s in statuses if s.status == "missing")
    assert missing > 0  # a platform credentialed in 2025 that never reported
    assert whole(reports["Rodavia Gráfica"]["Não entregue"]) == missing
    assert whole(reports["Rodavia Gráfica"]["Total"]) == len(statuses)


# --- who sees what --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "role", "url"),
    [
        ("ipatinga", Role.FISCAL, "/paineis/financas/"),  # the ledger is finance's and its readers'
        ("barra-do-garcas", Role.ATENDENTE, "/paineis/plataformas/"),
        ("ipatinga", Role.AUTORIDADE, "/paineis/plataformas/"),  # no law of apps in Ipatinga
        ("barra-do-garcas", Role.AUTORIDADE, "/paineis/permissoes/"),  # no permit service there
        ("ipatinga", Role.ATENDENTE, "/paineis/inexistente/"),
    ],
)
def test_a_panel_of_data_the_role_does_not_see_is_refused(
    user_of: Any, slug: str, role: Role, url: str
) -> None:
    assert "não é do seu perfil" in page(user_of(slug, role), url, 403)


def test_portal_and_platform_logins_have_no_panels(user_of: Any) -> None:
    page(user_of("ipatinga", Role.PERMISSIONARIO), "/paineis/", 403)
    page(user_of("ipatinga", Role.PERMISSIONARIO), "/paineis/permissoes/", 403)


def test_the_fiscal_sees_the_reports_but_not_the_trip_data(user_of: Any) -> None:
    html = page(user_of("barra-do-garcas", Role.FISCAL), "/paineis/plataformas/")
    assert 'id="grafico-relatorios-situacao"' in html
    assert "grafico-corridas-mes" not in html and "grafico-receita-mes" not in html


def test_the_navigation_leads_to_the_role_s_panels(user_of: Any) -> None:
    html = page(user_of("ipatinga", Role.FINANCAS), "/paineis/")
    assert '<a href="/paineis/"' in html  # "Painéis" in the navigation
    assert re.findall(r'href="/paineis/([a-z]+)/"', html) == [
        "permissoes",
        "fiscalizacao",
        "financas",
    ]
    fiscal = page(user_of("ipatinga", Role.FISCAL), "/paineis/")
    assert "/paineis/financas/" not in fiscal


# --- tenancy --------------------------------------------------------------------------------------


def test_another_municipality_s_records_never_reach_a_chart(
    ipatinga_m: Any, barra_m: Any, user_of: Any
) -> None:
    finance = user_of("ipatinga", Role.FINANCAS)
    today = timezone.localdate()
    before = page(finance, "/paineis/financas/")
    with tenant(barra_m):
        make_debt(barra_m, make_person(barra_m), 4_242_424, due_on=today - dt.timedelta(days=20))
        make_permit(barra_m, holder=person(barra_m), service="mototaxi", status="active")
    after = page(finance, "/paineis/financas/")
    assert table(after, "grafico-debitos-idade") == table(before, "grafico-debitos-idade")
    assert "42.424,24" not in after
    permits = table(page(finance, "/paineis/permissoes/"), "grafico-permissoes-situacao")
    with tenant(ipatinga_m):
        assert sum(whole(r["Total"]) for r in permits.values()) == Permit.objects.count()
    # And Barra's own panel has it.
    barra = page(user_of("barra-do-garcas", Role.FINANCAS), "/paineis/financas/")
    assert "R$ 42.424,24" in barra
