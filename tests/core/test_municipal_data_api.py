"""/api/v1/municipality/…: the municipality's dated data through the API. The administrator records
(201), other roles are refused (403, an act) or never get in (401), a value of the wrong type is
refused naming the field (422), and a municipality never sees nor changes another's data."""

from __future__ import annotations

import json

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

API = "/api/v1/municipality"
TARIFF = "mototaxi_2013.tariff.mototaxi.urbana"

BODIES = {
    "population": {
        "value": 230123,
        "reference_year": 2025,
        "effective": "2025-08-29",
        "source": "IBGE, Estimativa 2025",
    },
    "fiscal-units": {
        "name": "UFPI",
        "value": "4.8513",
        "valid_from": "2026-01-01",
        "legal_reference": "Decreto 9.001/2025",
    },
    "calendar": {
        "date": "2026-03-12",
        "kind": "holiday",
        "description": "feriado de teste",
        "legal_reference": "Lei Municipal 9.000/2026",
    },
    "parameters": {
        "name": TARIFF,
        "value": 725,
        "effective": "2026-02-01",
        "legal_reference": "Decreto 9.003/2026",
    },
}
MODEL = {
    "population": PopulationFigure,
    "fiscal-units": FiscalUnitValue,
    "calendar": CalendarDay,
    "parameters": ParameterOverride,
}


def _client(user_of, role, slug="ipatinga"):
    c = Client()
    c.force_login(user_of(slug, role))
    return c


def _post(c, path, body):
    return c.post(f"{API}/{path}", data=json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("path", list(BODIES))
def test_the_administrator_records_each_kind_and_lists_it_newest_first(path, user_of, ipatinga_m):
    c = _client(user_of, Role.ADMIN)
    r = _post(c, path, BODIES[path])
    assert r.status_code == 201, r.content
    created = r.json()
    listed = c.get(f"{API}/{path}", {"limit": 200}).json()["items"]
    assert created["id"] in [row["id"] for row in listed]
    date_key = {"population": "effective", "fiscal-units": "valid_from", "calendar": "date"}
    dates = [row[date_key.get(path, "effective")] for row in listed]
    assert dates == sorted(dates, reverse=True)  # newest first
    with tenant(ipatinga_m):
        act = Act.objects.filter(object_id=str(created["id"])).order_by("-seq").first()
        assert act is not None and act.action.startswith("municipality.")
    if path == "fiscal-units":
        assert created["value"] == "4.8513"
        assert act.record["payload"]["old"]["value"] == "5.0000"  # the UFPI in force before
    if path == "parameters":
        assert created["value"] == 725 and created["value_display"] == "R$ 7,25 por corrida"
        assert created["in_force"] is True
        assert act.record["payload"]["old"]["in_force"]["value"] == 500  # the law's example


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.ADMIN])
@pytest.mark.parametrize("path", list(BODIES))
def test_every_other_role_is_refused(path, role, user_of, ipatinga_m):
    with tenant(ipatinga_m):
        before = MODEL[path].objects.count()
    r = _post(_client(user_of, role), path, BODIES[path])
    if role in (Role.PERMISSIONARIO, Role.PLATAFORMA):
        assert r.status_code == 401  # not staff: never reaches the route
    else:
        assert r.status_code == 403
        assert "Administrador do sistema" in r.json()["detail"]
        assert "decisão D-" in r.json()["detail"]
    with tenant(ipatinga_m):
        assert MODEL[path].objects.count() == before


def test_every_servant_reads_the_history(user_of):
    c = _client(user_of, Role.FISCAL)
    assert c.get(f"{API}/population").json()["items"][0]["source"] == "IBGE, Censo Demográfico 2022"
    assert c.get(f"{API}/fiscal-units").json()["items"][0]["name"] == "UFPI"
    declared = {p["name"]: p for p in c.get(f"{API}/parameters/declared").json()["items"]}
    assert declared[TARIFF]["kind"] == "money" and declared[TARIFF]["example"] is True


@pytest.mark.parametrize(
    ("name", "value", "error"),
    [
        (TARIFF, "7,25", "deve ser um número inteiro de centavos"),
        (TARIFF, 7.25, "deve ser um número inteiro de centavos"),
        (TARIFF, -1, "não pode ser negativo"),
        (TARIFF, True, "deve ser um número inteiro de centavos"),
        ("mototaxi_2013.procedure.defence_days", "dez", "deve ser um número inteiro"),
        ("taxi_2017.cnh_categories", "B", "deve ser uma lista"),
        ("mototaxi_2013.fines.grave", 0, "deve ser maior que zero"),
    ],
)
def test_a_parameter_value_of_the_wrong_type_is_refused_naming_the_field(
    name, value, error, user_of, ipatinga_m
):
    body = {**BODIES["parameters"], "name": name, "value": value}
    r = _post(_client(user_of, Role.ADMIN), "parameters", body)
    assert r.status_code == 422, r.content
    (e,) = r.json()["erros"]
    assert e["campo"] == "value"
    assert e["erro"].startswith("Valor de '") and error in e["erro"]
    with tenant(ipatinga_m):
        assert not ParameterOverride.objects.filter(name=name).exists()


def test_an_issqn_rate_is_a_fraction_stored_as_the_rulebook_stores_it(user_of, barra_m):
    c = _client(user_of, Role.ADMIN, "barra-do-garcas")
    body = {**BODIES["parameters"], "name": "apps_2025.issqn_rate_mei", "value": 1.5}
    r = _post(c, "parameters", body)
    assert r.status_code == 422 and "entre 0 e 1" in r.json()["erros"][0]["erro"]
    r = _post(c, "parameters", {**body, "value": "0.02"})
    assert r.status_code == 201 and r.json()["value"] == "0.02"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "apps_2025.platform_cap"}, "name"),  # another municipality's law
        ({"name": "nao.existe"}, "name"),
        ({"effective": "2013-08-26"}, "effective"),  # before the law's own start
        ({"legal_reference": " "}, "legal_reference"),
    ],
)
def test_parameter_refusals_name_the_field(body, field, user_of):
    r = _post(_client(user_of, Role.ADMIN), "parameters", {**BODIES["parameters"], **body})
    assert r.status_code == 422
    assert r.json()["erros"][0]["campo"] == field


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("population", {"value": 0}, "value"),
        ("population", {"reference_year": 2026}, "reference_year"),  # after it took effect
        ("fiscal-units", {"name": "UPFBG"}, "name"),  # Barra's unit, not Ipatinga's
        ("fiscal-units", {"value": "0"}, "value"),
        ("fiscal-units", {"value": "4.85131"}, "value"),
        ("calendar", {"description": ""}, "description"),
        ("calendar", {"date": "2026-08-15"}, "date"),  # Ipatinga's holiday already
    ],
)
def test_other_refusals_name_the_field_in_portuguese(path, body, field, user_of):
    r = _post(_client(user_of, Role.ADMIN), path, {**BODIES[path], **body})
    assert r.status_code == 422, r.content
    e = r.json()["erros"][0]
    assert e["campo"] == field
    assert e["erro"].split(":")[0] in {
        "População",
        "Ano de referência",
        "Unidade fiscal",
        "Valor (R$)",
        "Descrição",
        "Data",
    }


def test_a_correction_is_a_new_dated_row_never_an_overwrite(user_of, ipatinga_m):
    c = _client(user_of, Role.ADMIN)
    assert _post(c, "fiscal-units", BODIES["fiscal-units"]).status_code == 201
    again = _post(c, "fiscal-units", {**BODIES["fiscal-units"], "value": "9.99"})
    assert again.status_code == 422
    assert "registre um novo valor com outra data" in again.json()["erros"][0]["erro"]
    fixed = _post(
        c, "fiscal-units", {**BODIES["fiscal-units"], "value": "4.86", "valid_from": "2026-01-02"}
    )
    assert fixed.status_code == 201
    values = [u["value"] for u in c.get(f"{API}/fiscal-units").json()["items"]]
    assert values == ["4.8600", "4.8513", "5.0000"]


def test_barras_administrator_never_sees_nor_changes_ipatingas_data(user_of, ipatinga_m, barra_m):
    ipa = _client(user_of, Role.ADMIN)
    for path, body in BODIES.items():
        assert _post(ipa, path, body).status_code == 201
    with tenant(ipatinga_m):
        ipatinga_rows = {p: MODEL[p].objects.count() for p in BODIES}
    barra = _client(user_of, Role.ADMIN, "barra-do-garcas")
    seen = json.dumps([barra.get(f"{API}/{p}").json() for p in [*BODIES, "parameters/declared"]])
    for marker in ("Decreto 9.00", "IBGE, Estimativa 2025", "feriado de teste", "UFPI", TARIFF):
        assert marker not in seen
    # Barra's administrator records Barra's data only, and cannot use Ipatinga's unit or laws.
    assert _post(barra, "fiscal-units", BODIES["fiscal-units"]).status_code == 422
    assert _post(barra, "parameters", BODIES["parameters"]).status_code == 422
    assert _post(barra, "calendar", BODIES["calendar"]).status_code == 201
    with tenant(ipatinga_m):
        assert {p: MODEL[p].objects.count() for p in BODIES} == ipatinga_rows
    with tenant(barra_m):
        assert CalendarDay.objects.filter(description="feriado de teste").count() == 1
