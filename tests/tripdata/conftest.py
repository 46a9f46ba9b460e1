from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from outorga.core.acts import Actor
from outorga.core.models import Municipality, ParameterOverride
from outorga.core.tenancy import tenant
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformDriver
from outorga.platforms.tokens import api_token_issue

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "samples"
BRT4 = dt.timezone(dt.timedelta(hours=-4))  # Barra do Garças (America/Cuiaba)
_cnpj = itertools.count(1)


@dataclass
class PlatformWorld:
    m: Municipality
    platform: Platform
    token: str
    client: Client

    def upload(self, content: bytes, *, name: str = "trips.csv", key: str = "", **form: Any):
        data: dict[str, Any] = {"year": 2026, "month": 10, "kind": "trips", "schema": "native"}
        data.update(form)
        data["file"] = SimpleUploadedFile(name, content)
        headers = {"Authorization": f"Bearer {self.token}"}
        if key:
            headers["Idempotency-Key"] = key
        return self.client.post("/api/v1/tripdata/uploads", data=data, headers=headers)

    def get(self, path: str):
        return self.client.get(path, headers={"Authorization": f"Bearer {self.token}"})


def add_driver(platform: Platform, cpf: str, plate: str, kind: str = "car", **extra: Any):
    return PlatformDriver.objects.create(
        platform=platform,
        cpf=cpf,
        name=f"Motorista {cpf[:3]}",
        cnh_number="0" * 11,
        cnh_category="B",
        cnh_ear=True,
        vehicle_plate=plate,
        vehicle_kind=kind,
        vehicle_manufacture_year=2021,
        status=extra.pop("status", "enabled"),
        enabled_at=extra.pop("enabled_at", dt.datetime(2026, 1, 1, tzinfo=dt.UTC)),
        **extra,
    )


@pytest.fixture
def world(barra_m, user_of) -> PlatformWorld:  # type: ignore[no-untyped-def]
    """A fresh platform of Barra do Garças with the sample file's roster and an API token."""
    with tenant(barra_m):
        n = next(_cnpj)
        platform = Platform.objects.create(cnpj=f"{n:014d}", name=f"Plataforma Teste {n}")
        add_driver(platform, "52998224725", "QBD1A23")
        add_driver(platform, "11144477735", "RTE4F56")
        add_driver(
            platform,
            "12345678909",
            "PXA9B87",
            enabled_at=dt.datetime(2026, 10, 2, 19, 0, tzinfo=BRT4),
        )
        add_driver(platform, "39053344705", "MOT0A12", kind="motorcycle")
        _, secret = api_token_issue(
            actor=Actor.of(user_of("barra-do-garcas", Role.AUTORIDADE)),
            municipality=barra_m,
            platform=platform,
            name="testes",
        )
    return PlatformWorld(barra_m, platform, secret, Client())


@pytest.fixture
def rates(barra_m):  # type: ignore[no-untyped-def]
    """Example ISSQN rates recorded by the municipality (drivers are autônomos by default)."""
    with tenant(barra_m):
        ParameterOverride.objects.create(
            name="apps_2025.issqn_rate_autonomo",
            effective=dt.date(2026, 1, 1),
            value="0.02",
            legal_reference="valor de exemplo (teste)",
            example=True,
        )
    return barra_m


@pytest.fixture
def mei_rate(rates):  # type: ignore[no-untyped-def]
    """The example ISSQN rate of an MEI driver (art. 20), beside ``rates``."""
    with tenant(rates):
        ParameterOverride.objects.create(
            name="apps_2025.issqn_rate_mei",
            effective=dt.date(2026, 1, 1),
            value="0.01",
            legal_reference="valor de exemplo (teste)",
            example=True,
        )
    return rates


@pytest.fixture
def sample_trips() -> bytes:
    return (SAMPLES / "trips-sample.csv").read_bytes()


@pytest.fixture
def sample_sessions() -> bytes:
    return (SAMPLES / "sessions-sample.csv").read_bytes()


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path / "media"
