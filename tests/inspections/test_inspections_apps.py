"""Barra do Garças: the posture inspectors' vistoria of an app vehicle (art. 23 I–III, art. 25)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from inspections_factories import answers

from outorga.core.acts import Actor
from outorga.core.tenancy import tenant
from outorga.inspections import services
from outorga.inspections.models import Inspection, Withdrawal
from outorga.law.competence import NotCompetent, Role
from outorga.platforms.models import Platform, PlatformDriver

ON = dt.date(2026, 3, 10)


@pytest.fixture
def driver(barra_m):  # type: ignore[no-untyped-def]
    with tenant(barra_m):
        platform = Platform.objects.first() or Platform.objects.create(
            cnpj="11222333000181", name="Plataforma Teste"
        )
        return PlatformDriver.objects.create(
            platform=platform,
            cpf="52998224725",
            name="Motorista Teste",
            cnh_number="02650306461",
            cnh_category="B",
            vehicle_plate="QWE1R23",
            vehicle_kind="car",
            vehicle_manufacture_year=2022,
        )


def test_art_25_a_light_sign_is_a_remark_with_a_deadline(barra_m, user_of, driver):
    fiscal = Actor.of(user_of("barra-do-garcas", Role.FISCAL))
    insp = services.inspection_record(
        actor=fiscal,
        municipality=barra_m,
        driver=driver,
        kind="extraordinaria",
        inspected_on=ON,
        answers=answers("apps_vehicle", ON, sem_luminoso_externo="not_ok"),
    )
    assert insp.result == Inspection.Result.APPROVED_WITH_REMARKS and insp.fix_deadline
    assert any("art. 25" in c for c in insp.decision["citations"])


def test_art_23_iii_an_unsafe_app_vehicle_fails_without_a_withdrawal(barra_m, user_of, driver):
    fiscal = Actor.of(user_of("barra-do-garcas", Role.FISCAL))
    insp = services.inspection_record(
        actor=fiscal,
        municipality=barra_m,
        driver=driver,
        kind="extraordinaria",
        inspected_on=ON,
        answers=answers("apps_vehicle", ON, seguranca="not_ok"),
    )
    assert insp.result == Inspection.Result.FAILED and not insp.withdraws
    with tenant(barra_m):
        assert not Withdrawal.objects.exists()


def test_only_the_posture_inspector_records_it(barra_m, user_of, driver):
    with pytest.raises(NotCompetent):
        services.inspection_record(
            actor=Actor.of(user_of("barra-do-garcas", Role.FINANCAS)),
            municipality=barra_m,
            driver=driver,
            kind="extraordinaria",
            inspected_on=ON,
            answers=answers("apps_vehicle", ON),
        )


def test_the_fiscal_finds_the_app_vehicle_by_plate(user_of, driver):
    c = Client()
    c.force_login(user_of("barra-do-garcas", Role.FISCAL))
    r = c.get("/vistorias/?placa=qwe-1r23")
    assert r.status_code == 302 and r["Location"] == f"/vistorias/aplicativo/{driver.pk}/"
    page = c.get(r["Location"]).content.decode()
    assert "Sem sinalização luminosa externa" in page and "Não se aplica" in page
