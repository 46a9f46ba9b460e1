"""Art. 3 with art. 26, IV: what a suspended or cancelled platform's API token still does (ADR
0053). Each route a platform calls names its act; the law core's ``credential_standing`` answers
whether the credential lets the platform do it today. Stopped: enabling drivers and publishing fares
(art. 3 — only a credentialed platform offers the service). Kept: reading its records (art. 24),
monthly reports (art. 16), complaints (art. 15), disabling a driver (art. 3 §2 counts only the
enabled), defence and appeals (art. 26, parágrafo único)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from platforms_factories import driver_data, new_cpf, platform_actor

from outorga.core.acts import Actor
from outorga.core.lawseam import law_for
from outorga.core.localtime import today_of
from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.bindings import Service
from outorga.law.competence import Role
from outorga.platforms.models import FareTable, Platform, PlatformDriver
from outorga.platforms.services.common import PlatformRefused
from outorga.platforms.services.fares import fare_table_publish
from outorga.platforms.tokens import api_token_issue

pytestmark = pytest.mark.django_db


def _set(m, platform, status, until=None):  # type: ignore[no-untyped-def]
    with tenant(m):
        Platform.objects.filter(pk=platform.pk).update(status=status, suspended_until=until)


@pytest.fixture
def api(barra_m, platform, user_of):  # type: ignore[no-untyped-def]
    _, secret = api_token_issue(
        actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
        municipality=barra_m,
        platform=platform,
        name="teste",
    )
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}", REMOTE_ADDR="198.51.100.20")


def post(client, path, body, **headers):  # type: ignore[no-untyped-def]
    return client.post(
        f"/api/v1{path}", data=json.dumps(body), content_type="application/json", headers=headers
    )


def driver_body():  # type: ignore[no-untyped-def]
    d = driver_data()
    body = {k: getattr(d, k) for k in d.__dataclass_fields__}
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in body.items()}


def report_body(year: int, month: int) -> dict:
    return {
        "year": year,
        "month": month,
        "intermediation_revenue_cents": 100_000,
        "drivers": [{"cpf": new_cpf(), "trips": 3, "trip_revenue_cents": 9_000}],
    }


def _until(m) -> dt.date:  # type: ignore[no-untyped-def]
    return today_of(m) + dt.timedelta(days=5)


def test_art_3_art_26_iv_a_suspended_platforms_token_adds_no_driver_403_naming_the_articles(
    barra_m, platform, api
):
    _set(barra_m, platform, Platform.Status.SUSPENDED, _until(barra_m))
    r = post(api, "/platform/drivers", driver_body())
    assert r.status_code == 403, r.content
    body = r.json()
    assert "suspenso" in body["detail"]
    assert "art. 3" in body["detail"] and "art. 26, IV" in body["detail"]
    assert body["codigo"] == "recusado_pela_lei"
    assert {f["resultado"] for f in body["fundamentos"]} >= {"refused"}
    with tenant(barra_m):
        assert not PlatformDriver.objects.filter(platform=platform).exists()
        act = Act.objects.filter(action="api_token.refuse").get()
    assert act.outcome == "refused" and '"ato":"roster"' in act.canonical


def test_art_3_art_26_iv_a_cancelled_platforms_token_adds_no_driver(barra_m, platform, api):
    _set(barra_m, platform, Platform.Status.CANCELLED)
    r = post(api, "/platform/drivers", driver_body())
    assert r.status_code == 403
    assert "cancelado" in r.json()["detail"]


def test_art_26_iv_the_suspension_ends_after_its_last_day_even_before_the_sweep(
    barra_m, platform, api
):
    # Its last day was yesterday: the sweep has not yet run, the token adds drivers again.
    _set(barra_m, platform, Platform.Status.SUSPENDED, today_of(barra_m) - dt.timedelta(days=1))
    assert post(api, "/platform/drivers", driver_body()).status_code == 201


def test_art_16_a_suspended_platform_still_delivers_the_report_of_a_month_it_operated(
    barra_m, platform, api
):
    _set(barra_m, platform, Platform.Status.SUSPENDED, _until(barra_m))
    last = today_of(barra_m).replace(day=1) - dt.timedelta(days=1)
    r = post(
        api,
        "/platform/reports",
        report_body(last.year, last.month),
        **{"Idempotency-Key": "susp"},
    )
    assert r.status_code == 201, r.content


def test_art_16_a_cancelled_platform_still_delivers_the_reports_it_owes(barra_m, platform, api):
    _set(barra_m, platform, Platform.Status.CANCELLED)
    last = today_of(barra_m).replace(day=1) - dt.timedelta(days=1)
    r = post(
        api, "/platform/reports", report_body(last.year, last.month), **{"Idempotency-Key": "c"}
    )
    assert r.status_code == 201, r.content


def test_art_24_art_26_sole_a_cancelled_platform_reads_its_records_and_cases(
    barra_m, platform, api
):
    _set(barra_m, platform, Platform.Status.CANCELLED)
    for path in ("/platform/me", "/platform/drivers", "/platform/cases", "/platform/penalties"):
        assert api.get(f"/api/v1{path}").status_code == 200, path


def test_art_3_par_2_a_suspended_platform_still_disables_a_driver(barra_m, platform, api):
    r = post(api, "/platform/drivers", driver_body())
    driver_id = r.json()["id"]
    _set(barra_m, platform, Platform.Status.SUSPENDED, _until(barra_m))
    r = api.post(f"/api/v1/platform/drivers/{driver_id}/disable")
    assert r.status_code == 200 and r.json()["status"] == "disabled"


def test_art_26_iv_kept_acts_are_the_law_cores_exception_naming_their_article(barra_m):
    law = law_for(barra_m, Service.APLICATIVO, dt.date(2026, 11, 10))
    facts = {"status": "suspended", "suspended_until": "2026-11-20"}
    kept = law.ask("credential_standing", {**facts, "act": "report"})
    assert kept.outcome["may_operate"] is True
    [r] = kept.reasons
    assert r.rule == "apps.art26.iv.credential_standing.kept"
    assert {c.render().split(", ", 1)[1] for c in r.citations} >= {"art. 16", "art. 26, IV"}
    assert "20/11/2026" in r.message
    stopped = law.ask("credential_standing", {**facts, "act": "roster"})
    assert stopped.outcome["may_operate"] is False


def test_art_3_art_26_iv_a_suspended_platform_s_staff_publish_no_fares_and_the_refusal_is_kept(
    barra_m, platform
):
    """The platform's staff publish fares on their screen through the same service as the API:
    while the credential is suspended the law core refuses it (403, the articles), the refusal is
    an act in the log with the decision as its basis, and no fare table is written."""
    _set(barra_m, platform, Platform.Status.SUSPENDED, _until(barra_m))
    platform.refresh_from_db()  # as the screen reads it
    with pytest.raises(PlatformRefused) as exc:
        fare_table_publish(
            actor=platform_actor("equipe:plataforma"),
            municipality=barra_m,
            platform=platform,
            base_fare_cents=500,
            per_km_cents=200,
            per_minute_cents=40,
            extras=[],
            dynamic_max_percent=None,
        )
    assert exc.value.status == 403
    assert "suspenso" in exc.value.message
    assert "art. 3" in exc.value.message and "art. 26, IV" in exc.value.message
    with tenant(barra_m):
        assert not FareTable.objects.filter(platform=platform).exists()
        act = Act.objects.get(action="platform.fare.publish", outcome="refused")
    assert act.object_id == str(platform.pk)
    assert any("art. 26, IV" in c for c in act.record["basis"]["citations"])
    assert act.record["basis"]["decision"]["outcome"]["may_operate"] is False
