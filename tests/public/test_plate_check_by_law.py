"""The public pages follow the laws bound in each municipality: in Barra do Garças (the apps law
only) the plate check answers for drivers enabled on a credentialed platform (apps art. 3, art. 4)
showing only the plate and the platform — no name, no CPF (art. 11, parágrafo único) — and the
pages offer no mototaxi/taxi filter and link the complaint form (art. 11 III); in Ipatinga
(mototaxi and taxi laws) nothing of the platforms appears."""

from __future__ import annotations

import itertools

from django.test import Client
from django.utils import timezone
from registry_factories import make_permit

from outorga.core.models import Municipality
from outorga.core.tenancy import tenant
from outorga.platforms.models import Platform, PlatformDriver

_n = itertools.count(1)


def _platform(m: Municipality, name: str, status: str = "credentialed") -> Platform:
    with tenant(m):
        return Platform.objects.create(cnpj=f"9911122200{next(_n):04d}", name=name, status=status)


def _driver(p: Platform, plate: str, status: str = "enabled") -> PlatformDriver:
    with tenant(p.municipality):
        return PlatformDriver.objects.create(
            platform=p,
            cpf="52998224725",
            name="Fulano Sigiloso da Silva",
            cnh_number="02650306461",
            cnh_category="B",
            cnh_ear=True,
            vehicle_plate=plate,
            vehicle_kind="car",
            vehicle_manufacture_year=2022,
            status=status,
        )


def _plate(slug: str, plate: str) -> str:
    r = Client().get(f"/publico/{slug}/placa/?placa={plate}")
    assert r.status_code == 200
    return r.content.decode()


def test_art_3_a_plate_of_an_enabled_driver_names_the_platform_and_nothing_personal(barra_m):
    p = _platform(barra_m, "Vai Já Mobilidade")
    _driver(p, "RTA1B23")
    html = _plate("barra-do-garcas", "rta-1b23")
    assert "Motorista de aplicativo habilitado na plataforma Vai Já Mobilidade" in html
    assert "Fulano" not in html and "52998224725" not in html and "529.982.247-25" not in html
    assert "Sem permissão" not in html and "Não habilitado" not in html


def test_a_plate_on_two_platforms_names_both(barra_m):
    _driver(_platform(barra_m, "Primeira Plataforma"), "RTA2B34")
    _driver(_platform(barra_m, "Segunda Plataforma"), "RTA2B34")
    html = _plate("barra-do-garcas", "RTA2B34")
    assert "habilitado na plataforma Primeira Plataforma" in html
    assert "habilitado na plataforma Segunda Plataforma" in html


def test_a_disabled_driver_or_a_suspended_platform_is_not_enabled(barra_m):
    _driver(_platform(barra_m, "Plataforma Ativa"), "RTA3B45", status="disabled")
    _driver(_platform(barra_m, "Plataforma Suspensa", status="suspended"), "RTA4B56")
    for plate, name in (("RTA3B45", "Plataforma Ativa"), ("RTA4B56", "Plataforma Suspensa")):
        html = _plate("barra-do-garcas", plate)
        assert "Não habilitado" in html and name not in html
        # Barra regulates no permits: the answer does not speak of one.
        assert "Sem permissão" not in html


def test_another_municipality_s_driver_is_not_enabled_here(barra_m, ipatinga_m):
    _driver(_platform(barra_m, "Plataforma Barrense"), "RTA5B67")
    html = _plate("ipatinga", "RTA5B67")
    assert "Plataforma Barrense" not in html and "habilitado" not in html
    assert "Sem permissão" in html


def test_ipatinga_s_plate_check_still_answers_for_its_permits(ipatinga_m):
    permit = make_permit(ipatinga_m, "PLACAIPA", plate="QWE9R87")
    html = _plate("ipatinga", "QWE9R87")
    assert permit.number in html and "aplicativo" not in html


def test_barra_s_pages_offer_no_permit_filter_and_link_the_complaint_form(barra_m):
    permits = Client().get("/publico/barra-do-garcas/permissoes/").content.decode()
    assert 'name="servico"' not in permits and "mototáxi</option>" not in permits
    home = Client().get("/publico/barra-do-garcas/").content.decode()
    assert "/reclamacao/?municipio=barra-do-garcas" in home
    assert "/reclamacao/acompanhar/?municipio=barra-do-garcas" in home
    assert "/publico/barra-do-garcas/permissoes/" not in home
    plate = _plate("barra-do-garcas", "ZZZ9Z99")
    assert "/reclamacao/?municipio=barra-do-garcas" in plate


def test_ipatinga_s_pages_offer_its_services_and_no_complaint_form(ipatinga_m):
    permits = Client().get("/publico/ipatinga/permissoes/").content.decode()
    assert 'name="servico"' in permits and '"mototaxi"' in permits and '"taxi"' in permits
    assert "aplicativo" not in permits
    home = Client().get("/publico/ipatinga/").content.decode()
    assert "/reclamacao/" not in home and "/publico/ipatinga/permissoes/" in home


def test_a_filter_for_a_service_not_governed_here_is_ignored(barra_m, ipatinga_m):
    make_permit(ipatinga_m, "FILTRO")
    html = Client().get("/publico/ipatinga/permissoes/?servico=aplicativo").content.decode()
    assert "FILTRO" in html
    assert timezone.localdate().strftime("%d/%m/%Y") in html
