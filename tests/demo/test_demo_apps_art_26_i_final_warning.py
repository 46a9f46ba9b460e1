"""The demo of Barra do Garças lets the README's apps walk be done in one sitting (art. 26, I; ADR
0082): one driver of the first platform, Bruno Carvalho (demo), has a written warning decided and
notified months ago and never appealed, so final in the administrative sphere; a fine for a new fact
of his is the authority's to impose today. Carla Mendes (demo) has none: a fine for her is still
refused, citing art. 26, I."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from outorga.core.acts import Actor
from outorga.core.localtime import today_of
from outorga.core.models import User
from outorga.core.tenancy import tenant
from outorga.demo.loader import load_demo
from outorga.law.competence import Role
from outorga.platforms.models import Platform, PlatformDriver, PlatformPenalty
from outorga.platforms.services.common import PlatformError
from outorga.platforms.services.penalties import platform_penalty_impose

FIRST = "11222333000181"  # Plataforma Exemplo (demo)
BRUNO, CARLA = "91476670790", "57481770808"
ART_26_I = "Lei 4.976/2025 de Barra do Garças (transporte por aplicativo), art. 26, I"


def _fine(m: Any, cpf: str) -> tuple[PlatformPenalty, Any]:
    today = today_of(m)
    with tenant(m):
        authority = Actor.of(User.objects.get(municipality=m, role=Role.AUTORIDADE.value))
        platform = Platform.objects.get(cnpj=FIRST)
        driver = PlatformDriver.objects.get(platform=platform, cpf=cpf)
    return platform_penalty_impose(
        actor=authority,
        municipality=m,
        platform=platform,
        driver=driver,
        kind="fine",
        infraction_on=today,
        description="Cobrança acima da tarifa publicada (teste).",
        reasoning="Reincidência após advertência definitiva.",
        defence_notice_on=today,
        defence_judged=True,
        fine_upfbg=Decimal("50"),
    )


def test_art_26_i_the_demo_driver_with_a_final_warning_may_be_fined(barra_m: Any) -> None:
    load_demo()
    with tenant(barra_m):
        warning = PlatformPenalty.objects.get(driver__cpf=BRUNO, kind="warning")
    assert warning.status == PlatformPenalty.Status.FINAL
    assert warning.decision_notice_on is not None
    penalty, decision = _fine(barra_m, BRUNO)
    assert penalty.kind == PlatformPenalty.Kind.FINE
    assert penalty.debt is not None and penalty.debt.person.document == BRUNO  # his debt, by CPF


def test_art_26_i_the_demo_driver_without_a_warning_is_not_fined(barra_m: Any) -> None:
    load_demo()
    with pytest.raises(PlatformError) as exc:
        _fine(barra_m, CARLA)
    assert ART_26_I in exc.value.to_json()["citacoes"]


def test_the_demo_warning_is_seeded_once(barra_m: Any) -> None:
    load_demo()
    load_demo()
    with tenant(barra_m):
        assert PlatformPenalty.objects.filter(driver__cpf=BRUNO).count() == 1
