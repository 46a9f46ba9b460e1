"""/municipio/dados/: the administrator records the municipality's dated data (D-4, D-5, D-7,
D-15) on the web; every other role is refused and the refusal is an act; history is append-only."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.test import Client

from outorga.core.models import (
    Act,
    CalendarDay,
    FiscalUnitValue,
    ParameterOverride,
    PopulationFigure,
)
from outorga.core.tenancy import tenant
from outorga.law.competence import Role

URL = "/municipio/dados/"
TARIFF = "mototaxi_2013.tariff.mototaxi.urbana"

POSTS = {
    "population": {
        "kind": "population",
        "population-value": "230.123",
        "population-reference_year": "2025",
        "population-effective": "2025-08-29",
        "population-source": "IBGE, Estimativa 2025",
    },
    "fiscal_unit": {
        "kind": "fiscal_unit",
        "fiscal_unit-name": "UFPI",
        "fiscal_unit-value": "4,8513",
        "fiscal_unit-valid_from": "2026-01-01",
        "fiscal_unit-legal_reference": "Decreto 9.001/2025",
    },
    "calendar": {
        "kind": "calendar",
        "calendar-date": "2026-04-24",
        "calendar-kind": "optional",
        "calendar-description": "ponto facultativo de teste",
        "calendar-legal_reference": "Decreto 9.002/2026",
    },
    "parameter": {
        "kind": "parameter",
        "parameter-name": TARIFF,
        "parameter-value": "7,25",
        "parameter-effective": "2026-02-01",
        "parameter-legal_reference": "Decreto 9.003/2026",
    },
}
ACTION = {
    "population": "municipality.population.record",
    "fiscal_unit": "municipality.fiscal_unit.record",
    "calendar": "municipality.calendar.record",
    "parameter": "municipality.parameter.record",
}


def _client(user_of, role, slug="ipatinga"):
    c = Client()
    c.force_login(user_of(slug, role))
    return c


def _stored(kind):
    if kind == "population":
        return PopulationFigure.objects.filter(reference_year=2025).first()
    if kind == "fiscal_unit":
        return FiscalUnitValue.objects.filter(valid_from=dt.date(2026, 1, 1)).first()
    if kind == "calendar":
        return CalendarDay.objects.filter(date=dt.date(2026, 4, 24)).first()
    return ParameterOverride.objects.filter(name=TARIFF).first()


@pytest.mark.parametrize("kind", list(POSTS))
def test_the_administrator_records_each_kind_on_the_web_with_an_act(kind, user_of, ipatinga_m):
    c = _client(user_of, Role.ADMIN)
    r = c.post(URL, POSTS[kind])
    assert r.status_code == 302, r.content.decode()[:2000]
    assert r["Location"].endswith(f"#{kind}")
    with tenant(ipatinga_m):
        row = _stored(kind)
        assert row is not None
        act = Act.objects.filter(action=ACTION[kind]).order_by("-seq").first()
        assert act is not None and act.outcome == "done" and act.object_id == str(row.pk)
        assert act.record["role"] == "admin"
        assert any(c.startswith("decisão D-") for c in act.record["basis"]["citations"])
    page = c.get(URL).content.decode()
    if kind == "population":
        assert row.value == 230_123 and "230.123" in page
    elif kind == "fiscal_unit":
        assert row.value == Decimal("4.8513") and "R$ 4,8513" in page
    elif kind == "calendar":
        assert row.kind == "optional" and "ponto facultativo de teste" in page
    else:
        assert row.value == 725 and "R$ 7,25 por corrida" in page


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.ADMIN])
@pytest.mark.parametrize("kind", list(POSTS))
def test_every_other_role_is_refused_and_nothing_is_recorded(kind, role, user_of, ipatinga_m):
    with tenant(ipatinga_m):
        refused_before = Act.objects.filter(outcome="refused", action=ACTION[kind]).count()
    r = _client(user_of, role).post(URL, POSTS[kind])
    assert r.status_code == 403
    with tenant(ipatinga_m):
        assert _stored(kind) is None
        refused = Act.objects.filter(outcome="refused", action=ACTION[kind]).count()
    if role in (Role.PERMISSIONARIO, Role.PLATAFORMA):
        assert refused == refused_before  # never reach a staff screen at all
    else:
        assert refused == refused_before + 1
        assert "Administrador do sistema" in r.content.decode()


def test_only_the_administrator_sees_the_forms_and_the_menu_entry(user_of):
    admin = _client(user_of, Role.ADMIN).get(URL).content.decode()
    clerk = _client(user_of, Role.ATENDENTE).get(URL).content.decode()
    assert 'name="kind" value="parameter"' in admin and 'href="/municipio/dados/"' in admin
    assert 'name="kind"' not in clerk and 'href="/municipio/dados/"' not in clerk
    # The history itself is visible to every servant of the municipality.
    assert "IBGE, Censo Demográfico 2022" in clerk


def test_history_is_listed_newest_first_and_marks_the_value_in_force(user_of, ipatinga_m):
    c = _client(user_of, Role.ADMIN)
    assert c.post(URL, POSTS["population"]).status_code == 302
    future = {**POSTS["population"], "population-effective": "2099-01-01", "population-value": "1"}
    assert c.post(URL, future).status_code == 302
    page = c.get(URL).content.decode()
    section = page[page.index('id="population"') : page.index('id="fiscal_unit"')]
    dates = re.findall(r"<tr><td>(\d\d/\d\d/\d{4})", section)
    assert dates == ["01/01/2099", "29/08/2025", "28/06/2023"]
    # Today the 2025 estimate is in force, not the future figure nor the 2022 census.
    row_2025 = section[section.index("29/08/2025") :].split("</tr>")[0]
    assert "em vigor" in row_2025
    assert "em vigor" not in section[section.index("01/01/2099") :].split("</tr>")[0]


def test_a_value_already_recorded_for_a_date_is_never_overwritten(user_of, ipatinga_m):
    c = _client(user_of, Role.ADMIN)
    assert c.post(URL, POSTS["fiscal_unit"]).status_code == 302
    again = {**POSTS["fiscal_unit"], "fiscal_unit-value": "9,99"}
    r = c.post(URL, again)
    assert r.status_code == 422
    body = r.content.decode()
    assert "Válido a partir de: já há valor da UFPI a partir de 01/01/2026" in body
    with tenant(ipatinga_m):
        assert [u.value for u in FiscalUnitValue.objects.filter(valid_from="2026-01-01")] == [
            Decimal("4.8513")
        ]


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("parameter-value", "sete reais", "Valor de &#x27;Tarifa urbana"),
        ("parameter-value", "7.25", "use vírgula para os decimais"),
        ("parameter-effective", "2010-01-01", "Em vigor desde: o parâmetro só existe a partir"),
        ("parameter-legal_reference", "   ", "Ato legal"),
    ],
)
def test_a_wrong_parameter_value_is_refused_naming_the_field(
    field, typed, message, user_of, ipatinga_m
):
    r = _client(user_of, Role.ADMIN).post(URL, {**POSTS["parameter"], field: typed})
    assert r.status_code == 422
    assert message in r.content.decode()
    with tenant(ipatinga_m):
        assert not ParameterOverride.objects.filter(name=TARIFF).exists()


def test_a_calendar_day_twice_is_refused_naming_the_date(user_of):
    c = _client(user_of, Role.ADMIN)
    # 15/08 is Ipatinga's holiday already (Lei Municipal 528/1975).
    r = c.post(URL, {**POSTS["calendar"], "calendar-date": "2026-08-15"})
    assert r.status_code == 422
    assert "Data: 15/08/2026 já está registrada (feriado municipal" in r.content.decode()


def test_the_parameter_choice_offers_only_the_municipalitys_laws(user_of):
    barra = _client(user_of, Role.ADMIN, "barra-do-garcas").get(URL).content.decode()
    assert "apps_2025.fare_max_base_fare_cents" in barra
    assert "mototaxi_2013." not in barra and "UFPI" not in barra
    r = _client(user_of, Role.ADMIN, "barra-do-garcas").post(URL, POSTS["parameter"])
    assert r.status_code == 422  # not a choice there
