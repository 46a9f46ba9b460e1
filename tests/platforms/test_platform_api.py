"""The platform's API, as a platform uses it: token, drivers, fares, reports, complaints."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import driver_data, fare_limits, make_platform, new_cpf, platform_actor

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import MonthlyReport, PlatformDriver
from outorga.platforms.services.reports import monthly_report_submit
from outorga.platforms.tokens import api_token_issue


@pytest.fixture
def api(barra_m, platform, user_of):
    _, secret = api_token_issue(
        actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
        municipality=barra_m,
        platform=platform,
        name="teste",
    )
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="198.51.100.20")
    return client


def post(client, path, body, **headers):
    return client.post(
        f"/api/v1{path}", data=json.dumps(body), content_type="application/json", headers=headers
    )


def driver_body(**over):
    d = driver_data(**over)
    body = {k: getattr(d, k) for k in d.__dataclass_fields__}
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in body.items()}


def test_a_platform_registers_a_driver_and_reads_the_reasons(api):
    r = post(api, "/platform/drivers", driver_body())
    assert r.status_code == 201, r.content
    body = r.json()
    assert body["status"] == "enabled"
    assert any("art. 3, §2" in c for c in body["citacoes"])
    detail = api.get(f"/api/v1/platform/drivers/{body['id']}").json()
    assert detail["fundamentos"] and detail["status"] == "enabled"


def test_a_motorcycle_is_refused_with_422_citing_art_17(api):
    r = post(api, "/platform/drivers", driver_body(vehicle_kind="motorcycle"))
    assert r.status_code == 422
    body = r.json()
    assert "art. 17" in body["detail"]
    assert body["id"]
    assert body["codigo"] == "recusado_pela_lei"  # the law's refusal, though the record is kept
    assert any(
        f["resultado"] == "refused" and "art. 17" in f["citacoes"][0] for f in body["fundamentos"]
    )


def test_invalid_fields_are_named(api):
    r = post(api, "/platform/drivers", driver_body(cpf="111", vehicle_plate="X"))
    assert r.status_code == 422
    assert {e["campo"] for e in r.json()["erros"]} == {"cpf", "vehicle_plate"}


def test_disable_frees_the_place_and_is_listed(api):
    r = post(api, "/platform/drivers", driver_body())
    driver_id = r.json()["id"]
    r = api.post(f"/api/v1/platform/drivers/{driver_id}/disable")
    assert r.status_code == 200 and r.json()["status"] == "disabled"
    assert api.post(f"/api/v1/platform/drivers/{driver_id}/disable").status_code == 409
    ids = [d["id"] for d in api.get("/api/v1/platform/drivers?status=disabled").json()["items"]]
    assert driver_id in ids


def test_every_token_use_is_an_act_with_the_client_ip(api, barra_m):
    api.get("/api/v1/platform/me")
    with tenant(barra_m):
        act = Act.objects.filter(action="api_token.use").order_by("-seq").first()
    assert act is not None and act.ip == "198.51.100.20"


# --- fares ----------------------------------------------------------------------------------------

FARE = {"base_fare_cents": 500, "per_km_cents": 200, "per_minute_cents": 40}


def test_a_fare_table_without_limits_set_is_accepted_pending(api):
    r = post(api, "/platform/fares", {**FARE, "dynamic_max_percent": "50"})
    assert r.status_code == 201, r.content
    assert r.json()["status"] == "pending"


def _limits(m, **values):
    fare_limits(m, **values)


def test_fare_limits_and_dynamic_ceiling_are_checked_and_history_kept(api, barra_m):
    _limits(
        barra_m,
        fare_max_base_fare_cents=600,
        fare_max_per_km_cents=250,
        fare_max_per_minute_cents=50,
        fare_dynamic_max_percent="20",
    )
    ok = post(api, "/platform/fares", {**FARE, "dynamic_max_percent": "20"})
    assert ok.status_code == 201 and ok.json()["status"] == "accepted"
    too_much = post(api, "/platform/fares", {**FARE, "dynamic_max_percent": "30"})
    assert too_much.status_code == 422
    assert any("art. 9" in c for c in too_much.json()["citacoes"])
    # The detail alone says what to correct and the article (as for drivers).
    assert too_much.json()["detail"].startswith("Tabela recusada: ")
    assert "art. 9" in too_much.json()["detail"]
    over = post(api, "/platform/fares", {**FARE, "base_fare_cents": 700})
    assert over.status_code == 422 and "art. 7" in over.json()["detail"]
    incomplete = post(api, "/platform/fares", {"base_fare_cents": 100, "per_km_cents": 1})
    assert incomplete.status_code == 422  # schema: per_minute_cents is required (art. 6, III)
    history = api.get("/api/v1/platform/fares").json()["items"]
    assert [t["status"] for t in history][:3] == ["refused", "refused", "accepted"]


# --- monthly reports --------------------------------------------------------------------------------


def report_body(year=2026, month=9, drivers=None, revenue=1_000_000):
    drivers = drivers if drivers is not None else [new_cpf(), new_cpf()]
    return {
        "year": year,
        "month": month,
        "intermediation_revenue_cents": revenue,
        "drivers": [
            {
                "cpf": c,
                "trips": 10,
                "trip_revenue_cents": 50_000,
                "platform_retention_cents": 12_500,
            }
            for c in drivers
        ],
    }


def test_same_key_and_body_gives_the_same_answer_and_one_record(api, platform, barra_m):
    body = report_body()
    a = post(api, "/platform/reports", body, **{"Idempotency-Key": "k-1"})
    b = post(api, "/platform/reports", body, **{"Idempotency-Key": "k-1"})
    assert a.status_code == 201 and b.status_code == 200
    assert a.json() == b.json()
    with tenant(barra_m):
        assert MonthlyReport.objects.filter(platform=platform).count() == 1


def test_same_key_with_another_body_is_422(api):
    body = report_body()
    post(api, "/platform/reports", body, **{"Idempotency-Key": "k-2"})
    r = post(
        api,
        "/platform/reports",
        {**body, "intermediation_revenue_cents": 1},
        **{"Idempotency-Key": "k-2"},
    )
    assert r.status_code == 422
    assert "Idempotency-Key" in r.json()["detail"]


def test_a_new_upload_for_the_month_is_a_new_version_all_kept(api, platform, barra_m):
    body = report_body(month=8)
    first = post(api, "/platform/reports", body, **{"Idempotency-Key": "v1"}).json()
    second = post(
        api,
        "/platform/reports",
        {**body, "intermediation_revenue_cents": 5},
        **{"Idempotency-Key": "v2"},
    ).json()
    assert (first["version"], second["version"]) == (1, 2)
    with tenant(barra_m):
        versions = MonthlyReport.objects.filter(platform=platform, year=2026, month=8)
        assert sorted(versions.values_list("version", flat=True)) == [1, 2]
    listed = api.get("/api/v1/platform/reports").json()["items"]
    assert {r["version"] for r in listed if r["month"] == 8} == {1, 2}


def test_a_report_without_idempotency_key_is_400(api):
    r = post(api, "/platform/reports", report_body())
    assert r.status_code == 400


def test_a_report_for_the_current_month_is_refused(api, barra_m):
    today = today_of(barra_m)
    r = post(
        api, "/platform/reports", report_body(today.year, today.month), **{"Idempotency-Key": "x"}
    )
    assert r.status_code == 422


def test_art_16_the_month_of_a_report_is_judged_on_the_municipalitys_clock(
    api, barra_m, monkeypatch
):
    """At 23:30 of 31/10/2026 in Barra do Garças (MT, UTC−4) it is already 01/11 in Brasília: a
    platform's call is on the town's day, so October is still the current month, not yet due."""
    instant = dt.datetime(2026, 11, 1, 3, 30, tzinfo=dt.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: instant)
    r = post(api, "/platform/reports", report_body(2026, 10), **{"Idempotency-Key": "clock"})
    assert r.status_code == 422, r.content
    instant = dt.datetime(2026, 11, 1, 4, 30, tzinfo=dt.UTC)  # 00:30 of 01/11 in the town
    r = post(api, "/platform/reports", report_body(2026, 10), **{"Idempotency-Key": "clock-2"})
    assert r.status_code == 201, r.content
    with tenant(barra_m):
        assert MonthlyReport.objects.get(pk=r.json()["id"]).submitted_on == dt.date(2026, 11, 1)


def test_the_answer_says_when_the_report_was_due_d8(api):
    r = post(api, "/platform/reports", report_body(2026, 9), **{"Idempotency-Key": "due"}).json()
    assert r["due"] == "2026-10-30"  # last business day of October 2026 (D-8)
    assert any("D-8" in c for f in r["fundamentos"] for c in f["citacoes"])


def test_cpfs_not_on_the_roster_are_warned(api):
    r = post(api, "/platform/reports", report_body(2026, 7), **{"Idempotency-Key": "w"}).json()
    assert len(r["avisos"]) == 2


# --- complaints ----------------------------------------------------------------------------------


def test_a_platform_forwards_and_answers_a_complaint(api):
    r = post(
        api, "/platform/complaints", {"description": "Cobrança indevida", "filed_on": "2026-11-02"}
    )
    assert r.status_code == 201, r.content
    c = r.json()
    # Filed on Finados (Monday 02/11), a holiday: received on Tuesday 03/11, which does not count;
    # 04, 05, 06, 09, 10/11 (art. 15; ADR 0083).
    assert c["deadline"] == "2026-11-10"
    r = post(api, f"/platform/complaints/{c['id']}/answer", {"answer": "Valor estornado."})
    assert r.status_code == 200 and r.json()["status"] == "answered"
    assert (
        post(api, f"/platform/complaints/{c['id']}/answer", {"answer": "de novo"}).status_code
        == 409
    )


def test_another_platforms_objects_are_not_found(api, barra_m):
    other = make_platform(barra_m, "Concorrente")
    with tenant(barra_m):
        d = PlatformDriver.objects.create(
            platform=other,
            cpf=new_cpf(),
            name="Outro",
            cnh_number="1",
            cnh_category="B",
            cnh_ear=True,
            vehicle_plate="QAA0A00",
            vehicle_kind="car",
            vehicle_manufacture_year=2022,
        )
    assert api.get(f"/api/v1/platform/drivers/{d.pk}").status_code == 404
    assert api.post(f"/api/v1/platform/drivers/{d.pk}/disable").status_code == 404


def test_staff_cannot_use_platform_routes_and_platforms_cannot_use_staff_routes(api, user_of):
    staff = Client()
    staff.force_login(user_of("barra-do-garcas", Role.AUTORIDADE))
    assert staff.get("/api/v1/platform/drivers").status_code == 401
    assert api.get("/api/v1/platform-drivers/shared-cpfs").status_code == 401


def test_openapi_documents_the_platform_routes_with_examples():
    doc = Client().get("/api/v1/openapi.json").json()
    assert "/api/v1/platform/reports" in doc["paths"]
    post_op = doc["paths"]["/api/v1/platform/reports"]["post"]
    assert any(p["name"] == "Idempotency-Key" for p in post_op["parameters"])
    assert "examples" in json.dumps(doc["components"]["schemas"]["DriverIn"])


def test_art_16_ii_a_report_sent_without_its_revenue_lists_it_as_null_not_zero(
    api, platform, barra_m
):
    """A version sent without item II (the portal's form lets it be left blank) declared no
    revenue: the list says null, never 0, which would be a declaration of zero (ADR 0083)."""
    monthly_report_submit(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        idempotency_key="portal-sem-item-ii",
        body={"year": 2026, "month": 7, "drivers": []},
        on=dt.date(2026, 8, 10),
    )
    post(api, "/platform/reports", report_body(month=8, revenue=0), **{"Idempotency-Key": "z"})
    listed = api.get("/api/v1/platform/reports").json()["items"]
    by_month = {r["month"]: r["intermediation_revenue_cents"] for r in listed}
    assert by_month[7] is None and by_month[8] == 0
