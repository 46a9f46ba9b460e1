"""Art. 6, IV: the fare table lists the "taxas adicionais, se houver" — each one a named fee with
its amount. An extra given with an amount and no name is refused naming the field and the
article, on the platform's screen (under the fee's field) as through its API (422), and no table
is written."""

from __future__ import annotations

import json

import pytest

from outorga.core.tenancy import tenant
from outorga.platforms.models import FareTable

pytestmark = pytest.mark.django_db


def test_art_6_iv_the_screen_refuses_an_extra_fee_without_its_name(barra_m, platform, portal):
    r = portal.post(
        "/plataforma/tarifas/",
        {
            "base_fare": "5,00",
            "per_km": "2,10",
            "per_minute": "0,35",
            "extra_1_amount": "3",
        },
    )
    assert r.status_code == 200
    errors = r.context["form"].errors
    assert "extra_1_name" in errors
    assert "art. 6, IV" in errors["extra_1_name"][0]
    with tenant(barra_m):
        assert not FareTable.objects.filter(platform=platform).exists()


def test_art_6_iv_the_api_refuses_an_extra_fee_without_its_name(barra_m, platform, token_client):
    body = {
        "base_fare_cents": 500,
        "per_km_cents": 210,
        "per_minute_cents": 35,
        "extras": [{"name": "bagagem", "amount_cents": 300}, {"name": " ", "amount_cents": 200}],
    }
    r = token_client.post(
        "/api/v1/platform/fares", json.dumps(body), content_type="application/json"
    )
    assert r.status_code == 422
    (error,) = r.json()["erros"]
    assert error["campo"] == "extras.1.name"
    assert "art. 6, IV" in error["erro"] and "Taxa adicional 2" in error["erro"]
    with tenant(barra_m):
        assert not FareTable.objects.filter(platform=platform).exists()
