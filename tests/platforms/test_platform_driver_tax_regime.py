"""Art. 20: drivers owe ISSQN "na qualidade de MEI (microempreendedor individual) ou Profissional
Autônomo Pessoa Física"; the platform declares which when it registers the driver, and each month's
ISSQN uses the regime the driver had in that month (decision D-14)."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.test import Client
from platforms_factories import driver_data, platform_actor

from outorga.core.models import Act
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms import selectors
from outorga.platforms.models import PlatformDriver
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.drivers import platform_driver_disable, platform_driver_register

pytestmark = pytest.mark.django_db

UTC = dt.UTC


@pytest.fixture
def api(token_client):
    return token_client


def body(**over):
    d = driver_data(**over)
    out = {k: getattr(d, k) for k in d.__dataclass_fields__}
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in out.items()}


def post(client, payload):
    return client.post(
        "/api/v1/platform/drivers", data=json.dumps(payload), content_type="application/json"
    )


def test_art_20_the_platform_registers_an_mei_driver_and_reads_the_regime_back(api, barra_m):
    r = post(api, body(tax_regime="mei"))
    assert r.status_code == 201, r.content
    assert r.json()["tax_regime"] == "mei"
    with tenant(barra_m):
        assert PlatformDriver.objects.get(pk=r.json()["id"]).tax_regime == "mei"
        act = Act.objects.get(action="platform.driver.register", object_id=str(r.json()["id"]))
    assert act.record["payload"]["new"]["tax_regime"] == "mei"
    listed = api.get("/api/v1/platform/drivers").json()["items"]
    assert [d["tax_regime"] for d in listed] == ["mei"]


def test_art_20_the_regime_is_required_at_registration(api):
    payload = body()
    del payload["tax_regime"]
    assert post(api, payload).status_code == 422


def test_art_20_a_regime_the_law_does_not_name_is_refused(api):
    r = post(api, body(tax_regime="simples_nacional"))
    assert r.status_code == 422
    assert "tax_regime" in r.content.decode()


def test_art_20_the_api_refuses_a_driver_in_the_general_regime_citing_the_article(api, barra_m):
    """The general regime is the platform's own ISSQN (art. 19); art. 20 names the drivers "MEI"
    or "Profissional Autônomo Pessoa Física" only."""
    r = post(api, body(tax_regime="geral"))
    assert r.status_code == 422
    (err,) = [e for e in r.json()["erros"] if e["campo"] == "tax_regime"]
    assert re.search(r"MEI .* não é de motorista \(.{0,120}art\. 20", err["erro"]), err
    with tenant(barra_m):
        assert not PlatformDriver.objects.filter(tax_regime="geral").exists()


def test_art_20_the_portal_refuses_a_driver_in_the_general_regime_citing_the_article(
    portal, barra_m
):
    data = body(tax_regime="geral")
    form = {k: ("on" if v is True else v) for k, v in data.items() if v not in (False, None)}
    page = portal.post("/plataforma/motoristas/novo/", form).content.decode()
    assert re.search(
        r"regime tributário do motorista: .* não é de motorista \(.{0,120}art\. 20", page
    )
    with tenant(barra_m):
        assert not PlatformDriver.objects.filter(cpf=data["cpf"]).exists()


def test_art_20_the_service_names_the_field_and_the_article(barra_m, platform):
    with pytest.raises(PlatformError) as exc:
        platform_driver_register(
            actor=platform_actor(),
            municipality=barra_m,
            platform=platform,
            data=driver_data(tax_regime="geral"),
        )
    err = exc.value.to_json()["erros"]
    assert err[0]["campo"] == "tax_regime" and "art. 20" in err[0]["erro"]


def test_the_roster_screen_shows_the_regime(barra_m, platform, user_of):
    platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(tax_regime="mei"),
    )
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.FINANCAS))
    html = c.get(f"/plataformas/{platform.pk}/").content.decode()
    assert "MEI (microempreendedor individual)" in html


def _entry(platform, cpf, regime, enabled, disabled=None, status="enabled"):
    return PlatformDriver.objects.create(
        platform=platform,
        cpf=cpf,
        name="Motorista",
        cnh_number="1",
        cnh_category="B",
        cnh_ear=True,
        vehicle_plate="QAA0A00",
        vehicle_kind="car",
        vehicle_manufacture_year=2022,
        tax_regime=regime,
        status=status if disabled is None else "disabled",
        enabled_at=enabled,
        disabled_at=disabled,
    )


OCT = (dt.datetime(2026, 10, 1, 4, tzinfo=UTC), dt.datetime(2026, 11, 1, 4, tzinfo=UTC))


def test_d14_a_change_of_regime_counts_from_the_month_of_the_new_entry(barra_m, platform):
    """Autônomo until 15/10, MEI from 16/10: October's ISSQN is MEI (the entry in force at the end
    of the month); September's stays autônomo."""
    cpf = "52998224725"
    with tenant(barra_m):
        _entry(
            platform,
            cpf,
            "autonomo",
            dt.datetime(2026, 1, 1, tzinfo=UTC),
            dt.datetime(2026, 10, 15, 12, tzinfo=UTC),
        )
        _entry(platform, cpf, "mei", dt.datetime(2026, 10, 16, 12, tzinfo=UTC))
        october = selectors.tax_regimes(platform, *OCT)
        september = selectors.tax_regimes(platform, dt.datetime(2026, 9, 1, 4, tzinfo=UTC), OCT[0])
    assert october[cpf] == "mei"
    assert september[cpf] == "autonomo"


def test_d14_a_driver_gone_before_the_month_keeps_the_last_declared_regime(barra_m, platform):
    with tenant(barra_m):
        _entry(
            platform,
            "11144477735",
            "mei",
            dt.datetime(2026, 1, 1, tzinfo=UTC),
            dt.datetime(2026, 5, 1, tzinfo=UTC),
        )
        _entry(
            platform,
            "12345678909",
            "mei",
            None,
            status="refused",
        )
        regimes = selectors.tax_regimes(platform, *OCT)
    assert regimes == {"11144477735": "mei", "12345678909": "mei"}


def test_a_regime_change_through_the_api_is_disable_then_register(barra_m, platform):
    first, _ = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(cpf="52998224725", tax_regime="autonomo"),
    )
    platform_driver_disable(actor=platform_actor(), municipality=barra_m, driver=first)
    second, _ = platform_driver_register(
        actor=platform_actor(),
        municipality=barra_m,
        platform=platform,
        data=driver_data(cpf="52998224725", tax_regime="mei"),
    )
    assert second.status == "enabled"
    with tenant(barra_m):
        now = dt.datetime.now(tz=UTC)
        regimes = selectors.tax_regimes(platform, now - dt.timedelta(days=1), now)
    assert regimes["52998224725"] == "mei"
